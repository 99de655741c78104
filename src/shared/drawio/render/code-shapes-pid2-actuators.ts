/**
 * The actuators diagrams.net draws on top of its P&ID valves (shapes/pid2/mxPidValves.js, the
 * `actuator` key of pid2valves.valve and pid2valves.blockBleedValve): a hand wheel, diaphragms, a
 * motor's circle, a spring, lettered boxes (pilot, solenoid, digital, weight, key), cylinders
 * acting once or twice, and the rest. Each sits in a box of its own over the valve's middle; the
 * valve says how high the boxes are (its ActuatorRows).
 */
import { CANVAS_FONT, PathData, polyline, type Figure, type Point } from './code-shape-pen';
import type { ShapeContext } from './code-shape-context';

/** A box in the shape's coordinates. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * How high the actuators' boxes are and where they start, in px: a hand wheel's (`wheel`), a
 * diaphragm's (`diaphragm`), the tall ones that reach from the top (`tall`), and an angle
 * blowdown's, where the valve draws one.
 */
export interface ActuatorRows {
  readonly wheel: readonly [top: number, height: number];
  readonly diaphragm: readonly [top: number, height: number];
  readonly tall: number;
  readonly blowdown?: readonly [top: number, height: number];
}

/** What an actuator is drawn with: the pen (lines meeting round), the shape's context, and its box. */
interface Drawing {
  readonly pen: Figure;
  readonly c: ShapeContext;
  readonly box: Box;
}

/** A point of the box, given as fractions of its width and height. */
export function at({ x, y, w, h }: Box, fx: number, fy: number): Point {
  return [x + fx * w, y + fy * h];
}

/** Straight lines across the box, each [x1, y1, x2, y2] in fractions of it. */
export function lines(box: Box, segments: ReadonlyArray<readonly [number, number, number, number]>): PathData {
  const path = new PathData();
  for (const [x1, y1, x2, y2] of segments) path.moveTo(...at(box, x1, y1)).lineTo(...at(box, x2, y2));
  return path;
}

/** A letter the canvas sets itself (no fontColor: the canvas's black), centred on a point of the box, its size a share of the box's smaller side. */
function letter({ pen, box }: Drawing, text: string, [fx, fy]: Point, share: number, bold: boolean): void {
  const [x, y] = at(box, fx, fy);
  pen.text(x, y, text, { family: CANVAS_FONT.family, size: Math.min(box.w, box.h) * share, color: '#000000', bold, anchor: 'middle' });
}

/** A hand wheel: a bar across the top on a stem. */
function wheel({ pen, box }: Drawing): void {
  pen.path(lines(box, [[0, 0, 1, 0], [0.5, 0, 0.5, 1]]), 'stroke');
}

/** A diaphragm: a dome (an elliptic arc closed by its chord) on a stem. */
function diaphragm({ pen, box }: Drawing): void {
  pen.path(lines(box, [[0.5, 0.2, 0.5, 1]]), 'stroke');
  const [x, y] = at(box, 0, 0.2);
  pen.path(new PathData().moveTo(x, y).arcTo(box.w * 0.6, box.h * 0.4, 0, 0, 1, ...at(box, 1, 0.2)).close());
}

/** A balanced diaphragm: a flat ellipse on a stem, a line across its middle drawn over it. */
function balancedDiaphragm({ pen, box }: Drawing): void {
  pen.ellipse(box.x, box.y, box.w, box.h * 0.3);
  pen.path(lines(box, [[0.5, 0.3, 0.5, 1]]), 'stroke');
}

function balancedDiaphragmOver({ pen, box }: Drawing): void {
  pen.path(lines(box, [[0, 0.15, 1, 0.15]]), 'stroke');
}

/**
 * A circle (a motor's M, an electro-hydraulic E/H) or a box (pilot P, solenoid S, digital D,
 * weight W, key K; a powered actuator's empty) in the top half, on a stem, with its letters.
 */
const lettered =
  (outline: 'circle' | 'box', text: string) =>
  (d: Drawing): void => {
    const { pen, box } = d;
    if (outline === 'circle') pen.ellipse(box.x, box.y, box.w, box.h * 0.5);
    else pen.rect(box.x, box.y, box.w, box.h * 0.5);
    pen.path(lines(box, [[0.5, 0.5, 0.5, 1]]), 'stroke');
    letter(d, text, [0.5, 0.25], 0.4, true);
  };

/** A spring: its stem crossed by four slanted lines, longer downwards. */
function spring({ pen, box }: Drawing): void {
  pen.path(lines(box, [[0.5, 0, 0.5, 1], [0.32, 0.16, 0.68, 0.08], [0.21, 0.32, 0.79, 0.2], [0.1, 0.52, 0.9, 0.36], [0, 0.72, 1, 0.5]]), 'stroke');
}

/** A solenoid with manual reset: the S box on a stem, and a small R rhombus on an arm to the right. */
function solenoidManualReset(d: Drawing): void {
  const { pen, box } = d;
  pen.rect(box.x, box.y, box.w * 0.61, box.h * 0.46);
  pen.path(polyline([at(box, 0.56, 0.6), at(box, 0.78, 0.5), at(box, 1, 0.6), at(box, 0.78, 0.7)], true));
  pen.path(lines(box, [[0.305, 0.46, 0.305, 1], [0.305, 0.6, 0.56, 0.6]]), 'stroke');
  letter(d, 'S', [0.305, 0.23], 0.4, true);
  letter(d, 'R', [0.78, 0.6], 0.15, false);
}

