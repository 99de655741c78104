/**
 * The value stream mapping shapes of diagrams.net's mxLeanMap.js (the Lean Mapping palette): its
 * shipments, stocks, processes, kanbans, lanes and timelines, each with its geometry. Parts the
 * shape fills with its stroke colour (a truck's wheels, a kanban's arrowhead) take `strokeColor`.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { CANVAS_FONT, PathData, polyline, styleDashArray, type Point } from './code-shape-pen';

/** The shape's stroke colour, which these shapes fill their solid parts with (none for strokeColor=none). */
const ink = (c: ShapeContext) => c.stroke;

/**
 * The height of a process's or a lane's title band: 1.5 x the style's fontSize, at most the
 * height. mxLeanMap.js falls back to 8, but diagrams.net's default vertex style always gives 12.
 */
const titleBand = (c: ShapeContext) => Math.min(c.num('fontSize', 12) * 1.5, c.h);

/** A polygon through fractions of the box. */
function fractions(c: ShapeContext, points: readonly Point[]): Point[] {
  return points.map(([x, y]) => [c.w * x, c.h * y]);
}

/** Horizontal lines across the box at fractions of its height. */
function rules(c: ShapeContext, ys: readonly number[]): PathData {
  const path = new PathData();
  for (const y of ys) path.moveTo(0, c.h * y).lineTo(c.w, c.h * y);
  return path;
}

const boatShipment: Painter = (c) => {
  const hull = fractions(c, [[0.2, 1], [0, 0.8], [1, 0.8], [0.8, 1]]);
  const sail = polyline(fractions(c, [[0.15, 0.77], [0.5, 0], [0.85, 0.77]]), true);
  c.fig.path(`${sail} ${polyline(hull, true)}`);
};

/** A box with lines across it at fractions of its height. */
function ruledBox(ys: readonly number[]): Painter {
  return (c) => {
    c.fig.rect(0, 0, c.w, c.h);
    c.fig.path(rules(c, ys), 'stroke');
  };
}

/** A data box: open at the bottom, four lines across it. */
const dataBox: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[0, h], [0, 0], [w, 0], [w, h]], false));
  c.fig.path(rules(c, [0.2, 0.4, 0.6, 0.8]), 'stroke');
};

/** A factory (customer or supplier): a saw-tooth roof of three teeth. */
const outsideSources: Painter = (c) => {
  c.fig.path(polyline(fractions(c, [[0, 1], [0, 0.3], [0.33, 0.02], [0.33, 0.3], [0.67, 0.02], [0.67, 0.3], [1, 0.02], [1, 1]]), true));
};

/** A process: the box with its title band's line. */
const process: Painter = (c) => {
  const band = titleBand(c);
  c.fig.rect(0, 0, c.w, c.h);
  c.fig.path(new PathData().moveTo(0, band).lineTo(c.w, band), 'stroke');
};

/**
 * A shared process: a process hatched below its title band with lines down-left every 10 px
 * (along the sum of the sides), half the style's strokeWidth (2 unless set) thick.
 */
const sharedProcess: Painter = (c) => {
  const { w, h } = c;
  const band = titleBand(c);
  process(c);
  const hatch = new PathData();
  for (let start = 10; start - 10 < h + w; start += 10) {
    if (start <= band) continue;
    const startX = Math.max(0, start - h);
    if (startX < w) hatch.moveTo(startX, Math.min(start, h)).lineTo(Math.min(start - band, w), Math.max(start - w, band));
  }
  const strokeWidth = c.num('strokeWidth', 2) * 0.5;
  c.fig.path(hatch, 'stroke', { strokeWidth, dash: styleDashArray(c.style, strokeWidth) });
};

const workCell: Painter = (c) => {
  c.fig.path(polyline(fractions(c, [[0, 0], [1, 0], [1, 1], [0.65, 1], [0.65, 0.4], [0.35, 0.4], [0.35, 1], [0, 1]]), true));
};

/** An inventory triangle with an I in it. */
const inventoryBox: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[0, h], [w / 2, 0], [w, h]], true));
  c.fig.path(
    new PathData()
      .moveTo(w * 0.4, h * 0.45).lineTo(w * 0.6, h * 0.45)
      .moveTo(w * 0.5, h * 0.45).lineTo(w * 0.5, h * 0.85)
      .moveTo(w * 0.4, h * 0.85).lineTo(w * 0.6, h * 0.85),
    'stroke',
  );
};

