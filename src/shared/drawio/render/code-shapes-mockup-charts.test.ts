/** The Mockups palette's charts, as mxMockupGraphics.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';

const m = 'shape=mxgraph.mockup.graphics.';

describe('mockup charts', () => {
  it('draws a bar chart: its box, two series of bars in fillColor2 and fillColor3, and its axes twice the stroke wide', () => {
    const bar = draw(`${m}barChart;strokeColor2=none;strokeColor3=#666666;fillColor2=#008cff;fillColor3=#dddddd;strokeWidth=2`, 200, 100);
    expect(bar.rects.map(boxOf)).toEqual([[0, 0, 200, 100], [0, 20, 150, 5], [0, 45, 120, 5], [0, 70, 190, 5], [0, 25, 170, 5], [0, 50, 130, 5], [0, 75, 160, 5]]);
    expect(bar.rects.slice(1).map((r) => [r.attrs.fill, r.attrs.stroke])).toEqual([...Array(3).fill(['#008cff', 'none']), ...Array(3).fill(['#dddddd', 'none'])]);
    const axes = bar.paths.at(-1)!.attrs;
    expect(pointsOf(axes.d)).toEqual([[0, 0], [0, 100], [200, 100]]);
    expect(axes).toMatchObject({ stroke: '#666666', 'stroke-width': '4', fill: 'none' });
  });

  it('stands a column chart\'s bars on its bottom, and draws a line chart\'s two lines from its bottom left', () => {
    const columns = draw(`${m}columnChart;fillColor2=#ff0000`, 100, 200).rects;
    expect(boxOf(columns[1])).toEqual([20, 50, 5, 150]);
    expect(columns[1].attrs.fill).toBe('#ff0000');
    expect(boxOf(columns[6])).toEqual([75, 40, 5, 160]);
    const lines = draw(`${m}lineChart;strokeColor3=#00aa00`, 100, 100).paths;
    expect(lines.map((p) => [pointsOf(p.attrs.d), p.attrs.stroke])).toEqual([
      [[[0, 100], [30, 50], [60, 74], [90, 24]], '#dddddd'],
      [[[0, 100], [30, 65], [60, 60], [90, 35]], '#00aa00'],
      [[[0, 0], [0, 100], [100, 100]], '#666666'],
    ]);
  });

  it("cuts a pie into its parts from 12 o'clock anticlockwise, each in its colour, red past the last colour", () => {
    const pie = draw(`${m}pieChart;parts=25,25,50;partColors=#111111,#222222`, 100, 100, { stroke: '#ffffff' });
    expect(pie.ellipses).toHaveLength(1);
    const wedges = pie.paths.map((p) => [p.attrs.d, p.attrs.fill, p.attrs.stroke]);
    expect(wedges[0]).toEqual(['M50,50 L0,50 A50,50 0 0 1 50,0 Z', '#111111', '#ffffff']);
    expect(wedges[1]).toEqual(['M50,50 L50,100 A50,50 0 0 1 0,50 Z', '#222222', '#ffffff']);
    // A half is drawn a hair past the half (0.501), the long way round.
    expect(wedges[2][0]).toMatch(/^M50,50 L49\.69,0 A50,50 0 1 1 50,100 Z$/);
    expect(wedges[2][1]).toBe('#ff0000');
  });
});

describe('mockup bubble and scatter charts', () => {
  it('draws six bubbles sized by the shorter side, three in fillColor2 and three in fillColor3', () => {
    const bubbles = draw(`${m}bubbleChart;strokeColor2=none;fillColor2=#008cff;fillColor3=#dddddd`, 200, 100).ellipses;
    const middlesAndRadii = [[80, 45, 14], [20, 80, 10], [140, 70, 22], [30, 25, 19], [96, 70, 12], [148, 17, 10]];
    expect(circlesOf(bubbles)).toEqual(middlesAndRadii.map((circle, i) => [...circle, i < 3 ? '#008cff' : '#dddddd', 'none']));
  });

  it("plots squares, triangles and diamonds in fillColor2's three colours, outlined in strokeColor2", () => {
    const plot = draw(`${m}plotChart;strokeColor2=#aaaaaa;fillColor2=#99aaff,#0022ff`, 100, 200);
    const marks = plot.paths.slice(0, -1);
    expect(marks.map((p) => p.attrs.fill)).toEqual([...Array(4).fill('#99aaff'), ...Array(3).fill('#0022ff'), ...Array(4).fill('none')]);
    expect(marks.every((p) => p.attrs.stroke === '#aaaaaa')).toBe(true);
    // A 3 px square round (20, 160), a triangle round (8, 130), a diamond 2.25 px round (32, 56).
    expect(pointsOf(marks[0].attrs.d)).toEqual([[18.5, 158.5], [21.5, 158.5], [21.5, 161.5], [18.5, 161.5]]);
    expect(pointsOf(marks[4].attrs.d)).toEqual([[8, 128.5], [9.5, 131.5], [6.5, 131.5]]);
    expect(pointsOf(marks[7].attrs.d)).toEqual([[32, 53.75], [34.25, 56], [32, 58.25], [29.75, 56]]);
  });
});
