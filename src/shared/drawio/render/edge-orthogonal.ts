/**
 * diagrams.net's orthogonal edge style with no waypoints (`edgeStyle=orthogonalEdgeStyle`, its
 * OrthConnector): each end leaves its shape by a side and runs a jetty (`jettySize`, 10 px by
 * default, 20 for `auto`) straight out before it may turn; the sides are chosen by where the
 * shapes lie from each other (sideways when they are apart across, up or down when apart down,
 * out sideways and in from above or below when apart both ways), by the side a fixed connection
 * point lies on, and by the ends' port constraints (`portConstraint` on the shape, else the edge's
 * `sourcePortConstraint`/`targetPortConstraint`). Between the jetties the route takes the fewest
 * bends that stay out of both shapes and their jetty zones, through the middle of the gap
 * between the shapes where there is one. Pure; the result is the bends, the ends are then found
 * on the perimeters (or at the fixed points) toward them.
 */
import type { Point, Rect } from '../geometry';
import type { Face } from '../model';

/** One end of an orthogonal route: its shape's box (none for a loose end), its fixed point, its jetty and the sides it may leave by. */
export interface OrthogonalEnd {
  readonly box?: Rect;
  /** A fixed connection point, or a loose end's point. */
  readonly point?: Point;
  readonly jetty: number;
  /** The sides allowed by a port constraint; every side when absent or empty. */
  readonly sides?: ReadonlySet<Face>;
}

/** diagrams.net's jetty when the style gives none (mxEdgeStyle.orthBuffer). */
export const ORTH_BUFFER = 10;
/** A fixed point this near a side (px) leaves by that side. */
const ON_SIDE = 1;

const OPPOSITE: Readonly<Record<Face, Face>> = { left: 'right', right: 'left', top: 'bottom', bottom: 'top' };
const horizontal = (face: Face) => face === 'left' || face === 'right';

/** The sides a port constraint names (`north`, `south,east`...): every side when it names none. */
export function portConstraintSides(value: string | undefined): ReadonlySet<Face> | undefined {
  if (!value) return undefined;
  const named: Array<[string, Face]> = [
    ['north', 'top'],
    ['south', 'bottom'],
    ['west', 'left'],
    ['east', 'right'],
  ];
  const sides = new Set(named.filter(([word]) => value.includes(word)).map(([, face]) => face));
  return sides.size > 0 ? sides : undefined;
}

/**
 * The jetty of one end as diagrams.net sizes it: the style's `sourceJettySize`/`targetJettySize`,
 * else `jettySize`, else 10 px; `auto` clears the end's arrowhead (at least 20 px, in steps of 10).
 */
export function jettySize(style: ReadonlyMap<string, string>, end: 'source' | 'target'): number {
  const value = style.get(`${end}JettySize`) ?? style.get('jettySize');
  if (value === 'auto') {
    const arrow = style.get(end === 'source' ? 'startArrow' : 'endArrow') ?? (end === 'target' ? 'classic' : 'none');
    if (arrow === 'none' || arrow === '') return 2 * ORTH_BUFFER;
    const size = Number(style.get(end === 'source' ? 'startSize' : 'endSize') ?? 6);
    return Math.max(2, Math.ceil(((Number.isFinite(size) ? size : 6) + ORTH_BUFFER) / ORTH_BUFFER)) * ORTH_BUFFER;
  }
  const size = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(size) ? size : ORTH_BUFFER;
}

/** The side of its box a fixed point lies on (within a pixel), a side across it overruling one along it. */
function sideOfPoint(box: Rect, point: Point): Face | undefined {
  let side: Face | undefined;
  if (Math.abs(point.x - box.x) <= ON_SIDE) side = 'left';
  else if (Math.abs(point.x - box.x - box.w) <= ON_SIDE) side = 'right';
  if (Math.abs(point.y - box.y) <= ON_SIDE) side = 'top';
  else if (Math.abs(point.y - box.y - box.h) <= ON_SIDE) side = 'bottom';
  return side;
}

/**
 * The sides the two ends leave by: a fixed point's side; else by the gaps between the boxes
 * (the larger gap across and the larger gap down give each end its preferred side each way),
 * preferring out sideways and in from above or below when the boxes are apart both ways, and
 * skipping sides a port constraint forbids.
 */
