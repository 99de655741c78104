/**
 * General rack shapes of rack/mxRack.js and the cabinets of mxCabinets.js: cabinet frames and
 * their unit numbers, plates, ducts, shelves (2 px), the legacy units of fixed size, bases and legs.
 */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, elementsOf, pointsOf } from './code-shapes-test-kit';

const rack = 'shape=mxgraph.rackGeneral.';

/** The texts of a markup, in order. */
const textsOf = (markup: string) => [...markup.matchAll(/<text x="([\d.-]+)" y="([\d.-]+)">([^<]*)<\/text>/g)].map(([, x, y, t]) => [Number(x), Number(y), t] as const);

describe('rack cabinets', () => {
  it('frames a cabinet in fillColor2 with 21 px ends, 9 px sides and four screws', () => {
    const cabinet = draw(`${rack}container;numDisp=off;fillColor2=#eeeeee`, 180, 228.6);
    expect(cabinet.rects.map(boxOf)).toEqual([[0, 0, 180, 228.6], [0, 0, 180, 21], [0, 207.6, 180, 21], [0, 21, 9, 186.6], [171, 21, 9, 186.6]]);
    expect(cabinet.rects.slice(1).every((r) => r.attrs.fill === '#eeeeee')).toBe(true);
    expect(circlesOf(cabinet.ellipses).map(([cx, cy]) => [cx, cy])).toEqual([[5.5, 10.5], [174.5, 10.5], [5.5, 218.1], [174.5, 218.1]]);
    expect(draw(`${rack}container;numDisp=off`, 40, 228.6).rects).toHaveLength(1);
  });

  it('numbers a cabinet’s rackUnitSize (20 px) units in a 24 px column, ascending from the bottom unless descend', () => {
    const numbered = draw(`${rack}container`, 210, 228.6);
    expect(boxOf(numbered.rects[0])).toEqual([24, 0, 186, 228.6]);
    const texts = textsOf(numbered.markup);
    expect(texts).toHaveLength(9);
    expect(texts[0][2]).toBe('9');
    expect(texts[0][0]).toBe(12);
    expect(pointsOf(numbered.paths[0].attrs.d).slice(0, 4)).toEqual([[0, 21], [24, 21], [0, 41], [24, 41]]);
    const descending = draw(`${rack}container;numDisp=descend;rackUnitSize=30`, 160, 200);
    expect(textsOf(descending.markup).map(([, , t]) => t)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('draws the legacy cabinet 180 wide and unitNum x unitHeight + 42 high, numbered from the bottom with grey ticks', () => {
    const cabinet = draw(`${rack}rackCabinet;unitNum=6`, 204, 130);
    expect(boxOf(cabinet.rects[0])).toEqual([24, 0, 180, 130.8]);
    expect(cabinet.rects[0].attrs.fill).toBe('#ffffff');
    expect(textsOf(cabinet.markup).map(([x, , t]) => [x, t])[0]).toEqual([12, '6']);
    expect(cabinet.paths[0].attrs.stroke).toBe('#dddddd');
    const off = draw(`${rack}rackCabinet;unitNum=4;numDisp=off`, 180, 100);
    expect(boxOf(off.rects[0])).toEqual([0, 0, 180, 101.2]);
    expect(textsOf(off.markup)).toEqual([]);
  });

  it('numbers rack units beside a 160.9 px strip, ticks from 0 to 3 x textSize', () => {
    const numbering = draw(`${rack}rackNumbering;unitNum=8;numDir=ascend;textSize=10`, 200, 120);
    expect(boxOf(numbering.rects[0])).toEqual([30, 0, 160.9, 118.4]);
    expect(textsOf(numbering.markup)[0][2]).toBe('1');
    expect(pointsOf(numbering.paths[0].attrs.d).slice(0, 2)).toEqual([[0, 0], [30, 0]]);
  });
});

describe('rack units', () => {
  it('shades a cover plate’s 9 px ends black at 23 %', () => {
    const plate = draw(`${rack}plate`, 160, 15);
    expect(plate.rects.map((r) => [...boxOf(r), r.attrs.fill, r.attrs.opacity])).toEqual([
      [0, 0, 160, 15, '#ffffff', undefined],
      [0, 0, 9, 15, '#000000', '0.23'],
      [151, 0, 9, 15, '#000000', '0.23'],
      [0, 0, 160, 15, 'none', undefined],
      [9, 0, 142, 15, 'none', undefined],
    ]);
  });

  it('slots a cable duct every 33 px, centred; a routing bank draws none of its slots', () => {
    const duct = draw(`${rack}horCableDuct`, 250, 20);
    const xs = duct.rects.slice(1).filter((r) => r.attrs.y === '0').map((r) => Number(r.attrs.x));
    // floor(230 / 33) = 6 gaps, 7 slots from 10 + floor((230 - 198) / 2) = 26.
    expect(xs).toEqual([26, 59, 92, 125, 158, 191, 224]);
    expect(draw(`${rack}horRoutingBank`, 160, 20).rects).toHaveLength(1);
  });

  it('names a Neat-Patch in bold white on #666666, and trays a shelf in a 2 px line', () => {
    const patch = draw(`${rack}neatPatch`, 160, 30);
    expect(patch.rects[0].attrs.fill).toBe('#666666');
    expect(patch.markup).toContain('font-weight="bold"');
    expect(textsOf(patch.markup)[0][2]).toBe('NEAT-PATCH');
    const shelf = draw(`${rack}shelf`, 160, 15);
    expect(pointsOf(shelf.paths[0].attrs.d)).toEqual([[1, 0], [1, 14], [159, 14], [159, 1]]);
    expect(shelf.paths[0].attrs['stroke-width']).toBe('2');
  });

  it('draws the legacy units at their own size whatever the cell’s', () => {
    expect(draw(`${rack}horCableDuct2U`, 300, 100).rects.map(boxOf).slice(0, 3)).toEqual([[0, 0, 160.9, 29.6], [12, 0, 3, 7], [12, 7, 3, 22.6]]);
    const bank = draw(`${rack}horRoutingBank2U`, 161, 30);
    expect(bank.rects).toHaveLength(15);
    expect(boxOf(bank.rects[14])).toEqual([136, 18.8, 17, 6.8]);
    expect(pointsOf(draw(`${rack}shelf4U`, 10, 10).paths[0].attrs.d)).toEqual([[0, 0], [0, 59.2], [160.9, 59.2], [160.9, 0]]);
    expect(elementsOf(draw(`${rack}neatPatch2U`, 161, 30).markup).find((e) => e.tag === 'text')?.attrs.x).toBe('80.45');
  });

  it('stands a channel base on black feet and draws a notched leg, each at least 20 x 20', () => {
    const base = draw(`${rack}channelBase`, 15, 15);
    expect(base.rects.map((r) => [...boxOf(r), r.attrs.fill])).toEqual([
      [10, 5, 5, 15, '#ffffff'], [5, 5, 5, 15, '#ffffff'], [0, 0, 20, 15, '#ffffff'], [10, 5, 5, 15, '#000000'], [5, 5, 5, 15, '#000000'],
    ]);
    expect(pointsOf(draw(`${rack}cabinetLeg`, 50, 50).paths[0].attrs.d).slice(5, 10)).toEqual([[40, 40], [40, 9], [38, 9], [38, 5], [40, 5]]);
  });
});

describe('cabinets', () => {
  it('draws a cabinet with its 15 px top and sides, on a 40 px stand with hasStand=1, else a 15 px plinth', () => {
    const cabinet = draw('shape=mxgraph.cabinets.cabinet;hasStand=1', 100, 160);
    expect(cabinet.rects.map(boxOf)).toEqual([[0, 0, 100, 160], [0, 0, 100, 15], [0, 120, 100, 40]]);
    expect(boxOf(draw('shape=mxgraph.cabinets.cabinet', 100, 160).rects[2])).toEqual([0, 145, 100, 15]);
    expect(boxOf(draw('shape=mxgraph.cabinets.cabinet;hasStand=0', 100, 160).rects[2])).toEqual([0, 145, 100, 15]);
    expect(pointsOf(cabinet.paths[0].attrs.d)).toEqual([[15, 15], [15, 160], [85, 15], [85, 160]]);
  });

  it('cuts a 25 px slot in a cover plate, and measures cabinets as floor plans do', () => {
    expect(pointsOf(draw('shape=mxgraph.cabinets.coverPlate', 120, 50).paths[0].attrs.d)).toEqual([[0, 0], [120, 0], [120, 50], [0, 50], [10, 12.5], [10, 37.5], [110, 37.5], [110, 12.5]]);
    expect(draw('shape=mxgraph.cabinets.dimension', 150, 40).paths[0].attrs.d).toBe(draw('shape=mxgraph.floorplan.dimension', 150, 40).paths[0].attrs.d);
    expect(pointsOf(draw('shape=mxgraph.cabinets.dimensionBottom', 150, 40).paths[0].attrs.d)[0]).toEqual([0, 20]);
  });
});
