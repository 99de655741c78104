/**
 * Serves the sites domains build, read-only (shared/site-address.ts, kernel/side-channels.ts):
 * `GET /site/<domain>/<key>/<folder>/<file>`. The key must be the one the token makes for that
 * domain and folder; the folder must lie inside the workspace (not in .tandem) and hold the marker
 * file the domain's build writes (so only an output folder a build wrote can be opened, never the
 * sources or anything else); the file must lie inside it (links included), and
 * hidden files are not served. Every page is sandboxed by its CSP: its scripts (the site's search)
 * run in an opaque origin, so they can reach neither the studio's page nor its API, and they may
 * open no connection at all. Host and Origin were checked by the endpoint before this runs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { SITE_KEY_CHARS, SITE_PATH, siteKeyMessage } from '../../shared/channel-addresses';
import { HttpRefusal, type HttpRoute } from '../core/http-answers';
import { contentTypeOf, fileInFolder, pipeFile } from '../api/renderer-files';
import type { DomainSites } from '../kernel/side-channels';

export const SITE_CSP = [
  'sandbox allow-scripts allow-popups',
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function siteKey(token: string, domain: string, folder: string): string {
  return createHmac('sha256', token).update(siteKeyMessage(domain, folder)).digest('hex').slice(0, SITE_KEY_CHARS);
}

export interface SiteRouteOptions {
  token: string;
  /** The folder (absolute) of a workspace-relative path, inside the workspace; throws otherwise. */
  resolveFolder(folder: string): string;
  /** The sites a domain builds (its marker file), if it builds any. */
  sites(domain: string): DomainSites | undefined;
}

/**
 * The folder (absolute) of the built site in `folder` (workspace-relative), or undefined when no
 * docs build wrote it; throws, as resolveFolder does, for a folder outside the workspace.
 */
export function builtSiteRoot(options: { resolveFolder(folder: string): string; marker: string }, folder: string): string | undefined {
  const root = options.resolveFolder(folder);
  return existsSync(join(root, options.marker)) ? root : undefined;
}

/** The route under /site/: a 404 for anything it will not serve (a wrong key and a missing site alike). */
export function siteRoute(options: SiteRouteOptions): HttpRoute {
  return { path: SITE_PATH, token: false, methods: ['GET', 'HEAD'], handle: (req, res, { url }) => serveSite(options, req, res, url.pathname) };
}

async function serveSite(options: SiteRouteOptions, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const notFound = () => {
    throw new HttpRefusal(404, 'not_found', `nothing at ${path}`);
  };
  const [domain = '', key = '', encodedFolder = '', ...rest] = path.slice(SITE_PATH.length).split('/');
  let folder: string;
  try {
    folder = decodeURIComponent(encodedFolder);
  } catch {
    return notFound();
  }
  const sites = options.sites(domain);
  if (!sites) return notFound();
  const expected = Buffer.from(siteKey(options.token, domain, folder));
  const presented = Buffer.from(key);
  // Wrong key and missing site answer alike: a 404 says nothing about what exists.
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return notFound();
  let root: string | undefined;
  try {
    root = builtSiteRoot({ resolveFolder: options.resolveFolder, marker: sites.marker }, folder);
  } catch {
    return notFound();
  }
  if (!root) return notFound();
  const file = rest.join('/') || 'index.html';
  let parts: string[];
  try {
    parts = file.split('/').map(decodeURIComponent);
  } catch {
    return notFound();
  }
  // Hidden files (the build's manifest among them) are not part of the site.
  if (parts.some((part) => part.startsWith('.'))) return notFound();
  const found = await fileInFolder(root, `/${file}`);
  if (!found) return notFound();
  res.writeHead(200, {
    'Content-Type': contentTypeOf(found.real),
    'Content-Length': found.size,
    'Content-Security-Policy': SITE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeFile(found.real, res);
}
