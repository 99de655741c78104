/**
 * The connection points of the Arrows palette's shapes (`mxgraph.arrows2.*`, mxArrows.js), which
 * diagrams.net lays out from each arrow's size and keys (its getConstraints): the head's length
 * dx, the shaft's thickness dy, the tail's notch, how far the head overhangs the shaft
 * (arrowHead), read and clamped as mxArrows.js reads them for that arrow (a key it has no default
 * for counts as 0). Points as size-dependent-points.ts writes them.
 */
import { clamp } from './code-shape-context';
import { styleNumber } from '../stencils';
import { px, share, type ConstraintPoint, type PointsOf } from './size-dependent-points';

type Style = ReadonlyMap<string, string>;

/** A key in pixels, clamped to [0, limit]. */
const key = (style: Style, name: string, fallback: number, limit: number) => clamp(styleNumber(style, name, fallback), 0, limit);
/** A half-thickness: a share (0..1) of half the height. */
const half = (style: Style, name: string, h: number, fallback = 0.5) => (h / 2) * clamp(styleNumber(style, name, fallback), 0, 1);
/** A point `dx` from the middle of the left side. */
const fromLeftMiddle = (dx: number, dy = 0): ConstraintPoint => [0, 0.5, 0, dx, dy];

/** An arrow east: its shaft 2 dy thick, its head dx long, its tail's notch. */
function straightArrow(notched: boolean): PointsOf {
  return (style, w, h) => {
    const dy = half(style, 'dy', h);
    const dx = key(style, 'dx', 0.5, w);
    const notch = notched ? key(style, 'notch', 0, w) : 0;
    return [
      share(1, 0.5), fromLeftMiddle(notch), px(0, dy), px(0, h - dy), px(w - dx, dy), px(w - dx, 0), px(w - dx, h - dy), px(w - dx, h),
      px((w - dx) / 2, dy), px((w - dx) / 2, h - dy),
    ];
  };
}

const twoWayArrow: PointsOf = (style, w, h) => {
  const dy = half(style, 'dy', h);
  const dx = key(style, 'dx', 0.5, w);
  return [
    share(1, 0.5), px(dx, 0), px(dx, dy), px(dx, h), px(dx, h - dy), share(0, 0.5),
    px(w - dx, 0), px(w - dx, dy), px(w - dx, h), px(w - dx, h - dy), [0.5, 0, 0, 0, dy], [0.5, 0, 0, 0, h - dy],
  ];
};

const stylisedArrow: PointsOf = (style, w, h) => {
  const dy = half(style, 'dy', h);
  const dx = key(style, 'dx', 0.5, w);
  const notch = key(style, 'notch', 0, w);
  const feather = half(style, 'feather', h);
  const waist = (dy + feather) / 2;
  return [
    share(1, 0.5), fromLeftMiddle(notch), px(0, feather), px(0, h - feather), px(w - dx, dy), px(w - dx - 10, 0),
    px(w - dx, h - dy), px(w - dx - 10, h), px((w - dx) / 2, waist), px((w - dx) / 2, h - waist),
  ];
};

/** A sharp arrow: the shaft dy1 thick up to dx1 from the tip, its barbs at `barb` and dx2 from the tip. */
function sharpArrow(barb: (style: Style, w: number, h: number, dx1: number, dx2: number) => { x: number; y: number }): PointsOf {
  return (style, w, h) => {
    const dy1 = half(style, 'dy1', h);
    const dx1 = key(style, 'dx1', 0.5, w);
    const dx2 = key(style, 'dx2', 0.5, w);
    const notch = key(style, 'notch', 0, w);
    const { x, y } = barb(style, w, h, dx1, dx2);
    return [
      share(1, 0.5), fromLeftMiddle(notch), px(0, dy1), px(w - dx1, dy1), px(w - x, y), px(w - dx2, 0),
      px(0, h - dy1), px(w - dx1, h - dy1), px(w - x, h - y), px(w - dx2, h), px((w - dx1) / 2, dy1), px((w - dx1) / 2, h - dy1),
    ];
  };
}

