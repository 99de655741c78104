/**
 * More of diagrams.net's Mockups palette drawn in code as its mxMockup*.js files draw them: the
 * markup shapes (mxMockupMarkup.js: curly brace, line, scratch-out, red X), the controls
 * (mxMockupMisc.js's progress bar, mxMockupForms.js's horizontal slider and splitter,
 * mxMockupNavigation.js's scroll bar and page control), the boxes with margins
 * (mxMockupContainers.js), the map pin, rating and ruler (mxMockupMisc.js), the link, pagination, alphanumeric index, text box, sticky
 * notes and bulleted list (mxMockupText.js, mxMockupNavigation.js).
 */
import type { LabelRestyle, Painter, ShapeContext } from './code-shape-context';
import { clamp, numberOf } from './code-shape-context';
import { CANVAS_FONT, PathData, polyline, type Point, type TextPaint } from './code-shape-pen';
import { DEFAULT_FONT_FAMILY } from './label-look';
import { linearGradient, xmlAttr } from './stencil-figure';
import { textWidth } from './text-metrics';

/** A position in percent (`barPos`, `sliderPos`), 0 to 100, as the shapes clamp it. */
function percent(c: ShapeContext, key: string, fallback: number): number {
  return clamp(c.num(key, fallback), 0, 100);
}

/** A brace lying on its back: two quarter turns at each end and two meeting in a point at the top middle. */
const curlyBrace: Painter = (c) => {
  const { w, h } = c;
  const mid = h * 0.5;
  const r = Math.min(w * 0.125, mid);
  const brace = new PathData()
    .moveTo(0, mid + r)
    .arcTo(r, r, 0, 0, 1, r, mid)
    .lineTo(w * 0.5 - r, mid)
    .arcTo(r, r, 0, 0, 0, w * 0.5, mid - r)
    .arcTo(r, r, 0, 0, 0, w * 0.5 + r, mid)
    .lineTo(w - r, mid)
    .arcTo(r, r, 0, 0, 1, w, mid + r);
  c.fig.path(brace, 'stroke');
};

/** A line across the middle. */
const line: Painter = (c) => {
  c.fig.path(new PathData().moveTo(0, c.h / 2).lineTo(c.w, c.h / 2), 'stroke');
};

/** The scribble that crosses something out: diagrams.net's fifteen curves, in fractions of the box. */
const SCRATCH: ReadonlyArray<readonly [number, number, number, number, number, number]> = [
  [0.038, 0.095, 0.289, -0.045, 0.186, 0.05],
  [0.084, 0.145, -0.046, 0.251, 0.072, 0.208],
  [0.191, 0.164, 0.522, -0.09, 0.366, 0.062],
  [0.21, 0.215, -0.094, 0.38, 0.108, 0.304],
  [0.309, 0.228, 0.73, -0.126, 0.544, 0.096],
  [0.358, 0.319, -0.168, 0.592, 0.108, 0.476],
  [0.382, 0.36, 0.972, -0.138, 0.779, 0.114],
  [0.585, 0.365, -0.12, 0.688, 0.071, 0.639],
  [0.262, 0.59, 1.174, 0.012, 0.936, 0.238],
  [0.699, 0.462, -0.216, 0.855, 0.085, 0.806],
  [0.386, 0.758, 1.185, 0.26, 0.935, 0.534],
  [0.685, 0.808, -0.186, 0.94, 0.236, 0.895],
  [0.659, 0.85, 1.095, 0.608, 0.905, 0.769],
  [0.715, 0.93, 0.286, 0.962, 0.661, 0.931],
];

const scratchOut: Painter = (c) => {
  const { w, h } = c;
  const path = new PathData().moveTo(w * 0.038, h * 0.095);
  for (const [x1, y1, x2, y2, x, y] of SCRATCH) path.curveTo(w * x1, h * y1, w * x2, h * y2, w * x, h * y);
  c.fig.path(path, 'stroke');
};

/** A thick X (filled and stroked), its arms a tenth of the box wide. */
const RED_X: readonly Point[] = [[0.1, 0], [0.5, 0.4], [0.9, 0], [1, 0.1], [0.6, 0.5], [1, 0.9], [0.9, 1], [0.5, 0.6], [0.1, 1], [0, 0.9], [0.4, 0.5], [0, 0.1]];

const redX: Painter = (c) => {
  c.fig.path(polyline(RED_X.map(([x, y]) => [c.w * x, c.h * y] as const), true));
};

