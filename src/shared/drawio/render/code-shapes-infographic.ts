/**
 * The Infographic palette's shapes diagrams.net draws in code (mxInfographic.js): ribbons,
 * banners and flags whose folds are shaded by a black or white film over the shape's fill,
 * pyramids, cubes and a cylinder lit from one side, rings and dials with a hole, and callouts,
 * each with the style's own dx, dy, notch, angles and widths (clamped as diagrams.net clamps them).
 * The simple ribbon is in code-shapes-libraries.ts.
 */
import { clamp, type Painter, type ShapeContext } from './code-shape-context';
import { PathData, polyline, type Point } from './code-shape-pen';
import { arcAngles, bendingArch, largeArc, numberedEntry, ringBand } from './code-shapes-basic-arcs';
import { linearGradient, xmlAttr } from './stencil-figure';

/** A film over part of a shape: its outlines (one path), black or white, at an opacity. */
interface Film {
  readonly outlines: ReadonlyArray<readonly Point[]>;
  readonly color: '#000000' | '#ffffff';
  readonly opacity: number;
}

const film = (color: Film['color'], opacity: number, ...outlines: Array<readonly Point[]>): Film => ({ outlines, color, opacity });

/** Outlines as one path, each closed. */
function outlinesPath(outlines: ReadonlyArray<readonly Point[]>): PathData {
  const path = new PathData();
  for (const points of outlines) {
    points.forEach(([x, y], n) => (n === 0 ? path.moveTo(x, y) : path.lineTo(x, y)));
    path.close();
  }
  return path;
}

/**
 * A polygon filled and stroked, its films laid over the fill, then (with `restroke`) its outline
 * stroked again over the films, as mxInfographic.js shades its folds and faces.
 */
function shaded(c: ShapeContext, outline: readonly Point[], films: readonly Film[], restroke = true): void {
  c.fig.path(polyline(outline, true));
  for (const { outlines, color, opacity } of films) c.fig.path(outlinesPath(outlines), 'fill', { fill: color, opacity, fillOpacity: 1 });
  if (restroke) c.fig.path(polyline(outline, true), 'stroke');
}

/** An oval centred on (cx, cy), from its top round to its top again: anticlockwise (sweep 0) or clockwise (1). */
function oval(path: PathData, cx: number, cy: number, rx: number, ry: number, sweep: 0 | 1): PathData {
  const side = sweep === 1 ? 1 : -1;
  return path
    .moveTo(cx, cy - ry)
    .arcTo(rx, ry, 0, 0, sweep, cx + side * rx, cy)
    .arcTo(rx, ry, 0, 0, sweep, cx, cy + ry)
    .arcTo(rx, ry, 0, 0, sweep, cx - side * rx, cy)
    .arcTo(rx, ry, 0, 0, sweep, cx, cy - ry)
    .close();
}

/** dx, dy and notch as the ribbons read them: dx within the width, dy within half the height, notch within what dx leaves. */
function ribbonSizes(c: ShapeContext, defaults: { dx: number; dy: number; notch?: number }) {
  const dx = clamp(c.num('dx', defaults.dx), 0, c.w);
  const dy = clamp(c.num('dy', defaults.dy), 0, c.h / 2);
  return { dx, dy, notch: clamp(c.num('notch', defaults.notch ?? 0.5), 0, c.w - dx) };
}

/** A ribbon's body: its left end rolled up dx wide, its right end rolled down. */
function rolledOutline(w: number, h: number, dx: number, dy: number): Point[] {
  return [[0, dy], [dx, 0], [dx, dy], [w, dy], [w, h - dy], [w - dx, h], [w - dx, h - dy], [0, h - dy]];
}

/** A rolled ribbon: both rolled ends shaded. */
const ribbonRolled: Painter = (c) => {
  const { w, h } = c;
  const { dx, dy } = ribbonSizes(c, { dx: 185, dy: 15 });
  shaded(c, rolledOutline(w, h, dx, dy), [film('#000000', 0.2, [[0, dy], [dx, 0], [dx, dy]], [[w, h - dy], [w - dx, h], [w - dx, h - dy]])]);
};

