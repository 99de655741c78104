/**
 * The Basic palette's shapes diagrams.net draws in code (mxBasic.js, `shape=mxgraph.basic.*`):
 * crosses, callouts, waves, octagons, cubes, triangles, drops, cones, pyramids, stars and cut or
 * rounded rectangles, each from the style's own `dx`, `dy`, `size`, `isoAngle`... read and
 * clamped as mxBasic.js reads them (its quirks too: a fraction clamped to the box's width, not 1).
 */
import { clamp, type Painter, type ShapeContext } from './code-shape-context';
import { aroundFromBottom, PathData, polyline } from './code-shape-pen';

/** A style key in pixels, clamped to [0, limit] (mxBasic.js clamps most of them to the width). */
function pixels(c: ShapeContext, key: string, fallback: number, limit = c.w): number {
  return clamp(c.num(key, fallback), 0, limit);
}

/** A style key read as a share of `length`: mxBasic.js clamps the share to [0, length] before multiplying. */
function share(c: ShapeContext, key: string, fallback: number, length: number): number {
  return length * clamp(c.num(key, fallback), 0, length);
}

/** mxBasic.js's corner size: `dx` doubled, at most half the shorter side. */
function cornerSize(c: ShapeContext): number {
  return Math.min(c.w / 2, c.h / 2, pixels(c, 'dx', 0.5) * 2);
}

const cross: Painter = (c) => {
  const { w, h } = c;
  const d = pixels(c, 'dx', 0.5);
  const [l, r, t, b] = [w / 2 - d, w / 2 + d, h / 2 - d, h / 2 + d];
  c.fig.path(polyline([[r, 0], [r, t], [w, t], [w, b], [r, b], [r, h], [l, h], [l, b], [0, b], [0, t], [l, t], [l, 0]], true));
};

/** A callout's box above its pointer: dx where the pointer starts, dy its height. */
function calloutParts(c: ShapeContext): { dx: number; dy: number } {
  return { dx: pixels(c, 'dx', 0.5), dy: pixels(c, 'dy', 0.5, c.h) };
}

const rectCallout: Painter = (c) => {
  const { w, h } = c;
  const { dx, dy } = calloutParts(c);
  c.fig.path(polyline([[dx - dy / 2, h - dy], [0, h - dy], [0, 0], [w, 0], [w, h - dy], [dx + dy / 2, h - dy], [dx - dy, h]], true));
};

const roundRectCallout: Painter = (c) => {
  const { w, h } = c;
  const { dy } = calloutParts(c);
  const r = Math.min((h - dy) / 2, w / 2, pixels(c, 'size', 10, h));
  const dx = Math.min(w - r - dy / 2, Math.max(r + dy / 2, calloutParts(c).dx));
  const bottom = h - dy;
  c.fig.path(
    aroundFromBottom(new PathData(), w, bottom, r, dx - dy / 2, dx + dy / 2)
      .arcTo(1.9 * dy, 1.4 * dy, 0, 0, 1, dx - dy, h)
      .arcTo(0.9 * dy, 1.4 * dy, 0, 0, 0, dx - dy / 2, bottom)
      .close(),
  );
};

/** A band with a wave along its top and its bottom, each wave a share `dy` of the height. */
const wave: Painter = (c) => {
  const { w, h } = c;
  const dy = share(c, 'dy', 0.5, h);
  const swing = 1.4;
  c.fig.path(
    new PathData()
      .moveTo(0, dy / 2)
      .quadTo(w / 6, dy * (1 - swing), w / 3, dy / 2)
      .quadTo(w / 2, dy * swing, (w * 2) / 3, dy / 2)
      .quadTo((w * 5) / 6, dy * (1 - swing), w, dy / 2)
      .lineTo(w, h - dy / 2)
      .quadTo((w * 5) / 6, h - dy * swing, (w * 2) / 3, h - dy / 2)
      .quadTo(w / 2, h - dy * (1 - swing), w / 3, h - dy / 2)
      .quadTo(w / 6, h - dy * swing, 0, h - dy / 2)
      .close(),
  );
};

const octagon: Painter = (c) => {
  const { w, h } = c;
  const d = cornerSize(c);
  c.fig.path(polyline([[d, 0], [w - d, 0], [w, d], [w, h - d], [w - d, h], [d, h], [0, h - d], [0, d]], true));
};

