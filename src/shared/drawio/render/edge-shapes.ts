/**
 * Edges diagrams.net draws as a shape of their own rather than a line with heads (an edge's
 * `shape=`): the wide outlined arrow of `flexArrow` and `arrowConnector` (mxArrowConnector), the
 * double line of `link`, the block arrow of `arrow` (mxArrow), a network's lightning `comm_link_edge`,
 * lean mapping's manual and electronic (zigzag) information flows.
 * Each draws, through the edge's points (its ends and bends, as diagrams.net's absolutePoints),
 * the SVG the canvas and the export both show in place of the line and its markers.
 *
 * Another library's edge shape is one more entry of EDGE_SHAPES: a painter that draws, with the
 * context's pen, through `c.points`; whatever it does not draw (the label) stays the edge's. Pure.
 */
import type { Point } from '../geometry';
import type { EdgeRecord } from '../model';
import { edgeStyleText } from '../edge-style';
import { styleEntries } from '../stencils';
import { edgeDashes, edgeFill } from './cell-paint';
import { Figure, PathData, type PenPaint } from './code-shape-pen';
import { numberOf } from './code-shapes';
import { headStyle } from './file-markers';

export interface EdgeShapeContext {
  /** The edge's ends and bends, in page coordinates (at least two). */
  readonly points: readonly Point[];
  readonly style: ReadonlyMap<string, string>;
  readonly fig: Figure;
  /** The style's stroke width (its geometry grows with it, whatever the paint's). */
  readonly strokeWidth: number;
  /** diagrams.net's `rounded` (on unless rounded=0, as for its edges). */
  readonly rounded: boolean;
  /** Whether the edge has a head at its start and at its end (startArrow / endArrow not none). */
  readonly heads: { readonly start: boolean; readonly end: boolean };
  num(key: string, fallback: number): number;
}

export type EdgePainter = (c: EdgeShapeContext) => void;

/** mxConstants.ARROW_WIDTH and ARROW_SIZE: the defaults of diagrams.net's arrow edges. */
const ARROW_WIDTH = 30;
const ARROW_SIZE = 30;

interface ArrowConnectorLook {
  /** The shaft's width. */
  edgeWidth: number;
  /** The heads' widths, across. */
  startWidth: number;
  endWidth: number;
  /** An open-ended arrow (link) draws its two sides only: no heads, no ends, no fill. */
  openEnded: boolean;
}

/**
 * The outline of mxArrowConnector through the points: two sides `edgeWidth` apart, each joint
 * mitred along the bisector (rounded with a quadratic turn on the outside when the edge is
 * rounded), a head of `startSize`/`endSize` x 3 long where the edge has one, else a square end.
 * Written in the order diagrams.net writes it: one side forward, the other back.
 */