// mxArrows.js clamps this dy1 to the height, not to 1.
const sharp = sharpArrow((style, _w, h, dx1, dx2) => ({ x: h !== 0 ? dx1 + (dx2 * (h / 2) * clamp(styleNumber(style, 'dy1', 0.5), 0, h) * 2) / h : 0, y: 0 }));
const sharp2 = sharpArrow((style, w, h) => ({ x: key(style, 'dx3', 0.5, w), y: half(style, 'dy3', h) }));

/** The keys of the callout and bent arrows, in pixels. */
function calloutKeys(style: Style, w: number, h: number, headDefault = 0, headLimit = h) {
  return { dy: key(style, 'dy', 0.5, h), dx: key(style, 'dx', 0.5, w), notch: key(style, 'notch', 0, w), head: key(style, 'arrowHead', headDefault, headLimit) };
}

const calloutArrow: PointsOf = (style, w, h) => {
  const { dy, dx, notch, head } = calloutKeys(style, w, h);
  const mid = h / 2;
  return [
    share(0, 0), px(notch, 0), px(notch, mid - dy), px(w - dx, mid - dy), px(w - dx, mid - dy - head), px(w, mid),
    px(w - dx, mid + dy + head), px(w - dx, mid + dy), px(notch, mid + dy), px(notch, h), px(0, h), px(notch / 2, 0), px(notch / 2, h),
    fromLeftMiddle((notch + w - dx) / 2, -dy), fromLeftMiddle((notch + w - dx) / 2, dy),
  ];
};

const bendArrow: PointsOf = (style, w, h) => {
  const dy = key(style, 'dy', 0.5, h);
  const dx = key(style, 'dx', 0.5, w);
  const notch = key(style, 'notch', 0, h);
  const head = key(style, 'arrowHead', 40, h);
  const [top, bottom] = [head / 2 - dy, head / 2 + dy];
  const down = (h - bottom) / 2 + bottom;
  return [
    px((w - dx + dy * 2) / 2, top), px(w - dx, top), px(w - dx, 0), px(w, head / 2), px(w - dx, head), px(w - dx, bottom),
    px((w - dx + dy * 2) / 2, bottom), px(dy * 2, down), px(dy * 2, h), px(dy, h - notch), px(0, h), px(0, down),
    ...(style.get('rounded') === '1' ? [px(dy * 0.586, head / 2 - dy * 0.414), px(2 * dy + dy * 0.0586, bottom + dy * 0.0586)] : [px(0, top), px(dy * 2, bottom)]),
  ];
};

const bendDoubleArrow: PointsOf = (style, w, h) => {
  const dy = key(style, 'dy', 0.5, h);
  const dx = key(style, 'dx', 0.5, w);
  const head = key(style, 'arrowHead', 40, w);
  const [inner, outer] = [head / 2 - dy, head / 2 + dy];
  return [
    px(w - dx, 0), px(w, head / 2), px(w - dx, head), px(w - dx, outer), px((outer + w - dx) / 2, outer), px((outer + w - dx) / 2, inner),
    px(outer, (outer + h - dx) / 2), px(inner, (outer + h - dx) / 2), px(outer, h - dx), px(head, h - dx), px(head / 2, h), px(0, h - dx), px(inner, h - dx),
    ...(style.get('rounded') === '1' ? [px(head / 2 - dy * 0.414, head / 2 - dy * 0.414), px(outer + dy * 0.0586, outer + dy * 0.0586)] : [px(inner, inner), px(outer, outer)]),
  ];
};

const calloutDoubleArrow: PointsOf = (style, w, h) => {
  const { dy, dx, notch, head } = calloutKeys(style, w, h);
  const mid = h / 2;
  const [right, left] = [(w * 1.5 - dx + notch) / 2, (w * 0.5 + dx - notch) / 2];
  return [
    share(0.5, 0), share(0.5, 1), share(0, 0.5), share(1, 0.5), px(w / 2 - notch, 0), px(w / 2 + notch, 0), [0, 1, 0, w / 2 - notch, 0], [0, 1, 0, w / 2 + notch, 0],
    px(w - dx, mid - dy - head), px(w - dx, mid + dy + head), px(dx, mid - dy - head), px(dx, mid + dy + head),
    px(right, mid - dy), px(right, mid + dy), px(left, mid - dy), px(left, mid + dy),
  ];
};

