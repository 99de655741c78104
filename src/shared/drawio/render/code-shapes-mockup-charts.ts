/**
 * The charts of diagrams.net's Mockups palette (mxMockupGraphics.js): bar, column, line, bubble and
 * scatter charts of fixed made-up data over their axes, and a pie chart of the style's parts.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData, polyline } from './code-shape-pen';

/** A chart's box, its bars or lines painted by `data`, and its axes (left and bottom) twice the stroke wide in `axisKey`'s colour. */
function chart(axisKey: string, data: (c: ShapeContext) => void): Painter {
  return (c) => {
    c.fig.rect(0, 0, c.w, c.h);
    data(c);
    const axes = new PathData().moveTo(0, 0).lineTo(0, c.h).lineTo(c.w, c.h);
    c.fig.path(axes, 'stroke', { stroke: c.color(axisKey, '#666666'), strokeWidth: c.strokeWidth * 2 });
  };
}

/** Two series of three bars, in fillColor2 (#008cff) and fillColor3 (#dddddd), outlined in strokeColor2 (none); each [x, y, w, h] in fractions of the box. */
function bars(c: ShapeContext, first: ReadonlyArray<readonly number[]>, second: ReadonlyArray<readonly number[]>): void {
  const stroke = c.color('strokeColor2', 'none');
  for (const [series, fill] of [[first, c.color('fillColor2', '#008cff')], [second, c.color('fillColor3', '#dddddd')]] as const) {
    for (const [x, y, w, h] of series) c.fig.rect(c.w * x, c.h * y, c.w * w, c.h * h, 'fillStroke', { fill, stroke });
  }
}

const barChart = chart('strokeColor3', (c) =>
  bars(
    c,
    [[0, 0.2, 0.75, 0.05], [0, 0.45, 0.6, 0.05], [0, 0.7, 0.95, 0.05]],
    [[0, 0.25, 0.85, 0.05], [0, 0.5, 0.65, 0.05], [0, 0.75, 0.8, 0.05]],
  ),
);

const columnChart = chart('strokeColor3', (c) =>
  bars(
    c,
    [[0.2, 0.25, 0.05, 0.75], [0.45, 0.4, 0.05, 0.6], [0.7, 0.05, 0.05, 0.95]],
    [[0.25, 0.15, 0.05, 0.85], [0.5, 0.35, 0.05, 0.65], [0.75, 0.2, 0.05, 0.8]],
  ),
);

/** Two lines from the bottom left, twice the stroke wide: strokeColor4 (#dddddd) under strokeColor3 (#008cff). */
const lineChart = chart('strokeColor2', (c) => {
  const series = [
    ['strokeColor4', '#dddddd', [[0.3, 0.5], [0.6, 0.74], [0.9, 0.24]]],
    ['strokeColor3', '#008cff', [[0.3, 0.65], [0.6, 0.6], [0.9, 0.35]]],
  ] as const;
  for (const [key, fallback, points] of series) {
    const path = new PathData().moveTo(0, c.h);
    for (const [x, y] of points) path.lineTo(c.w * x, c.h * y);
    c.fig.path(path, 'stroke', { stroke: c.color(key, fallback), strokeWidth: c.strokeWidth * 2 });
  }
});

/** Bubbles of fillColor2 (#008cff) and fillColor3 (#dddddd) outlined in strokeColor2 (none): [x, y, radius] in fractions of the box (the radius of its shorter side). */
const BUBBLES = [
  [[0.4, 0.45, 0.14], [0.1, 0.8, 0.1], [0.7, 0.7, 0.22]],
  [[0.15, 0.25, 0.19], [0.48, 0.7, 0.12], [0.74, 0.17, 0.1]],
] as const;

