/**
 * Records -> xyflow nodes and edges for the active page. Pure, so it is tested in Node.
 *
 * Node and edge objects are reused whenever their record (and, for a group member, its group's
 * origin) is unchanged: xyflow then keeps its internal node, and the memoized component of every
 * other shape does not render again.
 */
import type { Edge, Node, NodeHandle, Position } from '@xyflow/react';
import { fileStyleText, shapeStyleText, type EdgeRecord, type ForeignRecord, type GroupRecord, type Port, type ShapeRecord } from '../../../../../shared/drawio/model';
import { connectionPointsOf } from '../../../../../shared/drawio/render/connection-points';
import { perimeterBox, shapePerimeter, type EndBox } from '../../../../../shared/drawio/render/edge-perimeter';
import { styleEntries } from '../../../../../shared/drawio/stencils';
import { edgeCoreMarkerIds, edgeMarkerIds, type EdgeEndName } from '../../../../../shared/drawio/render/cell-paint';
import { CANVAS_INK } from '../../../../../shared/drawio/render/default-ink';
import { withReferencedStroke } from '../../../../../shared/drawio/render/cell-references';
import type { DrawioRecords } from '../../../../../shared/drawio/collections';
import type { Point, Rect } from '../../../../../shared/drawio/geometry';
import type { PageContent } from '../../../../../shared/drawio/render/page-content';
import { settledStencilConstraints } from './stencils';

export { GROUP_HEADER, GROUP_PADDING, groupFrame, pageContent, type PageContent, type PageGroup } from '../../../../../shared/drawio/render/page-content';

/** `parentOrigin`: the top-left of the group frame the position is relative to. */
export type ShapeNodeData = { record: ShapeRecord; parentOrigin?: Point };
/** `shapeIds`: the shapes in the group and in the groups nested in it (a drag moves them all). */
export type GroupNodeData = { record: GroupRecord; bounds: Rect; shapeIds: readonly string[]; parentOrigin?: Point };
export type ForeignNodeData = { record: ForeignRecord; bounds: Rect };
export type ShapeFlowNode = Node<ShapeNodeData, 'shape'>;
/** `group` is a built-in xyflow type name, hence `container`. */
export type GroupFlowNode = Node<GroupNodeData, 'container'>;
/** A cell of an opened file the editor keeps but cannot edit, drawn as a placeholder. */
export type ForeignFlowNode = Node<ForeignNodeData, 'foreign'>;
/** A loose end of an edge (diagrams.net's free-floating edges): a small handle at its point. */
export type EdgeEndNodeData = { edgeId: string; end: EdgeEndName; point: Point };
export type EdgeEndFlowNode = Node<EdgeEndNodeData, 'edgeEnd'>;
export type { EdgeEndName };
export type DrawioFlowNode = ShapeFlowNode | GroupFlowNode | ForeignFlowNode | EdgeEndFlowNode;
/** An edge's record, and a filledEdge's core heads (see edgeCoreMarkerIds) when it has them. */
export type EdgeFlowData = { record: EdgeRecord; coreMarkers?: { start?: string; end?: string } };
export type DrawioFlowEdge = Edge<EdgeFlowData, 'drawio'>;

export type CanvasRecords = Pick<DrawioRecords, 'meta' | 'layers' | 'shapes' | 'edges' | 'groups'> & Partial<Pick<DrawioRecords, 'foreign'>>;

export const FACES = ['top', 'right', 'bottom', 'left'] as const;
/** The size of a loose end's handle, centred on its point. */
export const EDGE_END_SIZE = 10;

/** The id of the node standing for an edge's loose end (xyflow draws an edge between two nodes). */
export function edgeEndNodeId(edgeId: string, end: EdgeEndName): string {
  return `${edgeId}:${end}`;
}

/** The point a loose end has, or undefined when that end is attached to a cell. */
export function loosePoint(edge: EdgeRecord, end: EdgeEndName): Point | undefined {
  if (end === 'source') return edge.source === '' ? edge.sourcePoint : undefined;
  return edge.target === '' ? edge.targetPoint : undefined;
}
/** The id of the invisible handle every shape keeps for xyflow's edge routing (see ShapeNode). */
export const ANCHOR_HANDLE = 'anchor';

/**
 * The anchor declared on the node as well, so xyflow can route an edge to a shape that is not
 * rendered (off screen with onlyRenderVisibleElements) or not measured yet. The edge finds its
 * real ends itself (DrawioEdge); xyflow only needs a handle to exist.
 */