const calloutQuadArrow: PointsOf = (style, w, h) => {
  const { dy, dx, notch, head } = calloutKeys(style, w, h);
  const [cx, cy] = [w / 2, h / 2];
  const along = (notch - dx) / 2;
  return [
    share(0.5, 0), share(0.5, 1), share(0, 0.5), share(1, 0.5),
    px(cx + dy, cy - notch), px(cx + notch, cy - notch), px(cx + notch, cy - dy), px(cx + dy, cy + notch), px(cx + notch, cy + notch), px(cx + notch, cy + dy),
    px(cx - dy, cy + notch), px(cx - notch, cy + notch), px(cx - notch, cy + dy), px(cx - dy, cy - notch), px(cx - notch, cy - notch), px(cx - notch, cy - dy),
    px(w - dx, cy - dy - head), px(w - dx, cy + dy + head), px(cx - dy - head, h - dx), px(cx + dy + head, h - dx),
    px(dx, cy - dy - head), px(dx, cy + dy + head), px(cx - dy - head, dx), px(cx + dy + head, dx),
    px(w * 0.75 + along, cy - dy), px(w * 0.75 + along, cy + dy), px(cx - dy, h * 0.75 + along), px(cx + dy, h * 0.75 + along),
    px(w * 0.25 - along, cy - dy), px(w * 0.25 - along, cy + dy), px(cx - dy, h * 0.25 - along), px(cx + dy, h * 0.25 - along),
  ];
};

const calloutDouble90Arrow: PointsOf = (style, w, h) => {
  const dy1 = key(style, 'dy1', 0.5, h);
  const dx1 = key(style, 'dx1', 0.5, w);
  const dx2 = key(style, 'dx2', 0, w);
  const dy2 = key(style, 'dy2', 0, w);
  const head = key(style, 'arrowHead', 0, h);
  const mid = dy2 / 2;
  return [
    share(0, 0), px(dx2 / 2, 0), px(dx2, 0), px((w - dx1 + dx2) / 2, mid - dy1), px(w - dx1, mid - dy1 - head), px(w, mid),
    px(w - dx1, mid + dy1 + head), px((w - dx1 + dx2) / 2, mid + dy1), px(dx2, dy2), px(dx2 / 2 + dy1, (h - dx1 + dy2) / 2), px(dx2 / 2 - dy1, (h - dx1 + dy2) / 2),
    px(dx2 / 2 + dy1 + head, h - dx1), px(dx2 / 2, h), px(dx2 / 2 - dy1 - head, h - dx1), px(0, dy2),
  ];
};

const quadArrow: PointsOf = (style, w, h) => {
  const { dy, dx, head } = calloutKeys(style, w, h);
  const [cx, cy] = [w / 2, h / 2];
  return [
    share(0.5, 0), share(0.5, 1), share(0, 0.5), share(1, 0.5),
    px(w - dx, cy - dy - head), px(w - dx, cy + dy + head), px(dx, cy - dy - head), px(dx, cy + dy + head),
    px(cx - dy - head, dx), px(cx + dy + head, dx), px(cx - dy - head, h - dx), px(cx + dy + head, h - dx),
    px(cx - dy, (dx - dy) / 2 + h * 0.25), px(cx + dy, (dx - dy) / 2 + h * 0.25), px(cx - dy, (dy - dx) / 2 + h * 0.75), px(cx + dy, (dy - dx) / 2 + h * 0.75),
    px((dx - dy) / 2 + w * 0.25, cy - dy), px((dx - dy) / 2 + w * 0.25, cy + dy), px((dy - dx) / 2 + w * 0.75, cy - dy), px((dy - dx) / 2 + w * 0.75, cy + dy),
  ];
};

