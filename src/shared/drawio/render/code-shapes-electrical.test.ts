/** diagrams.net's electrical shapes drawn in code (mxElectrical.js), with the geometry of their shape classes. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf, textsOf } from './code-shapes-test-kit';

const el = 'shape=mxgraph.electrical.';

describe('electrical shapes', () => {
  it("draws a test point's dot in the stroke colour on its stem, and a straight bus with its arrow end", () => {
    const point = draw(`${el}transmission.testPoint`, 10, 40, { stroke: '#b85450' });
    expect(circlesOf(point.ellipses)).toEqual([[5, 5, 5, '#b85450', '#b85450']]);
    expect(pointsOf(point.paths[0].attrs.d)).toEqual([[5, 10], [5, 40]]);
    expect(pointsOf(draw(`${el}transmission.straightBus`, 30, 80).paths[0].attrs.d)).toEqual([[24, 0], [24, 65], [30, 65], [15, 80], [0, 65], [6, 65], [6, 0]]);
  });

  it('spreads a bus elbow\'s lines evenly across its notch, the outer one on the box\'s sides', () => {
    const corners = (lines: string, notch: number) => draw(`${el}transmission.${lines}LineBusElbow;notch=${notch}`, 100, 100).paths.map((p) => pointsOf(p.attrs.d)[1]);
    expect(corners('two', 25)).toEqual([[100, 100], [75, 75]]);
    expect(corners('three', 30)).toEqual([[100, 100], [70, 70], [85, 85]]);
    expect(corners('eight', 70)).toEqual([[100, 100], [30, 30], [90, 90], [80, 80], [70, 70], [60, 60], [50, 50], [40, 40]]);
    // diagrams.net's notch is 0 unless the style sets one: every line on the outer one.
    expect(corners('four', NaN).every(([x, y]) => x === 100 && y === 100)).toBe(true);
  });

  it('draws a logic gate\'s inputs down the left, its and, or and xor bodies and its negation bubble', () => {
    const and = draw(`${el}logic_gates.logic_gate`, 100, 60);
    expect(pointsOf(and.paths[0].attrs.d)).toEqual([[80, 30], [100, 30], [0, 15], [20, 15], [0, 45], [20, 45]]);
    expect(and.paths[1].attrs.d).toBe('M20,0 L50,0 A30,30 0 0 1 50,60 L20,60 Z');
    const or = draw(`${el}logic_gates.logic_gate;operation=or;numInputs=3`, 100, 60);
    expect(pointsOf(or.paths[0].attrs.d).slice(2)).toEqual([[0, 10], [23, 10], [0, 30], [23, 30], [0, 50], [23, 50]]);
    expect(or.paths[1].attrs.d).toBe('M40,0 A45,49.8 0 0 1 80,30 A45,49.8 0 0 1 40,60 L15,60 A60,60 0 0 0 15,0 Z');
    const xor = draw(`${el}logic_gates.logic_gate;operation=xor;negating=1`, 100, 60);
    expect(xor.paths[1].attrs.d).toBe('M10,0 A60,60 0 0 1 10,60');
    expect(circlesOf(xor.ellipses)).toEqual([[82, 30, 2, '#ffffff', '#000000']]);
    expect(circlesOf(draw(`${el}logic_gates.logic_gate;negating=1;negSize=0.3`, 100, 60).ellipses)[0][2]).toBe(7.5);
  });

  it('fits as many battery cells as the width less 20 takes, each 0.3 of the height wide, dashed from the first join on', () => {
    const { rects, paths } = draw(`${el}miscellaneous.batteryStack`, 100, 60);
    expect(rects.map((r) => Number(r.attrs.x))).toEqual([17.6, 35.6, 53.6, 71.6]);
    expect(rects.map((r) => r.attrs['stroke-dasharray'])).toEqual([undefined, undefined, '3 3', '3 3']);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[0, 30], [17.6, 30], [82.4, 30], [100, 30]]);
  });

  it("draws a source's body by elSourceType and the sign of its elSignalType", () => {
    const square = draw(`${el}signal_sources.source;elSignalType=square`, 100, 100);
    expect(circlesOf(square.ellipses)).toEqual([[50, 50, 50, '#ffffff', '#000000']]);
    expect(pointsOf(square.paths[0].attrs.d)).toEqual([[30, 50], [30, 35], [50, 35], [50, 65], [70, 65], [70, 50]]);
    const dependent = draw(`${el}signal_sources.source;elSourceType=dependent;elSignalType=dc3`, 100, 100);
    expect(dependent.ellipses).toEqual([]);
    expect(pointsOf(dependent.paths[0].attrs.d)).toEqual([[0, 50], [50, 0], [100, 50], [50, 100]]);
    // The plus 5 + 6 px down (a dependent source's indent), half 5 px wide.
    expect(pointsOf(dependent.paths[1].attrs.d).slice(0, 2)).toEqual([[45, 11], [55, 11]]);
    expect(draw(`${el}signal_sources.source`, 100, 100).paths).toEqual([]);
    expect(pointsOf(draw(`${el}signal_sources.dc_source_3_v2`, 60, 60).paths[0].attrs.d)).toEqual([[27, 6], [33, 6], [30, 3], [30, 9], [27, 54], [33, 54]]);
  });

  it("draws a mux's numbered inputs and selector leads, a demux's outputs, its words upright against the direction", () => {
    const mux = draw(`${el}abstract.mux2`, 80, 120);
    expect(pointsOf(mux.paths[0].attrs.d)).toEqual([[10, 0], [70, 12], [70, 98], [10, 110]]);
    // Two inputs over the height less 16, the output halfway down the body, S0 up to the slanted bottom.
    expect(pointsOf(mux.paths[1].attrs.d)).toEqual([[0, 29], [10, 29], [0, 81], [10, 81], [70, 55], [80, 55], [40, 104], [40, 120]]);
    expect(textsOf(mux.markup).map(([text]) => text)).toEqual(['0', '1', 'S0']);
    const demux = draw(`${el}abstract.mux2;operation=demux;selectorPins=2;direction=south`, 80, 120);
    expect(textsOf(demux.markup).map(([text]) => text)).toEqual(['0', '1', '2', '3', 'S1', 'S0']);
    expect(demux.markup).toContain('rotate(270 ');
  });

  it("numbers a dual in-line IC's pins round from its startPin, line pins' numbers inside, square pins' on them", () => {
    const dip = draw(`${el}logic_gates.dual_inline_ic`, 100, 80);
    expect(boxOf(dip.rects[0])).toEqual([10, 0, 80, 80]);
    // Four pins a side, 20 apart: 1-4 down the left, 8-5 down the right, ends 10 px long.
    expect(textsOf(dip.markup).map(([text, x]) => [text, x])).toEqual([['1', 20], ['8', 80], ['2', 20], ['7', 80], ['3', 20], ['6', 80], ['4', 20], ['5', 80]]);
    expect(pointsOf(dip.paths[0].attrs.d).slice(0, 4)).toEqual([[0, 10], [10, 10], [100, 10], [90, 10]]);
    const east = draw(`${el}logic_gates.dual_inline_ic;startPin=e;pinStyle=square;pinLabelType=cust;labelNames=a,b,c,d,e`, 60, 100);
    expect(boxOf(east.rects[0])).toEqual([0, 10, 60, 80]);
    expect(east.rects.slice(1, 3).map(boxOf)).toEqual([[5, 0, 10, 10], [5, 90, 10, 10]]);
    // Three pins a side: c b a along the top, d e along the bottom and no name for the sixth.
    expect(textsOf(east.markup).map(([text]) => text)).toEqual(['c', 'd', 'b', 'e', 'a']);
  });

  it("numbers a QFP IC's pins counter-clockwise from its startPin, with the dot in that corner", () => {
    // 100 x 80: two pins down each side, three across; from sw: south 1-3, east 5-4, north 8-6, west 9-10.
    const sw = draw(`${el}logic_gates.qfp_ic`, 100, 80, { stroke: '#6c8ebf' });
    expect(textsOf(sw.markup).map(([text]) => text)).toEqual(['9', '5', '10', '4', '1', '8', '2', '7', '3', '6']);
    expect(pointsOf(sw.paths[1].attrs.d).slice(0, 4)).toEqual([[0, 30], [10, 30], [90, 30], [100, 30]]);
    expect(circlesOf(sw.ellipses)).toEqual([[20, 60, 5, '#6c8ebf', '#6c8ebf']]);
    const ne = draw(`${el}logic_gates.qfp_ic;startPin=ne;pinStyle=square`, 100, 80);
    // From ne the north side counts 3-1 and the west side follows with 4-5.
    expect(textsOf(ne.markup).map(([text]) => text)).toEqual(['4', '10', '5', '9', '6', '3', '7', '2', '8', '1']);
    expect(boxOf(ne.rects[0])).toEqual([0, 25, 10, 10]);
    expect(circlesOf(ne.ellipses)[0].slice(0, 2)).toEqual([80, 20]);
    expect(draw(`${el}logic_gates.qfp_ic`, 40, 80).ellipses).toEqual([]);
  });
});
