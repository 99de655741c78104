/**
 * The core's HTTP server, on 127.0.0.1 only. Every request must name this server in Host and, if it
 * sends an Origin, come from this server's own origin (DNS rebinding and cross-site pages get 403).
 * - `/mcp`: MCP over Streamable HTTP; needs `Authorization: Bearer <token>` (401 otherwise).
 *   Sessions are stateful: one McpServer per Mcp-Session-Id, closed on DELETE.
 * - `/sse` + `/messages`: MCP over the legacy HTTP+SSE transport that older clients use (same
 *   token): `GET /sse` opens a session (one McpServer each, so any number of clients work at once)
 *   whose event stream names `/messages?sessionId=...`, where the client POSTs its messages.
 * - `/api`: the renderer's API over a WebSocket (api/api-socket.ts). A browser cannot send headers,
 *   so the client offers the subprotocols `tandem.v1` and `tandem.token.<token>`; the upgrade is
 *   refused (401/403) unless the token, Host and Origin are right.
 * - `POST /control/shutdown` (bearer token): asks this core to hand its workspace over (takeover).
 * - `GET /soundfont[?path=P]` (bearer token): the bytes of the default General MIDI SoundFont or of
 *   a workspace SoundFont, for the player in a browser tab (api/soundfont-request.ts).
 * - `GET /site/<key>/<folder>/...`: a built docs site, read-only, for a key only the token makes
 *   (api/site-files.ts).
 * - anything else (GET/HEAD): the built renderer's files, which hold no data and need no token.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { type IncomingMessage, STATUS_CODES, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { API_PATH, API_SUBPROTOCOL, API_TOKEN_SUBPROTOCOL_PREFIX } from '../../shared/api-schema';
import { type StaticFileHandler, pipeFile } from '../api/renderer-files';
import { SOUNDFONT_PATH } from '../api/soundfont-request';
import { SITE_PATH } from '../../shared/site-address';
import { ErrorCode, FcpError } from '../fcp/errors';
import type { ResolvedPath } from '../fcp/session';
import { sendWebResponse, toWebRequest } from './web-http';

export const MCP_PATH = '/mcp';
/** The legacy HTTP+SSE transport: the event stream, and where its client posts messages. */
export const SSE_PATH = '/sse';
export const SSE_MESSAGES_PATH = '/messages';
/** `POST` with the bearer token: the core closes cleanly and releases its workspace (takeover). */
export const CONTROL_SHUTDOWN_PATH = '/control/shutdown';
/** Largest request body accepted on the control endpoints (they take none). */
const MAX_CONTROL_BODY_BYTES = 4 * 1024;
/** Largest request body accepted on /mcp. */
export const MAX_HTTP_BODY_BYTES = 8 * 1024 * 1024;
/** Open sessions kept at most; the least recently used one makes room for a new one. */
export const MAX_HTTP_SESSIONS = 100;

export interface HttpEndpointOptions {
  /** 0 picks a free port. */
  port: number;
  token: string;
  /** A new McpServer for each session. */
  createSessionServer: () => McpServer;
  maxBodyBytes?: number;
  maxSessions?: number;
  log?: (message: string) => void;
  /** Takes WebSocket upgrades on /api that passed the Host, Origin and token checks; absent: /api is 404. */
  apiSockets?: ApiUpgradeTarget;
  /** Serves the renderer's files for GET/HEAD outside /mcp and /api; absent: a placeholder page at `/`. */
  staticFiles?: StaticFileHandler;
  /** Serves built docs sites read-only under /site/ (api/site-files.ts); absent: those paths are the renderer's (404). */
  siteFiles?: (req: IncomingMessage, res: ServerResponse, path: string, notFound: () => void) => Promise<void>;
  /** The SoundFont file a `GET /soundfont[?path=]` names (throws FcpError); absent: that path is 404. */
  soundFonts?: (path: string | undefined) => ResolvedPath;
  /** Called once the answer to an authenticated `POST /control/shutdown` is sent; absent: that path is 404. */
  onShutdownRequest?: () => void;
}

