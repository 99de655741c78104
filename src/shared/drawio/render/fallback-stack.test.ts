/** The fallback's stack: lengths in the units a label's paragraphs use, and an unwrapped label's column. */
import { describe, expect, it } from 'vitest';
import { cssLength, stackLines } from './fallback-stack';
import { LABEL_LINE_HEIGHT } from './label-look';
import { labelLines } from './label-lines';
import { textWidth } from './text-metrics';

describe('fallback stack', () => {
  it('reads px, pt, em and % lengths, and nothing else as a length', () => {
    expect([cssLength('4px', 12), cssLength('6pt', 12), cssLength('0.5em', 12), cssLength('10%', 12, 300), cssLength('3', 12)]).toEqual([4, 8, 6, 30, 3]);
    expect([cssLength('auto', 12), cssLength('calc(1px)', 12), cssLength(undefined, 12)]).toEqual([0, 0, 0]);
  });

  it("makes an unwrapped label's column as wide as its widest line with its margins, rules that wide", () => {
    const lines = labelLines('Wide title\nx', '<p style="margin:0;margin-left:9pt">Wide title</p><hr><p style="margin:0;text-align:right">x</p>');
    const stack = stackLines(lines, { fontSize: 10 }, 'center');
    expect(stack.width).toBeCloseTo(12 + textWidth('Wide title', 10), 5);
    const [title, x] = stack.rows;
    expect(title).toMatchObject({ anchor: 'middle', top: 0 });
    expect(title.x).toBeCloseTo(12 + textWidth('Wide title', 10) / 2, 5);
    // The rule spans the column, 5 px (0.5em) under the title; the right-aligned line ends at the column's edge.
    expect(stack.rules).toEqual([{ x: 0, top: 10 * LABEL_LINE_HEIGHT + 5, w: stack.width, h: 2, color: 'gray' }]);
    expect(x).toMatchObject({ anchor: 'end', x: stack.width, top: 10 * LABEL_LINE_HEIGHT + 5 + 2 + 5 });
    expect(stack.height).toBeCloseTo(2 * 10 * LABEL_LINE_HEIGHT + 12, 5);
  });

  it('draws a last rule under the last line, with its margins, and no line after it', () => {
    const stack = stackLines(labelLines('Title\nmember', '<p style="margin:0">Title</p><hr><p style="margin:0">member</p><hr size="4">'), { fontSize: 10 }, 'left');
    expect(stack.rows.map((row) => row.text)).toEqual(['Title', 'member']);
    const line = 10 * LABEL_LINE_HEIGHT;
    expect(stack.rules.map((rule) => [rule.top, rule.h])).toEqual([
      [line + 5, 2],
      [line + 5 + 2 + 5 + line + 5, 4],
    ]);
    expect(stack.height).toBeCloseTo(2 * line + 5 + 2 + 5 + 5 + 4 + 5, 5);
  });
});
