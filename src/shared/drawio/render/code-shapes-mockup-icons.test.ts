/** The Mockups palette's small icons and playback controls, as mxMockupMisc.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';

describe('mockup icons', () => {
  it('draws each icon\'s glyph in strokeColor over its box of corners a twentieth of its sides', () => {
    const edit = draw('shape=mxgraph.mockup.misc.editIcon;strokeColor=#999999', 100, 50);
    expect(edit.paths[0].attrs.d).toMatch(/^M5,0 L95,0 A5,2.5 0 0 1 100,2.5 /);
    expect(edit.paths[1].attrs).toMatchObject({ fill: '#999999', stroke: 'none' });
    // The pencil's tip, in fractions of the box.
    expect(pointsOf(edit.paths[1].attrs.d).slice(0, 3)).toEqual([[11, 40], [20, 44.5], [5, 47.5]]);
  });

  it('draws the copyright and registered marks in a circle, the share symbol in the fill over its box, the trash can\'s three bars', () => {
    const copyright = draw('shape=mxgraph.mockup.misc.copyrightIcon;strokeColor=#999999', 100, 100);
    expect(copyright.ellipses).toHaveLength(1);
    expect(copyright.paths[0].attrs.d).toBe('M71.3,28.8 A30,30 0 1 0 71.3,71.2 L78.4,78.3 A40,40 0 1 1 78.4,21.7 Z');
    expect(draw('shape=mxgraph.mockup.misc.registeredIcon', 100, 100).ellipses).toHaveLength(1);
    const share = draw('shape=mxgraph.mockup.misc.shareIcon;strokeColor=#999999', 100, 100, { fill: '#eeeeee' });
    expect(share.paths.map((path) => path.attrs.fill)).toEqual(['#eeeeee', '#999999', '#eeeeee']);
    const trash = draw('shape=mxgraph.mockup.misc.trashcanIcon;strokeColor=#999999', 100, 100);
    // The lid and three bars, each 10 wide with its corners clamped to half its width.
    expect(trash.paths.slice(2).map((path) => pointsOf(path.attrs.d)[0])).toEqual([[31, 30], [49, 30], [67, 30]]);
  });

  it('strokes the volume icon\'s waves in the stroke and fills its speaker in strokeColor', () => {
    const volume = draw('shape=mxgraph.mockup.misc.volumeIcon;strokeColor=#999999', 100, 100, { stroke: '#999999' });
    expect(volume.paths[1].attrs.fill).toBe('#999999');
    expect(volume.paths[2].attrs).toMatchObject({ fill: 'none', stroke: '#999999', d: 'M60,40 A20,20 0 0 1 60,60 M70,30 A30,30 0 0 1 70,70 M80,20 A40,40 0 0 1 80,80' });
  });
});

describe('mockup playback controls', () => {
  it('lays seven round buttons along a 30 px bar across the middle, their symbols in fillColor3', () => {
    const controls = draw('shape=mxgraph.mockup.misc.playbackControls;fillColor2=#99ddff;strokeColor2=none;fillColor3=#ffffff;strokeColor3=none', 100, 50);
    // At least 225 wide.
    expect(controls.rects[0].attrs).toMatchObject({ x: '0', y: '10', width: '225', height: '30' });
    expect(controls.ellipses.map((e) => [Number(e.attrs.cx), Number(e.attrs.cy), e.attrs.fill])).toEqual([21, 51, 81, 111, 141, 171, 201].map((x) => [x, 25, '#99ddff']));
    expect(controls.paths).toHaveLength(7);
    // Play/pause: a bar and a triangle, from the bar's top.
    expect(pointsOf(controls.paths[3].attrs.d)).toEqual([[108, 20], [108, 30], [110, 30], [110, 20], [117, 25], [112, 30], [112, 20]]);
    expect(controls.paths[3].attrs).toMatchObject({ fill: '#ffffff', stroke: 'none' });
  });
});

describe('mockup volume slider, mail, shopping cart and placeholder picture', () => {
  it('fills a volume slider\'s track in fillColor2 up to barPos with its knob there, the speaker at the right', () => {
    const slider = draw('shape=mxgraph.mockup.misc.volumeSlider;barPos=50;fillColor2=#ddeeff', 125, 25, { fill: '#cccccc' });
    // The track from 0 to 92.5 (32.5 px short of the right), 7.5 px high mid-bar; half of it done.
    expect(slider.rects.map((rect) => [rect.attrs.x, rect.attrs.y, rect.attrs.width, rect.attrs.height, rect.attrs.fill])).toEqual([
      ['0', '8.75', '92.5', '7.5', '#cccccc'],
      ['0', '8.75', '46.25', '7.5', '#ddeeff'],
    ]);
    expect(slider.ellipses[0].attrs).toMatchObject({ cx: '46.25', cy: '12.5', rx: '6.25', fill: '#ddeeff' });
    expect(pointsOf(slider.paths[0].attrs.d)[0]).toEqual([101.25, 8.75]);
  });

  it('crosses a placeholder picture, folds a mail icon\'s flap and draws a shopping cart\'s 3 px frame over 1 px wires', () => {
    expect(pointsOf(draw('shape=mxgraph.mockup.graphics.simpleIcon', 100, 80).paths[0].attrs.d)).toEqual([[0, 0], [100, 80], [0, 80], [100, 0]]);
    expect(pointsOf(draw('shape=mxgraph.mockup.misc.mail2', 100, 60).paths[0].attrs.d)).toEqual([[0, 0], [50, 30], [100, 0]]);
    const cart = draw('shape=mxgraph.mockup.misc.shoppingCart;strokeColor=#999999', 100, 100);
    expect(cart.paths.map((path) => path.attrs['stroke-width'])).toEqual(['3', '1']);
    expect(cart.ellipses.map((e) => [e.attrs.cx, e.attrs.cy, e.attrs.fill])).toEqual([['12.5', '94', '#999999'], ['67', '94', '#999999']]);
  });
});

describe('mockup cover flow and map navigator', () => {
  it('draws a cover flow as one filled path: three covers each side of the front one', () => {
    const flow = draw('shape=mxgraph.mockup.navigation.coverFlow', 1000, 100);
    expect(flow.paths).toHaveLength(1);
    expect(flow.paths[0].attrs.d.match(/M/g)).toHaveLength(7);
    expect(flow.paths[0].attrs.d).toMatch(/M337.3,0.5 L337.3,99.5 L667.2,99.5 L667.2,0.5 Z$/);
  });

  it('draws a map navigator\'s pad and handle, its arrows and zoom buttons in fillColor2, the plus and minus 2 px in strokeColor3', () => {
    const nav = draw('shape=mxgraph.mockup.navigation.mapNavigator;fillColor2=#99ddff;strokeColor2=none;strokeColor3=#ffffff', 100, 100);
    expect(nav.ellipses.map((e) => [e.attrs.cy, e.attrs.fill])).toEqual([['30', '#ffffff'], ['71', '#99ddff'], ['91', '#99ddff']]);
    expect(nav.paths.slice(1, 6).every((path) => path.attrs.fill === '#99ddff' && path.attrs.stroke === 'none')).toBe(true);
    expect(nav.paths[6].attrs).toMatchObject({ stroke: '#ffffff', 'stroke-width': '2', d: 'M50,67 L50,75 M43,71 L57,71 M43,91 L57,91' });
  });
});

describe('mockup users', () => {
  it('outlines a man in strokeColor2 inside his box, his right half mirroring his left', () => {
    const man = draw('shape=mxgraph.mockup.containers.userMale;strokeColor2=#008cff', 100, 100);
    expect(man.rects.map((rect) => rect.attrs.fill)).toEqual(['#ffffff', 'none']);
    const outline = man.paths[0];
    expect(outline.attrs).toMatchObject({ stroke: '#008cff', fill: 'none' });
    const starts = [...outline.attrs.d.matchAll(/M([\d.]+),([\d.]+)/g)].map(([, x, y]) => [Number(x), Number(y)]);
    // Eight strokes a side: each on the right at the mirror of its left twin.
    expect(starts).toHaveLength(16);
    for (let i = 0; i < 8; i++) expect([Math.round((100 - starts[i + 8][0]) * 100) / 100, starts[i + 8][1]]).toEqual(starts[i]);
    expect(outline.attrs.d.startsWith('M50,67.21 C38.91,67.21 31,56.48 31,39.62')).toBe(true);
  });

  it('outlines a woman in strokeColor2, her curves and quadratic turns scaled to the box', () => {
    const woman = draw('shape=mxgraph.mockup.containers.userFemale;strokeColor2=#cc0000', 200, 100);
    expect(woman.paths[0].attrs.stroke).toBe('#cc0000');
    expect(woman.paths[0].attrs.d.startsWith('M62.96,46.8 C60.9,31.95 63.52,23.83 66.04,20.69')).toBe(true);
    expect(woman.paths[0].attrs.d).toContain('Q57.24,50.67 58.44,51.66');
  });
});

describe('mockup icon grid and gauge', () => {
  it('lays gridSize crossed pictures half a picture apart', () => {
    const grid = draw('shape=mxgraph.mockup.graphics.iconGrid;gridSize=2,3', 50, 80);
    // 2 across in 50 px: pictures 20 wide, 30 apart; 3 down in 80: 20 high, 30 apart.
    expect(grid.rects.map(boxOf)).toEqual([[0, 0, 20, 20], [0, 30, 20, 20], [0, 60, 20, 20], [30, 0, 20, 20], [30, 30, 20, 20], [30, 60, 20, 20]]);
    expect(pointsOf(grid.paths[0].attrs.d)).toHaveLength(24);
  });

  it('draws a gauge\'s three bands in scaleColors, its labels and its needle turned by gaugePos', () => {
    const gauge = draw('shape=mxgraph.mockup.graphics.gauge;scaleColors=#111111,#222222,#333333;needleColor=#008cff;gaugePos=0;textSize=10', 100, 100);
    expect(gauge.paths.slice(0, 3).map((path) => path.attrs.fill)).toEqual(['#222222', '#111111', '#333333']);
    expect(gauge.markup).toMatch(/text-anchor="middle"><text x="50" y="[\d.]+">CPU\[%\]<\/text>/);
    expect(gauge.markup).toMatch(/text-anchor="end"><text x="80" y="[\d.]+">100<\/text>/);
    // At 0 % the needle points to the low end, down and left (a quarter turn and a half past 12).
    const needle = gauge.paths.find((path) => path.attrs.fill === '#008cff')!;
    expect(pointsOf(needle.attrs.d)[0].map(Math.round)).toEqual([23, 77]);
    const full = draw('shape=mxgraph.mockup.graphics.gauge;needleColor=#008cff;gaugePos=100', 100, 100);
    expect(pointsOf(full.paths.find((path) => path.attrs.fill === '#008cff')!.attrs.d)[0].map(Math.round)).toEqual([77, 77]);
  });
});

describe('mockup Gantt chart', () => {
  it('draws its grid in the stroke, its task bars in the first of fillColor2 and the progress in the second', () => {
    const gantt = draw('shape=mxgraph.mockup.graphics.ganttChart;fillColor2=#111111,#222222', 200, 100);
    expect(pointsOf(gantt.paths[0].attrs.d).slice(0, 4)).toEqual([[0, 13], [200, 13], [80, 0], [80, 100]]);
    expect(gantt.paths[0].attrs.fill).toBe('none');
    expect(gantt.paths[1].attrs.fill).toBe('#111111');
    expect(gantt.paths[1].attrs.d.match(/Z/g)).toHaveLength(4);
    expect(gantt.paths[2].attrs).toMatchObject({ fill: '#222222', d: 'M92,32 L116,32 L116,33.5 L92,33.5 Z' });
  });
});