/** A cylinder: the box on a stem that every acting actuator has. */
function cylinder({ pen, box }: Drawing): void {
  pen.rect(box.x, box.y, box.w * 0.46, box.h * 0.46);
  pen.path(lines(box, [[0.23, 0.46, 0.23, 1]]), 'stroke');
}

/** A signal line from the cylinder at height `y`, with two slashes across it. */
function signal(y: number): ReadonlyArray<readonly [number, number, number, number]> {
  return [[0.46, y, 1, y], [0.77, y - 0.08, 0.69, y + 0.08], [0.82, y - 0.08, 0.74, y + 0.08]];
}

function singleActing(d: Drawing): void {
  cylinder(d);
  d.pen.path(lines(d.box, signal(0.23)), 'stroke');
}

function doubleActing(d: Drawing): void {
  cylinder(d);
  d.pen.path(lines(d.box, [...signal(0.115), ...signal(0.345)]), 'stroke');
}

/** A pilot cylinder: the cylinder, a line to a small P box on its right. */
function pilotCylinder(d: Drawing): void {
  const { pen, box } = d;
  cylinder(d);
  pen.path(lines(box, [[0.46, 0.23, 0.77, 0.23]]), 'stroke');
  pen.rect(...at(box, 0.77, 0.115), box.w * 0.23, box.h * 0.23);
  letter(d, 'P', [0.885, 0.23], 0.15, false);
}

/** The piston cross inside every acting actuator's cylinder, drawn over the rest. */
function piston({ pen, box }: Drawing): void {
  pen.path(lines(box, [[0.23, 0.23, 0.23, 0.46], [0, 0.23, 0.46, 0.23]]), 'stroke');
}

/** An angle blowdown's two slanted lines. */
function blowdown({ pen, box }: Drawing): void {
  pen.path(lines(box, [[0.34, 0, 1, 0.405], [0, 1, 0.665, 0.205]]), 'stroke');
}

interface Actuator {
  /** The box's left side and width, as fractions of the valve's width. */
  readonly across: readonly [left: number, width: number];
  readonly row: keyof ActuatorRows;
  /** What is drawn before the valve's body, and what after it. */
  readonly under: (d: Drawing) => void;
  readonly over?: (d: Drawing) => void;
}

const SQUARE = [0.325, 0.35] as const;
const HALF = [0.25, 0.5] as const;
const ACTING = [0.35, 0.65] as const;

/** diagrams.net's actuators by their `actuator` value; any other value (and `none`) draws none. */
const ACTUATORS: Readonly<Record<string, Actuator>> = {
  man: { across: HALF, row: 'wheel', under: wheel },
  diaph: { across: HALF, row: 'diaphragm', under: diaphragm },
  balDiaph: { across: HALF, row: 'diaphragm', under: balancedDiaphragm, over: balancedDiaphragmOver },
  motor: { across: SQUARE, row: 'tall', under: lettered('circle', 'M') },
  elHyd: { across: SQUARE, row: 'tall', under: lettered('circle', 'E/H') },
  spring: { across: [0.36, 0.28], row: 'tall', under: spring },
  pilot: { across: SQUARE, row: 'tall', under: lettered('box', 'P') },
  solenoid: { across: SQUARE, row: 'tall', under: lettered('box', 'S') },
  powered: { across: SQUARE, row: 'tall', under: lettered('box', '') },
  digital: { across: SQUARE, row: 'tall', under: lettered('box', 'D') },
  weight: { across: SQUARE, row: 'tall', under: lettered('box', 'W') },
  key: { across: SQUARE, row: 'tall', under: lettered('box', 'K') },
  solenoidManRes: { across: [0.325, 0.575], row: 'tall', under: solenoidManualReset },
  singActing: { across: ACTING, row: 'tall', under: singleActing, over: piston },
  dblActing: { across: ACTING, row: 'tall', under: doubleActing, over: piston },
  pilotCyl: { across: ACTING, row: 'tall', under: pilotCylinder, over: piston },
  angBlow: { across: [0.5, 0.4], row: 'blowdown', under: blowdown },
};

/** The `actuator` a valve's style names: none unless it says. */
export function actuatorOf(c: ShapeContext): string {
  return c.style.get('actuator') ?? 'none';
}

/**
 * Draws the part of the valve's actuator that goes under its body (`under`) or over it (`over`),
 * in the rows the valve gives, `down` px lower (diagrams.net's butterfly and check valves leave
 * their canvas moved down by the actuator's height before it draws the parts over them).
 */
export function drawActuator(pen: Figure, c: ShapeContext, rows: ActuatorRows, layer: 'under' | 'over', down = 0): void {
  const actuator = Object.hasOwn(ACTUATORS, actuatorOf(c)) ? ACTUATORS[actuatorOf(c)] : undefined;
  const draw = actuator?.[layer];
  const row = actuator && rows[actuator.row];
  if (!actuator || !draw || row === undefined) return;
  const [top, height] = typeof row === 'number' ? [0, row] : row;
  const [left, width] = actuator.across;
  draw({ pen, c, box: { x: c.w * left, y: top + down, w: c.w * width, h: height } });
}
