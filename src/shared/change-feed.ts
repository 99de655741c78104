/**
 * The change feed every view subscribes to (renderer, browser tab, tests): one event per applied
 * change, in sequence order per document. A view applies `put`/`removed` to its copy of the
 * records; on `reset`, or when a sequence number is skipped, it loads a fresh snapshot instead.
 */
export interface ChangeEvent {
  domain: string;
  documentId: string;
  /**
   * Per document, +1 for every change that alters the model. `checkpoint` and `saved` carry the
   * current number and change no records; `reset` starts a new document (load its snapshot).
   */
  seq: number;
  /** Who acted: the MCP client's name, or `person` for the studio window. */
  origin: string;
  kind: 'batch' | 'undo' | 'redo' | 'undo-to' | 'reset' | 'saved' | 'checkpoint' | 'tool';
  /**
   * Ops or action as sent, and the answer lines (batches and undo/redo). A tool domain's change
   * (`tool`; its documentId is the domain's name) carries one label here and its detail lines.
   */
  ops?: string[];
  lines?: string[];
  /** Records written (their new value) and ids removed. */
  put?: unknown[];
  removed?: string[];
  at: number;
}

/**
 * Whether a change is a domain's own background work (its origin is the domain's name: a diagram
 * D2 rendered, a log line, a request a mock received): nobody's edit, so views neither list it as
 * a call nor mark what it touched as someone's.
 */
export const isBackgroundChange = (change: { origin: string }, domain: string): boolean => change.origin === domain;

export interface DomainSnapshot {
  domain: string;
  documentId: string;
  seq: number;
  title: string;
  path?: string;
  dirty: boolean;
  records: unknown[];
  /** The latest changes (up to SNAPSHOT_ACTIVITY, oldest first), so a view opened late can show what happened. */
  activity: SnapshotActivity[];
}

export interface SnapshotActivity {
  seq: number;
  origin: string;
  kind: 'batch' | 'undo' | 'redo' | 'undo-to' | 'tool';
  ops: string[];
  lines: string[];
  at: number;
}

/** How many recent changes a snapshot carries for views that open late. */
export const SNAPSHOT_ACTIVITY = 50;
