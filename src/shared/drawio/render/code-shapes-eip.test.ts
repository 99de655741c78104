/** The enterprise integration patterns drawn in code, with mxEip.js's geometry and colours. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';

describe('EIP shapes', () => {
  it('draws the message expiration clock outlined, its hands grey', () => {
    const clock = draw('shape=mxgraph.eip.messExp', 50, 50, { fill: '#ffcccc' });
    expect(clock.ellipses[0].attrs.fill).toBe('none');
    expect(pointsOf(clock.paths[0].attrs.d)).toEqual([[25, 5], [25, 25], [30, 40]]);
    expect(clock.paths[0].attrs.stroke).toBe('#808080');
  });

  it("draws the return address card's lines 2 px wide and its grey stamp", () => {
    const card = draw('shape=mxgraph.eip.retAddr', 100, 100);
    expect(card.rects.map(boxOf)).toEqual([[0, 0, 100, 100], [80, 10, 12, 19]]);
    expect(card.rects[1].attrs.fill).toBe('#EDEDED');
    expect(card.paths[0].attrs['stroke-width']).toBe('2');
    expect(pointsOf(card.paths[0].attrs.d)).toHaveLength(12);
  });

  it('draws a channel as a pipe shaded #e6e6e6 to #808080 with its open end at the right', () => {
    const pipe = draw('shape=mxgraph.eip.messageChannel', 100, 20, { fill: '#ff0000' });
    expect(pipe.paths[0].attrs.d).toBe('M8,20 A12,12 0 0 1 8,0 L92,0 A12,12 0 0 1 92,20 Z');
    expect(pipe.paths[0].attrs.fill).toBe('url(#g1-own)');
    expect(pipe.markup).toContain('stop-color="#e6e6e6"');
    expect(pipe.markup).toContain('stop-color="#808080"');
    expect(pipe.paths[1].attrs).toMatchObject({ d: 'M92,0 A12,12 0 0 1 92,20 A12,12 0 0 1 92,0', fill: '#e6e6e6' });
  });

  it('draws what each channel carries: data boxes every 20 px, a red no-entry sign, a yellow warning', () => {
    const data = draw('shape=mxgraph.eip.dataChannel', 100, 20);
    expect(data.rects.map(boxOf)).toEqual([[20, 5, 10, 10], [40, 5, 10, 10], [60, 5, 10, 10]]);
    expect(data.rects[0].attrs.fill).toBe('#fffbc0');
    const dead = draw('shape=mxgraph.eip.deadLetterChannel', 100, 20);
    expect(dead.paths[2].attrs.fill).toBe('#ff0000');
    expect(pointsOf(dead.paths[2].attrs.d)[0]).toEqual([44, 7]);
    expect(dead.paths[3].attrs).toMatchObject({ stroke: '#ffffff', 'stroke-width': '2' });
    const invalid = draw('shape=mxgraph.eip.invalidMessageChannel', 100, 20);
    expect(pointsOf(invalid.paths[2].attrs.d)).toEqual([[44, 15], [50, 5], [56, 15]]);
    expect(invalid.paths[2].attrs.fill).toBe('#ffe040');
  });
});
