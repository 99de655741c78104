/**
 * Where diagrams.net ends an edge on a shape it is not fixed to (a floating end): on the shape's
 * perimeter, where the line from the shape's centre toward the edge's next point (its first
 * waypoint, else the other end) crosses it. The perimeter is the style's `perimeter`, else the one
 * its shape has by default (an ellipse's, a rhombus's, a triangle's), else the rectangle of its
 * box, stencils included; a triangle, hexagon, parallelogram or trapezoid perimeter follows its
 * outline; a callout's is the rectangle of its body (its box less the pointer). An orthogonally routed edge leaves a rectangle straight across from that point where it
 * can (mxPerimeter's orthogonal projection). Pure.
 */
import { directedBounds, type Point, type Rect } from '../geometry';
import { fileStyleText, shapeStyleText, type Face, type GroupRecord, type Port, type ShapeRecord } from '../model';
import { namesStyle, styleEntries, styleNumber } from '../stencils';
import { portPoint, type EdgeEnd } from './edge-geometry';

export type PerimeterKind = 'rectangle' | 'orthogonal' | 'ellipse' | 'rhombus' | 'center' | 'lifeline' | 'polygon' | 'callout';

/** The outlines diagrams.net's polygon perimeters follow (trianglePerimeter, hexagonPerimeter2, parallelogramPerimeter, trapezoidPerimeter). */
export type PolygonOutline = 'triangle' | 'hexagon' | 'parallelogram' | 'trapezoid';

/**
 * The perimeter an end lies on: its kind; for a UML lifeline its head's height and stroke width;
 * for a polygon its outline, the style's `size` (a share of the width, or pixels with `fixedSize`)
 * and a triangle's `direction`; for a callout its pointer's `size` in pixels, its `direction` (flips are the shape's turn).
 */
export interface Perimeter {
  readonly kind: PerimeterKind;
  readonly head?: number;
  readonly strokeWidth?: number;
  readonly outline?: PolygonOutline;
  readonly size?: number;
  readonly fixedSize?: boolean;
  readonly direction?: string;
  /** The shape's `rotation` (degrees) and flips, where it has any: its points turn with it. */
  readonly turn?: Turn;
  /** The sides edges may leave it by (`portConstraint`: north, south, east, west), where the style limits them. */
  readonly portConstraint?: string;
  /** Where routings leave it, in heights below its middle (`routingCenterY`), where the style moves it. */
  readonly routingCenterY?: number;
}

/** How a shape is turned about its centre: rotated by degrees, mirrored across (flipH) or up and down (flipV). */
export interface Turn {
  readonly rotation: number;
  readonly flipH: boolean;
  readonly flipV: boolean;
  /** The quarter turn its `direction` gives its connection points (south 90, west 180, north 270), unless `anchorPointDirection=0`. */
  readonly quarter?: number;
}

const DIRECTION_QUARTERS: Readonly<Record<string, number>> = { south: 90, west: 180, north: 270 };

/** The box an edge's end is drawn to, with the perimeter it ends on (the rectangle when absent). */
export interface EndBox extends Rect {
  readonly perimeter?: Perimeter;
}

const NAMED: Readonly<Record<string, PerimeterKind>> = {
  centerPerimeter: 'center',
  ellipsePerimeter: 'ellipse',
  rhombusPerimeter: 'rhombus',
  rectanglePerimeter: 'rectangle',
  // A rectangle always left straight across (an activation bar on a lifeline).
  orthogonalPerimeter: 'orthogonal',
  lifelinePerimeter: 'lifeline',
};

const POLYGONS: Readonly<Record<string, PolygonOutline>> = {
  trianglePerimeter: 'triangle',
  hexagonPerimeter2: 'hexagon',
  parallelogramPerimeter: 'parallelogram',
  trapezoidPerimeter: 'trapezoid',
};
/** diagrams.net's default `size` of each outline: a share of the width, or pixels with `fixedSize`. */
const POLYGON_SIZE: Readonly<Record<PolygonOutline, { share: number; pixels: number }>> = {
  triangle: { share: 0, pixels: 0 },
  hexagon: { share: 0.25, pixels: 20 },
  parallelogram: { share: 0.2, pixels: 20 },
  trapezoid: { share: 0.2, pixels: 20 },
};

/**
 * The named styles of diagrams.net's stylesheet (default.xml) that bring a perimeter with their
 * shape: `ellipse;...`, `rhombus;...`, `triangle;...`. A `shape=ellipse` without them keeps the
 * default vertex's rectangle perimeter, as a callout does without its palette's `perimeter=`.
 */
