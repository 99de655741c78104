/**
 * The iOS 7 palette's shapes diagrams.net draws in code (shapes/ios7/mxIOS7Ui.js): the app's
 * status bar, the on/off switch, slider and download bar, an app icon, the button bar, page
 * control and icon grid, the phone, search box, address bar and action dialog, a box inside
 * margins, a speech callout and a select bar; its rounded boxes, one-side buttons, anchor and
 * lines are those of the mockups and of bootstrap.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { clamp } from './code-shape-context';
import { aroundFromBottom, PathData, polyline } from './code-shape-pen';
import { anchor, box, roundedRect, SIDE_BUTTONS } from './code-shapes-mockup';
import { insideMargins } from './code-shapes-mockup-controls';
import { buttonBar, canvasText, horLines, phone, slider } from './code-shapes-widget-kit';
import { DEFAULT_FONT_FAMILY } from './label-look';
import { linearGradient, xmlAttr } from './stencil-figure';

/** The most boxes an icon grid draws, and the most dividers a select bar draws. */
const MAX_ITEMS = 10_000;

/**
 * The app's status bar: filled, five signal dots, the Wi-Fi dot and arcs, a bluetooth sign and
 * a battery, in fillColor2 (#222222) and the stroke.
 */
const appBar: Painter = (c) => {
  const { w, h } = c;
  const m = h / 2;
  c.fig.rect(0, 0, w, h, 'fill');
  const ink = c.color('fillColor2', '#222222');
  for (const x of [5, 9, 13, 17, 21]) c.fig.ellipse(x, m - 1.5, 3, 3, 'fill', { fill: ink });
  c.fig.ellipse(54, m + 2, 2, 2, 'fillStroke', { fill: ink });
  c.fig.path(new PathData().moveTo(52, m + 1).arcTo(3.5, 3.5, 0, 0, 1, 58, m + 1), 'stroke', { strokeWidth: 2 });
  c.fig.path(new PathData().moveTo(50, m - 1).arcTo(6, 6, 0, 0, 1, 60, m - 1), 'stroke', { strokeWidth: 2 });
  c.fig.path(polyline([[w - 19, m - 2], [w - 6, m - 2], [w - 6, m + 2], [w - 19, m + 2]], true), 'fill', { fill: ink });
  const bluetooth = polyline([[w - 44, m - 2.5], [w - 36, m + 2.5], [w - 40, m + 5], [w - 40, m - 5], [w - 36, m - 2.5], [w - 44, m + 2.5]], false);
  c.fig.path(bluetooth, 'stroke', { strokeWidth: 1 });
  const battery = [[w - 20, m - 3], [w - 5, m - 3], [w - 5, m - 1], [w - 3.5, m - 1], [w - 3.5, m + 1], [w - 5, m + 1], [w - 5, m + 3], [w - 20, m + 3]] as const;
  c.fig.path(polyline(battery, true), 'stroke', { strokeWidth: 1 });
};

/**
 * An on/off switch (at least twice as wide as high): on (buttonState=on, the default), a pill in
 * the fill and stroke with a white knob at the right; off, a pill in fillColor2 (#ffffff) and
 * strokeColor2 (#aaaaaa) with a knob outlined at the left (any other state: no pill).
 */
const onOffButton: Painter = (c) => {
  const h = c.h;
  const w = Math.max(c.w, 2 * h);
  const state = c.style.get('buttonState') ?? 'on';
  if (state === 'on') {
    c.fig.roundRect(0, 0, w, h, h / 2);
    c.fig.ellipse(w - h + 1, 1, h - 2, h - 2, 'fill', { fill: '#ffffff' });
    return;
  }
  const off = state === 'off' ? { stroke: c.color('strokeColor2', '#aaaaaa'), fill: c.color('fillColor2', '#ffffff') } : {};
  if (state === 'off') c.fig.roundRect(0, 0, w, h, h / 2, 'fillStroke', off);
  c.fig.ellipse(0, 0, h, h, 'stroke', off);
};

