/**
 * diagrams.net's configurable rectangle, `shape=mxgraph.basic.rect` (its Shapes.js; BPMN 2's
 * choreography bands are drawn with it): each corner square, rounded, snipped, rounded inward or
 * folded (`rectStyle`, or `topLeftStyle`... per corner), `size` px (or % of the shorter side with
 * absoluteCornerSize=0), each side's line on or off (`top`, `right`, `bottom`, `left`), and an
 * outline `indent` px inside it: a second line (`rectOutline=double`), a filled band between the
 * two (`frame`), and the inside filled with `fillColor2` fading to `gradientColor2`.
 *
 * Geometry, as diagrams.net draws it: the outline runs clockwise, the inner line anticlockwise.
 * A corner is shaped only where both its sides are on (else it is the plain corner). Where a side
 * is off, its line is not drawn and the inner line meets the outline's edge there; the lines that
 * are on are drawn as runs from one missing side to the next.
 */
import { linearGradient } from './stencil-figure';
import { clamp, type Painter, type ShapeContext } from './code-shape-context';
import { PathData, type Point } from './code-shape-pen';

export type CornerStyle = 'square' | 'rounded' | 'snip' | 'invRound' | 'fold';
const CORNER_STYLES: ReadonlySet<string> = new Set<CornerStyle>(['square', 'rounded', 'snip', 'invRound', 'fold']);

/** The sides clockwise from the top: side i runs from corner i to corner i + 1. */
const SIDES = ['top', 'right', 'bottom', 'left'] as const;
type Side = (typeof SIDES)[number];

/** A point of a line and how the line reaches it from the point before: straight, or along an arc. */
interface Vertex {
  readonly p: Point;
  readonly arc?: { readonly r: number; readonly sweep: 0 | 1 };
}

/**
 * The corners clockwise from the top left, each with its style key, its sides (the side the
 * clockwise line arrives by, the one it leaves by) and how a point measured from the corner into
 * the box (x along the top or bottom, y down or up the side) lies in the box.
 */
const CORNERS: ReadonlyArray<{
  readonly key: string;
  readonly vertical: Side;
  readonly horizontal: Side;
  readonly mirrored: boolean;
  readonly at: (x: number, y: number, w: number, h: number) => Point;
}> = [
  { key: 'topLeftStyle', vertical: 'left', horizontal: 'top', mirrored: false, at: (x, y) => [x, y] },
  { key: 'topRightStyle', vertical: 'right', horizontal: 'top', mirrored: true, at: (x, y, w) => [w - x, y] },
  { key: 'bottomRightStyle', vertical: 'right', horizontal: 'bottom', mirrored: false, at: (x, y, w, h) => [w - x, h - y] },
  { key: 'bottomLeftStyle', vertical: 'left', horizontal: 'bottom', mirrored: true, at: (x, y, _w, h) => [x, h - y] },
];

/** What the style asks of the rectangle, its sizes clamped as diagrams.net clamps them. */
export interface BasicRectParts {
  /** The corners' size and the inner line's distance from the outline, in px. */
  readonly size: number;
  readonly indent: number;
  readonly sides: Readonly<Record<Side, boolean>>;
  /** Each corner's style, clockwise from the top left. */
  readonly corners: readonly CornerStyle[];
  readonly outline: 'single' | 'double' | 'frame';
}

/** A side's line: on unless the style sets it to 0 or to nothing (diagrams.net's getValue(style, side, true)). */
function sideOn(c: ShapeContext, side: Side): boolean {
  const value = c.style.get(side);
  return value === undefined || (value.trim() !== '' && Number(value) !== 0);
}

/** A corner's style: its own unless `default` (or unset), else the shape's `rectStyle` (square unless set); a name its Format panel does not offer is drawn square (diagrams.net skips that corner's points). */
function cornerStyle(c: ShapeContext, key: string): CornerStyle {
  const own = c.style.get(key);
  const style = own === undefined || own === 'default' ? (c.style.get('rectStyle') ?? 'square') : own;
  return CORNER_STYLES.has(style) ? (style as CornerStyle) : 'square';
}