/** A push arrow: the block arrow, and three bars and the head filled in the stroke colour. */
const pushArrow: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline(fractions(c, [[0, 0.17], [0.75, 0.17], [0.75, 0], [1, 0.5], [0.75, 1], [0.75, 0.83], [0, 0.83]]), true));
  const solid = { fill: ink(c) };
  for (const x of [0, 0.24, 0.48]) c.fig.rect(w * x, h * 0.17, w * 0.12, h * 0.66, 'fill', solid);
  c.fig.path(polyline(fractions(c, [[0.72, 0.17], [0.75, 0.17], [0.75, 0], [1, 0.5], [0.75, 1], [0.75, 0.83], [0.72, 0.83]]), true), 'fill', solid);
};

/** A supermarket: a box open on the left with two shelves. */
const supermarket: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(`${polyline([[0, 0], [w, 0], [w, h], [0, h]], false)} ${rules(c, [0.33, 0.67])}`);
};

/** A physical pull: most of a circle, and its arrowhead in the fill. */
const physicalPull: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(w * 0.732, h * 0.0736).arcTo(w * 0.4827, h * 0.4959, 0, 1, 0, w * 0.9553, h * 0.6191), 'stroke');
  c.fig.path(polyline(fractions(c, [[0.9071, 0.6191], [0.9794, 0.4951], [1, 0.6438]]), true));
};

/** A FIFO lane: its title band's line and the floor, a box, a circle and a triangle between them. */
const fifoLane: Painter = (c) => {
  const { w, h } = c;
  const band = titleBand(c);
  c.fig.path(new PathData().moveTo(0, band).lineTo(w, band).moveTo(0, h).lineTo(w, h), 'stroke');
  const top = band + 4;
  const tall = h - band - 8;
  c.fig.rect(w * 0.02, top, w * 0.26, tall);
  c.fig.ellipse(w * 0.35, top, w * 0.26, tall);
  c.fig.path(polyline([[w * 0.69, top], [w * 0.98, top], [w * 0.835, h - 4]], true));
};

/** A truck: the box and the cab, on two wheels filled in the stroke colour. */
const truckShipment: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w * 0.6, h * 0.8);
  c.fig.rect(w * 0.6, h * 0.35, w * 0.4, h * 0.45);
  for (const x of [0.15, 0.65]) c.fig.ellipse(w * x, h * 0.8, w * 0.2, h * 0.2, 'fillStroke', { fill: ink(c) });
};

const schedule: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
};

/** A FIFO sequence flow: the lane's two sides, the dashes before and after its word, and the arrowhead. */
const fifoSequenceFlow: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(
    new PathData().moveTo(0, 0).lineTo(w, 0).moveTo(0, h).lineTo(w, h).moveTo(w * 0.05, h / 2).lineTo(w * 0.15, h / 2).moveTo(w * 0.75, h / 2).lineTo(w * 0.88, h / 2),
    'stroke',
  );
  c.fig.path(polyline(fractions(c, [[0.88, 0.39], [0.98, 0.5], [0.88, 0.61]]), false), 'fillStroke', { fill: ink(c) });
};

/**
 * A kanban's dashed post: up the left from 10 px above the bottom to `top`, across to the right,
 * with its arrowhead at the bottom filled in the stroke colour (drawn after the card).
 */
function kanbanPost(c: ShapeContext, top: number, card: () => void): void {
  const { w, h } = c;
  const dash = styleDashArray(new Map([...c.style, ['dashed', '1']]), c.strokeWidth);
  c.fig.path(polyline([[4, h - 10], [4, top], [w, top]], false), 'stroke', { dash });
  card();
  c.fig.path(polyline([[0, h - 10], [4, h], [8, h - 10]], true), 'fillStroke', { fill: ink(c) });
}

/** A kanban card: 60 x 50 with its top right corner cut 15 px, 15 px in from the right. */
const kanbanCard = (c: ShapeContext) =>
  c.fig.path(polyline([[c.w - 75, 0], [c.w - 30, 0], [c.w - 15, 15], [c.w - 15, 50], [c.w - 75, 50]], true));

const productionKanban: Painter = (c) => kanbanPost(c, 25, () => kanbanCard(c));

/** A withdrawal kanban: the card hatched diagonally. */
const withdrawalKanban: Painter = (c) =>
  kanbanPost(c, 25, () => {
    kanbanCard(c);
    const r = c.w;
    const hatch: Array<[number, number, number, number]> = [
      [-75, 45, -70, 50], [-75, 35, -60, 50], [-75, 25, -50, 50], [-75, 15, -40, 50], [-75, 5, -30, 50],
      [-70, 0, -20, 50], [-60, 0, -15, 45], [-50, 0, -15, 35], [-40, 0, -15, 25],
    ];
    const path = new PathData();
    for (const [x1, y1, x2, y2] of hatch) path.moveTo(r + x1, y1).lineTo(r + x2, y2);
    c.fig.path(path, 'stroke');
  });

