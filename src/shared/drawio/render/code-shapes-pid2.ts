/**
 * diagrams.net's P&ID instrument shapes drawn in code (shapes/pid2/mxPidInstruments.js): the
 * discrete instrument, shared control, computer function, programmable logic control, indicator
 * and logic symbols, each with its `mounting` mark (field: none; room: a line across; inaccessible:
 * that line dashed; local: two lines 4 % of the height apart); and the fan, column and conveyor of
 * pid2misc (mxPidMisc.js); the auto recirculation valve of pid2valves (its valves and block and bleed
 * valve are in code-shapes-pid2-valves.ts).
 */
import { PathData, polyline, styleDashArray, type Point } from './code-shape-pen';
import type { Painter, ShapeContext } from './code-shape-context';

/**
 * The mounting mark across a symbol's middle: `size` is the symbol's height (an indicator's symbol
 * is its width square), `inset` how far in from each side the local mark's lines start (a share of the width).
 */
/** The style's dash pattern forced on, as diagrams.net's shapes dash a part whatever the style's `dashed`. */
function forcedDash(c: ShapeContext): { dash?: string } {
  return { dash: styleDashArray(new Map([...c.style, ['dashed', '1']]), c.strokeWidth) };
}

function mountingMark(c: ShapeContext, size: number, inset: number): void {
  const { w, fig } = c;
  const mounting = c.style.get('mounting') ?? 'field';
  if (mounting === 'room' || mounting === 'inaccessible') {
    const dash = mounting === 'inaccessible' ? forcedDash(c) : {};
    fig.path(new PathData().moveTo(0, size / 2).lineTo(w, size / 2), 'stroke', dash);
  } else if (mounting === 'local') {
    const [left, right] = [w * inset, w * (1 - inset)];
    fig.path(new PathData().moveTo(left, size * 0.48).lineTo(right, size * 0.48).moveTo(left, size * 0.52).lineTo(right, size * 0.52), 'stroke');
  }
}

/** The six-sided computer-function outline in a w x size box. */
function hexagon(w: number, size: number): Point[] {
  return [[0, size / 2], [w * 0.25, 0], [w * 0.75, 0], [w, size / 2], [w * 0.75, size], [w * 0.25, size]];
}

/** A rhombus corner to corner in a w x size box. */
function rhombus(w: number, size: number): Point[] {
  return [[0, size / 2], [w / 2, 0], [w, size / 2], [w / 2, size]];
}

const discInst: Painter = (c) => {
  c.fig.ellipse(0, 0, c.w, c.h);
  mountingMark(c, c.h, 0.005);
};

const sharedCont: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  c.fig.ellipse(0, 0, c.w, c.h);
  mountingMark(c, c.h, 0.005);
};

const compFunc: Painter = (c) => {
  c.fig.path(polyline(hexagon(c.w, c.h), true));
  mountingMark(c, c.h, 0.01);
};

const progLogCont: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  c.fig.path(polyline(rhombus(c.w, c.h), true), 'stroke');
  mountingMark(c, c.h, 0.02);
};

const logic: Painter = (c) => {
  c.fig.path(polyline(rhombus(c.w, c.h), true));
  mountingMark(c, c.h, 0.02);
};

/** An instrument symbol of its `indType` (inst, ctrl, func, plc) a width square at the top, on a stem down to the bottom. */
const indicator: Painter = (c) => {
  const { w, h, fig } = c;
  const type = c.style.get('indType') ?? 'inst';
  fig.path(new PathData().moveTo(w / 2, w).lineTo(w / 2, h), 'stroke');
  if (type === 'inst') fig.ellipse(0, 0, w, w);
  else if (type === 'ctrl' || type === 'plc') fig.rect(0, 0, w, w);
  else if (type === 'func') fig.path(polyline(hexagon(w, w), true));
  if (type === 'ctrl') fig.ellipse(0, 0, w, w, 'stroke');
  else if (type === 'plc') fig.path(polyline(rhombus(w, w), true), 'stroke');
  mountingMark(c, w, 0.005);
};

/**
 * A fan (pid2misc.fan): its circle, the two lines of its casing from the left to the right side,
 * its two blades (elliptic arcs turned 50 degrees either way) and hub, and its `fanType` mark
 * (axial: a line in from the left; radial: an upright).
 */
