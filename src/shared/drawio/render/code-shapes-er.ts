/**
 * The legacy Entity Relation shapes diagrams.net draws in code (shapes/er/mxER.js): entities,
 * attributes, relations, clouds, hierarchies and notes, each with the text it draws itself
 * (`buttonText`, in `textColor` at the style's fontSize), the notation legends (Chen's, Bachman's,
 * Information Engineering: boxes of rows whose markers and words the shape draws), a rounded
 * rectangle of `rSize` and the invisible anchor.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData, polyline, roundedBox, type Point } from './code-shape-pen';
import { measuredWidth } from './code-shapes-mockup-steps';
import { DEFAULT_FONT_FAMILY } from './label-look';

/** The corner radius of the entity's round style. */
const R = 10;

/** The style's fontSize; unset, diagrams.net's default vertex style gives 12 (mxER.js's own 17 is never reached). */
const fontSizeOf = (c: ShapeContext) => c.num('fontSize', 12);
const textColorOf = (c: ShapeContext) => c.color('textColor', '#666666');

/** A word the shape draws itself, centred on (x, y) (or starting there with `start`). */
function word(c: ShapeContext, x: number, y: number, text: string | undefined, size = fontSizeOf(c), color = textColorOf(c), anchor: 'middle' | 'start' = 'middle'): void {
  if (text) c.fig.text(x, y, text, { size, color, family: DEFAULT_FONT_FAMILY, anchor });
}

/** A w x h box at (x, y) in `buttonStyle`'s outline: round (corners of 10 px) or rect. */
function outline(x: number, y: number, w: number, h: number, round: boolean): PathData {
  if (round) return roundedBox(new PathData(), x, y, x + w, y + h, R).close();
  return polyline([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], true);
}

/**
 * A box with a second frame inside it a tenth of its shorter side in (the `dblFrame` style). mxER.js
 * fills it with fillColor, else #666666, but diagrams.net's default vertex style always gives a
 * fillColor: the shape's own fill.
 */
function doubleFrame(c: ShapeContext, x: number, y: number, w: number, h: number): void {
  c.fig.path(outline(x, y, w, h, false));
  const m = Math.min(w, h) * 0.1;
  c.fig.path(outline(x + m, y + m, w - 2 * m, h - 2 * m, false), 'stroke');
}

/** Every ER shape's box: at least 2 x 10 px a side, as mxER.js widens it. */
const atLeast = (c: ShapeContext, min: number) => [Math.max(c.w, min), Math.max(c.h, min)] as const;

const buttonStyle = (c: ShapeContext, fallback: string) => c.style.get('buttonStyle') ?? fallback;

/** An entity: a box (round, rect, or dblFrame), `buttonText` (Entity) in its middle. */
const entity: Painter = (c) => {
  const [w, h] = atLeast(c, 2 * R);
  const style = buttonStyle(c, 'round');
  if (style === 'dblFrame') doubleFrame(c, 0, 0, w, h);
  else if (style === 'round' || style === 'rect') c.fig.path(outline(0, 0, w, h, style === 'round'));
  word(c, w / 2, h / 2, c.style.get('buttonText') ?? 'Entity');
};

/** An attribute: an ellipse (simple, or dblFrame: a second one inside, as doubleFrame), `buttonText` in its middle. */
const attribute: Painter = (c) => {
  const [w, h] = atLeast(c, 2 * R);
  const style = buttonStyle(c, 'simple');
  if (style === 'simple' || style === 'dblFrame') c.fig.ellipse(0, 0, w, h);
  if (style === 'dblFrame') {
    const m = Math.min(w, h) * 0.1;
    c.fig.ellipse(m, m, w - 2 * m, h - 2 * m, 'stroke');
  }
  word(c, w / 2, h / 2, c.style.get('buttonText') ?? 'Entity');
};

/** A rhombus through the middles of a box's sides, `inset` of its size in from them. */
const rhombus = (w: number, h: number, inset: number) => polyline([[w * inset, h / 2], [w / 2, h * inset], [w * (1 - inset), h / 2], [w / 2, h * (1 - inset)]], true);

