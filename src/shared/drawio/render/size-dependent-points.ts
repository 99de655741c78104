/**
 * The connection points of the app's shapes whose points diagrams.net computes from their size and
 * style (their class's getConstraints(style, w, h), Shapes.js): a note's points follow its folded
 * corner, a folder's its tab, a cross's its arms. Each function takes the style and the size the
 * points are laid out in (for a shape facing north or south, its box turned a quarter) and gives
 * the points as SHAPE_CONNECTION_POINTS writes them: [x, y, perimeter (1/0), dx, dy], shares of
 * the box plus pixels. None of these lie on a perimeter unless marked.
 */
import { clamp } from './code-shape-context';
import { styleNumber } from '../stencils';

export type ConstraintPoint = readonly [x: number, y: number, perimeter: number, dx: number, dy: number];
export type PointsOf = (style: ReadonlyMap<string, string>, w: number, h: number) => ConstraintPoint[];

/** A share of the box, off the perimeter. */
export const share = (x: number, y: number): ConstraintPoint => [x, y, 0, 0, 0];
/** Pixels from the box's top-left corner, off the perimeter. */
export const px = (dx: number, dy: number): ConstraintPoint => [0, 0, 0, dx, dy];
/** A share of the box, moved onto the shape's perimeter. */
const onOutline = (x: number, y: number): ConstraintPoint => [x, y, 1, 0, 0];

/** A box whose top-right corner is folded (a note) or cut (a card, mirrored), by `size` pixels. */
function foldedCorner(defaultSize: number, mirrored: boolean): PointsOf {
  return (style, w, h) => {
    const s = clamp(styleNumber(style, 'size', defaultSize), 0, Math.min(w, h));
    // The note's points; a card's are the same mirrored left to right.
    const points: ConstraintPoint[] = [
      share(0, 0), px((w - s) / 2, 0), px(w - s, 0), px(w - s / 2, s / 2), px(w, s), px(w, (h + s) / 2),
      share(1, 1), share(0.5, 1), share(0, 1), share(0, 0.5),
    ];
    if (w >= 2 * s) points.push(share(0.5, 0));
    return mirrored ? points.map(([x, y, perimeter, dx, dy]) => (dx === 0 && dy === 0 ? [1 - x, y, perimeter, 0, 0] : [0, 0, perimeter, w - dx, dy])) : points;
  };
}

const cube: PointsOf = (style, w, h) => {
  const s = clamp(styleNumber(style, 'size', 20), 0, Math.min(w, h));
  return [
    share(0, 0), px((w - s) / 2, 0), px(w - s, 0), px(w - s / 2, s / 2), px(w, s), px(w, (h + s) / 2),
    share(1, 1), px((w + s) / 2, h), px(s, h), px(s / 2, h - s / 2), px(0, h - s), px(0, (h - s) / 2),
  ];
};

/** An isometric cube drawn in the largest square-ish frame the box holds (30° faces). */
const isoCube: PointsOf = (_style, w, h) => {
  const tan30 = Math.tan(Math.PI / 6);
  const rise = (0.5 - tan30) / 2;
  const m = Math.min(w, h / (0.5 + tan30));
  const left = (w - m) / 2;
  const top = (h - m) / 2;
  return [
    px(left, top + 0.25 * m), px(left + 0.5 * m, top + rise * m), px(left + m, top + 0.25 * m),
    px(left + m, top + 0.75 * m), px(left + 0.5 * m, top + (1 - rise) * m), px(left, top + 0.75 * m),
  ];
};

/** An isometric cube whose top face rises at `isoAngle` (in hundredths of a half turn, 15 by default). */
export const isoCube2: PointsOf = (style, w, h) => {
  const angle = clamp(styleNumber(style, 'isoAngle', 15), 0.01, 94) * (Math.PI / 200);
  const rise = Math.min(w * Math.tan(angle), h / 2);
  return [share(0.5, 0), px(w, rise), share(1, 0.5), px(w, h - rise), share(0.5, 1), px(0, h - rise), share(0, 0.5), px(0, rise)];
};

