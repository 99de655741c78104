/**
 * The iOS 6 phone screens (mxMockupiOS.js's iCallButtons keypad, below, and iCallDialog): a black box of 5 px corners at
 * 80 %, ringed and split into six by #888888 lines (1.5 px), white glyphs (mute, keypad, speaker;
 * add, pause, contacts) with their names at 8.5 px, and a grey gloss over the top row at 40 %.
 */
import type { Painter } from './code-shape-context';
import { PathData } from './code-shape-pen';
import { ovalCornerBox } from './code-shapes-mockup-forms';
import { alpha, say, shade, translucent } from './code-shapes-ios-kit';
import { fractionPath } from './code-shapes-ios-map';

/** The glyphs in fractions of the box (see fractionPath): outlined in black, filled, or the speaker's waves (stroked white). */
const GLYPHS: ReadonlyArray<readonly ['outlined' | 'filled' | 'waves', string]> = [
  ['outlined', 'M 0.14 0.188 L 0.14 0.228 A 0.025 0.03 0 0 0 0.19 0.228 L 0.19 0.188 L 0.2 0.188 L 0.2 0.228 A 0.0367 0.044 0 0 1 0.17 0.27 L 0.17 0.296 L 0.195 0.296 L 0.195 0.308 L 0.1367 0.308 L 0.1367 0.296 L 0.16 0.296 L 0.16 0.27 A 0.0367 0.044 0 0 1 0.13 0.228 L 0.13 0.188 Z'],
  ['outlined', 'M 0.1033 0.108 L 0.24 0.286 L 0.2317 0.298 L 0.095 0.12 Z'],
  ['filled', 'M 0.44 0.128 L 0.473 0.128 L 0.473 0.168 L 0.44 0.168 Z'],
  ['filled', 'M 0.485 0.128 L 0.518 0.128 L 0.518 0.168 L 0.485 0.168 Z'],
  ['filled', 'M 0.53 0.128 L 0.563 0.128 L 0.563 0.168 L 0.53 0.168 Z'],
  ['filled', 'M 0.44 0.186 L 0.473 0.186 L 0.473 0.226 L 0.44 0.226 Z'],
  ['filled', 'M 0.485 0.186 L 0.518 0.186 L 0.518 0.226 L 0.485 0.226 Z'],
  ['filled', 'M 0.53 0.186 L 0.563 0.186 L 0.563 0.226 L 0.53 0.226 Z'],
  ['filled', 'M 0.44 0.244 L 0.473 0.244 L 0.473 0.284 L 0.44 0.284 Z'],
  ['filled', 'M 0.485 0.244 L 0.518 0.244 L 0.518 0.284 L 0.485 0.284 Z'],
  ['filled', 'M 0.53 0.244 L 0.563 0.244 L 0.563 0.284 L 0.53 0.284 Z'],
  ['filled', 'M 0.7567 0.18 L 0.785 0.18 L 0.825 0.128 L 0.825 0.28 L 0.79 0.234 L 0.7567 0.234 Z'],
  ['waves', 'M 0.8383 0.16 A 0.0533 0.064 0 0 1 0.8383 0.252 M 0.8583 0.134 A 0.0817 0.098 0 0 1 0.8583 0.276 M 0.8767 0.11 A 0.1133 0.136 0 0 1 0.8767 0.304'],
  ['filled', 'M 0.1467 0.62 L 0.1833 0.62 L 0.1833 0.676 L 0.2267 0.676 L 0.2267 0.724 L 0.1833 0.724 L 0.1833 0.78 L 0.1467 0.78 L 0.1467 0.724 L 0.105 0.724 L 0.105 0.676 L 0.1467 0.676 Z'],
  ['filled', 'M 0.4517 0.624 L 0.485 0.624 L 0.485 0.776 L 0.4517 0.776 Z'],
  ['filled', 'M 0.5183 0.624 L 0.5516 0.624 L 0.5516 0.776 L 0.5183 0.776 Z'],
  ['filled', 'M 0.76 0.752 A 0.1 0.12 0 0 1 0.8033 0.728 A 0.0167 0.02 0 0 0 0.8167 0.712 L 0.8175 0.7 A 0.0267 0.06 0 0 1 0.8067 0.644 A 0.0287 0.0344 0 0 1 0.8633 0.644 A 0.0267 0.06 0 0 1 0.855 0.7 A 0.05 0.724 0 0 1 0.8633 0.724 A 0.1667 0.75 0 0 1 0.9083 0.75 L 0.9083 0.78 L 0.76 0.78 Z'],
];

const NAMES: ReadonlyArray<readonly [number, number, string]> = [
  [0.1667, 0.35, 'mute'], [0.5, 0.35, 'keypad'], [0.8333, 0.35, 'speaker'],
  [0.1667, 0.85, 'add'], [0.5, 0.85, 'pause'], [0.8333, 0.85, 'contacts'],
];