/** A relation ("has"): a rhombus (or dblFrame: a second one a tenth in), `buttonText` in its middle. */
const has: Painter = (c) => {
  const [w, h] = atLeast(c, 2 * R);
  const style = buttonStyle(c, 'rhombus');
  if (style === 'rhombus' || style === 'dblFrame') c.fig.path(rhombus(w, h, 0));
  if (style === 'dblFrame') c.fig.path(rhombus(w, h, 0.1), 'stroke');
  word(c, w / 2, h / 2, c.style.get('buttonText') ?? 'Entity');
};

/** A cloud of six curves, `buttonText` in its middle. */
const cloud: Painter = (c) => {
  const [w, h] = atLeast(c, 2 * R);
  const at = (x: number, y: number): Point => [x * w, y * h];
  const curves: Array<[Point, Point, Point]> = [
    [at(0.05, 0.25), at(0, 0.5), at(0.16, 0.55)],
    [at(0, 0.66), at(0.18, 0.9), at(0.31, 0.8)],
    [at(0.4, 1), at(0.7, 1), at(0.8, 0.8)],
    [at(1, 0.8), at(1, 0.6), at(0.875, 0.5)],
    [at(1, 0.3), at(0.8, 0.1), at(0.625, 0.2)],
    [at(0.5, 0.05), at(0.3, 0.05), at(0.25, 0.25)],
  ];
  const path = new PathData().moveTo(0.25 * w, 0.25 * h);
  for (const [a, b, end] of curves) path.curveTo(a[0], a[1], b[0], b[1], end[0], end[1]);
  c.fig.path(path);
  word(c, w / 2, h / 2, c.style.get('buttonText') ?? 'Entity');
};

/**
 * A hierarchy: the outer box, and a second box in its right half (10 px in from the top, right and
 * bottom; 1.5 px for dblFrame), the first two names of `buttonText` (main) and of `subText` (sub)
 * left and right, one above the other across the middle.
 */
const hierarchy: Painter = (c) => {
  const [w, h] = atLeast(c, 2 * R);
  const style = buttonStyle(c, 'round');
  if (style === 'dblFrame') {
    doubleFrame(c, 0, 0, w, h);
    doubleFrame(c, w / 2, R * 0.15, w / 2 - R * 0.15, h - R * 0.3);
  } else if (style === 'round' || style === 'rect') {
    c.fig.path(outline(0, 0, w, h, style === 'round'));
    c.fig.path(outline(w / 2, R, w / 2 - R, h - 2 * R, style === 'round'));
  }
  const size = fontSizeOf(c);
  const names = (key: string, fallback: string) => (c.style.get(key) ?? fallback).split(',');
  for (const [x, [upper, lower]] of [[0.25, names('buttonText', 'main')], [0.7, names('subText', 'sub')]] as const) {
    word(c, w * x, (h - size) / 2, upper, size);
    word(c, w * x, (h + size) / 2, lower, size);
  }
};

/** A note: a box with its top right corner folded 20 px, the fold in fillColor2 (white), `buttonText` in its middle. */
const note: Painter = (c) => {
  const fold = 20;
  const [w, h] = atLeast(c, 2 * fold);
  c.fig.path(polyline([[0, 0], [w - fold, 0], [w, fold], [w, h], [0, h]], true));
  c.fig.path(polyline([[w - fold, 0], [w, fold], [w - fold, fold]], true), 'fillStroke', { fill: c.color('fillColor2', '#ffffff') });
  word(c, w / 2, h / 2, c.style.get('buttonText') ?? 'Entity');
};

/** Straight lines, each from (x1, y1) to (x2, y2) (or through more points), in fractions of the box, stroked as one path. */
function strokes(c: ShapeContext, w: number, h: number, lines: ReadonlyArray<readonly number[]>): void {
  const path = new PathData();
  for (const line of lines) for (let i = 0; i < line.length; i += 2) (i === 0 ? path.moveTo : path.lineTo).call(path, line[i] * w, line[i + 1] * h);
  c.fig.path(path, 'stroke');
}

