/**
 * The path of an edge through its waypoints: straight segments, orthogonal ones (draw.io's
 * orthogonal edge style bends at right angles on its way through each point) or a smooth curve.
 * Pure, so it is tested in Node.
 */
import type { Point, Rect } from '../geometry';
import type { EdgeEnd } from './edge-geometry';

export type EdgeRoute = 'routed' | 'straight' | 'curved';

export interface EdgePath {
  /** SVG path data. */
  path: string;
  /** Where the label goes: halfway along the path. */
  label: Point;
  /** The corners the path turns at, ends included (for the label and for hit tests). */
  corners: Point[];
}

const f = (n: number) => Math.round(n * 100) / 100;

const horizontal = (face: EdgeEnd['face']) => face === 'left' || face === 'right';

/** Orthogonal corners through the waypoints: leave and enter along the faces, bend in between. */
function orthogonalCorners(from: EdgeEnd, to: EdgeEnd, points: readonly Point[]): Point[] {
  const stops: Point[] = [from, ...points, to];
  const corners: Point[] = [{ x: from.x, y: from.y }];
  let lastHorizontal = !horizontal(from.face);
  for (let i = 1; i < stops.length; i++) {
    const a = corners[corners.length - 1];
    const b = stops[i];
    if (a.x !== b.x && a.y !== b.y) {
      // The last leg enters along the target's face; the others turn from the leg before.
      const goHorizontalFirst = i === stops.length - 1 ? !horizontal(to.face) : !lastHorizontal;
      corners.push(goHorizontalFirst ? { x: b.x, y: a.y } : { x: a.x, y: b.y });
      lastHorizontal = !goHorizontalFirst;
    } else {
      lastHorizontal = a.y === b.y;
    }
    corners.push({ x: b.x, y: b.y });
  }
  return corners;
}

/** The lengths of a polyline's segments. */
function segmentLengths(corners: readonly Point[]): number[] {
  return corners.slice(1).map((p, i) => Math.hypot(p.x - corners[i].x, p.y - corners[i].y));
}

/** The point `distance` along a polyline (its last point past its end). */
function pointAlong(corners: readonly Point[], distance: number): Point {
  const lengths = segmentLengths(corners);
  let rest = distance;
  for (let i = 0; i < lengths.length; i++) {
    if (rest <= lengths[i] && lengths[i] > 0) {
      const t = rest / lengths[i];
      return { x: corners[i].x + (corners[i + 1].x - corners[i].x) * t, y: corners[i].y + (corners[i + 1].y - corners[i].y) * t };
    }
    rest -= lengths[i];
  }
  return corners[corners.length - 1] ?? { x: 0, y: 0 };
}

/** How far along a polyline its point nearest to `p` lies. */
function distanceAlong(corners: readonly Point[], p: Point): number {
  const lengths = segmentLengths(corners);
  let best = { gap: Infinity, at: 0 };
  let before = 0;
  for (let i = 0; i < lengths.length; i++) {
    const [a, b] = [corners[i], corners[i + 1]];
    const t = lengths[i] > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / lengths[i] ** 2)) : 0;
    const gap = Math.hypot(a.x + (b.x - a.x) * t - p.x, a.y + (b.y - a.y) * t - p.y);
    if (gap < best.gap) best = { gap, at: before + lengths[i] * t };
    before += lengths[i];
  }
  return best.at;
}

/** Halfway along a polyline. */
export function midpointAlong(corners: readonly Point[]): Point {
  return pointAlong(corners, segmentLengths(corners).reduce((a, b) => a + b, 0) / 2);
}

/**
 * A curved edge as diagrams.net paints one (`curved=1`): its waypoints are the control points of
 * quadratic curves joined halfway between them, so the line bends toward each waypoint without
 * passing through it; with no waypoint it is straight.
 */
function curveThrough(stops: readonly Point[]): string {
  let path = `M${f(stops[0].x)},${f(stops[0].y)}`;
  const last = stops.length - 1;
  for (let i = 1; i < last - 1; i++) {
    const [control, next] = [stops[i], stops[i + 1]];
    path += ` Q${f(control.x)},${f(control.y)} ${f((control.x + next.x) / 2)},${f((control.y + next.y) / 2)}`;
  }
  const control = stops[Math.max(0, last - 1)];
  return `${path} Q${f(control.x)},${f(control.y)} ${f(stops[last].x)},${f(stops[last].y)}`;
}