const STYLESHEET_PERIMETERS: ReadonlyArray<readonly [string, string]> = [
  ['ellipse', 'ellipsePerimeter'],
  ['rhombus', 'rhombusPerimeter'],
  ['triangle', 'trianglePerimeter'],
];
/** The studio's own types drawn as those shapes. */
const TYPE_PERIMETERS: Readonly<Record<string, PerimeterKind>> = { circle: 'ellipse', decision: 'rhombus' };
/** A callout's pointer (CalloutShape's default `size`). */
const CALLOUT_POINTER = 30;
/** A UML lifeline's head (UmlLifeline's default `size`). */
const LIFELINE_HEAD = 40;
const RECTANGLE: Perimeter = { kind: 'rectangle' };

/** The perimeter a style gives its shape's edges (one not drawn here ends on the box), turned as the shape is. */
export function perimeterOfStyle(style: ReadonlyMap<string, string>): Perimeter {
  const perimeter = unturnedPerimeter(style);
  const rotation = styleNumber(style, 'rotation', 0) % 360;
  const flipH = style.get('flipH') === '1' || style.get('stencilFlipH') === '1';
  const flipV = style.get('flipV') === '1' || style.get('stencilFlipV') === '1';
  const quarter = style.get('anchorPointDirection') === '0' ? 0 : (DIRECTION_QUARTERS[style.get('direction') ?? ''] ?? 0);
  const turn: Turn = quarter ? { rotation, flipH, flipV, quarter } : { rotation, flipH, flipV };
  const turned = rotation !== 0 || flipH || flipV || quarter ? { ...perimeter, turn } : perimeter;
  const portConstraint = style.get('portConstraint');
  const routingCenterY = styleNumber(style, 'routingCenterY', 0);
  if (!portConstraint && routingCenterY === 0) return turned;
  return { ...turned, ...(portConstraint && { portConstraint }), ...(routingCenterY !== 0 && { routingCenterY }) };
}

function unturnedPerimeter(style: ReadonlyMap<string, string>): Perimeter {
  // The style's own perimeter, else the last named style's that brings one.
  const named = style.get('perimeter') ?? STYLESHEET_PERIMETERS.findLast(([name]) => namesStyle(style, name))?.[1];
  const outline = named !== undefined ? POLYGONS[named] : undefined;
  if (outline) {
    const fixedSize = style.get('fixedSize') === '1';
    const defaults = POLYGON_SIZE[outline];
    return { kind: 'polygon', outline, size: styleNumber(style, 'size', fixedSize ? defaults.pixels : defaults.share), fixedSize, direction: style.get('direction') ?? 'east' };
  }
  const kind = named !== undefined ? (NAMED[named] ?? (named === 'calloutPerimeter' ? 'callout' : 'rectangle')) : 'rectangle';
  // A callout's flips mirror its pointer with the rest of the shape: the turn (perimeterOfStyle) applies them.
  if (kind === 'callout') return { kind, size: styleNumber(style, 'size', CALLOUT_POINTER), direction: style.get('direction') ?? 'east' };
  if (kind === 'lifeline') return { kind, head: styleNumber(style, 'size', LIFELINE_HEAD), strokeWidth: styleNumber(style, 'strokeWidth', 1) };
  return kind === 'rectangle' ? RECTANGLE : { kind };
}

const perimeters = new WeakMap<ShapeRecord | GroupRecord, Perimeter>();

/** The perimeter a floating edge ends on at a shape or a container (a UML lifeline is one). */
export function shapePerimeter(end: ShapeRecord | GroupRecord | undefined): Perimeter {
  if (!end) return RECTANGLE;
  let perimeter = perimeters.get(end);
  if (perimeter === undefined) {
    const style = end.kind === 'shape' ? shapeStyleText(end) : fileStyleText(end.file);
    const byType = end.kind === 'shape' ? TYPE_PERIMETERS[end.type] : undefined;
    perimeter = style !== undefined ? perimeterOfStyle(styleEntries(style)) : byType ? { kind: byType } : RECTANGLE;
    perimeters.set(end, perimeter);
  }
  return perimeter;
}

/** A shape's box with its perimeter; a centre perimeter is a box of no size at the centre. */
export function perimeterBox(box: Rect, perimeter: Perimeter): EndBox {
  if (perimeter.kind === 'center') return { x: box.x + box.w / 2, y: box.y + box.h / 2, w: 0, h: 0 };
  return perimeter === RECTANGLE ? box : { ...box, perimeter };
}

