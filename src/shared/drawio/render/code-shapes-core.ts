/**
 * mxGraph's and diagrams.net's general shapes not drawn elsewhere here (mxActor, Shapes.js): the
 * actor, isometric rectangle and cubes, the legacy cylinder, the switch, parallel marker, message,
 * UML destroy and required-interface marks, the associative entity, the crossbar, the `ext`
 * rectangle with its double frame, the invisible `transparent` box, and networks' bus. Each with the
 * geometry and defaults of diagrams.net's shape class.
 */
import { cornerPath, PathData } from './code-shape-pen';
import { polygonArc, type Painter } from './code-shape-context';
import { rectangle, rectangleRadius } from './code-shapes-basic';

const TAN30 = Math.tan(Math.PI / 6);
/** Shapes.js's tan30Dx: how far the isometric top's apex sits above a quarter of the side. */
const TAN30_DX = (0.5 - TAN30) / 2;

/** mxActor's default figure: a head (two curves meeting at the top) on round shoulders. */
const actor: Painter = ({ w, h, fig }) => {
  const r = w / 3;
  fig.path(
    new PathData()
      .moveTo(0, h)
      .curveTo(0, (3 * h) / 5, 0, (2 * h) / 5, w / 2, (2 * h) / 5)
      .curveTo(w / 2 - r, (2 * h) / 5, w / 2 - r, 0, w / 2, 0)
      .curveTo(w / 2 + r, 0, w / 2 + r, (2 * h) / 5, w / 2, (2 * h) / 5)
      .curveTo(w, (2 * h) / 5, w, (3 * h) / 5, w, h)
      .close(),
  );
};

/** An isometric rhombus m wide (the largest the box holds at 30 degrees), centred a quarter of m below the box's middle. */
const isoRectangle: Painter = ({ w, h, fig }) => {
  const m = Math.min(w, h / TAN30);
  const [x, y] = [(w - m) / 2, (h - m) / 2 + m / 4];
  fig.path(
    new PathData()
      .moveTo(x, y + 0.25 * m)
      .lineTo(x + 0.5 * m, y + m * TAN30_DX)
      .lineTo(x + m, y + 0.25 * m)
      .lineTo(x + 0.5 * m, y + (0.5 - TAN30_DX) * m)
      .lineTo(x, y + 0.25 * m)
      .close(),
  );
};

/** An isometric cube m across, centred: its hexagon filled, then the top's front edges and the front corner. */
const isoCube: Painter = ({ w, h, fig }) => {
  const m = Math.min(w, h / (0.5 + TAN30));
  const [x, y] = [(w - m) / 2, (h - m) / 2];
  const at = (px: number, py: number): [number, number] => [x + px * m, y + py * m];
  const outline = [at(0, 0.25), at(0.5, TAN30_DX), at(1, 0.25), at(1, 0.75), at(0.5, 1 - TAN30_DX), at(0, 0.75)];
  fig.path(cornerPath(outline, false, 0, true));
  const [left, front, right, bottom] = [at(0, 0.25), at(0.5, 0.5 - TAN30_DX), at(1, 0.25), at(0.5, 1 - TAN30_DX)];
  fig.path(new PathData().moveTo(...left).lineTo(...front).lineTo(...right).moveTo(...front).lineTo(...bottom), 'stroke');
};

/** The flexible isometric cube: its top `isoAngle` (0.01-94, in hundredths of a half turn) steep, at most half the height. */
const isoCube2: Painter = (c) => {
  const { w, h, fig } = c;
  const angle = (Math.max(0.01, Math.min(94, c.num('isoAngle', 15))) * Math.PI) / 200;
  const top = Math.min(w * Math.tan(angle), h * 0.5);
  fig.path(cornerPath([[w / 2, 0], [w, top], [w, h - top], [w / 2, h], [0, h - top], [0, top]], false, 0, true));
  fig.path(new PathData().moveTo(0, top).lineTo(w / 2, 2 * top).lineTo(w, top).moveTo(w / 2, 2 * top).lineTo(w / 2, h), 'stroke');
};

/** The legacy cylinder: elliptic ends `size` (15) deep, at most half the height; a rectangle at size 0. */
const cylinder2: Painter = (c) => {
  const { w, h, fig } = c;
  const size = Math.max(0, Math.min(h / 2, c.num('size', 15)));
  if (size === 0) {
    fig.rect(0, 0, w, h);
    return;
  }
  const rx = w / 2;
  fig.path(
    new PathData()
      .moveTo(0, size)
      .arcTo(rx, size, 0, 0, 1, w / 2, 0)
      .arcTo(rx, size, 0, 0, 1, w, size)
      .lineTo(w, h - size)
      .arcTo(rx, size, 0, 0, 1, w / 2, h)
      .arcTo(rx, size, 0, 0, 1, 0, h - size)
      .close(),
  );
  fig.path(new PathData().moveTo(w, size).arcTo(rx, size, 0, 0, 1, w / 2, 2 * size).arcTo(rx, size, 0, 0, 1, 0, size), 'stroke');
};

