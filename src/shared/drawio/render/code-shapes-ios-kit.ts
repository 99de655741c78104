/**
 * What the iOS 6 mockup shapes (diagrams.net's mxMockupiOS.js) draw with: the shadings they set
 * between two colours (each its own gradient over the element it fills, as diagrams.net's SVG
 * canvas makes one), the text they set themselves, their pointed bubbles and the status bar's
 * signal and battery.
 */
import type { ShapeContext } from './code-shape-context';
import { PathData, type TextPaint } from './code-shape-pen';
import { DEFAULT_FONT_FAMILY } from './label-look';
import { xmlAttr } from './stencil-figure';

type Direction = 'south' | 'north';

const AXES: Readonly<Record<Direction, string>> = {
  south: 'x1="0" y1="0" x2="0" y2="1"',
  north: 'x1="0" y1="1" x2="0" y2="0"',
};

const shadings = new WeakMap<ShapeContext, Map<string, string>>();

/**
 * A fill shading from `from` to `to` (top to bottom, or bottom to top for north), each at its own
 * opacity, over the bounds of the element painted with it: its `url(#id)`, defined once a figure.
 */
export function shade(c: ShapeContext, from: string, to: string, direction: Direction = 'south', alphas: readonly [number, number] = [1, 1]): string {
  const known = shadings.get(c) ?? new Map<string, string>();
  shadings.set(c, known);
  const key = [from, to, direction, ...alphas].join('|');
  const found = known.get(key);
  if (found) return found;
  const id = `${c.gradientId}-ios${known.size}`;
  const stop = (offset: number, colour: string, alpha: number) =>
    `<stop offset="${offset}" stop-color="${xmlAttr(colour)}"${alpha < 1 ? ` stop-opacity="${alpha}"` : ''}/>`;
  c.fig.raw(`<defs><linearGradient id="${xmlAttr(id)}" ${AXES[direction]}>${stop(0, from, alphas[0])}${stop(1, to, alphas[1])}</linearGradient></defs>`);
  const url = `url(#${xmlAttr(id)})`;
  known.set(key, url);
  return url;
}

/** The canvas's alpha (setAlpha) on what an element fills and strokes. */
export const alpha = (a: number) => ({ fillOpacity: a, strokeOpacity: a });

/** The style's fontSize; unset, diagrams.net's default vertex style gives 12 (the shapes' own defaults are never reached). */
export const styleFontSize = (c: ShapeContext) => c.num('fontSize', 12);

/** Text the shape sets itself, centred on y (mxSvgCanvas2D.text, middle aligned), in diagrams.net's default font. */
export function say(c: ShapeContext, x: number, y: number, text: string | undefined, paint: Omit<TextPaint, 'family'>): void {
  if (text) c.fig.text(x, y, text, { family: DEFAULT_FONT_FAMILY, ...paint });
}

/** A style's comma-separated list (buttonText "a,b,c"): its items, or the fallback's. */
export const listOf = (c: ShapeContext, key: string, fallback: string) => (c.style.get(key) ?? fallback).split(',');

/** A 0..100 position (`barPos`, 80 unless set) as diagrams.net clamps it. */
export const barPos = (c: ShapeContext) => Math.max(0, Math.min(100, c.num('barPos', 80)));

/**
 * A box (from `left`, `width` wide, `boxH` high, corners of radius r) with a pointer 7.5 px deep
 * and 15 wide below it, its tip at x = `tip`: a copy bubble's, a location bar's, an option's.
 */
export function pointedBox(left: number, width: number, boxH: number, r: number, tip: number): PathData {
  const p = 7.5;
  const right = left + width;
  return new PathData()
    .moveTo(left, r).arcTo(r, r, 0, 0, 1, left + r, 0).lineTo(right - r, 0).arcTo(r, r, 0, 0, 1, right, r)
    .lineTo(right, boxH - r).arcTo(r, r, 0, 0, 1, right - r, boxH)
    .lineTo(tip + p, boxH).lineTo(tip, boxH + p).lineTo(tip - p, boxH)
    .lineTo(left + r, boxH).arcTo(r, r, 0, 0, 1, left, boxH - r).close();
}

/** A w x h bubble of 2.5 px corners, its pointer below (as pointedBox) or, with pointerPos=top, above. */
export function bubble(w: number, h: number, tip: number, below: boolean): PathData {
  const r = 2.5;
  const p = 7.5;
  if (below) return pointedBox(0, w, h - p, r, tip);
  return new PathData()
    .moveTo(0, r + p).arcTo(r, r, 0, 0, 1, r, p)
    .lineTo(tip - p, p).lineTo(tip, 0).lineTo(tip + p, p)
    .lineTo(w - r, p).arcTo(r, r, 0, 0, 1, w, r + p)
    .lineTo(w, h - r).arcTo(r, r, 0, 0, 1, w - r, h)
    .lineTo(r, h).arcTo(r, r, 0, 0, 1, 0, h - r).close();
}

/** What `draw` paints, at the canvas's alpha `a` as a whole (text the canvas sets at an alpha). */
export function translucent(c: ShapeContext, a: number, draw: () => void): void {
  c.fig.raw(`<g opacity="${a}">`);
  draw();
  c.fig.raw('</g>');
}

/** Where a bubble's tip is: `barPos` percent along the width between 10 px margins. */
export function bubbleTip(c: ShapeContext): number {
  const dead = 10;
  return dead + ((c.w - 2 * dead) * barPos(c)) / 100;
}

/** The status bar's six signal bars (at `strength`), rising left to right from x = 5, about the middle of h. */
export function signalBars(c: ShapeContext, h: number, fill: string, strength = 1): void {
  for (let i = 0; i < 6; i++) c.fig.rect(5 + 2 * i, h / 2 + 1.75 - i, 1.5, 2.5 + i, 'fill', { fill, ...alpha(strength) });
}

/** The battery's outline (15 x 6 with a 1.5 px tip) at the right end of a w x h bar. */
export function batteryOutline(w: number, h: number): PathData {
  const m = h / 2;
  return new PathData()
    .moveTo(w - 20, m - 3).lineTo(w - 5, m - 3).lineTo(w - 5, m - 1).lineTo(w - 3.5, m - 1)
    .lineTo(w - 3.5, m + 1).lineTo(w - 5, m + 1).lineTo(w - 5, m + 3).lineTo(w - 20, m + 3).close();
}

/** A battery full in `colour` (at `strength`): its charge (9 x 4) filled and its outline stroked. */
export function battery(c: ShapeContext, w: number, h: number, colour: string, strength = 1): void {
  c.fig.rect(w - 19, h / 2 - 2, 9, 4, 'fill', { fill: colour, ...alpha(strength) });
  c.fig.path(batteryOutline(w, h), 'stroke', { stroke: colour, ...alpha(strength) });
}
