/**
 * The Basic palette's shapes of angles, free points and patterns that diagrams.net draws in code
 * (mxBasic.js): pie, arc, partial concentric ellipse, bending arch and numbered entry, the
 * polygon of `polyCoords`, and the pattern-filled rectangle. Angles are turns (0..1) clockwise
 * from 12 o'clock, as its startAngle and endAngle are.
 */
import { clamp, type Painter, type ShapeContext } from './code-shape-context';
import { PathData, polyline, type Point } from './code-shape-pen';

/**
 * The style's start and end angles in radians, each a turn clamped to [0, 1], and a ring's inner
 * radius as a share of the outer one (1 - arcWidth). The Infographic palette's arches read them so too.
 */
export function arcAngles(c: ShapeContext): { start: number; end: number; startTurn: number; endTurn: number; inner: number } {
  const startTurn = clamp(c.num('startAngle', 0.25), 0, 1);
  const endTurn = clamp(c.num('endAngle', 0.75), 0, 1);
  const inner = 1 - clamp(c.num('arcWidth', 0.5), 0, 1);
  return { start: 2 * Math.PI * startTurn, end: 2 * Math.PI * endTurn, startTurn, endTurn, inner };
}

/** The point at `angle` on an ellipse of radii rx, ry about (cx, cy). */
function onEllipse(cx: number, cy: number, rx: number, ry: number, angle: number): Point {
  return [cx + Math.sin(angle) * rx, cy - Math.cos(angle) * ry];
}

/** Whether the sweep from start to end (clockwise) is the large arc: from half a turn, or past it when not `fromHalf`. */
export function largeArc(start: number, end: number, fromHalf: boolean): 0 | 1 {
  const sweep = end - start < 0 ? end - start + 2 * Math.PI : end - start;
  return (fromHalf ? sweep >= Math.PI : sweep > Math.PI) ? 1 : 0;
}

/**
 * The outline's arc from the start angle to the end one, the path joined to its start by a line
 * (`line`) or moved there;
 * a half turn from 12 or 6 o'clock is drawn as two quarter arcs through 3 or 9 o'clock, as
 * diagrams.net draws it (one SVG arc between opposite points is ambiguous).
 */
function outerArc(path: PathData, c: ShapeContext, fromHalf: boolean, line: boolean): PathData {
  const { start, end, startTurn, endTurn } = arcAngles(c);
  const [rx, ry] = [c.w / 2, c.h / 2];
  const [sx, sy] = onEllipse(rx, ry, rx, ry, start);
  if (line) path.lineTo(sx, sy);
  else path.moveTo(sx, sy);
  if (startTurn % 1 === 0 && endTurn % 1 === 0.5) return path.arcTo(rx, ry, 0, 0, 1, c.w, ry).arcTo(rx, ry, 0, 0, 1, rx, c.h);
  if (startTurn % 1 === 0.5 && endTurn % 1 === 0) return path.arcTo(rx, ry, 0, 0, 1, 0, ry).arcTo(rx, ry, 0, 0, 1, rx, 0);
  const [ex, ey] = onEllipse(rx, ry, rx, ry, end);
  return path.arcTo(rx, ry, 0, largeArc(start, end, fromHalf), 1, ex, ey);
}

/** A slice of the ellipse from its centre. */
const pie: Painter = (c) => {
  c.fig.path(outerArc(new PathData().moveTo(c.w / 2, c.h / 2), c, true, true).close());
};

/** The ellipse's outline between the two angles, stroke only. */
const arc: Painter = (c) => {
  c.fig.path(outerArc(new PathData(), c, false, false), 'stroke');
};

/**
 * A band of the box's ellipse from one angle to another, `inner` of the radius inside: along the
 * outside with `sweep`, back along the inside against it.
 */
export function ringBand(w: number, h: number, start: number, end: number, inner: number, large: 0 | 1, sweep: 0 | 1): PathData {
  const [rx, ry] = [w / 2, h / 2];
  const [sx, sy] = onEllipse(rx, ry, rx, ry, start);
  const [ex, ey] = onEllipse(rx, ry, rx, ry, end);
  const [ix, iy] = onEllipse(rx, ry, rx * inner, ry * inner, end);
  const [jx, jy] = onEllipse(rx, ry, rx * inner, ry * inner, start);
  return new PathData().moveTo(sx, sy).arcTo(rx, ry, 0, large, sweep, ex, ey).lineTo(ix, iy).arcTo(rx * inner, ry * inner, 0, large, sweep === 1 ? 0 : 1, jx, jy).close();
}

/**
 * A band of the ellipse between the two angles, arcWidth of the radius wide, clockwise (`fromHalf`:
 * the large arc from half a turn, and a half turn nudged so its arcs are not ambiguous).
 */
function ringSector(c: ShapeContext, fromHalf: boolean): void {
  const { start, inner } = arcAngles(c);
  let { end } = arcAngles(c);
  if (fromHalf && end - start === Math.PI) end += 0.00001;
  c.fig.path(ringBand(c.w, c.h, start, end, inner, largeArc(start, end, fromHalf), 1));
}

const partConcEllipse: Painter = (c) => ringSector(c, true);

