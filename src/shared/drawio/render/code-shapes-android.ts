/**
 * The Android palette's shapes diagrams.net draws in code (shapes/mxAndroid.js): the legacy tab
 * bar, phone, menu bar and checkbox and radio groups, the status bar, text selection handles,
 * the indeterminate spinner, progress bars and scrubbers, quick scrolls, scroll bars and the
 * spinner's underline; its rounded box, anchor and checkbox are the mockups' own.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { clamp } from './code-shape-context';
import { PathData, polyline } from './code-shape-pen';
import { anchor, checkbox, roundedRect } from './code-shapes-mockup';
import { measuredWidth } from './code-shapes-mockup-steps';
import { optionsOf } from './code-shapes-mockup-forms';
import { buttonBar, canvasText, phone, withAlpha } from './code-shapes-widget-kit';
import { linearGradient, xmlAttr } from './stencil-figure';

/** A colour key whose default is `none`, as mxAndroid.js reads it. */
const orNone = (c: ShapeContext, key: string) => c.color(key, 'none');

/**
 * Text in a colour diagrams.net may leave unset (`none`): its canvas then writes no colour the
 * browser takes, and the text comes out black.
 */
const inked = (color: string) => (color === 'none' ? '#000000' : color);

/**
 * The legacy tab bar: its tabs (mainText, "+Tab 1, Tab 2, Tab 3") each as wide as its name plus
 * 5 px either side, stretched to the box (at least 1.5 x textSize (17) high); a box in the fill
 * and stroke, separators over the middle three fifths in strokeColor2 except beside the chosen tab,
 * which is filled in fillColor2 with a #33b5e5 band along its foot; names bold, the chosen in
 * textColor2, the others in textColor.
 */
const tabBar: Painter = (c) => {
  const size = c.num('textSize', 17);
  const bar = buttonBar(c, c.style.get('mainText') ?? '+Tab 1, Tab 2, Tab 3', size, 5, 7);
  const { w, h, selected, edges } = bar;
  c.fig.rect(0, 0, w, h);
  const separators = new PathData();
  bar.starts.forEach((x, n) => n + 1 !== selected && n !== selected && separators.moveTo(x, h * 0.2).lineTo(x, h * 0.8));
  c.fig.path(separators, 'stroke', { stroke: orNone(c, 'strokeColor2') });
  if (selected >= 0) {
    const [left, right] = [edges[selected], edges[selected + 1]];
    c.fig.rect(left, 0, right - left, h, 'fill', { fill: orNone(c, 'fillColor2') });
    c.fig.rect(left, h * 0.9, right - left, h * 0.1, 'fill', { fill: '#33b5e5' });
  }
  bar.names.forEach((name, i) => {
    const color = inked(i === selected ? orNone(c, 'textColor2') : orNone(c, 'textColor'));
    c.fig.text(bar.middles[i], h / 2, name, canvasText({ size, color, bold: true, anchor: 'middle' }));
  });
};

/**
 * The status bar: filled, the time "12:00" 30 px from the right in the style's font, a battery in
 * #444444, and the Wi-Fi arcs and signal bars in the stroke colour.
 */
const statusBar: Painter = (c) => {
  const { w, h } = c;
  const m = h / 2;
  c.fig.rect(0, 0, w, h, 'fill');
  c.fig.rect(0, 0, w, h, 'fill');
  c.fig.text(w - 30, m + 1, '12:00', canvasText({ size: c.num('fontSize', 12), color: c.color('fontColor', '#000000') }));
  const battery = polyline([[w - 37, m + 6], [w - 37, m - 5], [w - 36, m - 5], [w - 36, m - 6], [w - 32, m - 6], [w - 32, m - 5], [w - 31, m - 5], [w - 31, m + 6]], true);
  c.fig.path(battery, 'fill', { fill: '#444444' });
  const ink = { fill: c.stroke };
  c.fig.ellipse(w - 56, m + 2, 2, 2, 'fillStroke', ink);
  c.fig.path(new PathData().moveTo(w - 52, m + 1).arcTo(3.5, 3.5, 0, 0, 0, w - 58, m + 1), 'stroke', { strokeWidth: 2 });
  c.fig.path(new PathData().moveTo(w - 50, m - 1).arcTo(6, 6, 0, 0, 0, w - 60, m - 1), 'stroke', { strokeWidth: 2 });
  for (const [x, y, bw, bh] of [[w - 51, m + 5, 2, 1], [w - 48, m + 2, 2, 4], [w - 45, m - 1, 2, 7], [w - 42, m - 4, 2, 10], [w - 37, m - 2, 6, 8]]) {
    c.fig.rect(x, y, bw, bh, 'fill', ink);
  }
};

/**
 * A group of options (buttonText, "Option 1"), one a line 1.5 x fontSize (12) high stretched to
 * the box: a box of 2.5 px corners outlined in strokeColor2 (none), each option's 5 px button
 * (a box, ticked when marked "+"; or a circle with a dot) and its name in #666666.
 */
