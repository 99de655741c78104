/**
 * The drawio read model: the core's records for the active document, kept current by the change
 * feed (see stores/feed-sync.ts). Never written by the editor: a person's edit goes to the core
 * as ops and comes back here as a change event like anyone else's.
 *
 * Collections are immutable maps replaced copy-on-write, and a record object is kept until the
 * core sends a new one for its id, so a component that selects one record re-renders only when
 * that record changes.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ChangeEvent, DomainSnapshot } from '../../../../../shared/change-feed';
import type { TandemApi } from '../../../../../shared/tandem-api';
import { startFeedSync, type FeedSync } from '../../../stores/feed-sync';
import {
  recordKind,
  type CustomThemeRecord,
  type CustomTypeRecord,
  type DrawioRecord,
  type EdgeRecord,
  type ForeignRecord,
  type GroupRecord,
  type LayerRecord,
  type MetaRecord,
  type PageRecord,
  type ShapeRecord,
} from '../model/records';

export const DRAWIO_DOMAIN = 'drawio';
/** How many batches the activity panel keeps. */
export const ACTIVITY_LIMIT = 50;

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

/** Who last changed a shape, edge or group, and when it arrived here. */
export interface RecordChange {
  origin: string;
  at: number;
}

export interface DrawioRecords {
  meta?: MetaRecord;
  pages: ReadonlyMap<string, PageRecord>;
  layers: ReadonlyMap<string, LayerRecord>;
  shapes: ReadonlyMap<string, ShapeRecord>;
  edges: ReadonlyMap<string, EdgeRecord>;
  groups: ReadonlyMap<string, GroupRecord>;
  /** Cells of an opened file kept as they were, drawn as placeholders. */
  foreign: ReadonlyMap<string, ForeignRecord>;
  /** Keyed by lower-case name, as the core resolves them. */
  customTypes: ReadonlyMap<string, CustomTypeRecord>;
  customThemes: ReadonlyMap<string, CustomThemeRecord>;
}

export interface DrawioState extends DrawioRecords {
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
  lastChanges: ReadonlyMap<string, RecordChange>;
}

type CollectionKey = 'pages' | 'layers' | 'shapes' | 'edges' | 'groups' | 'foreign' | 'customTypes' | 'customThemes';

const COLLECTION_OF: Partial<Record<DrawioRecord['kind'], CollectionKey>> = {
  page: 'pages',
  layer: 'layers',
  shape: 'shapes',
  edge: 'edges',
  group: 'groups',
  foreign: 'foreign',
  customType: 'customTypes',
  customTheme: 'customThemes',
};

/** Kinds whose changes are highlighted on the canvas. */
const HIGHLIGHTED: ReadonlySet<DrawioRecord['kind']> = new Set(['shape', 'edge', 'group']);

const NAMED_COLLECTIONS: ReadonlySet<CollectionKey> = new Set(['customTypes', 'customThemes']);

function keyOf(collection: CollectionKey, record: DrawioRecord): string {
  return NAMED_COLLECTIONS.has(collection) ? (record as CustomTypeRecord | CustomThemeRecord).name.toLowerCase() : record.id;
}

export function emptyRecords(): DrawioRecords {
  return {
    meta: undefined,
    pages: new Map(),
    layers: new Map(),
    shapes: new Map(),
    edges: new Map(),
    groups: new Map(),
    foreign: new Map(),
    customTypes: new Map(),
    customThemes: new Map(),
  };
}

export function initialDrawioState(): DrawioState {
  return {
    ...emptyRecords(),
    status: 'loading',
    documentId: '',
    seq: 0,
    savedSeq: -1,
    dirty: false,
    title: '',
    activity: [],
    lastChanges: new Map(),
  };
}

/** Builds the collections from a snapshot's records; unknown kinds are skipped. */
export function recordsFromSnapshot(records: readonly unknown[]): DrawioRecords {
  // A snapshot is every record put into an empty model: one classification serves both paths.
  return applyRecordChanges(emptyRecords(), records, []);
}

/**
 * The records after `put` and `removed`: only the touched collections are new maps, and every
 * untouched record keeps its object.
 */
