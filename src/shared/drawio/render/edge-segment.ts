/**
 * diagrams.net's segment routing (mxEdgeStyle.SegmentConnector): what `edgeStyle=segmentEdgeStyle`
 * draws, and what an orthogonal edge with waypoints draws (and one whose fixed ends lie too close
 * for its jetties). The waypoints are hints that its runs pass through: the run through the first
 * one is level or upright as the ends allow, then the runs turn at each hint in turn, each taking
 * one coordinate of its hint; a run joins each end, bending once where the end lies off the
 * line. Bends inside a floating end's shape are dropped. Pure; the result is the bends, the ends
 * are then found on the perimeters (or at the fixed points) toward them.
 */
import type { Point, Rect } from '../geometry';

/** One end: its shape's box (none for a loose end) and its fixed or loose point (none for a floating end). */
export interface SegmentEnd {
  readonly box?: Rect;
  readonly point?: Point;
}

/** Closer than this (px), a hint is taken as level or upright with an end. */
const SNAP = 1;

const centre = (box: Rect): Point => ({ x: box.x + box.w / 2, y: box.y + box.h / 2 });
const spansY = (box: Rect | undefined, y: number) => box !== undefined && y >= box.y && y <= box.y + box.h;
const spansX = (box: Rect | undefined, x: number) => box !== undefined && x >= box.x && x <= box.x + box.w;
const holds = (box: Rect, p: Point) => spansX(box, p.x) && spansY(box, p.y);

/**
 * Whether the run through the first hint is level: decided at the source when the hint lines up
 * with it only one way, else at the target (there, with an odd count of hints, the other way
 * round). A hint on the source's fixed point itself is dropped.
 */
function firstRunLevel(source: SegmentEnd, target: SegmentEnd, hints: Point[]): { level: boolean; hints: Point[] } {
  let remaining = hints;
  const sides: Array<[SegmentEnd, Point]> = [
    [source, hints[0]],
    [target, hints[hints.length - 1]],
  ];
  for (const [index, [end, hint]] of sides.entries()) {
    // A floating end lines up with a hint within its box's span; a fixed end only exactly.
    const sameX = end.point !== undefined && end.point.x === hint.x;
    const sameY = end.point !== undefined && end.point.y === hint.y;
    const box = end.point ? undefined : end.box;
    const canLevel = sameY || (!end.point && spansY(box, hint.y));
    const canUpright = sameX || (!end.point && spansX(box, hint.x));
    if (index === 0 && ((canLevel && canUpright) || (sameX && sameY))) {
      if (sameX && sameY) remaining = remaining.slice(1);
      continue;
    }
    if (canLevel || canUpright) return { level: index === 1 && remaining.length % 2 !== 0 ? canUpright : canLevel, hints: remaining };
  }
  return { level: true, hints: remaining };
}

/** The bend that joins `from` to a run along `level` through `at`, where `from` (a fixed point, or a floating end's box) lies off it. */
function joinBend(end: SegmentEnd, from: Point, at: Point, level: boolean): Point | undefined {
  if (level) {
    const off = end.point ? end.point.y !== at.y : end.box !== undefined && !spansY(end.box, at.y);
    return off ? { x: from.x, y: at.y } : undefined;
  }
  const off = end.point ? end.point.x !== at.x : end.box !== undefined && !spansX(end.box, at.x);
  return off ? { x: at.x, y: from.y } : undefined;
}

const tenth = (n: number) => Math.round(n * 10) / 10;

/** A point this routing moves as it goes. */
type Movable = { x: number; y: number };

/** The bends of a segment-routed edge through its hints (waypoints), as diagrams.net routes it. */
export function segmentBends(source: SegmentEnd, target: SegmentEnd, waypoints: readonly Point[]): Point[] {
  const start = source.point ?? (source.box ? centre(source.box) : { x: 0, y: 0 });
  const finish = target.point ?? (target.box ? centre(target.box) : start);
  const bends: Point[] = [];
  let last = start;
  let level = true;
  if (waypoints.length > 0) {
    const hints: Movable[] = waypoints.map((p) => ({ x: p.x, y: p.y }));
    // Hints within a pixel of an end's line are on it.
    const snap = (hint: Movable, end: Point) => {
      if (Math.abs(hint.x - end.x) < SNAP) hint.x = end.x;
      if (Math.abs(hint.y - end.y) < SNAP) hint.y = end.y;
    };
    snap(hints[0], start);
    if (target.point) snap(hints[hints.length - 1], target.point);
    const first = hints[0];
    const chosen = firstRunLevel(source, target, hints);
    level = chosen.level;
    const joined = joinBend(source, start, first, level);
    if (joined) bends.push(joined);
    const cursor: Movable = level ? { x: start.x, y: first.y } : { x: first.x, y: start.y };
    last = first;
    for (const hint of chosen.hints) {
      level = !level;
      if (level) cursor.y = hint.y;
      else cursor.x = hint.x;
      bends.push({ ...cursor });
      last = hint;
    }
  }
  const joined = joinBend(target, finish, last, level);
  if (joined) bends.push(joined);
  // Bends inside a floating end's shape are not drawn.
  if (!source.point && source.box) while (bends.length > 0 && holds(source.box, bends[0])) bends.shift();
  if (!target.point && target.box) while (bends.length > 0 && holds(target.box, bends[bends.length - 1])) bends.pop();
  const kept: Movable[] = [];
  for (const bend of bends) {
    const point = { x: tenth(bend.x), y: tenth(bend.y) };
    const previous = kept[kept.length - 1];
    if (!previous || Math.abs(previous.x - point.x) >= SNAP || Math.abs(previous.y - point.y) >= SNAP) kept.push(point);
  }
  // A last bend on the target's fixed point is that point.
  const end = target.point;
  if (end && kept.length > 0 && Math.abs(kept[kept.length - 1].x - end.x) <= SNAP && Math.abs(kept[kept.length - 1].y - end.y) <= SNAP) {
    kept.pop();
    const before = kept[kept.length - 1];
    if (before) {
      if (Math.abs(before.x - end.x) < SNAP) before.x = end.x;
      if (Math.abs(before.y - end.y) < SNAP) before.y = end.y;
    }
  }
  return kept;
}
