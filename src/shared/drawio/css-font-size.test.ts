/**
 * The font sizes an HTML label's tags give their text, as Chromium computes `font-size` (values
 * measured there: getComputedStyle of a span inside a 12px label).
 */
import { describe, expect, it } from 'vitest';
import { cssFontSize, fontTagSize } from './css-font-size';
import { htmlRuns } from './label-html';
import { runCss } from './render/label-lines';

describe('a label tag\'s font size', () => {
  it('reads every absolute unit and keyword a browser accepts', () => {
    expect(cssFontSize('9pt', undefined)).toEqual({ px: 12 });
    expect(cssFontSize('1pc', undefined)).toEqual({ px: 16 });
    expect(cssFontSize('0.25in', undefined)).toEqual({ px: 24 });
    expect(cssFontSize('1rem', { px: 40 })).toEqual({ px: 16 });
    expect(cssFontSize('x-large', undefined)).toEqual({ px: 24 });
    expect((cssFontSize('10mm', undefined) as { px: number }).px).toBeCloseTo(37.795, 2);
    expect(cssFontSize('12 px', undefined)).toBeUndefined();
    expect(cssFontSize('-2px', undefined)).toBeUndefined();
  });

  it('sizes em and % against the enclosing text, or as a multiple of the label\'s own size when none is set', () => {
    expect(cssFontSize('0.9em', undefined)).toEqual({ scale: 0.9 });
    expect(cssFontSize('150%', { px: 10 })).toEqual({ px: 15 });
    expect(cssFontSize('0.5em', { scale: 0.9 })).toEqual({ scale: 0.45 });
  });

  it('reads <font size> as 1..7 and as a step from 3, clamped', () => {
    expect(fontTagSize('2')).toBe(13);
    expect(fontTagSize('+1')).toBe(18);
    expect(fontTagSize('-5')).toBe(10);
    expect(fontTagSize('9')).toBe(48);
  });

  it('gives a paragraph styled in em its size inside the label, nested sizes compounding', () => {
    const runs = htmlRuns('<b>Name</b><p style="margin:0px;font-size:0.9em;">part<span style="font-size:50%">small</span></p><font style="font-size:10px">a<i style="font-size:1.5em">b</i></font>');
    expect(runs.map((run) => [run.text, run.fontSize, run.fontScale])).toEqual([
      ['Name', undefined, undefined],
      ['\n', undefined, undefined],
      ['part', undefined, 0.9],
      ['small', undefined, 0.45],
      ['\n', undefined, 0.9],
      ['a', 10, undefined],
      ['b', 15, undefined],
    ]);
    expect(runCss(runs[2])?.fontSize).toBe('0.9em');
    expect(runCss(runs[6])?.fontSize).toBe(15);
  });

  it('lets a style\'s font-size win over the <font size> of the same tag', () => {
    expect(htmlRuns('<font size="7" style="font-size: 2em">x</font>')[0].fontScale).toBe(2);
    expect(htmlRuns('<font size="+1">x</font>')[0].fontSize).toBe(18);
  });
});
