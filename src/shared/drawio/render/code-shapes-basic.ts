/**
 * diagrams.net's general code shapes (its Shapes.js and mxGraph's shape classes): the flowchart
 * and basic figures, brackets, arrows and markers, each with the geometry and `size`-like keys
 * diagrams.net gives it (defaults as its shape classes set them).
 */
import { clamp, fractionOrFixed, polygonArc, type Painter, type ShapeContext } from './code-shape-context';
import { PathData, cornerPath, polyline, type Point } from './code-shape-pen';

/** A closed polygon, rounded as diagrams.net rounds it when the style says `rounded=1`. */
export function polygon(c: ShapeContext, points: readonly Point[]): void {
  c.fig.path(cornerPath(points, c.rounded, polygonArc(c), true));
}

/** The corner radius of a rounded rectangle (mxRectangleShape): arcSize % of the shorter side, or arcSize/2 px when absolute. */
export function rectangleRadius(c: ShapeContext, w = c.w, h = c.h): number {
  if (!c.rounded) return 0;
  if (c.style.get('absoluteArcSize') === '1') return Math.min(w / 2, h / 2, c.num('arcSize', 20) / 2);
  const f = c.num('arcSize', 15) / 100;
  return Math.min(w * f, h * f);
}

/** The cell's box as a rectangle (rounded by the style). */
export function rectangle(c: ShapeContext): void {
  const r = rectangleRadius(c);
  if (r > 0) c.fig.roundRect(0, 0, c.w, c.h, r);
  else c.fig.rect(0, 0, c.w, c.h);
}

/**
 * diagrams.net's glass (`glass=1`) over a filled shape's top (x, y, w, h: the part it covers):
 * a sheen from white at 90 % to 10 % opacity, down to 40 % of the height at the sides and curving
 * to 55 % in the middle, half the stroke beyond the box, its top corners round with the shape's.
 */
export function glassEffect(c: ShapeContext, x: number, y: number, w: number, h: number, arc: number): void {
  if (c.style.get('glass') !== '1' || c.fill === 'none') return;
  const out = Math.ceil(c.strokeWidth / 2);
  const id = `${c.gradientId}-glass`;
  c.fig.raw(`<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.1"/></linearGradient></defs>`);
  const [left, top, right] = [x - out, y - out, x + w + out];
  const a = arc + 2 * out;
  const path = new PathData();
  if (c.rounded) path.moveTo(left + a, top).quadTo(left, top, left, top + a);
  else path.moveTo(left, top);
  path.lineTo(left, y + h * 0.4).quadTo(x + w / 2, y + h * 0.7, right, y + h * 0.4);
  if (c.rounded) path.lineTo(right, top + a).quadTo(right, top, right - a, top);
  else path.lineTo(right, top);
  // Drawn as it is even on a hand-drawn shape (diagrams.net does not sketch the glass).
  c.fig.raw(`<path d="${path.close()}" fill="url(#${id})" stroke="none"/>`);
}

/** A plain rectangle, with diagrams.net's glass when the style asks for it (its arc measured with the stroke). */
const plainRectangle: Painter = (c) => {
  rectangle(c);
  glassEffect(c, 0, 0, c.w, c.h, rectangleRadius(c, c.w + c.strokeWidth, c.h + c.strokeWidth));
};

/** The inset of a process' bars or an internal storage's lines when rounded (never inside the corner). */
function roundedInset(c: ShapeContext): number {
  if (!c.rounded) return 0;
  const f = c.num('arcSize', 15) / 100;
  return Math.min(c.w * f, c.h * f);
}

const process: Painter = (c) => {
  rectangle(c);
  const fixed = c.style.get('fixedSize') === '1';
  const size = c.num('size', 0.1);
  const inset = Math.round(Math.max(fixed ? clamp(size, 0, c.w) : c.w * clamp(size, 0, 1), roundedInset(c)));
  c.fig.path(new PathData().moveTo(inset, 0).lineTo(inset, c.h).moveTo(c.w - inset, 0).lineTo(c.w - inset, c.h), 'stroke');
};

const internalStorage: Painter = (c) => {
  rectangle(c);
  const inset = roundedInset(c);
  const dx = Math.max(inset, Math.min(c.w, c.num('dx', 20)));
  const dy = Math.max(inset, Math.min(c.h, c.num('dy', 20)));
  c.fig.path(new PathData().moveTo(0, dy).lineTo(c.w, dy).moveTo(dx, 0).lineTo(dx, c.h), 'stroke');
};

const hexagon: Painter = (c) => {
  const { w, h } = c;
  const s = fractionOrFixed(c, { fraction: 0.25, fixed: 20 }, { fraction: 1, fixed: w / 2 });
  polygon(c, [[s, 0], [w - s, 0], [w, h / 2], [w - s, h], [s, h], [0, h / 2]]);
};