function anchorHandles(w: number, h: number): NodeHandle[] {
  return [{ id: ANCHOR_HANDLE, type: 'source', position: 'top' as Position, x: w / 2, y: h / 2, width: 1, height: 1 }];
}

export interface BuildOptions {
  /** Ids whose nodes are rebuilt from their record even if it did not change (a refused drag). */
  reset?: ReadonlySet<string>;
}

/**
 * The xyflow nodes of the page: kept cells and groups first (a parent must come before its
 * children, outer groups before inner ones), then shapes in z-order. `previous` are the nodes on
 * screen now; their selection and, while a drag is running, their position are kept.
 */
export function buildNodes(content: PageContent, previous: readonly DrawioFlowNode[], options: BuildOptions = {}): DrawioFlowNode[] {
  const before = new Map(previous.map((n) => [n.id, n]));
  const reusable = (id: string) => (options.reset?.has(id) ? undefined : before.get(id));
  const nodes: DrawioFlowNode[] = [];
  const frames = new Map<string, Rect>();
  // The canvas stacks cells as diagrams.net paints them (xyflow's manual z-index mode).
  const z = (id: string) => content.paintOrder.get(id) ?? 0;
  const onTop = content.paintOrder.size;

  for (const { record, bounds } of content.foreign) {
    const prev = reusable(record.id);
    if (prev?.type === 'foreign' && prev.data.record === record && prev.zIndex === z(record.id)) {
      nodes.push(prev);
      continue;
    }
    nodes.push({
      id: record.id,
      type: 'foreign',
      ...nodeBox(bounds, undefined),
      data: { record, bounds },
      draggable: false,
      selectable: false,
      connectable: false,
      focusable: false,
      zIndex: z(record.id),
    });
  }

  for (const { record, bounds, parentId, shapeIds } of content.groups) {
    frames.set(record.id, bounds);
    const outer = parentId !== undefined ? frames.get(parentId) : undefined;
    const parentOrigin = outer ? { x: outer.x, y: outer.y } : undefined;
    const prev = reusable(record.id);
    if (
      prev?.type === 'container' &&
      prev.data.record === record &&
      sameRect(prev.data.bounds, bounds) &&
      sameOrigin(prev.data.parentOrigin, parentOrigin) &&
      sameIds(prev.data.shapeIds, shapeIds) &&
      prev.zIndex === z(record.id)
    ) {
      nodes.push(prev);
      continue;
    }
    nodes.push({
      id: record.id,
      type: 'container',
      ...nodeBox(bounds, parentOrigin),
      ...(parentOrigin ? { parentId } : {}),
      data: parentOrigin ? { record, bounds, shapeIds, parentOrigin } : { record, bounds, shapeIds },
      selected: prev?.selected ?? false,
      zIndex: z(record.id),
      connectable: false,
    });
  }

  for (const edge of content.edges) {
    for (const end of ['source', 'target'] as const) {
      const point = loosePoint(edge, end);
      if (!point) continue;
      const id = edgeEndNodeId(edge.id, end);
      const prev = reusable(id);
      if (prev?.type === 'edgeEnd' && prev.data.point === point && prev.zIndex === onTop) {
        nodes.push(prev);
        continue;
      }
      const half = EDGE_END_SIZE / 2;
      nodes.push({
        id,
        type: 'edgeEnd',
        ...nodeBox({ x: point.x - half, y: point.y - half, w: EDGE_END_SIZE, h: EDGE_END_SIZE }, undefined),
        data: { edgeId: edge.id, end, point },
        handles: anchorHandles(EDGE_END_SIZE, EDGE_END_SIZE),
        selectable: false,
        connectable: false,
        focusable: false,
        // Above the shapes, so that it can be picked up where it lies on one.
        zIndex: onTop,
      });
    }
  }

  for (const record of content.shapes) {
    const frame = record.groupId ? frames.get(record.groupId) : undefined;
    const parentOrigin = frame ? { x: frame.x, y: frame.y } : undefined;
    const prev = reusable(record.id);
    // Same record in the same frame: keep the node, and with it a position the person dragged it
    // to whose `move` is still on its way.
    if (prev?.type === 'shape' && prev.data.record === record && sameOrigin(prev.data.parentOrigin, parentOrigin) && prev.zIndex === z(record.id)) {
      nodes.push(prev);
      continue;
    }
    nodes.push({
      id: record.id,
      type: 'shape',
      ...nodeBox(record, parentOrigin),
      ...(frame ? { parentId: record.groupId } : {}),
      data: parentOrigin ? { record, parentOrigin } : { record },
      handles: anchorHandles(record.w, record.h),
      selected: prev?.selected ?? false,
      zIndex: z(record.id),
    });
  }
  return nodes;
}