/** A speech bubble: its box above a pointer `size` high, whose tip is at `position2` along the bottom. */
const callout: PointsOf = (style, w, h) => {
  const s = clamp(styleNumber(style, 'size', 30), 0, h);
  const tip = w * clamp(styleNumber(style, 'position2', 0.5), 0, 1);
  return [
    share(0, 0), share(0.25, 0), share(0.5, 0), share(0.75, 0), share(1, 0),
    px(w, (h - s) / 2), px(w, h - s), px(tip, h), px(0, h - s), px(0, (h - s) / 2),
  ];
};

/** A cylinder whose lids are `size` pixels deep. */
const cylinder3: PointsOf = (style, w, h) => {
  const s = clamp(styleNumber(style, 'size', 15), 0, h);
  const upper = s + (h / 2 - s) / 2;
  const lower = h - upper;
  const lidEdge = s * 0.29;
  return [
    share(0.5, 0), share(0, 0.5), share(0.5, 1), share(1, 0.5),
    px(0, s), px(w, s), px(w, h - s), px(0, h - s),
    px(0, upper), px(w, upper), px(w, lower), px(0, lower),
    px(0.145 * w, lidEdge), px(0.855 * w, lidEdge), px(0.855 * w, h - lidEdge), px(0.145 * w, h - lidEdge),
  ];
};

/** A folder: its tab (tabWidth x tabHeight) on the right, or on the left with tabPosition=left. */
const folder: PointsOf = (style, w, h) => {
  const tabW = clamp(styleNumber(style, 'tabWidth', 60), 0, w);
  const tabH = clamp(styleNumber(style, 'tabHeight', 20), 0, h);
  const tab =
    style.get('tabPosition') === 'left'
      ? [share(0, 0), px(tabW / 2, 0), px(tabW, 0), px(tabW, tabH), px((w + tabW) / 2, tabH)]
      : [share(1, 0), px(w - tabW / 2, 0), px(w - tabW, 0), px(w - tabW, tabH), px((w - tabW) / 2, tabH)];
  const down = [0, 0.25, 0.5, 0.75].map((at) => tabH + (h - tabH) * at);
  return [...tab, ...down.map((y) => px(w, y)), px(w, h), ...down.map((y) => px(0, y)), px(0, h), share(0.25, 1), share(0.5, 1), share(0.75, 1)];
};

/** The `dx` x `dy` of a tee's or a corner's arms. */
function arms(style: ReadonlyMap<string, string>, w: number, h: number): { dx: number; dy: number } {
  return { dx: clamp(styleNumber(style, 'dx', 20), 0, w), dy: clamp(styleNumber(style, 'dy', 20), 0, h) };
}

/** A T: a bar `dy` high across the top, a stem `dx` wide down the middle. */
const tee: PointsOf = (style, w, h) => {
  const { dx, dy } = arms(style, w, h);
  const stemLeft = (w - dx) / 2;
  const stemRight = (w + dx) / 2;
  return [
    share(0, 0), share(0.5, 0), share(1, 0), px(w, dy / 2), px(w, dy), px(0.75 * w + 0.25 * dx, dy),
    px(stemRight, dy), px(stemRight, (h + dy) / 2), px(stemRight, h), share(0.5, 1),
    px(stemLeft, h), px(stemLeft, (h + dy) / 2), px(stemLeft, dy), px(0.25 * w - 0.25 * dx, dy), px(0, dy), px(0, dy / 2),
  ];
};

/** An L turned over: a bar `dy` high across the top, a bar `dx` wide down the left. */
const corner: PointsOf = (style, w, h) => {
  const { dx, dy } = arms(style, w, h);
  return [
    share(0, 0), share(0.5, 0), share(1, 0), px(w, dy / 2), px(w, dy), px((w + dx) / 2, dy),
    px(dx, dy), px(dx, (h + dy) / 2), px(dx, h), px(dx / 2, h), share(0, 0.5), share(0, 1),
  ];
};

