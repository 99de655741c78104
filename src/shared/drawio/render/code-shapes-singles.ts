/**
 * Single shapes of diagrams.net's libraries drawn in code: GCP 2's double rectangle (mxGCP2.js),
 * the flowchart's second document (mxFlowchart.js), IBM's box with its type tag (mxIBM.js) and
 * AWS 4's second group (mxAWS4.js), with the geometry of their shape classes.
 */
import { PathData } from './code-shape-pen';
import { drawStencil, type Painter } from './code-shape-context';

/** Two boxes of 1 px corners 8 px shorter than the cell, the back one moved 8 px down and right. */
const doubleRect: Painter = ({ w, h, fig }) => {
  const [inner, outer] = [w - 8, h - 8];
  fig.roundRect(8, 8, inner, outer, 1);
  fig.roundRect(0, 0, inner, outer, 1);
};

/** A document with 5 px top corners whose wave, `size` (0.5) of the height deep, runs along the bottom. */
const document2: Painter = (c) => {
  const { w, h, fig } = c;
  const dy = h * Math.max(0, Math.min(1, c.num('size', 0.5)));
  const [fy, r] = [1.4, 5];
  fig.path(
    new PathData()
      .moveTo(w - r, 0)
      .arcTo(r, r, 0, 0, 1, w, r)
      .lineTo(w, h - dy / 2)
      .quadTo((w * 3) / 4, h - dy * fy, w / 2, h - dy / 2)
      .quadTo(w / 4, h - dy * (1 - fy), 0, h - dy / 2)
      .lineTo(0, dy / 2)
      .lineTo(0, r)
      .arcTo(r, r, 0, 0, 1, r, 0)
      .close(),
  );
};

/** IBM's types whose box carries a 25 px tag at its top left. */
const IBM_TAGS = new Set(['cloud', 'vpc', 'region', 'zone', 'subnet', 'public', 'enterprise', 'classic']);

/** The stencil of an IBM box's `prType` tag, or undefined when its type has none. */
export function ibmBoxTag(style: ReadonlyMap<string, string>): string | undefined {
  const type = style.get('prType') ?? '';
  return IBM_TAGS.has(type) ? `mxgraph.ibm.${type}tag` : undefined;
}

/** IBM's box: the rectangle, and its type's tag 25 px at the top left in the stroke's colour. */
const ibmBox: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  const tag = ibmBoxTag(c.style);
  if (tag) drawStencil(c, tag, [0, 0, 25, 25], { fill: c.stroke, stroke: 'none' });
};

/** AWS 4's second group: its box, a 25 px square in the stroke's colour at the top left, and its grIcon white in it, 10 % in. */
const awsGroup2: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  c.fig.rect(0, 0, 25, 25, 'fill', { fill: c.stroke });
  const icon = c.style.get('grIcon');
  if (icon) drawStencil(c, icon, [2.5, 2.5, 20, 20], { fill: '#ffffff', stroke: 'none' });
};

export const SINGLE_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.gcp2.doubleRect': doubleRect,
  'mxgraph.flowchart.document2': document2,
  'mxgraph.ibm.box': ibmBox,
  'mxgraph.aws4.group2': awsGroup2,
};
