/**
 * diagrams.net's P&ID valves drawn in code (shapes/pid2/mxPidValves.js): pid2valves.valve, its
 * body by `valveType` (gate by default: two triangles point to point, filled in the stroke colour
 * when `defState=closed`; ball, globe, plug, needle and self-draining gates with their mark in the
 * middle; butterfly and check valves between two uprights; angle, angle globe and three-way
 * valves) under its `actuator` (none by default, see code-shapes-pid2-actuators.ts), and the
 * integrated block and bleed valve (pid2valves.blockBleedValve). Lines meet round.
 */
import { PathData, polyline, type Figure } from './code-shape-pen';
import type { Painter, ShapeContext } from './code-shape-context';
import { actuatorOf, at, drawActuator, lines, type ActuatorRows, type Box } from './code-shapes-pid2-actuators';

/** What a valve's body is drawn with: the pen, the shape's context, and the box under the actuator. */
interface Body {
  readonly pen: Figure;
  readonly c: ShapeContext;
  readonly box: Box;
}

/** A closed polygon through points of the box given as fractions of it. */
function polygon(box: Box, points: ReadonlyArray<readonly [number, number]>): PathData {
  return polyline(points.map(([fx, fy]) => at(box, fx, fy)), true);
}

/** Closed polygons through points of the box, as one path. */
function polygons(box: Box, shapes: ReadonlyArray<ReadonlyArray<readonly [number, number]>>): string {
  return shapes.map((points) => String(polygon(box, points))).join(' ');
}

/** A box inside another, given as fractions of it. */
function inside(box: Box, fx: number, fy: number, fw: number, fh: number): Box {
  return { x: box.x + fx * box.w, y: box.y + fy * box.h, w: box.w * fw, h: box.h * fh };
}

/** The stroke colour as a fill, as diagrams.net fills a valve's solid marks. */
const solid = (c: ShapeContext) => ({ fill: c.stroke });

/** A gate: two triangles meeting point to point in the middle, solid when the valve's default state is closed. */
function gate({ pen, c, box }: Body): void {
  const closed = c.style.get('defState') === 'closed';
  pen.path(polygons(box, [[[0, 0], [0.5, 0.5], [0, 1]], [[1, 0], [0.5, 0.5], [1, 1]]]), 'fillStroke', closed ? solid(c) : {});
}

/** The round mark of a ball (in the fill) or globe (solid) valve. */
const ball =
  (filled: boolean) =>
  ({ pen, c, box }: Body): void => {
    const { x, y, w, h } = inside(box, 0.3, 0.18, 0.4, 0.64);
    pen.ellipse(x, y, w, h, 'fillStroke', filled ? solid(c) : {});
  };

/** A plug valve's rhombus. */
function plug({ pen, box }: Body): void {
  pen.path(polygon(inside(box, 0.4, 0.25, 0.2, 0.5), [[0, 0.5], [0.5, 0], [1, 0.5], [0.5, 1]]));
}

/** A needle valve's solid needle, point down. */
function needle({ pen, c, box }: Body): void {
  pen.path(polygon(inside(box, 0.45, 0.1, 0.1, 0.9), [[0, 0], [1, 0], [0.5, 1]]), 'fillStroke', solid(c));
}

/** A self-draining valve's drain: a line down from the middle to a small solid arrowhead. */
function drain({ pen, c, box }: Body): void {
  const mark = inside(box, 0.48, 0.5, 0.04, 0.49);
  pen.path(lines(mark, [[0.5, 0, 0.5, 0.96]]), 'stroke');
  pen.path(polygon(mark, [[0, 0.9], [1, 0.9], [0.5, 1]]), 'fillStroke', solid(c));
}

/** An angle valve's two triangles: one pointing left from the right side, one pointing up from the bottom. */
function angleTriangles({ pen, box }: Body): void {
  pen.path(polygons(box, [[[0.375, 0.375], [1, 0], [1, 0.75]], [[0.375, 0.375], [0.75, 1], [0, 1]]]));
}

/** An angle globe valve's round mark under its triangles. */
function angleGlobeUnder(body: Body): void {
  const { x, y, w, h } = inside(body.box, 0.175, 0.175, 0.4, 0.4);
  body.pen.ellipse(x, y, w, h);
  angleTriangles(body);
}

/** Its solid globe over them, placed in the whole shape (lower with an actuator). */
function angleGlobeOver({ pen, c }: Body): void {
  const [y, h] = actuatorOf(c) === 'none' ? [0.175, 0.4] : [0.45, 0.2667];
  pen.ellipse(c.w * 0.34, c.h * y, c.w * 0.32, c.h * h, 'fillStroke', solid(c));
}

function threeWay({ pen, box }: Body): void {
  pen.path(polygons(box, [[[0, 0], [0.5, 0.375], [0, 0.75]], [[1, 0], [0.5, 0.375], [1, 0.75]], [[0.5, 0.375], [0.8, 1], [0.2, 1]]]));
}

/** The uprights on either side and the diagonal between them, of butterfly and check valves. */
function uprights({ pen, box }: Body): void {
  pen.path(lines(box, [[0, 0, 0, 1], [1, 0, 1, 1], [0.05, 0.05, 0.95, 0.95]]), 'stroke');
}

