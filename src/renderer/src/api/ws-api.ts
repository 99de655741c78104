/**
 * TandemApi over a WebSocket, for the studio in a browser tab (served by `tandem serve`).
 *
 * Protocol: connect to `/api` offering the subprotocols `tandem.v1` and `tandem.token.TOKEN`;
 * send `{id, call}`; the core answers `{id, result}` or `{id, error: {code, message, suggestion?}}`
 * and pushes `{event}` for every change. A dropped socket is reopened with backoff; calls that
 * were in flight fail (their effect, if any, arrives with the reloaded snapshot), and the
 * reconnect listeners (the stores) reload their snapshots.
 */
import type { ApiError, ApiRequestMessage, ApiServerMessage } from '../../../shared/api-schema';
import type { Appearance } from '../../../shared/appearance';
import { assetPath, siteKeyInBrowser, sitePath } from '../../../shared/channel-addresses';
import type { ChangeEvent } from '../../../shared/change-feed';
import type { PresenceEvent } from '../../../shared/presence';
import type { ApiAnswer, ApiCall, ClaudeDesktopInfo, ClaudeDesktopWritten, ExampleOpened, ExampleState, FileEntry, StudioInfo, TandemApi, ToolCallAnswer } from '../../../shared/tandem-api';

/*
 * The protocol's constants, as in shared/api-schema.ts. Copied rather than imported: that module
 * builds zod schemas when loaded, which would put zod in the page for three strings. A test keeps
 * the two in step.
 */
export const API_PATH = '/api';
export const API_SUBPROTOCOL = 'tandem.v1';
export const API_TOKEN_SUBPROTOCOL_PREFIX = 'tandem.token.';

/** The part of the browser's WebSocket this client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const OPEN = 1;

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** An error the core answered with (`code`, `message`, and maybe a `try:` suggestion), or a lost call. */
export class RemoteApiError extends Error implements ApiError {
  constructor(
    readonly code: string,
    message: string,
    readonly suggestion?: string,
  ) {
    super(message);
    this.name = 'RemoteApiError';
  }
}

export interface WebSocketApiOptions {
  url: string;
  token: string;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  /** First reconnect delay; doubles up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A call with no answer after this long fails (not callTool, which waits while the connection lives). */
  callTimeoutMs?: number;
  /** For the SoundFont bytes, which come over HTTP beside the socket; the page's fetch by default. */
  fetch?: typeof fetch;
}

export interface WebSocketApi extends TandemApi {
  readonly status: ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Fires each time the socket opens again after having been open. */
  onReconnect(listener: () => void): () => void;
  close(): void;
}

interface PendingCall {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Undefined for a call that waits as long as the connection lives. */
  timer?: ReturnType<typeof setTimeout>;
}