/** A double-folded ribbon: the left fold the whole ribbon's height shaded, the right end as rolled. */
const ribbonDoubleFolded: Painter = (c) => {
  const { w, h } = c;
  const { dx, dy } = ribbonSizes(c, { dx: 25, dy: 15 });
  shaded(c, rolledOutline(w, h, dx, dy), [film('#000000', 0.2, [[0, dy], [dx, 0], [dx, h - 2 * dy], [0, h - dy]], [[w, h - dy], [w - dx, h], [w - dx, h - dy]])]);
};

/** A ribbon folded at its left end, a notch in its right end: front folded (the whole fold shaded) or back folded (only its tip). */
function ribbonFolded(front: boolean): Painter {
  return (c) => {
    const { w, h } = c;
    const { dx, dy, notch } = ribbonSizes(c, { dx: 0.5, dy: 0.5 });
    const outline: Point[] = [[0, dy], [dx, 0], [dx, dy], [w, dy], [w - notch, (h - dy) / 2 + dy], [w, h], [0, h]];
    const fold: Point[] = front ? [[0, dy], [dx, 0], [dx, h - dy], [0, h]] : [[0, dy], [dx, 0], [dx, dy]];
    shaded(c, outline, [film('#000000', 0.2, fold)]);
  };
}

/** A banner: a raised middle band, its two tails notched and shaded, the folds under the band darker. */
const banner: Painter = (c) => {
  const { w, h } = c;
  const dy = clamp(c.num('dy', 0.5), 0, h / 2);
  const dx = Math.min(w / 2 - 2 * dy, clamp(c.num('dx', 0.5), 0, w / 2));
  const notch = Math.min(dx, clamp(c.num('notch', 0.5), 0, w));
  const mid = (h - dy) / 2 + dy;
  const outline: Point[] = [
    [0, dy], [dx, dy], [dx, 0], [w - dx, 0], [w - dx, dy], [w, dy], [w - notch, mid], [w, h], [w - dx - 2 * dy, h],
    [w - dx - 2 * dy, h - dy], [dx + 2 * dy, h - dy], [dx + 2 * dy, h], [0, h], [notch, mid],
  ];
  shaded(
    c,
    outline,
    [
      film('#000000', 0.2, [[0, dy], [dx, dy], [dx, h - dy], [dx + 2 * dy, h], [0, h], [notch, mid]], [[w, dy], [w - dx, dy], [w - dx, h - dy], [w - dx - 2 * dy, h], [w, h], [w - notch, mid]]),
      film('#000000', 0.4, [[dx, h - dy], [dx + 2 * dy, h - dy], [dx + 2 * dy, h]], [[w - dx, h - dy], [w - dx - 2 * dy, h - dy], [w - dx - 2 * dy, h]]),
    ],
    false,
  );
};

/** A banner with one fold: a band pointed at its left, its right tail notched and faintly shaded, the fold under it darker. */
const bannerSingleFold: Painter = (c) => {
  const { w, h } = c;
  const dy = clamp(c.num('dy', 0.5), 0, h / 2);
  const dx = Math.min(w - 2 * dy, clamp(c.num('dx', 0.5), 0, w));
  const dx2 = clamp(c.num('dx2', 0.5), 0, w - dx - 2 * dy);
  const notch = Math.min(dx, clamp(c.num('notch', 0.5), 0, w));
  const mid = (h - dy) / 2 + dy;
  const outline: Point[] = [[dx2, 0], [w - dx, 0], [w - dx, dy], [w, dy], [w - notch, mid], [w, h], [w - dx - 2 * dy, h], [w - dx - 2 * dy, h - dy], [dx2, h - dy], [0, (h - dy) / 2]];
  shaded(c, outline, [
    film('#000000', 0.05, [[w, dy], [w - dx, dy], [w - dx, h - dy], [w - dx - 2 * dy, h], [w, h], [w - notch, mid]]),
    film('#000000', 0.4, [[w - dx, h - dy], [w - dx - 2 * dy, h - dy], [w - dx - 2 * dy, h]]),
  ]);
};

