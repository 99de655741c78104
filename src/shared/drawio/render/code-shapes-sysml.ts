/**
 * SysML's blocks, ports, packages and activity nodes as diagrams.net draws them in code
 * (mxSysML.js): fixed 10 and 20 px pins and tabs on boxes of 10 px corners. None reads a style key
 * of its own but the package's `labelX`; the state-machine shapes are in code-shapes-sysml-states.ts.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData, polyline } from './code-shape-pen';

/** The corner radius of SysML's rounded boxes (its roundrect(..., 10, 10)). */
const CORNER = 10;
/** The height of a name tab. */
const TAB = 20;

/**
 * A name tab: from (left, 20) across to `right` - 10, up the cut corner to `right` at 10 and
 * to the top; closed back along the top and filled, or left open (only stroked). diagrams.net
 * draws none when `right` (at most the width) is no more than 20.
 */
export function nameTab(c: ShapeContext, left: number, right: number, closed: boolean): void {
  const x = Math.min(right, c.w);
  if (!(x > TAB)) return;
  const points: [number, number][] = [[left, TAB], [x - TAB / 2, TAB], [x, TAB / 2], [x, 0]];
  if (closed) points.push([left, 0]);
  c.fig.path(polyline(points, closed), closed ? 'fillStroke' : 'stroke');
}

/** The package's tab width: `labelX` read as diagrams.net reads it (parseInt, 90 unless set). */
const labelX = (c: ShapeContext) => parseInt(c.style.get('labelX') ?? '90', 10);

/** A package: the box, and its name tab `labelX` wide drawn open. */
const sysmlPackage: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  nameTab(c, 0, labelX(c), false);
};

/** The second package: the box outlined only, its name tab closed and filled. */
const package2: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h, 'stroke');
  nameTab(c, 0, labelX(c), true);
};

/** A box from `from` to `to` across the width (fractions), full height. */
const band = (from: number, width: number): Painter => (c) => c.fig.rect(c.w * from, 0, c.w * width, c.h);

/** Port 3: a block with two in/out pins on its left and one on its right, each with its arrow. */
const port3: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(w * 0.07, 0, w * 0.86, h);
  c.fig.rect(0, h * 0.125, w * 0.14, h * 0.25);
  c.fig.rect(0, h * 0.625, w * 0.14, h * 0.25);
  c.fig.rect(w * 0.86, h * 0.375, w * 0.14, h * 0.25);
  const arrows = new PathData();
  // In (pointing right), out (pointing left), and both ways.
  pinArrow(arrows, w * 0.01, h * 0.2, w * 0.11, h * 0.1, { line: true, right: true });
  pinArrow(arrows, w * 0.02, h * 0.7, w * 0.11, h * 0.1, { line: true, left: true });
  pinArrow(arrows, w * 0.88, h * 0.45, w * 0.1, h * 0.1, { right: true, left: true });
  c.fig.path(arrows, 'stroke');
};

/** An arrow in a box: its shaft along the middle, heads a quarter of the width deep at either end. */
function pinArrow(path: PathData, x: number, y: number, w: number, h: number, parts: { line?: boolean; right?: boolean; left?: boolean }): void {
  if (parts.line) path.moveTo(x, y + h / 2).lineTo(x + w, y + h / 2);
  if (parts.right) path.moveTo(x + w * 0.75, y).lineTo(x + w, y + h / 2).lineTo(x + w * 0.75, y + h);
  if (parts.left) path.moveTo(x + w * 0.25, y).lineTo(x, y + h / 2).lineTo(x + w * 0.25, y + h);
}

/** A nested port: a block, a tall port across its left side and three pins on that port. */
const nestedPort: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(w * 0.08, 0, w * 0.92, h);
  c.fig.rect(w * 0.03, h * 0.1, w * 0.1, h * 0.8);
  for (const top of [0.15, 0.42, 0.69]) c.fig.rect(0, h * top, w * 0.06, h * 0.16);
};

/** Two 20 px pins outlined on the left side, at the tops given, when the shape is over 60 px high. */
function leftPins(c: ShapeContext, tops: readonly number[]): void {
  if (c.h > 60) for (const y of tops) c.fig.rect(0, y, 20, 20, 'stroke');
}

