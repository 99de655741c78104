/**
 * The Arrows palette's shapes diagrams.net draws in code (mxArrows.js, `shape=mxgraph.arrows2.*`;
 * its plain `arrow` is in code-shapes-libraries.ts): arrows of two ends, stylised, sharp,
 * callout, bent, quad, triad, tailed, striped, jump-in and U-turn arrows, each from its own dx,
 * dy, notch, arrowHead... keys, read and clamped as mxArrows.js reads them, drawn facing east
 * (the style's direction turns them as every code shape).
 */
import { clamp, type Painter, type ShapeContext } from './code-shape-context';
import { PathData, polyline, type Point } from './code-shape-pen';

/** A key in pixels clamped to [0, limit]. */
function px(c: ShapeContext, key: string, fallback: number, limit: number): number {
  return clamp(c.num(key, fallback), 0, limit);
}

/** A shaft's half-thickness: a share (0..1) of half the height. */
function halfShaft(c: ShapeContext, key: string): number {
  return (c.h / 2) * clamp(c.num(key, 0.5), 0, 1);
}

/**
 * The keys most of these arrows share, in pixels: the head's length dx, the shaft's half-thickness
 * (or thickness) dy, the tail's notch and how far the head overhangs the shaft (arrowHead), each
 * clamped as mxArrows.js clamps it for that arrow (`head` its default, the limits its clamps).
 */
function arrowKeys(c: ShapeContext, limits: { head?: number; headLimit?: number; notchLimit?: number } = {}): { dx: number; dy: number; notch: number; head: number } {
  return {
    dx: px(c, 'dx', 0.5, c.w),
    dy: px(c, 'dy', 0.5, c.h),
    notch: px(c, 'notch', 0, limits.notchLimit ?? c.w),
    head: px(c, 'arrowHead', limits.head ?? 0, limits.headLimit ?? c.h),
  };
}

const twoWayArrow: Painter = (c) => {
  const { w, h } = c;
  const dy = halfShaft(c, 'dy');
  const dx = px(c, 'dx', 0.5, w);
  c.fig.path(polyline([[dx, dy], [w - dx, dy], [w - dx, 0], [w, h / 2], [w - dx, h], [w - dx, h - dy], [dx, h - dy], [dx, h], [0, h / 2], [dx, 0]], true));
};

/** A stylised arrow: its tail `feather` wide, its head's barbs swept 10 px back. */
const stylisedArrow: Painter = (c) => {
  const { w, h } = c;
  const dy = halfShaft(c, 'dy');
  const dx = px(c, 'dx', 0.5, w);
  const notch = px(c, 'notch', 0, w);
  const feather = halfShaft(c, 'feather');
  c.fig.path(polyline([[0, feather], [w - dx, dy], [w - dx - 10, 0], [w, h / 2], [w - dx - 10, h], [w - dx, h - dy], [0, h - feather], [notch, h / 2]], true));
};

/**
 * A sharp arrow's head from the shaft's end (dx1 from the tip) to the barbs' tips: its barb tips
 * where the head's slope from dx2 reaches the top (sharpArrow), or at dx3, dy3 (sharpArrow2).
 */
function sharpArrow(c: ShapeContext, barb: (dx1: number, dx2: number) => Point): void {
  const { w, h } = c;
  const dy1 = halfShaft(c, 'dy1');
  const dx1 = px(c, 'dx1', 0.5, w);
  const dx2 = px(c, 'dx2', 0.5, w);
  const notch = px(c, 'notch', 0, w);
  const [bx, by] = barb(dx1, dx2);
  c.fig.path(polyline([[0, dy1], [w - dx1, dy1], [w - bx, by], [w - dx2, 0], [w, h / 2], [w - dx2, h], [w - bx, h - by], [w - dx1, h - dy1], [0, h - dy1], [notch, h / 2]], true));
}

const sharp: Painter = (c) =>
  sharpArrow(c, (dx1, dx2) => {
    // mxArrows.js clamps this dy1 to the height, not to 1.
    const dy1 = (c.h / 2) * clamp(c.num('dy1', 0.5), 0, c.h);
    return [c.h !== 0 ? dx1 + (dx2 * dy1 * 2) / c.h : 0, 0];
  });

const sharp2: Painter = (c) => sharpArrow(c, () => [px(c, 'dx3', 0.5, c.w), halfShaft(c, 'dy3')]);