export interface ApiUpgradeTarget {
  /** False when no more sockets may open (the upgrade gets 503). */
  readonly hasRoom: boolean;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

export interface HttpEndpoint {
  /** `http://127.0.0.1:PORT` (MCP at `${url}/mcp`). */
  readonly url: string;
  readonly port: number;
  readonly sessionCount: number;
  /** Open sessions of the legacy SSE transport. */
  readonly sseSessionCount: number;
  stopAccepting(): Promise<void>;
  /** Resolves when no POST (a call and its answer) is in progress; long-lived GET streams do not count. */
  whenRequestsDone(): Promise<void>;
  /** Closes every session and connection. */
  closeSessions(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  lastUsed: number;
}

interface SseSession {
  transport: SSEServerTransport;
  lastUsed: number;
}

class HttpRefusal extends Error {
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

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time (hashing first makes the lengths equal). */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function refusalBody(refusal: HttpRefusal): { error: Record<string, string> } {
  const error: Record<string, string> = { code: refusal.code, message: refusal.message };
  if (refusal.suggestion) error.try = refusal.suggestion;
  return { error };
}

function sendRefusal(res: ServerResponse, refusal: HttpRefusal): void {
  sendJson(res, refusal.status, refusalBody(refusal), refusal.headers);
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

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
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

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tandem Studio</title></head>
<body><h1>Tandem Studio</h1><p>The studio core is running. MCP clients connect to <code>/mcp</code> with the workspace token.</p></body></html>
`;

export async function startHttpEndpoint(options: HttpEndpointOptions): Promise<HttpEndpoint> {
  const maxBody = options.maxBodyBytes ?? MAX_HTTP_BODY_BYTES;
  const maxSessions = options.maxSessions ?? MAX_HTTP_SESSIONS;
  const log = options.log ?? (() => undefined);
  const sessions = new Map<string, Session>();
  const sseSessions = new Map<string, SseSession>();
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

  let shutdownRequested = false;

  /** The answer goes out first; then the owner closes the core (which closes this server too). */
  async function handleShutdownRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const onShutdown = options.onShutdownRequest;
    if (!onShutdown) throw new HttpRefusal(404, 'not_found', `nothing at ${CONTROL_SHUTDOWN_PATH}`, `MCP is at ${MCP_PATH}`);
    checkToken(req);
    if (req.method !== 'POST') {
      throw new HttpRefusal(405, 'method_not_allowed', `${req.method} is not supported on ${CONTROL_SHUTDOWN_PATH}`, 'POST', { Allow: 'POST' });
    }
    await readBody(req, MAX_CONTROL_BODY_BYTES);
    const first = !shutdownRequested;
    shutdownRequested = true;
    // Once the answer has gone (or the asker has hung up: it asked all the same).
    res.once('close', () => {
      if (first) onShutdown();
    });
    sendJson(res, 202, { shuttingDown: true, pid: process.pid }, { Connection: 'close' });
  }

  /** The HTTP status of a refused file request, by the FcpError's code. */
  const FILE_ERROR_STATUS: Record<string, number> = {
    [ErrorCode.pathOutsideWorkspace]: 403,
    [ErrorCode.fileNotFound]: 404,
    [ErrorCode.badParam]: 400,
    [ErrorCode.fileInvalid]: 422,
    [ErrorCode.tooLarge]: 413,
  };

  async function handleSoundFont(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const resolveFile = options.soundFonts;
    if (!resolveFile) throw new HttpRefusal(404, 'not_found', `nothing at ${SOUNDFONT_PATH}`, `MCP is at ${MCP_PATH}`);
    checkToken(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new HttpRefusal(405, 'method_not_allowed', `${req.method} is not supported on ${SOUNDFONT_PATH}`, 'GET', { Allow: 'GET, HEAD' });
    }
    let file: ResolvedPath;
    let size: number;
    try {
      file = resolveFile(url.searchParams.get('path') || undefined);
      size = (await stat(file.abs)).size;
    } catch (err) {
      if (!(err instanceof FcpError)) throw err;
      throw new HttpRefusal(FILE_ERROR_STATUS[err.code] ?? 500, err.code, err.message, err.suggestion);
    }
    // The bytes of a workspace file: never cached (a SoundFont replaced under the same name must be fetched again).
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size, 'Cache-Control': 'no-store' });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await pipeFile(file.abs, res);
  }

  function makeRoomForSession(): void {
    if (sessions.size < maxSessions) return;
    const [oldestId, oldest] = [...sessions.entries()].reduce((a, b) => (b[1].lastUsed < a[1].lastUsed ? b : a));
    log(`http: closing least recently used session ${oldestId} (limit ${maxSessions})`);
    sessions.delete(oldestId);
    void oldest.transport.close();
  }

  async function openSession(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (!accepting) throw new HttpRefusal(503, 'studio_closing', 'the studio is shutting down', 'connect again in a moment');
    makeRoomForSession();
    const server = options.createSessionServer();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, lastUsed: Date.now() });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close();
    };
    await server.connect(transport);
    await handleInSession(transport, req, res, body);
  }

  /** Hands the request to the session's transport; a POST's answer is sent once it has one (web-http.ts). */
  async function handleInSession(transport: WebStandardStreamableHTTPServerTransport, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const response = await transport.handleRequest(toWebRequest(req, `http://127.0.0.1:${port}`), { parsedBody: body });
    await sendWebResponse(res, response, { headWithFirstEvent: req.method === 'POST' });
  }

