/**
 * What a page draws: its shapes, its groups with their frames, its edges and its kept cells, on
 * the active page (or the one asked for) and on visible layers, in drawing order. The canvas maps
 * it to xyflow nodes (flow-mapping.ts); the export draws it as SVG. Pure, tested in Node.
 */
import { groupBounds, groupFrame } from '../group-bounds';
import { boundsOf, nestGroups, type Rect } from '../geometry';
import type { EdgeRecord, ForeignRecord, GroupRecord, LayerRecord, MetaRecord, ShapeRecord } from '../model';
import { pushTo } from '../../list-map';

/** Room around a kept line, so its stroke is not cut at the edge of its node. */
const FOREIGN_LINE_MARGIN = 4;

export { GROUP_HEADER, GROUP_PADDING, groupFrame } from '../group-bounds';

/** The records a page is drawn from. */
export interface PageRecords {
  meta?: MetaRecord;
  layers: ReadonlyMap<string, LayerRecord>;
  shapes: ReadonlyMap<string, ShapeRecord>;
  edges: ReadonlyMap<string, EdgeRecord>;
  groups: ReadonlyMap<string, GroupRecord>;
  foreign?: ReadonlyMap<string, ForeignRecord>;
}

export interface PageGroup {
  record: GroupRecord;
  bounds: Rect;
  /** The shapes in it, also those in groups nested in it. */
  shapeIds: string[];
  /** The group it is drawn inside, when it is nested in one that is drawn. */
  parentId?: string;
}

/** The shapes, edges and groups drawn: on the page, on a visible layer. */
export interface PageContent {
  shapes: ShapeRecord[];
  /** Outer groups before the groups inside them. */
  groups: PageGroup[];
  edges: EdgeRecord[];
  foreign: Array<{ record: ForeignRecord; bounds: Rect }>;
  /**
   * Every cell's place in the order diagrams.net paints them (0 first, at the bottom): the file's
   * order (its cells' tree, depth first), shapes, edges, containers and kept cells mixed as they
   * come, so a shape written after an edge covers it and a filled frame written first lies under
   * the edges and cells after it. A group is painted just before the first of its members (a
   * group made here is ordered after them).
   */
  paintOrder: ReadonlyMap<string, number>;
}

function byOrder<T extends { order: number }>(a: T, b: T): number {
  return a.order - b.order;
}

/** Where a kept cell is drawn: its box, or the bounds of its line with a margin. */
function foreignBounds(record: ForeignRecord): Rect | undefined {
  if (record.box) return record.box;
  const line = record.line ? boundsOf(record.line.map((p) => ({ ...p, w: 0, h: 0 }))) : undefined;
  if (!line) return undefined;
  const m = FOREIGN_LINE_MARGIN;
  return { x: line.x - m, y: line.y - m, w: line.w + 2 * m, h: line.h + 2 * m };
}

