/**
 * The plumbing every HTTP route of the core shares: a refusal with its status, code, message and
 * suggestion (sent as `{error: {code, message, try?}}`), JSON answers, bounded request bodies, and
 * the shape of a route the host's server dispatches to (host/http-server.ts). The routes
 * themselves belong to who serves them: MCP's transports (mcp/), the renderer's files (api/),
 * the host's control and domain channels (host/).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly suggestion?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function refusalBody(refusal: HttpRefusal): { error: Record<string, string> } {
  const error: Record<string, string> = { code: refusal.code, message: refusal.message };
  if (refusal.suggestion) error.try = refusal.suggestion;
  return { error };
}

export function sendRefusal(res: ServerResponse, refusal: HttpRefusal): void {
  sendJson(res, refusal.status, refusalBody(refusal), refusal.headers);
}

/** A request's body, refused with 413 past `limit` bytes (declared or sent). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new HttpRefusal(413, 'body_too_large', `request body larger than ${limit} bytes`, 'send smaller batches'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new HttpRefusal(413, 'body_too_large', `request body larger than ${limit} bytes`, 'send smaller batches'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Refuses a method a route does not take (405 with Allow). */
export function refuseMethod(method: string | undefined, path: string, allowed: readonly string[]): HttpRefusal {
  return new HttpRefusal(405, 'method_not_allowed', `${method} is not supported on ${path}`, allowed.join(', '), { Allow: allowed.join(', ') });
}

/** What a route's handler is given besides the request and its answer. */
export interface RouteRequest {
  readonly url: URL;
  /** The server's own address (`http://127.0.0.1:PORT`). */
  readonly origin: string;
}

/**
 * One path (or every path under a prefix ending in `/`) of the core's HTTP server. The server has
 * already checked Host and Origin; with `token`, it has checked the bearer token too; with
 * `methods`, it refuses others with 405.
 */
export interface HttpRoute {
  readonly path: string;
  readonly token: boolean;
  readonly methods?: readonly string[];
  handle(req: IncomingMessage, res: ServerResponse, request: RouteRequest): Promise<void>;
}