function chooseSides(source: Rect, target: Rect, fixed: [Face | undefined, Face | undefined], allowed: [ReadonlySet<Face> | undefined, ReadonlySet<Face> | undefined]): [Face, Face] {
  const gapAbove = source.y - (target.y + target.h);
  const gapLeft = source.x - (target.x + target.w);
  const gapBelow = target.y - (source.y + source.h);
  const gapRight = target.x - (source.x + source.w);
  const may = (end: 0 | 1, face: Face) => !allowed[end] || allowed[end]!.has(face);
  const across: [Face, Face] = gapLeft >= gapRight ? ['left', 'right'] : ['right', 'left'];
  const down: [Face, Face] = gapAbove >= gapBelow ? ['top', 'bottom'] : ['bottom', 'top'];
  for (const end of [0, 1] as const) {
    if (fixed[end]) continue;
    if (!may(end, across[end])) across[end] = OPPOSITE[across[end]];
    if (!may(end, down[end])) down[end] = OPPOSITE[down[end]];
  }
  const apartAcross = Math.max(gapLeft, gapRight) > 0;
  const apartDown = Math.max(gapAbove, gapBelow) > 0;
  let order: [[Face, Face], [Face, Face]] = [
    [down[0], across[0]],
    [down[1], across[1]],
  ];
  if (apartAcross && apartDown && may(0, across[0]) && may(1, down[1])) order = [[across[0], down[0]], [down[1], across[1]]];
  else if (apartAcross && apartDown && may(0, down[0]) && may(1, across[1])) order = [[down[0], across[0]], [across[1], down[1]]];
  else if (!apartDown && apartAcross) order = [[across[0], down[0]], [across[1], down[1]]];
  return [0, 1].map((end) => {
    const fixedSide = fixed[end];
    if (fixedSide) return fixedSide;
    const sides = allowed[end];
    if (sides?.size === 1) return [...sides][0];
    return order[end].find((face) => may(end as 0 | 1, face)) ?? order[end][0];
  }) as [Face, Face];
}

/** A candidate line the route may run along, with how much diagrams.net's routes favour it (lower first). */
interface Lane {
  readonly at: number;
  readonly rank: number;
}

/** The point a jetty reaches: out of `box` by `side`, `jetty` px beyond it, level with `along` (the fixed point or the centre). */
function jettyEnd(box: Rect, side: Face, jetty: number, along: Point): Point {
  switch (side) {
    case 'left':
      return { x: box.x - jetty, y: along.y };
    case 'right':
      return { x: box.x + box.w + jetty, y: along.y };
    case 'top':
      return { x: along.x, y: box.y - jetty };
    case 'bottom':
      return { x: along.x, y: box.y + box.h + jetty };
  }
}

const grown = (box: Rect, by: number): Rect => ({ x: box.x - by, y: box.y - by, w: box.w + 2 * by, h: box.h + 2 * by });

/** Whether the segment from a to b (level or upright) passes through the inside of a box. */
function crosses(box: Rect, a: Point, b: Point): boolean {
  const [left, right] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [top, bottom] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  const eps = 1e-6;
  const overlapX = a.x === b.x ? a.x > box.x + eps && a.x < box.x + box.w - eps : right > box.x + eps && left < box.x + box.w - eps;
  const overlapY = a.y === b.y ? a.y > box.y + eps && a.y < box.y + box.h - eps : bottom > box.y + eps && top < box.y + box.h - eps;
  return overlapX && overlapY;
}

/** The lanes across one axis: each end's own line (favoured), the middle of the gap, the jetty lines and the zones' sides. */
function lanes(axis: 'x' | 'y', ends: Array<{ jetty: Point; side: Face }>, zones: [Rect, Rect]): Lane[] {
  const size = axis === 'x' ? 'w' : 'h';
  const out: Lane[] = [];
  for (const { jetty, side } of ends) out.push({ at: jetty[axis], rank: horizontal(side) === (axis === 'y') ? 0 : 2 });
  const [a, b] = zones;
  if (b[axis] > a[axis] + a[size]) out.push({ at: (a[axis] + a[size] + b[axis]) / 2, rank: 1 });
  else if (a[axis] > b[axis] + b[size]) out.push({ at: (b[axis] + b[size] + a[axis]) / 2, rank: 1 });
  for (const zone of zones) out.push({ at: zone[axis], rank: 3 }, { at: zone[axis] + zone[size], rank: 3 });
  return out;
}

/** A path's cost, compared in order: bends, then length, then how little favoured its lanes are. */
const better = (bends: number, length: number, rank: number, than: { bends: number; length: number; rank: number }) =>
  bends - than.bends || length - than.length || rank - than.rank;

/**
 * The cheapest path of level and upright runs from `start` (reached running along `startAxis`)
 * to `end` (left running along `endAxis`) over the lanes' crossings, staying out of `zones`:
 * fewest bends, then shortest, then along the most favoured lanes. Its corners, or undefined
 * when no such path exists. A run goes from a crossing to another on its row or its column.
 */