/** An isometric cube: its outline, then the edges of its top face and its front corner (stroke only). */
const isoCube: Painter = (c) => {
  const { w, h } = c;
  const angle = (clamp(c.num('isoAngle', 15), 0.01, 94) * Math.PI) / 200;
  const top = Math.min(w * Math.tan(angle), h / 2);
  c.fig.path(polyline([[w / 2, 0], [w, top], [w, h - top], [w / 2, h], [0, h - top], [0, top]], true));
  c.fig.path(`${polyline([[0, top], [w / 2, 2 * top], [w, top]], false)} ${polyline([[w / 2, 2 * top], [w / 2, h]], false)}`, 'stroke');
};

const acuteTriangle: Painter = (c) => {
  const apex = share(c, 'dx', 0.5, c.w);
  c.fig.path(polyline([[0, c.h], [apex, 0], [c.w, c.h]], true));
};

const obtuseTriangle: Painter = (c) => {
  const foot = share(c, 'dx', 0.5, c.w);
  c.fig.path(polyline([[foot, c.h], [0, 0], [c.w, c.h]], true));
};

/** A drop: a circle of the shorter half side at the bottom, its tangents meeting at the top middle. */
const drop: Painter = (c) => {
  const { w, h } = c;
  const r = Math.min(w, h) / 2;
  const d = h - r;
  const angle = Math.atan(Math.sqrt(Math.max(0, d * d - r * r)) / r);
  const [x1, y1] = [r * Math.sin(angle), r * Math.cos(angle)];
  c.fig.path(
    new PathData()
      .moveTo(w / 2, 0)
      .lineTo(w / 2 + x1, h - r - y1)
      .arcTo(r, r, 0, 0, 1, w / 2 + r, h - r)
      .arcTo(r, r, 0, 0, 1, w / 2, h)
      .arcTo(r, r, 0, 0, 1, w / 2 - r, h - r)
      .arcTo(r, r, 0, 0, 1, w / 2 - x1, h - r - y1)
      .close(),
  );
};

/** A cone: its apex at a share dx of the width, its base an ellipse from a share dy of the height down. */
const cone: Painter = (c) => {
  const { w, h } = c;
  const apex = share(c, 'dx', 0.5, w);
  const ry = h - share(c, 'dy', 0.9, h);
  const path = new PathData().moveTo(apex, 0);
  if (ry > 0) path.lineTo(w, h - ry).arcTo(w / 2, ry, 0, 0, 1, w / 2, h).arcTo(w / 2, ry, 0, 0, 1, 0, h - ry);
  else path.lineTo(w, h).lineTo(0, h);
  c.fig.path(path.close());
};

/** A pyramid seen from the side: four corners placed by dx1, dx2, dy1, dy2, and its front edge. */
const pyramid: Painter = (c) => {
  const { w, h } = c;
  const [dx1, dx2] = [share(c, 'dx1', 0.5, w), share(c, 'dx2', 0.6, w)];
  const [dy1, dy2] = [share(c, 'dy1', 0.9, h), share(c, 'dy2', 0.8, h)];
  c.fig.path(polyline([[dx1, 0], [w, dy2], [dx2, h], [0, dy1]], true));
  c.fig.path(polyline([[dx1, 0], [dx2, h]], false), 'stroke');
};

/** A four-pointed star, its inner corners at half of dx across each quarter. */
const fourPointStar: Painter = (c) => {
  const { w, h } = c;
  const d = pixels(c, 'dx', 0.8) / 2;
  c.fig.path(polyline([[0, h / 2], [d * w, d * h], [w / 2, 0], [w - d * w, d * h], [w, h / 2], [w - d * w, h - d * h], [w / 2, h], [d * w, h - d * h]], true));
};

const diagSnipRect: Painter = (c) => {
  const { w, h } = c;
  const d = cornerSize(c);
  c.fig.path(polyline([[d, 0], [w, 0], [w, h - d], [w - d, h], [0, h], [0, d]], true));
};