function butterfly(body: Body): void {
  uprights(body);
  const { x, y, w, h } = inside(body.box, 0.4, 0.33, 0.2, 0.33);
  body.pen.ellipse(x, y, w, h);
}

function check(body: Body): void {
  uprights(body);
  body.pen.path(polygon(body.box, [[0.8925, 0.815], [0.957, 0.955], [0.85, 0.928]]), 'fillStroke', solid(body.c));
}

interface ValveBody {
  /** Angle variants: a shorter actuator, and the body in the right 80 % (angle, angle globe). */
  readonly angle?: boolean;
  /** What is drawn before the actuator's parts over it, and what after them. */
  readonly under: (body: Body) => void;
  readonly over?: (body: Body) => void;
  /** Whether diagrams.net draws the actuator's upper parts lower by the actuator's height (see drawActuator). */
  readonly movesActuator?: boolean;
}

/** A gate with a mark in its middle, drawn under the gate and again over it. */
function markedGate(mark: (body: Body) => void, over = mark): ValveBody {
  return {
    under: (body) => {
      mark(body);
      gate(body);
    },
    over,
  };
}

/** The bodies by `valveType`; an angle blowdown's body is empty, as diagrams.net draws it. */
const BODIES: Readonly<Record<string, ValveBody>> = {
  gate: { under: gate },
  ball: markedGate(ball(false)),
  globe: markedGate(ball(false), ball(true)),
  plug: markedGate(plug),
  needle: markedGate(needle),
  selfDrain: markedGate(drain),
  butterfly: { under: butterfly, movesActuator: true },
  check: { under: check, movesActuator: true },
  angle: { angle: true, under: angleTriangles },
  angleGlobe: { angle: true, under: angleGlobeUnder, over: angleGlobeOver },
  threeWay: { angle: true, under: threeWay },
  angBlow: { angle: true, under: () => undefined },
};

/** The boxes of a valve's actuators, for a valve `scale` px high. */
function valveRows(scale: number): ActuatorRows {
  return { wheel: [scale * 0.15, scale * 0.55], diaphragm: [scale * 0.1, scale * 0.6], tall: scale * 0.7, blowdown: [scale * 0.2, scale * 0.5] };
}

/**
 * A valve (pid2valves.valve): its actuator over its body, the body below the actuator's height
 * (0.4 of the height, a third for angle variants, whose actuator is drawn as for a valve 1/1.2 as high).
 */
const valve: Painter = (c) => {
  const type = c.style.get('valveType') ?? 'gate';
  const body = Object.hasOwn(BODIES, type) ? BODIES[type] : undefined;
  const angled = body?.angle === true;
  const actuatorHeight = actuatorOf(c) === 'none' ? 0 : c.h * (angled ? 0.3333 : 0.4);
  const rows = valveRows(angled ? c.h / 1.2 : c.h);
  const pen = c.fig.inner({ lineJoin: 'round' });
  const left = type === 'angle' || type === 'angleGlobe' ? 0.2 : 0;
  const drawing: Body = { pen, c, box: { x: c.w * left, y: actuatorHeight, w: c.w * (1 - left), h: c.h - actuatorHeight } };
  drawActuator(pen, c, rows, 'under');
  body?.under(drawing);
  drawActuator(pen, c, rows, 'over', body?.movesActuator ? actuatorHeight : 0);
  body?.over?.(drawing);
  c.fig.raw(String(pen));
};

/**
 * An integrated block and bleed valve (pid2valves.blockBleedValve): a gate in the top 46 % of its
 * body, a stem down from its middle to a solid triangle pointing down onto a solid open one; its
 * actuator 0.2353 of the height.
 */
const blockBleedValve: Painter = (c) => {
  const { w, h } = c;
  const actuatorHeight = actuatorOf(c) === 'none' ? 0 : h * 0.2353;
  const rows: ActuatorRows = { wheel: [h * 0.0882, h * 0.323], diaphragm: [h * 0.0588, h * 0.3524], tall: h * 0.4112 };
  const pen = c.fig.inner({ lineJoin: 'round' });
  const box: Box = { x: 0, y: actuatorHeight, w, h: h - actuatorHeight };
  drawActuator(pen, c, rows, 'under');
  pen.path(polygons(box, [[[0, 0], [0.5, 0.23], [0, 0.46]], [[0.5, 0.23], [1, 0], [1, 0.46]]]));
  pen.path(lines(box, [[0.5, 0.23, 0.5, 0.5]]), 'stroke');
  pen.path(polygon(box, [[0.3, 0.5], [0.7, 0.5], [0.5, 0.75]]), 'fillStroke', solid(c));
  pen.path(polyline([at(box, 0.3, 1), at(box, 0.5, 0.75), at(box, 0.7, 1)], false), 'fillStroke', solid(c));
  drawActuator(pen, c, rows, 'over');
  c.fig.raw(String(pen));
};

export const PID2_VALVE_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.pid2valves.valve': valve,
  'mxgraph.pid2valves.blockBleedValve': blockBleedValve,
};
