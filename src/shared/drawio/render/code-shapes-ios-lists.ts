/**
 * The iOS 6 palette's lists, groups, dialogs and small controls, as diagrams.net's mxMockupiOS.js
 * draws them: the vertical and horizontal button bars, the radio and checkbox groups (buttonText's options, the
 * chosen marked "+"), the alphabet list, the icon grid, the page controls, the compass direction,
 * and the alert and dialog boxes.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData } from './code-shape-pen';
import { glossPath } from './code-shapes-ios-controls';
import { box } from './code-shapes-mockup';
import { optionsOf } from './code-shapes-mockup-forms';
import { measuredWidth, spread } from './code-shapes-mockup-steps';
import { alpha, listOf, say, shade, styleFontSize, translucent } from './code-shapes-ios-kit';
import { textWidth } from './text-metrics';

/**
 * The vertical button bar: a box of 2.5 px corners of buttonText's buttons ("+Button 1, Button 2,
 * Button 3"), each at least 1.5 x fontSize high, split by strokeColor2 (#c4c4c4) lines, the chosen
 * one shaded #5D7585 to #008cff; names 10 px in (textColor #666666, the chosen textColor2 #ffffff),
 * each with a chevron 20 px from the right in strokeColor2.
 */
const buttonBar: Painter = (c) => {
  const size = styleFontSize(c);
  const { names, chosen } = optionsOf(c.style.get('buttonText') ?? '+Button 1, Button 2, Button 3');
  const selected = chosen.lastIndexOf(true);
  const lineH = size * 1.5;
  const minH = names.length * lineH;
  const h = Math.max(c.h, minH);
  const w = Math.max(c.w, 5 + Math.max(0, ...names.map((name) => textWidth(name, size))));
  const r = 2.5;
  const at = (i: number) => (i * lineH * h) / minH;
  const frame = () => new PathData().moveTo(0, r).arcTo(r, r, 0, 0, 1, r, 0).lineTo(w - r, 0).arcTo(r, r, 0, 0, 1, w, r).lineTo(w, h - r).arcTo(r, r, 0, 0, 1, w - r, h).lineTo(r, h).arcTo(r, r, 0, 0, 1, 0, h - r).close();
  c.fig.path(frame(), 'fillStroke', { strokeWidth: 1 });
  const separator = c.color('strokeColor2', '#c4c4c4');
  const lines = new PathData();
  for (let i = 1; i < names.length; i++) if (i !== selected && i !== selected + 1) lines.moveTo(0, at(i)).lineTo(w, at(i));
  c.fig.path(lines, 'stroke', { stroke: separator });
  if (selected >= 0) {
    const top = at(selected);
    const bottom = at(selected + 1);
    const band = new PathData();
    if (selected === 0) band.moveTo(0, r).arcTo(r, r, 0, 0, 1, r, 0).lineTo(w - r, 0).arcTo(r, r, 0, 0, 1, w, r).lineTo(w, bottom).lineTo(0, bottom).close();
    else if (selected === names.length - 1) band.moveTo(0, top).lineTo(w, top).lineTo(w, h - r).arcTo(r, r, 0, 0, 1, w - r, h).lineTo(r, h).arcTo(r, r, 0, 0, 1, 0, h - r).close();
    else band.moveTo(0, top).lineTo(w, top).lineTo(w, bottom).lineTo(0, bottom).close();
    c.fig.path(band, 'fill', { fill: shade(c, '#5D7585', '#008cff') });
  }
  c.fig.path(frame(), 'stroke');
  const m = size / 2;
  names.forEach((name, i) => {
    const y = ((i + 0.5) * lineH * h) / minH;
    say(c, 10, y, name, { size, color: i === selected ? c.color('textColor2', '#ffffff') : c.color('textColor', '#666666') });
    c.fig.path(new PathData().moveTo(w - 20 - m, y - m).lineTo(w - 20, y).lineTo(w - 20 - m, y + m), 'stroke', { stroke: separator, strokeWidth: size * 0.3 });
  });
};

