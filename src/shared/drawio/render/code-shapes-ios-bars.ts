/**
 * The iOS 6 palette's bars, as diagrams.net's mxMockupiOS.js draws them: the status bars (app,
 * top, top 2, locked), the slider and progress bars (barPos, 80 unless set, along the width), the
 * download, screen-name and URL bars, the copy bubbles, the location and option bubbles and the
 * video player's controls.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData } from './code-shape-pen';
import { alpha, barPos, battery, batteryOutline, bubble, bubbleTip, listOf, pointedBox, say, shade, signalBars, translucent } from './code-shapes-ios-kit';

/** The app's status bar: shaded #eeeeee to #999999, blue signal bars, and at the right a clock, location arrow, lock and a green battery. */
const appBar: Painter = (c) => {
  const { w, h } = c;
  const m = h / 2;
  c.fig.rect(0, 0, w, h, 'fill', { fill: shade(c, '#eeeeee', '#999999') });
  signalBars(c, h, '#0099ff');
  c.fig.ellipse(w - 56.5, m - 4, 8, 8, 'fill', { fill: '#999999' });
  c.fig.path(new PathData().moveTo(w - 52.5, m - 3).lineTo(w - 52.5, m).lineTo(w - 54.5, m), 'stroke', { stroke: '#cccccc' });
  const thin = { strokeWidth: 0.5 };
  c.fig.path(new PathData().moveTo(w - 45.5, m).lineTo(w - 37.5, m - 5).lineTo(w - 41.5, m + 4).lineTo(w - 42, m + 0.5).close(), 'fillStroke', { ...thin, fill: '#990000', stroke: '#333333' });
  const grey = { ...thin, fill: '#999999', stroke: '#999999' };
  c.fig.path(new PathData().moveTo(w - 28.5, m + 3.5).arcTo(3.5, 3.5, 0, 1, 1, w - 26.5, m + 1), 'stroke', grey);
  c.fig.path(new PathData().moveTo(w - 27.25, m + 0.25).lineTo(w - 25.75, m + 0.25).lineTo(w - 26.5, m + 1.5).close(), 'fillStroke', grey);
  c.fig.path(new PathData().moveTo(w - 31, m - 0.5).arcTo(1, 1.5, 0, 0, 1, w - 29, m - 0.5), 'stroke', grey);
  c.fig.rect(w - 31.5, m - 0.5, 3, 2, 'fillStroke', grey);
  c.fig.path(batteryOutline(w, h), 'fill', { fill: shade(c, '#eeeeee', '#444444', 'north') });
  c.fig.rect(w - 20, m - 3, 10, 6, 'fill', { fill: shade(c, '#E2FFEB', '#008215') });
  c.fig.path(batteryOutline(w, h), 'stroke', { ...thin, stroke: '#666666' });
};

/** The legacy top bar: grey #999999 at half strength, its signal, "CARRIER", "11:15AM" and battery in #cccccc at half strength too. */
const topBar: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h, 'fill', { fill: '#999999', ...alpha(0.5) });
  signalBars(c, h, '#cccccc', 0.5);
  translucent(c, 0.5, () => {
    say(c, 18, h / 2, 'CARRIER', { size: 7.5, color: '#cccccc' });
    say(c, w / 2, h / 2, '11:15AM', { size: 7.5, color: '#cccccc', anchor: 'middle' });
  });
  battery(c, w, h, '#cccccc', 0.5);
};

/** Top bar 2: a box of the fill, unstroked, its signal and battery in the stroke colour. */
const topBar2: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h, 'fill');
  signalBars(c, c.h, c.stroke);
  battery(c, c.w, c.h, c.stroke);
};

/** The locked top bar: black, its signal, a padlock in the middle and the battery in #cccccc. */
const topBarLocked: Painter = (c) => {
  const { w, h } = c;
  const m = h / 2;
  c.fig.rect(0, 0, w, h, 'fill', { fill: '#000000' });
  signalBars(c, h, '#cccccc');
  const grey = { fill: '#cccccc', stroke: '#cccccc' };
  c.fig.path(new PathData().moveTo(w / 2 - 2, m - 1).arcTo(2, 3, 0, 0, 1, w / 2 + 2, m - 1), 'stroke', grey);
  c.fig.rect(w / 2 - 3, m - 1, 6, 4, 'fillStroke', grey);
  battery(c, w, h, '#cccccc');
};

/** Where barPos (0..100) puts a bar's end along a track from `start`, `length` long. */
const along = (c: ShapeContext, start: number, length: number) => start + (length * barPos(c)) / 100;

/** A slider's or progress bar's 5 px track across the middle, shaded #444444 to #ffffff. */
function track(c: ShapeContext): void {
  c.fig.roundRect(0, c.h / 2 - 2.5, c.w, 5, 2.5, 'fill', { fill: shade(c, '#444444', '#ffffff') });
}