/** The content of `pageId` (the active page when not given). */
export function pageContent(records: PageRecords, pageId = records.meta?.activePageId): PageContent {
  if (!pageId) return { shapes: [], groups: [], edges: [], foreign: [], paintOrder: new Map() };
  const visibleLayer = (layerId: string) => records.layers.get(layerId)?.visible !== false;
  const onPage = <T extends { pageId: string; layerId: string }>(r: T) => r.pageId === pageId && visibleLayer(r.layerId);

  const shapes = [...records.shapes.values()].filter(onPage).sort(byOrder);
  // As the file is written: a container from a file keeps its bounds, a group made here hugs its members.
  const pageGroups = [...records.groups.values()].filter(onPage).sort(byOrder);
  const { parentOf, depth } = nestGroups(pageGroups);
  const bounds = groupBounds(pageGroups, shapes, groupFrame);
  const within = new Map<string, string[]>();
  const groupById = new Map(pageGroups.map((g) => [g.id, g]));
  for (const shape of shapes) {
    for (let group = shape.groupId !== undefined ? groupById.get(shape.groupId) : undefined; group; group = parentOf.get(group.id)) {
      pushTo(within, group.id, shape.id);
    }
  }
  const groups: PageGroup[] = [];
  for (const group of [...pageGroups].sort((a, b) => depth.get(a.id)! - depth.get(b.id)! || a.order - b.order)) {
    const frame = bounds.get(group.id);
    if (!frame) continue;
    const parent = parentOf.get(group.id);
    groups.push({ record: group, bounds: frame, shapeIds: within.get(group.id) ?? [], ...(parent && bounds.has(parent.id) && { parentId: parent.id }) });
  }

  // An end is a drawn shape or container, or a loose end at its point.
  const drawn = new Set(['', ...shapes.map((s) => s.id), ...groups.map((g) => g.record.id)]);
  const edges = [...records.edges.values()]
    .filter((e) => onPage(e) && drawn.has(e.source) && drawn.has(e.target) && (e.source !== '' || e.sourcePoint) && (e.target !== '' || e.targetPoint))
    .sort(byOrder);
  const foreign = [...(records.foreign?.values() ?? [])]
    .filter(onPage)
    .sort(byOrder)
    .flatMap((record) => {
      const box = foreignBounds(record);
      return box ? [{ record, bounds: box }] : [];
    });
  return { shapes, groups, edges, foreign, paintOrder: paintOrderOf(shapes, groups, edges, foreign, depth) };
}

/**
 * The box around everything the page draws: its shapes, its containers' frames, its kept cells and
 * its edges' loose ends and waypoints (a free arrow below every shape is part of the drawing).
 * Undefined for an empty page. What the canvas frames when it opens a page.
 */
export function contentBounds(content: PageContent): Rect | undefined {
  const point = (p: { x: number; y: number }): Rect => ({ x: p.x, y: p.y, w: 0, h: 0 });
  const edgePoints = content.edges.flatMap((edge) => [
    ...(edge.source === '' && edge.sourcePoint ? [point(edge.sourcePoint)] : []),
    ...(edge.target === '' && edge.targetPoint ? [point(edge.targetPoint)] : []),
    ...(edge.points ?? []).map(point),
  ]);
  return boundsOf([...content.shapes, ...content.groups.map((group) => group.bounds), ...content.foreign.map((kept) => kept.bounds), ...edgePoints]);
}

/** See PageContent.paintOrder. `depth` orders a group before the groups nested in it. */
function paintOrderOf(
  shapes: readonly ShapeRecord[],
  groups: readonly PageGroup[],
  edges: readonly EdgeRecord[],
  foreign: ReadonlyArray<{ record: ForeignRecord }>,
  depth: ReadonlyMap<string, number>,
): Map<string, number> {
  const orderOf = new Map<string, number>(shapes.map((shape) => [shape.id, shape.order]));
  // Inner groups first (groups come outer first), so an outer group counts the groups in it.
  for (const { record } of groups) orderOf.set(record.id, record.order);
  for (const { record, shapeIds, parentId } of [...groups].reverse()) {
    const first = shapeIds.reduce((least, id) => Math.min(least, orderOf.get(id)!), orderOf.get(record.id)!);
    orderOf.set(record.id, first);
    if (parentId !== undefined) orderOf.set(parentId, Math.min(orderOf.get(parentId)!, first));
  }
  // A group before what it holds (tier: its depth), a cell after the groups at its place.
  const MEMBER_TIER = Number.MAX_SAFE_INTEGER;
  const cells = [
    ...groups.map(({ record }) => ({ id: record.id, at: orderOf.get(record.id)!, tier: depth.get(record.id) ?? 0 })),
    ...[...shapes, ...edges, ...foreign.map((f) => f.record)].map(({ id, order }) => ({ id, at: order, tier: MEMBER_TIER })),
  ];
  cells.sort((a, b) => a.at - b.at || a.tier - b.tier);
  return new Map(cells.map(({ id }, rank) => [id, rank]));
}
