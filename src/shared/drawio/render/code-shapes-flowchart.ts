/**
 * More of diagrams.net's Shapes.js figures that its General, Flowchart and UML palettes insert:
 * data stores, folders, manual input, loop limits, off-page connectors, delays, displays, gates,
 * crosses, marked ellipses, lollipops and components, with their own geometry and defaults.
 */
import { clamp, fractionOrFixed, type Painter } from './code-shape-context';
import { PathData, polyline, roundedBox, type Point } from './code-shape-pen';
import { jettied, polygon, rectangle } from './code-shapes-basic';

/** An ellipse filling the box, with lines drawn over it. */
function markedEllipse(lines: (w: number, h: number) => PathData | undefined): Painter {
  return (c) => {
    c.fig.ellipse(0, 0, c.w, c.h);
    const over = lines(c.w, c.h);
    if (over) c.fig.path(over, 'stroke');
  };
}

/** A data store: a cylinder whose rim (h/8 plus the stroke, at most half) is drawn three times, each half a rim lower. */
const datastore: Painter = (c) => {
  const { w, h } = c;
  const dy = Math.min(h / 2, Math.round(h / 8) + c.strokeWidth - 1);
  c.fig.path(new PathData().moveTo(0, dy).curveTo(0, -dy / 3, w, -dy / 3, w, dy).lineTo(w, h - dy).curveTo(w, h + dy / 3, 0, h + dy / 3, 0, h - dy).close());
  const rims = new PathData();
  for (const shift of [0, dy / 2, dy]) rims.moveTo(0, dy + shift).curveTo(0, 2 * dy + shift, w, 2 * dy + shift, w, dy + shift);
  c.fig.path(rims, 'stroke');
};

/** A folder: its tab (tabWidth x tabHeight, 60 x 20) at the right unless tabPosition=left, over the box. */
const folder: Painter = (c) => {
  const { w, h } = c;
  let dx = clamp(c.num('tabWidth', 60), 0, w);
  const dy = clamp(c.num('tabHeight', 20), 0, h);
  let arc = c.num('arcSize', 0.1);
  if (c.style.get('absoluteArcSize') !== '1') arc = Math.min(w, h) * arc;
  arc = Math.min(arc, w / 2, (h - dy) / 2);
  dx = Math.min(w - arc, Math.max(dx, arc));
  if (!c.rounded) arc = 0;
  const tab: Point[] = c.style.get('tabPosition') === 'left' ? [[arc, dy], [arc, 0], [dx, 0], [dx, dy]] : [[w - dx, dy], [w - dx, 0], [w - arc, 0], [w - arc, dy]];
  const path = polyline(tab, false);
  if (arc > 0) roundedBox(path, 0, dy, w, h, arc);
  else path.moveTo(0, dy).lineTo(w, dy).lineTo(w, h).lineTo(0, h);
  c.fig.path(path.close());
};

const manualInput: Painter = (c) => {
  const s = Math.min(c.h, c.num('size', 30));
  polygon(c, [[0, c.h], [0, s], [c.w, 0], [c.w, c.h]]);
};

const loopLimit: Painter = (c) => {
  const { w, h } = c;
  const s = Math.min(w / 2, Math.min(h, c.num('size', 20)));
  polygon(c, [[s, 0], [w - s, 0], [w, s * 0.8], [w, h], [0, h], [0, s * 0.8]]);
};

const offPageConnector: Painter = (c) => {
  const { w, h } = c;
  const s = h * clamp(c.num('size', 3 / 8), 0, 1);
  polygon(c, [[0, 0], [w, 0], [w, h - s], [w / 2, h], [0, h - s]]);
};

/** A delay: a box whose right end is a half round (h/2 deep, at most the width). */
const delay: Painter = (c) => {
  const { w, h } = c;
  const dx = Math.min(w, h / 2);
  c.fig.path(new PathData().moveTo(0, 0).lineTo(w - dx, 0).quadTo(w, 0, w, h / 2).quadTo(w, h, w - dx, h).lineTo(0, h).close());
};

/** A display: pointed at the left (`size`, a quarter of the width), round at the right as a delay. */
const display: Painter = (c) => {
  const { w, h } = c;
  const dx = Math.min(w, h / 2);
  const s = Math.min(w - dx, Math.max(0, c.num('size', 0.25)) * w);
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(s, 0).lineTo(w - dx, 0).quadTo(w, 0, w, h / 2).quadTo(w, h, w - dx, h).lineTo(s, h).close());
};

/** Stored data: curved in at both ends by `size` (a tenth of the width, or px with fixedSize). */
const dataStorage: Painter = (c) => {
  const { w, h } = c;
  const s = fractionOrFixed(c, { fraction: 0.1, fixed: 20 }, { fraction: 1, fixed: w });
  c.fig.path(new PathData().moveTo(s, 0).lineTo(w, 0).quadTo(w - s * 2, h / 2, w, h).lineTo(s, h).quadTo(-s, h / 2, s, 0).close());
};

const or: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(0, 0).quadTo(w, 0, w, h / 2).quadTo(w, h, 0, h).close());
};

