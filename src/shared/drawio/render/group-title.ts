/**
 * Keeping a group's title bar clear of edges: the title moves sideways to where no edge crosses
 * the bar. Pure, tested in Node.
 */
import type { Rect } from '../geometry';
import type { EdgeRecord, ShapeRecord } from '../model';
import { pathPolyline } from './edge-label';
import { perimeterBox, shapePerimeter } from './edge-perimeter';
import { edgeRoute } from './edge-route';

/** Room kept between the title and an edge crossing the bar. */
export const TITLE_CLEARANCE = 8;

/**
 * The x positions (from the frame's left) where edges between a member of the group and a shape
 * outside it cross the frame's top line, along the routes they are drawn with (edgeRoute).
 */
export function titleCrossings(groupId: string, frame: Rect, shapes: ReadonlyMap<string, ShapeRecord>, edges: Iterable<EdgeRecord>): number[] {
  const crossings: number[] = [];
  const box = (shape: ShapeRecord) => perimeterBox({ x: shape.x, y: shape.y, w: shape.w, h: shape.h }, shapePerimeter(shape));
  for (const edge of edges) {
    const source = shapes.get(edge.source);
    const target = shapes.get(edge.target);
    if (!source || !target || (source.groupId === groupId) === (target.groupId === groupId)) continue;
    const line = pathPolyline(edgeRoute(edge, box(source), box(target)).path);
    for (let i = 1; i < line.length; i++) {
      const [a, b] = [line[i - 1], line[i]];
      if ((a.y - frame.y) * (b.y - frame.y) > 0 || a.y === b.y) continue;
      const x = a.x + ((frame.y - a.y) / (b.y - a.y)) * (b.x - a.x);
      if (x >= frame.x && x <= frame.x + frame.w) crossings.push(x - frame.x);
    }
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
