/**
 * UML 2.5's pins and actions (mxUML25.js) and the data-flow diagram shapes (mxDFD.js) as
 * diagrams.net draws them in code. UML 2.5's actions take `arcSize` with no default: without one
 * their outline's path is not a number and the browser draws none of it.
 */
import { styleFlag, type Painter, type ShapeContext } from './code-shape-context';
import { PathData, polyline, roundedBox, type Point } from './code-shape-pen';

/** A UML 2.5 action's corner: `arcSize` px when absolute, else that fraction of the shorter side, at most half of each side; NaN without arcSize. */
function umlArc(c: ShapeContext, w: number, h: number): number {
  let arc = c.num('arcSize', NaN);
  if (!styleFlag(c, 'absoluteArcSize')) arc = Math.min(w, h) * arc;
  return Math.min(arc, w / 2, h / 2);
}

/** An input pin: a box with an arrow pointing left along its middle. */
const inputPin: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  c.fig.path(new PathData().moveTo(w * 0.75, h / 2).lineTo(w * 0.25, h / 2).moveTo(w * 0.4, h * 0.4).lineTo(w * 0.25, h / 2).lineTo(w * 0.4, h * 0.6), 'stroke');
};

/** A behaviour action: a box (rounded with `rounded`), its rake 40 px wide right of the middle when at least 60 x 40. */
const behaviorAction: Painter = (c) => {
  const { w, h } = c;
  const rounded = styleFlag(c, 'rounded');
  const arc = rounded ? umlArc(c, w, h) : 0;
  if (!Number.isNaN(arc)) c.fig.path((arc > 0 ? roundedBox(new PathData(), 0, 0, w, h, arc) : polyline([[0, 0], [w, 0], [w, h], [0, h]], false)).close());
  if (w >= 60 && h >= 40) {
    c.fig.path(new PathData().moveTo(w - 60, h / 2 + 20).lineTo(w - 60, h / 2).lineTo(w - 20, h / 2).lineTo(w - 20, h / 2 + 20).moveTo(w - 40, h / 2 - 20).lineTo(w - 40, h / 2 + 20), 'stroke');
  }
};

/** An action: a box with corners of arcSize short of the right 10 px, a 10 x 20 pin on its right. */
const action: Painter = (c) => {
  const { w, h } = c;
  const arc = umlArc(c, w, h);
  if (!Number.isNaN(arc)) c.fig.path(roundedBox(new PathData(), 0, 0, w - 10, h, arc).close());
  c.fig.rect(w - 10, h / 2 - 10, 10, 20);
};

/** An action with parameters: a box with corners of arcSize from 20 px in, a 20 x 34 parameter set on its left with two 10 px pins. */
const actionParams: Painter = (c) => {
  const { w, h } = c;
  const arc = umlArc(c, w, h);
  if (!Number.isNaN(arc)) c.fig.path(roundedBox(new PathData(), 20, 0, w, h, arc).close());
  c.fig.rect(5, h / 2 - 17, 20, 34);
  c.fig.rect(0, h / 2 - 13, 10, 10);
  c.fig.rect(0, h / 2 + 3, 10, 10);
};

/** A DFD start: a stadium of radius half the shorter side, centred on the height. */
const start: Painter = (c) => {
  const { w, h } = c;
  const r = Math.min(h / 2, w / 2);
  const path = new PathData()
    .moveTo(w - r, h / 2 - r)
    .arcTo(r, r, 0, 0, 1, w, h / 2)
    .arcTo(r, r, 0, 0, 1, w - r, h / 2 + r)
    .lineTo(r, h / 2 + r)
    .arcTo(r, r, 0, 0, 1, 0, h / 2)
    .arcTo(r, r, 0, 0, 1, r, h / 2 - r)
    .close();
  c.fig.path(path);
};

/** An archive: a triangle pointing down, a line across it a fifth of the way down. */
const archive: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[0, 0], [w, 0], [w / 2, h]], true));
  c.fig.path(new PathData().moveTo(w * 0.1, h * 0.2).lineTo(w * 0.9, h * 0.2), 'stroke');
};

/** A check: a hexagon of points half the shorter side deep, its right point's chevron repeated inside. */
const check2: Painter = (c) => {
  const { w, h } = c;
  const s = Math.min(h / 2, w / 2);
  c.fig.path(polyline([[0, h / 2], [s, 0], [w - s, 0], [w, h / 2], [w - s, h], [s, h], [0, h / 2]], true));
  c.fig.path(polyline([[w - s, 0], [w - 2 * s, h / 2], [w - s, h]], false), 'stroke');
};

/** An external entity: a box with two corners cut 10 px, its top and left bands shaded black at half opacity. */
const externalEntity: Painter = (c) => {
  const { w, h } = c;
  const s = 10;
  const outline: Point[] = [[0, 0], [w - s, 0], [w, s], [w, h], [s, h], [0, h - s]];
  c.fig.path(polyline(outline, true));
  c.fig.path(polyline([[0, 0], [w - s, 0], [w, s], [s, s], [s, h], [0, h - s]], true), 'fill', { fill: '#000000', opacity: 0.5 });
  const lines = polyline(outline, true).moveTo(s, h).lineTo(s, s).lineTo(w, s).moveTo(0, 0).lineTo(s, s);
  c.fig.path(lines, 'stroke');
};

/** A loop: a box whose ends bulge out on arcs of radius 0.8 of the shorter side. */
const loop: Painter = (c) => {
  const { w, h } = c;
  const r = Math.min(h * 0.8, w * 0.8);
  c.fig.path(new PathData().moveTo(w - r / 4, 0).arcTo(r, r, 0, 0, 1, w - r / 4, h).lineTo(r / 4, h).arcTo(r, r, 0, 0, 1, r / 4, 0).close());
};

export const UML25_DFD_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.uml25.inputPin': inputPin,
  'mxgraph.uml25.behaviorAction': behaviorAction,
  'mxgraph.uml25.action': action,
  'mxgraph.uml25.actionParams': actionParams,
  'mxgraph.dfd.start': start,
  'mxgraph.dfd.archive': archive,
  'mxgraph.dfd.check2': check2,
  'mxgraph.dfd.externalEntity': externalEntity,
  'mxgraph.dfd.loop': loop,
};