/** A banner folded down at its right end: the band pointed at its left, the hanging fold (dx wide, notched) shaded. */
const bannerHalfFold: Painter = (c) => {
  const { w, h } = c;
  const dx = clamp(c.num('dx', 0.5), 0, w);
  const dx2 = clamp(c.num('dx2', 0.5), 0, w - dx);
  const notch = clamp(c.num('notch', 0.5), 0, h - dx);
  const outline: Point[] = [[dx2, 0], [w - dx, 0], [w, dx], [w, h], [w - dx / 2, h - notch], [w - dx, h], [w - dx, dx], [dx2, dx], [0, dx / 2]];
  shaded(c, outline, [film('#000000', 0.2, [[w - dx, dx], [w, dx], [w, h], [w - dx / 2, h - notch], [w - dx, h], [w - dx, dx], [0, dx]])]);
};

/** A flag: a box with a pointed tab dx wide hanging dy below its left, the tab lightened. */
const flag: Painter = (c) => {
  const { w, h } = c;
  const dx = clamp(c.num('dx', 0.5), 0, w);
  const dy = clamp(c.num('dy', 0.5), 0, h);
  shaded(c, [[0, 0], [w, 0], [w, h - dy], [dx, h - dy], [dx / 2, h], [0, h - dy]], [film('#ffffff', 0.2, [[0, 0], [dx, 0], [dx, h - dy], [dx / 2, h], [0, h - dy]])], false);
};

/** A bar callout: a box with a pointer dy high under dx, as wide as 0.7 of its height. */
const barCallout: Painter = (c) => {
  const { w, h } = c;
  const dx = clamp(c.num('dx', 0.5), 0, w);
  const dy = clamp(c.num('dy', 0.5), 0, h);
  c.fig.path(polyline([[0, 0], [w, 0], [w, h - dy], [Math.min(dx + dy * 0.35, w), h - dy], [dx, h], [Math.max(dx - dy * 0.35, 0), h - dy], [0, h - dy]], true));
};

/** A parallelogram leaning 2 dx to the right. */
const parallelogram: Painter = (c) => {
  const { w, h } = c;
  const dx = clamp(c.num('dx', 10), 0, w / 2);
  c.fig.path(polyline([[0, h], [2 * dx, 0], [w, 0], [w - 2 * dx, h]], true));
};

/** A triangle lit from the left: its left face lightened, its right face darkened, meeting two thirds down. */
const shadedTriangle: Painter = (c) => {
  const { w, h } = c;
  shaded(c, [[0, h], [w / 2, 0], [w, h]], [film('#ffffff', 0.2, [[0, h], [w / 2, 0], [w / 2, h * 0.67]]), film('#000000', 0.2, [[w, h], [w / 2, h * 0.67], [w / 2, 0]])]);
};

/** A pyramid seen from a corner (its base 0.3 of the width deep), lit from the left. */
const shadedPyramid: Painter = (c) => {
  const { w, h } = c;
  const base = Math.max(h - w * 0.3, 0);
  shaded(c, [[0, base], [w / 2, 0], [w, base], [w / 2, h]], [film('#ffffff', 0.2, [[0, base], [w / 2, 0], [w / 2, h]]), film('#000000', 0.2, [[w, base], [w / 2, h], [w / 2, 0]])]);
};

/** A step of a pyramid: a box with a roof a tenth of its width high, lit from the left. */
const pyramidStep: Painter = (c) => {
  const { w, h } = c;
  const roof = Math.max(w * 0.1, 0);
  shaded(c, [[0, roof], [w / 2, 0], [w, roof], [w, h], [0, h]], [
    film('#ffffff', 0.2, [[0, roof], [w / 2, 0], [w / 2, h], [0, h]]),
    film('#000000', 0.2, [[w, roof], [w, h], [w / 2, h], [w / 2, 0]]),
  ]);
};

