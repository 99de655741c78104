/**
 * The Material Design palette's shapes diagrams.net draws in code (shapes/mxGmdl.js): a player
 * bar, a switch, a box inside margins (the mockups' square one), sliders (normal, focused,
 * disabled, discrete with a value balloon and with dots) and a progress bar.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { clamp } from './code-shape-context';
import { PathData } from './code-shape-pen';
import { marginBox } from './code-shapes-mockup-controls';
import { canvasText, fractionOf, slider, withAlpha, withHardShadow } from './code-shapes-widget-kit';

/** A player's bar: filled, a yellow progress band along the top four fifths (from 4 px high), two pause bars at the right (from 33 x 14). */
const player: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h, 'fill');
  if (h >= 4) c.fig.rect(0, 0, w * 0.8, 4, 'fill', { fill: '#FFED00' });
  if (h >= 14 && w >= 33) for (const x of [w - 33, w - 25]) c.fig.rect(x, h / 2 - 7, 4, 14, 'fill', { fill: '#717171' });
};

/** A switch's track: a pill across the middle three fifths of the height, `from` to `to` of the width. */
function track(w: number, h: number, from: number, to: number): PathData {
  const [rx, ry] = [w * 0.135, h * 0.3];
  return new PathData()
    .moveTo(w * from, h * 0.8)
    .arcTo(rx, ry, 0, 0, 1, w * from, h * 0.2)
    .lineTo(w * to, h * 0.2)
    .arcTo(rx, ry, 0, 0, 1, w * to, h * 0.8)
    .close();
}

/**
 * A switch: on (switchState=on, the default), a half-transparent track and the knob at the right;
 * else a grey track and a pale knob at the left. The knob casts its shadow whatever the style says.
 */
const switchShape: Painter = (c) => {
  const { w, h } = c;
  if ((c.style.get('switchState') ?? 'on') === 'on') {
    c.fig.path(track(w, h, 0.135, 0.675), 'fillStroke', withAlpha(c, 0.5));
    withHardShadow(c, (fig, paint) => fig.ellipse(w * 0.36, 0, w * 0.64, h, 'fillStroke', paint));
  } else {
    c.fig.path(track(w, h, 0.225, 0.865), 'fillStroke', { fill: '#BCBBBB' });
    withHardShadow(c, (fig, paint) => fig.ellipse(0, 0, w * 0.64, h, 'fillStroke', paint), { fill: '#F1F1F1' });
  }
};

/** A slider at rest: an empty handle of handleSize (10) at the left and the line from there. */
const sliderNormal: Painter = (c) => {
  const size = c.num('handleSize', 10);
  c.fig.ellipse(0, c.h / 2 - size / 2, size, size, 'stroke');
  c.fig.path(new PathData().moveTo(size, c.h / 2).lineTo(c.w, c.h / 2), 'stroke');
};

/** A focused slider: the slider's lines, a handle a third of handleSize, and a halo of the whole size in the stroke colour at 15 %. */
const sliderFocused: Painter = (c) => {
  const { w, h } = c;
  const size = c.num('handleSize', 10);
  const at = fractionOf(c, 'barPos', 40) * w;
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(w, h / 2), 'stroke', { stroke: '#bbbbbb' });
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(at, h / 2), 'stroke');
  c.fig.ellipse(at - size * 0.167, h / 2 - size * 0.167, size * 0.33, size * 0.33);
  c.fig.ellipse(at - size / 2, h / 2 - size / 2, size, size, 'fill', { fill: c.stroke, ...withAlpha(c, 0.15) });
};

/** A disabled slider: its handle at hPos % (50) and the line broken 7 px either side of it. */
const sliderDisabled: Painter = (c) => {
  const { w, h } = c;
  const size = c.num('handleSize', 10);
  const at = w * fractionOf(c, 'hPos', 50);
  c.fig.ellipse(at - size / 2, (h - size) / 2, size, size);
  if (at - 7 > 0) c.fig.path(new PathData().moveTo(0, h / 2).lineTo(at - 7, h / 2), 'stroke');
  if (at + 7 < w) c.fig.path(new PathData().moveTo(at + 7, h / 2).lineTo(w, h / 2), 'stroke');
};

/**
 * A discrete slider: its line 22.5 px below the middle in `rail` colour, the part up to barPos %
 * (40) in the stroke, a balloon over that point (outlined unless `dots`) holding the value in the
 * style's font; with `dots`, six dots along the line (black, or white with bright=0), the balloon
 * grey at 10 % or less.
 */
function sliderDiscrete(dots: boolean): Painter {
  return (c) => {
    const { w, h } = c;
    const barPos = fractionOf(c, 'barPos', 40);
    const x = barPos * w;
    const y = h / 2 + 22.5;
    c.fig.path(new PathData().moveTo(0, y).lineTo(w, y), 'stroke', { stroke: dots ? '#bebebe' : '#bbbbbb' });
    c.fig.path(new PathData().moveTo(0, y).lineTo(x, y), 'stroke');
    const balloon = new PathData()
      .moveTo(x, h / 2 + 15.5)
      .lineTo(x - 10.5, h / 2 + 2.5)
      .arcTo(15, 15, 0, 0, 1, x, h / 2 - 22.5)
      .arcTo(15, 15, 0, 0, 1, x + 10.5, h / 2 + 2.5)
      .close();
    if (!dots) c.fig.path(balloon);
    else {
      c.fig.path(balloon, 'fill', barPos <= 0.1 ? { fill: '#bebebe' } : {});
      const dot = (c.style.get('bright') ?? '1') === '1' ? '#000000' : '#ffffff';
      for (const f of [0, 0.2, 0.4, 0.6, 0.8, 1]) c.fig.ellipse(w * f - 1.5, h / 2 + 21, 3, 3, 'fill', { fill: dot });
    }
    const text = canvasText({ size: c.num('fontSize', 12), color: c.color('fontColor', '#000000'), anchor: 'middle' });
    c.fig.text(x, h / 2 - 9, String(Math.round(barPos * 100)), text);
  };
}

/** A progress bar: a grey line across the middle, the part up to dx1 of the width (0.8) in the stroke. */
const progressBar: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(w, h / 2), 'stroke', { stroke: '#aaaaaa' });
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(w * clamp(c.num('dx1', 0.8), 0, w), h / 2), 'stroke');
};

const g = 'mxgraph.gmdl.';

export const GMDL_SHAPES: Readonly<Record<string, Painter>> = {
  [`${g}player`]: player,
  [`${g}switch`]: switchShape,
  [`${g}marginRect`]: marginBox(false),
  [`${g}sliderNormal`]: sliderNormal,
  [`${g}slider2`]: (c: ShapeContext) => slider(c, c.stroke),
  [`${g}sliderFocused`]: sliderFocused,
  [`${g}sliderDisabled`]: sliderDisabled,
  [`${g}sliderDisabled2`]: sliderDisabled,
  [`${g}sliderDiscrete`]: sliderDiscrete(false),
  [`${g}sliderDiscreteDots`]: sliderDiscrete(true),
  [`${g}progressBar`]: progressBar,
};
