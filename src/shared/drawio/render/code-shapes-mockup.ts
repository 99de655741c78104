/**
 * Mockup shapes diagrams.net draws in code (its mxMockup*.js files): the rounded boxes and the
 * invisible anchors its Mockups palettes build buttons, bars and forms from, boxes rounded on one
 * side, the round or chevron button (of one or two lines), the on/off switch, the browser window and the window, and the form fields
 * (checkbox, search box, password field, combo box). Where diagrams.net draws a shape's own text
 * (`mainText`, which the palettes leave empty so the cell's label shows instead), it is drawn too.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData, polyline, type Point, type TextPaint } from './code-shape-pen';
import { DEFAULT_FONT_FAMILY } from './label-look';
import { linearGradient, xmlAttr } from './stencil-figure';

/** A mockup's `rSize` (its corners' radius, 10 unless set), read as a whole number as diagrams.net reads it. */
function cornerRadius(c: ShapeContext): number {
  const value = Math.trunc(c.num('rSize', 10));
  return Number.isFinite(value) ? value : 10;
}

/** The text a mockup draws itself: `mainText` (its default when the style has none), or nothing when empty. */
function ownText(c: ShapeContext, fallback: string): string {
  return c.style.get('mainText') ?? fallback;
}

/** The paint of a mockup's own text: `textColor` (#666666) at `textSize` (17 px). */
function textPaint(c: ShapeContext, extra: Partial<TextPaint> = {}): TextPaint {
  return { size: c.num('textSize', 17), color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY, ...extra };
}

/** A box (w x h from `at`) of corners [top left, top right, bottom right, bottom left], each round (radius r) or square. */
export function box(w: number, h: number, r: number, round: readonly [boolean, boolean, boolean, boolean], at: Point = [0, 0]): PathData {
  const [tl, tr, br, bl] = round;
  const [x, y] = at;
  const path = new PathData().moveTo(x, y + (tl ? r : 0));
  if (tl) path.arcTo(r, r, 0, 0, 1, x + r, y);
  path.lineTo(x + (tr ? w - r : w), y);
  if (tr) path.arcTo(r, r, 0, 0, 1, x + w, y + r);
  path.lineTo(x + w, y + (br ? h - r : h));
  if (br) path.arcTo(r, r, 0, 0, 1, x + w - r, y + h);
  path.lineTo(x + (bl ? r : 0), y + h);
  if (bl) path.arcTo(r, r, 0, 0, 1, x, y + h - r);
  return path.close();
}

/** A box of `rSize` corners (the mockup, bootstrap, iOS and Android libraries' rrect). */
export const roundedRect: Painter = (c) => {
  c.fig.roundRect(0, 0, c.w, c.h, cornerRadius(c));
};

/** An anchor holds a label (a button bar's caption) and draws nothing. */
export const anchor: Painter = () => {};

/** A box rounded on one side (`rSize`, 10): its top, bottom, left or right. */
function roundedSide(round: readonly [boolean, boolean, boolean, boolean]): Painter {
  return (c) => {
    c.fig.path(box(c.w, c.h, cornerRadius(c), round));
  };
}

/** A button's body: a box of 10 px corners, or a chevron with buttonStyle=chevron. */
function buttonBody(c: ShapeContext): void {
  const { w, h } = c;
  if (c.style.get('buttonStyle') !== 'chevron') {
    c.fig.path(box(w, h, 10, [true, true, true, true]));
    return;
  }
  const chevron = new PathData()
    .moveTo(0, h * 0.1)
    .arcTo(w * 0.0372, h * 0.1111, 0, 0, 1, w * 0.0334, 0)
    .lineTo(w * 0.768, 0)
    .arcTo(w * 0.0722, h * 0.216, 0, 0, 1, w * 0.8014, h * 0.0399)
    .lineTo(w * 0.99, h * 0.4585)
    .arcTo(w * 0.09, h * 0.1, 0, 0, 1, w * 0.99, h * 0.5415)
    .lineTo(w * 0.8014, h * 0.9568)
    .arcTo(w * 0.0722, h * 0.216, 0, 0, 1, w * 0.768, h)
    .lineTo(w * 0.0334, h)
    .arcTo(w * 0.0372, h * 0.1111, 0, 0, 1, 0, h * 0.9)
    .close();
  c.fig.path(chevron);
}

