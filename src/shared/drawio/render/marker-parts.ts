/**
 * The parts a named edge end is drawn with (file-markers draws them): paths, circles and half
 * circles, each filled in the line's colour, in the edge's own fillColor, or not at all, given
 * pointing along +x with the end at the origin (y as the canvas's, so +y is the line's right going
 * forward). Pure.
 */
import type { Point } from '../geometry';

/** How a part is filled: in the line's colour, in the edge's fillColor, or not. */
export type PartFill = 'ink' | 'own' | 'none';

export type MarkerPart =
  /** A line through the points, closed and filled when it says so. */
  | { kind: 'path'; points: Point[]; closed?: boolean; fill?: PartFill }
  | { kind: 'circle'; cx: number; r: number; fill: PartFill }
  /** A half circle from `from` to `to` round the back (the library's arc of radius size / 2 between points L apart, widened to L / 2 as an SVG arc is). */
  | { kind: 'arc'; from: Point; to: Point; r: number; fill: PartFill };

/** How far the parts reach back from the end, across the line, and past the end. */
export function partsReach(parts: readonly MarkerPart[]): { back: number; half: number; past: number } {
  const points = parts.flatMap((part): Point[] => {
    if (part.kind === 'path') return part.points;
    if (part.kind === 'circle') return [{ x: part.cx - part.r, y: part.r }, { x: part.cx + part.r, y: -part.r }];
    // The half circle round the back of its chord's midpoint.
    const mid = { x: (part.from.x + part.to.x) / 2, y: (part.from.y + part.to.y) / 2 };
    return [part.from, part.to, { x: mid.x - part.r, y: mid.y }];
  });
  return {
    back: Math.max(0, ...points.map((p) => -p.x)),
    half: Math.max(0, ...points.map((p) => Math.abs(p.y))),
    past: Math.max(0, ...points.map((p) => p.x)),
  };
}
