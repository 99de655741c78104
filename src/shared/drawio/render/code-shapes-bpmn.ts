/**
 * BPMN shapes diagrams.net draws in code (mxBpmnShape2.js): events (`mxgraph.bpmn.shape`, and
 * its newer twin `mxgraph.bpmn.event`) as an outline ring and a symbol, gateways
 * (`mxgraph.bpmn.gateway2`, or `mxgraph.bpmn.shape` on a gateway background) as a rhombus with a
 * symbol, and tasks (`mxgraph.bpmn.task`) as a box with their markers.
 */
import { drawStencil, type Painter, type Rect, type ShapeContext } from './code-shape-context';
import { PathData, polyline, roundedBox, type PaintMode, type PenPaint, type Point } from './code-shape-pen';

/** Each event outline: the ring (dashed for non-interrupting), a second ring 2 px in, or a triple-width ring. */
const OUTLINES: Readonly<Record<string, { dashed?: boolean; inner?: 'ring' | 'throwing'; thick?: boolean }>> = {
  standard: {},
  eventInt: {},
  eventNonint: { dashed: true },
  catching: { inner: 'ring' },
  boundInt: { inner: 'ring' },
  boundNonint: { dashed: true, inner: 'ring' },
  throwing: { inner: 'throwing' },
  end: { thick: true },
};

/** What a symbol's drawing gets: its box, the paint (inverted on throwing and end events), and whether it is inverted. */
interface SymbolPen {
  readonly c: ShapeContext;
  readonly box: Rect;
  readonly paint: Partial<PenPaint>;
  readonly inverse: boolean;
  /** How a symbol that diagrams.net only fills when inverted is painted. */
  readonly solid: PaintMode;
}

/** A point of the symbol's box, given as fractions of it. */
const at = (box: Rect, [fx, fy]: Point): Point => [box.x + fx * box.w, box.y + fy * box.h];

function shape(pen: SymbolPen, points: readonly Point[], mode: PaintMode = 'fillStroke'): void {
  pen.c.fig.path(polyline(points.map((p) => at(pen.box, p)), true), mode, pen.paint);
}

/** Straight strokes, each from its first point through the rest. */
function strokes(pen: SymbolPen, lines: ReadonlyArray<readonly Point[]>, over: Partial<PenPaint> = pen.paint): void {
  const path = new PathData();
  for (const line of lines) line.forEach((p, n) => (n === 0 ? path.moveTo(...at(pen.box, p)) : path.lineTo(...at(pen.box, p))));
  pen.c.fig.path(path, 'stroke', over);
}

const CROSS: readonly Point[] = [[0.1051, 0], [0.5, 0.3738], [0.8909, 0], [1, 0.1054], [0.623, 0.5], [1, 0.8926], [0.8909, 1], [0.5, 0.6242], [0.1051, 1], [0, 0.8926], [0.373, 0.5], [0, 0.1054]];
const X_MARK: readonly Point[] = [[0.105, 0], [0.5, 0.38], [0.895, 0], [1, 0.11], [0.6172, 0.5], [1, 0.89], [0.895, 1], [0.5, 0.62], [0.105, 1], [0, 0.89], [0.3808, 0.5], [0, 0.11]];
const PLUS: readonly Point[] = [[0.38, 0], [0.62, 0], [0.62, 0.38], [1, 0.38], [1, 0.62], [0.62, 0.62], [0.62, 1], [0.38, 1], [0.38, 0.62], [0, 0.62], [0, 0.38], [0.38, 0.38]];
const ASTERISK: readonly Point[] = [
  [0, 0.44], [0.36, 0.44], [0.1, 0.18], [0.18, 0.1], [0.44, 0.36], [0.44, 0], [0.56, 0], [0.56, 0.36], [0.82, 0.1], [0.9, 0.18], [0.64, 0.44], [1, 0.44],
  [1, 0.56], [0.64, 0.56], [0.9, 0.82], [0.82, 0.9], [0.56, 0.64], [0.56, 1], [0.44, 1], [0.44, 0.64], [0.18, 0.9], [0.1, 0.82], [0.36, 0.56], [0, 0.56],
];
/** A clock face's twelve ticks, each from the rim inward. */
const TICKS: ReadonlyArray<readonly Point[]> = [
  [[0.5, 0], [0.5, 0.0642]], [[0.7484, 0.0654], [0.7126, 0.1281]], [[0.93, 0.2471], [0.8673, 0.2854]], [[1, 0.5], [0.9338, 0.5]],
  [[0.93, 0.7509], [0.8673, 0.7126]], [[0.7484, 0.9326], [0.7126, 0.8699]], [[0.5, 0.9338], [0.5, 1]], [[0.2496, 0.9325], [0.2854, 0.8699]],
  [[0.068, 0.7509], [0.1307, 0.7126]], [[0, 0.5], [0.0642, 0.5]], [[0.068, 0.2471], [0.1307, 0.2854]], [[0.2496, 0.0654], [0.2854, 0.1281]],
];

