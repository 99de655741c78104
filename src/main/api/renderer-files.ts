/**
 * Serves the built renderer (out/renderer, built by electron-vite) to a browser tab: `/` is its
 * index.html, everything else a file inside that folder or 404. No directory listings, no path
 * leaves the folder (also through links), a strict CSP on every page. The files hold no data, so
 * they need no token; the data flows only over the WebSocket at /api, which does.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { findBuiltDir } from '../core/built-files';
import type { ThemeChoice } from '../../shared/appearance';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
};

/**
 * The page's Content-Security-Policy: only its own files, and WebSockets back to this server.
 * Playback needs two more things, both narrow: WebAssembly compilation (no JS eval) for the SoundFont
 * synth's SF3 decoder in its AudioWorklet, and a worker from a blob: URL for Tone.js's clock.
 */
export function rendererCsp(port: number): string {
  return [
    "default-src 'self'",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every answer of the renderer's files carries. */
export function securityHeaders(port: number): Record<string, string> {
  return {
    'Content-Security-Policy': rendererCsp(port),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * out/renderer, found by walking up from this module: out/main (or out/main/chunks) in the built
 * CLI and the Electron app, src/main/api in tests (the repo root holds out/renderer).
 */
export function findRendererDir(start: string = __dirname): string {
  return findBuiltDir('renderer', 'index.html', start);
}

export interface StaticRequest {
  /** The URL path, still percent-encoded. */
  path: string;
  /** The port the page is served on (for its CSP). */
  port: number;
}

/** Answers GET/HEAD for the renderer's files; any other path gets `notFound`. */
export type StaticFileHandler = (req: IncomingMessage, res: ServerResponse, request: StaticRequest, notFound: () => void) => Promise<void>;

function notBuiltPage(dir: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tandem Studio</title></head>
<body><h1>Tandem Studio</h1>
<p>The studio core is running, but the studio page is not built: there is no <code>${escapeHtml(join(dir, 'index.html'))}</code>.</p>
<p>Build it in the Tandem Studio folder with <code>npm run build</code> (electron-vite build), then reload this page.</p>
<p>MCP clients connect to <code>/mcp</code> with the workspace token meanwhile.</p></body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * The file a URL path (still percent-encoded, `/a/b.js`) names inside `root`, or undefined: nothing
 * outside the folder (also through links), no directories, no NULs or backslashes.
 */
export async function fileInFolder(root: string, urlPath: string): Promise<{ file: string; real: string; size: number } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  // Backslashes and NULs have no place in a web path (a backslash is a separator on Windows).
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const file = resolve(root, `.${decoded}`);
  if (!inside(root, file)) return undefined;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
    // A link inside the folder must not lead out of it.
    if (!inside(realRoot, realFile)) return undefined;
    const info = await stat(realFile);
    if (!info.isFile()) return undefined; // no directory listings
    return { file, real: realFile, size: info.size };
  } catch {
    return undefined;
  }
}

/** The Content-Type of a file, by its extension. */
export const contentTypeOf = (path: string) => CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

export interface RendererPageOptions {
  /**
   * The studio-wide theme choice, written on the page's <html> as `data-theme-choice` so the first
   * paint is in it (a tab on a new port has no localStorage of its own to draw it from).
   */
  themeChoice?: () => ThemeChoice;
}

/** index.html with the theme choice on its <html> (the choice is one of three words: nothing to escape). */
async function pageWithTheme(file: string, choice: ThemeChoice): Promise<Buffer> {
  const page = await readFile(file, 'utf8');
  return Buffer.from(page.replace(/<html\b/i, `<html data-theme-choice="${choice}"`), 'utf8');
}

/** Serves the files of `dir` (out/renderer). */
export function rendererFiles(dir: string, options: RendererPageOptions = {}): StaticFileHandler {
  const root = resolve(dir);
  return async (req, res, { path, port }, notFound) => {
    const headers = securityHeaders(port);
    const isRoot = path === '/' || path === '/index.html';
    if (isRoot && !existsSync(join(root, 'index.html'))) {
      const page = notBuiltPage(root);
      res.writeHead(503, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(page), 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : page);
      return;
    }
    const found = await fileInFolder(root, isRoot ? '/index.html' : path);
    if (!found) return notFound();
    const { real, file } = found;
    const hashed = relative(root, file).split(/[\\/]/)[0] === 'assets';
    const page = isRoot && options.themeChoice ? await pageWithTheme(real, options.themeChoice()) : undefined;
    res.writeHead(200, {
      ...headers,
      'Content-Type': contentTypeOf(real),
      'Content-Length': page ? page.length : found.size,
      // Built assets carry a content hash in their name; the page itself must always be fresh.
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (page) {
      res.end(page);
      return;
    }
    await pipeFile(real, res);
  };
}

/** Sends the file as the body of an answer whose head is written; settles when it is sent or the client is gone. */
export function pipeFile(path: string, res: ServerResponse): Promise<void> {
  return new Promise<void>((done) => {
    const stream = createReadStream(path);
    stream.once('error', () => {
      res.destroy();
      done();
    });
    res.once('close', () => {
      stream.destroy();
      done();
    });
    stream.pipe(res);
  });
}