/** A cross (a plus sign), its arms `size` (a fifth) of the shorter side thick. */
const cross: Painter = (c) => {
  const { w, h } = c;
  const m = Math.min(w, h);
  const size = clamp(m * c.num('size', 0.2), 0, m);
  const [t, l] = [(h - size) / 2, (w - size) / 2];
  const [b, r] = [t + size, l + size];
  c.fig.path(polyline([[0, t], [l, t], [l, 0], [r, 0], [r, t], [w, t], [w, b], [r, b], [r, h], [l, h], [l, b], [0, b]], true));
};

/** Collate: two triangles meeting at the centre. */
const collate: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[0, 0], [w, 0], [w / 2, h / 2]], true));
  c.fig.path(polyline([[0, h], [w, h], [w / 2, h / 2]], true));
};

/** Sort: a rhombus with a line across its middle. */
const sortShape: Painter = (c) => {
  const { w, h } = c;
  polygon(c, [[w / 2, 0], [w, h / 2], [w / 2, h], [0, h / 2]]);
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(w, h / 2), 'stroke');
};

/** A plus: a rectangle with a cross inside, a fifth of the shorter side plus one in from the edges. */
const plus: Painter = (c) => {
  const { w, h } = c;
  rectangle(c);
  const border = Math.min(w / 5, h / 5) + 1;
  c.fig.path(new PathData().moveTo(w / 2, border).lineTo(w / 2, h - border).moveTo(border, h / 2).lineTo(w - border, h / 2), 'stroke');
};

/** A lollipop: a circle `size` (10) wide at the top, on a stick down the middle. */
const lollipop: Painter = (c) => {
  const size = c.num('size', 10);
  c.fig.ellipse((c.w - size) / 2, 0, size, size);
  c.fig.path(new PathData().moveTo(c.w / 2, size).lineTo(c.w / 2, c.h), 'stroke');
};

/** A provided and required interface: a ball (inset by `inset`, 2, plus the stroke) in a socket. */
const providedRequiredInterface: Painter = (c) => {
  const { w, h } = c;
  const inset = c.num('inset', 2) + c.strokeWidth;
  c.fig.ellipse(0, inset, w - 2 * inset, h - 2 * inset);
  c.fig.path(new PathData().moveTo(w / 2, 0).quadTo(w, 0, w, h / 2).quadTo(w, h, w / 2, h), 'stroke');
};

/** A corner: two arms (dx wide, dy high; 20 each) along the top and the left. */
const corner: Painter = (c) => {
  const { w, h } = c;
  const dx = clamp(c.num('dx', 20), 0, w);
  const dy = clamp(c.num('dy', 20), 0, h);
  polygon(c, [[0, 0], [w, 0], [w, dy], [dx, dy], [dx, h], [0, h]]);
};

/** A tee: a bar dy high across the top, a stem dx wide down the middle. */
const tee: Painter = (c) => {
  const { w, h } = c;
  const dx = clamp(c.num('dx', 20), 0, w);
  const dy = clamp(c.num('dy', 20), 0, h);
  polygon(c, [[0, 0], [w, 0], [w, dy], [(w + dx) / 2, dy], [(w + dx) / 2, h], [(w - dx) / 2, h], [(w - dx) / 2, dy], [0, dy]]);
};

/** The UML start state: a filled disc inset by 4 (at most a fifth), without the end state's ring. */
const startState: Painter = (c) => {
  const inset = Math.min(4, Math.min(c.w / 5, c.h / 5));
  c.fig.ellipse(inset, inset, c.w - 2 * inset, c.h - 2 * inset);
};

const SUM_INSET = 0.145;

export const FLOWCHART_SHAPES: Readonly<Record<string, Painter>> = {
  datastore,
  folder,
  manualInput,
  loopLimit,
  offPageConnector,
  delay,
  display,
  dataStorage,
  or,
  cross,
  collate,
  sortShape,
  plus,
  lollipop,
  providedRequiredInterface,
  corner,
  tee,
  startState,
  component: jettied({ width: 32, height: 12 }, (h, dy) => [0.3 * h - dy / 2, 0.7 * h - dy / 2]),
  tapeData: markedEllipse((w, h) => new PathData().moveTo(w / 2, h).lineTo(w, h)),
  orEllipse: markedEllipse((w, h) => new PathData().moveTo(0, h / 2).lineTo(w, h / 2).moveTo(w / 2, 0).lineTo(w / 2, h)),
  sumEllipse: markedEllipse((w, h) =>
    new PathData().moveTo(w * SUM_INSET, h * SUM_INSET).lineTo(w * (1 - SUM_INSET), h * (1 - SUM_INSET)).moveTo(w * (1 - SUM_INSET), h * SUM_INSET).lineTo(w * SUM_INSET, h * (1 - SUM_INSET)),
  ),
  lineEllipse: (c) =>
    markedEllipse((w, h) => (c.style.get('line') === 'vertical' ? new PathData().moveTo(w / 2, 0).lineTo(w / 2, h) : new PathData().moveTo(0, h / 2).lineTo(w, h / 2)))(c),
};
