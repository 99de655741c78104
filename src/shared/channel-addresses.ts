/**
 * Addresses of the domains' side channels on the core's HTTP endpoint (main/kernel/side-channels.ts).
 *
 * Where a site a domain built (architecture's docs) is served read-only by the core's HTTP
 * endpoint: `/site/<domain>/<key>/<folder>/<file>`, `folder` the output folder relative to the
 * workspace (percent-encoded as one segment) and `key` HMAC-SHA256(token, `site:<domain>:<folder>`)
 * in hex, cut to SITE_KEY_CHARS. A key opens one folder only, and only whoever holds the token can
 * make one; the site's own relative links keep the prefix. Shared by the core (which checks keys) and the
 * browser tab (which holds the token and makes them with WebCrypto).
 */
export const SITE_PATH = '/site/';
export const SITE_KEY_CHARS = 32;

/** What the key signs for a domain's site in `folder`. */
export const siteKeyMessage = (domain: string, folder: string) => `site:${domain}:${folder}`;

/** The path of `file` (relative, e.g. `index.html`) of the site `domain` built in `folder`, given its key. */
export function sitePath(domain: string, key: string, folder: string, file: string): string {
  return `${SITE_PATH}${encodeURIComponent(domain)}/${key}/${encodeURIComponent(folder)}/${file.split('/').map(encodeURIComponent).join('/')}`;
}

/** The key of a domain's site in `folder`, made with WebCrypto (in a browser tab; the core makes the same with node:crypto). */
export async function siteKeyInBrowser(token: string, domain: string, folder: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(token), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(siteKeyMessage(domain, folder))));
  return [...signature].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, SITE_KEY_CHARS);
}

/** Where a browser tab fetches a domain's asset (with the bearer token): `/asset/<domain>/<name>[?path=P]`. */
export const ASSET_PATH = '/asset/';

export function assetPath(domain: string, name: string, path?: string): string {
  const query = path ? `?path=${encodeURIComponent(path)}` : '';
  return `${ASSET_PATH}${encodeURIComponent(domain)}/${encodeURIComponent(name)}${query}`;
}