const parallelogram: Painter = (c) => {
  const { w, h } = c;
  const dx = fractionOrFixed(c, { fraction: 0.2, fixed: 20 }, { fraction: 1, fixed: w });
  polygon(c, [[0, h], [dx, 0], [w, 0], [w - dx, h]]);
};

const trapezoid: Painter = (c) => {
  const { w, h } = c;
  const dx = fractionOrFixed(c, { fraction: 0.2, fixed: 20 }, { fraction: 0.5, fixed: w / 2 });
  polygon(c, [[0, h], [dx, 0], [w - dx, 0], [w, h]]);
};

const step: Painter = (c) => {
  const { w, h } = c;
  const s = fractionOrFixed(c, { fraction: 0.2, fixed: 20 }, { fraction: 1, fixed: w });
  polygon(c, [[0, 0], [w - s, 0], [w, h / 2], [w - s, h], [0, h], [s, h / 2]]);
};

const card: Painter = (c) => {
  const { w, h } = c;
  const s = clamp(c.num('size', 30), 0, Math.min(w, h));
  polygon(c, [[s, 0], [w, 0], [w, h], [0, h], [0, s]]);
};

const callout: Painter = (c) => {
  const { w, h } = c;
  const s = clamp(c.num('size', 30), 0, h);
  const dx = w * clamp(c.num('position', 0.5), 0, 1);
  const dx2 = w * clamp(c.num('position2', 0.5), 0, 1);
  const base = clamp(c.num('base', 20), 0, w);
  polygon(c, [[0, 0], [w, 0], [w, h - s], [Math.min(w, dx + base), h - s], [dx2, h], [Math.max(0, dx), h - s], [0, h - s]]);
};

const rhombus: Painter = (c) => polygon(c, [[c.w / 2, 0], [c.w, c.h / 2], [c.w / 2, c.h], [0, c.h / 2]]);

/** A triangle points east (its direction turns it), as mxTriangle draws it. */
const triangle: Painter = (c) => polygon(c, [[0, 0], [c.w, c.h / 2], [0, c.h]]);

/** A block arrow's shaft (arrowWidth, 0.3 of the height) and head (arrowSize, 0.2 of the width). */
function arrowParts(c: ShapeContext): { head: number; top: number; bottom: number } {
  const shaft = c.h * clamp(c.num('arrowWidth', 0.3), 0, 1);
  const top = (c.h - shaft) / 2;
  return { head: c.w * clamp(c.num('arrowSize', 0.2), 0, 1), top, bottom: top + shaft };
}

const singleArrow: Painter = (c) => {
  const { w, h } = c;
  const { head, top, bottom } = arrowParts(c);
  polygon(c, [[0, top], [w - head, top], [w - head, 0], [w, h / 2], [w - head, h], [w - head, bottom], [0, bottom]]);
};

const doubleArrow: Painter = (c) => {
  const { w, h } = c;
  const { head, top, bottom } = arrowParts(c);
  polygon(c, [[0, h / 2], [head, 0], [head, top], [w - head, top], [w - head, 0], [w, h / 2], [w - head, h], [w - head, bottom], [head, bottom], [head, h]]);
};

/** A note: the folded corner (`size` px, 30 unless set), darkened by darkOpacity. */
export const note: Painter = (c) => {
  const { w, h } = c;
  const s = clamp(c.num('size', 30), 0, Math.min(w, h));
  c.fig.path(polyline([[0, 0], [w - s, 0], [w, s], [w, h], [0, h]], true));
  const dark = clamp(c.num('darkOpacity', 0), -1, 1);
  const fold = polyline([[w - s, 0], [w - s, s], [w, s]], false);
  if (dark !== 0) c.fig.path(new PathData().moveTo(w - s, 0).lineTo(w - s, s).lineTo(w, s).close(), 'fill', { fill: dark < 0 ? '#FFFFFF' : '#000000', opacity: Math.abs(dark) });
  c.fig.path(fold, 'stroke');
};

const cube: Painter = (c) => {
  const { w, h } = c;
  const s = clamp(c.num('size', 20), 0, Math.min(w, h));
  c.fig.path(polyline([[0, 0], [w - s, 0], [w, s], [w, h], [s, h], [0, h - s]], true));
  const dark = clamp(c.num('darkOpacity', 0), -1, 1);
  const dark2 = clamp(c.num('darkOpacity2', 0), -1, 1);
  const shade = (op: number, points: readonly Point[]) => {
    if (op !== 0) c.fig.path(polyline(points, true), 'fill', { fill: op < 0 ? '#FFFFFF' : '#000000', opacity: Math.abs(op) });
  };
  shade(dark, [[0, 0], [w - s, 0], [w, s], [s, s]]);
  shade(dark2, [[0, 0], [s, s], [s, h], [0, h - s]]);
  c.fig.path(new PathData().moveTo(s, h).lineTo(s, s).lineTo(0, 0).moveTo(s, s).lineTo(w, s), 'stroke');
};