const bubbleChart = chart('strokeColor3', (c) => {
  const stroke = c.color('strokeColor2', 'none');
  const side = Math.min(c.w, c.h);
  BUBBLES.forEach((series, n) => {
    const fill = n === 0 ? c.color('fillColor2', '#008cff') : c.color('fillColor3', '#dddddd');
    for (const [x, y, r] of series) c.fig.ellipse(c.w * x - side * r, c.h * y - side * r, 2 * side * r, 2 * side * r, 'fillStroke', { fill, stroke });
  });
});

/** The plotted points' middles in fractions of the box: squares, triangles and diamonds. */
const PLOTTED = [
  [[0.2, 0.8], [0.3, 0.65], [0.6, 0.44], [0.85, 0.9]],
  [[0.08, 0.65], [0.58, 0.85], [0.72, 0.92]],
  [[0.32, 0.28], [0.92, 0.45], [0.81, 0.37], [0.51, 0.7]],
] as const;

/**
 * A scatter plot: squares, triangles and diamonds (a thirty-third of the shorter side, diamonds
 * half as large again) in the colours of fillColor2 ("#00aaff,#0044ff,#008cff"), outlined in
 * strokeColor2 (#dddddd).
 */
const plotChart = chart('strokeColor3', (c) => {
  const colours = (c.style.get('fillColor2') ?? '#00aaff,#0044ff,#008cff').split(',');
  const paint = { stroke: c.color('strokeColor2', '#dddddd') };
  const s = Math.min(c.w, c.h) * 0.03;
  const marks: ReadonlyArray<(x: number, y: number) => ReadonlyArray<readonly [number, number]>> = [
    (x, y) => [[x - s / 2, y - s / 2], [x + s / 2, y - s / 2], [x + s / 2, y + s / 2], [x - s / 2, y + s / 2]],
    (x, y) => [[x, y - s / 2], [x + s / 2, y + s / 2], [x - s / 2, y + s / 2]],
    (x, y) => [[x, y - s * 0.75], [x + s * 0.75, y], [x, y + s * 0.75], [x - s * 0.75, y]],
  ];
  PLOTTED.forEach((points, n) => {
    for (const [x, y] of points) c.fig.path(polyline(marks[n](c.w * x, c.h * y), true), 'fillStroke', { ...paint, fill: colours[n] ?? 'none' });
  });
});

/**
 * A pie: the ellipse, then a wedge per part of `parts` ("10,20,30", whole numbers), from 12
 * o'clock anticlockwise as diagrams.net turns them, each in its colour of `partColors`
 * (#333333,#666666,#999999; red past the last), outlined in the stroke.
 */
const pieChart: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h);
  const parts = (c.style.get('parts') ?? '10,20,30').split(',').map((part) => parseInt(part, 10));
  const colours = (c.style.get('partColors') ?? '#333333,#666666,#999999').split(',');
  const total = parts.reduce((sum, part) => sum + part, 0);
  const at = (share: number): [number, number] => [w / 2 - (w * Math.sin(2 * Math.PI * share)) / 2, h / 2 - (h * Math.cos(2 * Math.PI * share)) / 2];
  let begin = 0;
  parts.forEach((part, i) => {
    // A half is drawn a hair larger, as diagrams.net draws it, so its arc has one way round.
    const share = part / total === 0.5 ? 0.501 : part / total;
    const end = begin + share;
    const wedge = new PathData()
      .moveTo(w / 2, h / 2)
      .lineTo(...at(end))
      .arcTo(w / 2, h / 2, 0, share < 0.5 ? 0 : 1, 1, ...at(begin))
      .close();
    c.fig.path(wedge, 'fillStroke', { fill: colours[i] ?? '#ff0000' });
    begin += part / total;
  });
};

export const MOCKUP_CHART_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.mockup.graphics.barChart': barChart,
  'mxgraph.mockup.graphics.columnChart': columnChart,
  'mxgraph.mockup.graphics.lineChart': lineChart,
  'mxgraph.mockup.graphics.pieChart': pieChart,
  'mxgraph.mockup.graphics.bubbleChart': bubbleChart,
  'mxgraph.mockup.graphics.plotChart': plotChart,
};