/** A signal kanban: a triangle hanging from a post 15 px down. */
const signalKanban: Painter = (c) =>
  kanbanPost(c, 15, () => c.fig.path(polyline([[c.w - 65, 0], [c.w - 25, 0], [c.w - 45, 45]], true)));

/** A batched kanban (at least 110 wide): a line across the middle with its arrowhead, under three stacked cards. */
const batchedKanban: Painter = (c) => {
  const w = Math.max(110, c.w);
  const mx = w / 2;
  const my = c.h / 2;
  c.fig.path(new PathData().moveTo(4, my).lineTo(w, my), 'stroke');
  for (const [dx, dy] of [[0, 0], [-10, 10], [-20, 20]]) {
    const x = mx + dx;
    const y = my + dy;
    c.fig.path(polyline([[x - 20, y - 35], [x + 25, y - 35], [x + 40, y - 20], [x + 40, y + 15], [x - 20, y + 15]], true));
  }
  c.fig.path(polyline([[w - 10, my - 4], [w, my], [w - 10, my + 4]], true), 'fillStroke', { fill: ink(c) });
};

/** A sequenced pull ball: a circle with a disc 0.7 its size in the stroke colour. */
const sequencedPullBall: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h);
  c.fig.ellipse(w * 0.15, h * 0.15, w * 0.7, h * 0.7, 'fillStroke', { fill: ink(c) });
};

/** A train: two wagons coupled on the rail, each on two wheels. */
const railShipment: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(w * 0.1, 0, w * 0.35, h * 0.8);
  c.fig.rect(w * 0.55, 0, w * 0.35, h * 0.8);
  c.fig.path(new PathData().moveTo(0, h).lineTo(w, h).moveTo(w * 0.45, h * 0.7).lineTo(w * 0.55, h * 0.7), 'stroke');
  for (const x of [0.15, 0.34, 0.6, 0.79]) c.fig.ellipse(w * x, h * 0.8, w * 0.06, h * 0.2);
};

/** A warehouse: the box, its roof line, and a door with its knob. */
const warehouse: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  c.fig.path(new PathData().moveTo(0, h * 0.4).lineTo(w, h * 0.4).moveTo(w * 0.15, h).lineTo(w * 0.15, h * 0.55).lineTo(w * 0.3, h * 0.55).lineTo(w * 0.3, h), 'stroke');
  c.fig.ellipse(w * 0.27, h * 0.75, w * 0.02, w * 0.02, 'stroke');
};

/**
 * A cross dock: the box, its roof line and one route in (mxLeanMap.js strokes four more routes
 * without beginning a new path, which diagrams.net's canvas then draws nowhere).
 */
const crossDock: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  c.fig.path(
    new PathData()
      .moveTo(0, h * 0.25).lineTo(w, h * 0.25)
      .moveTo(w * 0.1, h * 0.4).lineTo(w * 0.35, h * 0.4)
      .arcTo(w * 0.15, h * 0.15, 0, 0, 1, w * 0.5, h * 0.5)
      .arcTo(w * 0.15, h * 0.15, 0, 0, 0, w * 0.65, h * 0.6)
      .lineTo(w * 0.9, h * 0.6),
    'stroke',
  );
};

/** The lines of a stack of orders, as fractions of the box: from x1 to x2 at y. */
const ORDER_LINES: ReadonlyArray<readonly [number, number, number]> = [
  [0.04, 0.94, 0.5418], [0.0522, 0.9522, 0.5088], [0.05, 0.95, 0.4738], [0.0456, 0.9456, 0.4427], [0.0422, 0.9422, 0.4135],
  [0.0533, 0.9533, 0.3804], [0.0556, 0.9556, 0.3454], [0.05, 0.95, 0.3143], [0.0489, 0.0489, 0.2832], [0.0544, 0.9544, 0.254],
  [0.0489, 0.9489, 0.221], [0.0556, 0.9556, 0.1918], [0.0522, 0.9522, 0.1587], [0.0544, 0.9544, 0.1276], [0.0544, 0.9544, 0.0965],
  [0.0556, 0.9556, 0.0654], [0.0533, 0.9533, 0.0304], [0.0556, 0.9556, 0],
];

/** Orders: a tray (the bottom 44 %) under a stack of sheets, half the style's strokeWidth (2 unless set) thick. */
const orders: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, h * 0.56, w, h * 0.44);
  const path = new PathData();
  for (const [x1, x2, y] of ORDER_LINES) path.moveTo(w * x1, h * y).lineTo(w * x2, h * y);
  const strokeWidth = c.num('strokeWidth', 2) * 0.5;
  c.fig.path(path, 'stroke', { strokeWidth, dash: styleDashArray(c.style, strokeWidth) });
};