const callDialog: Painter = (c) => {
  const { w, h } = c;
  const r = 5;
  const dim = alpha(0.8);
  const grey = { stroke: '#888888', strokeWidth: 1.5, ...dim };
  c.fig.roundRect(0, 0, w, h, r, 'fillStroke', { ...grey, fill: '#000000' });
  c.fig.path(new PathData().moveTo(w * 0.33, 0).lineTo(w * 0.33, h).moveTo(w * 0.67, 0).lineTo(w * 0.67, h).moveTo(0, h / 2).lineTo(w, h / 2), 'stroke', grey);
  const white = { fill: '#ffffff', stroke: '#000000', strokeWidth: 0.5, ...dim };
  c.fig.path(ovalCornerBox(w * 0.1433, h * 0.104, w * 0.0417, h * 0.148, w * 0.02, h * 0.024), 'fill', white);
  for (const [kind, glyph] of GLYPHS) {
    const path = fractionPath(glyph, 0, 0, w, h);
    if (kind === 'outlined') c.fig.path(path, 'fillStroke', white);
    else if (kind === 'filled') c.fig.path(path, 'fill', white);
    else c.fig.path(path, 'stroke', { ...white, stroke: '#ffffff', strokeWidth: 1.5 });
  }
  translucent(c, 0.8, () => {
    for (const [x, y, name] of NAMES) say(c, w * x, h * y, name, { size: 8.5, color: '#ffffff', anchor: 'middle' });
  });
  const top = h * 0.308;
  const gloss = new PathData().moveTo(0, top).lineTo(0, r).arcTo(r, r, 0, 0, 1, r, 0).lineTo(w - r, 0).arcTo(r, r, 0, 0, 1, w, r).lineTo(w, top).arcTo(w * 1.5, h * 1.8, 0, 0, 1, 0, top).close();
  c.fig.path(gloss, 'fill', { fill: shade(c, '#808080', '#ffffff', 'north'), ...alpha(0.4) });
};

/** The keypad's digits (bold, 15.5 px; the star 27.5 px) and letters (8 px, #bbbbbb): x, y in fractions, text. */
const DIGITS: ReadonlyArray<readonly [number, number, string]> = [
  [0.5, 0.0834, '(123) 456-7890'],
  [0.1667, 0.22, '1'], [0.5, 0.22, '2'], [0.8333, 0.22, '3'],
  // diagrams.net numbers the second row 3, 4, 5 and the third 6, 7, 8.
  [0.1667, 0.3867, '3'], [0.5, 0.3867, '4'], [0.8333, 0.3867, '5'],
  [0.1667, 0.5534, '6'], [0.5, 0.5534, '7'], [0.8333, 0.5534, '8'],
  [0.5, 0.72, '0'], [0.8333, 0.75, '#'],
];
const LETTERS: ReadonlyArray<readonly [number, number, string]> = [
  [0.5, 0.28, 'ABC'], [0.8333, 0.28, 'DEF'], [0.1667, 0.4467, 'GHI'], [0.5, 0.4467, 'JKL'], [0.8333, 0.4467, 'MNO'],
  [0.1667, 0.6134, 'PQRS'], [0.5, 0.6134, 'TUV'], [0.8333, 0.6134, 'WXYZ'], [0.5, 0.78, '+'],
];
const CONTACT = 'M 0.1028 0.9464 A 0.0862 0.0652 0 0 1 0.1402 0.9333 A 0.0144 0.0109 0 0 0 0.1517 0.9246 L 0.1524 0.9181 A 0.023 0.0326 0 0 1 0.143 0.8877 A 0.0247 0.0187 0 0 1 0.1919 0.8877 A 0.023 0.0326 0 0 1 0.1847 0.9181 A 0.0431 0.0174 0 0 0 0.1919 0.9311 A 0.1437 0.1087 0 0 1 0.2307 0.9453 L 0.2307 0.9616 L 0.1028 0.9616 Z';

/**
 * The phone keypad: shaded #4F5B6B up to #0F1B2B, outlined and split in #008cff (a number row
 * over a 3 x 5 grid), white digits and grey letters, a green Call key, a contact and a delete key.
 */
const callButtons: Painter = (c) => {
  const { w, h } = c;
  const blue = { stroke: '#008cff', strokeWidth: 0.5 };
  c.fig.rect(0, 0, w, h, 'fillStroke', { ...blue, fill: shade(c, '#0F1B2B', '#4F5B6B', 'north') });
  const grid = new PathData();
  for (const y of [0.1667, 0.3333, 0.5, 0.6667, 0.8333]) grid.moveTo(0, h * y).lineTo(w, h * y);
  for (const x of [0.3333, 0.6667]) grid.moveTo(w * x, h * 0.1667).lineTo(w * x, h);
  c.fig.path(grid, 'stroke', blue);
  const digit = { size: 15.5, color: '#ffffff', bold: true, anchor: 'middle' as const };
  for (const [x, y, text] of DIGITS) say(c, w * x, h * y, text, digit);
  say(c, w * 0.1667, h * 0.76, '*', { ...digit, size: 27.5 });
  c.fig.rect(w * 0.3333, h * 0.8333, w * 0.3333, h * 0.1667, 'fillStroke', { ...blue, fill: shade(c, '#E2FFEB', '#008215') });
  say(c, w * 0.5, h * 0.9168, 'Call', digit);
  for (const [x, y, text] of LETTERS) say(c, w * x, h * y, text, { size: 8, color: '#bbbbbb', anchor: 'middle' });
  c.fig.path(fractionPath(CONTACT, 0, 0, w, h), 'fill', { fill: '#ffffff' });
  c.fig.raw('<g stroke-linejoin="round">');
  const key = new PathData().moveTo(w * 0.79, h * 0.89).lineTo(w * 0.9, h * 0.89).lineTo(w * 0.9, h * 0.95).lineTo(w * 0.79, h * 0.95).lineTo(w * 0.76, h * 0.92).close();
  c.fig.path(key, 'fillStroke', { fill: '#ffffff', stroke: '#ffffff', strokeWidth: 2.5 });
  const cross = new PathData().moveTo(w * 0.82, h * 0.907).lineTo(w * 0.85, h * 0.933).moveTo(w * 0.82, h * 0.933).lineTo(w * 0.85, h * 0.907);
  c.fig.path(cross, 'stroke', { stroke: '#0F1B2B', strokeWidth: 2.5 });
  c.fig.raw('</g>');
};

export const IOS_CALL_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.ios.iCallDialog': callDialog,
  'mxgraph.ios.iCallButtons': callButtons,
};
