/**
 * The iOS 6 palette's buttons, fields and round icons, as diagrams.net's mxMockupiOS.js draws
 * them: each shaded from fillColor to fillColor2 (top to bottom) where it is shaded, with its own
 * text (buttonText, in textColor2 at the style's fontSize) where it sets one, and its stroke widths
 * its own (1.5 px round the icons, 2.5 px for their marks) whatever the style's strokeWidth.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData } from './code-shape-pen';
import { ovalCornerBox } from './code-shapes-mockup-forms';
import { alpha, say, shade, styleFontSize } from './code-shapes-ios-kit';

/** The shading of a shaded iOS control: from its fill to fillColor2 (none unless set). */
const ownShade = (c: ShapeContext) => shade(c, c.fill, c.color('fillColor2', ''));

/** A button's own text: buttonText ("Main Text") in textColor2 (#666666) at the style's fontSize. */
function buttonText(c: ShapeContext, x: number, anchor: 'start' | 'middle', fallbackColour = '#666666'): void {
  say(c, x, c.h / 2, c.style.get('buttonText') ?? 'Main Text', { size: styleFontSize(c), color: c.color('textColor2', fallbackColour), anchor });
}

/** A shaded box of 2.5 px corners, unstroked, its text in the middle. */
const button: Painter = (c) => {
  c.fig.roundRect(0, 0, c.w, c.h, 2.5, 'fill', { fill: ownShade(c) });
  buttonText(c, c.w / 2, 'middle');
};

/** A shaded back (pointing left) or forward button: 2.5 px corners, a point 10 px deep; its text 2.5 px off the middle away from the point. */
function arrowButton(back: boolean): Painter {
  return (c) => {
    const { w, h } = c;
    const r = 2.5;
    // Drawn pointing right; a back button is the same turned about the middle.
    const x = (v: number) => (back ? w - v : v);
    const sweep = back ? 0 : 1;
    const path = new PathData()
      .moveTo(x(0), r).arcTo(r, r, 0, 0, sweep, x(r), 0)
      .lineTo(x(w - 10), 0).lineTo(x(w - 0.87), h / 2 - 0.75)
      .arcTo(r, r, 0, 0, sweep, x(w - 0.87), h / 2 + 0.75)
      .lineTo(x(w - 10), h).lineTo(x(r), h)
      .arcTo(r, r, 0, 0, sweep, x(0), h - r).close();
    c.fig.path(path, 'fill', { fill: ownShade(c) });
    buttonText(c, w / 2 + (back ? 2.5 : -2.5), 'middle');
  };
}

/** Previous/next: a shaded box of 5 px corners split down the middle, a triangle up on the left and down on the right in fillColor3. */
const prevNext: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 0, w, h, 5, 'fill', { fill: ownShade(c) });
  c.fig.path(new PathData().moveTo(w / 2, 0).lineTo(w / 2, h), 'stroke');
  const fill = c.color('fillColor3', '');
  c.fig.path(new PathData().moveTo(w * 0.25, h * 0.25).lineTo(w * 0.35, h * 0.75).lineTo(w * 0.15, h * 0.75).close(), 'fill', { fill });
  c.fig.path(new PathData().moveTo(w * 0.75, h * 0.75).lineTo(w * 0.85, h * 0.25).lineTo(w * 0.65, h * 0.25).close(), 'fill', { fill });
};

/** A text field: a box of 2.5 px corners, its text 2 px in on the left in textColor2 (#000000). */
const textInput: Painter = (c) => {
  c.fig.roundRect(0, 0, c.w, c.h, 2.5);
  buttonText(c, 2, 'start', '#000000');
};

/** A combo box: a white box of 2.5 px corners, its right 15 px shaded with a white arrow down, its text 2.5 px in. */
const comboBox: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 0, w, h, 2.5, 'fillStroke', { fill: '#ffffff' });
  const end = new PathData().moveTo(w - 15, 0).lineTo(w - 2.5, 0).arcTo(2.5, 2.5, 0, 0, 1, w, 2.5).lineTo(w, h - 2.5).arcTo(2.5, 2.5, 0, 0, 1, w - 2.5, h).lineTo(w - 15, h).close();
  c.fig.path(end, 'fillStroke', { fill: ownShade(c) });
  c.fig.path(new PathData().moveTo(w - 11, 5).lineTo(w - 7.5, 10).lineTo(w - 4, 5), 'fill', { fill: '#ffffff' });
  buttonText(c, 2.5, 'start');
};

/**
 * An on/off switch at least twice as wide as high: a pill shaded green (on, the default) or red
 * (off), its knob a white-to-grey circle at the right (on) or left end; its mainText ("ON" / "OFF")
 * white at 8.5 px 0.4 h off the middle, none when mainText is empty.
 */