/** A bending arch: a disc 5 px inside the band, then the band (the Infographic palette's too). */
export const bendingArch: Painter = (c) => {
  const { inner } = arcAngles(c);
  const [rx, ry] = [(c.w / 2) * inner - 5, (c.h / 2) * inner - 5];
  c.fig.ellipse(c.w / 2 - rx, c.h / 2 - ry, 2 * rx, 2 * ry);
  ringSector(c, false);
};

/** A numbered entry: a circle dy across at the top middle, in a box whose top bends round it 5 px off (the Infographic palette's too). */
export const numberedEntry: Painter = (c) => {
  const { w, h } = c;
  const inset = 5;
  const d = Math.min(clamp(c.num('dy', 0.5), 0, w), w - 2 * inset, h - inset);
  c.fig.ellipse(w / 2 - d / 2, 0, d, d);
  const bend = d / 2 + inset;
  c.fig.path(new PathData().moveTo(0, d / 2).lineTo(w / 2 - bend, d / 2).arcTo(bend, bend, 0, 0, 0, w / 2 + bend, d / 2).lineTo(w, d / 2).lineTo(w, h).lineTo(0, h).close());
};

/** The polygon through `polyCoords` (a JSON list of [x, y] shares of the box), open with `polyline=1`; nothing when they do not parse. */
const freePolygon: Painter = (c) => {
  let coords: unknown;
  try {
    coords = JSON.parse(c.style.get('polyCoords') ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(coords)) return;
  const points = coords.filter((p): p is [number, number] => Array.isArray(p) && Number.isFinite(Number(p[0])) && Number.isFinite(Number(p[1])));
  if (points.length === 0) return;
  // diagrams.net closes it when polyline is false as JavaScript compares it: missing, 0 or empty.
  const flag = c.style.get('polyline');
  const open = flag !== undefined && flag !== '0' && flag !== '';
  c.fig.path(polyline(points.map(([x, y]) => [Number(x) * c.w, Number(y) * c.h]), !open));
};

/** Hatching lines `step` apart at 45 degrees: rising to the right, or (`mirrored`) to the left. */
function diagonalHatch(w: number, h: number, step: number, mirrored: boolean): PathData {
  const path = new PathData();
  const x = (value: number) => (mirrored ? w - value : value);
  for (let i = 0; i < h + w; i += step) {
    const [fromX, fromY] = i <= h ? [0, i] : [i - h, h];
    const [toX, toY] = i <= w ? [i, 0] : [w, i - w];
    path.moveTo(x(fromX), fromY).lineTo(x(toX), toY);
  }
  return path;
}

/** Straight hatching lines `step` apart, across (`vertical`) or down the box. */
function straightHatch(w: number, h: number, step: number, vertical: boolean): PathData {
  const path = new PathData();
  for (let i = 0; i <= (vertical ? w : h); i += step) {
    if (vertical) path.moveTo(i, 0).lineTo(i, h);
    else path.moveTo(0, i).lineTo(w, i);
  }
  return path;
}

/** The most hatching lines drawn, however small the step: past it the box is as good as filled. */
const MAX_HATCH_LINES = 2000;

/**
 * A rectangle filled with a hatch pattern (`fillStyle` diag, diagRev, diagGrid, vert, hor, grid,
 * lines `step` apart in fillStrokeColor and fillStrokeWidth), its sides drawn where top, right,
 * bottom and left are not 0.
 */
const patternFillRect: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h, 'fill');
  const fillStyle = c.style.get('fillStyle') ?? 'none';
  const step = Math.max(c.num('step', 5), (w + h) / MAX_HATCH_LINES, 0.1);
  const hatch = { stroke: c.color('fillStrokeColor', '#cccccc'), strokeWidth: c.num('fillStrokeWidth', 1) };
  const diagonal = step * 1.41;
  if (fillStyle === 'diag' || fillStyle === 'diagGrid') c.fig.path(diagonalHatch(w, h, diagonal, false), 'stroke', hatch);
  else if (fillStyle === 'vert' || fillStyle === 'grid') c.fig.path(straightHatch(w, h, step, true), 'stroke', hatch);
  // diagGrid keeps the step its first hatching stretched; diagRev stretches its own.
  if (fillStyle === 'diagRev' || fillStyle === 'diagGrid') c.fig.path(diagonalHatch(w, h, diagonal, true), 'stroke', hatch);
  else if (fillStyle === 'hor' || fillStyle === 'grid') c.fig.path(straightHatch(w, h, step, false), 'stroke', hatch);
  const sides: ReadonlyArray<readonly [string, Point]> = [['top', [w, 0]], ['right', [w, h]], ['bottom', [0, h]], ['left', [0, 0]]];
  const outline = new PathData().moveTo(0, 0);
  for (const [side, [x, y]] of sides) {
    if ((c.style.get(side) ?? '1') === '1') outline.lineTo(x, y);
    else outline.moveTo(x, y);
  }
  c.fig.path(outline, 'stroke');
};

export const BASIC_ARC_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.basic.pie': pie,
  'mxgraph.basic.arc': arc,
  'mxgraph.basic.partConcEllipse': partConcEllipse,
  'mxgraph.basic.bendingArch': bendingArch,
  'mxgraph.basic.numberedEntryVert': numberedEntry,
  'mxgraph.basic.polygon': freePolygon,
  'mxgraph.basic.patternFillRect': patternFillRect,
};
