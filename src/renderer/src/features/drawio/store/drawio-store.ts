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
import { type DrawioRecords, applyRecordChanges, emptyRecords, recordsFromSnapshot } from '../../../../../shared/drawio/collections';
import type { DrawioRecord } from '../../../../../shared/drawio/model';

export const DRAWIO_DOMAIN = 'drawio';

function recordKind(record: unknown): DrawioRecord['kind'] | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const kind = (record as { kind?: unknown }).kind;
  return typeof kind === 'string' ? (kind as DrawioRecord['kind']) : undefined;
}
export {
  ACTIVITY_LIMIT,
  errorMessage,
  savedPath,
  type ActivityEntry,
  type RecordChange,
} from '../../../stores/document-store';

export interface DrawioState extends DrawioRecords, DocumentState {}

/** Kinds whose changes are highlighted on the canvas. */
const HIGHLIGHTED: ReadonlySet<DrawioRecord['kind']> = new Set(['shape', 'edge', 'group']);

export function initialDrawioState(): DrawioState {
  return { ...emptyRecords(), ...initialDocumentState() };
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
