/**
 * Rich labels laid out as a browser lays out diagrams.net's HTML labels: list items wrap in the
 * browser's 40px list padding (the marker hangs in the indent, the lines an item wraps or breaks
 * onto start under its text), paragraphs keep their 1em margins and their own, and a rule stands
 * where an `<hr>` stood. Made-up labels, nested, broken and styled.
 */
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../label-html';
import { hasBlockLines, labelBlocks, labelLines, listLineCss, runCss } from './label-lines';
import { edgeLabelMarkup, shapeLabelMarkup } from './svg-label';

const linesOf = (html: string) => labelLines(htmlToText(html), html);

describe('list lines in rich labels', () => {
  it("indents an item's lines by 40px a level, hanging its marker in the indent, and a line after a break under the item's text", () => {
    const html = 'Steps<ol><li>a rather long first step</li><li>second<br>still second<ul><li>nested one</li></ul>back in second</li></ol>after';
    const lines = labelLines('Steps\na rather long first step\nsecond\nstill second\nnested one\nback in second\nafter', html);
    expect(hasBlockLines(lines)).toBe(true);
    expect(lines.map((line) => listLineCss(line))).toEqual([
      { display: 'block', minHeight: '1lh' },
      { display: 'block', paddingLeft: 40, textIndent: -40 },
      { display: 'block', paddingLeft: 40, textIndent: -40 },
      // The line after a break is the item's: under its text, with no marker.
      { display: 'block', paddingLeft: 40 },
      { display: 'block', paddingLeft: 80, textIndent: -80 },
      // Back in the outer item after the nested list's end.
      { display: 'block', paddingLeft: 40 },
      // Past the list's end.
      { display: 'block', minHeight: '1lh' },
    ]);
    // A list in a list marks its items with a circle, as a browser does.
    expect(lines[4][0].marker).toBe('◦');
    expect(lines[2][0].marker).toBe('2.');
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

describe('no-break spaces in labels', () => {
  it("keeps a label's no-break spaces where a browser keeps them, the model's text plain", () => {
    // A SysML part as diagrams.net's library writes it: each line starts a no-break space and a space in.
    const html = '&nbsp; SeedMix<br>&nbsp; Controller';
    expect(htmlToText(html)).toBe('SeedMix\n  Controller');
    const lines = linesOf(html);
    expect(lines.map((line) => line.map((run) => run.text).join(''))).toEqual(['\u00a0 SeedMix', '\u00a0 Controller']);
    expect(edgeLabelMarkup({ text: htmlToText(html), html, at: { x: 0, y: 0 }, fontSize: 12, fontFamily: 'Arimo' }).markup).toContain('\u00a0 SeedMix');
    // Text of ordinary spaces only is the plain text, as before.
    expect(linesOf('Seed&amp;Mix<br>Controller')).toEqual([[{ text: 'Seed&Mix' }], [{ text: 'Controller' }]]);
    // A label edited since (its HTML says other words) draws its text.
    expect(labelLines('Renamed', html)).toEqual([[{ text: 'Renamed' }]]);
  });
});

describe('paragraphs and rules in rich labels', () => {
  it("gives a paragraph the browser's 1em margins above and below, then its own style's, its lines in one box", () => {
    const html = '<p>first<br>still first</p><p style="margin:0px;margin-left:4px;text-align:center;">second</p>';
    expect(htmlToText(html)).toBe('first\nstill first\nsecond');
    const blocks = labelBlocks(linesOf(html));
    expect(blocks.map((block) => [block.paragraph, block.lines.map((line) => line.map((run) => run.text).join(''))])).toEqual([
      [{ display: 'block', marginTop: '1em', marginBottom: '1em' }, ['first', 'still first']],
      [{ display: 'block', marginTop: '0px', marginRight: '0px', marginBottom: '0px', marginLeft: '4px', textAlign: 'center' }, ['second']],
    ]);
    // A shorthand of two values spreads over the sides as CSS does; what is not a length is dropped.
    const [spread] = labelBlocks(linesOf('<p style="margin: 2px 6px; margin-top: url(x); text-align: evil">x</p>'));
    expect(spread.paragraph).toEqual({ display: 'block', marginTop: '2px', marginRight: '6px', marginBottom: '2px', marginLeft: '6px' });
  });

  it("sizes a paragraph's box with its font size, so its lines are as tall as its text's, and its runs within it", () => {
    // A SysML association's compartment as diagrams.net's library writes it: 0.9em lines, 12.96px apart
    // in a 12px label (a 12px box around 10.8px runs would stretch each line box to 16px).
    const [title, members] = labelBlocks(linesOf('<p style="margin:0px;">Title</p><p style="margin:0px;font-size:0.9em;">one<br>two <span style="font-size:0.45em">small</span></p>'));
    expect(title.paragraph?.fontSize).toBeUndefined();
    expect(members.paragraph).toMatchObject({ display: 'block', fontSize: '0.9em' });
    expect(members.lines.map((line) => line.map((run) => [run.text, runCss(run)?.fontSize]))).toEqual([
      [['one', undefined]],
      [
        ['two ', undefined],
        ['small', '0.45em'],
      ],
    ]);
    // An absolute size, and one an enclosing tag gives the paragraph: the box has it, runs of that size inherit it.
    const [absolute] = labelBlocks(linesOf('<p style="font-size:10px">ten <b style="font-size:20px">twenty</b></p>'));
    expect(absolute.paragraph).toMatchObject({ fontSize: 10 });
    expect(absolute.lines[0].map((run) => runCss(run)?.fontSize)).toEqual([undefined, 20]);
    const [enclosed] = labelBlocks(linesOf('<font style="font-size:9px"><p>nine</p></font>'));
    expect(enclosed.paragraph).toMatchObject({ fontSize: 9 });
    expect(runCss(enclosed.lines[0][0])?.fontSize).toBeUndefined();
  });

  it('makes a div whose text has a size of its own a block of that size with no margins, and leaves other divs lines', () => {
    // The IBM VPC file's notes: each line a 10px div in a 12px label, 12px apart as diagrams.net draws them.
    const html = '<div style="font-size: 10px"><font style="font-size: 10px">* Diagram <br></font></div><div style="font-size: 10px"><font style="font-size: 10px">shows VPC</font></div>';
    const blocks = labelBlocks(linesOf(html));
    expect(blocks.map((block) => [block.paragraph, block.lines.map((line) => line.map((run) => [run.text, runCss(run)?.fontSize]))])).toEqual([
      [{ display: 'block', fontSize: 10 }, [[['* Diagram ', undefined]]]],
      [{ display: 'block', fontSize: 10 }, [[['shows VPC', undefined]]]],
    ]);
    // Divs of the label's own size, or sized only inside, stay lines joined by breaks.
    expect(hasBlockLines(linesOf('<div>Enterprise</div><div>User</div>'))).toBe(false);
    expect(hasBlockLines(linesOf('<div><font style="font-size: 10px">small</font></div><div>plain</div>'))).toBe(false);
    // A div in a sized paragraph, of the paragraph's size, is the paragraph's.
    const [paragraph] = labelBlocks(linesOf('<p style="font-size:0.9em">a<div>b</div></p>'));
    expect(paragraph.lines).toHaveLength(2);
  });

  it("keeps an empty paragraph's margins, as a block of no lines (they collapse with its neighbours' in the browser)", () => {
    // The SysML association's last compartment: a rule, an empty <p>, then its title 12px lower, not 6.
    const html = 'parts<hr><p></p><p style="margin:0px;">structure</p>';
    expect(htmlToText(html)).toBe('parts\nstructure');
    const blocks = labelBlocks(linesOf(html));
    expect(blocks.map((block) => [block.rule !== undefined, block.paragraph, block.lines.map((line) => line.map((run) => run.text).join(''))])).toEqual([
      [false, undefined, ['parts']],
      [true, { display: 'block', marginTop: '1em', marginBottom: '1em' }, []],
      [false, { display: 'block', marginTop: '0px', marginRight: '0px', marginBottom: '0px', marginLeft: '0px' }, ['structure']],
    ]);
    // A last empty paragraph leaves no empty line after it; one with a line break in it is a line.
    expect(linesOf('a<p></p>')).toHaveLength(2);
    expect(labelBlocks(linesOf('a<p><br></p>b')).flatMap((block) => block.lines)).toHaveLength(3);
  });

  it('draws a rule where an <hr> stood, a line of its own wherever it stands, with its size and colour', () => {
    // A UML class as diagrams.net's library writes it: a title, a rule of size 1, the members.
    const html = '<p style="margin:0px;margin-top:4px;text-align:center;"><b>Order</b></p><hr size="1"/><p style="margin:0px;margin-left:4px;">+ id: int<br>+ total: float</p>';
    expect(htmlToText(html)).toBe('Order\n+ id: int\n+ total: float');
    const blocks = labelBlocks(linesOf(html));
    expect(blocks).toHaveLength(2);
    expect(blocks[0].rule).toBeUndefined();
    expect(blocks[1].rule).toMatchObject({ display: 'block', borderStyle: 'inset', borderWidth: '1px', borderBottomWidth: '0px', marginTop: '0.5em', color: 'gray' });
    expect(blocks[1].lines).toHaveLength(2);
    // Between two lines of text (no blocks) a rule breaks the line; two rules in a row make no empty line.
    expect(htmlToText('above<hr>below')).toBe('above\nbelow');
    expect(htmlToText('above<hr><hr color="#ff0000">below')).toBe('above\nbelow');
    const ruled = labelBlocks(linesOf('above<hr size="4" color="#ff0000" style="border-style: solid">below'));
    expect(ruled.map((block) => block.lines.flat().map((run) => run.text).join(''))).toEqual(['above', 'below']);
    expect(ruled[1].rule).toMatchObject({ height: '2px', borderColor: '#ff0000', borderStyle: 'solid' });
    // A rule first is drawn above the first line.
    expect(labelBlocks(linesOf('<hr>only'))[0].rule).toBeDefined();
  });

  it('draws a rule no text follows: the last of a label, and each of two in a row, as a block of its rule alone', () => {
    // A SysML block's compartments: a rule closes its last one.
    const block = labelBlocks(linesOf('<p style="margin:0px"><b>Block</b></p><hr><p style="margin:0px">part a<br>part b</p><hr>'));
    expect(block.map((b) => [b.rule !== undefined, b.lines.map((line) => line.map((run) => run.text).join(''))])).toEqual([
      [false, ['Block']],
      [true, ['part a', 'part b']],
      [true, []],
    ]);
    const twice = labelBlocks(linesOf('above<hr><hr size="4">below<hr>'));
    expect(twice.map((b) => [b.rule?.height, b.lines.length])).toEqual([
      [undefined, 1],
      ['0px', 0],
      ['2px', 1],
      ['0px', 0],
    ]);
    // No empty line after it, and the text still reads as the label's.
    expect(linesOf('plain<hr>')).toHaveLength(2);
    expect(linesOf('plain<hr>').flat().map((run) => run.text).join('')).toBe('plain');
  });

  it('writes the same blocks into the exported HTML as the canvas draws', () => {
    const html = '<p style="margin:0px"><b>Order</b></p><hr size="1"><p style="margin:0px;margin-left:4px">+ id</p>';
    const { markup } = shapeLabelMarkup(
      { text: htmlToText(html), html, font: { fontSize: 12, color: '#000000', bold: false, italic: false, underline: false }, placement: 'inside', insets: { top: '0px', right: '0px', bottom: '0px', left: '0px' } },
      160,
      80,
    );
    expect(markup).toContain('<span style="display: block; margin-top: 0px; margin-bottom: 0px; margin-right: 0px; margin-left: 0px"><span style="display: block; min-height: 1lh"><span style="font-weight: 700">Order</span></span></span>');
    expect(markup).toContain('<span style="display: block; overflow: hidden; color: gray; margin-top: 0.5em; margin-bottom: 0.5em; border-style: inset; border-width: 1px; height: 0px; border-bottom-width: 0px"></span>');
    expect(markup).toContain('margin-left: 4px"><span style="display: block; min-height: 1lh">+ id</span></span>');
  });
});

describe('runs that do not wrap', () => {
  it("keeps a run's white-space: nowrap, as a label wider than its shape keeps its line", () => {
    const html = '<div style="text-align: center"><span style="color: rgb(255, 51, 51); white-space: nowrap">Protected data centre</span> wraps</div>';
    const [line] = linesOf(html);
    expect(line.map((run) => [run.text, run.nowrap])).toEqual([
      ['Protected data centre', true],
      [' wraps', undefined],
    ]);
    expect(runCss(line[0])).toMatchObject({ whiteSpace: 'nowrap', color: 'rgb(255, 51, 51)' });
    expect(runCss(line[1])).toBeUndefined();
  });
});