/** Closer than this on both axes, two stops are one: diagrams.net turns an arrowhead by the next stop that is not. */
const SAME_STOP = 0.5;

/** Waypoints less a point within SAME_STOP of the stop before it or of the end (an elbow's half-pixel bend). */
function distinctStops(from: Point, to: Point, points: readonly Point[]): Point[] {
  const near = (a: Point, b: Point) => Math.abs(a.x - b.x) < SAME_STOP && Math.abs(a.y - b.y) < SAME_STOP;
  const kept: Point[] = [];
  for (const point of points) if (!near(point, kept[kept.length - 1] ?? from)) kept.push(point);
  while (kept.length > 0 && near(kept[kept.length - 1], to)) kept.pop();
  return kept;
}

/**
 * A polyline with its corners rounded as diagrams.net rounds an edge's (`rounded`, its default):
 * the line stops `radius` before each corner (at most half of either leg) and turns on a
 * quadratic curve whose control point is the corner.
 */
function roundedPolyline(corners: readonly Point[], radius: number): string {
  let path = `M${f(corners[0].x)},${f(corners[0].y)}`;
  for (let i = 1; i < corners.length - 1; i++) {
    const [before, corner, after] = [corners[i - 1], corners[i], corners[i + 1]];
    const into = Math.hypot(corner.x - before.x, corner.y - before.y);
    const out = Math.hypot(after.x - corner.x, after.y - corner.y);
    if (into < 1e-6 || out < 1e-6) {
      path += ` L${f(corner.x)},${f(corner.y)}`;
      continue;
    }
    const back = Math.min(radius, into / 2) / into;
    const on = Math.min(radius, out / 2) / out;
    const start = { x: corner.x - (corner.x - before.x) * back, y: corner.y - (corner.y - before.y) * back };
    const end = { x: corner.x + (after.x - corner.x) * on, y: corner.y + (after.y - corner.y) * on };
    path += ` L${f(start.x)},${f(start.y)} Q${f(corner.x)},${f(corner.y)} ${f(end.x)},${f(end.y)}`;
  }
  const last = corners[corners.length - 1];
  return `${path} L${f(last.x)},${f(last.y)}`;
}

/** An edge's path through its waypoints; `cornerRadius` rounds a straight or routed one's corners. */
export function edgePath(from: EdgeEnd, to: EdgeEnd, waypoints: readonly Point[], route: EdgeRoute, cornerRadius = 0): EdgePath {
  const points = distinctStops(from, to, waypoints);
  const stops: Point[] = [{ x: from.x, y: from.y }, ...points, { x: to.x, y: to.y }];
  if (route === 'curved') return { path: curveThrough(stops), label: midpointAlong(stops), corners: stops };
  const corners = route === 'routed' ? orthogonalCorners(from, to, points) : stops;
  const path = cornerRadius > 0 && corners.length > 2 ? roundedPolyline(corners, cornerRadius) : corners.map((p, i) => `${i === 0 ? 'M' : 'L'}${f(p.x)},${f(p.y)}`).join(' ');
  return { path, label: midpointAlong(corners), corners };
}

/**
 * Where a new waypoint can be pulled out between each two consecutive stops (the ends and the
 * waypoints): halfway along the drawn line between where the two lie on it, so each handle sits on
 * the line even where the route bends between them (an orthogonal edge's corners).
 */
export function insertionPoints(line: readonly Point[], stops: readonly Point[]): Point[] {
  let reached = 0;
  const along = stops.map((p) => (reached = Math.max(reached, distanceAlong(line, p))));
  return along.slice(1).map((end, i) => pointAlong(line, (along[i] + end) / 2));
}

/** diagrams.net's default `segment` of an entity-relation edge (mxConstants.ENTITY_SEGMENT). */
const ENTITY_SEGMENT = 30;

/**
 * The `segment` of an edge whose style is diagrams.net's entity-relation style
 * (`edgeStyle=entityRelationEdgeStyle`), or undefined for any other style.
 */
export function entityRelationSegment(style: ReadonlyMap<string, string>): number | undefined {
  if (style.get('edgeStyle') !== 'entityRelationEdgeStyle') return undefined;
  const segment = Number(style.get('segment'));
  return style.has('segment') && Number.isFinite(segment) ? segment : ENTITY_SEGMENT;
}