/** A gateway's mark: filled in the stroke colour (and stroked in the fill colour, on an event's gateway background). */
function gatewayMark(points: readonly Point[]): (pen: SymbolPen) => void {
  return (pen) => shape({ ...pen, paint: { fill: pen.paint.stroke ?? pen.c.stroke, stroke: pen.paint.fill ?? pen.c.fill } }, points);
}

/** Each symbol: where it sits in the event, as fractions of its box (x, y, w, h), and how it is drawn there. */
const SYMBOLS: Readonly<Record<string, { readonly box: readonly [number, number, number, number]; readonly draw: (pen: SymbolPen) => void }>> = {
  message: {
    box: [0.15, 0.3, 0.7, 0.4],
    draw: (pen) => {
      const { x, y, w, h } = pen.box;
      pen.c.fig.rect(x, y, w, h, 'fillStroke', pen.paint);
      // On an unfilled throwing event the envelope's flap is white, as diagrams.net draws it.
      strokes(pen, [[[0, 0], [0.5, 0.5], [1, 0]]], pen.inverse && pen.c.fill === 'none' ? { ...pen.paint, stroke: '#ffffff' } : pen.paint);
    },
  },
  timer: {
    box: [0.11, 0.11, 0.78, 0.78],
    draw: (pen) => {
      const { x, y, w, h } = pen.box;
      pen.c.fig.ellipse(x, y, w, h, 'fillStroke', pen.paint);
      strokes(pen, [...TICKS, [[0.5246, 0.0706], [0.5, 0.5], [0.7804, 0.5118]]]);
    },
  },
  escalation: { box: [0.19, 0.15, 0.62, 0.57], draw: (pen) => shape(pen, [[0, 1], [0.5, 0], [1, 1], [0.5, 0.5]], pen.solid) },
  conditional: {
    box: [0.3, 0.16, 0.4, 0.68],
    draw: (pen) => {
      const { x, y, w, h } = pen.box;
      pen.c.fig.rect(x, y, w, h, 'fillStroke', pen.paint);
      strokes(pen, [0.1027, 0.3669, 0.6311, 0.8953].map((fy) => [[0, fy], [0.798, fy]]));
    },
  },
  link: { box: [0.27, 0.33, 0.46, 0.34], draw: (pen) => shape(pen, [[0, 0.76], [0, 0.24], [0.63, 0.24], [0.63, 0], [1, 0.5], [0.63, 1], [0.63, 0.76]], pen.solid) },
  error: {
    box: [0.212, 0.243, 0.58, 0.507],
    draw: (pen) => shape(pen, [[0, 1], [0.3287, 0.123], [0.6194, 0.6342], [1, 0], [0.6625, 0.939], [0.3717, 0.5064]], pen.inverse ? 'fill' : 'fillStroke'),
  },
  cancel: { box: [0.22, 0.22, 0.56, 0.56], draw: (pen) => shape(pen, CROSS, pen.solid) },
  compensation: {
    box: [0.28, 0.35, 0.44, 0.3],
    draw: (pen) => {
      const triangle = (points: readonly Point[]) => polyline(points.map((p) => at(pen.box, p)), true);
      const [left, right] = [triangle([[0, 0.5], [0.5, 0], [0.5, 1]]), triangle([[0.5, 0.5], [1, 0], [1, 1]])];
      pen.c.fig.path(`${left} ${right}`, pen.solid, pen.paint);
    },
  },
  signal: { box: [0.19, 0.15, 0.62, 0.57], draw: (pen) => shape(pen, [[0, 1], [0.5, 0], [1, 1]], pen.solid) },
  multiple: { box: [0.2, 0.19, 0.6, 0.565], draw: (pen) => shape(pen, [[0, 0.39], [0.5, 0], [1, 0.39], [0.815, 1], [0.185, 1]], pen.solid) },
  parallelMultiple: { box: [0.2, 0.2, 0.6, 0.6], draw: (pen) => shape(pen, PLUS, pen.solid) },
  terminate: { box: [0.05, 0.05, 0.9, 0.9], draw: (pen) => pen.c.fig.ellipse(pen.box.x, pen.box.y, pen.box.w, pen.box.h, 'fillStroke', pen.paint) },
  exclusiveGw: { box: [0.12, 0, 0.76, 1], draw: gatewayMark(X_MARK) },
  parallelGw: { box: [0, 0, 1, 1], draw: gatewayMark(PLUS) },
  complexGw: { box: [0, 0, 1, 1], draw: gatewayMark(ASTERISK) },
  star: {
    // A star filled in the stroke colour, in the middle three fifths by two thirds of the box.
    box: [0.2, 1 / 6, 0.6, 2 / 3],
    draw: (pen) => {
      const star: Point[] = [[0, 0.25], [1 / 3, 0.25], [0.5, 0], [2 / 3, 0.25], [1, 0.25], [5 / 6, 0.5], [1, 0.75], [2 / 3, 0.75], [0.5, 1], [1 / 3, 0.75], [0, 0.75], [1 / 6, 0.5]];
      shape({ ...pen, paint: { fill: pen.c.stroke } }, star);
    },
  },
};