/** Horizontal lines across the box at these fractions of its height. */
const rows = (...at: number[]) => at.map((y) => [0, y, 1, y]);

/** A legend's words: [x, y, text] in fractions of the box, at a scale of the font size, centred or starting there. */
function words(c: ShapeContext, w: number, h: number, scale: number, anchor: 'middle' | 'start', entries: ReadonlyArray<readonly [number, number, string]>): void {
  for (const [x, y, text] of entries) word(c, x * w, y * h, text, fontSizeOf(c) * scale, textColorOf(c), anchor);
}

/** Chen's notation legend: a title row, Cardinality and Optionality, and their four cases. */
const chens: Painter = (c) => {
  const [w, h] = atLeast(c, 40);
  c.fig.rect(0, 0, w, h);
  strokes(c, w, h, [...rows(0.25, 0.5, 0.75), [0.25, 0.5, 0.25, 1], [0.5, 0.25, 0.5, 1], [0.75, 0.5, 0.75, 1]]);
  words(c, w, h, 1, 'middle', [[0.5, 0.125, "ERD Peter Chen's Notation"]]);
  words(c, w, h, 0.85, 'middle', [[0.25, 0.375, 'Cardinality'], [0.75, 0.375, 'Optionality']]);
  words(c, w, h, 0.7, 'middle', [
    [0.125, 0.625, '1'], [0.375, 0.625, 'One'], [0.625, 0.625, '0'], [0.875, 0.625, 'Optional'],
    [0.125, 0.875, 'N'], [0.375, 0.875, 'Many'], [0.625, 0.875, '1'], [0.875, 0.875, 'Mandatory'],
  ]);
};

/** Bachman's notation legend: seven rows, each a line with its marker on the left and its name on the right. */
const bachmans: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  const size = fontSizeOf(c);
  const gap = measuredWidth('has/forms', size) / 2 / w;
  const crow = (y: number) => [0.46, y - 0.0325, 0.4, y, 0.46, y + 0.0325];
  strokes(c, w, h, [
    ...rows(0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875),
    [0.5, 0.125, 0.5, 1],
    [0.04, 0.1875, 0.25 - gap, 0.1875], [0.25 + gap, 0.1875, 0.46, 0.1875],
    ...[0.3125, 0.4375, 0.5625, 0.6875, 0.8125, 0.9375].map((y) => [0.04, y, 0.46, y]),
    crow(0.4375), [0.38, 0.53, 0.38, 0.595], crow(0.6875), [0.38, 0.655, 0.38, 0.72], crow(0.9375),
  ]);
  words(c, w, h, 1, 'middle', [[0.5, 0.0625, "ERD Bachman's Notation"]]);
  const names = ['Relationship', 'Cardinality (One)', 'Cardinality (Many)', 'Mandatory, One', 'Mandatory, Many', 'Optional, One', 'Optional, Many'];
  words(c, w, h, 0.85, 'start', names.map((name, i) => [0.52, 0.1875 + i * 0.125, name] as const));
  words(c, w, h, 0.85, 'middle', [[0.25, 0.1875, 'has/forms']]);
  const dot = h / 15;
  c.fig.ellipse(w * 0.46 - dot, h * 0.8125 - dot / 2, dot, dot);
  c.fig.ellipse(w * 0.4 - dot, h * 0.9375 - dot / 2, dot, dot);
};

/**
 * The Information Engineering legend: zero or one, one only, zero or more, one or more, each a line
 * with its marker but the last (mxER.js adds that one's line and marker to a path it has already
 * stroked, so diagrams.net never draws them).
 */
