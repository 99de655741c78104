/**
 * How an HTML label breaks into lines, as Chromium lays it out (each case's line count measured
 * there: a block starts or ends a line only where the line has text, a `<br>` always ends one).
 */
import { describe, expect, it } from 'vitest';
import { htmlRuns, htmlToText } from './label-html';
import { labelLines, runCss } from './render/label-lines';

describe('an HTML label\'s lines', () => {
  it('does not add an empty line where a <br> ends the line before a block starts', () => {
    expect(htmlToText('a<br><div>b</div>')).toBe('a\nb');
    expect(htmlToText('ready,<br><div>set<br></div><div>and<br></div>go')).toBe('ready,\nset\nand\ngo');
    expect(htmlToText('<b>x<br></b><div>y</div>')).toBe('x\ny');
    expect(htmlToText('a<br> <div>b</div>')).toBe('a\nb');
  });

  it('keeps the empty line a <br> makes between blocks, or a second <br> before one', () => {
    expect(htmlToText('<div>a</div><br><div>b</div>')).toBe('a\n\nb');
    expect(htmlToText('a<br><br><div>b</div>')).toBe('a\n\nb');
    expect(htmlToText('a<div><br></div>b')).toBe('a\n\nb');
  });

  it('ends a line at a block only when the line has text: white space and empty tags are none, a no-break space is', () => {
    expect(htmlToText('a <div> </div> b')).toBe('a \nb');
    expect(htmlToText('<span></span><div>a</div>')).toBe('a');
    expect(htmlToText('<div>a</div>&nbsp;<div>b</div>')).toBe('a\n \nb');
  });

  it('gives the formatted runs the same lines as the text', () => {
    const html = 'open <b>now</b><br><div><i>closed</i><br></div><div>later<br></div>';
    expect(labelLines(htmlToText(html), html).map((line) => line.map((run) => run.text).join(''))).toEqual(['open now', 'closed', 'later']);
    expect(htmlRuns(html).find((run) => run.text === 'closed')?.italic).toBe(true);
  });

  it("takes a run's weight and slant from the innermost tag or style that sets one: normal inside bold is normal", () => {
    const runs = htmlRuns('<b>Task <span style="font-weight: normal">new <i style="font-style: normal">plain</i></span></b> <span style="font-weight:700"><em>both</em></span>');
    expect(runs.map(({ text, bold, italic }) => [text, bold, italic])).toEqual([
      ['Task ', true, undefined],
      ['new ', false, undefined],
      ['plain', false, false],
      [' ', undefined, undefined],
      ['both', true, true],
    ]);
    // Normal weight is drawn as such, so a run inside a bold label (fontStyle=1) is not bold.
    expect(runCss(runs[1])).toMatchObject({ fontWeight: 400 });
    expect(runCss(runs[2])).toMatchObject({ fontWeight: 400, fontStyle: 'normal' });
    expect(runCss({ text: 'x' })).toBeUndefined();
  });
});