export function arrowConnectorOutline(c: EdgeShapeContext, look: ArrowConnectorLook): { outline: PathData; heads: PathData[] } | undefined {
  const pts = c.points;
  const sw = c.strokeWidth;
  const width = look.edgeWidth;
  const startWidth = look.startWidth + sw;
  const endWidth = look.endWidth + sw;
  const spacing = look.openEnded ? 0 : sw / 2;
  const startLength = 3 * c.num('startSize', ARROW_SIZE / 5) + sw;
  const endLength = 3 * c.num('endSize', ARROW_SIZE / 5) + sw;
  const startHead = c.heads.start && !look.openEnded;
  const endHead = c.heads.end && !look.openEnded;
  const first = pts[0];
  const last = pts[pts.length - 1];
  const firstLength = Math.hypot(pts[1].x - first.x, pts[1].y - first.y);
  if (firstLength === 0) return undefined;

  const path = new PathData();
  // The far side, drawn back from the end once the near side is done.
  const back: Array<() => void> = [];
  let [dx, dy] = [(pts[1].x - first.x) / firstLength, (pts[1].y - first.y) / firstLength];
  const [startDx, startDy] = [dx, dy];
  let [nextDx, nextDy] = [dx, dy];
  if (startHead) head(path, first, dx, dy, startLength, startWidth, width, spacing, true);
  else {
    const near = { x: first.x + (width * dy) / 2 + spacing * dx, y: first.y - (width * dx) / 2 + spacing * dy };
    const far = { x: first.x - (width * dy) / 2 + spacing * dx, y: first.y + (width * dx) / 2 + spacing * dy };
    if (look.openEnded) {
      path.moveTo(near.x, near.y);
      back.push(() => path.lineTo(far.x, far.y));
    } else path.moveTo(far.x, far.y).lineTo(near.x, near.y);
  }
  for (let i = 0; i < pts.length - 2; i++) {
    const [a, joint, b] = [pts[i], pts[i + 1], pts[i + 2]];
    const turn = relativeCcw(a, joint, b);
    const length = Math.hypot(b.x - joint.x, b.y - joint.y);
    if (length === 0) continue;
    [nextDx, nextDy] = [(b.x - joint.x) / length, (b.y - joint.y) / length];
    const halfCos = Math.max(Math.sqrt((dx * nextDx + dy * nextDy + 1) / 2), 0.04);
    const bisector = Math.hypot(dx + nextDx, dy + nextDy);
    if (bisector === 0) continue;
    const [bx, by] = [(dx + nextDx) / bisector, (dy + nextDy) / bisector];
    const roundedTurn = turn !== 0 && c.rounded;
    const least = Math.max(halfCos, Math.min(c.strokeWidth / 200 + 0.04, 0.35));
    const mitre = roundedTurn ? Math.max(0.1, least) : Math.max(halfCos, 0.06);
    const outer = { x: joint.x + (by * width) / 2 / mitre, y: joint.y - (bx * width) / 2 / mitre };
    const inner = { x: joint.x - (by * width) / 2 / mitre, y: joint.y + (bx * width) / 2 / mitre };
    const [inDx, inDy] = [dx, dy];
    if (roundedTurn && turn === -1) {
      path.lineTo(inner.x + inDy * width, inner.y - inDx * width).quadTo(outer.x, outer.y, inner.x + nextDy * width, inner.y - nextDx * width);
      back.push(() => path.lineTo(inner.x, inner.y));
    } else if (roundedTurn) {
      path.lineTo(outer.x, outer.y);
      back.push(() => path.quadTo(inner.x, inner.y, outer.x - inDy * width, outer.y + inDx * width));
      back.push(() => path.lineTo(outer.x - nextDy * width, outer.y + nextDx * width));
    } else {
      path.lineTo(outer.x, outer.y);
      back.push(() => path.lineTo(inner.x, inner.y));
    }
    [dx, dy] = [nextDx, nextDy];
  }
  if (endHead) head(path, last, -dx, -dy, endLength, endWidth, width, spacing, false);
  else {
    const [u, v] = [width * nextDy, -width * nextDx];
    path.lineTo(last.x - spacing * nextDx + u / 2, last.y - spacing * nextDy + v / 2);
    const end = { x: last.x - spacing * nextDx - u / 2, y: last.y - spacing * nextDy - v / 2 };
    if (look.openEnded) {
      path.moveTo(end.x, end.y);
      back.unshift(() => path.moveTo(end.x, end.y));
    } else path.lineTo(end.x, end.y);
  }
  for (let i = back.length - 1; i >= 0; i--) back[i]();
  if (!look.openEnded) path.close();
  // With bends, diagrams.net strokes each head once more on its own, mitred (the outline's round joins soften its tips).
  const heads: PathData[] = [];
  if (pts.length > 2 && startHead) heads.push(head(new PathData(), first, startDx, startDy, startLength, startWidth, width, spacing, true));
  if (pts.length > 2 && endHead) heads.push(head(new PathData(), last, -dx, -dy, endLength, endWidth, width, spacing, true));
  return { outline: path, heads };
}

/**
 * A head of mxArrowConnector at `tip`, pointing against (dx, dy): from the shaft's side out to the
 * head's width, to the tip (`spacing` in), and back to the shaft's other side.
 */
