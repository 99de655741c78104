/**
 * The iOS 6 palette's three keyboards (mxMockupiOS.js's iKeybLett, iKeybNumb, iKeybSymb): a box
 * shaded #8A97A7 to #425163 and four rows of keys of rounded corners (1.44 % of the width, 2.5 %
 * of the height), 19 % of the height each, the light ones shaded #EEF3F9 to #DBE2E9 with black
 * 10.5 px names, the mode keys shaded #8B98A8 to #677488 with white ones. Each key casts the
 * canvas's own hard shadow (the shapes turn it on for their keys, whatever the style says); the
 * white shift arrow and backspace, drawn after, cast none. Every place is a fraction of the box.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { polyline, PathData, type Point } from './code-shape-pen';
import { say, shade } from './code-shapes-ios-kit';
import { withHardShadow } from './code-shapes-widget-kit';

/** A key: its left and top, its width (fractions of the box) and its name. */
type Key = readonly [x: number, y: number, w: number, name: string];

/** Where the rows start (fractions of the height), each key 19 % high; a name sits 9.5 % below its key's top. */
const ROWS = [0.03, 0.28, 0.53, 0.78] as const;
const KEY_H = 0.19;
const NARROW = 0.0776;
const WIDE = 0.1178;
/** The lefts of a row of ten keys, of the letters' second row (nine) and of a row of five wide keys. */
const TEN = [0.0086, 0.1092, 0.2098, 0.3103, 0.4109, 0.5115, 0.6121, 0.7126, 0.8132, 0.9138];
const NINE = [0.0632, 0.1638, 0.2644, 0.3649, 0.4655, 0.5661, 0.6667, 0.7672, 0.8678];
const FIVE = [0.1638, 0.3046, 0.4454, 0.5862, 0.727];

/** A row of keys of one width at `lefts`, named by the characters of `names`. */
function row(lefts: readonly number[], top: number, w: number, names: readonly string[]): Key[] {
  return names.map((name, n) => [lefts[n], top, w, name]);
}

/** The punctuation row the number and symbol keyboards share. */
const PUNCTUATION = row(FIVE, ROWS[2], WIDE, ['.', ',', '?', '!', "'"]);

interface Keyboard {
  /** The light keys, in the order drawn. */
  readonly keys: readonly Key[];
  /** The name on the key left of the third row (the letters' shift key bears an arrow instead). */
  readonly shiftName?: string;
  /** The name on the key left of the space bar. */
  readonly modeName: string;
}

const LETTERS: Keyboard = {
  keys: [...row(TEN, ROWS[0], NARROW, [...'QWERTYUIOP']), ...row(NINE, ROWS[1], NARROW, [...'ASDFGHJKL']), ...row(NINE.slice(1), ROWS[2], NARROW, [...'ZXCVBNM'])],
  modeName: '.?123',
};

const NUMBERS: Keyboard = {
  keys: [...row(TEN, ROWS[0], NARROW, [...'1234567890']), ...row(TEN, ROWS[1], NARROW, [...'-/:;()$&@"']), ...PUNCTUATION],
  shiftName: '#+=',
  modeName: 'ABC',
};

// diagrams.net names four keys by their Windows-1252 codes (String.fromCharCode 128, 163, 165, 149):
// the two C1 controls are drawn as such (nothing in Chromium), the pound and the yen as themselves.
const SYMBOLS: Keyboard = {
  keys: [...row(TEN, ROWS[0], NARROW, [...'[]{}#%^*+=']), ...row(TEN, ROWS[1], NARROW, [...'_\\|~<>', '\u0080', '\u00a3', '\u00a5', '\u0095']), ...PUNCTUATION],
  shiftName: '123',
  modeName: 'ABC',
};

/** The space bar and the four mode keys (shift, backspace, mode, return): left, top, width. */
const SPACE: readonly [number, number, number] = [0.2644, ROWS[3], 0.4799];
const MODE_KEYS: ReadonlyArray<readonly [number, number, number]> = [
  [0.0115, ROWS[2], 0.1207],
  [0.8736, ROWS[2], 0.115],
  [0.0115, ROWS[3], 0.2299],
  [0.7672, ROWS[3], 0.2213],
];

/** The letters' shift arrow and every keyboard's backspace (a pointed box) and its cross, in fractions. */
const SHIFT_ARROW: readonly Point[] = [[0.0402, 0.635], [0.0718, 0.58], [0.1034, 0.635], [0.0862, 0.635], [0.0862, 0.67], [0.0575, 0.67], [0.0575, 0.635]];
const BACKSPACE: readonly Point[] = [[0.9109, 0.585], [0.9655, 0.585], [0.9655, 0.665], [0.9109, 0.665], [0.8879, 0.625]];
const CROSS: readonly (readonly [Point, Point])[] = [[[0.9224, 0.605], [0.9454, 0.645]], [[0.9224, 0.645], [0.9454, 0.605]]];

const NAME_SIZE = 10.5;

/** A key (fractions) of the box, shaded from `from` to `to`, casting its shadow. */
function key(c: ShapeContext, [x, y, w]: readonly [number, number, number], from: string, to: string): void {
  const corner: readonly [number, number] = [c.w * 0.0144, c.h * 0.025];
  withHardShadow(c, (fig, paint) => fig.roundRect(c.w * x, c.h * y, c.w * w, c.h * KEY_H, corner, 'fill', paint), { fill: shade(c, from, to) });
}

/** A name in the middle of a key whose left, top and width are `x`, `y`, `w`. */
function name(c: ShapeContext, x: number, y: number, w: number, text: string, color: string): void {
  say(c, c.w * (x + w / 2), c.h * (y + KEY_H / 2), text, { size: NAME_SIZE, color, anchor: 'middle' });
}

function keyboard(board: Keyboard): Painter {
  return (c) => {
    const { w, h } = c;
    const at = (points: readonly Point[]): Point[] => points.map(([x, y]) => [w * x, h * y]);
    c.fig.rect(0, 0, w, h, 'fill', { fill: shade(c, '#8A97A7', '#425163') });
    for (const [x, y, kw, text] of board.keys) {
      key(c, [x, y, kw], '#EEF3F9', '#DBE2E9');
      name(c, x, y, kw, text, '#000000');
    }
    key(c, SPACE, '#EEF3F9', '#DBE2E9');
    name(c, ...SPACE, 'space', '#666666');
    for (const mode of MODE_KEYS) key(c, mode, '#8B98A8', '#677488');
    if (board.shiftName) name(c, ...MODE_KEYS[0], board.shiftName, '#ffffff');
    name(c, ...MODE_KEYS[2], board.modeName, '#ffffff');
    name(c, ...MODE_KEYS[3], 'return', '#ffffff');
    const white = { fill: '#ffffff', stroke: '#ffffff', strokeWidth: 1.5, lineJoin: 'round' } as const;
    if (!board.shiftName) c.fig.path(polyline(at(SHIFT_ARROW), true), 'stroke', white);
    c.fig.path(polyline(at(BACKSPACE), true), 'fillStroke', white);
    const cross = new PathData();
    for (const [[x1, y1], [x2, y2]] of CROSS) cross.moveTo(w * x1, h * y1).lineTo(w * x2, h * y2);
    c.fig.path(cross, 'stroke', { ...white, stroke: '#677488' });
  };
}

export const IOS_KEYBOARD_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.ios.iKeybLett': keyboard(LETTERS),
  'mxgraph.ios.iKeybNumb': keyboard(NUMBERS),
  'mxgraph.ios.iKeybSymb': keyboard(SYMBOLS),
};
