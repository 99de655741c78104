/** The General, Flowchart and UML palettes' code shapes with diagrams.net's geometry and defaults. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';

describe('flowchart code shapes', () => {
  it('draws manual input, loop limit and off-page connector by their sizes', () => {
    expect(pointsOf(draw('shape=manualInput', 100, 60).paths[0].attrs.d)).toEqual([[0, 60], [0, 30], [100, 0], [100, 60]]);
    expect(pointsOf(draw('shape=loopLimit;size=10', 100, 60).paths[0].attrs.d)).toEqual([[10, 0], [90, 0], [100, 8], [100, 60], [0, 60], [0, 8]]);
    expect(pointsOf(draw('shape=offPageConnector', 80, 80).paths[0].attrs.d)).toEqual([[0, 0], [80, 0], [80, 50], [40, 80], [0, 50]]);
  });

  it("draws a folder's tab 60 x 20 at the right, or at the left with tabPosition=left", () => {
    expect(pointsOf(draw('shape=folder', 200, 120).paths[0].attrs.d).slice(0, 4)).toEqual([[140, 20], [140, 0], [200, 0], [200, 20]]);
    expect(pointsOf(draw('shape=folder;tabPosition=left;tabWidth=50;tabHeight=15', 200, 120).paths[0].attrs.d).slice(0, 4)).toEqual([[0, 15], [0, 0], [50, 0], [50, 15]]);
  });

  it('draws a data store with three rims, a delay and a display with their round ends', () => {
    const store = draw('shape=datastore', 60, 80);
    expect(store.paths[1].attrs.d.match(/M/g)).toHaveLength(3);
    expect(draw('shape=delay', 100, 60).paths[0].attrs.d).toBe('M0,0 L70,0 Q100,0 100,30 Q100,60 70,60 L0,60 Z');
    expect(draw('shape=display', 100, 60).paths[0].attrs.d.startsWith('M0,30 L25,0 L70,0')).toBe(true);
  });

  it('draws crosses, plus boxes, marked ellipses and lollipops', () => {
    expect(pointsOf(draw('shape=cross', 100, 100).paths[0].attrs.d).slice(0, 3)).toEqual([[0, 40], [40, 40], [40, 0]]);
    expect(pointsOf(draw('shape=plus', 50, 50).paths[0].attrs.d)).toEqual([[25, 11], [25, 39], [11, 25], [39, 25]]);
    expect(pointsOf(draw('shape=orEllipse', 40, 40).paths[0].attrs.d)).toEqual([[0, 20], [40, 20], [20, 0], [20, 40]]);
    expect(pointsOf(draw('shape=lineEllipse;line=vertical', 40, 40).paths[0].attrs.d)).toEqual([[20, 0], [20, 40]]);
    const lollipop = draw('shape=lollipop', 10, 40);
    expect(lollipop.ellipses[0].attrs).toMatchObject({ cx: '5', cy: '5', rx: '5' });
  });

  it('draws a component with its jetties 32 x 12 at 30% and 70% of its height', () => {
    const component = draw('shape=component', 100, 100);
    expect(pointsOf(component.paths[1].attrs.d)).toEqual([[16, 24], [32, 24], [32, 36], [16, 36], [16, 64], [32, 64], [32, 76], [16, 76]]);
  });
});