/** A parametric diagram: a box of 10 px corners, two pins at a quarter and three quarters. */
const paramDgm: Painter = (c) => {
  c.fig.roundRect(0, 0, c.w, c.h, CORNER);
  leftPins(c, [c.h * 0.25 - 10, c.h * 0.75 - 10]);
};

/** A constraint property: a box, two pins 50 and 80 px down. */
const consProp: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  leftPins(c, [50, 80]);
};

/** A call behaviour action: a box of 10 px corners, its rake (20 px) in the bottom right corner when over 40 x 30. */
const callBehAct: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 0, w, h, CORNER);
  if (h > 30 && w > 40) {
    const [x, y] = [w - 30, h - 30];
    c.fig.path(new PathData().moveTo(x + 10, y).lineTo(x + 10, y + 20).moveTo(x, y + 20).lineTo(x, y + 10).lineTo(x + 20, y + 10).lineTo(x + 20, y + 20), 'stroke');
  }
};

/** An accept event action: a box with a notch 0.3 x the height deep in its left side. */
const accEvent: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[0, 0], [w, 0], [w, h], [0, h], [h * 0.3, h / 2]], true));
};

/** A time event: an hourglass (two triangles meeting in the middle). */
const timeEvent: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[0, 0], [w, 0], [0, h], [w, h]], true));
};

/** A send signal action: a box with a point 0.3 x the height deep on its right side. */
const sendSigAct: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[0, 0], [w - h * 0.3, 0], [w, h / 2], [w - h * 0.3, h], [0, h]], true));
};

/** An activity final: a ring, and a disc 5 px inside it filled in the stroke colour. */
const actFinal: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h);
  c.fig.ellipse(5, 5, w - 10, h - 10, 'fillStroke', { fill: c.stroke });
};

/** A flow final: a circle crossed corner to corner. */
const flowFinal: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h);
  const [a, b] = [0.145, 0.855];
  c.fig.path(new PathData().moveTo(w * a, h * a).lineTo(w * b, h * b).moveTo(w * b, h * a).lineTo(w * a, h * b), 'stroke');
};

/**
 * An activity parameter node: brackets 10 px in from each side (open between 0.35 and 0.65 of
 * the width, at least 70 px from the left), a name tab 50 px wide, two pins on the left and one
 * on the right.
 */
const actParamNode: Painter = (c) => {
  const { w, h } = c;
  const minX = Math.max(w * 0.35, 70);
  const maxX = Math.min(w * 0.65, w - 10);
  c.fig.path(new PathData().moveTo(minX, h).lineTo(10, h).lineTo(10, 0).lineTo(minX, 0).moveTo(maxX, h).lineTo(w - 10, h).lineTo(w - 10, 0).lineTo(maxX, 0), 'stroke');
  nameTab(c, 10, 50, true);
  c.fig.rect(0, h * 0.35 - 10, 20, 20);
  c.fig.rect(0, h * 0.65 - 10, 20, 20);
  c.fig.rect(w - 20, h / 2 - 10, 20, 20);
};

/** A control operator: a box with an open name tab 130 px wide. */
const contOper: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  nameTab(c, 0, 130, false);
};

/** Pins 10 x 20 on both sides of a box of 10 px corners; filled in the stroke colour for a stream. */
function pinnedAction(stream: boolean): Painter {
  return (c) => {
    const { w, h } = c;
    const pin = stream ? { fill: c.stroke } : {};
    c.fig.rect(0, h / 2 - 10, 10, 20, 'fillStroke', pin);
    c.fig.roundRect(10, 0, w - 20, h, CORNER);
    c.fig.rect(w - 10, h / 2 - 10, 10, 20, 'fillStroke', pin);
  };
}

/** An activity with a stream: a box short of the right 10 px, a 40 px name tab, a pin on its right. */
const isActStream: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w - 10, h);
  nameTab(c, 0, 40, true);
  c.fig.rect(w - 20, h / 2 - 10, 20, 20);
};

