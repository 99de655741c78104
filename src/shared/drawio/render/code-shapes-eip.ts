/**
 * Enterprise integration patterns diagrams.net draws in code (mxEip.js): the message expiration
 * clock, the return address card, and the channels, a pipe shaded grey top to bottom (whatever the
 * fill) with its open end at the right and what it carries in the middle.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData, polyline } from './code-shape-pen';
import { linearGradient, xmlAttr } from './stencil-figure';

/** Message expiration: a clock face outlined, its hands in grey. */
const messExp: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h, 'stroke');
  c.fig.path(new PathData().moveTo(w / 2, h * 0.1).lineTo(w / 2, h / 2).lineTo(w * 0.6, h * 0.8), 'stroke', { stroke: '#808080' });
};

/** Return address: a card with three address lines top left, three more 2 px thick below, and a grey stamp. */
const retAddr: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  const lines = new PathData();
  for (const y of [0.11, 0.18, 0.25]) lines.moveTo(w * 0.05, h * y).lineTo(w * 0.25, h * y);
  for (const y of [0.63, 0.72, 0.8]) lines.moveTo(w * 0.3, h * y).lineTo(w * 0.8, h * y);
  // diagrams.net sets the width before stroking the whole path: every line is 2 px, and the stamp too.
  c.fig.path(lines, 'stroke', { strokeWidth: 2 });
  c.fig.rect(w * 0.8, h * 0.1, w * 0.12, h * 0.19, 'fillStroke', { fill: '#EDEDED', strokeWidth: 2 });
};

/** A channel's pipe (20 px across, its ends on arcs of radius 12) and its open end, then what it carries. */
function channel(carried?: (c: ShapeContext, cx: number, cy: number) => void): Painter {
  return (c) => {
    const { w, h } = c;
    const cy = h / 2;
    c.fig.raw(linearGradient(c.gradientId, '#e6e6e6', '#808080', 'south'));
    c.fig.path(new PathData().moveTo(8, cy + 10).arcTo(12, 12, 0, 0, 1, 8, cy - 10).lineTo(w - 8, cy - 10).arcTo(12, 12, 0, 0, 1, w - 8, cy + 10).close(), 'fillStroke', { fill: `url(#${xmlAttr(c.gradientId)})` });
    c.fig.path(new PathData().moveTo(w - 8, cy - 10).arcTo(12, 12, 0, 0, 1, w - 8, cy + 10).arcTo(12, 12, 0, 0, 1, w - 8, cy - 10), 'fillStroke', { fill: '#e6e6e6' });
    carried?.(c, w / 2, cy);
  };
}

/** Datatype channel: 10 px yellow boxes every 20 px along the pipe, short of its open end. */
const dataBoxes = (c: ShapeContext, _cx: number, cy: number) => {
  for (let i = 1; i * 20 + 10 < c.w - 14; i++) c.fig.rect(i * 20, cy - 5, 10, 10, 'fillStroke', { fill: '#fffbc0', strokeWidth: 1 });
};

/** Dead letter channel: a red octagon (12 px) with a white bar across it. */
const noEntry = (c: ShapeContext, cx: number, cy: number) => {
  const octagon = polyline([[-6, -3], [-3, -6], [3, -6], [6, -3], [6, 3], [3, 6], [-3, 6], [-6, 3]].map(([x, y]) => [cx + x, cy + y] as const), true);
  c.fig.path(octagon, 'fillStroke', { fill: '#ff0000', strokeWidth: 1 });
  c.fig.path(new PathData().moveTo(cx - 4, cy).lineTo(cx + 4, cy), 'stroke', { stroke: '#ffffff', strokeWidth: 2 });
};

/** Invalid message channel: a yellow warning triangle (12 x 10) with its exclamation mark. */
const warning = (c: ShapeContext, cx: number, cy: number) => {
  c.fig.path(polyline([[cx - 6, cy + 5], [cx, cy - 5], [cx + 6, cy + 5]], true), 'fillStroke', { fill: '#ffe040', strokeWidth: 1 });
  c.fig.path(new PathData().moveTo(cx, cy - 2).lineTo(cx, cy + 2).moveTo(cx, cy + 3).lineTo(cx, cy + 4), 'stroke', { strokeWidth: 1 });
};

export const EIP_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.eip.messExp': messExp,
  'mxgraph.eip.retAddr': retAddr,
  'mxgraph.eip.anchor': () => undefined,
  'mxgraph.eip.messageChannel': channel(),
  'mxgraph.eip.dataChannel': channel(dataBoxes),
  'mxgraph.eip.deadLetterChannel': channel(noEntry),
  'mxgraph.eip.invalidMessageChannel': channel(warning),
};