/** A callout with an arrow: a box `notch` wide, the shaft 2 dy thick, the head dx long and arrowHead beyond the shaft. */
const calloutArrow: Painter = (c) => {
  const { w, h } = c;
  const { dx, dy, notch, head } = arrowKeys(c);
  const [top, bottom] = [h / 2 - dy, h / 2 + dy];
  c.fig.path(polyline([[0, 0], [notch, 0], [notch, top], [w - dx, top], [w - dx, top - head], [w, h / 2], [w - dx, bottom + head], [w - dx, bottom], [notch, bottom], [notch, h], [0, h]], true));
};

/** A bend's corner: a line to its `sharp` point, or with rounded=1 a line to `from` and an arc of `radius` on to `to` (diagrams.net's own radii). */
function bendCorner(path: PathData, rounded: boolean, sharp: Point, round: { from: Point; to: Point; radius: number; sweep: 0 | 1 }): void {
  if (rounded) path.lineTo(round.from[0], round.from[1]).arcTo(round.radius, round.radius, 0, 0, round.sweep, round.to[0], round.to[1]);
  else path.lineTo(sharp[0], sharp[1]);
}

/** A bent arrow: up from a tail notched `notch` deep, turning right into a head arrowHead tall and dx long; dy is the shaft's width. */
const bendArrow: Painter = (c) => {
  const { w, h } = c;
  const { dx, dy, notch, head } = arrowKeys(c, { head: 40, notchLimit: h });
  const rounded = c.style.get('rounded') === '1';
  const mid = head / 2;
  const path = new PathData().moveTo(w - dx, 0).lineTo(w, mid).lineTo(w - dx, head).lineTo(w - dx, mid + dy);
  bendCorner(path, rounded, [dy * 2, mid + dy], { from: [dy * 2.2, mid + dy], to: [dy * 2, mid + dy * 1.2], radius: dy * 0.2, sweep: 0 });
  path.lineTo(dy * 2, h).lineTo(dy, h - notch).lineTo(0, h);
  bendCorner(path, rounded, [0, mid - dy], { from: [0, mid + dy], to: [dy * 2, mid - dy], radius: dy * 2, sweep: 1 });
  c.fig.path(path.lineTo(w - dx, mid - dy).close());
};

/** A bent arrow with a head at both ends: right along the top and down the left side, each head arrowHead wide and dx long. */
const bendDoubleArrow: Painter = (c) => {
  const { w, h } = c;
  const { dx, dy, head } = arrowKeys(c, { head: 40, headLimit: w });
  const rounded = c.style.get('rounded') === '1';
  const mid = head / 2;
  const path = new PathData().moveTo(w - dx, 0).lineTo(w, mid).lineTo(w - dx, head).lineTo(w - dx, mid + dy);
  bendCorner(path, rounded, [mid + dy, mid + dy], { from: [mid + dy * 1.2, mid + dy], to: [mid + dy, mid + dy * 1.2], radius: dy * 0.2, sweep: 0 });
  path.lineTo(mid + dy, h - dx).lineTo(head, h - dx).lineTo(mid, h).lineTo(0, h - dx).lineTo(mid - dy, h - dx);
  bendCorner(path, rounded, [mid - dy, mid - dy], { from: [mid - dy, mid + dy], to: [mid + dy, mid - dy], radius: dy * 2, sweep: 1 });
  c.fig.path(path.lineTo(w - dx, mid - dy).close());
};

/** A callout box 2 notch wide across the middle, a shaft 2 dy thick from it to a head at each side. */
const calloutDoubleArrow: Painter = (c) => {
  const { w, h } = c;
  const { dx, dy, notch, head } = arrowKeys(c);
  const [l, r, top, bottom] = [w / 2 - notch, w / 2 + notch, h / 2 - dy, h / 2 + dy];
  c.fig.path(
    polyline(
      [[l, 0], [r, 0], [r, top], [w - dx, top], [w - dx, top - head], [w, h / 2], [w - dx, bottom + head], [w - dx, bottom], [r, bottom], [r, h], [l, h], [l, bottom], [dx, bottom], [dx, bottom + head], [0, h / 2], [dx, top - head], [dx, top], [l, top]],
      true,
    ),
  );
};

/**
 * Four arrows from a box 2 notch across in the middle, each shaft 2 dy thick, each head dx long
 * and arrowHead beyond the shaft (a quad arrow's box is its shafts' crossing: notch = dy).
 */
