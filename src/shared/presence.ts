/**
 * Presence: who is looking at what, beside the models but never in them (issue 14). A window (the
 * Electron app, or a browser tab) reports the person's selection in each view; MCP clients' reads
 * and the clients connected are sent back to every window. Nothing here is journaled, in history or
 * undone, and nothing here ever blocks an edit. Shared by main, preload and renderer.
 */

/** What one view of one window reports: the person's selection and where they are. */
export interface SelectionReport {
  /** The view's domain: `drawio`, `midi`, `testenv`, `tasks`, ... */
  domain: string;
  /** The record ids selected (shapes and edges, notes or a track, a task, a service, ...), at most PRESENCE_LIMITS.maxIds. */
  ids: string[];
  /** How many are selected, when more than the ids sent (a huge selection is summarized). */
  count?: number;
  /** Where the person is in that view: the page, the track, the project. */
  focus?: { kind: string; id: string; name?: string };
  /** The view shows in the window now (a window reports each view it has mounted). */
  visible: boolean;
}

export const PRESENCE_LIMITS = {
  /** Ids sent of one selection: a larger one is sent as its first ids and its count. */
  maxIds: 1_000,
  maxIdChars: 256,
  /** Ids named in one read event. */
  maxReadIds: 200,
} as const;

/** A client of the studio that is connected now. */
export interface ClientPresence {
  /** Stable for the connection's life. */
  id: string;
  /** The name the client gave in initialize (as history shows it). */
  name: string;
  connectedAt: number;
  /** What it last did: `drawio_query describe AuthService`, `preflight_run`. */
  lastAction?: { what: string; at: number; read: boolean };
}

/** Server → windows. */
export type PresenceEvent =
  /** An MCP client read records (describe, connections, a query naming refs): the view marks them. */
  | { type: 'read'; origin: string; domain: string; documentId: string; ids: string[]; what: string; at: number }
  /** The AI clients connected now, and what each last did. */
  | { type: 'clients'; clients: ClientPresence[] };

export type ReadEvent = Extract<PresenceEvent, { type: 'read' }>;