/** The wave along a tape's or a document's bottom edge, from the right side back to the left (diagrams.net's 1.4 swing). */
function bottomWave(path: PathData, w: number, h: number, dy: number): PathData {
  const fy = 1.4;
  return path
    .lineTo(w, h - dy / 2)
    .quadTo((w * 3) / 4, h - dy * fy, w / 2, h - dy / 2)
    .quadTo(w / 4, h - dy * (1 - fy), 0, h - dy / 2);
}

/** A tape: waves `size` (0.4 of the height) deep along its top and bottom. */
const tape: Painter = (c) => {
  const { w, h } = c;
  const dy = h * clamp(c.num('size', 0.4), 0, 1);
  const top = new PathData().moveTo(0, dy / 2).quadTo(w / 4, dy * 1.4, w / 2, dy / 2).quadTo((w * 3) / 4, dy * (1 - 1.4), w, dy / 2);
  c.fig.path(bottomWave(top, w, h, dy).close());
};

/** A document: flat on top, a wave `size` (0.3 of the height) deep along its bottom. */
const documentShape: Painter = (c) => {
  const { w, h } = c;
  const dy = h * clamp(c.num('size', 0.3), 0, 1);
  c.fig.path(bottomWave(new PathData().moveTo(0, 0).lineTo(w, 0), w, h, dy).close());
};

/** mxCylinder: a rim `size` (a fraction of the height) or h/5 high, at most 40 px. */
const cylinder: Painter = (c) => {
  const { w, h } = c;
  const dy = c.style.has('size') ? h * clamp(c.num('size', 0.15), 0, 1) : Math.min(40, Math.round(h / 5));
  c.fig.path(
    new PathData()
      .moveTo(0, dy)
      .curveTo(0, -dy / 3, w, -dy / 3, w, dy)
      .lineTo(w, h - dy)
      .curveTo(w, h + dy / 3, 0, h + dy / 3, 0, h - dy)
      .close(),
  );
  c.fig.path(new PathData().moveTo(0, dy).curveTo(0, 2 * dy, w, 2 * dy, w, dy), 'stroke');
};

/** cylinder3: elliptic rims `size` px high (15 unless set), at most half the height. */
const cylinder3: Painter = (c) => {
  const { w, h } = c;
  const size = clamp(c.num('size', 15), 0, h / 2);
  if (size === 0) {
    c.fig.rect(0, 0, w, h);
    return;
  }
  const rx = w / 2;
  const lid = c.style.get('lid') !== '0';
  const body = new PathData();
  if (lid) body.moveTo(0, size).arcTo(rx, size, 0, 0, 1, w / 2, 0).arcTo(rx, size, 0, 0, 1, w, size);
  else body.moveTo(0, 0).arcTo(rx, size, 0, 0, 0, w / 2, size).arcTo(rx, size, 0, 0, 0, w, 0);
  body.lineTo(w, h - size).arcTo(rx, size, 0, 0, 1, w / 2, h).arcTo(rx, size, 0, 0, 1, 0, h - size).close();
  c.fig.path(body);
  if (lid) c.fig.path(new PathData().moveTo(w, size).arcTo(rx, size, 0, 0, 1, w / 2, 2 * size).arcTo(rx, size, 0, 0, 1, 0, size), 'stroke');
};

/** A curly bracket opening east: its point at the left, the arms `size` (half the width) in. */
const curlyBracket: Painter = (c) => {
  const { w, h } = c;
  const s = w * clamp(c.num('size', 0.5), 0, 1);
  const points: Point[] = [[w, 0], [s, 0], [s, h / 2], [0, h / 2], [s, h / 2], [s, h], [w, h]];
  c.fig.path(cornerPath(points, c.rounded, polygonArc(c), false), 'stroke');
};

const xor: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(0, 0).quadTo(w, 0, w, h / 2).quadTo(w, h, 0, h).quadTo(w / 2, h / 2, 0, 0).close());
};

const requiredInterface: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(0, 0).quadTo(w, 0, w, h / 2).quadTo(w, h, 0, h), 'stroke');
};

/**
 * A box with two jetties on its left side (a UML module or component): jettyWidth x jettyHeight,
 * the jetties' tops where `tops` puts them in a box of height h.
 */