/** A download bar: its buttonText bold above, a 2 px line in the fill across the middle, in the stroke up to barPos % (80). */
const downloadBar: Painter = (c) => {
  const { w, h } = c;
  c.fig.text(w / 2, h * 0.2, c.style.get('buttonText') ?? '', canvasText({ bold: true, anchor: 'middle' }));
  const at = (w * clamp(c.num('barPos', 80), 0, 100)) / 100;
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(w, h / 2), 'stroke', { stroke: c.fill, strokeWidth: 2 });
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(at, h / 2), 'stroke', { strokeWidth: 2 });
};

/** An app icon: a box of corners a tenth of its sides shaded from #00D0F0 to #0080F0 downwards, its buttonText white and bold at 8 px. */
const icon: Painter = (c) => {
  const { w, h } = c;
  const id = `${c.gradientId}-icon`;
  c.fig.raw(linearGradient(id, '#00D0F0', '#0080F0', 'south'));
  c.fig.roundRect(0, 0, w, h, [w * 0.1, h * 0.1], 'fill', { fill: `url(#${xmlAttr(id)})` });
  c.fig.text(w / 2, h / 2, c.style.get('buttonText') ?? '', canvasText({ size: 8, color: '#ffffff', bold: true, anchor: 'middle' }));
};

/**
 * The button bar: its buttons (buttonText, "+Button 1, Button 2, Button 3") each as wide as its
 * name plus 2.5 px either side, stretched to the box (at least 10 and 1.5 x fontSize high), in a
 * frame of 2.5 px corners in the fill and stroke; separators except beside the chosen button,
 * which is filled #0080F0 (its outer corners round at the bar's ends); names in textColor
 * (#666666), the chosen in textColor2 (#ffffff), at the style's fontSize (the default vertex
 * style's 12: mxIOS7Ui.js's own 8.5 is never reached).
 */
const horButtonBar: Painter = (c) => {
  const size = c.num('fontSize', 12);
  const bar = buttonBar(c, c.style.get('buttonText') ?? '+Button 1, Button 2, Button 3', size, 2.5, 10);
  const { w, h, selected, edges, names } = bar;
  const r = 2.5;
  c.fig.path(box(w, h, r, [true, true, true, true]));
  const separators = new PathData();
  bar.starts.forEach((x, n) => n + 1 !== selected && n !== selected && separators.moveTo(x, 0).lineTo(x, h));
  c.fig.path(separators, 'stroke');
  if (selected >= 0) {
    const [left, right] = [edges[selected], edges[selected + 1]];
    const first = selected === 0;
    const round: [boolean, boolean, boolean, boolean] = first ? [true, false, false, true] : selected === names.length - 1 ? [false, true, true, false] : [false, false, false, false];
    c.fig.path(box(right - left, h, r, round, [left, 0]), 'fill', { fill: '#0080F0' });
  }
  c.fig.path(box(w, h, r, [true, true, true, true]), 'stroke');
  names.forEach((name, i) => {
    const color = i === selected ? c.color('textColor2', '#ffffff') : c.color('textColor', '#666666');
    c.fig.text(bar.middles[i], h / 2, name, canvasText({ size, color, anchor: 'middle' }));
  });
};

/** A page control: five dots (radius a twentieth of the width, at most half the height), four in the stroke colour and the last in the fill. */
const pageControl: Painter = (c) => {
  const { w, h } = c;
  const r = Math.min(h / 2, w * 0.05);
  const dot = (x: number, fill: string) => c.fig.ellipse(x, h / 2 - r, 2 * r, 2 * r, 'fill', { fill });
  for (const x of [0, w * 0.25 - r * 0.5, w * 0.5 - r, w * 0.75 - r * 1.5]) dot(x, c.stroke);
  dot(w - 2 * r, c.fill);
};