const onOffButton: Painter = (c) => {
  const h = c.h;
  const w = Math.max(c.w, 2 * h);
  const state = c.style.get('buttonState') ?? 'on';
  const body = state === 'on' ? ['#E2FFEB', '#008215'] : state === 'off' ? ['#cc9999', '#881100'] : undefined;
  if (body) c.fig.roundRect(0, 0, w, h, h / 2, 'fillStroke', { fill: shade(c, body[0], body[1]) });
  c.fig.ellipse(state === 'on' ? w - h : 0, 0, h, h, 'fillStroke', { fill: shade(c, '#ffffff', '#888888') });
  const text = c.style.get('mainText');
  if (text === '' || !body) return;
  const on = state === 'on';
  say(c, w / 2 + (on ? -0.4 : 0.4) * h, h / 2, text || (on ? 'ON' : 'OFF'), { size: 8.5, color: '#ffffff', anchor: 'middle' });
};

/**
 * The lock screen's slider: a translucent dark bar, its 30 px track of 7.5 px corners 10 px in, the
 * light 40 x 25 knob with its grey arrow at the left, and "slide to unlock" (none when mainText is
 * empty) in #cccccc at 12.5 px.
 */
const lockButton: Painter = (c) => {
  const { w, h } = c;
  const m = h / 2;
  c.fig.rect(0, 0, w, h, 'fill', { fill: shade(c, '#4A4F56', '#70757B', 'north'), ...alpha(0.7) });
  c.fig.roundRect(10, m - 15, w - 20, 30, 7.5, 'fill', { fill: shade(c, '#18232D', '#1F2933', 'north'), ...alpha(0.8) });
  c.fig.roundRect(12.5, m - 12.5, 40, 25, 5, 'fill', { fill: shade(c, '#E9F3FD', '#ADB7C1') });
  const arrow = new PathData().moveTo(20, m - 3.5).lineTo(35, m - 3.5).lineTo(35, m - 7.5).lineTo(45, m).lineTo(35, m + 7.5).lineTo(35, m + 3.5).lineTo(20, m + 3.5).close();
  c.fig.path(arrow, 'fillStroke', { fill: shade(c, '#AEB7C1', '#667079'), stroke: '#aabbbb', strokeWidth: 0.5, ...alpha(0.8) });
  if (c.style.get('mainText') !== '') say(c, w / 2 + 20.5, m, 'slide to unlock', { size: 12.5, color: '#cccccc', anchor: 'middle' });
};

/** A round icon shaded from its fill to fillColor2, ringed 1.5 px in its stroke colour, its mark drawn by `mark` 2.5 px wide. */
function roundIcon(mark: (c: ShapeContext, w: number, h: number) => PathData): Painter {
  return (c) => {
    c.fig.ellipse(0, 0, c.w, c.h, 'fillStroke', { fill: ownShade(c), strokeWidth: 1.5 });
    c.fig.path(mark(c, c.w, c.h), 'stroke', { strokeWidth: 2.5 });
  };
}

const arrowMark = (_c: ShapeContext, w: number, h: number) => new PathData().moveTo(w * 0.4, h * 0.22).lineTo(w * 0.65, h * 0.5).lineTo(w * 0.4, h * 0.78);
const minusMark = (_c: ShapeContext, w: number, h: number) => new PathData().moveTo(w * 0.25, h / 2).lineTo(w * 0.75, h / 2);
const plusMark = (c: ShapeContext, w: number, h: number) => minusMark(c, w, h).moveTo(w / 2, h * 0.25).lineTo(w / 2, h * 0.75);
const checkMark = (_c: ShapeContext, w: number, h: number) => new PathData().moveTo(w * 0.25, h / 2).lineTo(w / 2, h * 0.65).lineTo(w * 0.75, h * 0.25);
const crossMark = (_c: ShapeContext, w: number, h: number) => new PathData().moveTo(w * 0.3, h * 0.3).lineTo(w * 0.7, h * 0.7).moveTo(w * 0.3, h * 0.7).lineTo(w * 0.7, h * 0.3);

/** The info icon: a round icon with a white italic "i" (its stem and its dot), filled, not stroked. */
const infoIcon: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h, 'fillStroke', { fill: ownShade(c), strokeWidth: 1.5 });
  const stem = new PathData()
    .moveTo(w * 0.47, h * 0.334)
    .arcTo(w * 0.1, h * 0.15, 60, 0, 1, w * 0.61, h * 0.42)
    .lineTo(w * 0.51, h * 0.7)
    .arcTo(w * 0.026, h * 0.03, 30, 0, 0, w * 0.54, h * 0.74)
    .lineTo(w * 0.608, h * 0.684)
    .arcTo(w * 0.02, h * 0.015, 0, 0, 1, w * 0.638, h * 0.706)
    .arcTo(w * 0.45, h * 0.45, 0, 0, 1, w * 0.42, h * 0.865)
    .arcTo(w * 0.1, h * 0.08, -15, 0, 1, w * 0.325, h * 0.77)
    .lineTo(w * 0.358, h * 0.66)
    .lineTo(w * 0.435, h * 0.46)
    .arcTo(w * 0.023, h * 0.03, 0, 0, 0, w * 0.4, h * 0.43)
    .lineTo(w * 0.338, h * 0.484)
    .arcTo(w * 0.01, h * 0.015, 45, 0, 1, w * 0.31, h * 0.47)
    .arcTo(w * 0.3, h * 0.3, 0, 0, 1, w * 0.47, h * 0.334);
  c.fig.path(stem, 'fill', { fill: '#ffffff' });
  const dot = new PathData()
    .moveTo(w * 0.5438, h * 0.141)
    .arcTo(w * 0.0776, h * 0.0898, 40, 0, 1, w * 0.6671, h * 0.2308)
    .arcTo(w * 0.0776, h * 0.0898, 40, 0, 1, w * 0.5438, h * 0.141)
    .close();
  c.fig.path(dot, 'fill', { fill: '#ffffff' });
};

