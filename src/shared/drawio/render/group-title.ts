/**
 * Keeping a group's title bar clear of edges. An edge into or out of a group turns in the gap
 * between the frames (never along the title bar), and the title moves sideways to where no edge
 * crosses the bar. Pure, tested in Node.
 */
import type { Rect } from '../geometry';
import type { EdgeRecord, ShapeRecord } from '../model';
import { edgeEnds, type EdgeEnd } from './edge-geometry';

/** Room kept between the title and an edge crossing the bar. */
export const TITLE_CLEARANCE = 8;

/**
 * Where a right-angled edge between facing ends turns, when one or both ends sit in a group the
 * other is not in (`sourceFrame`, `targetFrame`): half way across the gap between the frames
 * (or between a frame and the other shape), so the turn runs outside every frame. Empty when the
 * ends do not face each other or the frames leave no gap; the path then turns where it would.
 */
export function bendOutsideFrames(from: EdgeEnd, to: EdgeEnd, sourceFrame?: Rect, targetFrame?: Rect): { centerX?: number; centerY?: number } {
  if (!sourceFrame && !targetFrame) return {};
  const down = from.face === 'bottom' && to.face === 'top';
  const up = from.face === 'top' && to.face === 'bottom';
  const right = from.face === 'right' && to.face === 'left';
  const left = from.face === 'left' && to.face === 'right';
  const gap = (lowEnd: number, lowFrame: number | undefined, highEnd: number, highFrame: number | undefined) => {
    const low = lowFrame ?? lowEnd;
    const high = highFrame ?? highEnd;
    return high > low ? (low + high) / 2 : undefined;
  };
  const bottom = (r?: Rect) => (r ? r.y + r.h : undefined);
  const rightSide = (r?: Rect) => (r ? r.x + r.w : undefined);
  if (down) return defined('centerY', gap(from.y, bottom(sourceFrame), to.y, targetFrame?.y));
  if (up) return defined('centerY', gap(to.y, bottom(targetFrame), from.y, sourceFrame?.y));
  if (right) return defined('centerX', gap(from.x, rightSide(sourceFrame), to.x, targetFrame?.x));
  if (left) return defined('centerX', gap(to.x, rightSide(targetFrame), from.x, sourceFrame?.x));
  return {};
}

function defined<K extends 'centerX' | 'centerY'>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}

/**
 * The x positions (from the frame's left) where edges between a member of the group and a shape
 * outside it cross the title bar: the ends they have on a member's top face.
 */
export function titleCrossings(groupId: string, frame: Rect, shapes: ReadonlyMap<string, ShapeRecord>, edges: Iterable<EdgeRecord>): number[] {
  const crossings: number[] = [];
  for (const edge of edges) {
    const source = shapes.get(edge.source);
    const target = shapes.get(edge.target);
    if (!source || !target || (source.groupId === groupId) === (target.groupId === groupId)) continue;
    const { from, to } = edgeEnds(source, target, edge.exit, edge.entry);
    const inside = source.groupId === groupId ? from : to;
    if (inside.face === 'top') crossings.push(inside.x - frame.x);
  }
  return crossings.sort((a, b) => a - b);
}

/**
 * Where the title goes along a bar `width` wide: the leftmost stretch between `crossings` that
 * holds `titleWidth` with room to spare, else the widest stretch (where it is cut short).
 */
export function titlePlacement(width: number, crossings: readonly number[], titleWidth: number): { left: number; maxWidth: number } {
  const gaps: Array<{ left: number; maxWidth: number }> = [];
  let start = 0;
  for (const x of [...crossings].sort((a, b) => a - b)) {
    if (x < 0 || x > width) continue;
    gaps.push({ left: start, maxWidth: x - TITLE_CLEARANCE - start });
    start = Math.max(start, x + TITLE_CLEARANCE);
  }
  gaps.push({ left: start, maxWidth: width - start });
  const open = gaps.filter((g) => g.maxWidth > 0);
  const fits = open.find((g) => g.maxWidth >= titleWidth);
  if (fits) return fits;
  return open.reduce((best, g) => (g.maxWidth > best.maxWidth ? g : best), { left: 0, maxWidth: 0 });
}