/**
 * A group of options (buttonText, "Option 1"): a box of 2.5 px corners, a line each at least
 * 1.5 x fontSize high, names 12.5 px in in textColor2 (#666666), each after a 5 px button shaded
 * #eeeeee to #cccccc, or #aaaaaa to #666666 with its mark when chosen.
 */
function optionGroup(drawButton: (c: ShapeContext, x: number, y: number, chosen: boolean) => void): Painter {
  return (c) => {
    const size = styleFontSize(c);
    const { names, chosen } = optionsOf(c.style.get('buttonText') ?? 'Option 1');
    const lineH = Math.max(size * 1.5, 5);
    const minH = names.length * lineH;
    const h = Math.max(c.h, minH);
    const w = Math.max(c.w, 15 + Math.max(0, ...names.map((name) => textWidth(name, size))));
    c.fig.roundRect(0, 0, w, h, 2.5);
    names.forEach((name, i) => {
      const y = ((i + 0.5) * lineH * h) / minH;
      say(c, 12.5, y, name, { size, color: c.color('textColor2', '#666666') });
      drawButton(c, 2.5, y - 2.5, chosen[i]);
    });
  };
}

const buttonShade = (c: ShapeContext, chosen: boolean) => ({ fill: chosen ? shade(c, '#aaaaaa', '#666666') : shade(c, '#eeeeee', '#cccccc'), stroke: '#000000' });

const radioButton = (c: ShapeContext, x: number, y: number, chosen: boolean) => {
  c.fig.ellipse(x, y, 5, 5, 'fillStroke', buttonShade(c, chosen));
  if (chosen) c.fig.ellipse(x + 1.25, y + 1.25, 2.5, 2.5, 'fillStroke', { fill: '#333333', stroke: '#333333' });
};

const checkButton = (c: ShapeContext, x: number, y: number, chosen: boolean) => {
  c.fig.rect(x, y, 5, 5, 'fillStroke', buttonShade(c, chosen));
  if (chosen) c.fig.path(new PathData().moveTo(x + 1.25, y + 2.5).lineTo(x + 2.5, y + 3.75).lineTo(x + 3.75, y + 1.25), 'stroke', { stroke: '#333333' });
};

const ALPHABET = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ#'];

/** The alphabet index: a magnifier at the top, then A..Z and # in #999999 at the fontSize, every 3.45 % of the height. */
const alphaList: Painter = (c) => {
  const { w, h } = c;
  ALPHABET.forEach((letter, i) => say(c, w / 2, h * (0.069 + 0.0345 * i), letter, { size: styleFontSize(c), color: '#999999', anchor: 'middle' }));
  const y = h * 0.0345;
  c.fig.ellipse(w / 2 - 2.25, y - 3.5, 4.5, 4.5, 'stroke', { stroke: '#999999' });
  c.fig.path(new PathData().moveTo(w / 2 - 4.25, y + 3).lineTo(w / 2 - 1.75, y), 'stroke', { stroke: '#999999' });
};

/** An icon grid (gridSize "columns,rows", 3,3): crossed boxes half a box apart. */
const iconGrid: Painter = (c) => {
  const [columns, rows] = listOf(c, 'gridSize', '3,3').map((n) => Number.parseInt(n, 10));
  const boxW = c.w / (columns + (columns - 1) * 0.5);
  const boxH = c.h / (rows + (rows - 1) * 0.5);
  const cells: Array<[number, number]> = [];
  for (let i = 0; i < columns; i++) for (let j = 0; j < rows; j++) cells.push([boxW * 1.5 * i, boxH * 1.5 * j]);
  for (const [x, y] of cells) c.fig.rect(x, y, boxW, boxH);
  for (const [x, y] of cells) c.fig.path(new PathData().moveTo(x, y).lineTo(x + boxW, y + boxH).moveTo(x + boxW, y).lineTo(x, y + boxH), 'stroke');
};