/** The symbols mxgraph.bpmn.event has: those of mxgraph.bpmn.shape less the gateway marks. */
const GATEWAY_SYMBOLS = new Set(['exclusiveGw', 'parallelGw', 'complexGw']);

/**
 * An event in `box`: its outline ring and its symbol, the symbol inverted (filled in the stroke
 * colour) on throwing and end events. `eventShape` for mxgraph.bpmn.event, whose inverted
 * symbols are filled only, and which has no gateway marks.
 */
function drawEvent(c: ShapeContext, box: Rect, outlineName: string, symbolName: string | undefined, eventShape: boolean): void {
  const { x, y, w, h } = box;
  const outline = OUTLINES[outlineName];
  if (outline) {
    const dash = outline.dashed ? `${3 * c.strokeWidth} ${3 * c.strokeWidth}` : undefined;
    c.fig.ellipse(x, y, w, h, 'fillStroke', { dash, strokeWidth: outline.thick ? c.strokeWidth * 3 : c.strokeWidth });
    const inset = 2;
    if (outline.inner === 'ring') c.fig.ellipse(x + inset, y + inset, w - 2 * inset, h - 2 * inset, 'stroke', { dash });
    if (outline.inner === 'throwing') c.fig.ellipse(x + w * 0.02 + inset, y + h * 0.02 + inset, w * 0.96 - 2 * inset, h * 0.96 - 2 * inset, 'stroke');
  }
  const symbol = symbolName !== undefined && Object.hasOwn(SYMBOLS, symbolName) && !(eventShape && GATEWAY_SYMBOLS.has(symbolName)) ? SYMBOLS[symbolName] : undefined;
  if (!symbol) return;
  const inverse = symbolName !== 'star' && (outlineName === 'throwing' || outlineName === 'end');
  const [fx, fy, fw, fh] = symbol.box;
  symbol.draw({
    c,
    box: { x: x + fx * w, y: y + fy * h, w: fw * w, h: fh * h },
    paint: inverse ? { fill: c.stroke, stroke: c.fill } : {},
    inverse,
    solid: inverse && eventShape ? 'fill' : 'fillStroke',
  });
}

/** A rhombus filling the box. */
function rhombus(c: ShapeContext): void {
  c.fig.path(polyline([[c.w / 2, 0], [c.w, c.h / 2], [c.w / 2, c.h], [0, c.h / 2]], true));
}

/** mxgraph.bpmn.shape: an event, or on `background=gateway` a rhombus with the event and its symbol in its middle half. */
const bpmnShape: Painter = (c) => {
  const onGateway = c.style.get('background') === 'gateway';
  if (onGateway) rhombus(c);
  const box = onGateway ? { x: c.w / 4, y: c.h / 4, w: c.w / 2, h: c.h / 2 } : { x: 0, y: 0, w: c.w, h: c.h };
  drawEvent(c, box, c.style.get('outline') ?? 'none', c.style.get('symbol'), false);
};