/** A progress bar: a 10 px high pill across the middle, filled in fillColor2 up to barPos % (80). */
const progressBar: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, h / 2 - 5, w, 10, 5);
  c.fig.roundRect(0, h / 2 - 5, (w * percent(c, 'barPos', 80)) / 100, 10, 5, 'fillStroke', { fill: c.color('fillColor2', '#ddeeff') });
};

/**
 * A horizontal slider: a line (sliderStyle=basic) in fillColor2 up to sliderPos % (20), or a
 * 10 px pill (fancy) filled so far in fillColor2; and its handle there: a 20 px circle
 * (handleStyle=circle), a triangle or a pointed handle, in the fill and strokeColor (#999999).
 */
const horSlider: Painter = (c) => {
  const { w, h } = c;
  const style = c.style.get('sliderStyle') ?? 'basic';
  const at = percent(c, 'sliderPos', 20);
  const mid = h / 2;
  if (style === 'basic') {
    c.fig.path(new PathData().moveTo(0, mid).lineTo(w, mid), 'stroke');
    c.fig.path(new PathData().moveTo(0, mid).lineTo((w * at) / 100, mid), 'stroke', { stroke: c.color('fillColor2', '#ddeeff') });
  } else if (style === 'fancy') {
    c.fig.roundRect(0, mid - 5, w, 10, 5);
    c.fig.roundRect(0, mid - 5, 10 + ((w - 10) * at) / 100, 10, 5, 'fillStroke', { fill: c.color('fillColor2', '#ddeeff') });
  }
  const x = 5 + ((w - 10) * at) / 100;
  const handle = { stroke: c.color('strokeColor', '#999999') };
  const shape = c.style.get('handleStyle') ?? 'circle';
  if (shape === 'circle') c.fig.ellipse(x - 10, mid - 10, 20, 20, 'fillStroke', handle);
  else if (shape === 'triangle') c.fig.path(polyline([[x - 10, mid + 10], [x, mid - 10], [x + 10, mid + 10]], true), 'fillStroke', handle);
  else if (shape === 'handle') c.fig.path(polyline([[x - 7, mid + 10], [x - 7, mid], [x, mid - 10], [x + 7, mid], [x + 7, mid + 10]], true), 'fillStroke', handle);
};

/**
 * A horizontal scroll bar, 20 px high whatever the cell's height and at least 40 wide: the box,
 * its two 20 px buttons with their arrows, and a 60 px thumb of 5 px corners at barPos % (20),
 * arrows and thumb in fillColor2 (#99ddff) outlined in strokeColor2 (none).
 */
const scrollBar: Painter = (c) => {
  const h = 20;
  const button = 20;
  const w = Math.max(c.w, 2 * button);
  c.fig.rect(0, 0, w, h);
  c.fig.path(new PathData().moveTo(button, 0).lineTo(button, h).moveTo(w - button, 0).lineTo(w - button, h), 'stroke');
  const paint = { fill: c.color('fillColor2', '#99ddff'), stroke: c.color('strokeColor2', 'none') };
  const arrow = (tip: number, back: number) => polyline([[tip, h * 0.5], [back, h * 0.2], [back, h * 0.8]], true).toString();
  c.fig.path(arrow(button * 0.2, button * 0.8) + ' ' + arrow(w - button * 0.2, w - button * 0.8), 'fillStroke', paint);
  const thumb = Math.min(60, w - 2 * button);
  const start = button + ((w - 2 * button - thumb) * percent(c, 'barPos', 20)) / 100;
  c.fig.roundRect(start, h * 0.15, thumb, h * 0.7, 5, 'fillStroke', paint);
};

/** A splitter (at least 35 wide): a 10 px band across the middle, filled, its two edges stroked, and three 4 px dots in strokeColor (#999999). */
const splitter: Painter = (c) => {
  const w = Math.max(c.w, 35);
  const mid = c.h / 2;
  c.fig.path(polyline([[0, mid - 5], [w, mid - 5], [w, mid + 5], [0, mid + 5]], true), 'fill');
  c.fig.path(new PathData().moveTo(0, mid - 5).lineTo(w, mid - 5).moveTo(w, mid + 5).lineTo(0, mid + 5), 'stroke');
  for (const x of [w / 2 - 17, w / 2 - 2, w / 2 + 13]) c.fig.ellipse(x, mid - 2, 4, 4, 'fill', { fill: c.color('strokeColor', '#999999') });
};

/** A page control: four dots across (radius a twentieth of the width, at most half the height), the first in strokeColor, the others in fillColor. */
const pageControl: Painter = (c) => {
  const { w, h } = c;
  const r = Math.min(h / 2, w * 0.05);
  const dot = (cx: number, fill: string) => c.fig.ellipse(cx - r, h / 2 - r, 2 * r, 2 * r, 'fill', { fill });
  dot(r, c.color('strokeColor', '#000000'));
  for (const cx of [w * 0.35, w * 0.65, w - r]) dot(cx, c.color('fillColor', '#000000'));
};