function fourWays(c: ShapeContext, notch: number): void {
  const { w, h } = c;
  const { dx, dy, head } = arrowKeys(c);
  const [cx, cy] = [w / 2, h / 2];
  c.fig.path(
    polyline(
      [
        [cx + dy, cy - notch], [cx + notch, cy - notch], [cx + notch, cy - dy], [w - dx, cy - dy], [w - dx, cy - dy - head], [w, cy], [w - dx, cy + dy + head], [w - dx, cy + dy],
        [cx + notch, cy + dy], [cx + notch, cy + notch], [cx + dy, cy + notch], [cx + dy, h - dx], [cx + dy + head, h - dx], [cx, h], [cx - dy - head, h - dx], [cx - dy, h - dx],
        [cx - dy, cy + notch], [cx - notch, cy + notch], [cx - notch, cy + dy], [dx, cy + dy], [dx, cy + dy + head], [0, cy], [dx, cy - dy - head], [dx, cy - dy],
        [cx - notch, cy - dy], [cx - notch, cy - notch], [cx - dy, cy - notch], [cx - dy, dx], [cx - dy - head, dx], [cx, 0], [cx + dy + head, dx], [cx + dy, dx],
      ],
      true,
    ),
  );
}

const calloutQuadArrow: Painter = (c) => fourWays(c, arrowKeys(c).notch);
const quadArrow: Painter = (c) => fourWays(c, arrowKeys(c).dy);

/** The keys of an arrow with a box or a tail before its shaft: dy1, dx1 its shaft and head, dx2, dy2 the box or tail, each with its fallback. */
function tailKeys(c: ShapeContext, fallback: { dy1: number; dx1: number; dx2: number; dy2: number; head: number }, dy2Limit: number) {
  return {
    dy1: px(c, 'dy1', fallback.dy1, c.h),
    dx1: px(c, 'dx1', fallback.dx1, c.w),
    dx2: px(c, 'dx2', fallback.dx2, c.w),
    dy2: px(c, 'dy2', fallback.dy2, dy2Limit),
    head: px(c, 'arrowHead', fallback.head, c.h),
  };
}

/** A callout box dx2 x dy2 in the top left corner, an arrow out of its right side and one out of its bottom (dy1 the shafts' half-thickness). */
const calloutDouble90Arrow: Painter = (c) => {
  const { w, h } = c;
  const { dy1, dx1, dx2, dy2, head } = tailKeys(c, { dy1: 0.5, dx1: 0.5, dx2: 0, dy2: 0, head: 0 }, w);
  const [mid, col] = [dy2 / 2, dx2 / 2];
  c.fig.path(
    polyline(
      [[0, 0], [dx2, 0], [dx2, mid - dy1], [w - dx1, mid - dy1], [w - dx1, mid - dy1 - head], [w, mid], [w - dx1, mid + dy1 + head], [w - dx1, mid + dy1], [dx2, mid + dy1], [dx2, dy2], [col + dy1, dy2], [col + dy1, h - dx1], [col + dy1 + head, h - dx1], [col, h], [col - dy1 - head, h - dx1], [col - dy1, h - dx1], [col - dy1, dy2], [0, dy2]],
      true,
    ),
  );
};

/** Three arrows: left and right along the bottom band arrowHead tall, and up from its middle; dy is the shafts' thickness. */
const triadArrow: Painter = (c) => {
  const { w, h } = c;
  const { dx, dy, head } = arrowKeys(c);
  const band = h - head;
  const [l, r] = [w / 2 - head / 2, w / 2 + head / 2];
  c.fig.path(
    polyline([[r - dy, band + dy], [w - dx, band + dy], [w - dx, band], [w, h - head / 2], [w - dx, h], [w - dx, h - dy], [dx, h - dy], [dx, h], [0, h - head / 2], [dx, band], [dx, band + dy], [l + dy, band + dy], [l + dy, dx], [l, dx], [w / 2, 0], [r, dx], [r - dy, dx]], true),
  );
};

/**
 * A tailed arrow: a tail dx2 long and 2 dy2 thick narrowing to the shaft (2 dy1), the head dx1
 * long; `slope` is how far the narrowing runs (dy2 for the tailed arrow, the notch for the notched one).
 */
function tailedArrow(c: ShapeContext, slope: (keys: { dy2: number; notch: number }) => number): void {
  const { w, h } = c;
  // diagrams.net sets no default for dy1, dx1, dx2 and dy2 here (its palette always gives them): the palette's values.
  const { dy1, dx1, dx2, dy2, head } = tailKeys(c, { dy1: 10, dx1: 20, dx2: 25, dy2: 30, head: 0 }, h);
  const notch = px(c, 'notch', 0, w);
  const x2 = dy2 !== 0 ? dx2 + (slope({ dy2, notch }) * (dy2 - dy1)) / dy2 : 0;
  const cy = h / 2;
  c.fig.path(
    polyline([[0, cy - dy2], [dx2, cy - dy2], [x2, cy - dy1], [w - dx1, cy - dy1], [w - dx1, cy - dy1 - head], [w, cy], [w - dx1, cy + dy1 + head], [w - dx1, cy + dy1], [x2, cy + dy1], [dx2, cy + dy2], [0, cy + dy2], [notch, cy]], true),
  );
}