function cheapestPath(start: Point, startAxis: 'x' | 'y', end: Point, endAxis: 'x' | 'y', xs: Lane[], ys: Lane[], zones: readonly Rect[]): Point[] | undefined {
  const [nx, ny] = [xs.length, ys.length];
  const at = (node: number): Point => ({ x: xs[Math.floor(node / ny)].at, y: ys[node % ny].at });
  const nodeOf = (p: Point) => xs.findIndex((lane) => lane.at === p.x) * ny + ys.findIndex((lane) => lane.at === p.y);
  const [startNode, endNode] = [nodeOf(start), nodeOf(end)];
  // States: a crossing and the axis of the run that reached it (0 level, 1 upright).
  const states = nx * ny * 2;
  const cost = Array.from({ length: states }, () => ({ bends: Infinity, length: Infinity, rank: Infinity, from: -1, done: false }));
  const first = cost[startNode * 2 + (startAxis === 'x' ? 0 : 1)];
  Object.assign(first, { bends: 0, length: 0, rank: 0 });
  for (;;) {
    let current = -1;
    for (let state = 0; state < states; state++) {
      const entry = cost[state];
      if (!entry.done && entry.bends !== Infinity && (current < 0 || better(entry.bends, entry.length, entry.rank, cost[current]) < 0)) current = state;
    }
    if (current < 0) return undefined;
    const here = cost[current];
    here.done = true;
    const node = current >> 1;
    const axis = current & 1;
    if (node === endNode) return cornersOf(cost, current, endAxis === 'x' ? 0 : 1, at);
    const [xi, yi] = [Math.floor(node / ny), node % ny];
    const p = at(node);
    // Level runs along this row, upright runs along this column.
    const reachable: Array<[number, 0 | 1, number]> = [];
    for (let x = 0; x < nx; x++) if (x !== xi) reachable.push([x * ny + yi, 0, ys[yi].rank]);
    for (let y = 0; y < ny; y++) if (y !== yi) reachable.push([xi * ny + y, 1, xs[xi].rank]);
    for (const [next, runAxis, laneRank] of reachable) {
      const state = next * 2 + runAxis;
      const target = cost[state];
      if (target.done) continue;
      const q = at(next);
      const bends = here.bends + (runAxis !== axis ? 1 : 0) + (next === endNode && runAxis !== (endAxis === 'x' ? 0 : 1) ? 1 : 0);
      const length = here.length + Math.abs(q.x - p.x) + Math.abs(q.y - p.y);
      const rank = here.rank + laneRank;
      if (better(bends, length, rank, target) >= 0 || zones.some((zone) => crosses(zone, p, q))) continue;
      Object.assign(target, { bends, length, rank, from: current });
    }
  }
}

/** The corners of the path that reached `state`: where the run's axis changes, the last run then leaving along `endAxis`. */
function cornersOf(cost: ReadonlyArray<{ from: number }>, state: number, endAxis: number, at: (node: number) => Point): Point[] {
  const corners: Point[] = [];
  let leaving = endAxis;
  for (let current = state; current >= 0; current = cost[current].from) {
    if ((current & 1) !== leaving) corners.unshift(at(current >> 1));
    leaving = current & 1;
  }
  return corners;
}

const tenth = (n: number) => Math.round(n * 10) / 10;

/**
 * The bends of an orthogonal edge with no waypoints, as diagrams.net routes it; undefined when
 * its fixed ends lie closer than their two jetties (diagrams.net then joins them by its plain
 * segment routing).
 */
export function orthogonalBends(source: OrthogonalEnd, target: OrthogonalEnd): Point[] | undefined {
  const sourceBox = source.box ?? { ...(source.point ?? { x: 0, y: 0 }), w: 0, h: 0 };
  const targetBox = target.box ?? { ...(target.point ?? { x: 0, y: 0 }), w: 0, h: 0 };
  let [sourceJetty, targetJetty] = [source.jetty, target.jetty];
  if (source.box && target.box && source.box === target.box) sourceJetty = targetJetty = Math.max(sourceJetty, targetJetty);
  if (source.point && target.point && Math.hypot(target.point.x - source.point.x, target.point.y - source.point.y) < sourceJetty + targetJetty) return undefined;
  // A loose end has no side of its own; a fixed point leaves by the side it lies on.
  const fixed: [Face | undefined, Face | undefined] = [
    source.box && source.point ? sideOfPoint(source.box, source.point) : undefined,
    target.box && target.point ? sideOfPoint(target.box, target.point) : undefined,
  ];
  const [sourceSide, targetSide] = chooseSides(sourceBox, targetBox, fixed, [source.sides, target.sides]);
  const centre = (box: Rect) => ({ x: box.x + box.w / 2, y: box.y + box.h / 2 });
  const start = jettyEnd(sourceBox, sourceSide, sourceJetty, source.box && source.point ? source.point : centre(sourceBox));
  const end = jettyEnd(targetBox, targetSide, targetJetty, target.box && target.point ? target.point : centre(targetBox));
  const zones: [Rect, Rect] = [grown(sourceBox, sourceJetty), grown(targetBox, targetJetty)];
  const ends = [
    { jetty: start, side: sourceSide },
    { jetty: end, side: targetSide },
  ];
  const xs = unique(lanes('x', ends, zones));
  const ys = unique(lanes('y', ends, zones));
  const axisOf = (side: Face) => (horizontal(side) ? 'x' : 'y');
  const corners = cheapestPath(start, axisOf(sourceSide), end, axisOf(targetSide), xs, ys, zones) ?? cheapestPath(start, axisOf(sourceSide), end, axisOf(targetSide), xs, ys, []) ?? [];
  return corners.map((p) => ({ x: tenth(p.x), y: tenth(p.y) }));
}

/** Lanes at distinct places, each with its most favoured rank. */
function unique(all: Lane[]): Lane[] {
  const byPlace = new Map<number, Lane>();
  for (const lane of all) {
    const known = byPlace.get(lane.at);
    if (!known || lane.rank < known.rank) byPlace.set(lane.at, lane);
  }
  return [...byPlace.values()];
}