/** A display: a pointed left end `size` (a share of the width) long, a round right end. */
const display: PointsOf = (style, w, h) => {
  const round = Math.min(w, h / 2);
  const point = Math.min(w - round, Math.max(0, styleNumber(style, 'size', 0.25)) * w);
  const middle = (point + w - round) / 2;
  return [share(0, 0.5), px(point, 0), px(middle, 0), px(w - round, 0), share(1, 0.5), px(w - round, h), px(middle, h), px(point, h)];
};

/** A UML module: a box with two jetties (jettyWidth x jettyHeight) on its left side. */
const module: PointsOf = (style, _w, h) => {
  const inset = styleNumber(style, 'jettyWidth', 20) / 2;
  const jetty = styleNumber(style, 'jettyHeight', 10);
  const points: ConstraintPoint[] = [
    [0, 0, 0, inset, 0], onOutline(0.25, 0), onOutline(0.5, 0), onOutline(0.75, 0), onOutline(1, 0),
    onOutline(1, 0.25), onOutline(1, 0.5), onOutline(1, 0.75),
    [0, 1, 0, inset, 0], onOutline(0.25, 1), onOutline(0.5, 1), onOutline(0.75, 1), onOutline(1, 1),
    px(0, Math.min(h - jetty / 2, 1.5 * jetty)), px(0, Math.min(h - jetty / 2, 3.5 * jetty)),
  ];
  // Points on the left side, clear of the jetties, as the side grows long enough.
  for (const [y, longer] of [[0.75, 5], [0.5, 8], [0.25, 15]] as const) if (h > longer * jetty) points.push([0, y, 0, inset, 0]);
  return points;
};

/** A block arrow's shaft (`arrowWidth`, a share of the height) and head (`arrowSize`, a share of the width). */
function blockArrow(style: ReadonlyMap<string, string>, w: number, h: number): { head: number; shaftTop: number } {
  const shaft = h * clamp(styleNumber(style, 'arrowWidth', 0.3), 0, 1);
  return { head: w * clamp(styleNumber(style, 'arrowSize', 0.2), 0, 1), shaftTop: (h - shaft) / 2 };
}

const singleArrow: PointsOf = (style, w, h) => {
  const { head, shaftTop } = blockArrow(style, w, h);
  return [share(0, 0.5), px(0, shaftTop), px((w - head) / 2, shaftTop), px(w - head, 0), share(1, 0.5), px(w - head, h), px((w - head) / 2, h - shaftTop), px(0, h - shaftTop)];
};

const doubleArrow: PointsOf = (style, w, h) => {
  const { head, shaftTop } = blockArrow(style, w, h);
  return [share(0, 0.5), px(head, 0), px(w / 2, shaftTop), px(w - head, 0), share(1, 0.5), px(w - head, h), px(w / 2, h - shaftTop), px(head, h)];
};

/** A plus sign whose arms are `size` (a share of the shorter side) thick. */
const cross: PointsOf = (style, w, h) => {
  const shorter = Math.min(w, h);
  const arm = clamp(shorter * styleNumber(style, 'size', 0.2), 0, shorter);
  const top = (h - arm) / 2;
  const bottom = top + arm;
  const left = (w - arm) / 2;
  const right = left + arm;
  return [
    px(left, top / 2), px(left, 0), share(0.5, 0), px(right, 0), px(right, top / 2), px(right, top),
    px(left, h - top / 2), px(left, h), share(0.5, 1), px(right, h), px(right, h - top / 2), px(right, bottom),
    px((w + right) / 2, top), px(w, top), share(1, 0.5), px(w, bottom), px((w + right) / 2, bottom), px(left, bottom),
    px(left / 2, top), px(0, top), share(0, 0.5), px(0, bottom), px(left / 2, bottom), px(left, top),
  ];
};

/** Shape name -> its points at a size. */
export const SIZE_DEPENDENT_POINTS: Readonly<Record<string, PointsOf>> = {
  note: foldedCorner(30, false),
  note2: foldedCorner(30, false),
  card: foldedCorner(30, true),
  cube,
  isoCube,
  isoCube2,
  callout,
  cylinder3,
  folder,
  tee,
  corner,
  display,
  module,
  singleArrow,
  doubleArrow,
  cross,
};
