/**
 * Mockups of text, as diagrams.net draws them: the callout (mxMockupText.js: its text on a line,
 * in a box or in a rounded box, pointing to the far corner), the captcha (mxMockupText.js) and the
 * status bar and revision table (mxMockupMisc.js); the sign-in and e-mail forms (mxMockupForms.js).
 */
import type { Painter } from './code-shape-context';
import { PathData, polyline, type TextPaint } from './code-shape-pen';
import { measuredWidth } from './code-shapes-mockup-steps';
import { DEFAULT_FONT_FAMILY } from './label-look';

/**
 * A callout: linkText ("Callout", textColor #666666 at textSize 17) in a corner (callDir NW, NE,
 * SE or SW), 1.2 times its width (70 px for none) and 1.5 x textSize high, over a line (callStyle
 * line) or in a box (rect, roundRect: corners a quarter of its height), and a line from it to the
 * opposite corner.
 */
const callout: Painter = (c) => {
  const { w, h } = c;
  const text = c.style.get('linkText') ?? 'Callout';
  const size = c.num('textSize', 17);
  const width = measuredWidth(text, size) * 1.2 || 70;
  const callH = size * 1.5;
  const dir = c.style.get('callDir') ?? 'NW';
  const style = c.style.get('callStyle') ?? 'line';
  if (!['NW', 'NE', 'SE', 'SW'].includes(dir)) return;
  // Worked out for NW and mirrored: east corners across the width, south ones down the height.
  const x = (at: number) => (dir === 'NE' || dir === 'SE' ? w - at : at);
  const y = (at: number) => (dir === 'SE' || dir === 'SW' ? h - at : at);
  const boxX = Math.min(x(0), x(width));
  const boxY = Math.min(y(0), y(callH));
  // The line style underlines the text: at the bottom of a south callout, not mirrored.
  const under = dir === 'SE' || dir === 'SW' ? h : callH;
  if (style === 'line') c.fig.path(polyline([[x(0), under], [x(width), under], [x(w), y(h)]], false), 'stroke');
  else if (style === 'rect' || style === 'roundRect') {
    if (style === 'rect') c.fig.rect(boxX, boxY, width, callH);
    else c.fig.roundRect(boxX, boxY, width, callH, callH * 0.25);
    c.fig.path(new PathData().moveTo(x(width / 2), y(callH)).lineTo(x(w), y(h)), 'stroke');
  }
  const paint: TextPaint = { size, color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY, anchor: 'middle' };
  c.fig.text(x(width / 2), y(callH / 2), text, paint);
};

/** A captcha: its box, two pale blue (#88aaff) smudges, mainText in the middle (textColor #666666 at textSize 25) and the box's outline again. */
const captcha: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  const smudges = [
    [[0, 0], [0.35, 0], [0.55, 0.85], [0.4, 0.75]],
    [[0.7, 0.1], [0.95, 0.23], [1, 0.4], [1, 0.9], [1, 1], [0.8, 1]],
  ] as const;
  for (const points of smudges) c.fig.path(polyline(points.map(([px, py]) => [w * px, h * py] as const), true), 'fill', { fill: '#88aaff' });
  const paint: TextPaint = { size: c.num('textSize', 25), color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY, anchor: 'middle' };
  c.fig.text(w / 2, h / 2, c.style.get('mainText') ?? 'Note line 1', paint);
  c.fig.rect(0, 0, w, h, 'stroke');
};

/**
 * A status bar (at least 105 wide): a 30 px band across the middle, three 20 px boxes of 5 px
 * corners in fillColor2 (#ddeeff) sharing the width left of 75 px, mainText's three parts in them
 * (textColor #999999; the first from 10 px in, the others centred), and a ring and a line in
 * strokeColor2 (#008cff) at the right.
 */
const statusBar: Painter = (c) => {
  const w = Math.max(c.w, 105);
  const mid = c.h / 2;
  const room = w - 75;
  c.fig.rect(0, mid - 15, w, 30);
  const boxes = { fill: c.color('fillColor2', '#ddeeff') };
  c.fig.roundRect(5, mid - 10, room * 0.46, 20, 5, 'fill', boxes);
  c.fig.roundRect(10 + room * 0.46, mid - 10, room * 0.23, 20, 5, 'fill', boxes);
  c.fig.roundRect(15 + room * 0.69, mid - 10, room * 0.276, 20, 5, 'fill', boxes);
  const [first = '', second = '', third = ''] = (c.style.get('mainText') ?? '').split(',');
  const paint: TextPaint = { size: c.num('textSize', 17), color: c.color('textColor', '#999999'), family: DEFAULT_FONT_FAMILY };
  c.fig.text(10, mid, first, paint);
  c.fig.text(10 + room * 0.575, mid, second, { ...paint, anchor: 'middle' });
  c.fig.text(15 + room * 0.828, mid, third, { ...paint, anchor: 'middle' });
  const mark = { stroke: c.color('strokeColor2', '#008cff') };
  c.fig.ellipse(w - 25, mid - 10, 20, 20, 'stroke', mark);
  c.fig.path(new PathData().moveTo(w - 55, mid + 10).lineTo(w - 35, mid + 10), 'stroke', mark);
};

/** Where to centre one line of text that diagrams.net sets bottom-aligned at y: its baseline 2 px above y. */
const aboveLine = (y: number, size: number) => y - 1 - size / 2;

/**
 * A sign-in form (mxMockupForms.js): mainText's nine parts (title, user label, user, password
 * label, password, "Forgot Password?", "New User" and the two buttons' names) in textColor
 * (#666666) at textSize (12), two fields, two rules 2 px in strokeColor2 (#ddeeff), the link in
 * #9999ff underlined, and the buttons in fillColor2 (#66bbff) named bold in textColor2 (#ffffff)
 * at textSize2 (15).
 */