const ie: Painter = (c) => {
  const size = fontSizeOf(c);
  const w = Math.max(c.w, c.h / 1.5);
  const h = Math.max(c.h, size * 5);
  c.fig.rect(0, 0, w, h);
  const e = h / 12 / w;
  const bar = (x: number, y: number) => [x, y - 0.05, x, y + 0.05];
  const crow = (y: number) => [0.46, y - 0.05, 0.46 - 2 * e, y, 0.46, y + 0.05];
  strokes(c, w, h, [
    ...rows(0.2, 0.4, 0.6, 0.8),
    [0.5, 0.2, 0.5, 1],
    ...[0.3, 0.5, 0.7].map((y) => [0.04, y, 0.46, y]),
    bar(0.46 - e, 0.3), bar(0.46 - 2 * e, 0.5), bar(0.46 - 2.5 * e, 0.5), crow(0.7),
  ]);
  words(c, w, h, 1, 'middle', [[0.5, 0.1, 'ERD Information Engineering Notation']]);
  words(c, w, h, 0.85, 'start', [[0.52, 0.3, 'Zero or one'], [0.52, 0.5, 'One only'], [0.52, 0.7, 'Zero or more'], [0.52, 0.9, 'One or more']]);
  const dot = h / 12;
  for (const y of [0.3, 0.7]) c.fig.ellipse(w * 0.46 - dot * 3, h * y - dot / 2, dot, dot);
};

/** An extended entity: its name on a header band in the shape's fill, its attributes (`subText`) below on fillColor2, widened to the longest. */
const entityExt: Painter = (c) => {
  const size = fontSizeOf(c);
  const attributes = (c.style.get('subText') ?? '+ attribute 1,+ attribute 2,+ attribute 3').split(',');
  const band = size * 1.25;
  const widest = Math.max(0, ...attributes.map((text) => measuredWidth(text, size)));
  const w = Math.max(c.w, 2 * R, widest + R);
  const h = Math.max(c.h, 2 * R, (attributes.length + 1) * band);
  const round = buttonStyle(c, 'round') === 'round';
  const body = c.color('fillColor2', '#ffffff');
  if (round) {
    c.fig.path(outline(0, 0, w, h, true));
    c.fig.path(new PathData().moveTo(0, R).arcTo(R, R, 0, 0, 1, R, 0).lineTo(w - R, 0).arcTo(R, R, 0, 0, 1, w, R).lineTo(w, band).lineTo(0, band).close(), 'fill');
    c.fig.path(new PathData().moveTo(w, band).lineTo(w, h - R).arcTo(R, R, 0, 0, 1, w - R, h).lineTo(R, h).arcTo(R, R, 0, 0, 1, 0, h - R).lineTo(0, band).close(), 'fill', { fill: body });
  } else {
    c.fig.path(outline(0, 0, w, h, false));
    c.fig.rect(0, 0, w, band, 'fill');
    c.fig.rect(0, band, w, h - band, 'fill', { fill: body });
  }
  c.fig.path(outline(0, 0, w, h, round), 'stroke');
  word(c, w / 2, size / 2, c.style.get('buttonText') ?? 'Entity', size, body);
  // In strokeColor (mxER.js's #666666 is never reached: the default vertex style has one).
  attributes.forEach((text, i) => word(c, R / 2, (i + 1.5) * band, text, size, c.stroke, 'start'));
};

/** A rectangle with corners of `rSize` (10). */
const rrect: Painter = (c) => {
  c.fig.roundRect(0, 0, c.w, c.h, Math.trunc(c.num('rSize', 10)));
};

export const ER_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.er.entity': entity,
  'mxgraph.er.entityExt': entityExt,
  'mxgraph.er.attribute': attribute,
  'mxgraph.er.has': has,
  'mxgraph.er.cloud': cloud,
  'mxgraph.er.hierarchy': hierarchy,
  'mxgraph.er.note': note,
  'mxgraph.er.chens': chens,
  'mxgraph.er.bachmans': bachmans,
  'mxgraph.er.ie': ie,
  'mxgraph.er.rrect': rrect,
  // A shape without visuals, for anchoring edges: it draws nothing.
  'mxgraph.er.anchor': () => undefined,
};
