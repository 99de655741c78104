/**
 * Canvas gestures as ops: what a finished drag or resize means in the DSL. Pure, tested in Node.
 * Nothing here changes the model; the canvas shows the gesture locally until the core's change
 * comes back.
 */
import type { Point } from '../../../../../shared/drawio/geometry';
import { edgeEndOp, moveByOp, moveOp, moveUnits, resizeOp, shapeRef, type MovedGroup } from '../model/ops';
import type { Port, ShapeRecord } from '../../../../../shared/drawio/model';
import { connectionPointAt } from '../../../../../shared/drawio/render/connection-points';
import { EDGE_END_SIZE, absolutePosition, cellUnder, type DrawioFlowNode, type EdgeEndFlowNode, type EdgeEndName, type PageContent } from './flow-mapping';

/**
 * The one `move` for a drag that ended. Everything dragged moved by the same offset; the core
 * moves several shapes by their bounding box, so `to:` is that box's corner plus the offset. A
 * dragged group frame stands for all its members. Undefined when nothing moved (a click).
 */
export function dragEndOp(dragged: readonly DrawioFlowNode[], shapes: ReadonlyMap<string, ShapeRecord>): string | undefined {
  // Kept cells of a file are never dragged; a loose end's drag is edgeEndDropOp's.
  const movable = dragged.filter((node) => node.type !== 'foreign' && node.type !== 'edgeEnd');
  const first = movable[0];
  if (!first) return undefined;
  // Absolute: a group nested in another keeps its position relative to the outer frame.
  const now = absolutePosition(first);
  let offset: Point;
  if (first.type === 'container') {
    offset = { x: now.x - first.data.bounds.x, y: now.y - first.data.bounds.y };
  } else {
    const record = shapes.get(first.id) ?? first.data.record;
    offset = { x: now.x - record.x, y: now.y - record.y };
  }
  if (Math.round(offset.x) === 0 && Math.round(offset.y) === 0) return undefined;
  const shapeIds: string[] = [];
  const groups: MovedGroup[] = [];
  for (const node of movable) {
    // A container moves with the shapes of the containers nested in it.
    if (node.type === 'container') groups.push({ ...node.data.record, shapeIds: node.data.shapeIds });
    else shapeIds.push(node.id);
  }
  // A shape dragged before its record arrived here is still known to its node.
  const known = new Map(shapes);
  for (const node of dragged) if (node.type === 'shape' && !known.has(node.id)) known.set(node.id, node.data.record);
  return moveByOp(moveUnits(shapeIds, groups, known), offset);
}

/** What NodeResizer reports at the end: the node's position (relative to its frame) and size. */
export interface ResizeResult {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * `resize #id to:WxH`, and when the top or left edge was pulled, a (strict) `move` of the corner
 * too. Neither pushes the neighbours along.
 */
export function resizeEndOps(node: DrawioFlowNode, result: ResizeResult): string[] {
  if (node.type !== 'shape') return [];
  const record = node.data.record;
  const ops: string[] = [];
  const w = Math.round(result.width);
  const h = Math.round(result.height);
  if (w !== record.w || h !== record.h) ops.push(resizeOp(record.id, { w, h }));
  const corner = absolutePosition({ ...node, position: { x: result.x, y: result.y } });
  const x = Math.round(corner.x);
  const y = Math.round(corner.y);
  if (x !== record.x || y !== record.y) ops.push(moveOp([shapeRef(record.id)], { x, y }));
  return ops;
}

/** Where an edge's end is now: attached to a cell, or loose at a point. */
export type EndPlace = { cellId: string } | { point: Point };

/** Where an edge's end let go at a point lands: on the cell under it (its box, perimeter and turn), fixed at `port` when near one of its connection points. */
export interface EndLanding {
  under: NonNullable<ReturnType<typeof cellUnder>>;
  port?: Port;
}

/** Where an end let go at `point` would land (undefined over empty canvas): what the drop does and the drag previews. */
export function endLanding(content: PageContent, point: Point): EndLanding | undefined {
  const under = cellUnder(content, point);
  if (!under) return undefined;
  // Near one of the cell's connection points the end is fixed there; else it attaches floating.
  const port = connectionPointAt(under.cell, point, under.connectionPoints);
  return port ? { under, port } : { under };
}

/**
 * The one op for an edge's end let go at `point` (a loose end's handle dropped, or an attached
 * end's handle dragged off its shape): attached to the shape (or else the container) under it,
 * or loose at that point over empty canvas. Undefined when that changes nothing (a click).
 */
export function edgeEndMoveOp(edgeId: string, end: EdgeEndName, point: Point, content: PageContent, now: EndPlace): string | undefined {
  const landing = endLanding(content, point);
  if (landing !== undefined) {
    const { under, port } = landing;
    if (port) return edgeEndOp(edgeId, end, { cellId: under.id, port });
    return 'cellId' in now && now.cellId === under.id ? undefined : edgeEndOp(edgeId, end, { cellId: under.id });
  }
  if ('point' in now && Math.round(point.x) === Math.round(now.point.x) && Math.round(point.y) === Math.round(now.point.y)) return undefined;
  return edgeEndOp(edgeId, end, { point });
}

/** The middle of a loose end's handle: the point it stands for. */
export function edgeEndPoint(node: EdgeEndFlowNode): Point {
  const at = absolutePosition(node);
  return { x: at.x + EDGE_END_SIZE / 2, y: at.y + EDGE_END_SIZE / 2 };
}

/** The op for a loose end dropped where its handle now is (see edgeEndMoveOp). */
export function edgeEndDropOp(node: EdgeEndFlowNode, content: PageContent): string | undefined {
  return edgeEndMoveOp(node.data.edgeId, node.data.end, edgeEndPoint(node), content, { point: node.data.point });
}