/** Four sides curving in to the middle, each a quadratic through its side's middle halfway in. */
const switchShape: Painter = ({ w, h, fig }) => {
  fig.path(
    new PathData()
      .moveTo(0, 0)
      .quadTo(w / 2, h / 2, w, 0)
      .quadTo(w / 2, h / 2, w, h)
      .quadTo(w / 2, h / 2, 0, h)
      .quadTo(w / 2, h / 2, 0, 0),
  );
};

/** Three bars a fifth of the width each, filled in the stroke's colour with a 1 px stroke. */
const parallelMarker: Painter = (c) => {
  const bar = c.w / 5;
  for (const x of [0, 2 * bar, 4 * bar]) c.fig.rect(x, 0, bar, c.h, 'fillStroke', { fill: c.stroke, strokeWidth: 1 });
};

/** An envelope: the box, and the flap from its top corners to its middle. */
const message: Painter = ({ w, h, fig }) => {
  fig.rect(0, 0, w, h);
  fig.path(new PathData().moveTo(0, 0).lineTo(w / 2, h / 2).lineTo(w, 0), 'stroke');
};

/** A cross corner to corner. */
const umlDestroy: Painter = ({ w, h, fig }) => {
  fig.path(new PathData().moveTo(w, 0).lineTo(0, h).moveTo(0, 0).lineTo(w, h), 'stroke');
};

/**
 * A required interface on its stem: a cup `size` (10) across opening upward, `inset` (2) plus the
 * stroke around it, and the stem from the cup's bottom down to the box's.
 */
const requires: Painter = (c) => {
  const { w, h, fig } = c;
  const size = c.num('size', 10);
  const inset = c.num('inset', 2) + c.strokeWidth;
  fig.path(new PathData().moveTo(w / 2, size + inset).lineTo(w / 2, h), 'stroke');
  fig.path(
    new PathData()
      .moveTo((w - size) / 2 - inset, size / 2)
      .quadTo((w - size) / 2 - inset, size + inset, w / 2, size + inset)
      .quadTo((w + size) / 2 + inset, size + inset, (w + size) / 2 + inset, size / 2),
    'stroke',
  );
};

/** The box with a rhombus corner to corner inside it (rounded with the style, as a polygon rounds). */
const associativeEntity: Painter = (c) => {
  const { w, h } = c;
  rectangle(c);
  c.fig.path(cornerPath([[w / 2, 0], [w, h / 2], [w / 2, h], [0, h / 2]], c.rounded, polygonArc(c), true), 'stroke');
};

/** Two uprights joined across the middle. */
const crossbar: Painter = ({ w, h, fig }) => {
  fig.path(new PathData().moveTo(0, 0).lineTo(0, h).moveTo(w, 0).lineTo(w, h).moveTo(0, h / 2).lineTo(w, h / 2), 'stroke');
};

/** The margin of `ext`'s inner frame with double=1: max(2, stroke + 1) plus the style's `margin`. */
export function extFrameMargin(style: ReadonlyMap<string, string>): number {
  const stroke = Number(style.get('strokeWidth') ?? 1);
  const margin = Number(style.get('margin') ?? 0);
  return Math.max(2, (Number.isFinite(stroke) ? stroke : 1) + 1) + (Number.isFinite(margin) ? margin : 0);
}

/** A rectangle; with double=1 a second one `extFrameMargin` inside it, rounded alike. */
const ext: Painter = (c) => {
  rectangle(c);
  if (c.style.get('double') !== '1') return;
  const margin = extFrameMargin(c.style);
  const [w, h] = [c.w - 2 * margin, c.h - 2 * margin];
  if (!(w > 0 && h > 0)) return;
  const r = rectangleRadius(c, w, h);
  if (r > 0) c.fig.roundRect(margin, margin, w, h, r);
  else c.fig.rect(margin, margin, w, h);
};

/** networks' bus: a bar 20 px high across the middle with round ends (arcs of radius 12), its right end's face white. */
const networksBus: Painter = ({ w, h, fig }) => {
  const [top, bottom] = [h / 2 - 10, h / 2 + 10];
  fig.path(new PathData().moveTo(8, bottom).arcTo(12, 12, 0, 0, 1, 8, top).lineTo(w - 8, top).arcTo(12, 12, 0, 0, 1, w - 8, bottom).close());
  fig.path(new PathData().moveTo(w - 8, top).arcTo(12, 12, 0, 0, 1, w - 8, bottom).arcTo(12, 12, 0, 0, 1, w - 8, top), 'fillStroke', { fill: '#ffffff' });
};

export const CORE_SHAPES: Readonly<Record<string, Painter>> = {
  actor,
  isoRectangle,
  isoCube,
  isoCube2,
  cylinder2,
  switch: switchShape,
  parallelMarker,
  message,
  umlDestroy,
  requires,
  associativeEntity,
  crossbar,
  ext,
  // A box of no fill and no stroke: only its label shows.
  transparent: () => undefined,
  'mxgraph.networks.bus': networksBus,
};