const signIn: Painter = (c) => {
  const { w, h } = c;
  const parts = (c.style.get('mainText') ?? 'Sign In,User Name:,johndoe,Password:,********,Forgot Password?,New User,SIGN IN,SIGN UP').split(',');
  const part = (n: number) => parts[n] ?? '';
  const size = c.num('textSize', 12);
  c.fig.rect(0, 0, w, h);
  const buttons = { fill: c.color('fillColor2', '#66bbff') };
  for (const y of [0.52, 0.84]) c.fig.roundRect(w * 0.09, h * y, w * 0.36, h * 0.09, 5, 'fill', buttons);
  for (const y of [0.22, 0.4]) c.fig.rect(w * 0.05, h * y, w * 0.75, h * 0.08, 'stroke');
  c.fig.path(new PathData().moveTo(w * 0.05, h * 0.12).lineTo(w * 0.95, h * 0.12).moveTo(w * 0.05, h * 0.72).lineTo(w * 0.95, h * 0.72), 'stroke', { stroke: c.color('strokeColor2', '#ddeeff'), strokeWidth: 2 });
  const paint: TextPaint = { size, color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY };
  for (const [n, y] of [[0, 0.1], [1, 0.2], [3, 0.38]]) c.fig.text(w * 0.05, aboveLine(h * y, size), part(n), paint);
  for (const [n, x, y] of [[2, 0.075, 0.26], [4, 0.075, 0.44], [6, 0.05, 0.8]]) c.fig.text(w * x, h * y, part(n), paint);
  const link = '#9999ff';
  c.fig.text(w * 0.05, aboveLine(h * 0.7, size), part(5), { ...paint, color: link });
  c.fig.path(new PathData().moveTo(w * 0.05, h * 0.7).lineTo(w * 0.05 + measuredWidth(part(5), size), h * 0.7), 'stroke', { stroke: link, strokeWidth: 1 });
  const names: TextPaint = { size: c.num('textSize2', 15), color: c.color('textColor2', '#ffffff'), family: DEFAULT_FONT_FAMILY, bold: true, anchor: 'middle' };
  c.fig.text(w * 0.27, h * 0.565, part(7), names);
  c.fig.text(w * 0.27, h * 0.885, part(8), names);
};

/**
 * An e-mail form (mxMockupForms.js, at least 5 x textSize wide): rows 3 x textSize apart of a
 * name right-aligned before a field 1.5 x textSize high from 4 x textSize in (From, Subject, To,
 * and CC and BCC unless showCC or showBCC is not "true"), their values from mainText, and the
 * message box below them with the last value; all in textColor (#666666) at textSize (12).
 */
const emailForm: Painter = (c) => {
  const size = c.num('textSize', 12);
  const values = (c.style.get('mainText') ?? 'john@jgraph.com,Greeting,fred@jgraph.com,,,Lorem ipsum').split(',');
  const rows: Array<[string, string]> = [['From', values[0] ?? ''], ['Subject', values[1] ?? ''], ['To', values[2] ?? '']];
  if ((c.style.get('showCC') ?? 'true') === 'true') rows.push(['CC', values[3] ?? '']);
  if ((c.style.get('showBCC') ?? 'true') === 'true') rows.push(['BCC', values[4] ?? '']);
  const tab = size * 4;
  const w = Math.max(c.w, size * 5);
  const h = Math.max(c.h, size * 10.5 + (rows.length - 3) * size * 3);
  const paint: TextPaint = { size, color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY };
  rows.forEach(([name, value], i) => {
    c.fig.rect(tab, i * size * 3, w - tab, size * 1.5);
    c.fig.text(tab - size / 2, (i * 3 + 0.75) * size, name, { ...paint, anchor: 'end' });
    c.fig.text(tab + size / 2, (i * 3 + 0.75) * size, value, paint);
  });
  const message = rows.length * size * 3;
  c.fig.rect(0, message, w, h - message);
  c.fig.text(size / 2, message + size * 0.75, values[5] ?? '', paint);
};

/**
 * A revision table (mxMockupMisc.js): its box split into a title row and two rows of three cells
 * (an eighth, three eighths and a half wide), mainText's seven parts centred in them in textColor
 * (#999999) at textSize (17).
 */
const revisionTable: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  const grid = new PathData().moveTo(0, h * 0.33).lineTo(w, h * 0.33).moveTo(0, h * 0.67).lineTo(w, h * 0.67);
  c.fig.path(grid.moveTo(w * 0.125, h * 0.33).lineTo(w * 0.125, h).moveTo(w * 0.5, h * 0.33).lineTo(w * 0.5, h), 'stroke');
  const parts = (c.style.get('mainText') ?? '').split(',');
  const paint: TextPaint = { size: c.num('textSize', 17), color: c.color('textColor', '#999999'), family: DEFAULT_FONT_FAMILY, anchor: 'middle' };
  const cells: ReadonlyArray<readonly [number, number]> = [[0.5, 0.165], [0.0625, 0.5], [0.3125, 0.5], [0.75, 0.5], [0.0625, 0.835], [0.3125, 0.835], [0.75, 0.835]];
  cells.forEach(([x, y], n) => c.fig.text(w * x, h * y, parts[n] ?? '', paint));
};

export const MOCKUP_TEXT_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.mockup.text.callout': callout,
  'mxgraph.mockup.text.captcha': captcha,
  'mxgraph.mockup.misc.statusBar': statusBar,
  'mxgraph.mockup.forms.signIn': signIn,
  'mxgraph.mockup.forms.emailForm': emailForm,
  'mxgraph.mockup.misc.revisionTable': revisionTable,
};
