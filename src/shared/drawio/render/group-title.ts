/**
 * Keeping a group's title bar clear of edges: the title moves sideways to where no edge crosses
 * the bar. Pure, tested in Node.
 */
import type { Rect } from '../geometry';
import type { EdgeRecord, ShapeRecord } from '../model';
import { edgeEnds } from './edge-geometry';

/** Room kept between the title and an edge crossing the bar. */
export const TITLE_CLEARANCE = 8;

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
