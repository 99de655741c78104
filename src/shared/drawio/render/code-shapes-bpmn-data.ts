/**
 * BPMN's data, conversation, pool and message marker as diagrams.net draws them in code
 * (mxBpmnShape2.js): a note with a transfer arrow and collection bars, a hexagon, a swimlane with
 * collection bars, and an envelope.
 */
import { styleFlag, type Painter, type ShapeContext } from './code-shape-context';
import { PathData, polyline } from './code-shape-pen';
import { envelopeIn, parallelBars, subProcessMarker } from './code-shapes-bpmn';
import { note } from './code-shapes-basic';
import { swimlane } from './code-shapes-containers';

/** Collection bars (three, 12 px) centred at the bottom. */
function collection(c: ShapeContext): void {
  if (styleFlag(c, 'isCollection')) c.fig.path(parallelBars(new PathData(), c.w / 2 - 6, c.h - 12), 'stroke');
}

/**
 * A data object: a note (its corner folded `size` px), a transfer arrow 14 x 12 at (3, 3) for
 * bpmnTransferType input (outlined) or output (filled in the stroke colour), and collection bars.
 */
const data: Painter = (c) => {
  note(c);
  const transfer = c.style.get('bpmnTransferType') ?? 'none';
  if (transfer === 'input' || transfer === 'output') {
    const [x, y, w, h] = [3, 3, 14, 12];
    const arrow = polyline(
      [[0, h * 0.3], [w * 0.55, h * 0.3], [w * 0.55, 0], [w, h / 2], [w * 0.55, h], [w * 0.55, h * 0.7], [0, h * 0.7]].map(([px, py]) => [x + px, y + py] as const),
      true,
    );
    if (transfer === 'input') c.fig.path(arrow, 'stroke');
    else c.fig.path(arrow, 'fillStroke', { fill: c.stroke });
  }
  collection(c);
};

/** A pool: diagrams.net's swimlane, and collection bars. */
const bpmnSwimlane: Painter = (c) => {
  swimlane(c);
  collection(c);
};

/** A conversation: a hexagon (its stroke 4 x as wide for a call), a sub-process marker at the bottom with isLoopSub. */
const conversation: Painter = (c) => {
  const { w, h } = c;
  const call = c.style.get('bpmnConversationType') === 'call';
  const hexagon = polyline([[0, h / 2], [w * 0.25, 0], [w * 0.75, 0], [w, h / 2], [w * 0.75, h], [w * 0.25, h]], true);
  c.fig.path(hexagon, 'fillStroke', call ? { strokeWidth: c.strokeWidth * 4 } : {});
  if (styleFlag(c, 'isLoopSub')) subProcessMarker(c, w / 2 - 7, h - 14);
};

export const BPMN_DATA_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.bpmn.sendMarker': (c) => envelopeIn(c, [0, 0, c.w, c.h]),
  'mxgraph.bpmn.data': data,
  'mxgraph.bpmn.swimlane': bpmnSwimlane,
  'mxgraph.bpmn.conversation': conversation,
};
