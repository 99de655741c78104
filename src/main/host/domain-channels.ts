/**
 * The domains' side channels (kernel/side-channels.ts) served the same way for every domain: an
 * asset's bytes for the Electron window (IPC) and, over HTTP, for a browser tab (channel-routes.ts);
 * the address of a built site. Nothing here names a domain.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { API_LIMITS, ApiCallError, type ApiError, type ApiReply, BAD_REQUEST } from '../../shared/api-schema';
import { sitePath } from '../../shared/channel-addresses';
import { toApiError } from '../api/dispatch';
import type { StudioCore } from '../core/studio-api';
import { ErrorCode, StudioError } from '../kernel/errors';
import { closestMatches } from '../kernel/suggest';
import type { ResolvedPath } from '../kernel/paths';
import type { AssetContext, DomainAsset, DomainChannels, DomainSites } from '../kernel/side-channels';
import { builtSiteRoot, siteKey } from './site-route';

/** Every domain's channels, by domain name. */
export class DomainChannelIndex {
  private readonly byDomain: ReadonlyMap<string, DomainChannels>;

  constructor(domains: Iterable<{ readonly name: string; readonly channels?: DomainChannels }>) {
    this.byDomain = new Map([...domains].filter((domain) => domain.channels).map((domain) => [domain.name, domain.channels!]));
  }

  /** The channels of the studio's domains, FCP and tool domains alike. */
  static of(studio: Pick<StudioCore, 'fcpDomains' | 'toolDomains' | 'fcp' | 'toolDomain'>): DomainChannelIndex {
    return new DomainChannelIndex([...studio.fcpDomains.map((name) => studio.fcp(name).domain), ...studio.toolDomains.map((name) => studio.toolDomain(name))]);
  }

  /** The asset `name` of `domain`; throws StudioError (not_found, with the names there are) otherwise. */
  asset(domain: string, name: string): DomainAsset {
    const assets = this.byDomain.get(domain)?.assets ?? [];
    const asset = assets.find((candidate) => candidate.name === name);
    if (asset) return asset;
    const known = [...this.byDomain].flatMap(([owner, channels]) => (channels.assets ?? []).map((a) => `${owner}/${a.name}`));
    throw new StudioError(ErrorCode.badParam, `no asset '${domain}/${name}'`, closestMatches(`${domain}/${name}`, known).join(', ') || undefined);
  }

  /** The file an asset request names; throws StudioError. */
  resolveAsset(context: AssetContext, domain: string, name: string, path: string | undefined): ResolvedPath {
    return this.asset(domain, name).resolve(context, path);
  }

  /** The sites `domain` builds, if it builds any. */
  sites(domain: string): DomainSites | undefined {
    return this.byDomain.get(domain)?.sites;
  }
}

const assetRequestSchema = z.strictObject({
  domain: z.string().min(1).max(API_LIMITS.maxActionChars),
  name: z.string().min(1).max(API_LIMITS.maxActionChars),
  path: z.string().max(API_LIMITS.maxActionChars).optional(),
});

/** The Electron window's asset request (IPC `{domain, name, path?}`): the bytes, or the error as every API call answers it. */
export async function answerAssetRequest(index: DomainChannelIndex, context: AssetContext, payload: unknown, log?: (message: string) => void): Promise<ApiReply> {
  try {
    const parsed = assetRequestSchema.safeParse(payload);
    if (!parsed.success) throw new ApiCallError('invalid asset request: expected { domain, name, path? }', '{"domain":"midi","name":"soundfont","path":"soundfonts/piano.sf2"}');
    const { domain, name, path } = parsed.data;
    const file = index.resolveAsset(context, domain, name, path || undefined);
    return { result: new Uint8Array(await readFile(file.abs)) };
  } catch (err) {
    return { error: toApiError(err, log) };
  }
}

const siteRequestSchema = z.strictObject({ domain: z.string().min(1).max(API_LIMITS.maxActionChars), folder: z.string().min(1).max(API_LIMITS.maxActionChars) });

/** What a site's address is made with: the token, the workspace, the server's address. */
export interface SiteContext {
  readonly token: string;
  /** The folder (absolute) of a workspace-relative path, inside the workspace; throws otherwise. */
  resolveFolder(folder: string): string;
  /** The core's HTTP endpoint (`http://127.0.0.1:PORT`). */
  readonly url: string;
}

export type SiteAddressResult = { ok: true; address: string } | { ok: false; error: ApiError };

/** The address of the index page of the site `domain` built in `payload.folder`, or why there is none. */
export function siteAddressFor(index: DomainChannelIndex, payload: unknown, context: SiteContext): SiteAddressResult {
  const parsed = siteRequestSchema.safeParse(payload);
  if (!parsed.success) {
    const message = `invalid openSite request: ${parsed.error.issues[0]?.message ?? 'not an object'}`;
    return { ok: false, error: { code: BAD_REQUEST, message, suggestion: 'openSite("architecture", "architecture/dist")' } };
  }
  const { domain, folder } = parsed.data;
  const sites = index.sites(domain);
  if (!sites) return { ok: false, error: { code: BAD_REQUEST, message: `the ${domain} domain builds no sites` } };
  let root: string | undefined;
  try {
    root = builtSiteRoot({ resolveFolder: context.resolveFolder, marker: sites.marker }, folder);
  } catch (err) {
    const error = err as Partial<ApiError>;
    return { ok: false, error: { code: error.code ?? 'permission_denied', message: error.message ?? `'${folder}' is not inside the workspace` } };
  }
  if (!root) return { ok: false, error: { code: 'not_built', message: `'${folder}' holds no built site`, suggestion: sites.howToBuild } };
  return { ok: true, address: `${context.url}${sitePath(domain, siteKey(context.token, domain, folder), folder, 'index.html')}` };
}
