/**
 * The connection points of the Infographic palette's shapes (`mxgraph.infographic.*`,
 * mxInfographic.js) that diagrams.net lays out from their size and keys (their getConstraints):
 * ribbons and banners along their folds, callouts above their pointers, pyramids, cubes and
 * cylinders along their faces, read and clamped as mxInfographic.js reads each. Points as
 * size-dependent-points.ts writes them.
 */
import { clamp } from './code-shape-context';
import { styleNumber } from '../stencils';
import { px, share, type ConstraintPoint, type PointsOf } from './size-dependent-points';

type Style = ReadonlyMap<string, string>;

/** A key clamped to [0, limit]. */
const key = (style: Style, name: string, fallback: number, limit: number) => clamp(styleNumber(style, name, fallback), 0, limit);
/** A share of the box moved by pixels. */
const at = (x: number, y: number, dx: number, dy: number): ConstraintPoint => [x, y, 0, dx, dy];
const QUARTERS = [0.25, 0.5, 0.75] as const;
/** The top's five points (corners and quarters), `down` pixels below the top. */
const acrossTop = (down: number) => [0, ...QUARTERS, 1].map((x) => at(x, 0, 0, down));

const numberedEntryVert: PointsOf = (style, w, h) => {
  const d = Math.min(key(style, 'dy', 0.5, w), w - 10, h - 5);
  return [share(0.5, 0), share(0.5, 1), px(0, d / 2), at(1, 0, 0, d / 2), at(0, 0.5, 0, d / 4), at(1, 0.5, 0, d / 4), share(0, 1), share(1, 1)];
};

const parallelogram: PointsOf = (style, w, h) => {
  const dx = key(style, 'dx', 10, w / 2);
  const w2 = w - 2 * dx;
  return [share(0, 1), px(2 * dx, 0), px(2 * dx + w2 / 2, 0), at(0, 0.5, dx, 0), share(1, 0), px(w - 2 * dx, h), at(0, 0.5, w - dx, 0), px(w2 / 2, h)];
};

/** A ribbon's band, dy below the top and dy above the bottom, with the ends' middles. */
function ribbonBand(bottomRight: (w: number, h: number, dy: number) => ConstraintPoint): PointsOf {
  return (style, w, h) => {
    const dy = key(style, 'dy', 15, h / 2);
    return [...acrossTop(dy), share(1, 0.5), bottomRight(w, h, dy), ...[0.75, 0.5, 0.25].map((x) => at(x, 0, 0, h - dy)), at(0, 1, 0, -dy), share(0, 0.5)];
  };
}
const ribbonRolled = ribbonBand((w, h, dy) => px(w, h - dy));
// Its last points are at the left's bottom less dy, written from the top (the same place).
const ribbonDoubleFolded = ribbonBand((_w, h, dy) => at(1, 0, 0, h - dy));

/** A ribbon folded behind or in front: the top band dy down, the bottom whole, the fold's notch on the right. */
const ribbonFolded: PointsOf = (style, w, h) => {
  const dy = key(style, 'dy', 0.5, h / 2);
  const notch = key(style, 'notch', 0.5, w - key(style, 'dx', 0.5, w));
  return [...acrossTop(dy), px(w - notch, (h + dy) / 2), share(1, 1), share(0.75, 1), share(0.5, 1), share(0.25, 1), share(0, 1), px(0, (h + dy) / 2)];
};

const banner: PointsOf = (style, w, h) => {
  const dy = key(style, 'dy', 0.5, h / 2);
  const dx = Math.min(w / 2 - 2 * dy, key(style, 'dx', 0.5, w / 2));
  const notch = Math.min(dx, key(style, 'notch', 0.5, w));
  const w2 = w - 2 * dx;
  const along = [0, ...QUARTERS, 1].map((q) => dx + w2 * q);
  return [
    ...along.map((x) => px(x, 0)), px(dx + w2, (h - dy) / 2), ...along.slice().reverse().map((x) => px(x, h - dy)), px(dx, (h - dy) / 2),
    px(notch, (h + dy) / 2), px(w - notch, (h + dy) / 2),
  ];
};

const circularCallout: PointsOf = () => [share(0.5, 0), share(1, 0), share(1, 0.5), share(0.855, 0.855), share(0.5, 1), share(0.145, 0.855), share(0, 0.5), share(0.145, 0.145)];

const shadedPyramid: PointsOf = (_style, w, h) => {
  const base = Math.max(h - w * 0.3, 0);
  return [share(0.5, 0), px(w * 0.75, base / 2), px(w, base), px(w * 0.75, (h + base) / 2), px(w / 2, h), px(w / 4, (h + base) / 2), px(0, base), px(w / 4, base / 2)];
};

/** Points down both sides from `top` to `bottom`, at the quarters between. */
const downSide = (x: number, top: number, bottom: number) => QUARTERS.map((q) => px(x, top + (bottom - top) * q));

const pyramidStep: PointsOf = (_style, w, h) => {
  const top = Math.max(w * 0.1, 0);
  return [
    share(0.5, 0), px(w * 0.75, top / 2), px(w, top), ...downSide(w, top, h), px(w, h), px(w * 0.75, h), px(w / 2, h), px(w / 4, h), px(0, h),
    ...downSide(0, top, h).reverse(), px(w / 4, top / 2), px(0, top),
  ];
};

const cylinder: PointsOf = (_style, w, h) => {
  const lid = 10;
  return [px(0, lid), share(0.5, 0), px(w, lid), ...downSide(w, lid, h - lid), px(w, h - lid), share(0.5, 1), px(0, h - lid), ...downSide(0, lid, h - lid).reverse()];
};

