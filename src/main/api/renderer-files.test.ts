/** The built renderer's files over the core's real HTTP server: headers, types, and no way out. */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HttpEndpoint, startHttpEndpoint } from '../host/http-endpoint';
import { rawRequest } from '../mcp/test-fixtures';
import { REPO_ROOT } from '../cli/test-harness';
import { makeTemporaryDir, temporaryWorkspace } from '../testing/temporary-studio';
import type { ThemeChoice } from '../../shared/appearance';
import { type RendererPageOptions, findRendererDir, rendererCsp, rendererFiles } from './renderer-files';

const INDEX = '<!doctype html><html><head><title>Tandem Studio</title></head><body><div id="root"></div></body></html>';

describe('renderer files', () => {
  let base: string;
  let endpoint: HttpEndpoint | undefined;

  beforeEach(() => {
    base = makeTemporaryDir('tandem-renderer-');
    const root = join(base, 'out', 'renderer');
    mkdirSync(join(root, 'assets'), { recursive: true });
    mkdirSync(join(root, 'empty-folder'));
    writeFileSync(join(root, 'index.html'), INDEX);
    writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log("studio")');
    writeFileSync(join(root, 'assets', 'index-abc123.css'), 'body{}');
    writeFileSync(join(root, 'assets', 'blob.xyz'), 'data');
    writeFileSync(join(base, 'secret.txt'), 'SECRET-OUTSIDE');
    writeFileSync(join(base, 'out', 'secret.txt'), 'SECRET-BESIDE');
    symlinkSync(base, join(root, 'assets', 'link-out'));
    symlinkSync(join(base, 'secret.txt'), join(root, 'leak.txt'));
  });

  afterEach(async () => {
    await endpoint?.stopAccepting();
    await endpoint?.closeSessions();
    endpoint = undefined;
    rmSync(base, { recursive: true, force: true });
  });

  async function serve(dir: string, options?: RendererPageOptions): Promise<HttpEndpoint> {
    endpoint = await startHttpEndpoint({
      port: 0,
      token: 'test-token-0123456789abcdef0123456789abcdef',
      createSessionServer: () => new McpServer({ name: 't', version: '1' }),
      staticFiles: rendererFiles(dir, options),
    });
    return endpoint;
  }

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(endpoint!.port, { method, path, headers: { Host: `127.0.0.1:${endpoint!.port}`, ...headers } });

  it('writes the studio-wide theme choice on the page\'s <html>, as it is at each request, and on no other file', async () => {
    let choice: ThemeChoice = 'dark';
    await serve(join(base, 'out', 'renderer'), { themeChoice: () => choice });
    const dark = await get('/');
    expect(dark.body).toBe(INDEX.replace('<html', '<html data-theme-choice="dark"'));
    expect(Number(dark.headers['content-length'])).toBe(Buffer.byteLength(dark.body));
    choice = 'light';
    expect((await get('/index.html')).body).toContain('<html data-theme-choice="light"');
    expect(Number((await get('/', {}, 'HEAD')).headers['content-length'])).toBe(Buffer.byteLength(INDEX.replace('<html', '<html data-theme-choice="light"')));
    expect((await get('/assets/index-abc123.js')).body).toBe('console.log("studio")');
  });

  it('serves index.html at / with the strict CSP, nosniff and the right types', async () => {
    await serve(join(base, 'out', 'renderer'));
    const port = endpoint!.port;
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe(rendererCsp(port));
    for (const directive of [
      "default-src 'self'",
      `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
      "script-src 'self' 'wasm-unsafe-eval'",
      "worker-src 'self' blob:",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }

    const script = await get('/assets/index-abc123.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('console.log("studio")');
    expect((await get('/assets/index-abc123.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/assets/blob.xyz')).headers['content-type']).toBe('application/octet-stream');
    const head = await get('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers 404 for paths that leave the folder, folders, links out, and missing files', async () => {
    await serve(join(base, 'out', 'renderer'));
    for (const path of [
      '/../package.json',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/%2E%2E%2F%2E%2E%2Fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/%5c..%5c..%5csecret.txt',
      '/index.html%00.js',
      '/%',
      '/assets/',
      '/assets',
      '/empty-folder/',
      '/assets/link-out/secret.txt',
      '/leak.txt',
      '/etc/passwd',
      '/nope.js',
    ]) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body).not.toContain('SECRET');
    }
  });

  it('checks Host on the static files too', async () => {
    await serve(join(base, 'out', 'renderer'));
    const rebound = await get('/', { Host: `evil.example:${endpoint!.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('Tandem Studio</title>');
  });

  it('says how to build the page when out/renderer is missing', async () => {
    await serve(join(base, 'not-built'));
    const page = await get('/');
    expect(page.status).toBe(503);
    expect(page.body).toContain('npm run build');
    expect(page.headers['content-security-policy']).toBe(rendererCsp(endpoint!.port));
    expect((await get('/assets/index.js')).status).toBe(404);
  });

  it('finds out/renderer from the built CLI and from the sources', () => {
    expect(findRendererDir(join(base, 'out', 'main'))).toBe(join(base, 'out', 'renderer'));
    expect(findRendererDir(join(base, 'out', 'main', 'chunks'))).toBe(join(base, 'out', 'renderer'));
    expect(findRendererDir(join(REPO_ROOT, 'src', 'main', 'api'))).toBe(join(REPO_ROOT, 'out', 'renderer'));
  });
});

describe('the renderer a studio host serves', () => {
  const temp = temporaryWorkspace('tandem-renderer-ws-');

  it('is what a studio host serves at / (the built renderer)', async () => {
    const host = await temp.startHost();
    const port = Number(new URL(host.url).port);
    const page = await rawRequest(port, { method: 'GET', path: '/', headers: { Host: `127.0.0.1:${port}` } });
    expect(page.status).toBe(200);
    // The built page, with the studio-wide theme choice on its <html>.
    expect(page.body).toMatch(/<html data-theme-choice="(system|light|dark)"/);
    expect(page.body.replace(/ data-theme-choice="\w+"/, '')).toBe(readFileSync(join(REPO_ROOT, 'out', 'renderer', 'index.html'), 'utf8'));
    expect(page.headers['content-security-policy']).toBe(rendererCsp(port));
    const script = /src="\.?(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeTruthy();
    const asset = await rawRequest(port, { method: 'GET', path: script!, headers: { Host: `127.0.0.1:${port}` } });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });
});