const bpmnEvent: Painter = (c) => drawEvent(c, { x: 0, y: 0, w: c.w, h: c.h }, c.style.get('outline') ?? 'none', c.style.get('symbol'), true);

/**
 * mxgraph.bpmn.gateway2: a rhombus with its type's mark filled in the stroke colour (an X for
 * exclusive, a plus for parallel, an asterisk for complex), or for an event-based gateway the
 * event's outline and symbol in its middle 60%.
 */
const bpmnGateway: Painter = (c) => {
  const { w, h } = c;
  rhombus(c);
  const type = c.style.get('gwType') ?? 'event';
  const outline = c.style.get('outline') ?? 'none';
  if (type === 'event' && outline !== 'none') {
    drawEvent(c, { x: w * 0.2, y: h * 0.2, w: w * 0.6, h: h * 0.6 }, outline, c.style.get('symbol') ?? 'standard', true);
    return;
  }
  const marks: Readonly<Record<string, { box: Rect; points: readonly Point[] }>> = {
    exclusive: { box: { x: w * 0.31, y: h * 0.25, w: w * 0.5 * 0.76, h: h * 0.5 }, points: X_MARK },
    parallel: { box: { x: w / 4, y: h / 4, w: w / 2, h: h / 2 }, points: PLUS },
    complex: { box: { x: w / 4, y: h / 4, w: w / 2, h: h / 2 }, points: ASTERISK },
  };
  const mark = Object.hasOwn(marks, type) ? marks[type] : undefined;
  if (mark) shape({ c, box: mark.box, paint: { fill: c.stroke }, inverse: false, solid: 'fillStroke' }, mark.points);
};

/** A task marker drawn from a stencil of diagrams.net's BPMN library, at its place in the task's top left corner. */
const TASK_MARKERS: Readonly<Record<string, { stencil: string; box: readonly [number, number, number, number] }>> = {
  service: { stencil: 'mxgraph.bpmn.service_task', box: [2, 2, 16, 16] },
  user: { stencil: 'mxgraph.bpmn.user_task', box: [2, 2, 16, 16] },
  manual: { stencil: 'mxgraph.bpmn.manual_task', box: [3, 3, 18, 14] },
  businessRule: { stencil: 'mxgraph.bpmn.business_rule_task', box: [4, 4, 18, 14] },
  script: { stencil: 'mxgraph.bpmn.script_task', box: [3, 3, 19, 18] },
};

/** The loop markers along a task's bottom, in diagrams.net's order, each 14 px apart and centred together. */
const LOOP_MARKERS = ['isLoopStandard', 'isLoopMultiParallel', 'isLoopMultiSeq', 'isLoopComp', 'isLoopSub', 'isAdHoc'] as const;

/** The loop markers drawn from a stencil, and where in their 14 px slot (x, y from the slot's top left, w, h). */
const LOOP_STENCILS: Readonly<Partial<Record<(typeof LOOP_MARKERS)[number], { stencil: string; box: readonly [number, number, number, number] }>>> = {
  isLoopStandard: { stencil: 'mxgraph.bpmn.loop', box: [1, 1, 12, 12] },
  isLoopComp: { stencil: 'mxgraph.bpmn.compensation', box: [0, 1, 14, 12] },
  isAdHoc: { stencil: 'mxgraph.bpmn.ad_hoc', box: [1, 4, 12, 6] },
};

/** The stencils a task draws inside itself: its marker's, then its loop markers'. */
export function bpmnTaskStencils(style: ReadonlyMap<string, string>): string[] {
  const marker = style.get('taskMarker') ?? 'abstract';
  const own = Object.hasOwn(TASK_MARKERS, marker) ? [TASK_MARKERS[marker].stencil] : [];
  return [...own, ...LOOP_MARKERS.filter((key) => style.get(key) === '1').flatMap((key) => LOOP_STENCILS[key]?.stencil ?? [])];
}

/** An envelope in a box: its outline and its flap down to the middle, in the figure's paint or `paint`. */
export function envelopeIn(c: ShapeContext, [x, y, w, h]: readonly [number, number, number, number], paint: Partial<PenPaint> = {}): void {
  c.fig.rect(x, y, w, h, 'fillStroke', paint);
  c.fig.path(new PathData().moveTo(x, y).lineTo(x + w / 2, y + h / 2).lineTo(x + w, y), 'stroke', paint);
}

