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

type Cost = [bends: number, length: number, rank: number];
const better = (a: Cost, b: Cost) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * The cheapest path of level and upright runs from `start` (reached running along `startAxis`)
 * to `end` (left running along `endAxis`) over the lanes' crossings, staying out of `zones`:
 * fewest bends, then shortest, then along the most favoured lanes. Its corners, or undefined
 * when no such path exists.
 */
function cheapestPath(start: Point, startAxis: 'x' | 'y', end: Point, endAxis: 'x' | 'y', xs: Lane[], ys: Lane[], zones: readonly Rect[]): Point[] | undefined {
  const nodes: Array<{ p: Point; xRank: number; yRank: number }> = [];
  for (const x of xs) for (const y of ys) nodes.push({ p: { x: x.at, y: y.at }, xRank: x.rank, yRank: y.rank });
  const same = (a: Point, b: Point) => Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.y - b.y) < 1e-9;
  const startIndex = nodes.findIndex((n) => same(n.p, start));
  const endIndex = nodes.findIndex((n) => same(n.p, end));
  // State: node and the axis of the run that reached it.
  const key = (node: number, axis: 'x' | 'y') => node * 2 + (axis === 'x' ? 0 : 1);
  const best = new Map<number, { cost: Cost; from?: number }>([[key(startIndex, startAxis), { cost: [0, 0, 0] }]]);
  const done = new Set<number>();
  for (;;) {
    let current: number | undefined;
    for (const [state, entry] of best) if (!done.has(state) && (current === undefined || better(entry.cost, best.get(current)!.cost) < 0)) current = state;
    if (current === undefined) return undefined;
    done.add(current);
    const [node, axis] = [Math.floor(current / 2), current % 2 === 0 ? 'x' : ('y' as const)];
    if (node === endIndex) {
      const corners: Point[] = [];
      let state: number | undefined = current;
      let lastAxis: 'x' | 'y' = endAxis;
      while (state !== undefined) {
        const stateAxis = state % 2 === 0 ? 'x' : 'y';
        if (stateAxis !== lastAxis) corners.unshift(nodes[Math.floor(state / 2)].p);
        lastAxis = stateAxis;
        state = best.get(state)!.from;
      }
      return corners;
    }
    const here = nodes[node];
    const cost = best.get(current)!.cost;
    for (const [index, next] of nodes.entries()) {
      if (index === node) continue;
      const runAxis = next.p.y === here.p.y ? 'x' : next.p.x === here.p.x ? 'y' : undefined;
      if (!runAxis || zones.some((zone) => crosses(zone, here.p, next.p))) continue;
      const bends = cost[0] + (runAxis !== axis ? 1 : 0) + (index === endIndex && runAxis !== endAxis ? 1 : 0);
      const length = cost[1] + Math.abs(next.p.x - here.p.x) + Math.abs(next.p.y - here.p.y);
      const candidate: Cost = [bends, length, cost[2] + (runAxis === 'x' ? here.yRank : here.xRank)];
      const state = key(index, runAxis);
      const known = best.get(state);
      if (!done.has(state) && (!known || better(candidate, known.cost) < 0)) best.set(state, { cost: candidate, from: current });
    }
  }
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
