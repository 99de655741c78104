/**
 * MCP over HTTP, as routes of the core's HTTP server (host/http-server.ts checks Host, Origin and
 * the bearer token before any of them runs):
 * - `/mcp`: Streamable HTTP. Sessions are stateful: one McpServer per Mcp-Session-Id, closed on DELETE.
 * - `/sse` + `/messages`: the legacy HTTP+SSE transport older clients use: `GET /sse` opens a
 *   session (one McpServer each, so any number of clients work at once) whose event stream names
 *   `/messages?sessionId=...`, where the client POSTs its messages.
 * Past `maxSessions` open sessions of a transport, the least recently used one makes room.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { HttpRefusal, type HttpRoute, readBody, sendJson } from '../core/http-answers';
import { sendWebResponse, toWebRequest } from './web-http';

export const MCP_PATH = '/mcp';
/** The legacy HTTP+SSE transport: the event stream, and where its client posts messages. */
export const SSE_PATH = '/sse';
export const SSE_MESSAGES_PATH = '/messages';
/** Largest request body accepted on /mcp. */
export const MAX_HTTP_BODY_BYTES = 8 * 1024 * 1024;
/** Open sessions kept at most; the least recently used one makes room for a new one. */
export const MAX_HTTP_SESSIONS = 100;

export interface McpHttpOptions {
  /** A new McpServer for each session. */
  createSessionServer: () => McpServer;
  maxBodyBytes?: number;
  maxSessions?: number;
  log?: (message: string) => void;
}

export interface McpHttpTransports {
  readonly routes: readonly HttpRoute[];
  readonly sessionCount: number;
  /** Open sessions of the legacy SSE transport. */
  readonly sseSessionCount: number;
  /** New sessions are refused (503 studio_closing) from now on. */
  stopAccepting(): void;
  /** Closes every session. */
  closeSessions(): Promise<void>;
}

interface Session<T> {
  transport: T;
  lastUsed: number;
}

const closing = () => new HttpRefusal(503, 'studio_closing', 'the studio is shutting down', 'connect again in a moment');

/** The body as JSON, or undefined after answering a JSON-RPC parse error. */
function parseJsonBody(raw: Buffer, res: ServerResponse): { body: unknown } | undefined {
  try {
    return { body: JSON.parse(raw.toString('utf8')) };
  } catch {
    sendJson(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error: the body is not JSON' } });
    return undefined;
  }
}

export function mcpHttpTransports(options: McpHttpOptions): McpHttpTransports {
  const maxBody = options.maxBodyBytes ?? MAX_HTTP_BODY_BYTES;
  const maxSessions = options.maxSessions ?? MAX_HTTP_SESSIONS;
  const log = options.log ?? (() => undefined);
  const sessions = new Map<string, Session<WebStandardStreamableHTTPServerTransport> & { server: McpServer }>();
  const sseSessions = new Map<string, Session<SSEServerTransport>>();
  let accepting = true;

  /** Closes the least recently used session of `open` when it is full. */
  function makeRoom(open: Map<string, Session<{ close(): Promise<void> }>>, what: string): void {
    if (open.size < maxSessions) return;
    const [oldestId, oldest] = [...open.entries()].reduce((a, b) => (b[1].lastUsed < a[1].lastUsed ? b : a));
    log(`http: closing least recently used ${what}session ${oldestId} (limit ${maxSessions})`);
    open.delete(oldestId);
    void oldest.transport.close();
  }

  /** Hands the request to the session's transport; a POST's answer is sent once it has one (web-http.ts). */
  async function handleInSession(transport: WebStandardStreamableHTTPServerTransport, req: IncomingMessage, res: ServerResponse, origin: string, body: unknown): Promise<void> {
    const response = await transport.handleRequest(toWebRequest(req, origin), { parsedBody: body });
    await sendWebResponse(res, response, { headWithFirstEvent: req.method === 'POST' });
  }

  async function openSession(req: IncomingMessage, res: ServerResponse, origin: string, body: unknown): Promise<void> {
    if (!accepting) throw closing();
    makeRoom(sessions, '');
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
    await handleInSession(transport, req, res, origin, body);
  }

  const mcp: HttpRoute = {
    path: MCP_PATH,
    token: true,
    methods: ['GET', 'POST', 'DELETE'],
    async handle(req, res, { origin }) {
      let body: unknown;
      if (req.method === 'POST') {
        const parsed = parseJsonBody(await readBody(req, maxBody), res);
        if (!parsed) return;
        body = parsed.body;
      }
      const sessionId = req.headers['mcp-session-id'];
      if (typeof sessionId === 'string') {
        const session = sessions.get(sessionId);
        if (!session) {
          sendJson(res, 404, { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'session not found; initialize a new session' } });
          return;
        }
        session.lastUsed = Date.now();
        await handleInSession(session.transport, req, res, origin, body);
        return;
      }
      if (req.method === 'POST' && isInitializeRequest(body)) {
        await openSession(req, res, origin, body);
        return;
      }
      sendJson(res, 400, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'bad request: send Mcp-Session-Id, or start a session with an initialize request' },
      });
    },
  };

  /** `GET /sse`: a new session whose event stream carries every answer. */
  const sse: HttpRoute = {
    path: SSE_PATH,
    token: true,
    methods: ['GET'],
    async handle(_req, res) {
      if (!accepting) throw closing();
      makeRoom(sseSessions, 'SSE ');
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
    },
  };

  /** `POST /messages?sessionId=...`: one client message of an SSE session; its answer goes out on the stream. */
  const sseMessages: HttpRoute = {
    path: SSE_MESSAGES_PATH,
    token: true,
    methods: ['POST'],
    async handle(req, res, { url }) {
      const raw = await readBody(req, maxBody);
      const id = url.searchParams.get('sessionId') ?? '';
      const session = sseSessions.get(id);
      if (!session) throw new HttpRefusal(404, 'session_not_found', `no SSE session "${id}"`, `open one with GET ${SSE_PATH}`);
      const parsed = parseJsonBody(raw, res);
      if (!parsed) return;
      session.lastUsed = Date.now();
      await session.transport.handlePostMessage(req, res, parsed.body);
    },
  };

  return {
    routes: [mcp, sse, sseMessages],
    get sessionCount() {
      return sessions.size;
    },
    get sseSessionCount() {
      return sseSessions.size;
    },
    stopAccepting() {
      accepting = false;
    },
    async closeSessions() {
      const open = [...sessions.values(), ...sseSessions.values()];
      sessions.clear();
      sseSessions.clear();
      await Promise.allSettled(open.map((s) => s.transport.close()));
    },
  };
}