/** A task's envelope, 18 x 13 at (4, 4): a send task's filled in the stroke colour, a receive task's outlined. */
function envelope(c: ShapeContext, filled: boolean): void {
  envelopeIn(c, [4, 4, 18, 13], filled ? { fill: c.stroke, stroke: c.fill } : {});
}

/** Three upright bars 12 px long, 2.4, 6 and 9.6 px right of `left` (a multi-instance or collection marker). */
export function parallelBars(path: PathData, left: number, top: number): PathData {
  for (const at of [2.4, 6, 9.6]) path.moveTo(left + at, top).lineTo(left + at, top + 12);
  return path;
}

/** The sub-process marker: a 14 px square with a plus in it, its top left at (x, top). */
export function subProcessMarker(c: ShapeContext, x: number, top: number): void {
  c.fig.rect(x, top, 14, 14, 'stroke');
  c.fig.path(new PathData().moveTo(x + 4, top + 7).lineTo(x + 10, top + 7).moveTo(x + 7, top + 4).lineTo(x + 7, top + 10), 'stroke');
}

/**
 * mxgraph.bpmn.task: a box (round corners `size` px with rectStyle=rounded) drawn double for a
 * transaction, dashed for a sub-process, 4 px thick for a call activity; its marker in the top
 * left corner, its loop markers centred along the bottom, and an event (outline, symbol) 20 x 20
 * in the top left corner.
 */
const bpmnTask: Painter = (c) => {
  const { w, h } = c;
  const type = c.style.get('bpmnShapeType') ?? 'task';
  const corner = c.style.get('rectStyle') === 'rounded' ? Math.min(c.num('size', 10), w / 2, h / 2) : 0;
  const indent = 3;
  const frame = (inset: number, r: number) => {
    const path = r > 0 ? roundedBox(new PathData(), inset, inset, w - inset, h - inset, r).close() : polyline([[inset, inset], [w - inset, inset], [w - inset, h - inset], [inset, h - inset]], true);
    return path;
  };
  const over: Partial<PenPaint> = type === 'subprocess' ? { dash: `${3 * c.strokeWidth} ${3 * c.strokeWidth}` } : type === 'call' ? { strokeWidth: 4 } : {};
  c.fig.path(frame(0, corner), 'fillStroke', over);
  if (type === 'transaction') c.fig.path(frame(indent, Math.max(0, corner - indent)), 'stroke');
  const bottom = 14 + (type === 'transaction' ? indent : 0);
  const shown = LOOP_MARKERS.filter((key) => c.style.get(key) === '1');
  let x = w / 2 - (14 * shown.length) / 2;
  for (const key of shown) {
    const top = h - bottom;
    const stencil = LOOP_STENCILS[key];
    // The ad hoc tilde is filled in the stroke colour.
    if (stencil) drawStencil(c, stencil.stencil, [x + stencil.box[0], top + stencil.box[1], stencil.box[2], stencil.box[3]], key === 'isAdHoc' ? { fill: c.stroke, stroke: 'none' } : {});
    if (key === 'isLoopMultiParallel') c.fig.path(parallelBars(new PathData(), x + 1, top + 1), 'stroke');
    if (key === 'isLoopMultiSeq') {
      const bars = new PathData();
      for (const at of [2.4, 6, 9.6]) bars.moveTo(x + 1, top + 1 + at).lineTo(x + 13, top + 1 + at);
      c.fig.path(bars, 'stroke');
    }
    if (key === 'isLoopSub') subProcessMarker(c, x, top);
    x += 14;
  }
  const marker = c.style.get('taskMarker') ?? 'abstract';
  if (marker === 'send' || marker === 'receive') envelope(c, marker === 'send');
  const stencil = Object.hasOwn(TASK_MARKERS, marker) ? TASK_MARKERS[marker] : undefined;
  if (stencil) drawStencil(c, stencil.stencil, stencil.box);
  drawEvent(c, { x: 0, y: 0, w: 20, h: 20 }, c.style.get('outline') ?? 'none', c.style.get('symbol') ?? 'standard', true);
};

export const BPMN_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.bpmn.shape': bpmnShape,
  'mxgraph.bpmn.event': bpmnEvent,
  'mxgraph.bpmn.gateway2': bpmnGateway,
  'mxgraph.bpmn.task': bpmnTask,
};
