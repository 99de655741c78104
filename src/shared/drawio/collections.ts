/**
 * A diagram's records as the view and the export hold them: one immutable map per kind (custom
 * types and themes by lower-case name, as the core resolves them) and the meta record, changed
 * copy-on-write (src/shared/record-collections.ts).
 */
import { applyCollectionChanges, type CollectionSpec } from '../record-collections';
import type {
  CustomThemeRecord,
  CustomTypeRecord,
  DrawioRecord,
  EdgeRecord,
  ForeignRecord,
  GroupRecord,
  LayerRecord,
  MetaRecord,
  PageRecord,
  ShapeRecord,
} from './model';

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