/** The box inside a cell's margins (rectMargin on every side plus rectMarginTop/Left/Bottom/Right), or nothing when none is left. */
export function insideMargins(c: ShapeContext): { x: number; y: number; w: number; h: number } | undefined {
  const margin = c.num('rectMargin', 0);
  const x = margin + c.num('rectMarginLeft', 0);
  const y = margin + c.num('rectMarginTop', 0);
  const w = c.w - c.num('rectMarginRight', 0) - x - margin;
  const h = c.h - c.num('rectMarginBottom', 0) - y - margin;
  return w > 0 && h > 0 ? { x, y, w, h } : undefined;
}

/** A box of 10 px corners inside the cell's margins (marginRect), or a square one (marginRect2). */
export function marginBox(rounded: boolean): Painter {
  return (c) => {
    const box = insideMargins(c);
    if (box && rounded) c.fig.roundRect(box.x, box.y, box.w, box.h, 10);
    else if (box) c.fig.rect(box.x, box.y, box.w, box.h);
  };
}

/**
 * A map pin: a 3 px grey needle from 40 % of its height down, and a head (the top 40 %) shaded
 * from fillColor2 to fillColor3 downwards, outlined 2 px in strokeColor, at 90 %, with a white
 * highlight at half opacity.
 */
const pin: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(w / 2, h * 0.4).lineTo(w / 2, h), 'stroke', { stroke: '#666666', strokeWidth: 3 });
  c.fig.raw(linearGradient(c.gradientId, c.color('fillColor2', '#000000'), c.color('fillColor3', '#000000'), 'south'));
  const head = { fill: `url(#${xmlAttr(c.gradientId)})`, stroke: c.color('strokeColor', '#000000'), strokeWidth: 2, fillOpacity: 0.9, strokeOpacity: 0.9 };
  c.fig.ellipse(0, 0, w, h * 0.4, 'fillStroke', head);
  c.fig.ellipse(w * 0.2, h * 0.08, w * 0.3, h * 0.12, 'fill', { fill: '#ffffff', fillOpacity: 0.5 });
};

/** A sticky note's sheet (its sides slightly bowed) and its tape, filled without outlines. */
function stickyNoteSheet(c: ShapeContext, sheet: string, tape: string): void {
  const { w, h } = c;
  const [rx, ry] = [2.81 * w, 2.92 * h];
  const body = new PathData()
    .moveTo(w * 0.03, h * 0.07)
    .lineTo(w * 0.89, h * 0.06)
    .arcTo(rx, ry, 1, 0, 0, w * 0.99, h * 0.98)
    .lineTo(w * 0.09, h * 0.99)
    .arcTo(rx, ry, 1, 0, 1, w * 0.03, h * 0.07)
    .close();
  c.fig.path(body, 'fill', { fill: sheet });
  c.fig.path(polyline([[w * 0.28, 0], [w * 0.59, 0], [w * 0.6, h * 0.12], [w * 0.28, h * 0.13]], true), 'fill', { fill: tape });
}

/** The sticky note: a pale yellow sheet, red tape, and its lines (mainText split at commas) in textColor, centred. */
const stickyNote: Painter = (c) => {
  stickyNoteSheet(c, '#ffffcc', '#ff3300');
  const lines = (c.style.get('mainText') ?? 'Note line 1,Note line 2,Note line 3').split(',');
  const size = c.num('textSize', 17);
  const top = (c.h - lines.length * size * 1.5) / 2;
  const paint = { size, color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY, anchor: 'middle' as const };
  lines.forEach((text, n) => c.fig.text(c.w / 2, top + n * size * 1.5 + size * 0.75, text, paint));
};

/** The palette's sticky note: the sheet in the fill and the tape in strokeColor, its text the cell's label. */
const stickyNote2: Painter = (c) => stickyNoteSheet(c, c.fill, c.color('strokeColor', '#000000'));

/** The alphabet's index a pagination and an alphanumeric index (mxShapeMockupAlphanumeric) show when their style names none. */
const ALPHABET = '0-9 A B C D E F G H I J K L M N O P Q R S T U V X Y Z';

/**
 * A link: linkText in textColor (#0000ff) at textSize (17) in the middle, underlined in its
 * colour; a link's text is "Link", a pagination's (mxShapeMockupPagination) the alphabet's index.
 */