/** A rectangle with round corners where `round` says (top left, top right, bottom right, bottom left), swept `sweep`. */
function cornerRounded(c: ShapeContext, round: readonly [boolean, boolean, boolean, boolean], sweep: 0 | 1): void {
  const { w, h } = c;
  const d = cornerSize(c);
  const corners: ReadonlyArray<readonly [number, number, number, number, number, number]> = [
    // Each corner: where its arc starts, the corner, where it ends.
    [0, d, 0, 0, d, 0],
    [w - d, 0, w, 0, w, d],
    [w, h - d, w, h, w - d, h],
    [d, h, 0, h, 0, h - d],
  ];
  const path = new PathData();
  corners.forEach(([sx, sy, cx, cy, ex, ey], n) => {
    const [fx, fy] = round[n] ? [sx, sy] : [cx, cy];
    if (n === 0) path.moveTo(fx, fy);
    else path.lineTo(fx, fy);
    if (round[n]) path.arcTo(d, d, 0, 0, sweep, ex, ey);
  });
  c.fig.path(path.close());
}

const diagRoundRect: Painter = (c) => cornerRounded(c, [true, false, true, false], 1);
const cornerRoundRect: Painter = (c) => cornerRounded(c, [true, false, false, false], 1);
const plaque: Painter = (c) => cornerRounded(c, [true, true, true, true], 0);

const threeCornerRoundRect: Painter = (c) => cornerRounded(c, [true, true, true, false], 1);

/** mxBasic.js's frame width: dx, at most `part` of the shorter side. */
function frameWidth(c: ShapeContext, part: number): number {
  return Math.min(c.w * part, c.h * part, pixels(c, 'dx', 0.5));
}

/** A frame: the box less a box dx in (the inner one drawn the other way round, so it stays a hole). */
const frame: Painter = (c) => {
  const { w, h } = c;
  const d = frameWidth(c, 0.5);
  c.fig.path(`${polyline([[w, 0], [w, h], [0, h], [0, 0]], true)} ${polyline([[d, d], [d, h - d], [w - d, h - d], [w - d, d]], true)}`);
};

/**
 * A box `inset` in, each corner cut `cut` along both sides and joined by an arc of `radius` swept
 * `sweep`; drawn clockwise from the top right corner or, with `reverse`, the other way.
 */
function arcedBox(path: PathData, inset: number, corner: { cut: number; radius: number; sweep: 0 | 1 }, w: number, h: number, reverse: boolean): PathData {
  const { cut, radius, sweep } = corner;
  const [l, t, r, b] = [inset, inset, w - inset, h - inset];
  const ends: ReadonlyArray<readonly [number, number]> = [[r - cut, t], [r, t + cut], [r, b - cut], [r - cut, b], [l + cut, b], [l, b - cut], [l, t + cut], [l + cut, t]];
  const order = reverse ? [...ends].reverse() : ends;
  path.moveTo(order[0][0], order[0][1]);
  // Odd ends close a corner's arc, even ones a side.
  order.slice(1).forEach(([x, y], n) => (n % 2 === 0 ? path.arcTo(radius, radius, 0, 0, sweep, x, y) : path.lineTo(x, y)));
  return path.close();
}

/** A plaque-shaped frame: its corners bitten dx in, its hole's corners cut dx and bowed on a radius of 2 dx. */
const plaqueFrame: Painter = (c) => {
  const d = frameWidth(c, 0.25);
  const outside = arcedBox(new PathData(), 0, { cut: d, radius: d, sweep: 0 }, c.w, c.h, false);
  c.fig.path(arcedBox(outside, d, { cut: d, radius: 2 * d, sweep: 1 }, c.w, c.h, true));
};

/** A frame round 2 dx outside and dx inside. */
const roundedFrame: Painter = (c) => {
  const d = frameWidth(c, 0.25);
  const outside = arcedBox(new PathData(), 0, { cut: 2 * d, radius: 2 * d, sweep: 1 }, c.w, c.h, false);
  c.fig.path(arcedBox(outside, d, { cut: d, radius: d, sweep: 0 }, c.w, c.h, true));
};

const frameCorner: Painter = (c) => {
  const { w, h } = c;
  const d = frameWidth(c, 0.5);
  c.fig.path(polyline([[0, 0], [w, 0], [w - d, d], [d, d], [d, h - d], [0, h]], true));
};

/** A stripe across the box from its bottom left to its top right corner, dx x 100 / side wide at each end. */
const diagStripe: Painter = (c) => {
  const { w, h } = c;
  const d = Math.min(w, h, pixels(c, 'dx', 0.5));
  c.fig.path(polyline([[0, h], [w, 0], [w, Math.min((d * 100) / w, h)], [Math.min((d * 100) / h, w), h]], true));
};

