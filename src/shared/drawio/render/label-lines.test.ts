/**
 * List items in rich labels wrap as a browser's list wraps them (diagrams.net's HTML labels keep
 * the browser's 40px list padding): the marker hangs in the indent and the lines an item wraps
 * onto start under its text. Made-up lists, nested and with breaks.
 */
import { describe, expect, it } from 'vitest';
import { hasListLines, labelLines, listLineCss } from './label-lines';
import { edgeLabelMarkup } from './svg-label';

describe('list lines in rich labels', () => {
  it("indents an item's lines by 40px a level, hanging its marker in the indent", () => {
    const html = 'Steps<ol><li>a rather long first step</li><li>second<br>still second<ul><li>nested one</li></ul></li></ol>';
    const lines = labelLines('Steps\na rather long first step\nsecond\nstill second\nnested one', html);
    expect(hasListLines(lines)).toBe(true);
    expect(lines.map((line) => listLineCss(line))).toEqual([
      { display: 'block', minHeight: '1lh' },
      { display: 'block', paddingLeft: 40, textIndent: -40 },
      { display: 'block', paddingLeft: 40, textIndent: -40 },
      // A line after a break is not known to be the item's (the run goes on past the list's end).
      { display: 'block', minHeight: '1lh' },
      { display: 'block', paddingLeft: 80, textIndent: -80 },
    ]);
    expect(lines[4][0].marker).toBe('•');
    expect(lines[3][0].marker).toBeUndefined();
  });

  it('writes list lines as blocks in the export, and a label with no list as lines joined by breaks', () => {
    const spot = { text: '', at: { x: 100, y: 50 }, fontSize: 11, fontFamily: 'Arimo' };
    const listed = edgeLabelMarkup({ ...spot, text: 'one\ntwo', html: '<ul><li>one</li><li>two</li></ul>' }).markup;
    expect(listed).toContain('<span style="display: block; padding-left: 40px; text-indent: -40px">');
    expect(listed).not.toContain('<br/>');
    const plain = edgeLabelMarkup({ ...spot, text: 'one\ntwo', html: '<b>one</b><br>two' }).markup;
    expect(plain).toContain('<br/>');
    expect(plain).not.toContain('display: block');
  });
});