function head(path: PathData, tip: Point, dx: number, dy: number, length: number, headWidth: number, width: number, spacing: number, moveFirst: boolean): PathData {
  const ratio = width / headWidth;
  const [sideX, sideY] = [(width * dy) / 2, (-width * dx) / 2];
  const [backX, backY] = [(spacing + length) * dx, (spacing + length) * dy];
  const start = { x: tip.x - sideX + backX, y: tip.y - sideY + backY };
  if (moveFirst) path.moveTo(start.x, start.y);
  else path.lineTo(start.x, start.y);
  return path
    .lineTo(tip.x - sideX / ratio + backX, tip.y - sideY / ratio + backY)
    .lineTo(tip.x + spacing * dx, tip.y + spacing * dy)
    .lineTo(tip.x + sideX / ratio + backX, tip.y + sideY / ratio + backY)
    .lineTo(tip.x + sideX + backX, tip.y + sideY + backY);
}

/** Which side of the line a → b the point p lies on (mxUtils.relativeCcw): -1, 0 or 1. */
function relativeCcw(a: Point, b: Point, p: Point): number {
  const [x2, y2] = [b.x - a.x, b.y - a.y];
  let [px, py] = [p.x - a.x, p.y - a.y];
  let ccw = px * y2 - py * x2;
  if (ccw === 0) {
    ccw = px * x2 + py * y2;
    if (ccw > 0) {
      px -= x2;
      py -= y2;
      ccw = Math.max(0, px * x2 + py * y2);
    }
  }
  return Math.sign(ccw);
}

/** Paints an mxArrowConnector of a look: the outline filled and stroked (only stroked when open-ended), its heads stroked again. */
function paintArrowConnector(c: EdgeShapeContext, look: ArrowConnectorLook): void {
  const drawn = arrowConnectorOutline(c, look);
  if (!drawn) return;
  const join: Partial<PenPaint> = c.rounded ? { lineJoin: 'round' } : c.points.length > 2 ? { miterLimit: 1.42 } : {};
  c.fig.path(drawn.outline, look.openEnded ? 'stroke' : 'fillStroke', join);
  for (const outline of drawn.heads) c.fig.path(outline, 'stroke');
}

/** The shaft's width of flexArrow and link: `width` plus what the stroke is wider than 1 px. */
function shaftWidth(c: EdgeShapeContext, fallback: number): number {
  return c.num('width', fallback) + Math.max(0, c.strokeWidth - 1);
}

/** mxArrow: a straight block arrow from the first point to the last, 10 px wide with a 30 px head. */
function blockArrow(c: EdgeShapeContext): void {
  const [from, to] = [c.points[0], c.points[c.points.length - 1]];
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  if (length === 0) return;
  const [dx, dy] = [(to.x - from.x) / length, (to.y - from.y) / length];
  const [sideX, sideY] = [(ARROW_WIDTH * dy) / 3, (-ARROW_WIDTH * dx) / 3];
  const shaft = length - ARROW_SIZE;
  const a = { x: from.x - sideX / 2, y: from.y - sideY / 2 };
  const b = { x: a.x + sideX, y: a.y + sideY };
  const c1 = { x: b.x + shaft * dx, y: b.y + shaft * dy };
  const wing = { x: c1.x + sideX, y: c1.y + sideY };
  const otherWing = { x: wing.x - 3 * sideX, y: wing.y - 3 * sideY };
  const path = new PathData().moveTo(a.x, a.y).lineTo(b.x, b.y).lineTo(c1.x, c1.y).lineTo(wing.x, wing.y).lineTo(to.x, to.y);
  c.fig.path(path.lineTo(otherWing.x, otherWing.y).lineTo(otherWing.x + sideX, otherWing.y + sideY).close());
}

/**
 * The first and last points pulled in by 5 % of the way between them, as diagrams.net's network and
 * lean mapping edges (mxArrow's kin) draw from and to; with the unit direction and the length between them.
 */