const fan: Painter = (c) => {
  const { w, h, fig } = c;
  fig.ellipse(0, 0, w, h);
  const [rx, ry] = [w * 0.15, h * 0.03];
  const blade = (turn: number, points: ReadonlyArray<readonly [number, number]>, path: PathData) => {
    path.moveTo(points[0][0] * w, points[0][1] * h);
    for (const [x, y] of [...points.slice(1), points[0]]) path.arcTo(rx, ry, turn, 0, 1, x * w, y * h);
    return path.close();
  };
  const lines = new PathData().moveTo(w * 0.3, h * 0.045).lineTo(w * 0.97, h * 0.33).moveTo(w * 0.3, h * 0.955).lineTo(w * 0.97, h * 0.67);
  blade(50, [[0.4228, 0.3655], [0.5, 0.5], [0.3772, 0.4045], [0.3025, 0.271]], lines);
  blade(-50, [[0.377, 0.5973], [0.4966, 0.5019], [0.423, 0.636], [0.3034, 0.7314]], lines);
  fig.path(lines, 'stroke');
  fig.ellipse(w * 0.5, h * 0.47, w * 0.3, h * 0.06, 'stroke');
  const type = c.style.get('fanType');
  if (type === 'axial') fig.path(new PathData().moveTo(w * 0.1, h / 2).lineTo(w * 0.3, h / 2), 'stroke');
  else if (type === 'radial') fig.path(new PathData().moveTo(w * 0.2, h * 0.4).lineTo(w * 0.2, h * 0.6), 'stroke');
};

/** Horizontal lines across a w-wide column at each of the heights. */
function across(w: number, ys: readonly number[], from = 0, to = w): PathData {
  const path = new PathData();
  for (const y of ys) path.moveTo(from, y).lineTo(to, y);
  return path;
}

/**
 * A column's internals by `columnType`, in the band 25 px in from its top and bottom: fixed and
 * nozzle beds (crossed boxes every 1.2 widths, centred), trays (dashed lines every fifth of the
 * width), a fluidized bed's staggered dots, staggered baffles, valve and bubble-cap trays.
 */
function columnInside(c: ShapeContext, type: string): void {
  const { w, h, fig } = c;
  const ownDash = c.style.get('dashed') === '1' ? forcedDash(c) : {};
  const bandEnds = () => fig.path(across(w, [25, h - 25]), 'stroke', forcedDash(c));
  if (type === 'fixed' || type === 'nozzle') {
    const step = w * 1.2;
    const range = h - 50;
    const off = (range % step) / 2 + 25;
    const [near, far] = type === 'fixed' ? [0.1, 0.9] : [0.2, 0.8];
    const crosses = new PathData();
    const frames: number[] = [];
    const supports = new PathData();
    for (let i = 0; i <= range - step; i += step) {
      const [top, bottom] = [i + off + step * near, i + off + step * far];
      frames.push(top, bottom);
      crosses.moveTo(0, top).lineTo(w, bottom).moveTo(0, bottom).lineTo(w, top);
      if (type === 'nozzle' && i !== 0) {
        const [y, tip] = [i + off, step * 0.08];
        supports.moveTo(0, y).lineTo(w / 2, y).moveTo(w / 2 - tip, y + tip).lineTo(w / 2, y).lineTo(w / 2 + tip, y + tip).moveTo(w / 2, y).lineTo(w / 2, y + tip);
      }
    }
    if (type === 'fixed') {
      fig.path(across(w, frames), 'stroke');
      fig.path(crosses, 'stroke');
      return;
    }
    // diagrams.net compares the style's `dashed` to a number here, so any given value dashes.
    const nozzleDash = c.style.has('dashed') ? forcedDash(c) : {};
    fig.path(across(w, frames), 'stroke', forcedDash(c));
    fig.path(crosses, 'stroke', nozzleDash);
    fig.path(supports, 'stroke', nozzleDash);
  } else if (type === 'tray') {
    const step = w * 0.2;
    const range = h - 50;
    const off = (range % step) / 2 + 25;
    const ys: number[] = [];
    for (let i = 0; i <= range; i += step) ys.push(i + off);
    fig.path(across(w, ys), 'stroke', forcedDash(c));
  } else if (type === 'fluid') {
    bandEnds();
    const step = w * 0.1;
    const dot = Math.min(w, h) * 0.02;
    let row = 0;
    for (let y = 25 + step / 2; y < h - 25 - dot; y += step, row++) {
      for (let x = row % 2 === 0 ? step / 2 : step; x < w; x += step) fig.ellipse(x, y, dot, dot, 'fillStroke', { fill: c.stroke, ...ownDash });
    }
  } else if (type === 'baffle' || type === 'valve' || type === 'bubble') {
    bandEnds();
    const step = w * 0.2;
    const end = h - 25 - step / 2;
    const trays = new PathData();
    let row = 0;
    for (let y = 25 + step; y < end; y += step, row++) {
      if (type === 'baffle' && row % 2 === 0) trays.moveTo(0, y).lineTo(w * 0.9, y).lineTo(w * 0.9, y - step * 0.3);
      else if (type === 'baffle') trays.moveTo(w * 0.1, y - step / 2).lineTo(w * 0.1, y).lineTo(w, y);
      else {
        trays.moveTo(0, y).lineTo(w * 0.4, y);
        const cap = y - step * 0.2;
        if (type === 'valve') trays.moveTo(w * 0.4, cap).lineTo(w * 0.6, cap);
        else trays.moveTo(w * 0.25, cap).arcTo(step * 3, step * 3, 0, 0, 1, w * 0.75, cap);
        trays.moveTo(w * 0.6, y).lineTo(w, y);
      }
    }
    fig.path(trays, 'stroke', type === 'baffle' ? forcedDash(c) : ownDash);
  }
}

