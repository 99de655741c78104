/**
 * diagrams.net's P&ID instrument shapes drawn in code (shapes/pid2/mxPidInstruments.js): the
 * discrete instrument, shared control, computer function, programmable logic control, indicator
 * and logic symbols, each with its `mounting` mark (field: none; room: a line across; inaccessible:
 * that line dashed; local: two lines 4 % of the height apart); and the fan of pid2misc.
 * (The column, conveyor and pid2valves shapes are not drawn here yet.)
 */
import { PathData, polyline, styleDashArray, type Point } from './code-shape-pen';
import type { Painter, ShapeContext } from './code-shape-context';

/**
 * The mounting mark across a symbol's middle: `size` is the symbol's height (an indicator's symbol
 * is its width square), `inset` how far in from each side the local mark's lines start (a share of the width).
 */
function mountingMark(c: ShapeContext, size: number, inset: number): void {
  const { w, fig } = c;
  const mounting = c.style.get('mounting') ?? 'field';
  if (mounting === 'room' || mounting === 'inaccessible') {
    const dash = mounting === 'inaccessible' ? { dash: styleDashArray(new Map([...c.style, ['dashed', '1']]), c.strokeWidth) } : {};
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

export const PID2_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.pid2inst.discInst': discInst,
  'mxgraph.pid2inst.sharedCont': sharedCont,
  'mxgraph.pid2inst.compFunc': compFunc,
  'mxgraph.pid2inst.progLogCont': progLogCont,
  'mxgraph.pid2inst.indicator': indicator,
  'mxgraph.pid2inst.logic': logic,
  'mxgraph.pid2misc.fan': fan,
};
