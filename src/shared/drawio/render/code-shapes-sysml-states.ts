/**
 * SysML's state-machine, sequence and use-case shapes as diagrams.net draws them in code
 * (mxSysML.js), and its composite: a shape of diagrams.net's (`symbol0`) with further shapes
 * (`symbol1`, `symbol2`, ...) placed in it by their own size, alignment and spacing.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { fmt, PathData, stadium, styleDashArray } from './code-shape-pen';
import { rectangleRadius } from './code-shapes-basic';

const CORNER = 10;

/** An activity partition: its two sides. */
const actPart: Painter = (c) => {
  c.fig.path(new PathData().moveTo(0, 0).lineTo(0, c.h).moveTo(c.w, 0).lineTo(c.w, c.h), 'stroke');
};

/** A continuation: a stadium, round at the ends of its longer side. */
const cont: Painter = (c) => {
  c.fig.path(stadium(c.w, c.h));
};

/** A coregion: brackets 10 px deep (at most the height) across the top and the bottom. */
const coregion: Painter = (c) => {
  const { w, h } = c;
  const b = Math.min(10, h);
  c.fig.path(new PathData().moveTo(0, b).lineTo(0, 0).lineTo(w, 0).lineTo(w, b).moveTo(0, h - b).lineTo(0, h).lineTo(w, h).lineTo(w, h - b), 'stroke');
};

/** A dimension: a line 20 px down with arrow heads 10 px long at both ends, and the two sides from 15 px down. */
const dimension: Painter = (c) => {
  const { w, h } = c;
  const path = new PathData()
    .moveTo(0, 20).lineTo(w, 20)
    .moveTo(10, 15).lineTo(0, 20).lineTo(10, 25)
    .moveTo(w - 10, 15).lineTo(w, 20).lineTo(w - 10, 25)
    .moveTo(0, 15).lineTo(0, h)
    .moveTo(w, 15).lineTo(w, h);
  c.fig.path(path, 'stroke');
};

/** A composite state: a box of 10 px corners under a tab 110 x 20, 15 px in. */
const compState: Painter = (c) => {
  c.fig.roundRect(0, 20, c.w, c.h - 20, CORNER);
  c.fig.rect(15, 0, 110, 20);
};

/**
 * A region: a box of 10 px corners under a tab 50 x 20 (15 px in, its stroke twice the style's
 * whole strokeWidth), halved by a dashed line down its middle.
 */
const region: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 20, w, h - 20, CORNER);
  c.fig.rect(15, 0, 50, 20, 'fillStroke', { strokeWidth: parseInt(c.style.get('strokeWidth') ?? '1', 10) * 2 });
  const dash = styleDashArray(new Map([...c.style, ['dashed', '1'], ['fixDash', '0']]), c.strokeWidth);
  c.fig.path(new PathData().moveTo(w / 2, 20).lineTo(w / 2, h), 'stroke', { dash });
};

/** A state machine (and a submachine state): a box of 10 px corners short of the right 10 px, a bull's eye on its right side. */
const stateMachine: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 0, w - 10, h, CORNER);
  c.fig.ellipse(w - 20, h / 2 - 10, 20, 20, 'stroke');
  c.fig.ellipse(w - 17, h / 2 - 7, 14, 14, 'fillStroke', { fill: c.stroke });
};

/** An X from corner to corner. */
const cross: Painter = (c) => {
  c.fig.path(new PathData().moveTo(0, 0).lineTo(c.w, c.h).moveTo(0, c.h).lineTo(c.w, 0));
};

/** A use case with extension points: an ellipse, a line across it at 0.35 of its height. */
const useCaseExtPt: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h);
  c.fig.path(new PathData().moveTo(w * 0.02, h * 0.35).lineTo(w * 0.98, h * 0.35), 'stroke');
};

const DIRECTION_TURNS: Readonly<Record<string, number>> = { north: 270, west: 180, south: 90 };

/**
 * The composite: `symbol0` drawn over the whole box, then `symbol1`, `symbol2`, ... (until one
 * names no shape) undashed, each `symbolNWidth` x `symbolNHeight`, placed by its Align and
 * VerticalAlign with Spacing and VSpacing (plus ArcSpacing times the box's arc size) from the
 * side, and turned about its centre by its Direction in its own, unswapped box, as diagrams.net
 * does; none of them rounded, whatever the style says. `shapeOf` finds the painter of a shape name.
 */
export function sysmlComposite(shapeOf: (name: string) => Painter | undefined): Painter {
  // A composite inside itself would never end (diagrams.net's too): it draws nothing there.
  const symbol = (name: string) => (name === 'mxgraph.sysml.composite' ? undefined : shapeOf(name));
  return (c) => {
    const main = symbol(c.style.get('symbol0') ?? '');
    if (!main) return;
    // Its shapes are painted with its style but never applied to it: none is rounded (mxShape.isRounded stays false).
    main({ ...c, rounded: false });
    for (let n = 1; ; n++) {
      const painter = symbol(c.style.get(`symbol${n}`) ?? '');
      if (!painter) return;
      drawSymbol(c, painter, `symbol${n}`);
    }
  };
}

function drawSymbol(c: ShapeContext, painter: Painter, key: string): void {
  const { style } = c;
  const width = c.num(`${key}Width`, NaN);
  const height = c.num(`${key}Height`, NaN);
  if (!(width > 0) || !(height > 0)) return;
  let spacing = c.num(`${key}Spacing`, 0);
  let vspacing = c.num(`${key}VSpacing`, 0);
  if (style.has(`${key}ArcSpacing`)) {
    // mxShape.getArcSize of the box grown by the stroke, whether or not the style is rounded.
    const arc = rectangleRadius({ ...c, rounded: true }, c.w + c.strokeWidth, c.h + c.strokeWidth) * c.num(`${key}ArcSpacing`, 0);
    spacing += arc;
    vspacing += arc;
  }
  const align = style.get(`${key}Align`);
  const valign = style.get(`${key}VerticalAlign`);
  const x = align === 'center' ? (c.w - width) / 2 : align === 'right' ? c.w - width - spacing : spacing;
  const y = valign === 'middle' ? (c.h - height) / 2 : valign === 'bottom' ? c.h - height - vspacing : vspacing;
  const fig = c.fig.inner({ dash: undefined });
  painter({ ...c, rounded: false, w: width, h: height, fig });
  const turn = DIRECTION_TURNS[style.get(`${key}Direction`) ?? ''] ?? 0;
  const rotate = turn ? ` rotate(${turn} ${fmt(width / 2)} ${fmt(height / 2)})` : '';
  c.fig.raw(`<g transform="translate(${fmt(x)} ${fmt(y)})${rotate}">${fig}</g>`);
}

export const SYSML_STATE_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.sysml.actPart': actPart,
  'mxgraph.sysml.cont': cont,
  'mxgraph.sysml.coregion': coregion,
  'mxgraph.sysml.dimension': dimension,
  'mxgraph.sysml.compState': compState,
  'mxgraph.sysml.region': region,
  'mxgraph.sysml.simpleState': (c) => c.fig.roundRect(0, 0, c.w, c.h, CORNER),
  'mxgraph.sysml.stateMachine': stateMachine,
  'mxgraph.sysml.submState': stateMachine,
  'mxgraph.sysml.x': cross,
  'mxgraph.sysml.useCaseExtPt': useCaseExtPt,
};