/** An ellipse `inset` in, of four arcs from its left (clockwise) or its top (sweep 0, the other way). */
function ellipseArcs(path: PathData, w: number, h: number, inset: number, sweep: 0 | 1): PathData {
  const [left, top, right, bottom]: ReadonlyArray<readonly [number, number]> = [[inset, h / 2], [w / 2, inset], [w - inset, h / 2], [w / 2, h - inset]];
  const round = sweep === 1 ? [left, top, right, bottom, left] : [top, left, bottom, right, top];
  path.moveTo(round[0][0], round[0][1]);
  for (const [x, y] of round.slice(1)) path.arcTo(w / 2 - inset, h / 2 - inset, 0, 0, sweep, x, y);
  return path.close();
}

/** A ring dx wide. */
const donut: Painter = (c) => {
  const d = frameWidth(c, 0.5);
  c.fig.path(ellipseArcs(ellipseArcs(new PathData(), c.w, c.h, 0, 1), c.w, c.h, d, 0));
};

/** Three boxes dx apart, back to front. */
const layeredRect: Painter = (c) => {
  const { w, h } = c;
  const d = frameWidth(c, 0.5);
  c.fig.rect(d, d, w - d, h - d);
  c.fig.rect(d / 2, d / 2, w - d, h - d);
  c.fig.rect(0, 0, w - d, h - d);
};

/** A button's four bevels dx wide: left, top, right, bottom. */
function bevels(w: number, h: number, d: number): PathData[] {
  return [
    polyline([[0, h], [0, 0], [d, d], [d, h - d]], true),
    polyline([[0, 0], [w, 0], [w - d, d], [d, d]], true),
    polyline([[w, 0], [w, h], [w - d, h - d], [w - d, d]], true),
    polyline([[0, h], [d, h - d], [w - d, h - d], [w, h]], true),
  ];
}

/** A bevelled button: its box, each bevel outlined, the left one drawn again on top as diagrams.net does. */
const button: Painter = (c) => {
  const d = frameWidth(c, 0.5);
  c.fig.rect(0, 0, c.w, c.h);
  const [left, ...rest] = bevels(c.w, c.h, d);
  for (const bevel of [left, ...rest, left]) c.fig.path(bevel);
};

/** A shaded button: its fill, the left and top bevels lit white, the right and bottom shaded black; no outline. */
const shadedButton: Painter = (c) => {
  const d = frameWidth(c, 0.5);
  c.fig.rect(0, 0, c.w, c.h, 'fill');
  const shades: ReadonlyArray<readonly [string, number]> = [['#ffffff', 0.25], ['#ffffff', 0.5], ['#000000', 0.25], ['#000000', 0.5]];
  bevels(c.w, c.h, d).forEach((bevel, n) => c.fig.path(bevel, 'fill', { fill: shades[n][0], opacity: shades[n][1] }));
};

export const BASIC_LIBRARY_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.basic.cross2': cross,
  'mxgraph.basic.rectCallout': rectCallout,
  'mxgraph.basic.roundRectCallout': roundRectCallout,
  'mxgraph.basic.wave2': wave,
  'mxgraph.basic.octagon2': octagon,
  'mxgraph.basic.isocube': isoCube,
  'mxgraph.basic.acute_triangle': acuteTriangle,
  'mxgraph.basic.obtuse_triangle': obtuseTriangle,
  'mxgraph.basic.drop': drop,
  'mxgraph.basic.cone2': cone,
  'mxgraph.basic.pyramid': pyramid,
  'mxgraph.basic.4_point_star_2': fourPointStar,
  'mxgraph.basic.diag_snip_rect': diagSnipRect,
  'mxgraph.basic.diag_round_rect': diagRoundRect,
  'mxgraph.basic.corner_round_rect': cornerRoundRect,
  'mxgraph.basic.plaque': plaque,
  'mxgraph.basic.three_corner_round_rect': threeCornerRoundRect,
  'mxgraph.basic.frame': frame,
  'mxgraph.basic.plaque_frame': plaqueFrame,
  'mxgraph.basic.rounded_frame': roundedFrame,
  'mxgraph.basic.frame_corner': frameCorner,
  'mxgraph.basic.diag_stripe': diagStripe,
  'mxgraph.basic.donut': donut,
  'mxgraph.basic.layered_rect': layeredRect,
  'mxgraph.basic.button': button,
  'mxgraph.basic.shaded_button': shadedButton,
};