const underlinedText = (fallback: string): Painter => (c) => {
  const text = c.style.get('linkText') ?? fallback;
  const size = c.num('textSize', 17);
  const color = c.color('textColor', '#0000ff');
  c.fig.text(c.w / 2, c.h / 2, text, { size, color, family: DEFAULT_FONT_FAMILY, anchor: 'middle' });
  const width = textWidth(text, size);
  const y = (c.h + Math.trunc(size)) / 2;
  c.fig.path(new PathData().moveTo(c.w / 2 - width / 2, y).lineTo(c.w / 2 + width / 2, y), 'stroke', { stroke: color });
};

/** A star (ratingStyle=star) and a heart, one cell-height high, in fractions of that height. */
const STAR: readonly Point[] = [[0, 0.33], [0.364, 0.33], [0.475, 0], [0.586, 0.33], [0.95, 0.33], [0.66, 0.551], [0.775, 0.9], [0.475, 0.684], [0.175, 0.9], [0.29, 0.551]];
const HEART: ReadonlyArray<readonly [number, number, number, number, number, number]> = [
  [0.558, 0.908, 0.778, 0.682, 0.916, 0.54],
  [1.039, 0.414, 1.036, 0.229, 0.924, 0.115],
  [0.812, 0, 0.631, 0, 0.519, 0.115],
  [0.408, 0, 0.227, 0, 0.115, 0.115],
  [0.03, 0.229, 0, 0.414, 0.123, 0.54],
];

/**
 * A rating: ratingScale (10) stars or hearts (ratingStyle) `spacing` cell-heights apart (1.5 for
 * the mockup's, 1.2 for bootstrap's), the first `grade` (5) in the fill, the rest in
 * emptyFillColor (#ffffff), all outlined in the stroke; a grade past the scale draws that many
 * filled, as diagrams.net's two loops do.
 */
export const ratingOf = (spacing: number): Painter => (c) => {
  const h = c.h;
  const grade = c.num('grade', 5);
  const hearts = c.style.get('ratingStyle') === 'heart';
  if (!hearts && (c.style.get('ratingStyle') ?? 'star') !== 'star') return;
  const empty = c.color('emptyFillColor', '#ffffff');
  for (let i = 0; i < Math.min(Math.max(c.num('ratingScale', 10), Math.ceil(grade)), 1000); i++) {
    const x = i * h * spacing;
    const fill = i < grade ? c.fill : empty;
    if (!hearts) c.fig.path(polyline(STAR.map(([px, py]) => [x + px * h, py * h] as const), true), 'fillStroke', { fill });
    else {
      const heart = new PathData().moveTo(x + h * 0.519, h * 0.947);
      for (const [x1, y1, x2, y2, px, py] of HEART) heart.curveTo(x + x1 * h, y1 * h, x + x2 * h, y2 * h, x + px * h, py * h);
      c.fig.path(heart.close(), 'fillStroke', { fill });
    }
  }
};

/**
 * A box of lines (mainText, comma-separated) `x` px in, 1.5 x textSize (17) apart, in textColor
 * (#666666), each led by what `lead` gives it.
 */
function boxOfLines(x: number, fallback: string, lead: (c: ShapeContext, n: number) => string): Painter {
  return (c) => {
    c.fig.rect(0, 0, c.w, c.h);
    const size = c.num('textSize', 17);
    const paint = { size, color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY };
    (c.style.get('mainText') ?? fallback).split(',').forEach((line, n) => c.fig.text(x, n * size * 1.5 + size * 0.75, lead(c, n) + line, paint));
  };
}

/** A bulleted list: its lines 10 px in, each led by "n) ", "- " or "• " as bulletStyle (number, hyphen, dot) says, else by two spaces. */
const bulletedList = boxOfLines(10, 'Note line 1,Note line 2,Note line 3', (c, n) => {
  const style = c.style.get('bulletStyle') ?? 'none';
  return style === 'number' ? `${n + 1}) ` : style === 'hyphen' ? '- ' : style === 'dot' ? '\u2022 ' : '  ';
});

/** A text box (mxMockupText.js): its lines 5 px in. */
const textBox = boxOfLines(5, 'Note line 1', () => '');

/** The most ticks a ruler draws (a unit of 1 px along a very long ruler). */
const MAX_TICKS = 5000;

/**
 * A ruler (mxMockupMisc.js's mxShapeMockupRuler): its box and a tick every unitSize px (10, at
 * least 1) from its bottom (rulerOrient=down) or its top (up): every tenth half the box high,
 * every fifth three tenths, the others a fifth.
 */
