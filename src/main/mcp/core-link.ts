/**
 * The bridge's connection to the studio core of its workspace, kept alive across core restarts.
 *
 * - Finding the core: endpoint.json (written by the core once it accepts connections) names the
 *   socket. If no live core has announced itself and someone needs one, a core is started in the
 *   background. Bridges that find no core at the same moment do not each start one: the bridge that
 *   holds the starter lock (`.tandem/start.lock.db`, an OS lock that goes with its holder) starts it
 *   and keeps the lock until that core is up or gone; the others wait for its endpoint. Should two
 *   cores start all the same (say, a person runs `tandem serve` meanwhile), the loser of the
 *   workspace lock exits and every bridge connects to the winner.
 * - After the connection drops, the link reconnects in the background (it never starts a core by
 *   itself then, so a person restarting `tandem serve` is not raced); a call that arrives while
 *   disconnected waits for a core (starting one if none runs) up to `waitLimitMs`, then answers a
 *   clear tool error.
 * - A call cut off by the drop is sent again to the next core when that is safe (ResendPolicy): a
 *   read or an idempotent write is harmless to repeat; an FCP edit carries a request id, which the
 *   core journals with the change and its answer: sent again, it answers what was done instead of
 *   doing it twice, so the client always gets a definite answer (if no core comes back in time, the
 *   journal itself is asked). Any other write is not sent twice: the client is told it may or may
 *   not have been applied, and what shows which.
 * - Resource reads and prompts are reads, forwarded the same way. Subscriptions are kept here and
 *   made again on every new core, whose resources/updated notifications go to the client; after a
 *   reconnect each subscribed resource is reported updated, since changes may have been missed.
 */
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { type CallToolResult, ErrorCode, McpError, type Progress, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { VIEW_META_KEY } from '../../shared/chat-views';
import { readEndpoint } from '../core/endpoint';
import { StudioError, formatError } from '../kernel/errors';
import type { Cancellation } from './call-cancellation';
import { JsonLineTransport, TransportClosedError } from './json-line-transport';
import { connectLocalSocket } from './local-socket';
import { ToolCallRelay } from './tool-call-relay';
import type { ResendPolicy } from './tool-definition';
import { NOT_APPLIED_META, REQUEST_ID_META, RpcError, SERVER_INFO } from './wire';

/** How long one call may run on the core before the bridge gives up on its answer. */
export const CALL_TIMEOUT_MS = 5 * 60_000;
const CONNECT_TIMEOUT_MS = 2_000;
const INITIALIZE_TIMEOUT_MS = 10_000;
/** A started core gets this long to announce itself before another one is started. */
const START_LIMIT_MS = 10_000;
/** After a started core exited without announcing itself (say, it lost the lock race), wait this long before the next. */
const RESTART_PAUSE_MS = 2_000;
const MAX_RETRY_PAUSE_MS = 1_000;

/** A lock held by one bridge at a time. */
export interface HeldLock {
  release(): void;
}

/**
 * What the link needs of the workspace besides its endpoint. The studio's bridge backs it with the
 * workspace's SQLite files; the Claude Desktop bundle's bridge (no native module) has neither.
 */
export interface LinkWorkspace {
  /** The starter lock (see above); undefined while another bridge holds it. */
  takeStarterLock(): Promise<HeldLock | undefined>;
  /** The answer the journal holds for a call made under `requestId`, if any. */
  journaledAnswer(requestId: string): readonly string[] | undefined;
}

/** The link's own version and the core's differ: a bridge and a core of other releases do not talk. */
export const VERSION_MISMATCH = 'version_mismatch';

export interface CoreLinkOptions {
  workspaceDir: string;
  workspace: LinkWorkspace;
  /** The version this bridge speaks; a core announcing another is refused with a clear problem. */
  bridgeVersion?: string;
  /** Told each time the link connects to a core, or loses it. */
  onConnectionChange?: (connected: boolean) => void;
  /** The name of the bridge's own MCP client: the core records it as the origin of every edit. */
  clientName: () => string;
  clientVersion?: () => string | undefined;
  /** Starts a core for the workspace in the background; the promise settles when that process exits. */
  startCore: () => Promise<unknown> | void;
  /** How long a call waits for a core before it answers an error. */
  waitLimitMs: number;
  /** Extra text for the "no core" error, e.g. the end of the core's log. */
  describeStartFailure?: () => string | undefined;
  /** A resource the client subscribed to has changed (the core said so, or a reconnect may have hidden it). */
  onResourceUpdated?: (uri: string) => void;
  log: (message: string) => void;
}

export interface LinkedCallOptions {
  /** Whether and how a call cut off by a lost connection is sent again. */
  resend: ResendPolicy;
  /** How to find out whether a cut-off call was applied, e.g. `drawio_query history 5`. */
  checkHint: string;
  /** How the tool answers an error (the link's own: core unavailable, timeout, ...). */
  errorResult: (err: StudioError) => CallToolResult;
  /** The client's cancellation of the call. */
  cancellation?: Cancellation;
  /** Progress notifications of the call, when the client asked for them. */
  onprogress?: (progress: Progress) => void;
  /** How long this call waits for a core; the link's waitLimitMs when absent. */
  waitLimitMs?: number;
  /** The answer when no core came within the wait and the call was never sent (instead of core_unavailable). */
  whenUnavailable?: () => CallToolResult;
  /** Pass the core's result on as the text it sent (see RelayedCallOptions.passOn). */
  passOn?: boolean;
  /** The chat view the call comes from (VIEW_META_KEY), passed on so the core records it as the person's. */
  fromView?: string;
}

interface Connection {
  client: Client;
  transport: JsonLineTransport;
  /** Tool calls go by the direct path; everything else by the SDK client. */
  relay: ToolCallRelay;
  /** Resolves when this connection is gone. */
  closed: Promise<void>;
}

interface Waiter {
  resolve: (connection: Connection) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export const CORE_UNAVAILABLE = 'core_unavailable';

export class CoreUnavailableError extends StudioError {
  constructor(message: string, suggestion?: string, code = CORE_UNAVAILABLE) {
    super(code, message, suggestion);
    this.name = 'CoreUnavailableError';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The core's JSON-RPC error as it sent it (the SDK's McpError prefixes `MCP error N:` to the message). */
function relayed(err: McpError): RpcError {
  return new RpcError(err.code, err.message.replace(/^MCP error -?\d+: /, ''), err.data);
}

export class CoreLink {
  private connection?: Connection;
  private readonly waiters = new Set<Waiter>();
  private loopRunning = false;
  /** Until then (set by warmUp), start a core if none runs even though no call waits yet. */
  private warmUntil = 0;
  /** The core this bridge started last, while its process runs, and the starter lock held for it until it is up. */
  private startedCore?: { at: number; connected: boolean; starter?: HeldLock };
  /** True while this bridge waits for the starter lock. */
  private takingStarterLock = false;
  /** When a core this bridge started exited before the bridge could connect to any core. */
  private lastFailedStart = 0;
  /** Cuts the connect loop's current pause short (a call just started waiting). */
  private wakeLoop?: () => void;
  private lastProblem = 'no studio core has announced itself yet';
  /** The version of the last core that answered, matching or not. */
  private lastCoreVersion?: string;
  /** What to do about a core of another version, while that is the problem. */
  private versionAdvice?: string;
  /** The pid of the core that announced itself (endpoint.json) but did not answer the last attempt to connect. */
  private unansweredPid?: number;
  private closed = false;
  /** The resources the client subscribed to, made again on every core. */
  private readonly subscriptions = new Set<string>();
  private connections = 0;

  constructor(private readonly options: CoreLinkOptions) {}

  /** Starts a core now if none runs, without connecting (so it is ready by the first call). */
  startCoreIfNone(): void {
    if (!readEndpoint(this.options.workspaceDir)) this.startCore();
  }

  /** Connects in the background (starting a core if needed), so that the first call finds it ready. */
  warmUp(): void {
    this.warmUntil = Date.now() + this.options.waitLimitMs;
    this.runConnectLoop();
  }

  /** Forwards one tool call to the core; every failure becomes a tool error that says what to do. */
  async callTool(name: string, args: Record<string, unknown>, options: LinkedCallOptions): Promise<CallToolResult> {
    const deadline = Date.now() + (options.waitLimitMs ?? this.options.waitLimitMs);
    const requestId = options.resend === 'request-id' ? randomUUID() : undefined;
    const mayHaveRun = (what: string, code: string) =>
      options.errorResult(new StudioError(code, `${what}: it may or may not have been applied`, options.checkHint));
    let sent = false;
    for (;;) {
      let connection: Connection;
      try {
        // Only a call that cannot be sent again waits for pending socket events (see nextConnection):
        // one sent into a connection whose core is already gone is sent again like any cut off. Any
        // other is sent at once on the link's connection (issue 23: each turn awaited before the send
        // showed in the one-op round trip).
        const eventsFirst = options.resend === 'never';
        connection = (!eventsFirst && this.connection) || (await this.nextConnection(deadline, eventsFirst));
      } catch (err) {
        const unavailable = err as StudioError;
        if (!sent && options.whenUnavailable) return options.whenUnavailable();
        if (sent && requestId) {
          const journaled = this.journaledAnswer(requestId);
          if (journaled) return journaled;
        }
        return options.errorResult(sent ? new StudioError(unavailable.code, `${unavailable.message} (the call was not applied)`, unavailable.suggestion) : unavailable);
      }
      try {
        sent = true;
        const meta = { ...(requestId ? { [REQUEST_ID_META]: requestId } : {}), ...(options.fromView ? { [VIEW_META_KEY]: options.fromView } : {}) };
        const params = { name, arguments: args, ...(Object.keys(meta).length ? { _meta: meta } : {}) };
        const result = await connection.relay.call(params, { timeout: CALL_TIMEOUT_MS, cancellation: options.cancellation, onprogress: options.onprogress, passOn: options.passOn });
        if (result._meta?.[NOT_APPLIED_META] && Date.now() < deadline) {
          // The core is shutting down and refused the call: wait for the next one and send it there.
          this.options.log(`${name}: the core is closing; sending the call to the next core`);
          await Promise.race([connection.closed, sleep(deadline - Date.now())]);
          continue;
        }
        return result;
      } catch (err) {
        if (options.cancellation?.aborted) {
          // The client cancelled; it will not read this answer, but say what is known all the same.
          return mayHaveRun(`${name} was cancelled by the client`, 'cancelled');
        }
        if (err instanceof TransportClosedError) {
          this.forget(connection);
          if (Date.now() < deadline) continue; // the call never left: send it again
        }
        if (this.isConnectionLoss(err)) {
          if (options.resend === 'never') return mayHaveRun(`the connection to the studio core was lost while ${name} ran`, 'connection_lost');
          // Safe to send again: a read changes nothing, and a change under a journaled id is not redone.
          this.options.log(`${name}: connection lost mid-call; sending it again to the next core${requestId ? ` (request ${requestId})` : ''}`);
          continue;
        }
        if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
          return mayHaveRun(`the studio core did not answer ${name} within ${CALL_TIMEOUT_MS / 1000} s`, 'timeout');
        }
        return options.errorResult(new StudioError('core_error', `${name} failed in the studio core: ${(err as Error).message}`));
      }
    }
  }

  /**
   * Forwards a read (resources/read, prompts/get) to the core, sending it again after a lost
   * connection; the core's own errors reach the client as the core sent them, the link's as RpcError.
   */
  async request<T>(what: string, send: (client: Client, options: RequestOptions) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const deadline = Date.now() + this.options.waitLimitMs;
    for (;;) {
      let connection: Connection;
      try {
        connection = await this.nextConnection(deadline);
      } catch (err) {
        throw this.linkError(err as StudioError);
      }
      try {
        return await send(connection.client, { timeout: CALL_TIMEOUT_MS, signal });
      } catch (err) {
        if (err instanceof TransportClosedError) this.forget(connection);
        if ((err instanceof TransportClosedError || this.isConnectionLoss(err)) && !signal?.aborted && Date.now() < deadline) continue;
        if (err instanceof McpError && err.code !== ErrorCode.ConnectionClosed && err.code !== ErrorCode.RequestTimeout) throw relayed(err);
        throw this.linkError(new StudioError('core_error', `${what} failed in the studio core: ${(err as Error).message}`));
      }
    }
  }

  /** Subscribes the client to a resource: now if a core is connected, and again on every next core. */
  async subscribe(uri: string): Promise<void> {
    this.subscriptions.add(uri);
    if (!this.connection) return;
    try {
      await this.request(`subscribe ${uri}`, (client, options) => client.subscribeResource({ uri }, options));
    } catch (err) {
      this.subscriptions.delete(uri);
      throw err;
    }
  }

  async unsubscribe(uri: string): Promise<void> {
    this.subscriptions.delete(uri);
    await this.connection?.client.unsubscribeResource({ uri }).catch(() => undefined);
  }

  /**
   * The connection to send on, waiting for one until `deadline`; throws CoreUnavailableError.
   * `eventsFirst`: let pending socket events run first (a turn of the event loop): if the core died
   * before this call arrived, its EOF is already queued, and sending into that dead connection would
   * make a clean retry look ambiguous. That matters only to a call the link will not send again
   * (resend 'never'); the others skip the turn, on every call's path (issue 23).
   */
  private async nextConnection(deadline: number, eventsFirst = true): Promise<Connection> {
    if (eventsFirst) await new Promise<void>((resolve) => setImmediate(resolve));
    return this.connected(deadline - Date.now());
  }

  private linkError(err: StudioError): RpcError {
    return new RpcError(ErrorCode.InternalError, formatError(err).join('\n'), { error: { code: err.code, message: err.message, suggestion: err.suggestion } });
  }

  /**
   * The answer journaled under `requestId`, read from the workspace's database when no core came
   * back to ask: a change that is not there was never acknowledged, and no core will apply it.
   */
  private journaledAnswer(requestId: string): CallToolResult | undefined {
    try {
      const answer = this.options.workspace.journaledAnswer(requestId);
      return answer ? { content: [{ type: 'text', text: answer.join('\n') }] } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Where the link stands, for a status answer: connected, or the last problem it met. */
  status(): { connected: boolean; problem?: string; coreVersion?: string; unansweredPid?: number } {
    return this.connection
      ? { connected: true, coreVersion: this.lastCoreVersion }
      : { connected: false, problem: this.lastProblem, coreVersion: this.lastCoreVersion, ...(this.unansweredPid ? { unansweredPid: this.unansweredPid } : {}) };
  }

  get isConnected(): boolean {
    return this.connection !== undefined;
  }

  /** Pings the core through the link (so a ping measures the same path as a call). */
  async ping(): Promise<void> {
    const connection = await this.connected(this.options.waitLimitMs);
    await connection.client.ping({ timeout: INITIALIZE_TIMEOUT_MS });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.startedCore?.starter?.release();
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new CoreUnavailableError('the bridge is closing'));
    }
    this.waiters.clear();
    const connection = this.connection;
    this.connection = undefined;
    await connection?.client.close().catch(() => undefined);
  }

  private isConnectionLoss(err: unknown): boolean {
    if (err instanceof McpError) return err.code === ErrorCode.ConnectionClosed;
    const code = (err as NodeJS.ErrnoException)?.code;
    return code === 'EPIPE' || code === 'ECONNRESET' || code === 'ERR_STREAM_DESTROYED';
  }

  /** The current connection, or the next one within `limitMs`. */
  private connected(limitMs: number): Promise<Connection> {
    if (this.connection) return Promise.resolve(this.connection);
    if (this.closed) return Promise.reject(new CoreUnavailableError('the bridge is closing'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(this.unavailable(limitMs));
        }, Math.max(0, limitMs)),
      };
      this.waiters.add(waiter);
      this.runConnectLoop();
      this.wakeLoop?.();
    });
  }

  private unavailable(waitedMs: number): CoreUnavailableError {
    const dir = this.options.workspaceDir;
    if (this.versionAdvice) return new CoreUnavailableError(this.lastProblem, this.versionAdvice, VERSION_MISMATCH);
    const detail = this.options.describeStartFailure?.();
    return new CoreUnavailableError(
      `the studio core for workspace ${dir} is not reachable (waited ${Math.round(waitedMs / 1000)} s): ${this.lastProblem}` +
        (detail ? `; its log ends: ${detail}` : ''),
      `tandem serve --workspace ${dir}   (its log is ${dir}/.tandem/serve.log), then call again`,
    );
  }

  private startCore(): void {
    const now = Date.now();
    if (this.takingStarterLock) return;
    if (this.startedCore && now - this.startedCore.at < START_LIMIT_MS) return; // still starting
    if (now - this.lastFailedStart < RESTART_PAUSE_MS) return; // the last one failed just now
    this.takingStarterLock = true;
    void this.startCoreHoldingStarterLock().finally(() => (this.takingStarterLock = false));
  }

  /** Starts a core if this bridge gets the starter lock and still no core has announced itself. */
  private async startCoreHoldingStarterLock(): Promise<void> {
    const dir = this.options.workspaceDir;
    let starter: HeldLock | undefined;
    try {
      starter = await this.options.workspace.takeStarterLock();
      if (!starter) {
        this.lastProblem = 'another bridge is starting the studio core';
        return;
      }
    } catch (err) {
      // Say, a read-only workspace: start one all the same (a second core would lose the workspace lock and exit).
      this.options.log(`cannot take the starter lock: ${(err as Error).message}`);
    }
    if (this.closed || this.connection || readEndpoint(dir)) {
      starter?.release();
      return;
    }
    this.options.log('no studio core is running for this workspace; starting one');
    this.startedCore?.starter?.release(); // one that started over START_LIMIT_MS ago and never came up
    const started = { at: Date.now(), connected: false, starter };
    try {
      const exited = this.options.startCore();
      this.startedCore = started;
      void Promise.resolve(exited)
        .catch(() => undefined)
        .then(() => {
          starter?.release();
          if (this.startedCore === started) this.startedCore = undefined;
          if (!started.connected) this.lastFailedStart = Date.now();
        });
    } catch (err) {
      starter?.release();
      this.lastFailedStart = Date.now();
      this.lastProblem = `could not start a core: ${(err as Error).message}`;
      this.options.log(this.lastProblem);
    }
  }

  /** Sleeps up to `ms`, or until a new waiter wakes the loop. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeLoop = done;
    });
  }

  /** One loop at a time: find the core, connect, hand the connection to everyone waiting. */
  private runConnectLoop(): void {
    if (this.loopRunning || this.connection || this.closed) return;
    this.loopRunning = true;
    void (async () => {
      let pause = 50;
      try {
        while (!this.closed && !this.connection) {
          const endpoint = readEndpoint(this.options.workspaceDir);
          if (endpoint) {
            try {
              this.adopt(await this.open(endpoint.socket));
              this.options.log(`connected to the studio core (pid ${endpoint.pid})`);
              break;
            } catch (err) {
              const mismatch = (err as StudioError).code === VERSION_MISMATCH ? (err as StudioError) : undefined;
              this.lastProblem = mismatch?.message ?? `cannot connect to the core (pid ${endpoint.pid}) at ${endpoint.socket}: ${(err as Error).message}`;
              this.versionAdvice = mismatch?.suggestion;
              this.unansweredPid = mismatch ? undefined : endpoint.pid;
            }
          } else {
            this.lastProblem = 'no studio core is running for this workspace';
            this.versionAdvice = undefined;
            this.unansweredPid = undefined;
            // Starting a core is on demand only: a call is waiting, or the client has just connected.
            if (this.waiters.size > 0 || Date.now() < this.warmUntil) this.startCore();
          }
          const before = Date.now();
          await this.pause(pause);
          // Woken early by a new call: look again right away and from then on often.
          pause = Date.now() - before < pause ? 50 : Math.min(pause * 2, MAX_RETRY_PAUSE_MS);
        }
      } finally {
        this.loopRunning = false;
      }
    })();
  }

  private async open(socketPath: string): Promise<Connection> {
    const socket = await connectLocalSocket(socketPath, CONNECT_TIMEOUT_MS);
    const transport = JsonLineTransport.overSocket(socket, 'client');
    const relay = new ToolCallRelay(transport);
    const client = new Client(
      { name: this.options.clientName(), version: `${this.options.clientVersion?.() ?? '?'} via tandem-bridge ${this.bridgeVersion}` },
      { capabilities: {} },
    );
    let markClosed!: () => void;
    const closed = new Promise<void>((resolve) => (markClosed = resolve));
    client.onclose = () => {
      relay.closed();
      markClosed();
      if (this.connection?.client !== client) return;
      this.connection = undefined;
      this.options.onConnectionChange?.(false);
      if (this.closed) return;
      this.options.log('lost the connection to the studio core; reconnecting');
      this.runConnectLoop();
    };
    client.onerror = (err) => this.options.log(`core connection: ${err.message}`);
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      if (this.subscriptions.has(notification.params.uri)) this.options.onResourceUpdated?.(notification.params.uri);
    });
    try {
      await client.connect(transport, { timeout: INITIALIZE_TIMEOUT_MS });
      this.checkVersion(client.getServerVersion()?.version);
    } catch (err) {
      client.onclose = undefined;
      socket.destroy();
      throw err;
    }
    return { client, transport, relay, closed };
  }

  private get bridgeVersion(): string {
    return this.options.bridgeVersion ?? SERVER_INFO.version;
  }

  /** The version handshake: a core of another release is named, never talked to on a schema it may not share. */
  private checkVersion(coreVersion: string | undefined): void {
    this.lastCoreVersion = coreVersion;
    if (coreVersion === this.bridgeVersion) return;
    throw new StudioError(
      VERSION_MISMATCH,
      `the studio core runs Tandem Studio ${coreVersion ?? '(no version)'} but this bridge is ${this.bridgeVersion}`,
      'use the bridge of the studio you run: reinstall the Claude Desktop bundle from the studio window (Connect Claude Desktop), or start the studio of the same version',
    );
  }

  /** Makes the client's subscriptions on a new core; after a reconnect, reports each resource as maybe changed. */
  private resubscribe(connection: Connection, reconnected: boolean): void {
    for (const uri of this.subscriptions) {
      connection.client
        .subscribeResource({ uri })
        .then(() => {
          if (reconnected && this.subscriptions.has(uri)) this.options.onResourceUpdated?.(uri);
        })
        .catch((err: Error) => this.options.log(`could not subscribe to ${uri} on the core: ${err.message}`));
    }
  }

  /** Drops a connection found dead, and looks for the next one. */
  private forget(connection: Connection): void {
    if (this.connection !== connection) return;
    this.connection = undefined;
    this.runConnectLoop();
  }

  private adopt(connection: Connection): void {
    if (connection.transport.isClosed) throw new Error('the core closed the connection right after it opened');
    this.connection = connection;
    this.unansweredPid = undefined;
    this.warmUntil = 0;
    this.options.onConnectionChange?.(true);
    if (this.startedCore) {
      this.startedCore.connected = true;
      this.startedCore.starter?.release();
    }
    this.resubscribe(connection, ++this.connections > 1);
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(connection);
    }
    this.waiters.clear();
  }
}
