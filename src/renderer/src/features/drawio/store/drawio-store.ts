/**
 * The drawio read model: the core's records for the active document, kept current by the change
 * feed (see stores/feed-sync.ts). Never written by the editor: a person's edit goes to the core
 * as ops and comes back here as a change event like anyone else's.
 *
 * Collections are immutable maps replaced copy-on-write, and a record object is kept until the
 * core sends a new one for its id, so a component that selects one record re-renders only when
 * that record changes.
 */
import {
  createDocumentStore,
  documentTransitions,
  initialDocumentState,
  type DocumentState,
  type DocumentStoreHandle,
  type DocumentStoreOptions,
} from '../../../stores/document-store';
import { applyCollectionChanges, type CollectionSpec } from '../../../stores/record-collections';
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
export {
  ACTIVITY_LIMIT,
  errorMessage,
  savedPath,
  type ActivityEntry,
  type RecordChange,
} from '../../../stores/document-store';

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

export interface DrawioState extends DrawioRecords, DocumentState {}

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

const byLowerCaseName = (record: DrawioRecord) => (record as CustomTypeRecord | CustomThemeRecord).name.toLowerCase();

const COLLECTIONS: CollectionSpec<DrawioRecord, CollectionKey> = {
  collectionOf: COLLECTION_OF,
  singleton: 'meta',
  keyOf: { customTypes: byLowerCaseName, customThemes: byLowerCaseName },
};

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
  return { ...emptyRecords(), ...initialDocumentState() };
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
  return applyCollectionChanges(records, put, removed, COLLECTIONS);
}

/** The diagram's records for the generic document store (stores/document-store.ts). */
const drawioRecordModel = {
  fromSnapshot: recordsFromSnapshot,
  apply: applyRecordChanges,
  highlighted(raw: unknown): string | undefined {
    const kind = recordKind(raw);
    return kind && HIGHLIGHTED.has(kind) ? (raw as DrawioRecord).id : undefined;
  },
};

/** State transitions, pure: each takes the current state and answers the next. */
export const drawioTransitions = documentTransitions<DrawioRecords, DrawioState>(drawioRecordModel);

export type DrawioStoreOptions = DocumentStoreOptions;
export type DrawioStoreHandle = DocumentStoreHandle<DrawioState>;

export function createDrawioStore(options: DrawioStoreOptions): DrawioStoreHandle {
  return createDocumentStore(DRAWIO_DOMAIN, initialDrawioState, drawioTransitions, options);
}