function pulledInEnds(c: EdgeShapeContext): { from: Point; to: Point; nx: number; ny: number; length: number } | undefined {
  const [first, last] = [c.points[0], c.points[c.points.length - 1]];
  const from = { x: first.x + (last.x - first.x) * 0.05, y: first.y + (last.y - first.y) * 0.05 };
  const to = { x: last.x - (last.x - first.x) * 0.05, y: last.y - (last.y - first.y) * 0.05 };
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  if (length === 0) return undefined;
  return { from, to, nx: (to.x - from.x) / length, ny: (to.y - from.y) / length, length };
}

/**
 * mxgraph.networks.comm_link_edge: a lightning bolt from 5 % in from the first point to 5 % in
 * from the last, its zigzag a tenth of the length across the middle.
 */
function commLink(c: EdgeShapeContext): void {
  const ends = pulledInEnds(c);
  if (!ends) return;
  const { from, to, nx, ny, length } = ends;
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const near = (length / 3) * 0.1;
  const far = length * 0.1;
  const path = new PathData()
    .moveTo(from.x, from.y)
    .lineTo(mid.x + nx * far + ny * far, mid.y + ny * far - nx * far)
    .lineTo(mid.x + nx * near - ny * near, mid.y + ny * near + nx * near)
    .lineTo(to.x, to.y)
    .lineTo(mid.x - nx * far - ny * far, mid.y - ny * far + nx * far)
    .lineTo(mid.x - nx * near + ny * near, mid.y - ny * near - nx * near)
    .close();
  c.fig.path(path);
}

/**
 * The lean mapping flows' head at `tip`, pointing along (nx, ny): 10 long, 5 to each side, an
 * open V filled and stroked in the line's colour.
 */
function leanFlowHead(c: EdgeShapeContext, tip: Point, nx: number, ny: number): void {
  const back = { x: tip.x - nx * 10, y: tip.y - ny * 10 };
  const path = new PathData()
    .moveTo(back.x - ny * 5, back.y + nx * 5)
    .lineTo(tip.x, tip.y)
    .lineTo(back.x + ny * 5, back.y - nx * 5);
  c.fig.path(path, 'fillStroke', { fill: c.fig.paint.stroke });
}

/** mxgraph.lean_mapping.manual_info_flow_edge: a straight line 5 % in from each end, with the flows' head. */
function leanManualInfo(c: EdgeShapeContext): void {
  const ends = pulledInEnds(c);
  if (!ends) return;
  c.fig.path(new PathData().moveTo(ends.from.x, ends.from.y).lineTo(ends.to.x, ends.to.y), 'stroke');
  leanFlowHead(c, ends.to, ends.nx, ends.ny);
}

/**
 * mxgraph.lean_mapping.electronic_info_flow_edge: a line 5 % in from each end that zigzags across
 * the middle (a tenth of the length along, a third of that across), the flows' head pointed along its last leg.
 */
function leanElectronicInfo(c: EdgeShapeContext): void {
  const ends = pulledInEnds(c);
  if (!ends) return;
  const { from, to, nx, ny, length } = ends;
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const along = length * 0.1;
  const across = along / 3;
  const back = { x: mid.x - nx * along - ny * across, y: mid.y - ny * along + nx * across };
  const ahead = { x: mid.x + nx * along + ny * across, y: mid.y + ny * along - nx * across };
  c.fig.path(new PathData().moveTo(from.x, from.y).lineTo(ahead.x, ahead.y).lineTo(back.x, back.y).lineTo(to.x, to.y), 'stroke');
  const lastLeg = Math.hypot(to.x - back.x, to.y - back.y);
  leanFlowHead(c, to, (to.x - back.x) / lastLeg, (to.y - back.y) / lastLeg);
}

