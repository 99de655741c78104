/**
 * The core's HTTP server, on 127.0.0.1 only. Every request must name this server in Host and, if it
 * sends an Origin, come from this server's own origin (DNS rebinding and cross-site pages get 403).
 * It dispatches to the routes it is given (each says whether it needs `Authorization: Bearer
 * <token>`, 401 otherwise, and which methods it takes), takes WebSocket upgrades on /api for the
 * renderer's API (the browser cannot send headers, so its token comes as the subprotocol
 * `tandem.token.<token>` beside `tandem.v1`), and serves the built renderer's files (which hold no
 * data and need no token) for any other GET/HEAD.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { API_PATH, API_SUBPROTOCOL, API_TOKEN_SUBPROTOCOL_PREFIX } from '../../shared/api-schema';
import { HttpRefusal, type HttpRoute, refusalBody, refuseMethod, sendRefusal } from '../core/http-answers';
import { tokenMatches } from '../core/tokens';
import type { StaticFileHandler } from '../api/renderer-files';

export interface HttpServerOptions {
  /** 0 picks a free port. */
  port: number;
  token: string;
  routes: readonly HttpRoute[];
  log?: (message: string) => void;
  /** Takes WebSocket upgrades on /api that passed the Host, Origin and token checks; absent: /api is 404. */
  apiSockets?: ApiUpgradeTarget;
  /** Serves the renderer's files for GET/HEAD outside the routes; absent: a placeholder page at `/`. */
  staticFiles?: StaticFileHandler;
  /** What a 404 suggests (`MCP is at /mcp`). */
  notFoundHint?: string;
}

export interface ApiUpgradeTarget {
  /** False when no more sockets may open (the upgrade gets 503). */
  readonly hasRoom: boolean;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

export interface HttpServer {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening; WebSocket upgrades are refused (503) from now on. */
  stopAccepting(): Promise<void>;
  /** Resolves when no POST (a call and its answer) is in progress; long-lived GET streams do not count. */
  whenRequestsDone(): Promise<void>;
  /** Closes every connection. */
  closeConnections(): void;
}

/** Refuses an upgrade request: a plain HTTP answer on the raw socket, then the socket closes. */
function refuseUpgrade(socket: Duplex, refusal: HttpRefusal): void {
  const text = JSON.stringify(refusalBody(refusal));
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    Connection: 'close',
    ...refusal.headers,
  };
  const head = [`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (socket.writable) socket.end(`${head.join('\r\n')}\r\n\r\n${text}`);
  socket.destroy();
}

/** The subprotocols a WebSocket client offered, in order. */
function offeredSubprotocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tandem Studio</title></head>
<body><h1>Tandem Studio</h1><p>The studio core is running. MCP clients connect to <code>/mcp</code> with the workspace token.</p></body></html>
`;

/** The route for a path: its own, or the one whose prefix (ending in `/`) it starts with. */
function routeFor(routes: readonly HttpRoute[], path: string): HttpRoute | undefined {
  return routes.find((route) => route.path === path) ?? routes.find((route) => route.path.endsWith('/') && path.startsWith(route.path));
}

export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const log = options.log ?? (() => undefined);
  let port = 0;
  let accepting = true;
  let activePosts = 0;
  const postsDoneWaiters: (() => void)[] = [];

  const allowedHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const allowedOrigins = () => allowedHosts().map((h) => `http://${h}`);

  function checkCaller(req: IncomingMessage): void {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!allowedHosts().includes(host)) {
      throw new HttpRefusal(403, 'forbidden_host', `Host "${req.headers.host ?? ''}" is not this studio`, `connect to http://127.0.0.1:${port}`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin.toLowerCase())) {
      throw new HttpRefusal(403, 'forbidden_origin', `requests from origin "${origin}" are not allowed`, `open the studio at http://127.0.0.1:${port}`);
    }
  }

  /** `presented` is undefined when the client sent none; `what` and `howToSend` name how it is sent. */
  function verifyToken(presented: string | undefined, what: string, howToSend: string): void {
    const where = 'the token is in <workspace>/.tandem/endpoint.json';
    if (presented === undefined) {
      throw new HttpRefusal(401, 'unauthorized', `missing ${what}`, `${howToSend}; ${where}`, {
        'WWW-Authenticate': 'Bearer realm="tandem-studio"',
      });
    }
    if (!tokenMatches(presented, options.token)) {
      throw new HttpRefusal(401, 'unauthorized', `wrong ${what}`, where, {
        'WWW-Authenticate': 'Bearer realm="tandem-studio", error="invalid_token"',
      });
    }
  }