/** A cube seen from above a corner at `isoAngle` (15), its right face darkened and its left face lightened. */
const shadedCube: Painter = (c) => {
  const { w, h } = c;
  const angle = (clamp(c.num('isoAngle', 15), 0.01, 94) * Math.PI) / 200;
  const iso = Math.min(w * Math.tan(angle), h / 2);
  shaded(
    c,
    [[w / 2, 0], [w, iso], [w, h - iso], [w / 2, h], [0, h - iso], [0, iso]],
    [film('#000000', 0.2, [[w / 2, 2 * iso], [w, iso], [w, h - iso], [w / 2, h]]), film('#ffffff', 0.2, [[w / 2, 2 * iso], [0, iso], [0, h - iso], [w / 2, h]])],
    false,
  );
};

/** A cylinder with a 20 px lid, shaded from black at its left to white at its right at 40 %. */
const cylinder: Painter = (c) => {
  const { w, h } = c;
  const ry = 10;
  const body = (lid: 0 | 1) => new PathData().moveTo(0, ry).arcTo(w / 2, ry, 0, 0, lid, w, ry).lineTo(w, h - ry).arcTo(w / 2, ry, 0, 0, 1, 0, h - ry).close();
  c.fig.path(body(1));
  c.fig.raw(linearGradient(c.gradientId, '#000000', '#ffffff', 'east'));
  c.fig.path(body(0), 'fill', { fill: `url(#${xmlAttr(c.gradientId)})`, opacity: 0.4, fillOpacity: 1 });
  c.fig.path(body(1), 'stroke');
};

/**
 * A partly filled ring: the whole ring (arcWidth wide), lightened from endAngle back to startAngle
 * anticlockwise, and a dark film on its inner quarter.
 */
const partConcEllipse: Painter = (c) => {
  const { w, h } = c;
  const angles = arcAngles(c);
  const { start, inner } = angles;
  // diagrams.net nudges an end half a turn after the start, so that the band is drawn at all.
  const end = angles.end - start === Math.PI ? angles.end + 0.00001 : angles.end;
  // Drawn anticlockwise from the start: the large arc is where the clockwise span is not.
  const large = largeArc(start, angles.end, false) === 1 ? 0 : 1;
  const rings = (outer: number, hole: number) => oval(oval(new PathData(), w / 2, h / 2, (w / 2) * outer, (h / 2) * outer, 1), w / 2, h / 2, (w / 2) * hole, (h / 2) * hole, 0);
  c.fig.path(rings(1, inner));
  c.fig.path(ringBand(w, h, start, end, inner, large, 0), 'fill', { fill: '#ffffff', opacity: 0.2, fillOpacity: 1 });
  c.fig.path(rings(inner, inner + (1 - inner) * 0.25), 'fill', { fill: '#000000', opacity: 0.2, fillOpacity: 1 });
};

/** A circular callout: the box's oval with a square corner at the top right, and a ring dy wide. */
const circularCallout: Painter = (c) => {
  const { w, h } = c;
  const dy = clamp(c.num('dy', 0.5), 0, h / 2);
  const rx = clamp(w / 2 - dy, 0, w / 2);
  const ry = clamp(h / 2 - dy, 0, h / 2);
  const outline = new PathData().moveTo(w, h / 2).arcTo(w / 2, h / 2, 0, 0, 1, w / 2, h).arcTo(w / 2, h / 2, 0, 0, 1, 0, h / 2).arcTo(w / 2, h / 2, 0, 0, 1, w / 2, 0).lineTo(w, 0).close();
  c.fig.path(`${outline} ${oval(new PathData(), w / 2, h / 2, rx, ry, 0)}`);
};

/** A dial: an arch standing on the box's bottom, a hole dy in from its top, its foot below the arch shaded. */
const circularDial: Painter = (c) => {
  const { w, h } = c;
  const r = Math.max(0, Math.min(w / 2, h / 2 - 10));
  const dy = clamp(c.num('dy', 0.5), 0, Math.min(h / 2 - 10, w / 2));
  const hole = r - dy;
  const arch = new PathData().moveTo(w / 2 - r, h).lineTo(w / 2 - r, r).arcTo(r, r, 0, 0, 1, w / 2, 0).arcTo(r, r, 0, 0, 1, w / 2 + r, r).lineTo(w / 2 + r, h).close();
  c.fig.path(`${arch} ${oval(new PathData(), w / 2, r, hole, hole, 0)}`);
  c.fig.path(polyline([[w / 2 - r, 2 * r], [w / 2 + r, 2 * r], [w / 2 + r, h], [w / 2 - r, h]], true), 'fill', { fill: '#000000', opacity: 0.2, fillOpacity: 1 });
};