const circularCallout2: PointsOf = (_style, w, h) => {
  const r = Math.max(0, Math.min(w / 2, h * 0.4, h / 2 - 7));
  return [px(w / 2 - r, r), share(0.5, 0), px(w / 2 + r, r), share(0.5, 1)];
};

const bannerSingleFold: PointsOf = (style, w, h) => {
  const dy = key(style, 'dy', 0.5, h / 2);
  const dx = Math.min(w - 2 * dy, key(style, 'dx', 0.5, w));
  const dx2 = key(style, 'dx2', 0.5, w - dx - 2 * dy);
  const notch = Math.min(dx, key(style, 'notch', 0.5, w));
  const w2 = w - dx - dx2;
  const along = [0, ...QUARTERS, 1].map((q) => dx2 + w2 * q);
  const fold = dx + 2 * dy;
  return [
    px(0, (h - dy) / 2), ...along.map((x) => px(x, 0)), px(w - dx / 4, dy), px(w - dx / 2, dy), px(w - dx * 0.75, dy), px(w, dy), px(w - notch, (h + dy) / 2),
    px(w, h), px(w - fold, h), px(w - fold * 0.75, h), px(w - fold / 2, h), px(w - fold / 4, h), ...along.map((x) => px(x, h - dy)),
  ];
};

const shadedCube: PointsOf = (style, w, h) => {
  const angle = clamp(styleNumber(style, 'isoAngle', 15), 0.01, 94) * (Math.PI / 200);
  const rise = Math.min(w * Math.tan(angle), h / 2);
  return [
    share(0.5, 0), px(w * 0.75, rise / 2), px(w, rise), ...downSide(w, rise, h - rise), px(w, h - rise), px(w * 0.75, h - rise / 2), share(0.5, 1),
    px(w / 4, h - rise / 2), px(0, h - rise), ...downSide(0, rise, h - rise).reverse(), px(0, rise), px(w / 4, rise / 2),
  ];
};

const bannerHalfFold: PointsOf = (style, w, h) => {
  const dx = key(style, 'dx', 0.5, w);
  const dx2 = key(style, 'dx2', 0.5, w - dx);
  const notch = key(style, 'notch', 0.5, h - dx);
  const w2 = w - dx - dx2;
  const inner = QUARTERS.map((q) => dx2 + w2 * q);
  return [
    px(0, dx / 2), px(dx2, 0), ...inner.map((x) => px(x, 0)), px(w - dx, 0), px(w - dx / 2, dx / 2), px(w, dx), ...downSide(w, dx, h), share(1, 1),
    px(w - dx / 2, h - notch), px(w - dx, h), ...downSide(w - dx, dx, h).reverse(), px(w - dx, dx), ...inner.map((x) => px(x, dx)), px(dx2, dx),
  ];
};

const circularDial: PointsOf = (style, w, h) => {
  const r = Math.max(0, Math.min(w / 2, h / 2 - 10));
  const c = w / 2;
  return [
    px(c - r, h), px(c - r, (r + h) / 2), px(c - r, r), px(c - r * 0.71, r * 0.29), px(c, 0), px(c + r * 0.71, r * 0.29), px(c + r, r), px(c + r, (r + h) / 2),
    px(c + r, h), px(c + r / 2, h), px(c - r / 2, h),
  ];
};

const ribbonSimple: PointsOf = (style, w, h) => {
  const notch1 = key(style, 'notch1', 0.5, w);
  const w2 = w - key(style, 'notch2', 0.5, w);
  const along = [...QUARTERS, 1].map((q) => w2 * q);
  return [share(0, 0), ...along.map((x) => px(x, 0)), share(1, 0.5), ...along.slice().reverse().map((x) => px(x, h)), share(0, 1), px(notch1, h / 2)];
};

/** The top's five points, and the right and left sides down to the pointer, `dy` high. */
const aboveThePointer = (w: number, h: number, dy: number) => [...acrossTop(0), px(w, (h - dy) / 2), px(w, h - dy)];

export const barCallout: PointsOf = (style, w, h) => {
  const dx = key(style, 'dx', 0.5, w);
  const dy = key(style, 'dy', 0.5, h);
  return [...aboveThePointer(w, h, dy), at(0.75, 0, 0, h - dy), at(0.25, 0, 0, h - dy), px(dx, h), px(0, h - dy)];
};

const flag: PointsOf = (style, w, h) => {
  const dx = key(style, 'dx', 0.5, w);
  const dy = key(style, 'dy', 0.5, h);
  return [...aboveThePointer(w, h, dy), px(0, h - dy), px(0, (h - dy) / 2), px(w * 0.75, h - dy), px(w / 2, h - dy), px(w / 4, h - dy), px(dx / 2, h), px(dx / 2, 0)];
};

/** Each shape by its name in the palette (`mxgraph.infographic.` + name). */
const BY_NAME: Readonly<Record<string, PointsOf>> = {
  numberedEntryVert,
  parallelogram,
  ribbonRolled,
  ribbonDoubleFolded,
  ribbonFrontFolded: ribbonFolded,
  ribbonBackFolded: ribbonFolded,
  banner,
  circularCallout,
  shadedPyramid,
  pyramidStep,
  cylinder,
  circularCallout2,
  bannerSingleFold,
  shadedCube,
  bannerHalfFold,
  circularDial,
  ribbonSimple,
  barCallout,
  flag,
};

export const INFOGRAPHIC_POINTS: Readonly<Record<string, PointsOf>> = Object.fromEntries(Object.entries(BY_NAME).map(([name, points]) => [`mxgraph.infographic.${name}`, points]));