/** What a timeline says unless its `mainText` says otherwise: each step's length, then its name. */
const TIMELINE_STEPS = '20,Time 1,50,Time 2,30,Time 3,40,Time 4,30,Time 5,50,Time 6,20,Time 7';

/**
 * A timeline: a line stepping between the bottom and 1.5 x the fontSize (12 unless set) from the
 * top, each step as long as its share of `mainText`'s lengths, its name in the middle of it (on
 * the low steps near the bottom, on the high ones near the top), set in the canvas's own font
 * (CANVAS_FONT, black), since mxLeanMap.js sets none.
 */
const timeline: Painter = (c) => {
  const { w, h } = c;
  const parts = (c.style.get('mainText') ?? TIMELINE_STEPS).split(',');
  const steps: Array<{ length: number; name: string }> = [];
  for (let i = 0; i + 1 < parts.length; i += 2) steps.push({ length: parseFloat(parts[i]), name: parts[i + 1] });
  const fontSize = c.num('fontSize', 12);
  const scale = w / parts.filter((_, i) => i % 2 === 0).reduce((sum, part) => sum + parseFloat(part), 0);
  const high = fontSize * 1.5;
  const path = new PathData().moveTo(0, h);
  let x = 0;
  steps.forEach(({ length, name }, i) => {
    const step = length * scale;
    x += step;
    const low = i % 2 === 0;
    if (low) path.lineTo(x, h).lineTo(x, high);
    else path.lineTo(x, high).lineTo(x, h);
    c.fig.text(x - step / 2, low ? h - fontSize * 0.75 : fontSize * 0.75, name, { ...CANVAS_FONT, color: '#000000', anchor: 'middle' });
  });
  c.fig.path(path, 'stroke');
};

/**
 * The second timeline: a line from the left side through dx2..dx5 (px, 0 unless set) to the right
 * side, each point at the top when its dy (dy1..dy6, 0 unless set) is at most 0.5, else at the
 * bottom, stepping up or down where two points differ.
 */
const timeline2: Painter = (c) => {
  const { w, h } = c;
  const xs = [0, c.num('dx2', 0), c.num('dx3', 0), c.num('dx4', 0), c.num('dx5', 0), w];
  const ys = xs.map((_, i) => (c.num(`dy${i + 1}`, 0) <= 0.5 ? 0 : h));
  const path = new PathData().moveTo(0, ys[0]);
  for (let i = 1; i < xs.length; i++) {
    path.lineTo(xs[i], ys[i - 1]);
    if (ys[i] !== ys[i - 1]) path.lineTo(xs[i], ys[i]);
  }
  c.fig.path(path, 'stroke');
};

const controlCenter: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(w * 0.15, 0, w * 0.7, h * 0.8);
  c.fig.rect(0, h * 0.8, w, h * 0.2);
};

export const LEAN_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.lean_mapping.boat_shipment': boatShipment,
  'mxgraph.lean_mapping.buffer_or_safety_stock': ruledBox([0.34, 0.66]),
  'mxgraph.lean_mapping.data_box': dataBox,
  'mxgraph.lean_mapping.outside_sources': outsideSources,
  'mxgraph.lean_mapping.manufacturing_process': process,
  'mxgraph.lean_mapping.manufacturing_process_shared': sharedProcess,
  'mxgraph.lean_mapping.work_cell': workCell,
  'mxgraph.lean_mapping.inventory_box': inventoryBox,
  'mxgraph.lean_mapping.push_arrow': pushArrow,
  'mxgraph.lean_mapping.supermarket': supermarket,
  'mxgraph.lean_mapping.physical_pull': physicalPull,
  'mxgraph.lean_mapping.fifo_lane': fifoLane,
  'mxgraph.lean_mapping.truck_shipment': truckShipment,
  'mxgraph.lean_mapping.schedule': schedule,
  'mxgraph.lean_mapping.fifo_sequence_flow': fifoSequenceFlow,
  'mxgraph.lean_mapping.production_kanban': productionKanban,
  'mxgraph.lean_mapping.withdrawal_kanban': withdrawalKanban,
  'mxgraph.lean_mapping.signal_kanban': signalKanban,
  'mxgraph.lean_mapping.sequenced_pull_ball': sequencedPullBall,
  'mxgraph.lean_mapping.rail_shipment': railShipment,
  'mxgraph.lean_mapping.warehouse': warehouse,
  'mxgraph.lean_mapping.timeline': timeline,
  'mxgraph.lean_mapping.timeline2': timeline2,
  'mxgraph.lean_mapping.crossDock': crossDock,
  'mxgraph.lean_mapping.orders': orders,
  'mxgraph.lean_mapping.batched_kanban': batchedKanban,
  'mxgraph.lean_mapping.control_center': controlCenter,
};
