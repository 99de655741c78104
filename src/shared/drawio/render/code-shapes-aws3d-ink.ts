/**
 * How diagrams.net's AWS 3D palette (mxAWS3D.js) draws its isometric icons: each icon is a list of
 * parts, a path laid out in the unit box (x a fraction of the width, y of the height, an arc's
 * radii likewise) with the ink diagrams.net paints it in. The ink is the shape's fill under a dark
 * rim, two black shades of the sides (the style's `shadingCols`, "0.1,0.3" by default, traded
 * sides under flipH), lines and marks in the stroke colour, and a few fixed colours. Every width is
 * the style's strokeWidth times the icon's scale against the size its lines were drawn for.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData, type PaintMode, type PenPaint } from './code-shape-pen';

/** A colour of an ink: the shape's fill or stroke, or a fixed colour. */
type Tint = 'fill' | 'stroke' | `#${string}`;

interface Ink {
  readonly mode: PaintMode;
  readonly fill?: Tint;
  readonly stroke?: Tint;
  /** The stroke width in units of the icon's scaled strokeWidth. */
  readonly width?: number;
  readonly join?: 'round';
  readonly cap?: 'round';
  /** A fixed opacity, or one of the two `shadingCols`. */
  readonly alpha?: number | 'shadeA' | 'shadeB';
}

/** The dark grey of every icon's rim. */
const RIM = '#292929';

export const INKS = {
  /** The icon's body: its fill under a rim twice the line's width. */
  body: { mode: 'fillStroke', fill: 'fill', stroke: RIM, width: 2, join: 'round' },
  /** The rim alone, drawn again over the shades. */
  rim: { mode: 'stroke', stroke: RIM, width: 2, join: 'round' },
  rimRoundEnds: { mode: 'stroke', stroke: RIM, width: 2, join: 'round', cap: 'round' },
  thickRim: { mode: 'stroke', stroke: RIM, width: 3, join: 'round', cap: 'round' },
  sharpRim: { mode: 'stroke', stroke: RIM, width: 2 },
  mediumRim: { mode: 'stroke', stroke: RIM, width: 1.6 },
  /** The shades of the two visible sides. */
  shadeA: { mode: 'fill', fill: '#000000', alpha: 'shadeA' },
  shadeB: { mode: 'fill', fill: '#000000', alpha: 'shadeB' },
  /** Fixed shades (the Oracle and RDS slave icons' badges). */
  lightShade: { mode: 'fill', fill: '#000000', alpha: 0.1 },
  darkShade: { mode: 'fill', fill: '#000000', alpha: 0.3 },
  /** Lines in the stroke colour. */
  line: { mode: 'stroke', stroke: 'stroke', width: 1, join: 'round' },
  sharpLine: { mode: 'stroke', stroke: 'stroke', width: 1 },
  roundLine: { mode: 'stroke', stroke: 'stroke', width: 1, join: 'round', cap: 'round' },
  wideRoundLine: { mode: 'stroke', stroke: 'stroke', width: 1.5, join: 'round', cap: 'round' },
  mediumLine: { mode: 'stroke', stroke: 'stroke', width: 1.6 },
  boldLine: { mode: 'stroke', stroke: 'stroke', width: 2, join: 'round' },
  boldRoundLine: { mode: 'stroke', stroke: 'stroke', width: 2, join: 'round', cap: 'round' },
  thickLine: { mode: 'stroke', stroke: 'stroke', width: 3, join: 'round', cap: 'round' },
  /** Marks filled in the stroke colour (a logo, a letter). */
  mark: { mode: 'fill', fill: 'stroke' },
  /** Lines and faces in the fill colour. */
  face: { mode: 'fill', fill: 'fill' },
  framedFace: { mode: 'fillStroke', fill: 'fill', stroke: 'stroke', width: 1 },
  fillLine: { mode: 'stroke', stroke: 'fill', width: 2 },
  wideFillLine: { mode: 'stroke', stroke: 'fill', width: 2.2 },
  thickFillLine: { mode: 'stroke', stroke: 'fill', width: 3 },
  /** Fixed colours: Oracle's red and white, the Lambda's grey. */
  red: { mode: 'fill', fill: '#ff0000' },
  white: { mode: 'fill', fill: '#ffffff' },
  whiteLine: { mode: 'stroke', stroke: '#ffffff', width: 0.5, join: 'round' },
  grey: { mode: 'fill', fill: '#5e5e5e' },
} satisfies Record<string, Ink>;

