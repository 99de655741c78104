/**
 * The Bootstrap palette's shapes diagrams.net draws in code (shapes/mxBootstrap.js): boxes rounded
 * all round or on one side (the mockups' own), a striped progress bar, a pill, an arrow, a tab, an
 * image frame, checkboxes and radio buttons (plain and of the palette's `checked` kind), a user's
 * silhouette, a rating, a range input, a switch, an X and a popover.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { clamp } from './code-shape-context';
import { PathData, polyline, stadium, type Point } from './code-shape-pen';
import { anchor, box, roundedRect, SIDE_BUTTONS } from './code-shapes-mockup';
import { ratingOf } from './code-shapes-mockup-controls';
import { horLines, withAlpha } from './code-shapes-widget-kit';
import { linearGradient, xmlAttr } from './stencil-figure';

/** The most stripes a striped button draws (a box thousands of times wider than high). */
const MAX_STRIPES = 1000;

/** A whole `rSize` (10 unless set), as diagrams.net's parseInt reads it. */
function radiusOf(c: ShapeContext, fallback = 10): number {
  const r = Math.trunc(c.num('rSize', fallback));
  return Number.isFinite(r) ? r : fallback;
}

/**
 * A striped progress bar's left end: a box of 5 px corners on its left, filled without outline,
 * and white stripes at a fifth of the opacity leaning back, half the height wide and a height apart.
 */
const leftButtonStriped: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(box(w, h, 5, [true, false, false, true]), 'fill');
  const stripe = h * 0.5;
  const white = { fill: '#ffffff', ...withAlpha(c, 0.2) };
  c.fig.path(polyline([[0, h * 0.75], [0, h * 0.25], [h * 0.75, h], [h * 0.25, h]], true), 'fill', white);
  let x = stripe * 0.5;
  for (let n = 0; n < MAX_STRIPES; n++) {
    const points: Point[] = [[x, 0]];
    if (x + stripe >= w) points.push([w, 0], [w, w - x]);
    else {
      points.push([x + stripe, 0]);
      if (x + stripe + h > w) {
        points.push([w, w - x - stripe]);
        points.push(...(w - x > h ? ([[w, h], [x + h, h]] as Point[]) : ([[w, w - x]] as Point[])));
      } else points.push([x + stripe + h, h], [x + h, h]);
    }
    c.fig.path(polyline(points, true), 'fill', white);
    x += 2 * stripe;
    if (x > w) break;
  }
};

/** A pill: half-circle ends on the shorter side. */
const roundedButton: Painter = (c) => {
  c.fig.path(stadium(c.w, c.h));
};

/** An arrow across the middle, its head the last tenth of the width. */
const arrow: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(w, h / 2).moveTo(w * 0.9, 0).lineTo(w, h / 2).lineTo(w * 0.9, h), 'stroke');
};

/** A tab: a box rounded at its top (`rSize`, 10) outlined in its own fill, then its sides and top in the stroke, open at the bottom. */
const tabTop: Painter = (c) => {
  const { w, h } = c;
  const r = radiusOf(c);
  c.fig.path(box(w, h, r, [true, true, false, false]), 'fillStroke', { stroke: c.fill });
  const sides = new PathData().moveTo(0, h).lineTo(0, r).arcTo(r, r, 0, 0, 1, r, 0).lineTo(w - r, 0).arcTo(r, r, 0, 0, 1, w, r).lineTo(w, h);
  c.fig.path(sides, 'stroke');
};

/** An image's frame: a box of `rSize` (10) corners outlined, and inside it, half that in, one of half the radius filled. */
const image: Painter = (c) => {
  const r = Math.max(0, radiusOf(c));
  c.fig.path(box(c.w, c.h, r, [true, true, true, true]), 'stroke');
  const half = r / 2;
  c.fig.path(box(Math.max(0, c.w - r), Math.max(0, c.h - r), half, [true, true, true, true], [half, half]), 'fill');
};

/** A checkbox: a box of 3 px corners and its tick, 3 px wide. */
const checkbox: Painter = (c) => {
  const { w, h } = c;
  c.fig.roundRect(0, 0, w, h, 3);
  c.fig.path(polyline([[w * 0.8, h * 0.2], [w * 0.4, h * 0.8], [w * 0.25, h * 0.6]], false), 'stroke', { strokeWidth: 3 });
};

/** Whether a palette checkbox or radio button is checked: `checked` set to anything but nothing or 0, as diagrams.net tests it. */
function isChecked(c: ShapeContext): boolean {
  const value = c.style.get('checked');
  return value !== undefined && value !== '' && Number(value) !== 0;
}

