/**
 * `window.tandem.openSite(folder)` in the Electron window: main, which holds the workspace's token,
 * makes the address of a built docs site (shared/site-address.ts) and opens it in the system
 * browser. The renderer names the folder only; it never sees the key. Pure: no electron import.
 */
import { z } from 'zod';
import { API_LIMITS, type ApiError, BAD_REQUEST } from '../../shared/api-schema';
import { sitePath } from '../../shared/site-address';
import { type SiteFilesOptions, builtSiteRoot, siteKey } from '../api/site-files';

const siteRequestSchema = z.strictObject({ folder: z.string().min(1).max(API_LIMITS.maxActionChars) });

/** What the core's /site/ route checks with (the token, the workspace, the build's marker), and its address. */
export interface SiteRequestContext extends SiteFilesOptions {
  /** The core's HTTP endpoint (`http://127.0.0.1:PORT`). */
  url: string;
}

export type SiteRequestResult = { ok: true; address: string } | { ok: false; error: ApiError };

/** The address of the site's index page in `payload.folder`, or why there is none. */
export function siteAddressFor(payload: unknown, context: SiteRequestContext): SiteRequestResult {
  const parsed = siteRequestSchema.safeParse(payload);
  if (!parsed.success) {
    return { ok: false, error: { code: BAD_REQUEST, message: `invalid openSite request: ${parsed.error.issues[0]?.message ?? 'not an object'}`, suggestion: 'openSite("architecture/dist")' } };
  }
  const { folder } = parsed.data;
  let root: string | undefined;
  try {
    root = builtSiteRoot(context, folder);
  } catch (err) {
    const error = err as Partial<ApiError>;
    return { ok: false, error: { code: error.code ?? 'permission_denied', message: error.message ?? `'${folder}' is not inside the workspace` } };
  }
  if (!root) {
    return { ok: false, error: { code: 'not_built', message: `'${folder}' holds no built docs site`, suggestion: 'build the docs first (Build docs, or build_docs)' } };
  }
  return { ok: true, address: `${context.url}${sitePath(siteKey(context.token, folder), folder, 'index.html')}` };
}