/** The done part of a track at height y, shaded #96D1FF to #003377 from its round left end at `left` to x, square (slider) or round (progress) there. */
function done(c: ShapeContext, x: number, roundEnd: boolean, left = 0, y = c.h / 2): void {
  const path = new PathData().moveTo(x, y - 2.5);
  if (roundEnd) path.arcTo(2.5, 2.5, 0, 0, 1, x, y + 2.5);
  else path.lineTo(x, y + 2.5);
  path.lineTo(left + 2.5, y + 2.5).arcTo(2.5, 2.5, 0, 0, 1, left + 2.5, y - 2.5).close();
  c.fig.path(path, 'fill', { fill: shade(c, '#96D1FF', '#003377') });
}

/** A slider's 10 px knob at (x, y), shaded up from #444444, ringed #999999. */
function knob(c: ShapeContext, x: number, y: number): void {
  c.fig.ellipse(x - 5, y - 5, 10, 10, 'fillStroke', { fill: shade(c, '#444444', '#ffffff', 'north'), stroke: '#999999', strokeWidth: 0.5 });
}

/** A slider: the track, done up to barPos, and a 10 px knob there shaded up from #444444, ringed #999999. */
const slider: Painter = (c) => {
  const x = along(c, 0, c.w);
  track(c);
  done(c, x, false);
  knob(c, x, c.h / 2);
};

/** A progress bar: the track, done up to barPos with a round end. */
const progressBar: Painter = (c) => {
  track(c);
  done(c, along(c, 0, c.w), true);
};

/** iCloud's progress bar: a 5 px band of #5C6E86, green #8AD155 up to barPos. */
const cloudProgressBar: Painter = (c) => {
  const y = c.h / 2 - 2.5;
  c.fig.rect(0, y, c.w, 5, 'fill', { fill: '#5C6E86' });
  c.fig.rect(0, y, along(c, 0, c.w), 5, 'fill', { fill: '#8AD155' });
};

/**
 * The download bar: shaded #00ccff to #0066cc, its buttonText bold white at a fifth of its height,
 * and at 65 % a track a tenth of the width in from each side, done (light) up to barPos.
 */
const downloadBar: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h, 'fill', { fill: shade(c, '#00ccff', '#0066cc') });
  say(c, w / 2, h * 0.2, c.style.get('buttonText'), { size: 8, color: '#ffffff', bold: true, anchor: 'middle' });
  const dead = w * 0.1;
  const x = along(c, dead, w - 2 * dead);
  const y = h * 0.65;
  c.fig.roundRect(dead, y - 2.5, w - 2 * dead, 5, 2.5, 'fill', { fill: shade(c, '#96D1FF', '#003377', 'north') });
  const path = new PathData().moveTo(x, y - 2.5).arcTo(2.5, 2.5, 0, 0, 1, x, y + 2.5).lineTo(dead + 2.5, y + 2.5).arcTo(2.5, 2.5, 0, 0, 1, dead + 2.5, y - 2.5).close();
  c.fig.path(path, 'fill', { fill: shade(c, '#aaaaaa', '#ffffff', 'north') });
};

/** The shine over a bar's top: fillColor3 (#00ff00) fading from 80 % to 10 % down. */
const shine = (c: ShapeContext) => {
  const colour = c.color('fillColor3', '#00ff00');
  return shade(c, colour, colour, 'south', [0.8, 0.1]);
};

/** The screen-name bar: fillColor2 (#00ff00) with the shine on its top half, its buttonText in textColor (#00ff00) at 9.5 px. */
const screenNameBar: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h, 'fill', { fill: c.color('fillColor2', '#00ff00') });
  c.fig.rect(0, 0, w, h / 2, 'fill', { fill: shine(c) });
  say(c, w / 2, h * 0.45, c.style.get('buttonText'), { size: 9.5, color: c.color('textColor', '#00ff00'), anchor: 'middle' });
};

/** The top of a copy bubble (corners of 5) down to y, for its shine. */
function bubbleTop(left: number, width: number, y: number): PathData {
  const r = 5;
  return new PathData().moveTo(left, r).arcTo(r, r, 0, 0, 1, left + r, 0).lineTo(left + width - r, 0).arcTo(r, r, 0, 0, 1, left + width, r).lineTo(left + width, y).lineTo(left, y).close();
}

/** The copy bubble: a box of 5 px corners pointing down from its middle, the shine on its top half, its buttonText in textColor at 8.5 px. */
const copy: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(pointedBox(0, w, h - 7.5, 5, w / 2));
  c.fig.path(bubbleTop(0, w, (h - 7.5) / 2), 'fill', { fill: shine(c) });
  say(c, w / 2, (h - 7.5) * 0.45, c.style.get('buttonText'), { size: 8.5, color: c.color('textColor', '#00ff00'), anchor: 'middle' });
};

