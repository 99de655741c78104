/**
 * The Mockups palette's option lists, as mxMockupForms.js draws them: the checkbox and radio
 * groups (a box of options, one line each, 15 px buttons shaded grey) and the list box (a titled
 * box of items, the chosen one shaded), the calendar, the spinner, and the alert box (mxMockupContainers.js). Each names its options in mainText or subText, separated
 * by commas, the chosen one marked with a leading "+".
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { clamp } from './code-shape-context';
import { PathData, polyline, type Point } from './code-shape-pen';
import { DEFAULT_FONT_FAMILY } from './label-look';
import { linearGradient, xmlAttr } from './stencil-figure';
import { textWidth } from './text-metrics';

const CHOSEN = '+';
const BUTTON = 15;
const LABEL_OFFSET = 2.5;

/** A comma-separated list of options: their names (the "+" taken off) and whether each is marked chosen. */
export function optionsOf(text: string): { names: string[]; chosen: boolean[] } {
  const items = text.split(',');
  return { names: items.map((item) => (item.startsWith(CHOSEN) ? item.slice(1) : item)), chosen: items.map((item) => item.startsWith(CHOSEN)) };
}

/** The two colours of an option list's text (textColor "#666666,#008cff"): the others' and the chosen one's. */
function optionColours(c: ShapeContext): [string, string] {
  const [others, chosen] = (c.style.get('textColor') ?? '#666666,#008cff').split(',');
  return [others ?? '#666666', chosen ?? others ?? '#666666'];
}

/**
 * A group of options, each a button in a line 1.5 x textSize high (at least 15), the lines spread
 * over the box (at least as high and wide as they need), names 32.5 px in, the chosen one's in the
 * second textColor; every option marked is chosen (a radio group too, as diagrams.net draws it); a button shaded #eeeeee to #cccccc, the chosen one #aaaaaa to #666666 with
 * its mark in #333333, all outlined in #999999.
 */
function optionGroup(drawButton: (c: ShapeContext, x: number, y: number, chosen: boolean) => void): Painter {
  return (c) => {
    const size = c.num('textSize', 17);
    const { names, chosen } = optionsOf(c.style.get('mainText') ?? 'Option 1');
    const lineH = Math.max(size * 1.5, BUTTON);
    const minH = names.length * lineH;
    const h = Math.max(c.h, minH);
    const w = Math.max(c.w, 2 * LABEL_OFFSET + 2 * BUTTON + Math.max(0, ...names.map((name) => textWidth(name, size))));
    c.fig.rect(0, 0, w, h);
    c.fig.raw(linearGradient(`${c.gradientId}-off`, '#eeeeee', '#cccccc', 'south'));
    c.fig.raw(linearGradient(`${c.gradientId}-on`, '#aaaaaa', '#666666', 'south'));
    const [others, chosenColour] = optionColours(c);
    names.forEach((name, i) => {
      const y = ((i + 0.5) * lineH * h) / minH;
      c.fig.text(2 * BUTTON + LABEL_OFFSET, y, name, { size, color: chosen[i] ? chosenColour : others, family: DEFAULT_FONT_FAMILY });
      drawButton(c, BUTTON / 2, y - BUTTON / 2, chosen[i]);
    });
  };
}

/** The shading of a group's button: its own gradient, chosen or not, outlined in #999999. */
function buttonPaint(c: ShapeContext, chosen: boolean) {
  return { fill: `url(#${xmlAttr(`${c.gradientId}-${chosen ? 'on' : 'off'}`)})`, stroke: '#999999' };
}

/** A checkbox: a square, ticked in #333333 when chosen. */
const checkboxGroup = optionGroup((c, x, y, chosen) => {
  c.fig.rect(x, y, BUTTON, BUTTON, 'fillStroke', buttonPaint(c, chosen));
  const tick: Array<[number, number]> = [[0.25, 0.5], [0.5, 0.75], [0.75, 0.25]];
  if (chosen) c.fig.path(polyline(tick.map(([px, py]) => [x + BUTTON * px, y + BUTTON * py]), false), 'stroke', { stroke: '#333333' });
});

/** A radio button: a circle, with a dot half its size in #333333 when chosen. */
const radioGroup = optionGroup((c, x, y, chosen) => {
  c.fig.ellipse(x, y, BUTTON, BUTTON, 'fillStroke', buttonPaint(c, chosen));
  if (chosen) c.fig.ellipse(x + BUTTON / 4, y + BUTTON / 4, BUTTON / 2, BUTTON / 2, 'fillStroke', { fill: '#333333', stroke: '#333333' });
});