/** The palette's checkbox: a box of 2 px corners; checked, filled in checkedFill (#ffffff) without outline, its tick 2 px wide in checkedStroke (#000000). */
const checkbox2: Painter = (c) => {
  const { w, h } = c;
  if (!isChecked(c)) {
    c.fig.roundRect(0, 0, w, h, 2);
    return;
  }
  c.fig.roundRect(0, 0, w, h, 2, 'fill', { fill: c.color('checkedFill', '#ffffff') });
  const tick = polyline([[w * 0.8, h * 0.2], [w * 0.4, h * 0.75], [w * 0.25, h * 0.6]], false);
  c.fig.path(tick, 'stroke', { stroke: c.color('checkedStroke', '#000000'), strokeWidth: 2 });
};

/** A radio button: its circle, and a dot half its size in the stroke colour. */
const radioButton: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h);
  c.fig.ellipse(w * 0.25, h * 0.25, w * 0.5, h * 0.5, 'fill', { fill: c.stroke });
};

/** The palette's radio button: its circle; checked, in checkedFill (#ffffff) with a dot of 60 % in checkedStroke (#000000). */
const radioButton2: Painter = (c) => {
  const { w, h } = c;
  if (!isChecked(c)) {
    c.fig.ellipse(0, 0, w, h);
    return;
  }
  const fill = c.color('checkedFill', '#ffffff');
  c.fig.ellipse(0, 0, w, h, 'fillStroke', { fill, stroke: fill });
  c.fig.ellipse(w * 0.2, h * 0.2, w * 0.6, h * 0.6, 'fill', { fill: c.color('checkedStroke', '#000000') });
};

/** A user's head and shoulders, filled: diagrams.net's arcs, in fractions of the box. */
const USER: ReadonlyArray<readonly [rx: number, ry: number, sweep: 0 | 1, x: number, y: number]> = [
  [0.3, 0.3, 1, 0.02, 0.87],
  [0.1, 0.1, 1, 0.08, 0.812],
  [3, 3, 1, 0.29, 0.732],
  [0.15, 0.15, 0, 0.385, 0.607],
  [0.11, 0.11, 0, 0.355, 0.53],
  [0.3, 0.3, 1, 0.305, 0.44],
  [0.33, 0.38, 1, 0.312, 0.15],
  [0.218, 0.218, 1, 0.688, 0.15],
  [0.33, 0.38, 1, 0.693, 0.44],
  [0.25, 0.25, 1, 0.645, 0.53],
  [0.1, 0.1, 0, 0.612, 0.6],
  [0.15, 0.15, 0, 0.7, 0.726],
  [3, 3, 1, 0.92, 0.812],
  [0.1, 0.1, 1, 0.97, 0.865],
  [0.2, 0.2, 1, 0.995, 0.952],
];

const user2: Painter = (c) => {
  const { w, h } = c;
  const path = new PathData().moveTo(0, h * 0.95);
  for (const [rx, ry, sweep, x, y] of USER) path.arcTo(w * rx, h * ry, 0, 0, sweep, w * x, h * y);
  c.fig.path(path.close(), 'fill');
};

/**
 * A range input: its track (rangeStyle) and handle (handleStyle) at dx (0.3) of the width. The
 * rounded track is a pill half as high as the box (at most half its width); the rect one a 4 px
 * band in the fill fading out toward gradientDirection unless a gradientColor is set. A circle
 * handle is a disc as high as the pill in the stroke colour; a rect one a box half the box's height
 * wide, shaded from the fill to gradientColor, with three grip lines.
 */
const rangeInput: Painter = (c) => {
  const { w, h } = c;
  const at = w * clamp(c.num('dx', 0.3), 0, w);
  const gradientTo = c.style.get('gradientColor') ?? 'none';
  const direction = c.style.get('gradientDirection') ?? 'south';
  const rangeStyle = c.style.get('rangeStyle') ?? 'rounded';
  const handleStyle = c.style.get('handleStyle') ?? 'circle';
  const bar = Math.min(h / 2, w / 2);
  const r = bar / 2;
  // The rect track's gradient stops' opacities: the style's opacity, none where there is no colour.
  const opacity = Math.min(1, c.num('opacity', 100));
  const stops: [number, number] = rangeStyle === 'rect' ? [c.fill === 'none' ? 0 : opacity, gradientTo === 'none' ? 0 : opacity] : [1, 1];
  if (rangeStyle === 'rect') {
    const id = `${c.gradientId}-track`;
    c.fig.raw(linearGradient(id, c.fill, c.fill, direction, stops));
    c.fig.rect(0, h / 2 - 2, w, 4, 'fill', { fill: `url(#${xmlAttr(id)})` });
  } else if (rangeStyle === 'rounded') {
    const pill = new PathData()
      .moveTo(0, h / 2)
      .arcTo(r, r, 0, 0, 1, r, h / 2 - r)
      .lineTo(w - r, h / 2 - r)
      .arcTo(r, r, 0, 0, 1, w, h / 2)
      .arcTo(r, r, 0, 0, 1, w - r, h / 2 + r)
      .lineTo(r, h / 2 + r)
      .arcTo(r, r, 0, 0, 1, 0, h / 2);
    c.fig.path(pill.close(), 'fill');
  }
  if (handleStyle === 'rect') {
    const id = `${c.gradientId}-handle`;
    // A gradient toward no colour ends in black, as an SVG stop of `none` does.
    c.fig.raw(linearGradient(id, c.fill, gradientTo === 'none' ? '#000000' : gradientTo, direction, stops));
    const hw = h / 2;
    c.fig.rect(at - hw / 2, 0, hw, h, 'fillStroke', { fill: `url(#${xmlAttr(id)})` });
    const grips = new PathData();
    for (const y of [0.3, 0.5, 0.7]) grips.moveTo(at - hw / 4, h * y).lineTo(at + hw / 4, h * y);
    c.fig.path(grips, 'stroke');
  } else if (handleStyle === 'circle') c.fig.ellipse(at - bar, 0, 2 * bar, 2 * bar, 'fill', { fill: c.stroke });
};

