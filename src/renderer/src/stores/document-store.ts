/**
 * What every domain's read model shares (DESIGN.md, "Renderer": one zustand store per domain): the
 * document it shows (id, sequence, title, file, unsaved changes), the load status, the recent
 * batches for the activity panel and who last changed each record. A domain store adds its own
 * records through a `RecordModel` and gets the feed wiring (stores/feed-sync.ts) and the state
 * transitions from here, so every domain follows the feed the same way.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ChangeEvent, DomainSnapshot } from '../../../shared/change-feed';
import type { TandemApi } from '../../../shared/tandem-api';
import { startFeedSync, type FeedSync } from './feed-sync';

/** How many batches the activity panel keeps. */
export const ACTIVITY_LIMIT = 50;
/**
 * How long who-changed-what is remembered: far longer than a highlight shows, and short enough
 * that a batch of 10,000 notes does not make every later change copy 10,000 entries.
 */
export const LAST_CHANGE_KEEP_MS = 10_000;

export interface ActivityEntry {
  /** Unique within the store's life: `documentId:seq:kind`. */
  key: string;
  seq: number;
  origin: string;
  kind: ChangeEvent['kind'];
  ops: readonly string[];
  lines: readonly string[];
  /** When the renderer received it (ms, local clock). */
  at: number;
}

/** Who last changed a record, and when it arrived here. */
export interface RecordChange {
  origin: string;
  at: number;
}

export interface DocumentState {
  status: 'loading' | 'ready' | 'error';
  loadError?: string;
  documentId: string;
  seq: number;
  /** The sequence number of the last save; -1 when unknown or never saved. */
  savedSeq: number;
  dirty: boolean;
  /** The document's title as the snapshot gave it (the meta record's title once loaded). */
  title: string;
  path?: string;
  activity: readonly ActivityEntry[];
  /** Of the records the domain highlights when changed (see RecordModel.highlighted), for LAST_CHANGE_KEEP_MS. */
  lastChanges: ReadonlyMap<string, RecordChange>;
}

/** How a domain keeps its records: built from a snapshot, changed by `put` and `removed`. */
export interface RecordModel<R> {
  fromSnapshot(records: readonly unknown[]): R;
  /** The records after the change; untouched records should keep their objects. */
  apply(records: R, put: readonly unknown[], removed: readonly string[]): R;
  /** The id of a put record whose change the view highlights, or undefined. */
  highlighted(record: unknown): string | undefined;
}

export function initialDocumentState(): DocumentState {
  return { status: 'loading', documentId: '', seq: 0, savedSeq: -1, dirty: false, title: '', activity: [], lastChanges: new Map() };
}

function activityEntry(event: ChangeEvent, at: number): ActivityEntry {
  return {
    key: `${event.documentId}:${event.seq}:${event.kind}`,
    seq: event.seq,
    origin: event.origin,
    kind: event.kind,
    ops: event.ops ?? [],
    lines: event.lines ?? [],
    at,
  };
}

function withActivity(activity: readonly ActivityEntry[], entry: ActivityEntry): readonly ActivityEntry[] {
  return [entry, ...activity].slice(0, ACTIVITY_LIMIT);
}

/** The path a `saved` event names: its op is `save as:PATH`. */
export function savedPath(event: ChangeEvent): string | undefined {
  const op = event.ops?.[0];
  return op?.startsWith('save as:') ? op.slice('save as:'.length) : undefined;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

export interface DocumentTransitions<S> {
  load(state: S, snapshot: DomainSnapshot): S;
  apply(state: S, event: ChangeEvent, now: number): S;
  note(state: S, event: ChangeEvent, now: number): S;
  loadFailed(state: S, error: unknown): S;
}

/** State transitions, pure: each takes the current state and answers the next. */
export function documentTransitions<R extends object, S extends DocumentState & R>(model: RecordModel<R>): DocumentTransitions<S> {
  return {
    load(state, snapshot) {
      const sameDocument = state.documentId === snapshot.documentId;
      return {
        ...state,
        ...model.fromSnapshot(snapshot.records),
        status: 'ready',
        loadError: undefined,
        documentId: snapshot.documentId,
        seq: snapshot.seq,
        savedSeq: snapshot.dirty ? -1 : snapshot.seq,
        dirty: snapshot.dirty,
        title: snapshot.title,
        path: snapshot.path,
        // The core's own record of recent changes, newest first; highlights of the document on screen
        // survive a reload, a new document starts clean.
        activity: [...(snapshot.activity ?? [])]
          .reverse()
          .slice(0, ACTIVITY_LIMIT)
          .map((a) => ({ ...a, key: `${snapshot.documentId}:${a.seq}:${a.kind}` })),
        lastChanges: sameDocument ? state.lastChanges : new Map(),
      };
    },

    apply(state, event, now) {
      const put = event.put ?? [];
      const removed = event.removed ?? [];
      const lastChanges = new Map<string, RecordChange>();
      for (const [id, change] of state.lastChanges) if (now - change.at < LAST_CHANGE_KEEP_MS) lastChanges.set(id, change);
      for (const id of removed) lastChanges.delete(id);
      for (const raw of put) {
        const id = model.highlighted(raw);
        if (id !== undefined) lastChanges.set(id, { origin: event.origin, at: now });
      }
      const seq = event.seq;
      return {
        ...state,
        ...model.apply(state, put, removed),
        seq,
        dirty: seq !== state.savedSeq,
        activity: withActivity(state.activity, activityEntry(event, now)),
        lastChanges,
      };
    },

    note(state, event, now) {
      const next: S = { ...state, activity: withActivity(state.activity, activityEntry(event, now)) };
      if (event.kind === 'saved') {
        next.savedSeq = event.seq;
        next.dirty = state.seq !== event.seq;
        next.path = savedPath(event) ?? state.path;
      }
      return next;
    },

    loadFailed(state, error) {
      return { ...state, status: state.status === 'ready' ? 'ready' : 'error', loadError: errorMessage(error) };
    },
  };
}

export interface DocumentStoreOptions {
  api: Pick<TandemApi, 'snapshot' | 'onChange'>;
  onReconnect?: (listener: () => void) => () => void;
  /** Clock for highlight and activity times; Date.now by default. */
  now?: () => number;
  retryDelayMs?: number;
}

export interface DocumentStoreHandle<S> {
  store: StoreApi<S>;
  /** Subscribes to the change feed and loads the first snapshot. */
  start(): FeedSync;
}

/** A domain's store, fed by the change feed of `domain`. */
export function createDocumentStore<S extends DocumentState>(
  domain: string,
  initial: () => S,
  transitions: DocumentTransitions<S>,
  options: DocumentStoreOptions,
): DocumentStoreHandle<S> {
  const now = options.now ?? Date.now;
  const store = createStore<S>()(initial);
  const update = (next: (state: S) => S) => store.setState(next(store.getState()), true);
  return {
    store,
    start: () =>
      startFeedSync({
        api: options.api,
        domain,
        onReconnect: options.onReconnect,
        retryDelayMs: options.retryDelayMs,
        target: {
          position: () => {
            const state = store.getState();
            return state.status === 'ready' ? { documentId: state.documentId, seq: state.seq } : undefined;
          },
          load: (snapshot) => update((s) => transitions.load(s, snapshot)),
          apply: (event) => update((s) => transitions.apply(s, event, now())),
          note: (event) => update((s) => transitions.note(s, event, now())),
          loadFailed: (error) => update((s) => transitions.loadFailed(s, error)),
        },
      }),
  };
}
