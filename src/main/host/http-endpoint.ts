/**
 * Every route the core serves over HTTP, put together on one server (http-server.ts): MCP's
 * transports (`/mcp`, `/sse`, `/messages`), the host's control route (`POST /control/shutdown`:
 * hand the workspace over to another core), the domains' side channels (`/asset/`, `/site/`,
 * channel-routes.ts), the renderer's API WebSocket on /api and the built renderer's files.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type HttpRoute, readBody, sendJson } from '../core/http-answers';
import type { StaticFileHandler } from '../api/renderer-files';
import { MCP_PATH, mcpHttpTransports } from '../mcp/http-transports';
import { type ApiUpgradeTarget, startHttpServer } from './http-server';

/** `POST` with the bearer token: the core closes cleanly and releases its workspace (takeover). */
export const CONTROL_SHUTDOWN_PATH = '/control/shutdown';
/** Largest request body accepted on the control endpoints (they take none). */
const MAX_CONTROL_BODY_BYTES = 4 * 1024;

export interface HttpEndpointOptions {
  /** 0 picks a free port. */
  port: number;
  token: string;
  /** A new McpServer for each MCP session. */
  createSessionServer: () => McpServer;
  maxBodyBytes?: number;
  maxSessions?: number;
  log?: (message: string) => void;
  /** Takes WebSocket upgrades on /api; absent: /api is 404. */
  apiSockets?: ApiUpgradeTarget;
  /** Serves the renderer's files; absent: a placeholder page at `/`. */
  staticFiles?: StaticFileHandler;
  /** More routes (the domains' side channels). */
  routes?: readonly HttpRoute[];
  /** Called once the answer to an authenticated `POST /control/shutdown` is sent; absent: that path is 404. */
  onShutdownRequest?: () => void;
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

/** The answer goes out first; then the owner closes the core (which closes this server too). */
function controlShutdownRoute(onShutdown: () => void): HttpRoute {
  let shutdownRequested = false;
  return {
    path: CONTROL_SHUTDOWN_PATH,
    token: true,
    methods: ['POST'],
    async handle(req, res) {
      await readBody(req, MAX_CONTROL_BODY_BYTES);
      const first = !shutdownRequested;
      shutdownRequested = true;
      // Once the answer has gone (or the asker has hung up: it asked all the same).
      res.once('close', () => {
        if (first) onShutdown();
      });
      sendJson(res, 202, { shuttingDown: true, pid: process.pid }, { Connection: 'close' });
    },
  };
}

export async function startHttpEndpoint(options: HttpEndpointOptions): Promise<HttpEndpoint> {
  const mcp = mcpHttpTransports(options);
  const routes = [...mcp.routes, ...(options.onShutdownRequest ? [controlShutdownRoute(options.onShutdownRequest)] : []), ...(options.routes ?? [])];
  const server = await startHttpServer({
    port: options.port,
    token: options.token,
    routes,
    log: options.log,
    apiSockets: options.apiSockets,
    staticFiles: options.staticFiles,
    notFoundHint: `MCP is at ${MCP_PATH}`,
  });
  return {
    url: server.url,
    port: server.port,
    get sessionCount() {
      return mcp.sessionCount;
    },
    get sseSessionCount() {
      return mcp.sseSessionCount;
    },
    stopAccepting: async () => {
      mcp.stopAccepting();
      await server.stopAccepting();
    },
    whenRequestsDone: () => server.whenRequestsDone(),
    closeSessions: async () => {
      await mcp.closeSessions();
      server.closeConnections();
    },
  };
}
