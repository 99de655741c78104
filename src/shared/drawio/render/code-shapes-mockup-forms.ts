/**
 * The Mockups palette's option lists, as mxMockupForms.js draws them: the checkbox and radio
 * groups (a box of options, one line each, 15 px buttons shaded grey) and the list box (a titled
 * box of items, the chosen one shaded), and the alert box (mxMockupContainers.js). Each names its options in mainText or subText, separated
 * by commas, the chosen one marked with a leading "+".
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { polyline } from './code-shape-pen';
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

export const MOCKUP_FORM_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.mockup.forms.checkboxGroup': checkboxGroup,
  'mxgraph.mockup.forms.radioGroup': radioGroup,
  'mxgraph.mockup.forms.listBox': listBox,
  'mxgraph.mockup.containers.alertBox': alertBox,
};