/** A point turned about `centre` by `degrees` (clockwise on the page, as diagrams.net's rotation). */
export function rotatedPoint(point: Point, degrees: number, centre: Point): Point {
  if (degrees === 0) return point;
  const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  const [dx, dy] = [point.x - centre.x, point.y - centre.y];
  return { x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos };
}

/** A point mirrored about the box's centre as the shape's flips mirror it. */
function flipped(box: Rect, point: Point, turn: Turn | undefined): Point {
  const centre = centreOf(box);
  return { x: turn?.flipH ? 2 * centre.x - point.x : point.x, y: turn?.flipV ? 2 * centre.y - point.y : point.y };
}

/** The box a turned shape covers on the page (its rotated corners' bounds); the box itself unturned. */
export function turnedBounds(box: EndBox): Rect {
  const rotation = box.perimeter?.turn?.rotation ?? 0;
  if (rotation === 0) return box;
  const centre = centreOf(box);
  const corners = [
    { x: box.x, y: box.y },
    { x: box.x + box.w, y: box.y },
    { x: box.x, y: box.y + box.h },
    { x: box.x + box.w, y: box.y + box.h },
  ].map((corner) => rotatedPoint(corner, rotation, centre));
  const [xs, ys] = [corners.map((c) => c.x), corners.map((c) => c.y)];
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

/**
 * The perimeter point toward `next` of a shape that may be turned, as diagrams.net's view finds
 * it: `next` turned back into the shape's own frame, mirrored by its flips, met on the outline,
 * and the point turned forward again. A rotated shape is never left orthogonally.
 */
export function turnedPerimeterPoint(box: EndBox, next: Point, orthogonal = false): Point {
  const turn = box.perimeter?.turn;
  if (!turn) return perimeterPoint(box, next, orthogonal);
  const centre = centreOf(box);
  const inFrame = flipped(box, rotatedPoint(next, -turn.rotation, centre), turn);
  const met = flipped(box, perimeterPoint(box, inFrame, orthogonal && turn.rotation === 0), turn);
  return rotatedPoint(met, turn.rotation, centre);
}

export function centreOf(box: Rect): Point {
  return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
}

/**
 * The point of a box's perimeter toward `next`: where the ray from its centre through `next`
 * leaves it. With `orthogonal` a rectangle is left straight across toward `next` where `next`
 * lies beside or above it (the orthogonal projection diagrams.net's routed edges take).
 */
export function perimeterPoint(box: EndBox, next: Point, orthogonal = false): Point {
  const centre = centreOf(box);
  if (box.w <= 0 && box.h <= 0) return centre;
  const dx = next.x - centre.x;
  const dy = next.y - centre.y;
  if (dx === 0 && dy === 0) return centre;
  const [a, b] = [box.w / 2, box.h / 2];
  switch (box.perimeter?.kind) {
    case 'lifeline': {
      // On the dashed line, at next's height below the head; diagrams.net sets it by the stroke's width.
      const stroke = box.perimeter.strokeWidth ?? 1;
      const x = centre.x + (next.x < centre.x ? -stroke / 2 : stroke / 2 - 1);
      return { x, y: Math.min(box.y + box.h, Math.max(box.y + (box.perimeter.head ?? LIFELINE_HEAD), next.y)) };
    }
    case 'ellipse': {
      if (orthogonal) {
        // Straight up or down from next onto the ellipse when next lies over it; across when beside it.
        if (Math.abs(dx) <= a && a > 0) return { x: next.x, y: centre.y + Math.sign(dy || 1) * b * Math.sqrt(Math.max(0, 1 - (dx / a) ** 2)) };
        if (Math.abs(dy) <= b && b > 0) return { x: centre.x + Math.sign(dx || 1) * a * Math.sqrt(Math.max(0, 1 - (dy / b) ** 2)), y: next.y };
      }
      // The ray's scale t where (t·dx/a)² + (t·dy/b)² = 1.
      const t = 1 / Math.sqrt((dx / Math.max(a, 1e-9)) ** 2 + (dy / Math.max(b, 1e-9)) ** 2);
      return { x: centre.x + dx * t, y: centre.y + dy * t };
    }
    case 'callout':
      return perimeterPoint(calloutBody(box, box.perimeter), next, orthogonal);
    case 'polygon':
      return rayLeavesPolygon(centre, { x: dx, y: dy }, polygonCorners(box, box.perimeter)) ?? centre;
    case 'rhombus': {
      // |x|/a + |y|/b = 1 along the ray.
      const t = 1 / (Math.abs(dx) / Math.max(a, 1e-9) + Math.abs(dy) / Math.max(b, 1e-9));
      return { x: centre.x + dx * t, y: centre.y + dy * t };
    }
    default: {
      // The ray leaves through the side it meets first.
      const t = Math.min(dx === 0 ? Infinity : a / Math.abs(dx), dy === 0 ? Infinity : b / Math.abs(dy));
      const ray = { x: centre.x + dx * t, y: centre.y + dy * t };
      if (!orthogonal && box.perimeter?.kind !== 'orthogonal') return ray;
      // Straight across from next where it lies over or beside the box, onto the side it is past.
      const clamp = (from: number, size: number, at: number) => Math.min(from + size, Math.max(from, at));
      const overX = next.x >= box.x && next.x <= box.x + box.w;
      const besideY = !overX && next.y >= box.y && next.y <= box.y + box.h;
      return {
        x: next.x < box.x || next.x > box.x + box.w ? clamp(box.x, box.w, next.x) : overX ? next.x : ray.x,
        y: next.y < box.y || next.y > box.y + box.h ? clamp(box.y, box.h, next.y) : besideY ? next.y : ray.y,
      };
    }
  }
}

/** A polygon perimeter's corners in page coordinates, as diagrams.net draws the outline in the box. */
export function polygonCorners(box: Rect, perimeter: Perimeter): Point[] {
  const { x, y, w, h } = box;
  const share = perimeter.fixedSize ? Math.min(perimeter.size ?? 0, w / 2) / Math.max(w, 1e-9) : Math.max(0, Math.min(perimeter.size ?? 0, 0.5));
  const relative: Array<[number, number]> = (() => {
    switch (perimeter.outline) {
      case 'triangle':
        return { north: [[0, 1], [0.5, 0], [1, 1]], south: [[0, 0], [1, 0], [0.5, 1]], west: [[1, 0], [0, 0.5], [1, 1]] }[perimeter.direction ?? 'east'] as Array<[number, number]> ?? [[0, 0], [1, 0.5], [0, 1]];
      case 'hexagon':
        return [[share, 0], [1 - share, 0], [1, 0.5], [1 - share, 1], [share, 1], [0, 0.5]];
      case 'parallelogram':
        return [[share, 0], [1, 0], [1 - share, 1], [0, 1]];
      default:
        return [[share, 0], [1 - share, 0], [1, 1], [0, 1]];
    }
  })();
  return relative.map(([rx, ry]) => ({ x: x + rx * w, y: y + ry * h }));
}

/**
 * A callout's body in page coordinates: its box less the pointer's `size` (whole pixels, at most
 * the box's height) on the side the pointer is on: the bottom facing east, the left facing south,
 * the top facing west, the right facing north, a flip across its axis moving it to the other side
 * (diagrams.net's getDirectedBounds).
 */
export function calloutBody(box: Rect, perimeter: Perimeter): Rect {
  return directedBounds(box, { bottom: perimeter.size ?? CALLOUT_POINTER }, perimeter.direction ?? 'east');
}

/** Where the ray from `from` along `direction` first leaves the polygon (its nearest crossing ahead). */
function rayLeavesPolygon(from: Point, direction: Point, corners: readonly Point[]): Point | undefined {
  let nearest = Infinity;
  for (const [index, a] of corners.entries()) {
    const b = corners[(index + 1) % corners.length];
    const edge = { x: b.x - a.x, y: b.y - a.y };
    const denominator = direction.x * edge.y - direction.y * edge.x;
    if (Math.abs(denominator) < 1e-12) continue;
    const t = ((a.x - from.x) * edge.y - (a.y - from.y) * edge.x) / denominator;
    const u = ((a.x - from.x) * direction.y - (a.y - from.y) * direction.x) / denominator;
    if (t > 1e-9 && u >= -1e-9 && u <= 1 + 1e-9 && t < nearest) nearest = t;
  }
  return nearest === Infinity ? undefined : { x: from.x + direction.x * nearest, y: from.y + direction.y * nearest };
}

/** Whether each fixed end is moved onto its shape's perimeter (the style's `exitPerimeter`/`entryPerimeter`, on unless `0`). */
export interface FixedOnPerimeter {
  exit?: boolean;
  entry?: boolean;
}

/**
 * A connection point (a port, relative to the box) as diagrams.net places it (mxGraph.getConnectionPoint):
 * the point in the shape's own box, its pixels added; moved onto the shape's perimeter along the
 * ray from its centre unless the style says the point is not on it (so a point inside a box ends
 * on its side, an ellipse's corner point on the ellipse), else mirrored with the shape's flips;
 * then turned with the shape's rotation. Its face is the side of the turned box it lies on.
 */
export function fixedPoint(box: EndBox, port: Port, onPerimeter = true): EdgeEnd {
  const turn = box.perimeter?.turn;
  if (!turn) return onPerimeter && hasOutline(box) ? { ...perimeterPoint(box, portPoint(box, port)), face: port.face } : portPoint(box, port);
  const centre = centreOf(box);
  // A shape facing north or south lays its points out in its box turned a quarter, then turns them with it.
  const quarter = turn.quarter ?? 0;
  const upright = quarter === 90 || quarter === 270;
  const frame = upright ? { x: centre.x - box.h / 2, y: centre.y - box.w / 2, w: box.h, h: box.w } : box;
  const anchored = portPoint(frame, port);
  let rotation = turn.rotation;
  let placed: Point;
  if (onPerimeter && hasOutline(box)) placed = flipped(box, perimeterPoint(box, flipped(box, rotatedPoint(anchored, quarter, centre), turn)), turn);
  else {
    rotation += quarter;
    placed = flipped(box, anchored, upright ? { ...turn, flipH: turn.flipV, flipV: turn.flipH } : turn);
  }
  const point = rotatedPoint(placed, rotation % 360, centre);
  return { ...point, face: faceAt(turnedBounds(box), point) };
}

/** Whether a box has an outline to move points onto (a centre perimeter, or a loose end's box of no size, has none). */
function hasOutline(box: EndBox): boolean {
  return box.perimeter?.kind !== 'center' && (box.w > 0 || box.h > 0);
}

/** The side of a box a point on its perimeter lies on (the one it is nearest); a lifeline's, the side toward `next`. */
export function faceAt(box: EndBox, point: Point, next: Point = point): Face {
  if (box.perimeter?.kind === 'lifeline') return next.x < centreOf(box).x ? 'left' : 'right';
  if (box.w <= 0 && box.h <= 0) return 'right';
  const distances: Array<[Face, number]> = [
    ['top', Math.abs(point.y - box.y) / Math.max(box.h, 1)],
    ['bottom', Math.abs(box.y + box.h - point.y) / Math.max(box.h, 1)],
    ['left', Math.abs(point.x - box.x) / Math.max(box.w, 1)],
    ['right', Math.abs(box.x + box.w - point.x) / Math.max(box.w, 1)],
  ];
  return distances.reduce((best, candidate) => (candidate[1] < best[1] ? candidate : best))[0];
}

/**
 * The ends of an edge whose ends float, as diagrams.net finds them: the target's first, toward
 * its last waypoint (else the source's fixed point, else the source's centre), then the source's,
 * toward its first waypoint (else the target's end). An end with a port (`exitX`/`entryX`: a
 * connection point, a stencil's declared `<connections>` among them) is that point; a loose end
 * (a box of no size) is its own point. `orthogonal` for routed edges (see perimeterPoint).
 */
export function floatingEnds(
  source: EndBox,
  target: EndBox,
  points: readonly Point[],
  exit?: Port,
  entry?: Port,
  orthogonal = false,
  onPerimeter: FixedOnPerimeter = {},
): { from: EdgeEnd; to: EdgeEnd } {
  const fixedFrom = exit && fixedPoint(source, exit, onPerimeter.exit);
  const fixedTo = entry && fixedPoint(target, entry, onPerimeter.entry);
  const towardTarget = points[points.length - 1] ?? fixedFrom ?? centreOf(source);
  const toPoint = fixedTo ?? turnedPerimeterPoint(target, towardTarget, orthogonal);
  const towardSource = points[0] ?? toPoint;
  const fromPoint = fixedFrom ?? turnedPerimeterPoint(source, towardSource, orthogonal);
  return {
    from: fixedFrom ?? { ...fromPoint, face: faceAt(turnedBounds(source), fromPoint, towardSource) },
    to: fixedTo ?? { ...toPoint, face: faceAt(turnedBounds(target), toPoint, towardTarget) },
  };
}