/** A button: its body, its `mainText` bold in the middle. */
const button: Painter = (c) => {
  buttonBody(c);
  c.fig.text(c.w / 2, c.h / 2, ownText(c, 'Main Text'), textPaint(c, { bold: true, anchor: 'middle' }));
};

/** A button of two lines: its body, `mainText` bold at 40 % of its height and `subText` (1/1.4 the size) at 70 %. */
const multiButton: Painter = (c) => {
  buttonBody(c);
  const main = textPaint(c, { bold: true, anchor: 'middle' });
  c.fig.text(c.w / 2, c.h * 0.4, ownText(c, 'Main Text'), main);
  c.fig.text(c.w / 2, c.h * 0.7, c.style.get('subText') ?? 'Sub Text', { ...main, size: main.size / 1.4 });
};

/**
 * An on/off switch (at least 10 x 10): a box of 10 px corners and, on (buttonState=on, the
 * default), its left three quarters in fillColor2 with the first of mainText ("ON,OFF") in the
 * first of textColor ("#ffffff,#999999"); off, its right three quarters in the fill with the second.
 */
const onOffButton: Painter = (c) => {
  const w = Math.max(c.w, 10);
  const h = Math.max(c.h, 10);
  c.fig.roundRect(0, 0, w, h, 10);
  const state = c.style.get('buttonState') ?? 'on';
  const colours = (c.style.get('textColor') ?? '#ffffff,#999999').split(',');
  const words = ownText(c, 'ON,OFF').split(',');
  if (state === 'on') c.fig.roundRect(0, 0, w * 0.75, h, 10, 'fillStroke', { fill: c.color('fillColor2', '#008cff') });
  else c.fig.roundRect(w * 0.25, 0, w * 0.75, h, 10);
  const paint = (n: number) => ({ ...textPaint(c, { bold: true, anchor: 'middle' as const }), color: colours[n] ?? '#666666' });
  if (state === 'on') c.fig.text(w * 0.375, h / 2, words[0] ?? '', paint(0));
  else if (state === 'off') c.fig.text(w * 0.625, h / 2, words[1] ?? '', paint(1));
};

/** A page icon (15 x 18 with its corner folded) at (x, y), its outline `width` wide and its fold half the shape's stroke. */
function pageIcon(c: ShapeContext, x: number, y: number, width: number, stroke: string): void {
  c.fig.path(polyline([[x, y], [x + 11, y], [x + 15, y + 4], [x + 15, y + 18], [x, y + 18]], true), 'stroke', { stroke, strokeWidth: width });
  c.fig.path(polyline([[x + 11, y], [x + 11, y + 4], [x + 15, y + 5]], false), 'stroke', { stroke, strokeWidth: c.strokeWidth * 0.5 });
}

/** The three buttons at a window's top right: two in the frame's colour, the last (close) in strokeColor2. */
function windowButtons(c: ShapeContext, w: number): void {
  c.fig.ellipse(w - 75, 5, 20, 20, 'stroke');
  c.fig.ellipse(w - 50, 5, 20, 20, 'stroke');
  c.fig.ellipse(w - 25, 5, 20, 20, 'stroke', { stroke: c.color('strokeColor2', '#008cff') });
}

/**
 * A browser window (at least 260 x 110): the frame, its buttons, a tab with a page icon and the
 * page's title, the address bar with a page icon and the address (mainText: "address,title"),
 * and back, forward and reload arrows, in strokeColor3.
 */