  function checkToken(req: IncomingMessage): void {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    verifyToken(match?.[1], 'bearer token', 'send "Authorization: Bearer <token>"');
  }

  /** The browser's WebSocket sends its token as the subprotocol `tandem.token.<token>`. */
  function checkSocketToken(req: IncomingMessage): void {
    const offered = offeredSubprotocols(req);
    if (!offered.includes(API_SUBPROTOCOL)) {
      throw new HttpRefusal(400, 'bad_request', `a WebSocket on ${API_PATH} must offer the subprotocol ${API_SUBPROTOCOL}`, `new WebSocket(url, ['${API_SUBPROTOCOL}', '${API_TOKEN_SUBPROTOCOL_PREFIX}<token>'])`);
    }
    const token = offered.find((p) => p.startsWith(API_TOKEN_SUBPROTOCOL_PREFIX))?.slice(API_TOKEN_SUBPROTOCOL_PREFIX.length);
    verifyToken(token, 'token subprotocol', `offer the subprotocol ${API_TOKEN_SUBPROTOCOL_PREFIX}<token> beside ${API_SUBPROTOCOL}`);
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', (err) => log(`http: upgrade connection: ${err.message}`));
    try {
      checkCaller(req);
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const target = options.apiSockets;
      if (path !== API_PATH || !target) throw new HttpRefusal(404, 'not_found', `no WebSocket at ${path}`, `the studio's WebSocket is at ${API_PATH}`);
      checkSocketToken(req);
      if (!accepting) throw new HttpRefusal(503, 'studio_closing', 'the studio is shutting down', 'connect again in a moment');
      if (!target.hasRoom) throw new HttpRefusal(503, 'too_many_connections', 'too many studio tabs are connected', 'close a tab, then reload this one');
      target.handleUpgrade(req, socket, head);
    } catch (err) {
      if (!(err instanceof HttpRefusal)) log(`http: upgrade ${req.url} failed: ${(err as Error).stack ?? err}`);
      refuseUpgrade(socket, err instanceof HttpRefusal ? err : new HttpRefusal(500, 'internal_error', `internal error: ${(err as Error).message}`));
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      checkCaller(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      const route = routeFor(options.routes, path);
      if (route) {
        if (route.token) checkToken(req);
        if (route.methods && !route.methods.includes(req.method ?? 'GET')) throw refuseMethod(req.method, route.path, route.methods);
        return await route.handle(req, res, { url, origin: `http://127.0.0.1:${port}` });
      }
      const notFound = () => sendRefusal(res, new HttpRefusal(404, 'not_found', `nothing at ${path}`, options.notFoundHint));
      if (path === API_PATH) {
        throw new HttpRefusal(426, 'upgrade_required', `${API_PATH} is a WebSocket`, `new WebSocket('ws://127.0.0.1:${port}${API_PATH}', ['${API_SUBPROTOCOL}', '${API_TOKEN_SUBPROTOCOL_PREFIX}<token>'])`, {
          Upgrade: 'websocket',
        });
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (options.staticFiles) return await options.staticFiles(req, res, { path, port }, notFound);
        if (path === '/') {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'" });
          res.end(req.method === 'HEAD' ? undefined : PLACEHOLDER_PAGE);
          return;
        }
      }
      notFound();
    } catch (err) {
      if (err instanceof HttpRefusal) {
        if (err.status === 413) res.setHeader('Connection', 'close');
        sendRefusal(res, err);
        return;
      }
      log(`http: ${req.method} ${req.url} failed: ${(err as Error).stack ?? err}`);
      sendRefusal(res, new HttpRefusal(500, 'internal_error', `internal error: ${(err as Error).message}`));
    }
  }

  const server: Server = createServer((req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'POST') {
      activePosts++;
      res.once('close', () => {
        if (--activePosts === 0) for (const wake of postsDoneWaiters.splice(0)) wake();
      });
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log(`http: ${err.message}`));
  server.on('upgrade', handleUpgrade);
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stopAccepting: async () => {
      accepting = false;
      if (server.listening) server.close();
      server.closeIdleConnections();
    },
    whenRequestsDone: () => (activePosts === 0 ? Promise.resolve() : new Promise((resolve) => postsDoneWaiters.push(resolve))),
    closeConnections: () => server.closeAllConnections(),
  };
}
