/** Sites a domain built, over the core's real HTTP server: only with the domain's and folder's key, only a built output folder, sandboxed. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteKeyInBrowser, sitePath } from '../../shared/channel-addresses';
import { Workspace } from '../core/workspace';
import { type HttpEndpoint, startHttpEndpoint } from './http-endpoint';
import { rawRequest } from '../mcp/test-fixtures';
import { SITE_CSP, siteKey, siteRoute } from './site-route';

const TOKEN = 'test-token-0123456789abcdef0123456789abcdef';
const MARKER = '.build-manifest.json';
/** The domain whose builds are served (a domain that declares `sites`); `notes` builds none. */
const DOCS = 'docs';

describe('docs sites', () => {
  let dir: string;
  let ws: Workspace;
  let endpoint: HttpEndpoint | undefined;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-sites-'));
    mkdirSync(join(dir, 'arch', 'dist', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'arch', 'dist', MARKER), '{}');
    writeFileSync(join(dir, 'arch', 'dist', 'index.html'), '<h1>Shop</h1>');
    writeFileSync(join(dir, 'arch', 'dist', 'assets', 'search.js'), 'search()');
    writeFileSync(join(dir, 'arch', 'loko.toml'), 'SOURCE');
    symlinkSync(join(dir, 'arch', 'loko.toml'), join(dir, 'arch', 'dist', 'leak.txt'));
    mkdirSync(join(dir, 'arch', 'src'));
    writeFileSync(join(dir, 'arch', 'src', 'secret.md'), 'SECRET');
    ws = await Workspace.acquire(dir);
    endpoint = await startHttpEndpoint({
      port: 0,
      token: TOKEN,
      createSessionServer: () => new McpServer({ name: 't', version: '1' }),
      routes: [
        siteRoute({
          token: TOKEN,
          resolveFolder: (folder) => ws.resolvePath(folder).abs,
          sites: (domain) => (domain === DOCS ? { marker: MARKER, howToBuild: 'build it' } : undefined),
        }),
      ],
    });
  });

  afterEach(async () => {
    await endpoint?.stopAccepting();
    await endpoint?.closeSessions();
    endpoint = undefined;
    ws.release();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string) => rawRequest(endpoint!.port, { method: 'GET', path, headers: { Host: `127.0.0.1:${endpoint!.port}` } });
  const site = (folder: string, file: string, key = siteKey(TOKEN, DOCS, folder), domain = DOCS) => get(sitePath(domain, key, folder, file));

  it('serves the files of a built output folder with its key, sandboxed', async () => {
    const page = await site('arch/dist', 'index.html');
    expect(page.status).toBe(200);
    expect(page.body).toBe('<h1>Shop</h1>');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(SITE_CSP);
    expect(SITE_CSP).toMatch(/^sandbox allow-scripts allow-popups;/);
    expect(SITE_CSP).toContain("connect-src 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await site('arch/dist', 'assets/search.js')).body).toBe('search()');
    // The folder alone opens its index.
    expect((await get(`/site/${DOCS}/${siteKey(TOKEN, DOCS, 'arch/dist')}/${encodeURIComponent('arch/dist')}/`)).body).toBe('<h1>Shop</h1>');
  });

  it('takes the key a browser tab makes with WebCrypto', async () => {
    const key = await siteKeyInBrowser(TOKEN, DOCS, 'arch/dist');
    expect(key).toBe(siteKey(TOKEN, DOCS, 'arch/dist'));
    expect((await site('arch/dist', 'index.html', key)).status).toBe(200);
  });

  it('answers 404 to a wrong key, another folder, a folder no build wrote, hidden files and ways out', async () => {
    expect((await site('arch/dist', 'index.html', siteKey('another-token', DOCS, 'arch/dist'))).status).toBe(404);
    // The key of one folder opens no other, and a domain that builds no sites serves none.
    expect((await site('arch/src', 'secret.md', siteKey(TOKEN, DOCS, 'arch/dist'))).status).toBe(404);
    expect((await site('arch/dist', 'index.html', siteKey(TOKEN, 'notes', 'arch/dist'), 'notes')).status).toBe(404);
    // A folder without the build's marker is not a site, even with its own key.
    expect((await site('arch/src', 'secret.md')).status).toBe(404);
    expect((await site('arch', 'loko.toml')).status).toBe(404);
    expect((await site('arch/dist', MARKER)).status).toBe(404);
    expect((await site('arch/dist', '../loko.toml')).status).toBe(404);
    expect((await get(`/site/${DOCS}/${siteKey(TOKEN, DOCS, 'arch/dist')}/${encodeURIComponent('arch/dist')}/%2e%2e/loko.toml`)).status).toBe(404);
    expect((await site('arch/dist', 'leak.txt')).status).toBe(404);
    expect((await site('../outside', 'x.html')).status).toBe(404);
    expect((await site('.tandem', 'endpoint.json')).status).toBe(404);
  });
});