/**
 * A list box (at least 30 px plus 1.5 x textSize per item high): its title (mainText, "Window
 * Title") in the second textColor in a 30 px bar, then its items (subText) in the first, 10 px in,
 * the chosen one's line (the last marked) filled in selectedColor (#ddeeff).
 */
const listBox: Painter = (c) => {
  const size = c.num('textSize', 17);
  const { names, chosen } = optionsOf(c.style.get('subText') ?? 'Sub Text');
  const { w } = c;
  const h = Math.max(c.h, 30 + names.length * size * 1.5);
  const [others, title] = optionColours(c);
  c.fig.rect(0, 0, w, h);
  const last = chosen.lastIndexOf(true);
  if (last >= 0) c.fig.rect(0, 30 + last * size * 1.5, w, size * 1.5, 'fill', { fill: c.color('selectedColor', '#ddeeff') });
  c.fig.path(polyline([[0, 30], [w, 30]], false), 'stroke');
  c.fig.text(10, 15, c.style.get('mainText') ?? 'Window Title', { size, color: title, family: DEFAULT_FONT_FAMILY });
  names.forEach((name, i) => c.fig.text(10, 30 + size * (i * 1.5 + 0.75), name, { size, color: others, family: DEFAULT_FONT_FAMILY }));
  c.fig.rect(0, 0, w, h, 'stroke');
};

/**
 * An alert box (mxMockupContainers.js, at least 90 x 75): its close ring in strokeColor2
 * (#008cff), the title bar's line in strokeColor3 (#c4c4c4), the title (mainText) and message
 * lines (subText, centred) in textColor (#666666), and its buttons (buttonText, "OK,Cancel")
 * side by side 10 px apart at the bottom, outlined in strokeColor3; an empty name leaves its room.
 */
const alertBox: Painter = (c) => {
  const w = Math.max(c.w, 90);
  const h = Math.max(c.h, 75);
  const size = c.num('textSize', 17);
  const inside = c.color('strokeColor3', '#c4c4c4');
  const paint = { size, color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY };
  c.fig.rect(0, 0, w, h);
  c.fig.ellipse(w - 25, 5, 20, 20, 'stroke', { stroke: c.color('strokeColor2', '#008cff') });
  c.fig.path(polyline([[0, 30], [w, 30]], false), 'stroke', { stroke: inside });
  c.fig.text(10, 15, c.style.get('mainText') ?? 'Window Title', paint);
  const buttons = (c.style.get('buttonText') ?? 'OK,Cancel').split(',');
  const buttonW = (w - 10 * (buttons.length + 1)) / buttons.length;
  buttons.forEach((name, i) => {
    if (name === '') return;
    const x = 10 + i * (buttonW + 10);
    c.fig.rect(x, h - 10 - size * 1.5, buttonW, size * 1.5, 'stroke', { stroke: inside });
    c.fig.text(x + buttonW / 2, h - 10 - size * 0.75, name, { ...paint, anchor: 'middle' });
  });
  (c.style.get('subText') ?? 'Sub Text').split(',').forEach((line, i) => c.fig.text(w / 2, 30 + size * (i * 1.5 + 0.75), line, { ...paint, anchor: 'middle' }));
};

/** A box whose corners are quarter ellipses rx wide and ry high, as an SVG rect with both radii draws it. */
export function ovalCornerBox(x: number, y: number, w: number, h: number, rx: number, ry: number): PathData {
  const [a, b] = [Math.min(rx, w / 2), Math.min(ry, h / 2)];
  return new PathData()
    .moveTo(x + a, y)
    .lineTo(x + w - a, y)
    .arcTo(a, b, 0, 0, 1, x + w, y + b)
    .lineTo(x + w, y + h - b)
    .arcTo(a, b, 0, 0, 1, x + w - a, y + h)
    .lineTo(x + a, y + h)
    .arcTo(a, b, 0, 0, 1, x, y + h - b)
    .lineTo(x, y + b)
    .arcTo(a, b, 0, 0, 1, x + a, y)
    .close();
}

/**
 * A month's calendar (mxShapeMockupCalendar): its box, the previous and next buttons with their
 * chevrons (2 px, strokeColor2 #008cff), the title (mainText) and the day names (dayNames from the
 * startOn-th, 6 = Sunday) in textColor (#999999) at textSize (15); then six weeks of days, `days`
 * (30) of them from the firstDay-th weekday, the previous month's last days before them and the
 * next month's first after, both filled in fillColor2 (#ddeeff), all outlined 1 px in strokeColor
 * (#999999); selDay (24) filled in strokeColor2, outlined 2 px in red, its number in textColor2.
 * Each number sits half a cell's width below its cell's top, as diagrams.net sets it.
 */
