/**
 * diagrams.net's elbow edge (`edgeStyle=elbowEdgeStyle`): one bend or two between its ends, placed
 * by its first waypoint only (the others are kept in the file but play no part), sideways by
 * default or top to bottom with `elbow=vertical` (or when that first point lies above or below
 * both ends). An end fixed to a point (a port or a loose end) is routed from that point; a floating
 * end from its shape's box. Pure.
 */
import type { Point, Rect } from '../geometry';

/** Whether a box holds a point, its sides included. */
function holds(box: Rect, x: number, y: number): boolean {
  return x >= box.x && x <= box.x + box.w && y >= box.y && y <= box.y + box.h;
}

/**
 * Which way an elbow edge runs: top to bottom when its hint lies above or below both shapes (and
 * not beside them), or with no hint when the shapes' spans across meet in a line; else as the
 * style's `elbow` says (sideways unless `vertical`).
 */
export function elbowRunsVertically(source: Rect | undefined, target: Rect | undefined, hint: Point | undefined, elbowVertical: boolean): boolean {
  let vertical = false;
  let sideways = false;
  if (source && target) {
    if (hint) {
      vertical = hint.y < Math.min(source.y, target.y) || hint.y > Math.max(source.y + source.h, target.y + target.h);
      sideways = hint.x < Math.min(source.x, target.x) || hint.x > Math.max(source.x + source.w, target.x + target.w);
    } else {
      vertical = Math.max(source.x, target.x) === Math.min(source.x + source.w, target.x + target.w);
      if (!vertical) sideways = Math.max(source.y, target.y) === Math.min(source.y + source.h, target.y + target.h);
    }
  }
  return !sideways && (vertical || elbowVertical);
}

/**
 * The bends of an elbow edge between `from` and `to` (each a shape's box, or a box of no size at a
 * fixed end's point), by its hint. Bends that would fall inside either end are left out.
 */
export function elbowBends(from: Rect, to: Rect, hint: Point | undefined, vertical: boolean): Point[] {
  const bends: Point[] = [];
  const add = (x: number, y: number) => {
    if (!holds(from, x, y) && !holds(to, x, y)) bends.push({ x, y });
  };
  // The axis the edge runs along, and the one across it, so one routine serves both ways.
  const [along, across, size, crossSize] = vertical ? (['y', 'x', 'h', 'w'] as const) : (['x', 'y', 'w', 'h'] as const);
  const point = (a: number, c: number) => (vertical ? { x: c, y: a } : { x: a, y: c });
  const place = (p: Point) => add(p.x, p.y);
  const middle = (box: Rect) => box[across] + box[crossSize] / 2;
  const inSpan = (box: Rect, at: number) => at >= box[across] && at <= box[across] + box[crossSize];
  // The bend line: at the hint, else halfway between the two ends' facing sides (diagrams.net
  // rounds it to its screen's pixel, which leaves a line to a fixed end straight; unrounded does too).
  const low = Math.max(from[along], to[along]);
  const high = Math.min(from[along] + from[size], to[along] + to[size]);
  const line = hint ? hint[along] : high + (low - high) / 2;
  const start = hint && inSpan(from, hint[across]) ? hint[across] : middle(from);
  const end = hint && inSpan(to, hint[across]) ? hint[across] : middle(to);
  place(point(line, start));
  place(point(line, end));
  // Both bends fell inside the ends (the ends face each other): one bend on the line, between them.
  if (bends.length === 0) {
    if (hint) place(point(line, hint[across]));
    else {
      const spanLow = Math.max(from[across], to[across]);
      const spanHigh = Math.min(from[across] + from[crossSize], to[across] + to[crossSize]);
      bends.push(point(line, spanLow + (spanHigh - spanLow) / 2));
    }
  }
  return bends;
}