/**
 * The copy area: a 40 x 20 copy bubble at the top middle over a blue area (#2266ff at 30 %) below
 * it, with four blue handles when taller than 27.5 px; the bubble in fillColor2, its shine and
 * buttonText as the copy bubble's.
 */
const copyArea: Painter = (c) => {
  const { w, h } = c;
  const left = w / 2 - 20;
  c.fig.path(pointedBox(left, 40, 20, 5, w / 2));
  c.fig.rect(2.5, 27.5, w - 5, h - 30, 'fill', { fill: '#2266ff', ...alpha(0.3) });
  if (h > 27.5) {
    for (const [x, y] of [[w / 2 - 2.5, 25], [w / 2 - 2.5, h - 5], [0, h / 2 + 10], [w - 5, h / 2 + 10]]) {
      c.fig.ellipse(x, y, 5, 5, 'fillStroke', { fill: shade(c, '#88ddff', '#2266ff'), stroke: '#ffffff' });
    }
  }
  c.fig.path(pointedBox(left, 40, 20, 5, w / 2), 'fillStroke', { fill: c.color('fillColor2', '#00ff00') });
  c.fig.path(bubbleTop(left, 40, 10), 'fill', { fill: shine(c) });
  say(c, w / 2, 8.75, c.style.get('buttonText'), { size: 8.5, color: c.color('textColor', '#00ff00'), anchor: 'middle' });
};

/**
 * Safari's URL bar: shaded #cccccc to #003377; a white field with a grey clear button, a dark
 * button at the right; buttonText's three parts (title, address, button) bold at 8 px.
 */
const urlBar: Painter = (c) => {
  const { w, h } = c;
  const m = h * 0.625;
  c.fig.rect(0, 0, w, h, 'fill', { fill: shade(c, '#cccccc', '#003377') });
  c.fig.roundRect(w * 0.0287, m - 6.25, w * 0.7184, 12.5, 6.25, 'fillStroke', { fill: '#ffffff', stroke: '#008cff', strokeWidth: 0.5 });
  c.fig.roundRect(w * 0.7816, m - 6.25, w * 0.1868, 12.5, 2.5, 'fillStroke', { fill: shade(c, '#cccccc', '#001144'), stroke: '#000000', strokeWidth: 0.5 });
  const x = w * 0.7471;
  c.fig.ellipse(x - 11.5, m - 5, 10, 10, 'fill', { fill: '#bbbbbb' });
  c.fig.path(new PathData().moveTo(x - 8.5, m - 2.5).lineTo(x - 3.5, m + 2.5).moveTo(x - 8.5, m + 2.5).lineTo(x - 3.5, m - 2.5), 'stroke', { stroke: '#ffffff', strokeWidth: 1.5 });
  const [title, address, button] = listOf(c, 'buttonText', '');
  say(c, w / 2, h * 0.2, title, { size: 8, color: '#425664', bold: true, anchor: 'middle' });
  say(c, w * 0.06, m, address, { size: 8, color: '#000000', bold: true });
  say(c, w * 0.875, m, button, { size: 8, color: '#ffffff', bold: true, anchor: 'middle' });
};

/** A dark bubble (#000000 up to #888888, at `strength`) pointing at barPos below or above (pointerPos); where its box's middle is. */
function darkBubble(c: ShapeContext, strength: number): number {
  const below = c.style.get('pointerPos') !== 'top';
  c.fig.path(bubble(c.w, c.h, bubbleTip(c), below), 'fillStroke', { fill: shade(c, '#000000', '#888888', 'north'), stroke: '#000000', strokeWidth: 0.5, ...alpha(strength) });
  return (c.h + (below ? -7.5 : 7.5)) / 2;
}

/** The map's location bubble: its buttonText ("Some Location") white at 9.5 px, 5 px in, and a blue arrow button at its right. */
const locationBar: Painter = (c) => {
  const m = darkBubble(c, 0.7);
  say(c, 5, m, c.style.get('buttonText') ?? 'Some Location', { size: 9.5, color: '#ffffff' });
  const x = c.w - 20;
  const y = m - 7.5;
  c.fig.ellipse(x, y, 15, 15, 'fillStroke', { fill: shade(c, '#8BbEff', '#135Ec8'), stroke: '#ffffff', strokeWidth: 1.5 });
  c.fig.path(new PathData().moveTo(x + 6, y + 3.3).lineTo(x + 9.75, y + 7.5).lineTo(x + 6, y + 11.7), 'stroke', { stroke: '#ffffff', strokeWidth: 2.5 });
};