/** Sort/find: a shaded box of corners a tenth of each side, four lines of a list and a magnifier, w/20 wide in its stroke colour. */
const sortFindIcon: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(ovalCornerBox(0, 0, w, h, w * 0.1, h * 0.1), 'fillStroke', { fill: ownShade(c), strokeWidth: 1.5 });
  const strokeWidth = Math.min(w, h) / 20;
  const lines = new PathData();
  for (const [y, end] of [[0.25, 0.9], [0.4, 0.9], [0.55, 0.6], [0.7, 0.5]]) lines.moveTo(w * 0.1, h * y).lineTo(w * end, h * y);
  c.fig.path(lines, 'stroke', { strokeWidth });
  c.fig.ellipse(w * 0.6, h * 0.6, w * 0.2, h * 0.2, 'stroke', { strokeWidth });
  c.fig.path(new PathData().moveTo(w * 0.77, h * 0.77).lineTo(w * 0.85, h * 0.85), 'stroke', { strokeWidth });
};

/** A box rounded (rSize, 10) at its top or at its bottom. */
function oneSideRounded(top: boolean): Painter {
  return (c) => {
    const { w, h } = c;
    const r = Math.trunc(c.num('rSize', 10));
    const path = top
      ? new PathData().moveTo(0, r).arcTo(r, r, 0, 0, 1, r, 0).lineTo(w - r, 0).arcTo(r, r, 0, 0, 1, w, r).lineTo(w, h).lineTo(0, h).close()
      : new PathData().moveTo(0, 0).lineTo(w, 0).lineTo(w, h - r).arcTo(r, r, 0, 0, 1, w - r, h).lineTo(r, h).arcTo(r, r, 0, 0, 1, 0, h - r).close();
    c.fig.path(path);
  };
}

/** A checked box: the box and a tick in its stroke colour. */
const checkbox: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  c.fig.path(new PathData().moveTo(w * 0.8, h * 0.2).lineTo(w * 0.4, h * 0.8).lineTo(w * 0.25, h * 0.6), 'stroke');
};

/** The glossy top of the iOS boxes: rounded (r) at its top, 17.5 px down the sides and curving across in a shallow arc. */
export function glossPath(w: number, h: number, r: number): PathData {
  return new PathData()
    .moveTo(w - r, 0).arcTo(r, r, 0, 0, 1, w, r).lineTo(w, 17.5)
    .arcTo(w * 1.67, h * 2.5, 0, 0, 1, 0, 17.5).lineTo(0, r).arcTo(r, r, 0, 0, 1, r, 0).close();
}

/** A glossy box of rSize (10) corners: the box, its gloss (its fill to white, at 30 %) and its outline again at 80 %, 1 px. */
const fancyRRect: Painter = (c) => {
  const { w, h } = c;
  const r = Math.trunc(c.num('rSize', 10));
  c.fig.roundRect(0, 0, w, h, r);
  c.fig.path(glossPath(w, h, r), 'fillStroke', { fill: shade(c, c.fill, '#ffffff'), stroke: c.fill, ...alpha(0.3) });
  c.fig.roundRect(0, 0, w, h, r, 'stroke', { strokeWidth: 1, ...alpha(0.8) });
};

export const IOS_CONTROL_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.ios.iButton': button,
  'mxgraph.ios.iButtonBack': arrowButton(true),
  'mxgraph.ios.iButtonFw': arrowButton(false),
  'mxgraph.ios.iPrevNext': prevNext,
  'mxgraph.ios.iTextInput': textInput,
  'mxgraph.ios.iComboBox': comboBox,
  'mxgraph.ios.iOnOffButton': onOffButton,
  'mxgraph.ios.iLockButton': lockButton,
  'mxgraph.ios.iArrowIcon': roundIcon(arrowMark),
  'mxgraph.ios.iDeleteIcon': roundIcon(minusMark),
  'mxgraph.ios.iAddIcon': roundIcon(plusMark),
  'mxgraph.ios.iCheckIcon': roundIcon(checkMark),
  'mxgraph.ios.iDeleteApp': roundIcon(crossMark),
  'mxgraph.ios.iInfoIcon': infoIcon,
  'mxgraph.ios.iSortFindIcon': sortFindIcon,
  'mxgraph.ios.topButton': oneSideRounded(true),
  'mxgraph.ios.bottomButton': oneSideRounded(false),
  'mxgraph.ios.checkbox': checkbox,
  'mxgraph.ios.fancyRRect': fancyRRect,
};