const calendar: Painter = (c) => {
  const { w, h } = c;
  const int = (key: string, fallback: number) => Math.trunc(c.num(key, fallback));
  const size = c.num('textSize', 15);
  const text = { size, color: c.color('textColor', '#999999'), family: DEFAULT_FONT_FAMILY, anchor: 'middle' as const };
  const accent = c.color('strokeColor2', '#008cff');
  const outline = { stroke: c.color('strokeColor', '#999999'), strokeWidth: 1 };
  const [other, plain] = [c.color('fillColor2', '#ddeeff'), c.color('fillColor', '#ffffff')];
  c.fig.path(ovalCornerBox(0, 0, w, h, w * 0.0312, h * 0.0286));
  c.fig.path(ovalCornerBox(w * 0.05, h * 0.0457, w * 0.1438, h * 0.1029, w * 0.025, h * 0.0229), 'stroke');
  c.fig.path(ovalCornerBox(w * 0.8125, h * 0.0457, w * 0.1438, h * 0.1029, w * 0.025, h * 0.0229), 'stroke');
  const chevrons = polyline([[w * 0.1438, h * 0.0743], [w * 0.1, h * 0.0971], [w * 0.1438, h * 0.12]], false).toString() + ' ' + polyline([[w * 0.8625, h * 0.0743], [w * 0.9062, h * 0.0971], [w * 0.8625, h * 0.12]], false).toString();
  c.fig.path(chevrons, 'stroke', { stroke: accent, strokeWidth: 2 });
  c.fig.text(w / 2, h * 0.0971, c.style.get('mainText') ?? '', text);
  const cell = (w * 0.875) / 7;
  const rowH = h * 0.1143;
  const startOn = clamp(int('startOn', 6), 0, 6);
  const dayNames = (c.style.get('dayNames') ?? 'Mo,Tu,We,Th,Fr,Sa,Su').split(',');
  for (let i = 0; i < 7; i++) c.fig.text(w * 0.0625 + cell * (i + 0.5), h * 0.2114, dayNames[(i + startOn) % 7] ?? '', text);
  const day = (slot: number, number: number, fill: string) => {
    const [x, y] = [w * 0.0625 + (slot % 7) * cell, h * 0.2686 + Math.floor(slot / 7) * rowH];
    c.fig.rect(x, y, cell, rowH, 'fillStroke', { ...outline, fill });
    c.fig.text(x + cell / 2, y + cell / 2, String(number), text);
  };
  const before = (((int('firstDay', 0) - startOn) % 7) + 7) % 7;
  const prevDays = int('prevDays', 31);
  for (let i = 0; i < before; i++) day(i, prevDays - before + i + 1, other);
  const days = clamp(int('days', 30), 0, 42);
  const selected = int('selDay', 24);
  for (let d = 1; d <= days; d++) if (d !== selected) day(before + d - 1, d, plain);
  for (let slot = before + days, next = 1; slot < 42; slot++, next++) day(slot, next, other);
  if (selected < 1 || selected > days) return;
  const slot = before + selected - 1;
  const [x, y] = [w * 0.0625 + (slot % 7) * cell, h * 0.2686 + Math.floor(slot / 7) * rowH];
  c.fig.rect(x, y, cell, rowH, 'fillStroke', { fill: accent, stroke: '#ff0000', strokeWidth: 2 });
  c.fig.text(x + cell / 2, y + cell / 2, String(selected), { ...text, color: c.color('textColor2', '#ffffff') });
};

/** Where a spinner's parts go, by spinLayout: its dividing lines, the up and down buttons' middles, and its text's middle. */
interface SpinnerLayout {
  readonly lines: (w: number, h: number) => ReadonlyArray<readonly [number, number, number, number]>;
  readonly up: (w: number, h: number) => Point;
  readonly down: (w: number, h: number) => Point;
  readonly text: (w: number, h: number) => Point;
  /** How much lower than the button's middle diagrams.net draws its up or down triangle (top and bottom layouts). */
  readonly triangleShift?: { readonly up?: number; readonly down?: number };
}

