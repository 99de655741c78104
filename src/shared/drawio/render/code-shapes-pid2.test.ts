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

describe('P&ID columns and conveyors', () => {
  const column = 'shape=mxgraph.pid2misc.column;columnType=';

  it('draws a column as a capsule with 15 px round ends', () => {
    expect(draw(`${column}common`, 50, 120).paths.map((p) => p.attrs.d)).toEqual(['M0,15 A25,15 0 0 1 50,15 L50,105 A25,15 0 0 1 0,105 Z']);
  });

  it('lays dashed trays every fifth of the width, centred in the band 25 px in from the ends', () => {
    const trays = draw(`${column}tray`, 40, 120).paths[1];
    expect(trays.attrs['stroke-dasharray']).toBe('3 3');
    expect(pointsOf(trays.attrs.d).filter((_, i) => i % 2 === 0).map(([, y]) => y)).toEqual([28, 36, 44, 52, 60, 68, 76, 84, 92]);
  });

  it('crosses a fixed bed every 1.2 widths, centred', () => {
    const { paths } = draw(`${column}fixed`, 50, 180);
    expect(pointsOf(paths[1].attrs.d).map(([, y]) => y)).toEqual([36, 36, 84, 84, 96, 96, 144, 144]);
    expect(pointsOf(paths[2].attrs.d).slice(0, 2)).toEqual([[0, 36], [50, 84]]);
  });

  it('staggers a fluidized bed\'s dots in the stroke colour, and a baffle column\'s trays from either side', () => {
    const fluid = draw(`${column}fluid`, 50, 120);
    expect(fluid.ellipses.length).toBeGreaterThan(20);
    expect(fluid.ellipses[0].attrs.fill).toBe('#000000');
    expect([fluid.ellipses[0].attrs.cx, fluid.ellipses[10].attrs.cx]).toEqual(['3', '5.5']);
    const baffle = pointsOf(draw(`${column}baffle`, 50, 120).paths[2].attrs.d);
    expect(baffle.slice(0, 6)).toEqual([[0, 35], [45, 35], [45, 32], [5, 40], [5, 45], [50, 45]]);
  });

  it('turns a conveyor on two wheels of its height, with holders on the belt', () => {
    const { paths, ellipses, rects } = draw('shape=mxgraph.pid2misc.conveyor', 200, 50);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[25, 0], [175, 0]]);
    expect(circlesOf(ellipses)).toEqual([[25, 25, 25, '#ffffff', '#000000'], [175, 25, 25, '#ffffff', '#000000']]);
    expect(rects.map(boxOf).slice(0, 2)).toEqual([[45, 0, 10, 5], [45, 45, 10, 5]]);
    expect(rects).toHaveLength(8);
  });
});

describe('P&ID auto recirculation valve', () => {
  it('draws its box, uprights, diagonal and spring, and a filled arrowhead in the stroke colour, lines meeting round', () => {
    const { rects, paths } = draw('shape=mxgraph.pid2valves.autoRecircValve', 100, 60);
    expect(rects.map(boxOf)).toEqual([[0, 0, 100, 60]]);
    expect(pointsOf(paths[0].attrs.d).slice(0, 6)).toEqual([[8, 4.8], [8, 55.2], [92, 4.8], [92, 55.2], [12, 7.32], [87.38, 53.02]]);
    expect(pointsOf(paths[0].attrs.d).slice(6, 9)).toEqual([[50, 0], [55, 3], [45, 9]]);
    expect(paths[0].attrs['stroke-linejoin']).toBe('round');
    expect(paths[1].attrs.fill).toBe('#000000');
    expect(pointsOf(paths[1].attrs.d)).toEqual([[82.57, 46.17], [87.97, 53.28], [79, 51.91]]);
  });
});
