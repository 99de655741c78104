/** Records and change events for the renderer's tests, shaped like the core's. */
import type { ChangeEvent, DomainSnapshot } from '../../../shared/change-feed';
import type { DrawioRecord, EdgeRecord, ForeignRecord, GroupRecord, LayerRecord, MetaRecord, PageRecord, ShapeRecord } from '../../../shared/drawio/model';
import type { CanvasRecords } from '../features/drawio/canvas/flow-mapping';

export const meta = (patch: Partial<MetaRecord> = {}): MetaRecord => ({
  id: 'meta',
  kind: 'meta',
  title: 'Architecture',
  flow: 'TB',
  activePageId: 'p1',
  nextOrder: 100,
  ...patch,
});

export const page = (id = 'p1', name = 'Page-1', patch: Partial<PageRecord> = {}): PageRecord => ({
  id,
  kind: 'page',
  name,
  order: 1,
  activeLayerId: 'l2',
  ...patch,
});

export const layer = (id = 'l2', patch: Partial<LayerRecord> = {}): LayerRecord => ({
  id,
  kind: 'layer',
  pageId: 'p1',
  name: 'Default',
  visible: true,
  order: 2,
  ...patch,
});

let order = 10;

export const shape = (id: string, patch: Partial<ShapeRecord> = {}): ShapeRecord => ({
  id,
  kind: 'shape',
  pageId: 'p1',
  layerId: 'l2',
  type: 'svc',
  alias: id.toUpperCase(),
  text: id.toUpperCase(),
  x: 200,
  y: 200,
  w: 140,
  h: 60,
  theme: 'blue',
  style: {},
  badges: [],
  order: order++,
  ...patch,
});

export const edge = (id: string, source: string, target: string, patch: Partial<EdgeRecord> = {}): EdgeRecord => ({
  id,
  kind: 'edge',
  pageId: 'p1',
  layerId: 'l2',
  source,
  target,
  label: '',
  lineStyle: 'solid',
  sourceArrow: 'none',
  targetArrow: 'arrow',
  order: order++,
  ...patch,
});

export const group = (id: string, name: string, patch: Partial<GroupRecord> = {}): GroupRecord => ({
  id,
  kind: 'group',
  pageId: 'p1',
  layerId: 'l2',
  name,
  text: name,
  order: order++,
  ...patch,
});

export function snapshotOf(records: DrawioRecord[], patch: Partial<DomainSnapshot> = {}): DomainSnapshot {
  return { domain: 'drawio', documentId: 'doc1', seq: 0, title: 'Architecture', dirty: false, records, activity: [], ...patch };
}

export function batch(seq: number, patch: Partial<ChangeEvent> = {}): ChangeEvent {
  return { domain: 'drawio', documentId: 'doc1', seq, origin: 'claude', kind: 'batch', ops: [], lines: [], put: [], removed: [], at: 0, ...patch };
}


/** The records the canvas maps, one page with one layer (`l2`), from lists. */
export function canvasRecords(parts: { shapes?: ShapeRecord[]; edges?: EdgeRecord[]; groups?: GroupRecord[]; foreign?: ForeignRecord[] }): CanvasRecords {
  return {
    meta: meta(),
    layers: new Map([['l2', layer()]]),
    shapes: new Map((parts.shapes ?? []).map((s) => [s.id, s])),
    edges: new Map((parts.edges ?? []).map((e) => [e.id, e])),
    groups: new Map((parts.groups ?? []).map((g) => [g.id, g])),
    foreign: new Map((parts.foreign ?? []).map((f) => [f.id, f])),
  };
}
