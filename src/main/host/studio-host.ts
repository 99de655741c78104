/**
 * Hosts the studio core of one workspace and opens it to its clients: MCP over the local socket
 * (for the stdio bridge) and Streamable HTTP on 127.0.0.1, the renderer's API over a WebSocket at
 * /api with the built renderer's files for browser tabs, then announces itself in endpoint.json.
 * Used by `tandem serve` and by the Electron main process (which also answers its window's IPC
 * with `answerApi`). With `takeover`, it first asks a core that already owns the workspace to hand
 * it over; a host is itself asked the same way (POST /control/shutdown) and then closes cleanly.
 */
import { markNewWorkspace } from '../core/example-workspace';
import type { ApiReply } from '../../shared/api-schema';
import type { StudioInfo } from '../../shared/tandem-api';
import { createApiSocketServer } from '../api/api-socket';
import { handleApiPayload } from '../api/dispatch';
import { findRendererDir, rendererFiles } from '../api/renderer-files';
import { InFlightCalls } from '../core/in-flight-calls';
import type { StudioCore } from '../core/studio-api';
import { Workspace } from '../core/workspace';
import type { FcpDomain } from '../fcp/domain';
import { createCoreMcpServer } from '../mcp/core-server';
import { connectOfferServer } from '../mcp/direct-tool-calls';
import { JsonLineTransport } from '../mcp/json-line-transport';
import { type LocalSocketServer, listenLocalSocket } from '../mcp/local-socket';
import { buildOffer } from '../mcp/toolsets';
import type { StudioEnding, ToolDomain } from '../tool-domain/domain';
import { assetRoute } from './asset-route';
import { DomainChannelIndex, type SiteAddressResult, answerAssetRequest, siteAddressFor } from './domain-channels';
import { type HttpEndpoint, startHttpEndpoint } from './http-endpoint';
import { siteRoute } from './site-route';
import { takeOverWorkspace } from './takeover';
import { claudeDesktopConnector } from './claude-desktop';
import { openAppearanceStore } from '../core/appearance-store';
import { openStudio } from './domains';

/** How long close() lets running calls finish before closing the studio anyway. */
export const DRAIN_LIMIT_MS = 10_000;

export interface StudioHostOptions {
  workspaceDir: string;
  /** The start made the workspace folder (a new person's ~/Tandem): the window welcomes them. */
  newWorkspace?: boolean;
  /** HTTP port; 0 (the default) picks a free one. */
  port?: number;
  /** Toolset names (or `all`); all the studio hosts when empty. */
  toolsets?: readonly string[];
  /** Offer only the tools that change nothing, of every toolset. */
  readOnly?: boolean;
  /** The domains to host: the studio's (host/domains.ts) unless a test gives its own. */
  fcpDomains?: readonly FcpDomain<any>[];
  toolDomains?: readonly ToolDomain<any>[];
  log?: (message: string) => void;
  /**
   * If another core owns the workspace, ask it to hand over (it flushes, releases and exits) and
   * wait up to `takeoverWaitMs` (default 15 s) for the lock, instead of failing with workspace_locked.
   */
  takeover?: boolean;
  takeoverWaitMs?: number;
  /** The built renderer served to browser tabs; out/renderer by default. */
  rendererDir?: string;
  /**
   * Start a worker thread as the studio opens, so that the first file opened does not wait for one
   * (StudioOptions.warmOffload); on unless a caller turns it off.
   */
  warmOffload?: boolean;
  /** A better-sqlite3 addon built for this runtime (the Electron main passes its own build), for the journal and the workspace lock. */
  nativeBinding?: string;
  /**
   * Called when another host has asked this one to hand over the workspace; `closed` settles once
   * this host has closed (calls finished, journal flushed, workspace released). The host closes
   * itself either way; `tandem serve` exits then.
   */
  onTakenOver?: (closed: Promise<void>) => void;
}

