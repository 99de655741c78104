/**
 * Canvas gestures as ops: what a finished drag or resize means in the DSL. Pure, tested in Node.
 * Nothing here changes the model; the canvas shows the gesture locally until the core's change
 * comes back.
 */
import { boundsOf, type Point } from '../model/geometry';
import { groupSelector, moveOp, resizeOp, shapeRef } from '../model/ops';
import type { ShapeRecord } from '../model/records';
import { absolutePosition, type DrawioFlowNode } from './flow-mapping';

/**
 * The one `move` for a drag that ended. Everything dragged moved by the same offset; the core
 * moves several shapes by their bounding box, so `to:` is that box's corner plus the offset. A
 * dragged group frame stands for all its members. Undefined when nothing moved (a click).
 */
export function dragEndOp(dragged: readonly DrawioFlowNode[], shapes: ReadonlyMap<string, ShapeRecord>): string | undefined {
  if (dragged.length === 0) return undefined;
  const refs: string[] = [];
  const moved: ShapeRecord[] = [];
  let offset: Point | undefined;
  for (const node of dragged) {
    if (node.type === 'container') {
      const group = node.data.record;
      refs.push(groupSelector(group.name));
      for (const shape of shapes.values()) if (shape.groupId === group.id) moved.push(shape);
      offset ??= { x: node.position.x - node.data.bounds.x, y: node.position.y - node.data.bounds.y };
    } else {
      const record = shapes.get(node.id) ?? node.data.record;
      refs.push(shapeRef(record.id));
      moved.push(record);
      const now = absolutePosition(node);
      offset ??= { x: now.x - record.x, y: now.y - record.y };
    }
  }
  const box = boundsOf(moved);
  if (!box || !offset || (Math.round(offset.x) === 0 && Math.round(offset.y) === 0)) return undefined;
  return moveOp(refs, { x: box.x + offset.x, y: box.y + offset.y });
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