const triadArrow: PointsOf = (style, w, h) => {
  const { dy, dx, head } = calloutKeys(style, w, h);
  const [right, left] = [(w * 1.5 - dx + head / 2 - dy) / 2, (w * 0.5 + dx - head / 2 + dy) / 2];
  const up = (dx + h - head + dy) / 2;
  return [
    [0.5, 0, 0, -head / 2, dx], share(0.5, 0), px(w / 2, h - dy), [0.5, 0, 0, head / 2, dx],
    px(w - dx, h - head), px(w, h - head / 2), px(w - dx, h), px(dx, h - head), px(0, h - head / 2), px(dx, h),
    px(right, h - head + dy), px(right, h - dy), px(left, h - head + dy), px(left, h - dy), px(w / 2 - head / 2 + dy, up), px(w / 2 + head / 2 - dy, up),
  ];
};

/** A tailed arrow: a tail dy2 each side of the middle and dx2 long, then the shaft dy1 to the head. */
function tailedArrow(notched: boolean): PointsOf {
  return (style, w, h) => {
    const dy1 = key(style, 'dy1', 0, h);
    const dx1 = key(style, 'dx1', 0, w);
    const dy2 = key(style, 'dy2', 0, h);
    const dx2 = key(style, 'dx2', 0, w);
    const notch = key(style, 'notch', 0, w);
    const head = key(style, 'arrowHead', 0, h);
    // Where the tail's slant meets the shaft.
    const x2 = dy2 !== 0 ? dx2 + ((notched ? notch : dy2) * (dy2 - dy1)) / dy2 : 0;
    const mid = h / 2;
    return [
      fromLeftMiddle(notch), px(0, mid - dy2), px(dx2, mid - dy2), px((w - dx1 + x2) / 2, mid - dy1), px(w - dx1, mid - dy1 - head),
      px(0, mid + dy2), px(dx2, mid + dy2), px((w - dx1 + x2) / 2, mid + dy1), px(w - dx1, mid + dy1 + head), share(1, 0.5),
    ];
  };
}

const jumpInArrow: PointsOf = (style, w, h) => {
  const dx = key(style, 'dx', 0.5, w);
  const head = key(style, 'arrowHead', 40, h);
  return [share(0, 1), px(w - dx, 0), px(w, head / 2), px(w - dx, head)];
};

const uTurnArrow: PointsOf = (style, w, h) => {
  const dy = key(style, 'dy', 0.5, h);
  const head = key(style, 'arrowHead', 40, h);
  const dx = (h - head / 2 + dy) / 2;
  const tip = Math.max(0, styleNumber(style, 'dx2', 0));
  const right = Math.max(w, dx);
  const side = (h + head / 2 - dy) / 2;
  return [
    px(dx, 0), px(dx + tip, head / 2), px(dx, head), px((dx + w) / 2, h - 2 * dy), px(right, h - 2 * dy), px(right, h - dy), px(right, h),
    px((dx + w) / 2, h), px(dx, h), px(0, side), px(head - 2 * dy, side),
  ];
};

/** Each arrow by its name in the palette (`mxgraph.arrows2.` + name). */
const BY_NAME: Readonly<Record<string, PointsOf>> = {
  arrow: straightArrow(true),
  stripedArrow: straightArrow(false),
  twoWayArrow,
  stylisedArrow,
  sharpArrow: sharp,
  sharpArrow2: sharp2,
  calloutArrow,
  bendArrow,
  bendDoubleArrow,
  calloutDoubleArrow,
  calloutQuadArrow,
  calloutDouble90Arrow,
  quadArrow,
  triadArrow,
  tailedArrow: tailedArrow(false),
  tailedNotchedArrow: tailedArrow(true),
  jumpInArrow,
  uTurnArrow,
};

export const ARROWS2_POINTS: Readonly<Record<string, PointsOf>> = Object.fromEntries(Object.entries(BY_NAME).map(([name, points]) => [`mxgraph.arrows2.${name}`, points]));