export type InkName = keyof typeof INKS;

/** One part of an icon: its ink and its path in the unit box (M, L, A and Z, numbers apart by spaces). */
export type Part = readonly [InkName, string];

type Command = readonly [letter: string, ...numbers: number[]];

const parsed = new Map<string, readonly Command[]>();

/** A unit-box path's commands, read once. */
function commandsOf(d: string): readonly Command[] {
  let commands = parsed.get(d);
  if (!commands) {
    const made: Array<[string, ...number[]]> = [];
    for (const token of d.match(/[MLAZ]|-?[\d.]+/g) ?? []) {
      if (/[MLAZ]/.test(token)) made.push([token]);
      else made[made.length - 1].push(Number(token));
    }
    commands = made;
    parsed.set(d, commands);
  }
  return commands;
}

/** A unit-box path laid out in a w x h box. */
export function unitPath(d: string, w: number, h: number): PathData {
  const path = new PathData();
  for (const [letter, ...n] of commandsOf(d)) {
    if (letter === 'M') path.moveTo(n[0] * w, n[1] * h);
    else if (letter === 'L') path.lineTo(n[0] * w, n[1] * h);
    else if (letter === 'A') path.arcTo(n[0] * w, n[1] * h, n[2], n[3] ? 1 : 0, n[4] ? 1 : 0, n[5] * w, n[6] * h);
    else path.close();
  }
  return path;
}

/** The opacity of the two shades: the style's `shadingCols`, traded under flipH; a value that is no number leaves the shade opaque, as the canvas does. */
function shadings(c: ShapeContext): { shadeA: number; shadeB: number } {
  const [first, second] = (c.style.get('shadingCols') ?? '0.1,0.3').split(',').map((value) => Number(value));
  const opaque = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? 1 : n);
  const flipped = c.style.get('flipH') === '1';
  return { shadeA: opaque(flipped ? second : first), shadeB: opaque(flipped ? first : second) };
}

function tintOf(c: ShapeContext, tint: Tint): string {
  if (tint === 'fill') return c.fill;
  if (tint === 'stroke') return c.stroke;
  return tint;
}

/** An isometric icon whose lines were drawn for a baseW x baseH box. */
export function isometricIcon(baseW: number, baseH: number, parts: readonly Part[]): Painter {
  return (c) => {
    const unit = c.strokeWidth * Math.min(c.w / baseW, c.h / baseH);
    const shades = shadings(c);
    for (const [name, d] of parts) {
      const ink: Ink = INKS[name];
      const over: { -readonly [K in keyof PenPaint]?: PenPaint[K] } = {};
      if (ink.fill) over.fill = tintOf(c, ink.fill);
      if (ink.stroke) over.stroke = tintOf(c, ink.stroke);
      if (ink.width !== undefined) over.strokeWidth = ink.width * unit;
      if (ink.join) over.lineJoin = ink.join;
      if (ink.cap) over.lineCap = ink.cap;
      if (ink.alpha !== undefined) {
        const alpha = typeof ink.alpha === 'number' ? ink.alpha : shades[ink.alpha];
        over.fillOpacity = alpha * (c.fig.paint.fillOpacity ?? 1);
      }
      c.fig.path(unitPath(d, c.w, c.h), ink.mode, over);
    }
  };
}