/** A column (pid2misc.column): a tall capsule with 15 px high round ends, and its `columnType`'s internals. */
const column: Painter = (c) => {
  const { w, fig } = c;
  const h = Math.max(c.h, 30);
  fig.path(new PathData().moveTo(0, 15).arcTo(w / 2, 15, 0, 0, 1, w, 15).lineTo(w, h - 15).arcTo(w / 2, 15, 0, 0, 1, 0, h - 15).close());
  columnInside(c, c.style.get('columnType') ?? 'common');
};

/**
 * A conveyor (pid2misc.conveyor): two wheels (a square of the height, at most half the width) at
 * the ends, the belt above and below them, and small holders on the belt every 0.7 wheel.
 */
const conveyor: Painter = (c) => {
  const { w, h, fig } = c;
  const wheel = Math.min(h, w / 2);
  fig.path(across(w, [0], wheel / 2, w - wheel / 2), 'stroke');
  fig.ellipse(0, 0, wheel, wheel);
  fig.ellipse(w - wheel, 0, wheel, wheel);
  fig.path(across(w, [wheel], wheel / 2, w - wheel / 2), 'stroke');
  for (let i = 0; i < w - wheel * 1.8; i += wheel * 0.7) {
    fig.rect(wheel * 0.9 + i, 0, wheel * 0.2, wheel * 0.1);
    fig.rect(wheel * 0.9 + i, wheel * 0.9, wheel * 0.2, wheel * 0.1);
  }
};

/**
 * An auto recirculation valve (pid2valves.autoRecircValve): a box with an upright near each side, a
 * diagonal ending in a filled arrowhead, and a spring zigzag from the top to the middle; lines meet round.
 */
const autoRecircValve: Painter = (c) => {
  const { w, h, fig } = c;
  const round = { lineJoin: 'round' } as const;
  const at = (points: readonly Point[]): Point[] => points.map(([x, y]) => [x * w, y * h]);
  fig.rect(0, 0, w, h, 'fillStroke', round);
  const lines = new PathData().moveTo(w * 0.08, h * 0.08).lineTo(w * 0.08, h * 0.92).moveTo(w * 0.92, h * 0.08).lineTo(w * 0.92, h * 0.92);
  lines.moveTo(w * 0.12, h * 0.122).lineTo(w * 0.8738, h * 0.8837);
  const spring = at([[0.5, 0], [0.55, 0.05], [0.45, 0.15], [0.55, 0.25], [0.45, 0.35], [0.55, 0.45], [0.49, 0.5]]);
  lines.moveTo(...spring[0]);
  for (const point of spring.slice(1)) lines.lineTo(...point);
  fig.path(lines, 'stroke', round);
  fig.path(polyline(at([[0.8257, 0.7695], [0.8797, 0.888], [0.79, 0.8651]]), true), 'fillStroke', { ...round, fill: c.stroke });
};

export const PID2_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.pid2inst.discInst': discInst,
  'mxgraph.pid2inst.sharedCont': sharedCont,
  'mxgraph.pid2inst.compFunc': compFunc,
  'mxgraph.pid2inst.progLogCont': progLogCont,
  'mxgraph.pid2inst.indicator': indicator,
  'mxgraph.pid2inst.logic': logic,
  'mxgraph.pid2misc.fan': fan,
  'mxgraph.pid2misc.column': column,
  'mxgraph.pid2misc.conveyor': conveyor,
  'mxgraph.pid2valves.autoRecircValve': autoRecircValve,
};
