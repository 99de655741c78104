/** diagrams.net's P&ID instruments and fan drawn in code (pid2/mxPidInstruments.js, mxPidMisc.js). */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';

const inst = 'shape=mxgraph.pid2inst.';

describe('P&ID instruments', () => {
  it('marks the mounting across the middle: none in the field, a line in a room, dashed when inaccessible, two lines when local', () => {
    expect(draw(`${inst}discInst`, 50, 50).paths).toEqual([]);
    expect(pointsOf(draw(`${inst}discInst;mounting=room`, 50, 50).paths[0].attrs.d)).toEqual([[0, 25], [50, 25]]);
    expect(draw(`${inst}discInst;mounting=inaccessible`, 50, 50).paths[0].attrs['stroke-dasharray']).toBe('3 3');
    expect(pointsOf(draw(`${inst}progLogCont;mounting=local`, 100, 50).paths[1].attrs.d)).toEqual([[2, 24], [98, 24], [2, 26], [98, 26]]);
  });

  it('draws each symbol: a shared control\'s circle in its box, a computer function\'s hexagon, a PLC\'s rhombus in its box', () => {
    const shared = draw(`${inst}sharedCont`, 50, 50);
    expect(shared.rects.map(boxOf)).toEqual([[0, 0, 50, 50]]);
    expect(circlesOf(shared.ellipses)).toEqual([[25, 25, 25, '#ffffff', '#000000']]);
    expect(pointsOf(draw(`${inst}compFunc`, 60, 50).paths[0].attrs.d)).toEqual([[0, 25], [15, 0], [45, 0], [60, 25], [45, 50], [15, 50]]);
    const plc = draw(`${inst}progLogCont`, 50, 50);
    expect(plc.paths[0].attrs.fill).toBe('none');
    expect(pointsOf(plc.paths[0].attrs.d)).toEqual([[0, 25], [25, 0], [50, 25], [25, 50]]);
  });

  it("stands an indicator's symbol, a width square, on a stem to the bottom, its mounting mark across the symbol", () => {
    const ctrl = draw(`${inst}indicator;indType=ctrl;mounting=room`, 50, 100);
    expect(pointsOf(ctrl.paths[0].attrs.d)).toEqual([[25, 50], [25, 100]]);
    expect(ctrl.rects.map(boxOf)).toEqual([[0, 0, 50, 50]]);
    expect(circlesOf(ctrl.ellipses)).toEqual([[25, 25, 25, 'none', '#000000']]);
    expect(pointsOf(ctrl.paths[1].attrs.d)).toEqual([[0, 25], [50, 25]]);
  });

  it("draws a fan's casing lines, its two blades turned 50 degrees either way, its hub and its type's mark", () => {
    const { paths, ellipses } = draw('shape=mxgraph.pid2misc.fan;fanType=radial', 100, 100);
    expect(paths[0].attrs.d.startsWith('M30,4.5 L97,33 M30,95.5 L97,67 M42.28,36.55 A15,3 50 0 1 50,50')).toBe(true);
    expect(paths[0].attrs.d).toContain('M37.7,59.73 A15,3 -50 0 1 49.66,50.19');
    expect(circlesOf(ellipses)).toEqual([[50, 50, 50, '#ffffff', '#000000'], [65, 50, 15, 'none', '#000000']]);
    expect(pointsOf(paths[1].attrs.d)).toEqual([[20, 40], [20, 60]]);
  });
});
