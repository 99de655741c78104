/**
 * The route the studio writes into an edge it makes, so that diagrams.net draws what the studio
 * means. An edge made here is written `edgeStyle=orthogonalEdgeStyle` with floating ends, and
 * diagrams.net's orthogonal connector runs such an edge from the middle of one side to the middle
 * of the other: between two shapes that line up across the edge but are not centred on each other
 * (a wide box over a narrow one) that is a dog-leg. There the studio fixes the ends off that line
 * (exitX/exitY, entryX/entryY, as diagrams.net writes a connection a person drops on a point) on
 * the line through the middle of the span the shapes share (through the middle of the narrower
 * shape, which then stays floating), so both draw one straight line. Elsewhere the
 * ends stay floating: diagrams.net's own routing is what is meant, and it follows the shapes when
 * they move. Pure.
 */
import type { Rect } from '../geometry';
import type { Face, Port } from '../model';
import { facingFaces } from './edge-geometry';
import type { EndBox } from './edge-perimeter';

/** Closer than this (px) counts as the same line. */
const SAME_LINE = 1e-6;

/** The fixed ends that make an edge between `source` and `target` straight, or undefined where its floating ends already are, or no straight line joins them. */
export function straightPorts(source: EndBox, target: EndBox): { exit?: Port; entry?: Port } | undefined {
  if (!plain(source) || !plain(target) || overlap(source, target)) return undefined;
  const { exit, entry } = facingFaces(source, target);
  const vertical = exit === 'top' || exit === 'bottom';
  const [at, size] = vertical ? (['x', 'w'] as const) : (['y', 'h'] as const);
  const start = Math.max(source[at], target[at]);
  const end = Math.min(source[at] + source[size], target[at] + target[size]);
  if (end - start <= SAME_LINE) return undefined;
  const centre = (box: Rect) => box[at] + box[size] / 2;
  // A fixed point on a round or slanted outline is moved onto it toward the centre: the line must run through the centre there.
  const held = [source, target].filter((box) => (box.perimeter?.kind ?? 'rectangle') !== 'rectangle').map(centre);
  if (held.length === 2 && Math.abs(held[0] - held[1]) > SAME_LINE) return undefined;
  const line = held[0] ?? (start + end) / 2;
  if (line <= start || line >= end) return undefined;
  // An end whose side's middle is on the line floats: diagrams.net's connector leaves it there.
  const fixed = (box: Rect, face: Face) => (Math.abs(centre(box) - line) <= SAME_LINE ? undefined : { face, at: (line - box[at]) / box[size] });
  const ports = { exit: fixed(source, exit), entry: fixed(target, entry) };
  if (!ports.exit && !ports.entry) return undefined;
  return { ...(ports.exit ? { exit: ports.exit } : {}), ...(ports.entry ? { entry: ports.entry } : {}) };
}

/** A box of some size, not turned, that edges may leave by any side. */
function plain(box: EndBox): boolean {
  return box.w > 0 && box.h > 0 && !box.perimeter?.turn && !box.perimeter?.portConstraint && box.perimeter?.kind !== 'center';
}

function overlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