/**
 * A pin callout: a ring and a stem down to a dot at the bottom, in the stroke's colour, their
 * holes in the fill (mxInfographic.js's default of none is never reached: diagrams.net's default
 * vertex style gives both); drawn without an outline.
 */
const circularCallout2: Painter = (c) => {
  const { w, h } = c;
  const mid = w / 2;
  const r = Math.max(0, Math.min(w / 2, h * 0.4, h / 2 - 7));
  const dot = Math.max(r * 0.1, 6);
  const pin = new PathData()
    .moveTo(mid - 2, 2.15 * r)
    .arcTo(r * 0.23, r * 0.23, 0, 0, 0, mid - r * 0.2, r * 1.97)
    .arcTo(r, r, 0, 0, 1, mid - r, r)
    .arcTo(r, r, 0, 0, 1, mid, 0)
    .arcTo(r, r, 0, 0, 1, mid + r, r)
    .arcTo(r, r, 0, 0, 1, mid + r * 0.2, r * 1.97)
    .arcTo(r * 0.23, r * 0.23, 0, 0, 0, mid + 2, 2.15 * r);
  const long = r * 0.04 > 4;
  if (long) pin.lineTo(mid + 2, h - r * 0.22).arcTo(r * 0.05, r * 0.05, 0, 0, 0, mid + r * 0.04, h - r * 0.19);
  else pin.lineTo(mid + 2, h - 2 * dot);
  pin.arcTo(dot, dot, 0, 0, 1, mid + dot, h - dot).arcTo(dot, dot, 0, 0, 1, mid, h).arcTo(dot, dot, 0, 0, 1, mid - dot, h - dot);
  if (long) pin.arcTo(dot, dot, 0, 0, 1, mid - r * 0.04, h - r * 0.19).arcTo(dot / 2, dot / 2, 0, 0, 0, mid - 2, h - r * 0.22);
  else pin.arcTo(dot, dot, 0, 0, 1, mid - 2, h - 2 * dot);
  pin.close();
  const holes = `${oval(new PathData(), mid, r, r * 0.8, r * 0.8, 0)} ${oval(new PathData(), mid, h - dot, dot * 0.75, dot * 0.75, 0)}`;
  c.fig.path(`${pin} ${holes}`, 'fill', { fill: c.stroke });
  c.fig.path(holes, 'fill');
};

export const INFOGRAPHIC_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.infographic.numberedEntryVert': numberedEntry,
  'mxgraph.infographic.bendingArch': bendingArch,
  'mxgraph.infographic.parallelogram': parallelogram,
  'mxgraph.infographic.ribbonRolled': ribbonRolled,
  'mxgraph.infographic.ribbonDoubleFolded': ribbonDoubleFolded,
  'mxgraph.infographic.ribbonFrontFolded': ribbonFolded(true),
  'mxgraph.infographic.ribbonBackFolded': ribbonFolded(false),
  'mxgraph.infographic.banner': banner,
  'mxgraph.infographic.circularCallout': circularCallout,
  'mxgraph.infographic.shadedTriangle': shadedTriangle,
  'mxgraph.infographic.shadedPyramid': shadedPyramid,
  'mxgraph.infographic.pyramidStep': pyramidStep,
  'mxgraph.infographic.cylinder': cylinder,
  'mxgraph.infographic.circularCallout2': circularCallout2,
  'mxgraph.infographic.bannerSingleFold': bannerSingleFold,
  'mxgraph.infographic.shadedCube': shadedCube,
  'mxgraph.infographic.partConcEllipse': partConcEllipse,
  'mxgraph.infographic.bannerHalfFold': bannerHalfFold,
  'mxgraph.infographic.circularDial': circularDial,
  'mxgraph.infographic.barCallout': barCallout,
  'mxgraph.infographic.flag': flag,
};
