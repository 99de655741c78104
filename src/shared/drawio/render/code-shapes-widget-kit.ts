/**
 * What the UI widget libraries diagrams.net draws in code (bootstrap, iOS 7, Android, Material)
 * share: the canvas's alpha, the canvas's own text (11 px black unless set), a box of lines above
 * and below, a phone, a slider's line and handle, and a bar of named buttons stretched to its box.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { screenTurn } from './code-shape-context';
import { type Figure, fmt, PathData, type PenPaint, type TextPaint } from './code-shape-pen';
import { measuredWidth, spread } from './code-shapes-mockup-steps';
import { optionsOf } from './code-shapes-mockup-forms';
import { DEFAULT_FONT_FAMILY } from './label-look';

/** The paint of the canvas's setAlpha(a): the fill's and the stroke's opacity (the style's own) times a. */
export function withAlpha(c: ShapeContext, a: number): Partial<PenPaint> {
  return { fillOpacity: (c.fig.paint.fillOpacity ?? 1) * a, strokeOpacity: (c.fig.paint.strokeOpacity ?? 1) * a };
}

/**
 * Draws what `draw` draws in `paint` with the hard shadow diagrams.net's canvas casts once a shape
 * turns its shadow on itself (setShadow(true), whatever the style's shadow): a copy under it,
 * 2, 3 px off on the screen however the shape is turned, black at a quarter opacity where it is
 * filled or stroked.
 */
export function withHardShadow(c: ShapeContext, draw: (fig: Figure, paint: Partial<PenPaint>) => void, paint: Partial<PenPaint> = {}): void {
  const black = (color: string) => (color === 'none' ? 'none' : '#000000');
  const shadow = c.fig.inner({});
  draw(shadow, { ...paint, fill: black(paint.fill ?? c.fig.paint.fill), stroke: black(paint.stroke ?? c.fig.paint.stroke) });
  // The screen's offset (2, 3) in the figure's own frame: turned back, then flipped.
  const { turn, sx, sy } = screenTurn(c.style);
  const [cos, sin] = [Math.cos((turn * Math.PI) / 180), Math.sin((turn * Math.PI) / 180)];
  const [dx, dy] = [sx * (2 * cos + 3 * sin), sy * (-2 * sin + 3 * cos)];
  c.fig.raw(`<g transform="translate(${fmt(dx)} ${fmt(dy)})" opacity="0.25">${shadow.toString()}</g>`);
  draw(c.fig, paint);
}

/** Text as diagrams.net's canvas sets it when the shape sets nothing: 11 px, black, normal. */
export function canvasText(extra: Partial<TextPaint> = {}): TextPaint {
  return { size: 11, color: '#000000', family: DEFAULT_FONT_FAMILY, ...extra };
}

/** A filled box with lines along its top and bottom (bootstrap's and iOS 7's horLines). */
export const horLines: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h, 'fill');
  c.fig.path(new PathData().moveTo(0, 0).lineTo(c.w, 0).moveTo(0, c.h).lineTo(c.w, c.h), 'stroke');
};

/**
 * A phone seen from the front (iOS 7's and Android's): a body of 25 px corners, the screen, the
 * camera, the speaker, the home button and its square, all in fractions of the box.
 */
export const phone: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 0, w, h, 25);
  c.fig.rect(w * 0.0625, h * 0.15, w * 0.875, h * 0.7, 'stroke');
  c.fig.ellipse(w * 0.4875, h * 0.04125, w * 0.025, h * 0.0125, 'stroke');
  c.fig.roundRect(w * 0.375, h * 0.075, w * 0.25, h * 0.01875, [w * 0.02, h * 0.01], 'stroke');
  c.fig.ellipse(w * 0.4, h * 0.875, w * 0.2, h * 0.1, 'stroke');
  c.fig.roundRect(w * 0.4575, h * 0.905, w * 0.085, h * 0.04375, [h * 0.00625, h * 0.00625], 'stroke');
};

/** A fraction from a percentage key (`barPos`, `hPos`), kept within 0..1. */
export function fractionOf(c: ShapeContext, key: string, fallback: number): number {
  return Math.max(0, Math.min(1, c.num(key, fallback) / 100));
}

/**
 * A slider (iOS 7's slider, Material's slider2): a line across the middle in #bbbbbb, the part up
 * to barPos % (40) in the stroke, and a handle of handleSize (10) there, outlined in `handleStroke`.
 */
export function slider(c: ShapeContext, handleStroke: string): void {
  const { w, h } = c;
  const size = c.num('handleSize', 10);
  const at = fractionOf(c, 'barPos', 40) * w;
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(w, h / 2), 'stroke', { stroke: '#bbbbbb' });
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(at, h / 2), 'stroke');
  c.fig.ellipse(at - size / 2, h / 2 - size / 2, size, size, 'fillStroke', { stroke: handleStroke });
}

/**
 * A bar of named buttons (iOS 7's horizontal button bar, Android's tab bar): the names of `key`
 * ("+" marks the chosen one, the last so marked), each as wide as itself plus `offset` either
 * side, the whole stretched to the box (at least their width, and `minH` and 1.5 x size high):
 * its size, where each name's middle is, where each button starts and ends, and which is chosen.
 */
export function buttonBar(c: ShapeContext, text: string, size: number, offset: number, minH: number) {
  const { names, chosen } = optionsOf(text);
  const widths = names.map((name) => measuredWidth(name, size));
  const minW = widths.reduce((sum, width) => sum + width + 2 * offset, 0);
  const w = Math.max(c.w, minW);
  const h = Math.max(c.h, size * 1.5, minH);
  const { middles, starts } = spread(widths, c.w, offset);
  return { names, w, h, middles, starts, edges: [0, ...starts, w], selected: chosen.lastIndexOf(true) };
}