export function createWebSocketApi(options: WebSocketApiOptions): WebSocketApi {
  const createSocket = options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike);
  const initialDelayMs = options.initialDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 5000;
  const callTimeoutMs = options.callTimeoutMs ?? 30_000;

  const changeListeners = new Set<(event: ChangeEvent) => void>();
  const presenceListeners = new Set<(event: PresenceEvent) => void>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  const reconnectListeners = new Set<() => void>();
  const pending = new Map<number, PendingCall>();
  /** Calls made while the socket is not open; sent when it opens. */
  const outbox: string[] = [];
  let socket: SocketLike | undefined;
  let status: ConnectionStatus = 'connecting';
  let nextId = 1;
  let delayMs = initialDelayMs;
  let everOpen = false;
  let closed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: ConnectionStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const failPending = (reason: string) => {
    for (const [id, call] of pending) {
      clearTimeout(call.timer);
      call.reject(new RemoteApiError('disconnected', reason, 'wait for the studio to reconnect, then try again'));
      pending.delete(id);
    }
  };

  const notify = <E>(listeners: Set<(event: E) => void>, event: E) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        // One broken view must not starve the others.
        console.error('feed listener failed', err);
      }
    }
  };

  const onMessage = (data: unknown) => {
    let message: ApiServerMessage;
    try {
      message = JSON.parse(String(data)) as ApiServerMessage;
    } catch {
      return;
    }
    if ('event' in message) {
      notify(changeListeners, message.event);
      return;
    }
    if ('presence' in message) {
      notify(presenceListeners, message.presence);
      return;
    }
    // Our ids are numbers; a reply with id null answers a message the core could not read.
    if (typeof message.id !== 'number') return;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    clearTimeout(call.timer);
    if ('error' in message) {
      const { code, message: text, suggestion } = message.error;
      call.reject(new RemoteApiError(code, text, suggestion));
    } else {
      call.resolve(message.result);
    }
  };

  const connect = () => {
    if (closed) return;
    const current = createSocket(options.url, [API_SUBPROTOCOL, API_TOKEN_SUBPROTOCOL_PREFIX + options.token]);
    socket = current;
    current.onopen = () => {
      delayMs = initialDelayMs;
      const reconnected = everOpen;
      everOpen = true;
      setStatus('open');
      for (const data of outbox.splice(0)) current.send(data);
      if (reconnected) for (const listener of reconnectListeners) listener();
    };
    current.onmessage = (event) => onMessage(event.data);
    current.onerror = () => undefined; // onclose follows and handles it
    current.onclose = () => {
      if (socket !== current) return;
      socket = undefined;
      failPending('the connection to the studio was lost');
      if (closed) {
        setStatus('closed');
        return;
      }
      setStatus(everOpen ? 'reconnecting' : 'connecting');
      reconnectTimer = setTimeout(connect, delayMs);
      delayMs = Math.min(maxDelayMs, delayMs * 2);
    };
  };

  /** Sends one call; with `timed: false` it has no time limit and fails only when the connection does. */
  const call = <T>(request: ApiCall, timed = true): Promise<T> => {
    if (closed) return Promise.reject(new RemoteApiError('closed', 'the studio connection is closed'));
    const id = nextId++;
    const data = JSON.stringify({ id, call: request } satisfies ApiRequestMessage);
    return new Promise<T>((resolve, reject) => {
      const timer = timed
        ? setTimeout(() => {
            pending.delete(id);
            reject(new RemoteApiError('timeout', `the studio did not answer ${request.method} within ${callTimeoutMs / 1000} s`));
          }, callTimeoutMs)
        : undefined;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      if (socket && socket.readyState === OPEN) socket.send(data);
      else outbox.push(data);
    });
  };

  connect();

  /** The core's HTTP address of a path (the server that serves the socket). */
  const httpAddress = (path: string): string => {
    const url = new URL(options.url);
    url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
    return new URL(path, url).href;
  };

  /** GET /asset/<domain>/<name> on the core that serves the socket, with the token; errors as the core words them. */
  const asset = async (domain: string, name: string, path?: string): Promise<ArrayBuffer> => {
    const response = await (options.fetch ?? fetch)(httpAddress(assetPath(domain, name, path)), { headers: { Authorization: `Bearer ${options.token}` }, cache: 'no-store' });
    if (response.ok) return response.arrayBuffer();
    const body = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string; try?: string } } | undefined;
    throw new RemoteApiError(body?.error?.code ?? `http_${response.status}`, body?.error?.message ?? `the studio answered ${response.status} for ${domain}'s ${name}`, body?.error?.try);
  };

  /** The key the token makes for a domain's site folder (HMAC-SHA256 with WebCrypto), and the file's address under it. */
  const siteAddress = async (domain: string, folder: string, file: string): Promise<string> =>
    httpAddress(sitePath(domain, await siteKeyInBrowser(options.token, domain, folder), folder, file));

  return {
    get status() {
      return status;
    },
    info: () => call<StudioInfo>({ method: 'info' }),
    snapshot: (domain) => call({ method: 'snapshot', domain }),
    mutate: (domain, ops) => call<ApiAnswer>({ method: 'mutate', domain, ops }),
    query: (domain, q) => call<ApiAnswer>({ method: 'query', domain, q }),
    session: (domain, action) => call<ApiAnswer>({ method: 'session', domain, action }),
    listFiles: (domain) => call<FileEntry[]>({ method: 'listFiles', domain }),
    callTool: (domain, tool, args) => call<ToolCallAnswer>({ method: 'callTool', domain, tool, ...(args ? { args } : {}) }, false),
    asset,
    describeClaudeDesktop: () => call<ClaudeDesktopInfo>({ method: 'claudeDesktop', action: 'describe' }),
    connectClaudeDesktop: () => call<ClaudeDesktopWritten>({ method: 'claudeDesktop', action: 'writeConfig' }),
    describeExample: (folder) => call<ExampleState>({ method: 'example', action: 'describe', ...(folder !== undefined && { folder }) }),
    openExample: (folder) => call<ExampleOpened>({ method: 'example', action: 'open', ...(folder !== undefined && { folder }) }),
    appearance: () => call<Appearance>({ method: 'appearance' }),
    chooseAppearance: (theme) => call<Appearance>({ method: 'appearance', theme }),
    dismissWelcome: () => call<null>({ method: 'example', action: 'dismissWelcome' }).then(() => undefined),
    siteAddress,
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    reportPresence: (report) => call<null>({ method: 'presence', report }).then(() => undefined),
    onPresence(listener) {
      presenceListeners.add(listener);
      return () => presenceListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      outbox.length = 0;
      socket?.close(1000, 'closed by the page');
      failPending('the studio connection is closed');
      setStatus('closed');
    },
  };
}
