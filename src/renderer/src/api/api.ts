/**
 * The one API module of the renderer (DESIGN.md, "Renderer"): in the Electron window the preload
 * bridge `window.tandem`; in a browser tab a WebSocket client with the same interface, to the
 * core that served the page. Chosen once, at startup.
 */
import type { TandemApi } from '../../../shared/tandem-api';
import { takeToken } from './token';
import { API_PATH, createWebSocketApi, type ConnectionStatus } from './ws-api';

declare global {
  interface Window {
    /** Exposed by the preload script in the Electron window; absent in a browser tab. */
    tandem?: TandemApi;
  }
}

/** What the page can do about its connection: the status line and the stores' reload hook. */
export interface Connection {
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  onReconnect(listener: () => void): () => void;
}

export type ApiSetup =
  | { kind: 'ready'; api: TandemApi; host: 'electron' | 'browser'; connection: Connection }
  /** A browser tab opened without `#token=...` and with none remembered. */
  | { kind: 'no-token' };

const ALWAYS_OPEN: Connection = {
  status: () => 'open',
  onStatus: () => () => undefined,
  onReconnect: () => () => undefined,
};

function chooseApi(): ApiSetup {
  if (window.tandem) return { kind: 'ready', api: window.tandem, host: 'electron', connection: ALWAYS_OPEN };
  const token = takeToken({
    location: window.location,
    storage: window.sessionStorage,
    replaceUrl: (url) => window.history.replaceState(null, '', url),
  });
  if (!token) return { kind: 'no-token' };
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const api = createWebSocketApi({ url: `${scheme}://${window.location.host}${API_PATH}`, token });
  return {
    kind: 'ready',
    api,
    host: 'browser',
    connection: { status: () => api.status, onStatus: api.onStatus, onReconnect: api.onReconnect },
  };
}

export const apiSetup: ApiSetup = chooseApi();

/** The chosen API; undefined only on the page that asks for a token. */
export const api: TandemApi | undefined = apiSetup.kind === 'ready' ? apiSetup.api : undefined;