const browserWindow: Painter = (c) => {
  const w = Math.max(c.w, 260);
  const h = Math.max(c.h, 110);
  const inside = c.color('strokeColor3', '#c4c4c4');
  c.fig.path(polyline([[0, 0], [w, 0], [w, h], [0, h]], true));
  windowButtons(c, w);
  const tab = new PathData().moveTo(0, 40).lineTo(30, 40).lineTo(30, 15).arcTo(5, 5, 0, 0, 1, 35, 10).lineTo(170, 10).arcTo(5, 5, 0, 0, 1, 175, 15).lineTo(175, 40).lineTo(w, 40);
  c.fig.path(tab.moveTo(0, 110).lineTo(w, 110), 'stroke', { stroke: inside });
  const address = new PathData().moveTo(100, 60).arcTo(5, 5, 0, 0, 1, 105, 55).lineTo(w - 15, 55).arcTo(5, 5, 0, 0, 1, w - 10, 60).lineTo(w - 10, 85);
  c.fig.path(address.arcTo(5, 5, 0, 0, 1, w - 15, 90).lineTo(105, 90).arcTo(5, 5, 0, 0, 1, 100, 85).close(), 'stroke', { stroke: inside });
  const [url, title] = ownText(c, 'http://www.draw.io,Page 1').split(',');
  c.fig.text(65, 25, title ?? '', textPaint(c, { size: 17 }));
  c.fig.text(130, 73, url ?? '', textPaint(c, { size: 17 }));
  pageIcon(c, 37, 17, c.strokeWidth, inside);
  pageIcon(c, 107, 64, c.strokeWidth * 2, inside);
  // The arrows, 20 px, filled and stroked (twice the stroke) in the inside colour.
  const arrows = { fill: inside, stroke: inside, strokeWidth: c.strokeWidth * 2 };
  const at = (x: number, y: number, points: readonly Point[]) => polyline(points.map(([px, py]) => [x + px * 20, y + py * 20] as const), true);
  c.fig.path(at(12, 64, [[0, 0.5], [0.5, 0], [0.5, 0.3], [1, 0.3], [1, 0.7], [0.5, 0.7], [0.5, 1]]), 'fillStroke', arrows);
  c.fig.path(at(42, 64, [[1, 0.5], [0.5, 0], [0.5, 0.3], [0, 0.3], [0, 0.7], [0.5, 0.7], [0.5, 1]]), 'fillStroke', arrows);
  const [x, y, s] = [72, 64, 20];
  const reload = new PathData()
    .moveTo(x + s * 0.78, y + s * 0.665)
    .arcTo(s * 0.3, s * 0.3, 0, 1, 1, x + s * 0.675, y + s * 0.252)
    .lineTo(x + s * 0.595, y + s * 0.325)
    .lineTo(x + s * 0.99, y + s * 0.415)
    .lineTo(x + s * 0.9, y + s * 0.04)
    .lineTo(x + s * 0.815, y + s * 0.12)
    .arcTo(s * 0.49, s * 0.49, 0, 1, 0, x + s * 0.92, y + s * 0.8)
    .close();
  c.fig.path(reload, 'fillStroke', arrows);
};

/** A window (at least 90 x 30): the frame, its buttons, the title bar's line and its title (mainText). */
const windowShape: Painter = (c) => {
  const w = Math.max(c.w, 90);
  const h = Math.max(c.h, 30);
  c.fig.rect(0, 0, w, h);
  windowButtons(c, w);
  c.fig.path(new PathData().moveTo(0, 30).lineTo(w, 30), 'stroke', { stroke: c.color('strokeColor3', '#c4c4c4') });
  c.fig.text(10, 15, ownText(c, 'Window Title'), textPaint(c));
};

/** A checkbox: the box and its tick. */
export const checkbox: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  c.fig.path(polyline([[w * 0.8, h * 0.2], [w * 0.4, h * 0.8], [w * 0.25, h * 0.6]], false), 'stroke');
};

/** A box open at the bottom (a tab). */
const openBottom: Painter = (c) => {
  c.fig.path(polyline([[0, c.h], [0, 0], [c.w, 0], [c.w, c.h]], false));
};

/** A text field: the box and its text (mainText) from 5 px in, at mid-height. */
function textField(fallback: string): Painter {
  return (c) => {
    c.fig.rect(0, 0, c.w, c.h);
    c.fig.text(5, c.h / 2, ownText(c, fallback), textPaint(c));
  };
}