export function basicRectParts(c: ShapeContext): BasicRectParts {
  const { w, h } = c;
  const shorter = Math.min(w, h);
  const absolute = c.style.get('absoluteCornerSize') === undefined || Number(c.style.get('absoluteCornerSize')) !== 0;
  const sizeSet = clamp(c.num('size', 10), 0, w);
  const indentSet = clamp(c.num('indent', 2), 0, w);
  // Relative sizes are per cent of the shorter side, at most 50.
  const size = Math.min(absolute ? Math.min(sizeSet, w / 2, h / 2) : (Math.min(50, sizeSet) * shorter) / 100, shorter / 2);
  const indent = Math.min(absolute ? indentSet : (Math.min(50, indentSet) * shorter) / 100, shorter / 2 - size);
  const outline = c.style.get('rectOutline');
  return {
    size,
    indent,
    sides: { top: sideOn(c, 'top'), right: sideOn(c, 'right'), bottom: sideOn(c, 'bottom'), left: sideOn(c, 'left') },
    corners: CORNERS.map(({ key }) => cornerStyle(c, key)),
    outline: outline === 'double' || outline === 'frame' ? outline : 'single',
  };
}

/**
 * A shaped corner measured from the corner, from its point on the vertical side to its point on
 * the horizontal one: the outline's (inset 0) or the inner line's (inset by the indent).
 */
function shapedCorner(style: CornerStyle, k: number, t: number): Vertex[] {
  switch (style) {
    case 'rounded':
      return [{ p: [t, k + t / 2] }, { p: [k + t / 2, t], arc: { r: k - t / 2, sweep: 1 } }];
    case 'invRound':
      return [{ p: [t, k + t] }, { p: [k + t, t], arc: { r: k + t, sweep: 0 } }];
    case 'snip':
      return [{ p: [t, k + t / 2] }, { p: [k + t / 2, t] }];
    case 'fold':
      // The outline cuts the corner; the inner line follows the fold.
      return t === 0 ? [{ p: [0, k] }, { p: [k, 0] }] : [{ p: [t, k + t] }, { p: [k + t, k + t] }, { p: [k + t, t] }];
    default:
      return [{ p: [t, t] }];
  }
}

/** A line's points in the other direction, each arc moved to the point it now leaves and swept the other way. */
function reversed(line: readonly Vertex[]): Vertex[] {
  const n = line.length;
  // The first point keeps the arc that closes the line back to it, for a closed line.
  return line.map((_, j) => {
    const arc = line[(n - j) % n].arc;
    return { p: line[n - 1 - j].p, arc: arc && { r: arc.r, sweep: arc.sweep === 1 ? 0 : 1 } };
  });
}

/**
 * Each corner's points on the outline (inner = false) or the inner line, clockwise. A corner with
 * a side off is the plain corner, moved in by the indent from each side of the inner line that is on.
 */
function ringCorners(parts: BasicRectParts, w: number, h: number, inner: boolean): Vertex[][] {
  const t = inner ? parts.indent : 0;
  return CORNERS.map((corner, i) => {
    const shaped = parts.sides[corner.vertical] && parts.sides[corner.horizontal];
    const local = shaped
      ? shapedCorner(parts.corners[i], parts.size, t)
      : [{ p: [parts.sides[corner.vertical] ? t : 0, parts.sides[corner.horizontal] ? t : 0] as Point }];
    // A mirrored corner sweeps its arcs the other way, and the clockwise line meets its horizontal side first.
    const placed = local.map(({ p, arc }) => ({
      p: corner.at(p[0], p[1], w, h),
      arc: arc && { r: arc.r, sweep: (corner.mirrored ? 1 - arc.sweep : arc.sweep) as 0 | 1 },
    }));
    return corner.mirrored ? reversed(placed) : placed;
  });
}

