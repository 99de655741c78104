/** The iOS 6 palette's keyboards, as mxMockupiOS.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf, shadesOf, textsOf } from './code-shapes-test-kit';

const s = 'verticalLabelPosition=bottom;verticalAlign=top;html=1;shadow=0;dashed=0;strokeWidth=1;shape=mxgraph.ios.';
const SHADOW = '<g transform="translate(2 3)" opacity="0.25">';

describe('iOS keyboards', () => {
  it('lays the letters out in three rows of 10, 9 and 7 keys 19 % high, a space bar and four mode keys, each casting a hard shadow', () => {
    const letters = draw(`${s}iKeybLett;`, 200, 100);
    // The box, then each key's shadow (black at a quarter, 2, 3 px off) under the key.
    expect(shadesOf(letters.markup)).toEqual([['#8A97A7', '#425163'], ['#EEF3F9', '#DBE2E9'], ['#8B98A8', '#677488']]);
    expect(letters.markup.split(SHADOW)).toHaveLength(26 + 1 + 4 + 1);
    const keys = letters.rects.filter((rect) => rect.attrs.fill !== '#000000');
    expect(keys).toHaveLength(1 + 31);
    expect(boxOf(keys[1])).toEqual([1.72, 3, 15.52, 19]);
    expect([keys[1].attrs.rx, keys[1].attrs.ry]).toEqual(['2.88', '2.5']);
    // Q's shadow is the same box, black, just before it.
    const shadow = letters.rects[letters.rects.indexOf(keys[1]) - 1];
    expect([boxOf(shadow), shadow.attrs.fill]).toEqual([[1.72, 3, 15.52, 19], '#000000']);
    expect(boxOf(keys[11])).toEqual([12.64, 28, 15.52, 19]);
    expect(boxOf(keys[27])).toEqual([52.88, 78, 95.98, 19]);
    const names = textsOf(letters.markup);
    expect(names.map(([text]) => text).join(' ')).toBe('Q W E R T Y U I O P A S D F G H J K L Z X C V B N M space .?123 return');
    expect(names[0]).toEqual(['Q', 9.48, '#000000', 10.5]);
    expect(names[26].slice(2)).toEqual(['#666666', 10.5]);
    expect(names[27].slice(1, 3)).toEqual([25.29, '#ffffff']);
  });

  it('draws the shift arrow (letters only), the backspace and its cross in white over the keys, casting no shadow', () => {
    const letters = draw(`${s}iKeybLett;`, 200, 100);
    const marks = letters.paths.slice(-3);
    expect(pointsOf(marks[0].attrs.d)[1]).toEqual([14.36, 58]);
    expect(marks[0].attrs).toMatchObject({ fill: 'none', stroke: '#ffffff', 'stroke-width': '1.5', 'stroke-linejoin': 'round' });
    expect(pointsOf(marks[1].attrs.d)).toEqual([[182.18, 58.5], [193.1, 58.5], [193.1, 66.5], [182.18, 66.5], [177.58, 62.5]]);
    expect(marks[1].attrs).toMatchObject({ fill: '#ffffff', stroke: '#ffffff' });
    expect(marks[2].attrs.stroke).toBe('#677488');
    // No black copy of them: every shadow is a key's box.
    expect(letters.paths.filter((path) => path.attrs.fill === '#000000')).toEqual([]);
    expect(draw(`${s}iKeybNumb;`, 200, 100).paths.slice(-3)[0].attrs.fill).not.toBe('none');
  });

  it('gives the numbers and symbols two rows of ten and five wide punctuation keys, their shift key named', () => {
    const numbers = textsOf(draw(`${s}iKeybNumb;`, 174, 100).markup).map(([text]) => text);
    // As written in the markup: & and " escaped.
    expect(numbers.join(' ')).toBe('1 2 3 4 5 6 7 8 9 0 - / : ; ( ) $ &amp; @ &quot; . , ? ! \' space #+= ABC return');
    const symbols = draw(`${s}iKeybSymb;`, 174, 100);
    expect(textsOf(symbols.markup).map(([text]) => text).slice(10, 20).join('')).toBe('_\\|~&lt;&gt;\u0080£¥\u0095');
    expect(textsOf(symbols.markup).slice(-3).map(([text]) => text)).toEqual(['123', 'ABC', 'return']);
    expect(boxOf(symbols.rects.filter((rect) => rect.attrs.fill !== '#000000')[21])).toEqual([28.5, 53, 20.5, 19]);
  });

  it('casts the shadows 2, 3 px off on the screen however the keyboard is turned', () => {
    expect(draw(`${s}iKeybLett;rotation=90`, 200, 100).markup).toContain('<g transform="translate(3 -2)" opacity="0.25">');
  });
});
