/** The iOS 6 call screen's buttons, as mxMockupiOS.js draws them. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf, shadesOf, textsOf } from './code-shapes-test-kit';
import { fractionPath } from './code-shapes-ios-map';

describe('iOS call dialog', () => {
  it('splits the box into six at a third, two thirds and half, each glyph named at 35 % and 85 % down', () => {
    const call = draw('shape=mxgraph.ios.iCallDialog', 300, 250);
    expect(call.rects[0].attrs).toMatchObject({ rx: '5', fill: '#000000', stroke: '#888888', 'fill-opacity': '0.8' });
    expect(pointsOf(call.paths[0].attrs.d)).toEqual([[99, 0], [99, 250], [201, 0], [201, 250], [0, 125], [300, 125]]);
    expect(textsOf(call.markup).map(([text, x]) => [text, x])).toEqual([
      ['mute', 50.01], ['keypad', 150], ['speaker', 249.99], ['add', 50.01], ['pause', 150], ['contacts', 249.99],
    ]);
    // The keypad's nine keys, white; the speaker's waves stroked white 1.5 px; the gloss over the top row.
    const keys = call.paths.filter((p) => p.attrs.fill === '#ffffff' && pointsOf(p.attrs.d).length === 4);
    expect(keys.length).toBeGreaterThanOrEqual(9);
    expect(call.paths.filter((p) => p.attrs.stroke === '#ffffff' && p.attrs.fill === 'none')).toHaveLength(1);
    expect(shadesOf(call.markup)).toEqual([['#808080', '#ffffff']]);
  });

  it('draws the keypad: a number row over a 3 x 5 grid split in #008cff, bold white digits, a green Call key', () => {
    const pad = draw('shape=mxgraph.ios.iCallButtons', 300, 600);
    expect(pointsOf(pad.paths[0].attrs.d).slice(0, 2)).toEqual([[0, 100.02], [300, 100.02]]);
    expect(pointsOf(pad.paths[0].attrs.d).slice(-4)).toEqual([[99.99, 100.02], [99.99, 600], [200.01, 100.02], [200.01, 600]]);
    const texts = textsOf(pad.markup);
    expect(texts[0]).toEqual(['(123) 456-7890', 150, '#ffffff', 15.5]);
    expect(texts.find(([text]) => text === '*')).toEqual(['*', 50.01, '#ffffff', 27.5]);
    expect(texts.find(([text]) => text === 'WXYZ')).toEqual(['WXYZ', 249.99, '#bbbbbb', 8]);
    expect(pad.rects[1].attrs).toMatchObject({ x: '99.99', y: '499.98', stroke: '#008cff' });
    expect(shadesOf(pad.markup)).toEqual([['#0F1B2B', '#4F5B6B'], ['#E2FFEB', '#008215']]);
    expect(pad.markup).toContain('stroke-linejoin="round"');
  });

  it('reads an outline in fractions of the box', () => {
    expect(String(fractionPath('M 0.5 0 L 1 1 A 0.1 0.2 0 0 1 0 0.5 Z', 10, 20, 100, 50))).toBe('M60,20 L110,70 A10,10 0 0 1 10,45 Z');
  });
});