/** Draws a line through its points onto a path: moving to the first, or drawing on to it. */
function trace(path: PathData, line: readonly Vertex[], start: 'move' | 'line'): PathData {
  line.forEach(({ p, arc }, j) => {
    if (j === 0 && start === 'move') path.moveTo(p[0], p[1]);
    else if (arc && j > 0) path.arcTo(arc.r, arc.r, 0, 0, arc.sweep, p[0], p[1]);
    else path.lineTo(p[0], p[1]);
  });
  return path;
}

/** A closed line: through its points and back to the first (along its arc, if it has one). */
function traceClosed(path: PathData, ring: readonly Vertex[]): PathData {
  return trace(path, [...ring, ring[0]], 'move').close();
}

/** diagrams.net's inside fill: fillColor2 fading to gradientColor2 towards gradientDirection2 (either `none`: transparent). */
function insideFill(c: ShapeContext): string | undefined {
  const from = c.color('fillColor2', 'none');
  const to = c.color('gradientColor2', 'none');
  if (from === 'none' && to === 'none') return undefined;
  const colour = (value: string) => (value === 'none' ? '#000000' : value);
  const opacity = (value: string) => (value === 'none' ? 0 : 1);
  c.fig.raw(linearGradient(c.gradientId, colour(from), colour(to), c.style.get('gradientDirection2') ?? 'south', [opacity(from), opacity(to)]));
  return `url(#${c.gradientId})`;
}

const basicRect: Painter = (c) => {
  const parts = basicRectParts(c);
  const { w, h } = c;
  const outer = ringCorners(parts, w, h, false);
  const inner = ringCorners(parts, w, h, true);
  const on = SIDES.map((side) => parts.sides[side]);
  const closedOuter = outer.flat();
  // The inner line anticlockwise, from the bottom of its left side.
  const closedInner = reversed(inner.flat());

  if (on.some(Boolean) && parts.outline !== 'frame') {
    c.fig.path(traceClosed(new PathData(), closedOuter), 'fill');
    const fill = insideFill(c);
    if (fill) {
      // From the top of the inner left side; with the top off, diagrams.net starts it one indent in.
      const fromTopLeft = [closedInner[closedInner.length - 1], ...closedInner.slice(0, -1)];
      const start = on[0] ? fromTopLeft : [{ p: [parts.indent, 0] as Point }, ...fromTopLeft.slice(1), fromTopLeft[0]];
      c.fig.path(traceClosed(new PathData(), start), 'fill', { fill });
    }
  }

  if (on.every(Boolean)) {
    const path = traceClosed(new PathData(), closedOuter);
    if (parts.outline !== 'single') traceClosed(path, closedInner);
    c.fig.path(path, parts.outline === 'frame' ? 'fillStroke' : 'stroke');
  } else {
    // Each run of sides that are on, from the corner after a side that is off to the next such corner.
    on.forEach((sideOn, first) => {
      if (!sideOn || on[(first + 3) % 4]) return;
      let count = 1;
      while (on[(first + count) % 4]) count++;
      const corners = Array.from({ length: count + 1 }, (_, n) => (first + n) % 4);
      const outerRun = corners.flatMap((i) => outer[i]);
      const innerRun = reversed(corners.flatMap((i) => inner[i]));
      const path = trace(new PathData(), outerRun, 'move');
      if (parts.outline === 'frame') trace(path, innerRun, 'line').close();
      else if (parts.outline === 'double') trace(path, innerRun, 'move');
      c.fig.path(path, parts.outline === 'frame' ? 'fillStroke' : 'stroke');
    });
  }

  // The folds' creases, over everything: from the left or right side of the box (the top or bottom on the right).
  const folds = new PathData();
  const k = parts.size;
  CORNERS.forEach((corner, i) => {
    if (parts.corners[i] !== 'fold' || !parts.sides[corner.vertical] || !parts.sides[corner.horizontal]) return;
    const crease: Point[] = [[0, k], [k, k], [k, 0]];
    if (corner.vertical === 'right') crease.reverse();
    trace(folds, crease.map(([x, y]) => ({ p: corner.at(x, y, w, h) })), 'move');
  });
  c.fig.path(folds, 'stroke');
};

export const BASIC_RECT_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.basic.rect': basicRect,
};
