/** The Basic palette's angle, free-point and pattern shapes (mxgraph.basic.*), as mxBasic.js draws them. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';

const basic = (name: string, rest = '') => `shape=mxgraph.basic.${name};${rest}`;

describe('basic angles', () => {
  it('cuts a pie slice from the centre between turns clockwise from 12 o\'clock, the large arc from half a turn', () => {
    // 0.25 to 0.75 is half a turn: large.
    expect(draw(basic('pie'), 100, 60).paths[0].attrs.d).toBe('M50,30 L100,30 A50,30 0 1 1 0,30 Z');
    expect(draw(basic('pie', 'startAngle=0;endAngle=0.25'), 100, 60).paths[0].attrs.d).toBe('M50,30 L50,0 A50,30 0 0 1 100,30 Z');
    // From 12 to 6 o'clock: two quarter arcs through 3 o'clock.
    expect(draw(basic('pie', 'startAngle=0;endAngle=0.5'), 100, 60).paths[0].attrs.d).toBe('M50,30 L50,0 A50,30 0 0 1 100,30 A50,30 0 0 1 50,60 Z');
  });

  it('strokes an arc alone, the large arc only past half a turn', () => {
    const arc = draw(basic('arc', 'startAngle=0.25;endAngle=0.75'), 100, 60).paths[0];
    expect(arc.attrs).toMatchObject({ d: 'M100,30 A50,30 0 0 1 0,30', fill: 'none' });
  });

  it('draws a band arcWidth of the radius wide, and a bending arch\'s disc 5 px inside it', () => {
    const band = draw(basic('partConcEllipse', 'startAngle=0;endAngle=0.25;arcWidth=0.4'), 100, 100).paths[0].attrs.d;
    expect(band).toBe('M50,0 A50,50 0 0 1 100,50 L80,50 A30,30 0 0 0 50,20 Z');
    const arch = draw(basic('bendingArch', 'startAngle=0;endAngle=0.25;arcWidth=0.4'), 100, 100);
    expect(arch.ellipses[0].attrs).toMatchObject({ cx: '50', cy: '50', rx: '25', ry: '25' });
    expect(arch.paths[0].attrs.d).toBe(band);
  });

  it('sets a numbered entry\'s circle dy across at the top, its box bending round it 5 px off', () => {
    const entry = draw(basic('numberedEntryVert', 'dy=20'), 100, 80);
    expect(entry.ellipses[0].attrs).toMatchObject({ cx: '50', cy: '10', rx: '10' });
    expect(entry.paths[0].attrs.d).toBe('M0,10 L35,10 A15,15 0 0 0 65,10 L100,10 L100,80 L0,80 Z');
  });
});

describe('basic free points and patterns', () => {
  it('draws a polygon through polyCoords, open with polyline=1, nothing from coordinates that do not parse', () => {
    const closed = draw(`${basic('polygon')}polyCoords=[[0.25,0],[1,0.5],[0,1]];`, 100, 60).paths[0].attrs.d;
    expect(closed).toBe('M25,0 L100,30 L0,60 Z');
    expect(draw(`${basic('polygon')}polyline=1;polyCoords=[[0,0],[1,1]];`, 100, 60).paths[0].attrs.d).toBe('M0,0 L100,60');
    expect(draw(`${basic('polygon')}polyCoords=[[0,0;`, 100, 60).paths).toHaveLength(0);
  });

  it('hatches a pattern rectangle in fillStrokeColor step apart, and draws only the sides asked for', () => {
    const grid = draw(basic('patternFillRect', 'fillStyle=grid;step=25;fillStrokeColor=#999999;top=0'), 50, 50);
    expect(grid.rects[0].attrs).toMatchObject({ fill: '#ffffff', stroke: 'none' });
    const [vertical, horizontal, outline] = grid.paths;
    expect(vertical.attrs.stroke).toBe('#999999');
    expect(pointsOf(vertical.attrs.d)).toEqual([[0, 0], [0, 50], [25, 0], [25, 50], [50, 0], [50, 50]]);
    expect(pointsOf(horizontal.attrs.d)).toEqual([[0, 0], [50, 0], [0, 25], [50, 25], [0, 50], [50, 50]]);
    // No top: moved along it, then right, bottom and left drawn.
    expect(outline.attrs.d).toBe('M0,0 M50,0 L50,50 L0,50 L0,0');
    // Diagonals step x 1.41 apart, rising to the right, and the other way for diagRev.
    const diag = draw(basic('patternFillRect', 'fillStyle=diag;step=10'), 20, 20).paths[0].attrs.d;
    expect(pointsOf(diag).slice(0, 4)).toEqual([[0, 0], [0, 0], [0, 14.1], [14.1, 0]]);
    const reverse = draw(basic('patternFillRect', 'fillStyle=diagRev;step=10'), 20, 20).paths[0].attrs.d;
    expect(pointsOf(reverse).slice(2, 4)).toEqual([[20, 14.1], [5.9, 0]]);
  });
});