export function applyRecordChanges(records: DrawioRecords, put: readonly unknown[], removed: readonly string[]): DrawioRecords {
  const next: DrawioRecords = { ...records };
  const copied = new Set<CollectionKey>();
  const writable = (collection: CollectionKey): Map<string, DrawioRecord> => {
    if (!copied.has(collection)) {
      copied.add(collection);
      (next as unknown as Record<CollectionKey, Map<string, DrawioRecord>>)[collection] = new Map(
        next[collection] as ReadonlyMap<string, DrawioRecord>,
      );
    }
    return next[collection] as unknown as Map<string, DrawioRecord>;
  };

  for (const id of removed) {
    if (id === 'meta') {
      next.meta = undefined;
      continue;
    }
    for (const collection of Object.values(COLLECTION_OF)) {
      const map = next[collection] as ReadonlyMap<string, DrawioRecord>;
      if (NAMED_COLLECTIONS.has(collection)) {
        for (const [key, record] of map) if (record.id === id) writable(collection).delete(key);
      } else if (map.has(id)) {
        writable(collection).delete(id);
      }
    }
  }
  for (const raw of put) {
    const kind = recordKind(raw);
    if (!kind) continue;
    const record = raw as DrawioRecord;
    if (kind === 'meta') {
      next.meta = record as MetaRecord;
      continue;
    }
    const collection = COLLECTION_OF[kind];
    if (!collection) continue;
    const target = writable(collection);
    // A custom type or theme renamed under the same id must not leave its old name behind.
    if (NAMED_COLLECTIONS.has(collection)) for (const [key, old] of target) if (old.id === record.id) target.delete(key);
    target.set(keyOf(collection, record), record);
  }
  return next;
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

/** State transitions, pure: each takes the current state and answers the next. */
export const drawioTransitions = {
  load(state: DrawioState, snapshot: DomainSnapshot): DrawioState {
    const sameDocument = state.documentId === snapshot.documentId;
    return {
      ...state,
      ...recordsFromSnapshot(snapshot.records),
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

  apply(state: DrawioState, event: ChangeEvent, now: number): DrawioState {
    const put = event.put ?? [];
    const removed = event.removed ?? [];
    const lastChanges = new Map(state.lastChanges);
    for (const id of removed) lastChanges.delete(id);
    for (const raw of put) {
      const kind = recordKind(raw);
      if (kind && HIGHLIGHTED.has(kind)) lastChanges.set((raw as DrawioRecord).id, { origin: event.origin, at: now });
    }
    const seq = event.seq;
    return {
      ...state,
      ...applyRecordChanges(state, put, removed),
      seq,
      dirty: seq !== state.savedSeq,
      activity: withActivity(state.activity, activityEntry(event, now)),
      lastChanges,
    };
  },

  note(state: DrawioState, event: ChangeEvent, now: number): DrawioState {
    const next: DrawioState = { ...state, activity: withActivity(state.activity, activityEntry(event, now)) };
    if (event.kind === 'saved') {
      next.savedSeq = event.seq;
      next.dirty = state.seq !== event.seq;
      next.path = savedPath(event) ?? state.path;
    }
    return next;
  },

  loadFailed(state: DrawioState, error: unknown): DrawioState {
    return { ...state, status: state.status === 'ready' ? 'ready' : 'error', loadError: errorMessage(error) };
  },
};

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

export interface DrawioStoreOptions {
  api: Pick<TandemApi, 'snapshot' | 'onChange'>;
  onReconnect?: (listener: () => void) => () => void;
  /** Clock for highlight and activity times; Date.now by default. */
  now?: () => number;
  retryDelayMs?: number;
}

export interface DrawioStoreHandle {
  store: StoreApi<DrawioState>;
  /** Subscribes to the change feed and loads the first snapshot. */
  start(): FeedSync;
}

export function createDrawioStore(options: DrawioStoreOptions): DrawioStoreHandle {
  const now = options.now ?? Date.now;
  const store = createStore<DrawioState>()(() => initialDrawioState());
  const update = (next: (state: DrawioState) => DrawioState) => store.setState(next(store.getState()), true);
  return {
    store,
    start: () =>
      startFeedSync({
        api: options.api,
        domain: DRAWIO_DOMAIN,
        onReconnect: options.onReconnect,
        retryDelayMs: options.retryDelayMs,
        target: {
          position: () => {
            const state = store.getState();
            return state.status === 'ready' ? { documentId: state.documentId, seq: state.seq } : undefined;
          },
          load: (snapshot) => update((s) => drawioTransitions.load(s, snapshot)),
          apply: (event) => update((s) => drawioTransitions.apply(s, event, now())),
          note: (event) => update((s) => drawioTransitions.note(s, event, now())),
          loadFailed: (error) => update((s) => drawioTransitions.loadFailed(s, error)),
        },
      }),
  };
}
