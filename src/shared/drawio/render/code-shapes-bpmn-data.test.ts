/** BPMN's data object, pool, conversation and message marker, with mxBpmnShape2.js's geometry. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';
import { codeShapeLabelBox } from './code-shapes';
import { styleEntries } from '../stencils';

describe('BPMN data, pools and conversations', () => {
  it('draws a message marker as an envelope over its whole box', () => {
    const marker = draw('shape=mxgraph.bpmn.sendMarker', 40, 30);
    expect(marker.rects.map(boxOf)).toEqual([[0, 0, 40, 30]]);
    expect(pointsOf(marker.paths[0].attrs.d)).toEqual([[0, 0], [20, 15], [40, 0]]);
  });

  it("draws a data object as a note with its transfer arrow (an output's filled in the stroke colour) and collection bars", () => {
    const output = draw('shape=mxgraph.bpmn.data;bpmnTransferType=output;isCollection=1;size=15', 40, 60, { stroke: '#333333' });
    expect(pointsOf(output.paths[0].attrs.d)).toEqual([[0, 0], [25, 0], [40, 15], [40, 60], [0, 60]]);
    const arrow = output.paths.find((p) => pointsOf(p.attrs.d)[0][0] === 3);
    expect(pointsOf(arrow!.attrs.d)).toEqual([[3, 6.6], [10.7, 6.6], [10.7, 3], [17, 9], [10.7, 15], [10.7, 11.4], [3, 11.4]]);
    expect(arrow!.attrs.fill).toBe('#333333');
    expect(pointsOf(output.paths.at(-1)!.attrs.d)).toEqual([[16.4, 48], [16.4, 60], [20, 48], [20, 60], [23.6, 48], [23.6, 60]]);
    const input = draw('shape=mxgraph.bpmn.data;bpmnTransferType=input', 40, 60);
    expect(input.paths.at(-1)!.attrs.fill).toBe('none');
    // A plain data object is the note alone: its outline and its fold.
    expect(draw('shape=mxgraph.bpmn.data', 40, 60).paths).toHaveLength(2);
    expect(draw('shape=mxgraph.bpmn.data;isCollection=0', 40, 60).paths).toHaveLength(2);
  });

  it('draws a pool as a swimlane (its label in the 40 px header) with collection bars', () => {
    const pool = draw('shape=mxgraph.bpmn.swimlane;isCollection=1', 200, 120);
    expect(pointsOf(pool.paths[0].attrs.d)).toEqual([[0, 40], [0, 0], [200, 0], [200, 40]]);
    expect(pointsOf(pool.paths.at(-1)!.attrs.d)[0]).toEqual([96.4, 108]);
    expect(codeShapeLabelBox(styleEntries('shape=mxgraph.bpmn.swimlane;startSize=30'), 200, 120)).toEqual({ x: 0, y: 0, w: 200, h: 30 });
  });

  it("draws a conversation as a hexagon, a call's stroke four times as wide, and its sub-process marker", () => {
    const conv = draw('shape=mxgraph.bpmn.conversation;bpmnConversationType=call;strokeWidth=2;isLoopSub=1', 56, 48);
    expect(pointsOf(conv.paths[0].attrs.d)).toEqual([[0, 24], [14, 0], [42, 0], [56, 24], [42, 48], [14, 48]]);
    expect(conv.paths[0].attrs['stroke-width']).toBe('8');
    expect(conv.rects.map(boxOf)).toEqual([[21, 34, 14, 14]]);
    expect(draw('shape=mxgraph.bpmn.conversation', 56, 48).paths[0].attrs['stroke-width']).toBe('1');
    expect(draw('shape=mxgraph.bpmn.conversation;isLoopSub=0', 56, 48).rects).toEqual([]);
  });
});
