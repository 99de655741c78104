/** SysML's blocks, ports, packages and activity nodes, with mxSysML.js's geometry. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';

const radiusOf = (rect: { attrs: Record<string, string> }) => Number(rect.attrs.rx ?? 0);

describe('SysML blocks and ports', () => {
  it('draws packages with their name tab labelX wide: open on the first, closed and filled on the second', () => {
    const pkg = draw('shape=mxgraph.sysml.package;labelX=120', 200, 100);
    expect(pkg.rects.map(boxOf)).toEqual([[0, 0, 200, 100]]);
    expect(pointsOf(pkg.paths[0].attrs.d)).toEqual([[0, 20], [110, 20], [120, 10], [120, 0]]);
    expect(pkg.paths[0].attrs.fill).toBe('none');
    const second = draw('shape=mxgraph.sysml.package2', 200, 100, { fill: '#dae8fc' });
    expect(second.rects[0].attrs.fill).toBe('none');
    expect(pointsOf(second.paths[0].attrs.d)).toEqual([[0, 20], [80, 20], [90, 10], [90, 0], [0, 0]]);
    expect(second.paths[0].attrs.fill).toBe('#dae8fc');
    // No tab when it would be no wider than its 20 px height.
    expect(draw('shape=mxgraph.sysml.package;labelX=20', 200, 100).paths).toEqual([]);
  });

  it('draws the ports as bands of the width, the third with its pins and arrows, the nested port with three pins', () => {
    expect(draw('shape=mxgraph.sysml.port1', 100, 40).rects.map(boxOf)).toEqual([[5, 0, 90, 40]]);
    expect(draw('shape=mxgraph.sysml.port2', 100, 40).rects.map(boxOf)).toEqual([[5, 0, 80, 40]]);
    expect(draw('shape=mxgraph.sysml.port4', 100, 40).rects.map(boxOf)).toEqual([[5, 0, 95, 40]]);
    const port3 = draw('shape=mxgraph.sysml.port3', 100, 80);
    expect(port3.rects.map(boxOf)).toEqual([[7, 0, 86, 80], [0, 10, 14, 20], [0, 50, 14, 20], [86, 30, 14, 20]]);
    // The in arrow's head at the right of its box (1 + 11, 16 + 4).
    expect(pointsOf(port3.paths[0].attrs.d)).toContainEqual([12, 20]);
    const nested = draw('shape=mxgraph.sysml.nestedPort', 100, 100);
    expect(nested.rects.map(boxOf)).toEqual([[8, 0, 92, 100], [3, 10, 10, 80], [0, 15, 6, 16], [0, 42, 6, 16], [0, 69, 6, 16]]);
    expect(draw('shape=mxgraph.sysml.none', 100, 100).elements.filter((e) => e.tag !== 'g')).toEqual([]);
  });

  it('draws pins on parametric diagrams and constraint properties only when taller than 60 px', () => {
    const dgm = draw('shape=mxgraph.sysml.paramDgm', 160, 120);
    expect(dgm.rects.map(boxOf)).toEqual([[0, 0, 160, 120], [0, 20, 20, 20], [0, 80, 20, 20]]);
    expect(radiusOf(dgm.rects[0])).toBe(10);
    expect(dgm.rects[1].attrs.fill).toBe('none');
    expect(draw('shape=mxgraph.sysml.consProp', 160, 120).rects.map(boxOf)).toEqual([[0, 0, 160, 120], [0, 50, 20, 20], [0, 80, 20, 20]]);
    expect(draw('shape=mxgraph.sysml.consProp', 160, 60).rects).toHaveLength(1);
  });
});

describe('SysML activity nodes', () => {
  it("draws a call behaviour action's rake 30 px from its bottom right corner", () => {
    const act = draw('shape=mxgraph.sysml.callBehAct', 120, 60);
    expect(pointsOf(act.paths[0].attrs.d)).toEqual([[100, 30], [100, 50], [90, 50], [90, 40], [110, 40], [110, 50]]);
    expect(draw('shape=mxgraph.sysml.callBehAct', 40, 60).paths).toEqual([]);
  });

  it('draws the accept event, time event and send signal outlines', () => {
    expect(pointsOf(draw('shape=mxgraph.sysml.accEvent', 100, 50).paths[0].attrs.d)).toEqual([[0, 0], [100, 0], [100, 50], [0, 50], [15, 25]]);
    expect(pointsOf(draw('shape=mxgraph.sysml.timeEvent', 40, 50).paths[0].attrs.d)).toEqual([[0, 0], [40, 0], [0, 50], [40, 50]]);
    expect(pointsOf(draw('shape=mxgraph.sysml.sendSigAct', 100, 50).paths[0].attrs.d)).toEqual([[0, 0], [85, 0], [100, 25], [85, 50], [0, 50]]);
  });

  it("fills an activity final's inner disc in the stroke colour and crosses a flow final", () => {
    expect(circlesOf(draw('shape=mxgraph.sysml.actFinal', 40, 40, { stroke: '#6c8ebf' }).ellipses)).toEqual([
      [20, 20, 20, '#ffffff', '#6c8ebf'],
      [20, 20, 15, '#6c8ebf', '#6c8ebf'],
    ]);
    expect(pointsOf(draw('shape=mxgraph.sysml.flowFinal', 100, 100).paths[0].attrs.d)).toEqual([[14.5, 14.5], [85.5, 85.5], [85.5, 14.5], [14.5, 85.5]]);
  });

  it('draws an activity parameter node with its brackets, 50 px tab and three pins', () => {
    const node = draw('shape=mxgraph.sysml.actParamNode', 300, 100);
    expect(pointsOf(node.paths[0].attrs.d)).toEqual([[105, 100], [10, 100], [10, 0], [105, 0], [195, 100], [290, 100], [290, 0], [195, 0]]);
    expect(pointsOf(node.paths[1].attrs.d)).toEqual([[10, 20], [40, 20], [50, 10], [50, 0], [10, 0]]);
    expect(node.rects.map(boxOf)).toEqual([[0, 25, 20, 20], [0, 55, 20, 20], [280, 40, 20, 20]]);
  });

  it('draws a control operator with an open 130 px tab', () => {
    expect(pointsOf(draw('shape=mxgraph.sysml.contOper', 200, 100).paths[0].attrs.d)).toEqual([[0, 20], [120, 20], [130, 10], [130, 0]]);
  });

  it('draws control and stream pins on both sides, the stream pins filled in the stroke colour', () => {
    const control = draw('shape=mxgraph.sysml.isControl', 120, 60);
    expect(control.rects.map(boxOf)).toEqual([[0, 20, 10, 20], [10, 0, 100, 60], [110, 20, 10, 20]]);
    const stream = draw('shape=mxgraph.sysml.isStream', 120, 60, { stroke: '#333333' });
    expect(stream.rects.map((r) => r.attrs.fill)).toEqual(['#333333', '#ffffff', '#333333']);
  });

  it('draws parameter sets and probabilities beside their boxes', () => {
    const set = draw('shape=mxgraph.sysml.paramSet', 120, 100);
    expect(set.rects.map(boxOf)).toEqual([[0, 22, 10, 56], [10, 0, 100, 100], [110, 22, 10, 56], [4, 26, 6, 20], [4, 54, 6, 20], [110, 26, 6, 20], [110, 54, 6, 20]]);
    const actSet = draw('shape=mxgraph.sysml.paramActSet', 200, 100);
    expect(actSet.rects.map(boxOf)).toEqual([[10, 0, 180, 100], [0, 22, 15, 56], [4, 26, 15, 20], [4, 54, 15, 20], [185, 22, 15, 56], [181, 26, 15, 20], [181, 54, 15, 20]]);
    expect(draw('shape=mxgraph.sysml.paramActSet', 200, 70).rects).toHaveLength(1);
    const prob = draw('shape=mxgraph.sysml.probability', 120, 200);
    expect(prob.rects.map(boxOf).slice(0, 3)).toEqual([[0, 0, 110, 200], [110, 22, 10, 56], [110, 122, 10, 56]]);
    const actProb = draw('shape=mxgraph.sysml.actProb', 200, 200);
    expect(actProb.rects.map(boxOf)[1]).toEqual([185, 22, 15, 56]);
    expect(pointsOf(actProb.paths[0].attrs.d)).toEqual([[0, 20], [30, 20], [40, 10], [40, 0], [0, 0]]);
    const stream = draw('shape=mxgraph.sysml.isActStream', 200, 100);
    expect(stream.rects.map(boxOf)).toEqual([[0, 0, 190, 100], [180, 40, 20, 20]]);
  });

  it('draws object flows with their pin on the right or the left', () => {
    expect(draw('shape=mxgraph.sysml.objFlowR', 120, 60).rects.map(boxOf)).toEqual([[0, 0, 110, 60], [110, 20, 10, 20]]);
    expect(draw('shape=mxgraph.sysml.objFlowL', 120, 60).rects.map(boxOf)).toEqual([[0, 20, 10, 20], [10, 0, 110, 60]]);
  });
});