const tailed: Painter = (c) => tailedArrow(c, ({ dy2 }) => dy2);
const tailedNotched: Painter = (c) => tailedArrow(c, ({ notch }) => notch);

/** A striped arrow: the arrow from `notch`, and two stripes in its tail (at 0-16 % and 32-80 % of the notch). */
const stripedArrow: Painter = (c) => {
  const { w, h } = c;
  const dy = halfShaft(c, 'dy');
  const dx = px(c, 'dx', 0.5, w);
  const notch = px(c, 'notch', 0, w);
  const stripe = (from: number, to: number) => polyline([[from, h - dy], [to, h - dy], [to, dy], [from, dy]], true);
  const body = polyline([[notch, dy], [w - dx, dy], [w - dx, 0], [w, h / 2], [w - dx, h], [w - dx, h - dy], [notch, h - dy]], true);
  c.fig.path(`${body} ${stripe(0, notch * 0.16)} ${stripe(notch * 0.32, notch * 0.8)}`);
};

/** An arrow jumping in: an arc up from the bottom left into a head arrowHead tall at the top right, the shaft 2 dy thick. */
const jumpInArrow: Painter = (c) => {
  const { w, h } = c;
  const { dx, dy, head } = arrowKeys(c, { head: 40 });
  const mid = head / 2;
  c.fig.path(
    new PathData()
      .moveTo(w - dx, 0)
      .lineTo(w, mid)
      .lineTo(w - dx, head)
      .lineTo(w - dx, mid + dy)
      .arcTo(w - dx, h - mid - dy, 0, 0, 0, 0, h)
      .arcTo(w - dx, h - mid + dy, 0, 0, 1, w - dx, mid - dy)
      .close(),
  );
};

/** A U-turn: a band 2 dy thick round a half circle on the left, from the bottom edge to a head dx2 long at the top. */
const uTurnArrow: Painter = (c) => {
  const { w, h } = c;
  const { dy, head } = arrowKeys(c, { head: 40 });
  const dx = (h - head / 2 + dy) / 2;
  // No default in diagrams.net (its palette always gives one): the palette's.
  const dx2 = Math.max(0, c.num('dx2', 25));
  const right = Math.max(w, dx);
  c.fig.path(
    new PathData()
      .moveTo(dx, 0)
      .lineTo(dx + dx2, head / 2)
      .lineTo(dx, head)
      .lineTo(dx, head / 2 + dy)
      .arcTo(dx - 2 * dy, dx - 2 * dy, 0, 0, 0, dx, h - 2 * dy)
      .lineTo(right, h - 2 * dy)
      .lineTo(right, h)
      .lineTo(dx, h)
      .arcTo(dx, dx, 0, 0, 1, dx, head / 2 - dy)
      .close(),
  );
};

export const ARROW_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.arrows2.twoWayArrow': twoWayArrow,
  'mxgraph.arrows2.stylisedArrow': stylisedArrow,
  'mxgraph.arrows2.sharpArrow': sharp,
  'mxgraph.arrows2.sharpArrow2': sharp2,
  'mxgraph.arrows2.calloutArrow': calloutArrow,
  'mxgraph.arrows2.bendArrow': bendArrow,
  'mxgraph.arrows2.bendDoubleArrow': bendDoubleArrow,
  'mxgraph.arrows2.calloutDoubleArrow': calloutDoubleArrow,
  'mxgraph.arrows2.calloutQuadArrow': calloutQuadArrow,
  'mxgraph.arrows2.calloutDouble90Arrow': calloutDouble90Arrow,
  'mxgraph.arrows2.quadArrow': quadArrow,
  'mxgraph.arrows2.triadArrow': triadArrow,
  'mxgraph.arrows2.tailedArrow': tailed,
  'mxgraph.arrows2.tailedNotchedArrow': tailedNotched,
  'mxgraph.arrows2.stripedArrow': stripedArrow,
  'mxgraph.arrows2.jumpInArrow': jumpInArrow,
  'mxgraph.arrows2.uTurnArrow': uTurnArrow,
};