/** An option bubble: its buttonText white at 9.5 px in the middle. */
const option: Painter = (c) => {
  const m = darkBubble(c, 0.9);
  say(c, c.w / 2, m, c.style.get('buttonText') ?? 'Some Location', { size: 9.5, color: '#ffffff', anchor: 'middle' });
};

/**
 * The video player's controls: a black box of 5 px corners at 70 % ringed #bbbbbb, its top half's
 * shine, white icons at 10, 30, 50, 70 and 90 % across (chapters, rewind, play, fast forward, mail)
 * at 35 % down, and at 75 % a slider a tenth in from each side, done up to barPos.
 */
const videoControls: Painter = (c) => {
  const { w, h } = c;
  const r = 5;
  c.fig.roundRect(0, 0, w, h, r, 'fillStroke', { fill: '#000000', stroke: '#bbbbbb', strokeWidth: 1, ...alpha(0.7) });
  const shine = new PathData().moveTo(0, r).arcTo(r, r, 0, 0, 1, r, 0).lineTo(w - r, 0).arcTo(r, r, 0, 0, 1, w, r).lineTo(w, h / 2).lineTo(0, h / 2).close();
  c.fig.path(shine, 'fill', { fill: shade(c, '#ffffff', '#ffffff', 'south', [0.8, 0.1]), ...alpha(0.7) });
  const white = { fill: '#ffffff', stroke: '#ffffff', strokeWidth: 1 };
  const y = h * 0.35;
  const triangle = (x1: number, x2: number) => new PathData().moveTo(x1, y - 5).lineTo(x2, y).lineTo(x1, y + 5).close();
  let x = w * 0.1;
  const book = new PathData().moveTo(x - 7.5, y - 2.5).arcTo(6, 6, 0, 0, 1, x, y - 2.5).arcTo(6, 6, 0, 0, 1, x + 7.5, y - 2.5).lineTo(x + 7.5, y + 4).arcTo(6, 6, 0, 0, 0, x, y + 4).arcTo(6, 6, 0, 0, 0, x - 7.5, y + 4).close();
  c.fig.path(book, 'stroke', white);
  c.fig.path(new PathData().moveTo(x, y - 2.5).lineTo(x, y + 4), 'stroke', white);
  x = w * 0.3;
  c.fig.rect(x - 7.5, y - 5, 1, 10, 'fill', white);
  c.fig.path(triangle(x + 0.5, x - 6.5), 'fill', white);
  c.fig.path(triangle(x + 7.5, x + 0.5), 'fill', white);
  x = w * 0.5;
  c.fig.path(triangle(x - 6, x + 6), 'fill', white);
  x = w * 0.7;
  c.fig.path(triangle(x - 7.5, x - 0.5), 'fill', white);
  c.fig.path(triangle(x - 0.5, x + 6.5), 'fill', white);
  c.fig.rect(x + 6.5, y - 5, 1, 10, 'fill', white);
  x = w * 0.9;
  c.fig.rect(x - 7.5, y - 4, 15, 8, 'stroke', white);
  const flap = new PathData().moveTo(x - 7.5, y - 4).lineTo(x, y + 1.5).lineTo(x + 7.5, y - 4);
  for (const line of [flap, new PathData().moveTo(x - 7.5, y + 4).lineTo(x - 2, y), new PathData().moveTo(x + 7.5, y + 4).lineTo(x + 2, y)]) c.fig.path(line, 'stroke', { ...white, strokeWidth: 0.5 });
  const dead = w * 0.1;
  const at = along(c, dead, w - 2 * dead);
  c.fig.roundRect(dead, h * 0.75 - 2.5, w * 0.8, 5, 2.5, 'fill', { fill: shade(c, '#444444', '#ffffff') });
  done(c, at, false, dead, h * 0.75);
  knob(c, at, h * 0.75);
  c.fig.roundRect(0, 0, w, h, r, 'stroke', { stroke: '#dddddd', strokeWidth: 0.5 });
};

export const IOS_BAR_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.ios.iAppBar': appBar,
  'mxgraph.ios.iTopBar': topBar,
  'mxgraph.ios.iTopBar2': topBar2,
  'mxgraph.ios.iTopBarLocked': topBarLocked,
  'mxgraph.ios.iSlider': slider,
  'mxgraph.ios.iProgressBar': progressBar,
  'mxgraph.ios.iCloudProgressBar': cloudProgressBar,
  'mxgraph.ios.iDownloadBar': downloadBar,
  'mxgraph.ios.iScreenNameBar': screenNameBar,
  'mxgraph.ios.iCopy': copy,
  'mxgraph.ios.iCopyArea': copyArea,
  'mxgraph.ios.iURLBar': urlBar,
  'mxgraph.ios.iLocBar': locationBar,
  'mxgraph.ios.iOption': option,
  'mxgraph.ios.iVideoControls': videoControls,
};
