/** The Arrows palette's code shapes (mxgraph.arrows2.*), as mxArrows.js draws them from their keys. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';

const arrow = (name: string, rest: string, w: number, h: number) => pointsOf(draw(`shape=mxgraph.arrows2.${name};${rest}`, w, h).paths[0].attrs.d);

describe('arrows along a line', () => {
  it('draws a two-way arrow\'s heads dx long on a shaft a share dy of the half height', () => {
    expect(arrow('twoWayArrow', 'dx=20;dy=0.5', 100, 40)).toEqual([[20, 10], [80, 10], [80, 0], [100, 20], [80, 40], [80, 30], [20, 30], [20, 40], [0, 20], [20, 0]]);
  });

  it('sweeps a stylised arrow\'s barbs 10 px back and feathers its tail', () => {
    expect(arrow('stylisedArrow', 'dx=30;dy=0.5;feather=0.2;notch=5', 100, 40)).toEqual([[0, 4], [70, 10], [60, 0], [100, 20], [60, 40], [70, 30], [0, 36], [5, 20]]);
  });

  it('puts a sharp arrow\'s barb tips where the head\'s slope reaches its top, and a sharp arrow 2\'s at dx3, dy3', () => {
    // x2 = dx1 + dx2 x dy1a x 2 / h = 30 + 20 x 10 x 2 / 40 = 40.
    expect(arrow('sharpArrow', 'dx1=30;dx2=20;dy1=0.5', 100, 40)).toEqual([[0, 10], [70, 10], [60, 0], [80, 0], [100, 20], [80, 40], [60, 40], [70, 30], [0, 30], [0, 20]]);
    expect(arrow('sharpArrow2', 'dx1=30;dx2=20;dy1=0.5;dx3=35;dy3=0.2', 100, 40)).toEqual([[0, 10], [70, 10], [65, 4], [80, 0], [100, 20], [80, 40], [65, 36], [70, 30], [0, 30], [0, 20]]);
  });

  it('draws tailed arrows narrowing from the tail to the shaft, the notched one over its notch', () => {
    // x2 = dx2 + dy2 x (dy2 - dy1) / dy2 = 25 + 10.
    expect(arrow('tailedArrow', 'dy1=10;dx1=20;notch=0;arrowHead=10;dx2=25;dy2=20', 100, 60)).toEqual([[0, 10], [25, 10], [35, 20], [80, 20], [80, 10], [100, 30], [80, 50], [80, 40], [35, 40], [25, 50], [0, 50], [0, 30]]);
    expect(arrow('tailedNotchedArrow', 'dy1=10;dx1=20;notch=10;arrowHead=10;dx2=25;dy2=20', 100, 60).slice(2, 3)).toEqual([[30, 20]]);
  });

  it('stripes a striped arrow\'s tail at 0-16 % and 32-80 % of its notch', () => {
    const d = draw('shape=mxgraph.arrows2.stripedArrow;dx=20;dy=0.5;notch=50', 100, 40).paths[0].attrs.d;
    expect(d.match(/M/g)).toHaveLength(3);
    expect(pointsOf(d).slice(7)).toEqual([[0, 30], [8, 30], [8, 10], [0, 10], [16, 30], [40, 30], [40, 10], [16, 10]]);
  });
});

describe('callout, quad and bent arrows', () => {
  it('draws a callout arrow\'s box notch wide and a double one\'s box 2 notch across the middle', () => {
    expect(arrow('calloutArrow', 'dx=20;dy=5;notch=40;arrowHead=5', 100, 40)).toEqual([[0, 0], [40, 0], [40, 15], [80, 15], [80, 10], [100, 20], [80, 30], [80, 25], [40, 25], [40, 40], [0, 40]]);
    const double = arrow('calloutDoubleArrow', 'dx=20;dy=5;notch=10;arrowHead=5', 100, 40);
    expect(double.slice(0, 3)).toEqual([[40, 0], [60, 0], [60, 15]]);
    expect(double.slice(13, 16)).toEqual([[20, 30], [0, 20], [20, 10]]);
  });

  it('sends a quad arrow four ways from its shafts\' crossing, and a callout quad from a box', () => {
    const quad = arrow('quadArrow', 'dx=20;dy=5;arrowHead=5', 100, 100);
    expect(quad).toHaveLength(32);
    expect(quad.slice(4, 6)).toEqual([[80, 40], [100, 50]]);
    expect(quad.slice(28, 30)).toEqual([[40, 20], [50, 0]]);
    const callout = arrow('calloutQuadArrow', 'dx=20;dy=5;notch=15;arrowHead=5', 100, 100);
    expect(callout.slice(0, 3)).toEqual([[55, 35], [65, 35], [65, 45]]);
  });

  it('bends a bent arrow up from its tail into a head at the top right, rounded on its corners with rounded=1', () => {
    expect(arrow('bendArrow', 'dx=20;dy=10;notch=5;arrowHead=30', 100, 100)).toEqual([[80, 0], [100, 15], [80, 30], [80, 25], [20, 25], [20, 100], [10, 95], [0, 100], [0, 5], [80, 5]]);
    expect(draw('shape=mxgraph.arrows2.bendArrow;dx=20;dy=10;notch=5;arrowHead=30;rounded=1', 100, 100).paths[0].attrs.d).toContain('L0,25 A20,20 0 0 1 20,5');
    const double = arrow('bendDoubleArrow', 'dx=20;dy=10;arrowHead=30', 100, 100);
    expect(double.slice(6, 10)).toEqual([[30, 80], [15, 100], [0, 80], [5, 80]]);
  });

  it('draws a 90-degree callout, a triad, a jump-in and a U-turn arrow', () => {
    expect(arrow('calloutDouble90Arrow', 'dy1=10;dx1=20;dx2=60;dy2=60;arrowHead=10', 200, 200).slice(10, 14)).toEqual([[40, 60], [40, 180], [50, 180], [30, 200]]);
    expect(arrow('triadArrow', 'dy=10;dx=20;arrowHead=40', 100, 100).slice(12, 15)).toEqual([[40, 20], [30, 20], [50, 0]]);
    expect(draw('shape=mxgraph.arrows2.jumpInArrow;dy=15;dx=38;arrowHead=55', 100, 100).paths[0].attrs.d).toBe('M62,0 L100,27.5 L62,55 L62,42.5 A62,57.5 0 0 0 0,100 A62,87.5 0 0 1 62,12.5 Z');
    // dx = (h - arrowHead / 2 + dy) / 2 = (100 - 20 + 10) / 2.
    expect(draw('shape=mxgraph.arrows2.uTurnArrow;dy=10;arrowHead=40;dx2=25', 100, 100).paths[0].attrs.d).toBe('M45,0 L70,20 L45,40 L45,30 A25,25 0 0 0 45,80 L100,80 L100,100 L45,100 A45,45 0 0 1 45,10 Z');
  });
});