/** A search box: a text field with a magnifier (a 10 px ring and its handle) in strokeColor2 at the right. */
const searchBox: Painter = (c) => {
  const { w, h } = c;
  textField('Search')(c);
  const magnifier = { stroke: c.color('strokeColor2', '#008cff') };
  c.fig.ellipse(w - 15, h / 2 - 8, 10, 10, 'stroke', magnifier);
  c.fig.path(new PathData().moveTo(w - 19, h / 2 + 9).lineTo(w - 13, h / 2 + 1), 'stroke', magnifier);
};

/** A combo box: a white box of 5 px corners, its button (30 px, shaded from fillColor to fillColor2) with a white arrow, and its text. */
const comboBox: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 0, w, h, 5, 'fillStroke', { fill: '#ffffff' });
  c.fig.raw(linearGradient(c.gradientId, c.fill, c.color('fillColor2', c.fill), 'south'));
  const buttonPath = new PathData().moveTo(w - 30, 0).lineTo(w - 5, 0).arcTo(5, 5, 0, 0, 1, w, 5).lineTo(w, h - 5).arcTo(5, 5, 0, 0, 1, w - 5, h).lineTo(w - 30, h).close();
  c.fig.path(buttonPath, 'fillStroke', { fill: `url(#${xmlAttr(c.gradientId)})` });
  c.fig.path(polyline([[w - 22, h / 2 - 5], [w - 15, h / 2 + 5], [w - 8, h / 2 - 5]], false), 'fill', { fill: '#ffffff' });
  c.fig.text(5, h / 2, ownText(c, 'Main Text'), textPaint(c));
};

const ROUNDED_RECTS = ['mxgraph.mockup.rrect', 'mxgraph.mockup.containers.rrect', 'mxgraph.mockup.forms.rrect', 'mxgraph.mockup.graphics.rrect', 'mxgraph.mockup.misc.rrect', 'mxgraph.mockup.text.rrect', 'mxgraph.ios.rrect'];
const ANCHORS = ['mxgraph.mockup.anchor', 'mxgraph.mockup.containers.anchor', 'mxgraph.mockup.forms.anchor', 'mxgraph.mockup.graphics.anchor', 'mxgraph.mockup.misc.anchor', 'mxgraph.mockup.navigation.anchor', 'mxgraph.ios.anchor'];
/** The boxes rounded on one side (`rSize`): the mockup, bootstrap and iOS libraries' top, bottom, left and right buttons. */
export const SIDE_BUTTONS = {
  top: roundedSide([true, true, false, false]),
  bottom: roundedSide([false, false, true, true]),
  left: roundedSide([true, false, false, true]),
  right: roundedSide([false, true, true, false]),
} as const;

export const MOCKUP_SHAPES: Readonly<Record<string, Painter>> = {
  ...Object.fromEntries(ROUNDED_RECTS.map((name) => [name, roundedRect])),
  ...Object.fromEntries(ANCHORS.map((name) => [name, anchor])),
  'mxgraph.mockup.topButton': SIDE_BUTTONS.top,
  'mxgraph.mockup.containers.topButton': SIDE_BUTTONS.top,
  'mxgraph.mockup.bottomButton': SIDE_BUTTONS.bottom,
  'mxgraph.mockup.leftButton': SIDE_BUTTONS.left,
  'mxgraph.mockup.containers.leftButton': SIDE_BUTTONS.left,
  'mxgraph.mockup.rightButton': SIDE_BUTTONS.right,
  'mxgraph.mockup.buttons.button': button,
  'mxgraph.mockup.buttons.multiButton': multiButton,
  'mxgraph.mockup.buttons.onOffButton': onOffButton,
  'mxgraph.mockup.containers.browserWindow': browserWindow,
  'mxgraph.mockup.containers.window': windowShape,
  'mxgraph.mockup.forms.checkbox': checkbox,
  'mxgraph.mockup.forms.uRect': openBottom,
  'mxgraph.mockup.forms.searchBox': searchBox,
  'mxgraph.mockup.forms.pwField': textField('******'),
  'mxgraph.mockup.forms.comboBox': comboBox,
};
