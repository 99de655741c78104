/** BPMN events, gateways and tasks as diagrams.net's mxBpmnShape2.js draws them, in made-up boxes. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';
import { codeShapeStencils } from './code-shapes';
import { styleEntries } from '../stencils';

/** A number as the markup writes it (two decimals). */
const round = (n: number) => Math.round(n * 100) / 100;

describe('BPMN code shapes', () => {
  it('draws event outlines: a ring, a dashed ring, a ring 2 px in, a triple-width end ring', () => {
    const start = draw('shape=mxgraph.bpmn.shape;outline=standard;symbol=message;strokeWidth=3;fillColor=none', 65, 65, { fill: 'none', stroke: '#F08705' });
    expect(start.ellipses[0].attrs['stroke-width']).toBe('3');
    expect(start.rects.map(boxOf)).toEqual([[9.75, 19.5, 45.5, 26]]);
    expect(draw('shape=mxgraph.bpmn.shape;outline=end;symbol=general;strokeWidth=3', 65, 65).ellipses[0].attrs['stroke-width']).toBe('9');
    const nonInterrupting = draw('shape=mxgraph.bpmn.shape;outline=boundNonint;strokeWidth=2', 40, 40);
    expect(nonInterrupting.ellipses.map((e) => e.attrs['stroke-dasharray'])).toEqual(['6 6', '6 6']);
    expect(nonInterrupting.ellipses[1].attrs).toMatchObject({ cx: '20', rx: '18', fill: 'none' });
    const throwing = draw('shape=mxgraph.bpmn.shape;outline=throwing', 50, 50);
    expect(throwing.ellipses[1].attrs).toMatchObject({ rx: '22', fill: 'none' });
    // No outline (and no symbol) draws nothing.
    const none = draw('shape=mxgraph.bpmn.shape;outline=none', 50, 50);
    expect([...none.ellipses, ...none.paths, ...none.rects]).toHaveLength(0);
  });

  it('draws each symbol in its part of the event, inverted (filled in the stroke colour) on throwing and end events', () => {
    const timer = draw('shape=mxgraph.bpmn.shape;outline=catching;symbol=timer', 100, 100);
    // The clock face in 78% of the box, then twelve ticks and two hands.
    expect(timer.ellipses[2].attrs).toMatchObject({ cx: '50', rx: '39' });
    expect(timer.paths[0].attrs.d.match(/M/g)).toHaveLength(13);
    expect(pointsOf(timer.paths[0].attrs.d).slice(-2)).toEqual([[50, 50], [71.87, 50.92]]);
    const signal = draw('shape=mxgraph.bpmn.shape;outline=end;symbol=signal', 100, 100, { fill: '#ffffff', stroke: '#e85642' });
    expect(pointsOf(signal.paths[0].attrs.d)).toEqual([[19, 72], [50, 15], [81, 72]]);
    expect(signal.paths[0].attrs).toMatchObject({ fill: '#e85642', stroke: '#ffffff' });
    const message = draw('shape=mxgraph.bpmn.shape;outline=throwing;symbol=message', 50, 50, { fill: 'none', stroke: '#e85642' });
    expect(message.rects[0].attrs.fill).toBe('#e85642');
    // On an unfilled throwing event the envelope's flap is white.
    expect(message.paths[0].attrs.stroke).toBe('#ffffff');
    const conditional = draw('shape=mxgraph.bpmn.shape;outline=standard;symbol=conditional', 100, 100);
    expect(conditional.rects.map(boxOf)).toEqual([[30, 16, 40, 68]]);
    expect(conditional.paths[0].attrs.d.match(/M/g)).toHaveLength(4);
    for (const symbol of ['escalation', 'link', 'error', 'cancel', 'compensation', 'multiple', 'parallelMultiple']) {
      expect(draw(`shape=mxgraph.bpmn.shape;outline=standard;symbol=${symbol}`, 60, 60).paths, symbol).toHaveLength(1);
    }
    // The compensation mark is two triangles side by side.
    expect(draw('shape=mxgraph.bpmn.shape;outline=standard;symbol=compensation', 100, 100).paths[0].attrs.d.match(/Z/g)).toHaveLength(2);
    // An inverted error mark is filled only; an end event's terminate dot is filled in the stroke colour.
    expect(draw('shape=mxgraph.bpmn.shape;outline=end;symbol=error', 60, 60).paths[0].attrs.stroke).toBe('none');
    expect(draw('shape=mxgraph.bpmn.shape;outline=end;symbol=terminate', 60, 60, { stroke: '#123456' }).ellipses[1].attrs).toMatchObject({ fill: '#123456', rx: '27' });
  });

  it('fills only the inverted symbols of mxgraph.bpmn.event, and has no gateway marks there', () => {
    expect(draw('shape=mxgraph.bpmn.event;outline=end;symbol=signal', 60, 60).paths[0].attrs.stroke).toBe('none');
    expect(draw('shape=mxgraph.bpmn.shape;outline=end;symbol=signal', 60, 60).paths[0].attrs.stroke).toBe('#ffffff');
    expect(draw('shape=mxgraph.bpmn.event;outline=standard;symbol=exclusiveGw', 60, 60).paths).toHaveLength(0);
  });

  it('draws a gateway background as a rhombus with its mark, and the event outline in its middle half', () => {
    const exclusive = draw('shape=mxgraph.bpmn.shape;background=gateway;outline=none;symbol=exclusiveGw', 80, 80, { fill: '#ffffff', stroke: '#0000ff' });
    expect(pointsOf(exclusive.paths[0].attrs.d)).toEqual([[40, 0], [80, 40], [40, 80], [0, 40]]);
    // The X in the middle half, 76% wide, filled in the stroke colour and outlined in the fill colour.
    expect(pointsOf(exclusive.paths[1].attrs.d)[0]).toEqual([round(20 + 40 * 0.12 + 40 * 0.76 * 0.105), 20]);
    expect(exclusive.paths[1].attrs).toMatchObject({ fill: '#0000ff', stroke: '#ffffff' });
    const eventBased = draw('shape=mxgraph.bpmn.shape;background=gateway;outline=catching;symbol=multiple', 80, 80);
    expect(eventBased.ellipses[0].attrs).toMatchObject({ cx: '40', rx: '20' });
  });

  it('draws gateway2 by its type: an X, a plus, an asterisk, or an event-based gateway with its event inside', () => {
    const exclusive = draw('shape=mxgraph.bpmn.gateway2;gwType=exclusive', 100, 100, { stroke: '#333333' });
    expect(exclusive.paths).toHaveLength(2);
    expect(pointsOf(exclusive.paths[1].attrs.d)[0]).toEqual([31 + 38 * 0.105, 25]);
    expect(exclusive.paths[1].attrs).toMatchObject({ fill: '#333333', stroke: '#333333' });
    expect(pointsOf(draw('shape=mxgraph.bpmn.gateway2;gwType=parallel', 100, 100).paths[1].attrs.d)[0]).toEqual([25 + 50 * 0.38, 25]);
    expect(pointsOf(draw('shape=mxgraph.bpmn.gateway2;gwType=complex', 100, 100).paths[1].attrs.d)).toHaveLength(24);
    const eventBased = draw('shape=mxgraph.bpmn.gateway2;outline=catching;symbol=multiple', 100, 100);
    expect(eventBased.ellipses.map((e) => e.attrs.rx)).toEqual(['30', '28']);
    expect(pointsOf(eventBased.paths[1].attrs.d)[0]).toEqual([20 + 60 * 0.2, round(20 + 60 * 0.19 + 60 * 0.565 * 0.39)]);
    // An event-based gateway with no outline is the rhombus alone.
    const bare = draw('shape=mxgraph.bpmn.gateway2', 100, 100);
    expect([bare.paths.length, bare.ellipses.length]).toEqual([1, 0]);
  });

  it('draws a task: rounded corners, a transaction drawn double, a call activity thick, a sub-process dashed', () => {
    const task = draw('shape=mxgraph.bpmn.task;rectStyle=rounded;size=10;taskMarker=abstract', 120, 80);
    expect(task.paths).toHaveLength(1);
    expect(task.paths[0].attrs.d.startsWith('M0,10 A10,10 0 0 1 10,0')).toBe(true);
    const transaction = draw('shape=mxgraph.bpmn.task;rectStyle=rounded;size=10;bpmnShapeType=transaction', 120, 80);
    expect(transaction.paths[1].attrs.d.startsWith('M3,10 A7,7 0 0 1 10,3')).toBe(true);
    expect(draw('shape=mxgraph.bpmn.task;bpmnShapeType=call', 120, 80).paths[0].attrs['stroke-width']).toBe('4');
    expect(draw('shape=mxgraph.bpmn.task;bpmnShapeType=subprocess;strokeWidth=2', 120, 80).paths[0].attrs['stroke-dasharray']).toBe('6 6');
  });

  it("centres a task's loop markers along its bottom and draws its marker and event in the top left", () => {
    // Two markers 14 px apart, centred: the parallel bars from x 46 (+1), then the sub-process box at 60.
    const task = draw('shape=mxgraph.bpmn.task;isLoopMultiParallel=1;isLoopSub=1', 120, 80);
    expect(pointsOf(task.paths[1].attrs.d)).toEqual([[49.4, 67], [49.4, 79], [53, 67], [53, 79], [56.6, 67], [56.6, 79]]);
    expect(task.rects.map(boxOf)).toEqual([[60, 66, 14, 14]]);
    const send = draw('shape=mxgraph.bpmn.task;taskMarker=send', 120, 80, { fill: '#ffffff', stroke: '#000000' });
    expect(send.rects.map(boxOf)).toEqual([[4, 4, 18, 13]]);
    expect(send.rects[0].attrs.fill).toBe('#000000');
    expect(draw('shape=mxgraph.bpmn.task;taskMarker=receive', 120, 80).rects[0].attrs.fill).toBe('#ffffff');
    const withEvent = draw('shape=mxgraph.bpmn.task;outline=boundInt;symbol=timer', 120, 80);
    expect(withEvent.ellipses[0].attrs).toMatchObject({ cx: '10', rx: '10' });
    // Stencil markers are drawn with the stencil drawer, at their place, in the shape's colours.
    const asked: Array<[string, readonly number[], string]> = [];
    draw('shape=mxgraph.bpmn.task;taskMarker=user;isLoopStandard=1;isAdHoc=1', 120, 80, { stroke: '#222222' }, (name, box, paint) => {
      asked.push([name, box, paint.fill]);
      return `<g data-stencil="${name}"/>`;
    });
    expect(asked).toEqual([
      ['mxgraph.bpmn.loop', [46 + 1, 66 + 1, 12, 12], '#ffffff'],
      ['mxgraph.bpmn.ad_hoc', [60 + 1, 66 + 4, 12, 6], '#222222'],
      ['mxgraph.bpmn.user_task', [2, 2, 16, 16], '#ffffff'],
    ]);
    // Every stencil the task draws is named, its marker's first, so the canvas loads them all.
    expect(codeShapeStencils(styleEntries('shape=mxgraph.bpmn.task;taskMarker=script;isLoopStandard=1'))).toEqual(['mxgraph.bpmn.script_task', 'mxgraph.bpmn.loop']);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.bpmn.task;isLoopComp=1;isLoopStandard=1;isAdHoc=1'))).toEqual(['mxgraph.bpmn.loop', 'mxgraph.bpmn.compensation', 'mxgraph.bpmn.ad_hoc']);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.bpmn.task;taskMarker=send;isLoopMultiSeq=1'))).toEqual([]);
  });
});