/** The radius of a page control's dots: half the height, at most 5 % of the width. */
const dotRadius = (c: ShapeContext) => Math.min(c.h / 2, c.w * 0.05);

/** The dots right of a page control's first: at 35 %, 65 % and the right end, in the fill. */
function laterDots(c: ShapeContext, r: number): void {
  for (const x of [c.w * 0.35 - r, c.w * 0.65 - r, c.w - 2 * r]) c.fig.ellipse(x, c.h / 2 - r, 2 * r, 2 * r, 'fill');
}

/** The home screen's page control: a magnifier in the stroke colour, then three dots. */
const homePageControl: Painter = (c) => {
  const r = dotRadius(c);
  const m = c.h / 2;
  laterDots(c, r);
  c.fig.ellipse(r * 0.2, m - r * 0.8, r * 1.2, r * 1.2, 'stroke');
  c.fig.path(new PathData().moveTo(r * 1.15, m + r * 0.25).lineTo(r * 1.6, m + r * 0.8), 'stroke');
};

/** A page control: the current page's dot in the stroke colour, then three in the fill. */
const pageControl: Painter = (c) => {
  const r = dotRadius(c);
  c.fig.ellipse(0, c.h / 2 - r, 2 * r, 2 * r, 'fill', { fill: c.stroke });
  laterDots(c, r);
};

/** The map's heading: a #008cff ring, a white cone fading up to the middle, and a blue dot with a white glint there. */
const direction: Painter = (c) => {
  const { w, h } = c;
  const blue = { stroke: '#008cff', strokeWidth: 0.5 };
  c.fig.ellipse(0, 0, w, h, 'stroke', blue);
  c.fig.path(new PathData().moveTo(w * 0.29, h * 0.2).lineTo(w / 2, h / 2).lineTo(w * 0.71, h * 0.2), 'fillStroke', { ...blue, fill: shade(c, '#ffffff', '#ffffff', 'north', [1, 0]) });
  c.fig.ellipse(w * 0.47, h * 0.47, w * 0.06, h * 0.06, 'fillStroke', { ...blue, stroke: '#006cdf', fill: shade(c, '#ffffff', '#007cef') });
  c.fig.ellipse(w * 0.4825, h * 0.4825, w * 0.015, h * 0.015, 'fill', { fill: '#ffffff', ...alpha(0.8) });
};

/**
 * An alert box (at least 15 x 15): a blue box of 7.5 px corners at 80 %, its gloss, a white
 * outline, `buttons` buttons 20 px high along the bottom, and buttonText's title, two lines and
 * button names in white.
 */
function messageBox(buttons: 1 | 2): Painter {
  return (c) => {
    const w = Math.max(c.w, 15);
    const h = Math.max(c.h, 15);
    const r = 7.5;
    c.fig.roundRect(0, 0, w, h, r, 'fillStroke', { fill: shade(c, '#497198', '#193168'), strokeWidth: 1, ...alpha(0.8) });
    const light = shade(c, '#497198', '#c5cee1');
    c.fig.path(glossPath(w, h, r), 'fillStroke', { fill: light, stroke: '#497198', strokeWidth: 1, ...alpha(0.5) });
    const white = { stroke: '#ffffff', strokeWidth: 1, ...alpha(0.8) };
    c.fig.roundRect(0, 0, w, h, r, 'stroke', white);
    const buttonW = buttons === 1 ? w - 10 : w / 2 - 10;
    c.fig.roundRect(5, h - 25, buttonW, 20, 2.5, 'fillStroke', { ...white, fill: light });
    if (buttons === 2) c.fig.roundRect(w / 2 + 2.5, h - 25, buttonW, 20, 2.5, 'fillStroke', { ...white, fill: light });
    const text = listOf(c, 'buttonText', 'Main Text');
    const [title, ...rest] = text;
    const names = rest.slice(0, buttons);
    const [line1, line2] = rest.slice(buttons);
    const paint = (size: number) => ({ size, color: '#ffffff', anchor: 'middle' as const });
    translucent(c, 0.9, () => {
      say(c, w / 2, h * 0.15, title, paint(9.5));
      say(c, w / 2, h * 0.4, line1, paint(8));
      say(c, w / 2, h * 0.55, line2, paint(8));
      names.forEach((name, i) => say(c, buttons === 1 ? w / 2 : w * (0.25 + 0.5 * i), h - 15, name, paint(8.5)));
    });
  };
}

