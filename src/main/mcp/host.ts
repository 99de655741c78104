/**
 * Hosts the studio core of one workspace and opens it to MCP clients: the local socket (for the
 * stdio bridge) and Streamable HTTP on 127.0.0.1, then announces both in endpoint.json. Used by
 * `tandem serve` and, later, by the Electron main process.
 */
import { Studio } from '../core/studio';
import type { StudioCore } from '../core/studio-api';
import { Workspace } from '../core/workspace';
import { JsonLineTransport } from './json-line-transport';
import { type LocalSocketServer, listenLocalSocket } from './local-socket';
import { InFlightCalls, createCoreMcpServer } from './core-server';
import { type FcpTool, fcpTools, selectToolsets } from './fcp-tools';
import { type HttpEndpoint, startHttpEndpoint } from './http-endpoint';

/** How long close() lets running calls finish before closing the studio anyway. */
const DRAIN_LIMIT_MS = 10_000;

export interface StudioHostOptions {
  workspaceDir: string;
  /** HTTP port; 0 (the default) picks a free one. */
  port?: number;
  /** Toolset names; all the studio hosts when empty. */
  toolsets?: readonly string[];
  log?: (message: string) => void;
}

export interface StudioHost {
  /** `http://127.0.0.1:PORT`; MCP at `${url}/mcp`. */
  readonly url: string;
  readonly socket: string;
  readonly workspace: string;
  readonly studio: StudioCore;
  /** Stops accepting, lets running calls finish, closes the studio and releases the workspace. */
  close(): Promise<void>;
}

/** Waits for `work`, but no longer than `ms`. */
async function withinTime(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))));
  try {
    await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startStudioHost(options: StudioHostOptions): Promise<StudioHost> {
  const log = options.log ?? (() => undefined);
  const workspace = await Workspace.acquire(options.workspaceDir);
  // Undo what was set up so far if a later step fails, so a failed start leaves no lock behind.
  const undo: (() => Promise<void> | void)[] = [() => workspace.release()];
  const unwind = async () => {
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (err) {
        log(`cleanup: ${(err as Error).message}`);
      }
    }
  };
  try {
    const studio = await Studio.open(workspace);
    undo.push(() => studio.close());
    const domains = studio.fcpDomains.map((name) => studio.fcp(name).domain);
    const tools: FcpTool[] = selectToolsets(domains, options.toolsets).flatMap(fcpTools);
    const calls = new InFlightCalls();
    const newSession = () => createCoreMcpServer(studio, tools, calls);

    const socketSessions = new Set<JsonLineTransport>();
    const socketServer: LocalSocketServer = await listenLocalSocket(workspace.socketPath(), (socket) => {
      const transport = JsonLineTransport.overSocket(socket, 'server');
      const server = newSession();
      socketSessions.add(transport);
      socket.once('close', () => socketSessions.delete(transport));
      transport.onerror = (err) => log(`socket: ${err.message}`);
      server.connect(transport).catch((err) => {
        log(`socket: session failed to start: ${(err as Error).message}`);
        socket.destroy();
      });
    });
    undo.push(async () => {
      await socketServer.stopAccepting();
      socketServer.destroyConnections();
    });

    const http: HttpEndpoint = await startHttpEndpoint({ port: options.port ?? 0, token: workspace.token(), createSessionServer: newSession, log });
    undo.push(async () => {
      await http.stopAccepting();
      await http.closeSessions();
    });

    workspace.writeEndpoint({ pid: process.pid, socket: socketServer.path, url: http.url, token: workspace.token() });

    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        await socketServer.stopAccepting();
        await http.stopAccepting();
        // Refuse new calls, then wait until every running one has been answered and its answer sent.
        const started = Date.now();
        await calls.drain(DRAIN_LIMIT_MS);
        const answersSent = Promise.all([...[...socketSessions].map((t) => t.whenAnswered()), http.whenRequestsDone()]);
        await withinTime(answersSent, DRAIN_LIMIT_MS - (Date.now() - started));
        socketServer.destroyConnections();
        await http.closeSessions();
        try {
          await studio.close();
        } finally {
          workspace.release();
        }
      })();
      return closing;
    };
    return { url: http.url, socket: socketServer.path, workspace: workspace.root, studio, close };
  } catch (err) {
    await unwind();
    throw err;
  }
}