  /** `GET /sse`: a new session whose event stream carries every answer; the oldest idle one makes room past the limit. */
  async function openSseSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    checkToken(req);
    if (req.method !== 'GET') throw new HttpRefusal(405, 'method_not_allowed', `${req.method} is not supported on ${SSE_PATH}`, 'GET', { Allow: 'GET' });
    if (!accepting) throw new HttpRefusal(503, 'studio_closing', 'the studio is shutting down', 'connect again in a moment');
    if (sseSessions.size >= maxSessions) {
      const [oldestId, oldest] = [...sseSessions.entries()].reduce((a, b) => (b[1].lastUsed < a[1].lastUsed ? b : a));
      log(`http: closing least recently used SSE session ${oldestId} (limit ${maxSessions})`);
      sseSessions.delete(oldestId);
      void oldest.transport.close();
    }
    const transport = new SSEServerTransport(SSE_MESSAGES_PATH, res);
    const server = options.createSessionServer();
    sseSessions.set(transport.sessionId, { transport, lastUsed: Date.now() });
    let closed = false;
    transport.onclose = () => {
      // The server's close() closes the transport again, which calls this again: once is enough.
      if (closed) return;
      closed = true;
      sseSessions.delete(transport.sessionId);
      void server.close();
    };
    // Writes the stream's head and the endpoint event; the stream stays open until either side closes it.
    await server.connect(transport);
  }

  /** `POST /messages?sessionId=...`: one client message of an SSE session; its answer goes out on the stream. */
  async function handleSseMessage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    checkToken(req);
    if (req.method !== 'POST') throw new HttpRefusal(405, 'method_not_allowed', `${req.method} is not supported on ${SSE_MESSAGES_PATH}`, 'POST', { Allow: 'POST' });
    const raw = await readBody(req, maxBody);
    const id = url.searchParams.get('sessionId') ?? '';
    const session = sseSessions.get(id);
    if (!session) throw new HttpRefusal(404, 'session_not_found', `no SSE session "${id}"`, `open one with GET ${SSE_PATH}`);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      sendJson(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error: the body is not JSON' } });
      return;
    }
    session.lastUsed = Date.now();
    await session.transport.handlePostMessage(req, res, body);
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    checkToken(req);
    const method = req.method ?? 'GET';
    if (!['GET', 'POST', 'DELETE'].includes(method)) {
      throw new HttpRefusal(405, 'method_not_allowed', `${method} is not supported on ${MCP_PATH}`, 'POST, GET or DELETE', { Allow: 'GET, POST, DELETE' });
    }
    let body: unknown;
    if (method === 'POST') {
      const raw = await readBody(req, maxBody);
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        sendJson(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error: the body is not JSON' } });
        return;
      }
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) {
        sendJson(res, 404, { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'session not found; initialize a new session' } });
        return;
      }
      session.lastUsed = Date.now();
      await handleInSession(session.transport, req, res, body);
      return;
    }
    if (method === 'POST' && isInitializeRequest(body)) {
      await openSession(req, res, body);
      return;
    }
    sendJson(res, 400, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'bad request: send Mcp-Session-Id, or start a session with an initialize request' },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      checkCaller(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      if (path === MCP_PATH) return await handleMcp(req, res);
      if (path === SSE_PATH) return await openSseSession(req, res);
      if (path === SSE_MESSAGES_PATH) return await handleSseMessage(req, res, url);
      if (path === SOUNDFONT_PATH) return await handleSoundFont(req, res, url);
      if (path === CONTROL_SHUTDOWN_PATH) return await handleShutdownRequest(req, res);
      const notFound = () => sendRefusal(res, new HttpRefusal(404, 'not_found', `nothing at ${path}`, `MCP is at ${MCP_PATH}`));
      if (path === API_PATH) {
        throw new HttpRefusal(426, 'upgrade_required', `${API_PATH} is a WebSocket`, `new WebSocket('ws://127.0.0.1:${port}${API_PATH}', ['${API_SUBPROTOCOL}', '${API_TOKEN_SUBPROTOCOL_PREFIX}<token>'])`, {
          Upgrade: 'websocket',
        });
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (options.siteFiles && path.startsWith(SITE_PATH)) return await options.siteFiles(req, res, path, notFound);
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
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    get sessionCount() {
      return sessions.size;
    },
    get sseSessionCount() {
      return sseSessions.size;
    },
    stopAccepting: async () => {
      accepting = false;
      if (server.listening) server.close();
      server.closeIdleConnections();
    },
    whenRequestsDone: () => (activePosts === 0 ? Promise.resolve() : new Promise((resolve) => postsDoneWaiters.push(resolve))),
    closeSessions: async () => {
      const open = [...sessions.values(), ...sseSessions.values()];
      sessions.clear();
      sseSessions.clear();
      await Promise.allSettled(open.map((s) => s.transport.close()));
      server.closeAllConnections();
    },
  };
}