/** An icon grid: gridSize ("4,7") columns and rows of filled boxes a tenth of a box apart. */
const iconGrid: Painter = (c) => {
  const [columns, rows] = (c.style.get('gridSize') ?? '4,7').split(',').map((part) => parseInt(part, 10));
  if (!(columns > 0 && rows > 0) || columns * rows > MAX_ITEMS) return;
  const bw = c.w / (columns + (columns - 1) * 0.1);
  const bh = c.h / (rows + (rows - 1) * 0.1);
  for (let i = 0; i < columns; i++) for (let j = 0; j < rows; j++) c.fig.rect(bw * 1.1 * i, bh * 1.1 * j, bw, bh, 'fill');
};

/** Text a field holds: buttonText (the fallback when unset) in textColor (#666666), as high as 70 % of the box but at most a tenth of its width. */
function fieldText(c: ShapeContext, fallback: string, x: number): void {
  const size = Math.min(c.h * 0.7, c.w * 0.1);
  c.fig.text(x, c.h / 2, c.style.get('buttonText') ?? fallback, { size, color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY });
}

/** A search box: filled, a white field of the left half (corners a tenth of the shorter side), its text 5 px in, and a magnifier in strokeColor2 (#008cff). */
const searchBox: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h, 'fill');
  c.fig.roundRect(w * 0.05, h * 0.15, w * 0.5, h * 0.7, Math.min(w, h) * 0.1, 'fillStroke', { fill: '#ffffff' });
  fieldText(c, 'Search', 5);
  const glass = { stroke: c.color('strokeColor2', '#008cff') };
  c.fig.ellipse(w * 0.05 + 3, h / 2 - 3, 4, 4, 'stroke', glass);
  c.fig.path(new PathData().moveTo(w * 0.05 + 8, h / 2 + 3.5).lineTo(w * 0.05 + 6, h / 2 + 0.5), 'stroke', glass);
};

/** An address bar: filled, a grey field, the address from the middle, and a reload arrow in strokeColor2 (#008cff). */
const url: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h, 'fill');
  c.fig.roundRect(w * 0.05, h * 0.15, w * 0.9, h * 0.7, Math.min(w, h) * 0.1, 'fill', { fill: '#d8d8d8' });
  fieldText(c, 'draw.io', w / 2);
  const reload = c.color('strokeColor2', '#008cff');
  const x = w * 0.95;
  c.fig.path(new PathData().moveTo(x - 5, h / 2).arcTo(3, 3, 0, 1, 1, x - 8, h / 2 - 3), 'stroke', { stroke: reload });
  c.fig.path(polyline([[x - 8, h / 2 - 4], [x - 6, h / 2 - 3], [x - 8, h / 2 - 2]], true), 'fillStroke', { stroke: reload, fill: reload });
};

/** An action dialog: filled, two grey buttons, mainText bold at 40 % of the height and subText (1/1.4 the size) at 70 %, in textColor at textSize (17). */
const actionDialog: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h, 'fill');
  for (const y of [0.1, 0.55]) c.fig.roundRect(w * 0.05, h * y, w * 0.9, h * 0.35, [w * 0.025, h * 0.05], 'fill', { fill: '#e0e0e0' });
  const size = c.num('textSize', 17);
  const paint = canvasText({ size, color: c.color('textColor', '#666666'), bold: true, anchor: 'middle' });
  c.fig.text(w / 2, h * 0.4, c.style.get('mainText') ?? 'Main Text', paint);
  c.fig.text(w / 2, h * 0.7, c.style.get('subText') ?? 'Sub Text', { ...paint, size: size / 1.4 });
};

/** A box inside the cell's margins (rectMargin and its sides), its corners rx by ry (0). */
const marginRect: Painter = (c) => {
  const inside = insideMargins(c);
  if (inside) c.fig.roundRect(inside.x, inside.y, inside.w, inside.h, [c.num('rx', 0), c.num('ry', 0)]);
};