function optionGroup(round: boolean): Painter {
  return (c) => {
    const size = c.num('fontSize', 12);
    const { names, chosen } = optionsOf(c.style.get('buttonText') ?? 'Option 1');
    const button = 5;
    const lineH = Math.max(size * 1.5, button);
    const minH = names.length * lineH;
    const h = Math.max(c.h, minH);
    const w = Math.max(c.w, 2 * 2.5 + Math.max(0, ...names.map((name) => measuredWidth(name, size))) + 2 * button);
    c.fig.roundRect(0, 0, w, h, 2.5, 'fillStroke', { stroke: orNone(c, 'strokeColor2') });
    names.forEach((name, i) => {
      const y = ((i + 0.5) * lineH * h) / minH;
      c.fig.text(2 * button + 2.5, y, name, canvasText({ size, color: '#666666' }));
      const [x, top] = [button / 2, y - button / 2];
      if (!round) {
        c.fig.rect(x, top, button, button);
        if (chosen[i]) c.fig.path(polyline([[x + 1.25, top + 2.5], [x + 2.5, top + 3.75], [x + 3.75, top + 1.25]], false), 'stroke');
        return;
      }
      c.fig.ellipse(x, top, button, button, 'stroke');
      if (chosen[i]) c.fig.ellipse(x + 1.25, top + 1.25, 2.5, 2.5, 'fillStroke', { fill: c.stroke });
    });
  };
}

/**
 * The legacy menu bar: its items (menuText, "Item 1, Item 2, Item 3") one a line 1.5 x fontSize
 * (12) high stretched to the box's height, in a box as wide as the cell, separated by lines, names
 * 10 px in at the canvas's own 11 px.
 */
const menuBar: Painter = (c) => {
  const items = (c.style.get('menuText') ?? 'Item 1, Item 2, Item 3').split(',');
  const rowH = c.num('fontSize', 12) * 1.5;
  const minH = items.length * rowH;
  const h = Math.max(c.h, minH);
  c.fig.rect(0, 0, c.w, h);
  const separators = new PathData();
  for (let i = 1; i < items.length; i++) separators.moveTo(0, (i * rowH * h) / minH).lineTo(c.w, (i * rowH * h) / minH);
  c.fig.path(separators, 'stroke');
  items.forEach((item, i) => c.fig.text(10, ((i + 0.5) * rowH * h) / minH, item, canvasText()));
};

/** Text selection handles: the selection and two pointers at half opacity in the fill, and the handles' squares in the stroke colour. */
const textSelHandles: Painter = (c) => {
  const { w, h } = c;
  const s = 15;
  const half = withAlpha(c, 0.5);
  c.fig.rect(s, 0, w - 2 * s, Math.max(0, h - s * 1.5), 'fill', half);
  const pointers = polyline([[0, h - s], [s / 2, h - s * 1.5], [s, h - s]], true).toString() + ' ' + polyline([[w - s, h - s], [w - s / 2, h - s * 1.5], [w, h - s]], true).toString();
  c.fig.path(pointers, 'fill', half);
  for (const x of [0, w - s]) c.fig.rect(x, h - s, s, s, 'fill', { fill: c.stroke, ...half });
};

/** The indeterminate spinner: a ring in two halves, shaded from #aaaaaa and from white to #dddddd downwards. */
const indeterminateSpinner: Painter = (c) => {
  const { w, h } = c;
  const half = (sweep: 0 | 1, from: string, id: string) => {
    c.fig.raw(linearGradient(id, from, '#dddddd', 'south'));
    const path = new PathData()
      .moveTo(w / 2, h * 0.1)
      .arcTo(w * 0.4, h * 0.4, 0, 0, sweep, w / 2, h * 0.9)
      .lineTo(w / 2, h)
      .arcTo(w / 2, h / 2, 0, 0, sweep === 0 ? 1 : 0, w / 2, 0)
      .close();
    c.fig.path(path, 'fill', { fill: `url(#${xmlAttr(id)})` });
  };
  half(0, '#aaaaaa', `${c.gradientId}-left`);
  half(1, '#ffffff', `${c.gradientId}-right`);
};

/** A line across the middle from 0 to x (the whole width unless given). */
const across = (c: ShapeContext, x = c.w) => new PathData().moveTo(0, c.h / 2).lineTo(x, c.h / 2);

/** A position along the width: the style's fraction `key` of it, clamped as mxAndroid.js clamps it (to the width, not to 1). */
const along = (c: ShapeContext, key: string, fallback: number) => c.w * clamp(c.num(key, fallback), 0, c.w);