/** A box an edge is routed from, with the `routingCenterY` its shape's style gives (a share of its height below its middle). */
export type RoutedBox = Rect & { readonly perimeter?: { readonly routingCenterY?: number } };

/**
 * The height a routing leaves a box at (mxGraphView.getRoutingCenterY: the middle moved by
 * `routingCenterY` heights), kept on the box's side (where the orthogonal perimeter puts the end).
 */
function routingCenterY(box: RoutedBox): number {
  const y = box.y + box.h / 2 + (box.perimeter?.routingCenterY ?? 0) * box.h;
  return Math.min(box.y + box.h, Math.max(box.y, y));
}

/**
 * An entity-relation edge as diagrams.net routes it (mxEdgeStyle.EntityRelation): out of the side
 * of each table row that faces the other (the left side when the other lies wholly to the left),
 * `segment` px straight out at each end's routing centre (routingCenterY), then across; round the
 * outside when both leave on the same side; `curved=1` bends it through those points as a curved edge (edgePath).
 * Waypoints play no part in it, as in diagrams.net.
 */
export function entityRelationRoute(source: RoutedBox, target: RoutedBox, segment: number, cornerRadius = 0, curved = false): { from: EdgeEnd; to: EdgeEnd; path: EdgePath } {
  const sourceLeft = target.x + target.w < source.x;
  const targetLeft = source.x + source.w < target.x;
  const from: EdgeEnd = { x: sourceLeft ? source.x : source.x + source.w, y: routingCenterY(source), face: sourceLeft ? 'left' : 'right' };
  const to: EdgeEnd = { x: targetLeft ? target.x : target.x + target.w, y: routingCenterY(target), face: targetLeft ? 'left' : 'right' };
  const departure = { x: from.x + (sourceLeft ? -segment : segment), y: from.y };
  const arrival = { x: to.x + (targetLeft ? -segment : segment), y: to.y };
  let between: Point[];
  if (sourceLeft === targetLeft) {
    const x = sourceLeft ? Math.min(from.x, to.x) - segment : Math.max(from.x, to.x) + segment;
    between = [{ x, y: from.y }, { x, y: to.y }];
  } else if (departure.x < arrival.x === sourceLeft) {
    const middle = from.y + (to.y - from.y) / 2;
    between = [departure, { x: departure.x, y: middle }, { x: arrival.x, y: middle }, arrival];
  } else {
    between = [departure, arrival];
  }
  return { from, to, path: edgePath(from, to, between, curved ? 'curved' : 'straight', cornerRadius) };
}

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/**
 * An SVG path (absolute M, L, Q and C commands, as edge routes write them) with its first point
 * moved `startBy` forward and its last `endBy` back, each along the path's direction there (toward
 * the nearest other point; a curve's control point gives its tangent): where diagrams.net ends an
 * edge's line behind its arrowheads.
 */
export function shortenPath(path: string, startBy: number, endBy: number): string {
  if (startBy <= 0 && endBy <= 0) return path;
  const numbers = [...path.matchAll(NUMBER)];
  if (numbers.length < 4 || numbers.length % 2) return path;
  const pairs = Array.from({ length: numbers.length / 2 }, (_, i) => ({ x: Number(numbers[2 * i][0]), y: Number(numbers[2 * i + 1][0]) }));
  const moved = (index: number, step: 1 | -1, by: number): Point => {
    const p = pairs[index];
    let i = index + step;
    while (i > 0 && i < pairs.length - 1 && Math.hypot(pairs[i].x - p.x, pairs[i].y - p.y) < 1e-6) i += step;
    const q = pairs[i];
    const length = Math.hypot(q.x - p.x, q.y - p.y);
    if (by <= 0 || length < 1e-6) return p;
    return { x: p.x + ((q.x - p.x) / length) * by, y: p.y + ((q.y - p.y) / length) * by };
  };
  const first = moved(0, 1, startBy);
  const last = moved(pairs.length - 1, -1, endBy);
  const replacements = new Map([
    [0, first.x],
    [1, first.y],
    [numbers.length - 2, last.x],
    [numbers.length - 1, last.y],
  ]);
  let out = '';
  let at = 0;
  numbers.forEach((m, i) => {
    const value = replacements.get(i);
    out += path.slice(at, m.index) + (value === undefined ? m[0] : String(f(value)));
    at = m.index! + m[0].length;
  });
  return out + path.slice(at);
}
