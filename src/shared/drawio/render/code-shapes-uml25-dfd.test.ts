/** UML 2.5's pins and actions and the data-flow shapes, with mxUML25.js's and mxDFD.js's geometry. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';

describe('UML 2.5 pins and actions', () => {
  it('draws an input pin with its arrow pointing left', () => {
    const pin = draw('shape=mxgraph.uml25.inputPin', 20, 20);
    expect(pin.rects.map(boxOf)).toEqual([[0, 0, 20, 20]]);
    expect(pointsOf(pin.paths[0].attrs.d)).toEqual([[15, 10], [5, 10], [8, 8], [5, 10], [8, 12]]);
  });

  it("draws a behaviour action's corners of arcSize px and its rake when at least 60 x 40", () => {
    const act = draw('shape=mxgraph.uml25.behaviorAction;rounded=1;absoluteArcSize=1;arcSize=10', 120, 60);
    expect(act.paths[0].attrs.d).toBe('M0,10 A10,10 0 0 1 10,0 L110,0 A10,10 0 0 1 120,10 L120,50 A10,10 0 0 1 110,60 L10,60 A10,10 0 0 1 0,50 Z');
    expect(pointsOf(act.paths[1].attrs.d)).toEqual([[60, 50], [60, 30], [100, 30], [100, 50], [80, 10], [80, 50]]);
    expect(draw('shape=mxgraph.uml25.behaviorAction', 50, 60).paths.map((p) => pointsOf(p.attrs.d))).toEqual([[[0, 0], [50, 0], [50, 60], [0, 60]]]);
    expect(pointsOf(draw('shape=mxgraph.uml25.behaviorAction;rounded=0;arcSize=10', 120, 60).paths[0].attrs.d)).toEqual([[0, 0], [120, 0], [120, 60], [0, 60]]);
    // arcSize a fraction of the shorter side when not absolute (absoluteArcSize=0 too).
    expect(draw('shape=mxgraph.uml25.behaviorAction;rounded=1;absoluteArcSize=0;arcSize=0.1', 50, 60).paths[0].attrs.d).toMatch(/^M0,5 A5,5/);
  });

  it('draws an action short of its right pin, and an action with parameters right of its set', () => {
    const act = draw('shape=mxgraph.uml25.action;absoluteArcSize=1;arcSize=10', 120, 60);
    expect(act.paths[0].attrs.d).toMatch(/^M0,10 A10,10 0 0 1 10,0 L100,0 A10,10 0 0 1 110,10/);
    expect(act.rects.map(boxOf)).toEqual([[110, 20, 10, 20]]);
    const params = draw('shape=mxgraph.uml25.actionParams;absoluteArcSize=1;arcSize=10', 120, 60);
    expect(params.paths[0].attrs.d).toMatch(/^M20,10 A10,10 0 0 1 30,0/);
    expect(params.rects.map(boxOf)).toEqual([[5, 13, 20, 34], [0, 17, 10, 10], [0, 33, 10, 10]]);
    // Without an arcSize diagrams.net's outline is not a number: only the pin is drawn.
    expect(draw('shape=mxgraph.uml25.action', 120, 60).paths).toEqual([]);
  });
});

describe('data-flow shapes', () => {
  it('draws a start as a stadium and a loop with bulging ends', () => {
    expect(draw('shape=mxgraph.dfd.start', 80, 30).paths[0].attrs.d).toBe('M65,0 A15,15 0 0 1 80,15 A15,15 0 0 1 65,30 L15,30 A15,15 0 0 1 0,15 A15,15 0 0 1 15,0 Z');
    expect(draw('shape=mxgraph.dfd.loop', 100, 50).paths[0].attrs.d).toBe('M90,0 A40,40 0 0 1 90,50 L10,50 A40,40 0 0 1 10,0 Z');
  });

  it('draws an archive and a check with their inner lines', () => {
    const archive = draw('shape=mxgraph.dfd.archive', 60, 50);
    expect(pointsOf(archive.paths[0].attrs.d)).toEqual([[0, 0], [60, 0], [30, 50]]);
    expect(pointsOf(archive.paths[1].attrs.d)).toEqual([[6, 10], [54, 10]]);
    const check = draw('shape=mxgraph.dfd.check2', 100, 40);
    expect(pointsOf(check.paths[0].attrs.d)).toEqual([[0, 20], [20, 0], [80, 0], [100, 20], [80, 40], [20, 40], [0, 20]]);
    expect(pointsOf(check.paths[1].attrs.d)).toEqual([[80, 0], [60, 20], [80, 40]]);
  });

  it("shades an external entity's top and left bands black at half opacity", () => {
    const entity = draw('shape=mxgraph.dfd.externalEntity', 100, 60);
    expect(pointsOf(entity.paths[0].attrs.d)).toEqual([[0, 0], [90, 0], [100, 10], [100, 60], [10, 60], [0, 50]]);
    expect(entity.paths[1].attrs).toMatchObject({ fill: '#000000', stroke: 'none', opacity: '0.5' });
    expect(pointsOf(entity.paths[1].attrs.d)).toEqual([[0, 0], [90, 0], [100, 10], [10, 10], [10, 60], [0, 50]]);
    expect(entity.paths[2].attrs.fill).toBe('none');
  });
});