function sameOrigin(a: Point | undefined, b: Point | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.x === b.x && a.y === b.y);
}

/**
 * A node's place: relative to the frame it sits in, if any, with its size. The size is given as
 * measured too, so xyflow's first measurement finds nothing changed and does not send every node
 * back through a second render.
 */
function nodeBox(box: Rect, parentOrigin: Point | undefined) {
  return {
    position: parentOrigin ? { x: box.x - parentOrigin.x, y: box.y - parentOrigin.y } : { x: box.x, y: box.y },
    width: box.w,
    height: box.h,
    measured: { width: box.w, height: box.h },
  };
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
}

// ---- edges ---------------------------------------------------------------------------------------

export { edgeStroke, hollowHead, markerId, markersInUse, type MarkerSpec } from '../../../../../shared/drawio/render/cell-paint';

export function buildEdges(content: PageContent, previous: readonly DrawioFlowEdge[]): DrawioFlowEdge[] {
  const before = new Map(previous.map((e) => [e.id, e]));
  const groups = new Map(content.groups.map((group) => [group.record.id, group.record]));
  return content.edges.map((record) => {
    const prev = before.get(record.id);
    const zIndex = content.paintOrder.get(record.id) ?? 0;
    if (prev?.data?.record === record && prev.zIndex === zIndex) return prev;
    const referenced = withReferencedStroke(record, groups);
    const markers = edgeMarkerIds(referenced, CANVAS_INK);
    const coreMarkers = edgeCoreMarkerIds(referenced, CANVAS_INK);
    return {
      id: record.id,
      type: 'drawio',
      source: record.source === '' ? edgeEndNodeId(record.id, 'source') : record.source,
      target: record.target === '' ? edgeEndNodeId(record.id, 'target') : record.target,
      data: coreMarkers.start || coreMarkers.end ? { record, coreMarkers } : { record },
      markerStart: markers.start,
      markerEnd: markers.end,
      animated: record.lineStyle === 'animated',
      selected: prev?.selected ?? false,
      zIndex,
    };
  });
}

// ---- positions ---------------------------------------------------------------------------------

/**
 * What an edge's end dropped at `point` attaches to, with its box (drawn as the drop target):
 * the topmost shape under it, else the innermost container whose frame holds it; undefined over
 * empty canvas.
 */
export function cellUnder(content: PageContent, point: Point): { id: string; box: Rect; cell: EndBox; connectionPoints?: Port[] } | undefined {
  const inside = (r: Rect) => point.x >= r.x && point.x <= r.x + r.w && point.y >= r.y && point.y <= r.y + r.h;
  // diagrams.net's connection points of the cell (its style's, its stencil's, its shape's), if any.
  const declared = (style: string | undefined, box: Rect) => (style === undefined ? undefined : connectionPointsOf(styleEntries(style), settledStencilConstraints, box));
  for (let i = content.shapes.length - 1; i >= 0; i--) {
    const shape = content.shapes[i];
    if (inside(shape)) {
      const box = { x: shape.x, y: shape.y, w: shape.w, h: shape.h };
      return { id: shape.id, box, cell: perimeterBox(box, shapePerimeter(shape)), connectionPoints: declared(shapeStyleText(shape), box) };
    }
  }
  // Groups come outer before inner: the last that holds the point is the innermost.
  for (let i = content.groups.length - 1; i >= 0; i--) {
    const { record, bounds } = content.groups[i];
    if (inside(bounds)) return { id: record.id, box: bounds, cell: perimeterBox(bounds, shapePerimeter(record)), connectionPoints: declared(fileStyleText(record.file), bounds) };
  }
  return undefined;
}

export function cellAt(content: PageContent, point: Point): string | undefined {
  return cellUnder(content, point)?.id;
}

/** A node's absolute page position: xyflow keeps a group member's (and a nested group's) relative to its frame. */
export function absolutePosition(node: DrawioFlowNode): Point {
  const origin = node.type === 'foreign' || node.type === 'edgeEnd' ? undefined : node.data.parentOrigin;
  return origin ? { x: node.position.x + origin.x, y: node.position.y + origin.y } : { ...node.position };
}