export interface StudioHost {
  /** `http://127.0.0.1:PORT`; MCP at `${url}/mcp`. */
  readonly url: string;
  readonly socket: string;
  readonly workspace: string;
  readonly studio: StudioCore;
  /** The workspace's bearer token (for /mcp, and for the browser as `#token=` in the studio URL). */
  readonly token: string;
  /** The window's request for a domain's asset (`{domain, name, path?}`): its bytes, or the error. */
  answerAsset(payload: unknown): Promise<ApiReply>;
  /** The address of a site a domain built (`{domain, folder}`), or why there is none. */
  siteAddress(payload: unknown): SiteAddressResult;
  /**
   * The renderer's API for a transport of the host's own (the Electron IPC handler): validates the
   * payload, runs it as the person, and answers `{result}` or `{error: {code, message, suggestion?}}`;
   * never rejects. A closing host answers studio_closing.
   */
  answerApi(payload: unknown, host: StudioInfo['host'], window?: string): Promise<ApiReply>;
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
  const { nativeBinding } = options;
  const workspace = options.takeover
    ? await takeOverWorkspace(options.workspaceDir, { waitLimitMs: options.takeoverWaitMs, log, nativeBinding })
    : await Workspace.acquire(options.workspaceDir, { nativeBinding });
  if (options.newWorkspace) markNewWorkspace(workspace.runtimeDir);
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
    // The calls every transport tracks; the studio does its housekeeping when they pause.
    const calls = new InFlightCalls();
    const studio = await openStudio(workspace, { nativeBinding, domains: options.fcpDomains, toolDomains: options.toolDomains, log, housekeeping: { calls }, warmOffload: options.warmOffload ?? true });
    undo.push(() => studio.close());
    const offer = buildOffer(
      { fcp: studio.fcpDomains.map((name) => studio.fcp(name).domain), tool: studio.toolDomains.map((name) => studio.toolDomain(name)) },
      { toolsets: options.toolsets, readOnly: options.readOnly },
    );
    const newSession = () => createCoreMcpServer(studio, offer, calls);

    const socketSessions = new Set<JsonLineTransport>();
    const socketServer: LocalSocketServer = await listenLocalSocket(workspace.socketPath(), (socket) => {
      const transport = JsonLineTransport.overSocket(socket, 'server');
      const server = newSession();
      socketSessions.add(transport);
      socket.once('close', () => socketSessions.delete(transport));
      transport.onerror = (err) => log(`socket: ${err.message}`);
      connectOfferServer(server, transport).catch((err) => {
        log(`socket: session failed to start: ${(err as Error).message}`);
        socket.destroy();
      });
    });
    undo.push(async () => {
      await socketServer.stopAccepting();
      socketServer.destroyConnections();
    });

    const claudeDesktop = claudeDesktopConnector(workspace.root);
    const appearance = openAppearanceStore(log);
    const answerApi = (payload: unknown, host: StudioInfo['host'], window?: string) =>
      handleApiPayload(studio, payload, { host, window, calls, log, claudeDesktop, appearance });
    const apiSockets = createApiSocketServer({
      subscribe: (listener) => studio.subscribe(listener),
      presence: studio.presence,
      answer: (payload, window) => answerApi(payload, 'browser', window),
      log,
    });
    undo.push(() => apiSockets.close('the studio core did not start'));

    const token = workspace.token();
    const channels = DomainChannelIndex.of(studio);
    const resolveFolder = (folder: string) => workspace.resolvePath(folder).abs;
    let close: (reason?: string, ending?: StudioEnding) => Promise<void> = async () => undefined;
    const http: HttpEndpoint = await startHttpEndpoint({
      port: options.port ?? 0,
      token,
      createSessionServer: newSession,
      log,
      apiSockets,
      staticFiles: rendererFiles(options.rendererDir ?? findRendererDir(), { themeChoice: () => appearance.current().theme }),
      routes: [assetRoute(channels, studio), siteRoute({ token, resolveFolder, sites: (domain) => channels.sites(domain) })],
      onShutdownRequest: () => {
        log('another Tandem host is taking over this workspace: finishing running calls, flushing and releasing it');
        const closed = close('the studio moved to another window', 'handover');
        closed.catch((err) => log(`closing for the takeover failed: ${(err as Error).stack ?? err}`));
        options.onTakenOver?.(closed);
      },
    });
    undo.push(async () => {
      await http.stopAccepting();
      await http.closeSessions();
    });

    workspace.writeEndpoint({ pid: process.pid, socket: socketServer.path, url: http.url, token });

    let closing: Promise<void> | undefined;
    close = (reason = 'the studio core is closing', ending: StudioEnding = 'stop') => {
      closing ??= (async () => {
        await socketServer.stopAccepting();
        await http.stopAccepting();
        // Refuse new calls, then wait until every running one has been answered and its answer sent.
        const started = Date.now();
        await calls.drain(DRAIN_LIMIT_MS);
        const answersSent = Promise.all([...[...socketSessions].map((t) => t.whenAnswered()), http.whenRequestsDone()]);
        await withinTime(answersSent, DRAIN_LIMIT_MS - (Date.now() - started));
        // Browser tabs get their last answers, then a close frame saying why.
        await apiSockets.close(reason);
        socketServer.destroyConnections();
        await http.closeSessions();
        try {
          await studio.close(ending);
        } finally {
          workspace.release();
        }
      })();
      return closing;
    };
    return {
      url: http.url,
      socket: socketServer.path,
      workspace: workspace.root,
      studio,
      token,
      answerApi,
      answerAsset: (payload) => answerAssetRequest(channels, studio, payload, log),
      siteAddress: (payload) => siteAddressFor(channels, payload, { token, resolveFolder, url: http.url }),
      close: () => close(),
    };
  } catch (err) {
    await unwind();
    throw err;
  }
}