const SPINNER_LAYOUTS: Readonly<Record<string, SpinnerLayout>> = {
  right: { lines: (w, h) => [[w - 20, 0, w - 20, h], [w - 20, h / 2, w, h / 2]], up: (w, h) => [w - 10, h / 4], down: (w, h) => [w - 10, h * 0.75], text: (w, h) => [(w - 20) / 2, h / 2] },
  left: { lines: (w, h) => [[20, 0, 20, h], [20, h / 2, 0, h / 2]], up: (_, h) => [10, h / 4], down: (_, h) => [10, h * 0.75], text: (w, h) => [(w + 20) / 2, h / 2] },
  top: { lines: (w) => [[0, 15, w, 15], [w / 2, 15, w / 2, 0]], up: (w) => [w * 0.75, 7.5], down: (w) => [w * 0.25, 7.5], text: (w, h) => [w / 2, (h + 15) / 2], triangleShift: { down: 2 } },
  bottom: { lines: (w, h) => [[0, h - 15, w, h - 15], [w / 2, h - 15, w / 2, h]], up: (w, h) => [w * 0.75, h - 7.5], down: (w, h) => [w * 0.25, h - 7.5], text: (w, h) => [w / 2, (h - 15) / 2], triangleShift: { up: -2 } },
  vertical: { lines: (w, h) => [[0, 15, w, 15], [0, h - 15, w, h - 15]], up: (w) => [w / 2, 7.5], down: (w, h) => [w / 2, h - 7.5], text: (w, h) => [w / 2, h / 2] },
  horizontal: { lines: (w, h) => [[20, 0, 20, h], [w - 20, 0, w - 20, h]], up: (w, h) => [w - 10, h / 2], down: (_, h) => [10, h / 2], text: (w, h) => [w / 2, h / 2] },
};

/** A spinner's button mark at (x, y), pointing up (+1) or down (-1): a triangle, a plus or minus (adjStyle=plusMinus) or an arrow, 8 px wide. */
function spinnerMark(style: string, x: number, y: number, up: 1 | -1): { path: PathData; filled: boolean } | undefined {
  if (style === 'triangle') return { path: polyline([[x - 4, y + 4.5 * up], [x, y - 2.5 * up], [x + 4, y + 4.5 * up]], true), filled: true };
  if (style === 'plusMinus') {
    const mark = new PathData();
    if (up === 1) mark.moveTo(x, y - 4).lineTo(x, y + 4);
    return { path: mark.moveTo(x - 4, y).lineTo(x + 4, y), filled: false };
  }
  if (style === 'arrow') return { path: polyline([[x - 4, y + 1.5 * up], [x, y - 2.5 * up], [x + 4, y + 1.5 * up]], true).moveTo(x, y + 4.5 * up).lineTo(x, y - 2.5 * up), filled: true };
  return undefined;
}

/**
 * A spinner (mxShapeMockupSpinner): a white box of 10 px corners, its buttons set off by lines
 * (spinStyle=normal; none when merged) where spinLayout puts them (right, left, top, bottom,
 * vertical, horizontal), their marks (adjStyle: triangle, plusMinus, arrow) in the fill colour,
 * and its value (mainText, "100") in textColor (#666666) at textSize (17).
 */
const spinner: Painter = (c) => {
  const { w, h } = c;
  const layout = SPINNER_LAYOUTS[c.style.get('spinLayout') ?? 'right'];
  c.fig.roundRect(0, 0, w, h, 10, 'fillStroke', { fill: '#ffffff' });
  if (!layout) return;
  if ((c.style.get('spinStyle') ?? 'normal') === 'normal') {
    const lines = new PathData();
    for (const [x1, y1, x2, y2] of layout.lines(w, h)) lines.moveTo(x1, y1).lineTo(x2, y2);
    c.fig.path(lines, 'stroke');
  }
  const style = c.style.get('adjStyle') ?? 'triangle';
  const shift = style === 'triangle' ? layout.triangleShift : undefined;
  for (const [[x, y], up, dy] of [[layout.up(w, h), 1, shift?.up ?? 0], [layout.down(w, h), -1, shift?.down ?? 0]] as const) {
    const mark = spinnerMark(style, x, y + dy, up);
    if (mark) c.fig.path(mark.path, mark.filled ? 'fillStroke' : 'stroke', { stroke: c.fill });
  }
  const [x, y] = layout.text(w, h);
  c.fig.text(x, y, c.style.get('mainText') ?? '100', { size: c.num('textSize', 17), color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY, anchor: 'middle' });
};

export const MOCKUP_FORM_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.mockup.forms.checkboxGroup': checkboxGroup,
  'mxgraph.mockup.forms.radioGroup': radioGroup,
  'mxgraph.mockup.forms.listBox': listBox,
  'mxgraph.mockup.containers.alertBox': alertBox,
  'mxgraph.mockup.forms.calendar': calendar,
  'mxgraph.mockup.forms.spinner': spinner,
};