/** A progress bar: a #444444 line, the stroke up to dx1 (0.8) darkened a fifth, and the stroke up to dx2 (0.6). */
const progressBar: Painter = (c) => {
  c.fig.path(across(c), 'stroke', { stroke: '#444444' });
  const first = along(c, 'dx1', 0.8);
  c.fig.path(across(c, first), 'stroke');
  c.fig.path(across(c, first), 'stroke', { stroke: '#000000', ...withAlpha(c, 0.2) });
  c.fig.path(across(c, along(c, 'dx2', 0.6)), 'stroke');
};

/**
 * A progress scrubber: a #444444 line, and at dx (0.3) a halo (a tenth of the width, at most the
 * height) and a dot a quarter its size in the fill: disabled, the line bare and the halo #666666 at
 * half; focused, the line up to the dot in the fill and the halo at three quarters; pressed, the
 * same with the halo at half, outlined in the fill.
 */
function scrubber(kind: 'disabled' | 'focused' | 'pressed'): Painter {
  return (c) => {
    const { w, h } = c;
    const at = along(c, 'dx', 0.3);
    const r = Math.min(h, w * 0.1) / 2;
    c.fig.path(across(c), 'stroke', { stroke: '#444444' });
    if (kind === 'disabled') c.fig.ellipse(at - r, h / 2 - r, 2 * r, 2 * r, 'fill', { fill: '#666666', ...withAlpha(c, 0.5) });
    else if (kind === 'focused') c.fig.ellipse(at - r, h / 2 - r, 2 * r, 2 * r, 'fill', withAlpha(c, 0.75));
    else c.fig.ellipse(at - r, h / 2 - r, 2 * r, 2 * r, 'fillStroke', { stroke: c.fill, ...withAlpha(c, 0.5) });
    if (kind !== 'disabled') c.fig.path(across(c, at), 'stroke', { stroke: c.fill });
    const dot = r / 4;
    c.fig.ellipse(at - dot, h / 2 - dot, 2 * dot, 2 * dot, 'fill');
  };
}

/** The quick scroll's track: a #cccccc line at x, and the thumb (6 x 20, 1 px corners) at dy of the height, kept `margin` from the ends. */
function quickThumb(c: ShapeContext, x: number, margin: number): number {
  const y = Math.min(c.h - margin, Math.max(margin, c.h * clamp(c.num('dy', 0.5), 0, c.h)));
  c.fig.path(new PathData().moveTo(x, 0).lineTo(x, c.h), 'stroke', { stroke: '#cccccc' });
  c.fig.roundRect(x - 3, y - 10, 6, 20, 1);
  return y;
}

/** A quick scroll with its label: the thumb at the right and, left of it, a grey box 40 px high with a pointer holding "Aa". */
const quickscroll2: Painter = (c) => {
  const { w } = c;
  const y = quickThumb(c, w - 3, 20);
  c.fig.rect(0, y - 20, w - 18, 40, 'fill', { fill: '#cccccc' });
  c.fig.path(polyline([[w - 18, y - 20], [w - 6, y], [w - 18, y + 20]], true), 'fill', { fill: '#666666' });
  c.fig.text((w - 18) / 2, y, 'Aa', canvasText({ size: 12, anchor: 'middle' }));
};

/** Scroll bars: a 5 px bar down the right and one along the bottom, leaving the corner. */
const scrollbars2: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(w - 5, 0, 5, h - 7);
  c.fig.rect(0, h - 5, w - 7, 5);
};

/** A spinner's underline and the triangle in its corner (a tenth of the width, at most the height). */
const spinner2: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(0, h).lineTo(w, h), 'stroke');
  const s = Math.min(w / 10, h);
  c.fig.path(polyline([[w - s, h], [w, h - s], [w, h]], true));
};

const a = 'mxgraph.android.';

export const ANDROID_SHAPES: Readonly<Record<string, Painter>> = {
  [`${a}tabBar`]: tabBar,
  [`${a}phone`]: phone,
  [`${a}statusBar`]: statusBar,
  [`${a}checkboxGroup`]: optionGroup(false),
  [`${a}radioGroup`]: optionGroup(true),
  [`${a}menuBar`]: menuBar,
  [`${a}textSelHandles`]: textSelHandles,
  [`${a}indeterminateSpinner`]: indeterminateSpinner,
  [`${a}anchor`]: anchor,
  [`${a}rrect`]: roundedRect,
  [`${a}checkbox`]: checkbox,
  [`${a}progressBar`]: progressBar,
  [`${a}progressScrubberDisabled`]: scrubber('disabled'),
  [`${a}progressScrubberFocused`]: scrubber('focused'),
  [`${a}progressScrubberPressed`]: scrubber('pressed'),
  [`${a}quickscroll2`]: quickscroll2,
  [`${a}quickscroll3`]: (c: ShapeContext) => void quickThumb(c, c.w / 2, 10),
  [`${a}scrollbars2`]: scrollbars2,
  [`${a}spinner2`]: spinner2,
};