/** A parameter set of an activity (15 x 56) holding two pins (15 x 20) 4 px further out, at x, centred on y. */
function activityParameterSet(c: ShapeContext, x: number, pinX: number, y: number): void {
  c.fig.rect(x, y - 28, 15, 56);
  c.fig.rect(pinX, y - 24, 15, 20);
  c.fig.rect(pinX, y + 4, 15, 20);
}

/** Parameter sets on an action: a box of 10 px corners with a set on either side, mid-height. */
const paramSet: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, h / 2 - 28, 10, 56);
  c.fig.roundRect(10, 0, w - 20, h, CORNER);
  c.fig.rect(w - 10, h / 2 - 28, 10, 56);
  for (const [x, y] of [[4, h / 2 - 24], [4, h / 2 + 4], [w - 10, h / 2 - 24], [w - 10, h / 2 + 4]]) c.fig.rect(x, y, 6, 20);
};

/** Parameter sets on an activity: a box 10 px in from each side, a 50 px name tab, a set on either side when over 70 px high. */
const paramActSet: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(10, 0, w - 20, h);
  nameTab(c, 10, 50, true);
  if (h > 70) {
    activityParameterSet(c, 0, 4, h / 2);
    activityParameterSet(c, w - 15, w - 19, h / 2);
  }
};

/** Probabilities on an action: a box of 10 px corners and two parameter sets on its right, at a quarter and three quarters. */
const probability: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 0, w - 10, h, CORNER);
  c.fig.rect(w - 10, h * 0.25 - 28, 10, 56);
  c.fig.rect(w - 10, h * 0.75 - 28, 10, 56);
  for (const y of [h * 0.25, h * 0.75]) {
    c.fig.rect(w - 10, y - 24, 6, 20);
    c.fig.rect(w - 10, y + 4, 6, 20);
  }
};

/** Probabilities on an activity: a box short of the right 10 px, a 40 px name tab, two sets on its right when over 70 px high. */
const actProb: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w - 10, h);
  nameTab(c, 0, 40, true);
  if (h > 70) for (const y of [h * 0.25, h * 0.75]) activityParameterSet(c, w - 15, w - 19, y);
};

/** An object flow: a box of 10 px corners and a 10 x 20 pin mid-height on its right, or its left. */
const objFlowR: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 0, w - 10, h, CORNER);
  c.fig.rect(w - 10, h / 2 - 10, 10, 20);
};

const objFlowL: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, h / 2 - 10, 10, 20);
  c.fig.roundRect(10, 0, w - 10, h, CORNER);
};

export const SYSML_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.sysml.package': sysmlPackage,
  'mxgraph.sysml.package2': package2,
  'mxgraph.sysml.none': () => undefined,
  'mxgraph.sysml.rect': band(0, 1),
  'mxgraph.sysml.port1': band(0.05, 0.9),
  'mxgraph.sysml.port2': band(0.05, 0.8),
  'mxgraph.sysml.port3': port3,
  'mxgraph.sysml.port4': band(0.05, 0.95),
  'mxgraph.sysml.nestedPort': nestedPort,
  'mxgraph.sysml.paramDgm': paramDgm,
  'mxgraph.sysml.consProp': consProp,
  'mxgraph.sysml.callBehAct': callBehAct,
  'mxgraph.sysml.accEvent': accEvent,
  'mxgraph.sysml.timeEvent': timeEvent,
  'mxgraph.sysml.sendSigAct': sendSigAct,
  'mxgraph.sysml.actFinal': actFinal,
  'mxgraph.sysml.actParamNode': actParamNode,
  'mxgraph.sysml.contOper': contOper,
  'mxgraph.sysml.flowFinal': flowFinal,
  'mxgraph.sysml.isControl': pinnedAction(false),
  'mxgraph.sysml.isStream': pinnedAction(true),
  'mxgraph.sysml.isActStream': isActStream,
  'mxgraph.sysml.paramSet': paramSet,
  'mxgraph.sysml.paramActSet': paramActSet,
  'mxgraph.sysml.probability': probability,
  'mxgraph.sysml.actProb': actProb,
  'mxgraph.sysml.objFlowR': objFlowR,
  'mxgraph.sysml.objFlowL': objFlowL,
};