const ruler: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  const unit = Math.max(c.num('unitSize', 10), 1);
  const up = c.style.get('rulerOrient') === 'up';
  if (!up && (c.style.get('rulerOrient') ?? 'down') !== 'down') return;
  const ticks = new PathData();
  for (let i = 1; i * unit < w && i <= MAX_TICKS; i++) {
    const length = i % 10 === 0 ? 0.5 : i % 10 === 5 ? 0.3 : 0.2;
    if (up) ticks.moveTo(i * unit, h * length).lineTo(i * unit, 0);
    else ticks.moveTo(i * unit, h * (1 - length)).lineTo(i * unit, h);
  }
  c.fig.path(ticks, 'stroke');
};

/** Where ruler2's first numbered unit is: its `dx` (100), within its length. */
const ruler2Unit = (style: ReadonlyMap<string, string>, w: number) => clamp(numberOf(style, 'dx', 100), 0, w);

/**
 * The label of a ruler2 as diagrams.net sets it while painting the ruler (it writes the cell's
 * spacingLeft): 4 px left of the first numbered unit, whatever the file says.
 */
export const ruler2LabelStyle: LabelRestyle = (style, w) => [['spacingLeft', String(Math.round(1000 * ruler2Unit(style, w)) / 1000 - 4)]];

/**
 * A ruler with numbers (mxMockupMisc.js's mxShapeMockupRuler2): its box and a tick every tenth of
 * `dx` (100; at least 1 px) from its bottom (rulerOrient=down, unset too) or its top (up), every
 * tenth 10 px long, every fifth 6, the others 4. The label is the first unit's number (diagrams.net
 * moves it there, see ruler2LabelStyle); when it reads as a number each further tenth tick is
 * numbered by as many times it (its hundredths, over 10), in the canvas's font and the fontColor,
 * in the middle of the rest of the ruler's height.
 */
const ruler2: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  const orient = c.style.get('rulerOrient') ?? 'down';
  if (orient !== 'up' && orient !== 'down') return;
  const up = orient === 'up';
  const step = Math.max(c.num('dx', 100) / 10, 1);
  // As diagrams.net reads the label (JavaScript's isNaN): '' and blanks are 0, which numbers nothing.
  const unit = Number(c.label ?? '');
  const numbers: Array<[number, string]> = [];
  const ticks = new PathData();
  // Summed tick by tick, as diagrams.net steps, so the last tick falls where its does.
  let x = step;
  for (let i = 1; x < w && i <= MAX_TICKS; i++, x += step) {
    const length = i % 10 === 0 ? 10 : i % 10 === 5 ? 6 : 4;
    if (up) ticks.moveTo(x, length).lineTo(x, 0);
    else ticks.moveTo(x, h - length).lineTo(x, h);
    const value = (i * Math.round(100 * unit)) / 1000;
    if (i % 10 === 0 && i !== 10 && !Number.isNaN(unit) && value !== 0) numbers.push([x, String(value)]);
  }
  c.fig.path(ticks, 'stroke');
  const paint: TextPaint = { ...CANVAS_FONT, color: c.color('fontColor', '#000000'), anchor: 'middle' };
  for (const [at, text] of numbers) c.fig.text(at, up ? (h + 10) / 2 : (h - 10) / 2, text, paint);
};

export const MOCKUP_CONTROL_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.mockup.markup.curlyBrace': curlyBrace,
  'mxgraph.mockup.markup.line': line,
  'mxgraph.mockup.markup.scratchOut': scratchOut,
  'mxgraph.mockup.markup.redX': redX,
  'mxgraph.mockup.misc.progressBar': progressBar,
  'mxgraph.mockup.forms.horSlider': horSlider,
  'mxgraph.mockup.navigation.scrollBar': scrollBar,
  'mxgraph.mockup.forms.splitter': splitter,
  'mxgraph.mockup.navigation.pageControl': pageControl,
  'mxgraph.mockup.containers.marginRect': marginBox(true),
  'mxgraph.mockup.containers.marginRect2': marginBox(false),
  'mxgraph.mockup.text.link': underlinedText('Link'),
  'mxgraph.mockup.navigation.pagination': underlinedText(ALPHABET),
  'mxgraph.mockup.misc.pin': pin,
  'mxgraph.mockup.misc.rating': ratingOf(1.5),
  'mxgraph.mockup.text.bulletedList': bulletedList,
  'mxgraph.mockup.text.textBox': textBox,
  'mxgraph.mockup.misc.ruler': ruler,
  'mxgraph.mockup.misc.ruler2': ruler2,
  'mxgraph.mockup.text.alphanumeric': underlinedText(ALPHABET),
  'mxgraph.mockup.text.stickyNote': stickyNote,
  'mxgraph.mockup.text.stickyNote2': stickyNote2,
};