const EDGE_SHAPES: Readonly<Record<string, EdgePainter>> = {
  flexArrow: (c) => {
    const width = shaftWidth(c, 10);
    paintArrowConnector(c, { edgeWidth: width, startWidth: width + c.num('startWidth', 20), endWidth: width + c.num('endWidth', 20), openEnded: false });
  },
  arrowConnector: (c) => paintArrowConnector(c, { edgeWidth: ARROW_WIDTH / 3, startWidth: ARROW_WIDTH, endWidth: ARROW_WIDTH, openEnded: false }),
  link: (c) => paintArrowConnector(c, { edgeWidth: shaftWidth(c, 4), startWidth: ARROW_WIDTH, endWidth: ARROW_WIDTH, openEnded: true }),
  arrow: blockArrow,
  'mxgraph.networks.comm_link_edge': commLink,
  'mxgraph.lean_mapping.manual_info_flow_edge': leanManualInfo,
  'mxgraph.lean_mapping.electronic_info_flow_edge': leanElectronicInfo,
};

/** Every edge shape drawn here: those of EDGE_SHAPES, and filledEdge (the plain line with its core, see filledEdgeCore). */
export const EDGE_SHAPE_NAMES: readonly string[] = [...Object.keys(EDGE_SHAPES), 'filledEdge'].sort();

/** The edge shape a style names (its `shape=`), or undefined for diagrams.net's plain connector and any shape not drawn here. */
export function edgeShapeName(style: ReadonlyMap<string, string>): string | undefined {
  const shape = style.get('shape');
  return shape !== undefined && Object.hasOwn(EDGE_SHAPES, shape) ? shape : undefined;
}

export interface EdgeShapeInput {
  readonly style: ReadonlyMap<string, string>;
  /** The edge's ends and bends (its route's labelLine). */
  readonly points: readonly Point[];
  /** Its paint: stroke, fill (`none` for none), width and dashes as the caller shows them. */
  readonly paint: PenPaint;
  readonly heads: EdgeShapeContext['heads'];
}

/** The SVG of an edge drawn as its shape, or undefined when its style names none drawn here. */
export function edgeShapeMarkup(input: EdgeShapeInput): string | undefined {
  const name = edgeShapeName(input.style);
  if (name === undefined || input.points.length < 2) return undefined;
  const { style } = input;
  const number = (key: string, fallback: number) => numberOf(style, key, fallback);
  const fig = new Figure(input.paint);
  EDGE_SHAPES[name]({
    points: input.points,
    style,
    fig,
    strokeWidth: number('strokeWidth', 1),
    rounded: style.get('rounded') !== '0',
    heads: input.heads,
    num: number,
  });
  return fig.toString();
}

/**
 * An edge record drawn as its shape through `points` (its route's labelLine), in `stroke` and
 * `strokeWidth` as the caller shows the line (the canvas thickens a selected one), else undefined
 * when its style names no edge shape drawn here: the canvas and the export call this alike.
 */
export function edgeRecordShapeMarkup(edge: EdgeRecord, points: readonly Point[], paint: { stroke: string; strokeWidth: number }): string | undefined {
  const style = styleEntries(edgeStyleText(edge));
  if (edgeShapeName(style) === undefined) return undefined;
  const opacity = (key: string) => {
    const value = Number(style.get(key));
    return style.has(key) && Number.isFinite(value) ? value / 100 : undefined;
  };
  const hasHead = (end: 'source' | 'target') => {
    const name = headStyle(edge, end).get(end === 'source' ? 'startArrow' : 'endArrow') ?? (end === 'target' && edge.targetArrow === 'arrow' ? 'classic' : 'none');
    return name !== 'none';
  };
  return edgeShapeMarkup({
    style,
    points,
    heads: { start: hasHead('source'), end: hasHead('target') },
    paint: {
      fill: edgeFill(style),
      stroke: paint.stroke,
      strokeWidth: paint.strokeWidth,
      dash: edgeDashes(edge),
      opacity: opacity('opacity'),
      fillOpacity: opacity('fillOpacity'),
      strokeOpacity: opacity('strokeOpacity'),
    },
  });
}

/** Whether an edge record is drawn as an edge shape (no line, no markers of its own). */
export function drawsEdgeShape(edge: EdgeRecord): boolean {
  return edgeShapeName(styleEntries(edgeStyleText(edge))) !== undefined;
}