/** A speech callout (from 30 x 20): a box of 10 px corners with a tail curling out at its bottom left. */
const callout: Painter = (c) => {
  const { w, h } = c;
  if (w < 30 || h < 20) return;
  const r = 10;
  const path = new PathData()
    .moveTo(15, h - r * 0.3)
    .arcTo(r * 2, r, 0, 0, 1, 0, h)
    .arcTo(r * 1.5, r * 1.5, 0, 0, 0, 10, h - r)
    .lineTo(r, r)
    .arcTo(r, r, 0, 0, 1, r * 2, 0)
    .lineTo(w - r, 0)
    .arcTo(r, r, 0, 0, 1, w, r)
    .lineTo(w, h - r)
    .arcTo(r, r, 0, 0, 1, w - r, h)
    .lineTo(r * 2, h)
    .arcTo(r, r, 0, 0, 1, r * 1.5, h - r * 0.3);
  c.fig.path(path.close());
};

/**
 * A select bar: a box of `size` corners (10) with a pointer dy deep (0.5) under dx (0.5), the
 * arrow's cell at the right (20 px or the radius) with a triangle in the stroke colour, and
 * dividers every dx2 (70) px; the pointer kept off the corners and the arrow's cell.
 */
const selectBar: Painter = (c) => {
  const { w, h } = c;
  let r = clamp(c.num('size', 10), 0, h);
  const dy = Math.max(0, Math.min(h, (w - Math.max(20, r) - r) / 2, c.num('dy', 0.5)));
  r = Math.min(h / 2, w / 2, r);
  const dx = Math.min(w - r - dy, w - 20 - dy, Math.max(r + dy, clamp(c.num('dx', 0.5), 0, w)));
  const dx2 = clamp(c.num('dx2', 70), 0, w);
  c.fig.path(aroundFromBottom(new PathData(), w, h, r, dx - dy, dx + dy).lineTo(dx, h + dy).close());
  const cell = Math.max(20, r);
  c.fig.path(new PathData().moveTo(w - cell, 0).lineTo(w - cell, h), 'stroke');
  const dividers = new PathData();
  for (let x = dx2, n = 0; x < w - cell && dx2 > 0 && n < MAX_ITEMS; x += dx2, n++) dividers.moveTo(x, 0).lineTo(x, h);
  c.fig.path(dividers, 'stroke');
  const size = Math.min(cell, h);
  const [x, y] = [w - size / 2, h / 2];
  c.fig.path(polyline([[x - size * 0.15, y - size * 0.225], [x + size * 0.25, y], [x - size * 0.15, y + size * 0.225]], true), 'fill', { fill: c.stroke });
};

const i7 = 'mxgraph.ios7ui.';

export const IOS7_SHAPES: Readonly<Record<string, Painter>> = {
  [`${i7}appBar`]: appBar,
  [`${i7}onOffButton`]: onOffButton,
  // diagrams.net registers two sliders under this name; the second, drawn here, wins.
  [`${i7}slider`]: (c: ShapeContext) => slider(c, '#bbbbbb'),
  [`${i7}downloadBar`]: downloadBar,
  [`${i7}icon`]: icon,
  [`${i7}horButtonBar`]: horButtonBar,
  [`${i7}pageControl`]: pageControl,
  [`${i7}iconGrid`]: iconGrid,
  [`${i7}phone`]: phone,
  [`${i7}searchBox`]: searchBox,
  [`${i7}url`]: url,
  [`${i7}actionDialog`]: actionDialog,
  [`${i7}anchor`]: anchor,
  [`${i7}rrect`]: roundedRect,
  [`${i7}leftButton`]: SIDE_BUTTONS.left,
  [`${i7}rightButton`]: SIDE_BUTTONS.right,
  [`${i7}topButton`]: SIDE_BUTTONS.top,
  [`${i7}bottomButton`]: SIDE_BUTTONS.bottom,
  [`${i7}horLines`]: horLines,
  [`${i7}marginRect`]: marginRect,
  [`${i7}callout`]: callout,
  [`${i7}selectBar`]: selectBar,
};