/**
 * The horizontal button bar: buttonText's buttons ("+Button 1, Button 2, Button 3") side by side,
 * each as wide as its name (at the fontSize) plus 2.5 px either side, stretched to the width, at
 * least 1.5 x fontSize and 10 px high; split by strokeColor2 (#c4c4c4) lines, the chosen one shaded
 * #5D7585 to #008cff, names centred (textColor #666666, the chosen textColor2 #ffffff).
 */
const horButtonBar: Painter = (c) => {
  const size = styleFontSize(c);
  const { names, chosen } = optionsOf(c.style.get('buttonText') ?? '+Button 1, Button 2, Button 3');
  const selected = chosen.lastIndexOf(true);
  const widths = names.map((name) => measuredWidth(name, size));
  const { middles, starts } = spread(widths, c.w, 2.5);
  const w = Math.max(c.w, widths.reduce((sum, width) => sum + width + 5, 0));
  const h = Math.max(c.h, size * 1.5, 10);
  const r = 2.5;
  c.fig.path(box(w, h, r, [true, true, true, true]));
  const lines = new PathData();
  starts.forEach((x, n) => {
    if (n + 1 !== selected && n + 1 !== selected + 1) lines.moveTo(x, 0).lineTo(x, h);
  });
  c.fig.path(lines, 'stroke', { stroke: c.color('strokeColor2', '#c4c4c4') });
  if (selected >= 0) {
    const left = selected === 0 ? 0 : starts[selected - 1];
    const right = selected === names.length - 1 ? w : starts[selected];
    const band = new PathData();
    if (selected === 0) band.moveTo(0, r).arcTo(r, r, 0, 0, 1, r, 0).lineTo(right, 0).lineTo(right, h).lineTo(r, h).arcTo(r, r, 0, 0, 1, 0, h - r).close();
    else if (selected === names.length - 1) band.moveTo(left, 0).lineTo(right - r, 0).arcTo(r, r, 0, 0, 1, right, r).lineTo(right, h - r).arcTo(r, r, 0, 0, 1, right - r, h).lineTo(left, h).close();
    else band.moveTo(left, 0).lineTo(right, 0).lineTo(right, h).lineTo(left, h).close();
    c.fig.path(band, 'fill', { fill: shade(c, '#5D7585', '#008cff') });
  }
  c.fig.path(box(w, h, r, [true, true, true, true]), 'stroke');
  names.forEach((name, i) => say(c, middles[i], h / 2, name, { size, color: i === selected ? c.color('textColor2', '#ffffff') : c.color('textColor', '#666666'), anchor: 'middle' }));
};

export const IOS_LIST_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.ios.iButtonBar': buttonBar,
  'mxgraph.ios.iHorButtonBar': horButtonBar,
  'mxgraph.ios.iRadioGroup': optionGroup(radioButton),
  'mxgraph.ios.iCheckboxGroup': optionGroup(checkButton),
  'mxgraph.ios.iAlphaList': alphaList,
  'mxgraph.ios.iIconGrid': iconGrid,
  'mxgraph.ios.iHomePageControl': homePageControl,
  'mxgraph.ios.iPageControl': pageControl,
  'mxgraph.ios.iDir': direction,
  'mxgraph.ios.iAlertBox': messageBox(1),
  'mxgraph.ios.iDialogBox': messageBox(2),
};