export function jettied(defaults: { width: number; height: number }, tops: (h: number, dy: number) => readonly [number, number]): Painter {
  return (c) => {
    const { w, h } = c;
    const dx = c.num('jettyWidth', defaults.width);
    const dy = c.num('jettyHeight', defaults.height);
    const x0 = dx / 2;
    const x1 = x0 + dx / 2;
    const [y0, y1] = tops(h, dy);
    c.fig.path(
      polyline([[x0, 0], [w, 0], [w, h], [x0, h], [x0, y1 + dy], [0, y1 + dy], [0, y1], [x0, y1], [x0, y0 + dy], [0, y0 + dy], [0, y0], [x0, y0]], true),
    );
    c.fig.path(
      new PathData().moveTo(x0, y0).lineTo(x1, y0).lineTo(x1, y0 + dy).lineTo(x0, y0 + dy).moveTo(x0, y1).lineTo(x1, y1).lineTo(x1, y1 + dy).lineTo(x0, y1 + dy),
      'stroke',
    );
  };
}

/** A UML module: jetties 20 x 10 (unless set), one jetty height from the top and two below it. */
const moduleShape = jettied({ width: 20, height: 10 }, (h, dy) => {
  const y0 = Math.min(dy, h - dy);
  return [y0, Math.min(y0 + 2 * dy, h - dy)];
});

/** A dimension line: ticks at both ends, arrows 10 px long pointing out, the line 5 px above the bottom. */
const dimension: Painter = (c) => {
  const { w, h } = c;
  const al = 10;
  const cy = h - al / 2;
  c.fig.path(
    new PathData()
      .moveTo(0, 0).lineTo(0, h)
      .moveTo(0, cy).lineTo(al, cy - al / 2)
      .moveTo(0, cy).lineTo(al, cy + al / 2)
      .moveTo(0, cy).lineTo(w, cy)
      .moveTo(w, 0).lineTo(w, h)
      .moveTo(w, cy).lineTo(w - al, cy - al / 2)
      .moveTo(w, cy).lineTo(w - al, cy + al / 2),
    'stroke',
  );
};

/** A waypoint: a dot of `size` (6) plus the stroke width in the stroke colour, centred. */
const waypoint: Painter = (c) => {
  const s = Math.max(0, c.num('size', 6) - 2) + 2 * c.strokeWidth;
  c.fig.ellipse((c.w - s) / 2, (c.h - s) / 2, s, s, 'fill', { fill: c.stroke });
};

/** Two rings: the outer stroked, the inner (inset by `margin`, else 3 + stroke width, at most a fifth) filled. */
const doubleEllipse: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h, 'stroke');
  const inset = c.num('margin', Math.min(3 + c.strokeWidth, Math.min(w / 5, h / 5)));
  c.fig.ellipse(inset, inset, w - 2 * inset, h - 2 * inset);
};

/** diagrams.net's `ellipse`: the ellipse filling the box. */
const ellipse: Painter = (c) => {
  c.fig.ellipse(0, 0, c.w, c.h);
};

/** The UML end state: a filled disc inset by 4 (at most a fifth) inside a stroked ring. */
const endState: Painter = (c) => {
  const { w, h } = c;
  const inset = Math.min(4, Math.min(w / 5, h / 5));
  c.fig.ellipse(inset, inset, w - 2 * inset, h - 2 * inset);
  c.fig.ellipse(0, 0, w, h, 'stroke');
};

/** A line vertex: a line across the middle (its direction turns it). */
const line: Painter = (c) => {
  c.fig.path(new PathData().moveTo(0, c.h / 2).lineTo(c.w, c.h / 2), 'stroke');
};

/** A rectangle filled whole with only the sides its style names (top, right, bottom, left; all unless 0) stroked. */
const partialRectangle: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h, 'fill');
  const side = (key: string) => c.style.get(key) !== '0';
  const path = new PathData().moveTo(0, 0);
  if (side('top')) path.lineTo(w, 0);
  else path.moveTo(w, 0);
  if (side('right')) path.lineTo(w, h);
  else path.moveTo(w, h);
  if (side('bottom')) path.lineTo(0, h);
  else path.moveTo(0, h);
  if (side('left')) path.lineTo(0, 0);
  if (side('top') || side('right') || side('bottom') || side('left')) c.fig.path(path, 'stroke');
};

export const BASIC_SHAPES: Readonly<Record<string, Painter>> = {
  process,
  process2: process,
  internalStorage,
  hexagon,
  parallelogram,
  trapezoid,
  step,
  card,
  callout,
  rhombus,
  triangle,
  singleArrow,
  doubleArrow,
  note,
  note2: note,
  cube,
  tape,
  document: documentShape,
  cylinder,
  cylinder3,
  curlyBracket,
  xor,
  requiredInterface,
  module: moduleShape,
  dimension,
  waypoint,
  doubleEllipse,
  ellipse,
  endState,
  line,
  partialRectangle,
  // A table's row: diagrams.net draws its sides as a partial rectangle's (a row's style turns them all off).
  tableRow: partialRectangle,
  rect: plainRectangle,
  rectangle: plainRectangle,
};