/**
 * A switch (at least twice as wide as high): on (buttonState unset or 1), a pill in onFillColor
 * (#0085FC) with its knob at the right in onStrokeColor (#ffffff); off, a pill in the fill and
 * stroke with its knob at the left in the stroke colour.
 */
const switchShape: Painter = (c) => {
  const h = c.h;
  const w = Math.max(c.w, 2 * h);
  const state = c.style.get('buttonState');
  const knob = h * 0.8;
  if (state === undefined || Number(state) === 1) {
    c.fig.roundRect(0, 0, w, h, h / 2, 'fill', { fill: c.color('onFillColor', '#0085FC') });
    c.fig.ellipse(w - h * 0.9, h * 0.1, knob, knob, 'fill', { fill: c.color('onStrokeColor', '#ffffff') });
  } else {
    c.fig.roundRect(0, 0, w, h, h / 2);
    c.fig.ellipse(h * 0.1, h * 0.1, knob, knob, 'fill', { fill: c.stroke });
  }
};

/** An X from corner to corner. */
const cross: Painter = (c) => {
  c.fig.path(new PathData().moveTo(0, 0).lineTo(c.w, c.h).moveTo(c.w, 0).lineTo(0, c.h), 'stroke');
};

/**
 * A popover: a box of `rSize` (10) corners above a pointer dy high (0.5) whose tip is dx across
 * (0.5), its base as wide as twice its height, kept within the box.
 */
const popover: Painter = (c) => {
  const { w, h } = c;
  const r = radiusOf(c);
  const dx = clamp(c.num('dx', 0.5), 0, w);
  const dy = clamp(c.num('dy', 0.5), 0, h);
  const path = new PathData()
    .moveTo(r, 0)
    .lineTo(w - r, 0)
    .arcTo(r, r, 0, 0, 1, w, r)
    .lineTo(w, h - dy - r)
    .arcTo(r, r, 0, 0, 1, w - r, h - dy)
    .lineTo(Math.min(dx + dy, w), h - dy)
    .lineTo(dx, h)
    .lineTo(Math.max(dx - dy, 0), h - dy)
    .lineTo(r, h - dy)
    .arcTo(r, r, 0, 0, 1, 0, h - dy - r)
    .lineTo(0, r)
    .arcTo(r, r, 0, 0, 1, r, 0);
  c.fig.path(path.close());
};

const b = 'mxgraph.bootstrap.';

export const BOOTSTRAP_SHAPES: Readonly<Record<string, Painter>> = {
  [`${b}rrect`]: roundedRect,
  [`${b}topButton`]: SIDE_BUTTONS.top,
  [`${b}bottomButton`]: SIDE_BUTTONS.bottom,
  [`${b}rightButton`]: SIDE_BUTTONS.right,
  [`${b}leftButton`]: SIDE_BUTTONS.left,
  [`${b}leftButtonStriped`]: leftButtonStriped,
  [`${b}roundedButton`]: roundedButton,
  [`${b}arrow`]: arrow,
  [`${b}tabTop`]: tabTop,
  [`${b}image`]: image,
  [`${b}checkbox`]: checkbox,
  [`${b}checkbox2`]: checkbox2,
  [`${b}radioButton`]: radioButton,
  [`${b}radioButton2`]: radioButton2,
  [`${b}horLines`]: horLines,
  [`${b}user2`]: user2,
  [`${b}rating`]: ratingOf(1.2),
  [`${b}anchor`]: anchor,
  [`${b}rangeInput`]: rangeInput,
  [`${b}switch`]: switchShape,
  [`${b}x`]: cross,
  [`${b}popover`]: popover,
};
