/**
 * A shape's label in an exported SVG: the HTML choice laid out by the canvas's CSS, and the text
 * fallback wrapped here (renderers without foreignObject do not wrap), placed as diagrams.net
 * places it; a label's text never becomes markup.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { labelLook } from './label-look';
import { styleEntries } from '../stencils';
import { edgeLabelMarkup, shapeLabelMarkup } from './svg-label';
import { textWidth, wrapLine } from './text-metrics';

const FONT = { fontSize: 12, color: '#000000', bold: false, italic: false, underline: false };

/** The fallback's lines and their positions, read back with an XML parser. */
function fallbackLines(markup: string): Array<{ text: string; x: number; y: number }> {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'tspan' }).parse(markup);
  const text = parsed.switch.g.text;
  return text.tspan.map((span: { '#text': string | number; x: string; y: string }) => ({ text: String(span['#text']), x: Number(span.x), y: Number(span.y) }));
}

describe('label text fallback', () => {
  it('wraps at the shape width less its spacing with whiteSpace=wrap, and keeps one line without', () => {
    const text = 'Material Requirements Planning Operation';
    const wrapped = shapeLabelMarkup({ text, font: FONT, placement: 'inside', look: labelLook(styleEntries('whiteSpace=wrap;html=1;')) }, 120, 60);
    const lines = fallbackLines(wrapped.markup);
    expect(lines.map((l) => l.text)).toEqual(['Material', 'Requirements', 'Planning Operation']);
    for (const line of lines) expect(textWidth(line.text, 12)).toBeLessThanOrEqual(116);
    // Centred in the box: x in the middle, the three lines about the middle of its height.
    expect(lines.every((l) => l.x === 60)).toBe(true);
    expect((lines[0].y + lines[2].y) / 2).toBeGreaterThan(30);
    expect((lines[0].y + lines[2].y) / 2).toBeLessThan(36);

    const single = fallbackLines(shapeLabelMarkup({ text, font: FONT, placement: 'inside', look: labelLook(styleEntries('html=1;')) }, 120, 60).markup);
    expect(single.map((l) => l.text)).toEqual([text]);
  });

  it('puts a label below its shape, and aligns left inside with spacing', () => {
    const below = shapeLabelMarkup({ text: 'AWS Lambda', font: FONT, placement: 'below', look: labelLook(styleEntries('verticalLabelPosition=bottom;verticalAlign=top;')) }, 78, 78);
    const [line] = fallbackLines(below.markup);
    expect(line.x).toBe(39);
    expect(line.y).toBeGreaterThan(78);
    expect(below.bounds!.y).toBe(81);
    const left = fallbackLines(shapeLabelMarkup({ text: 'Notes', font: FONT, placement: 'inside', look: labelLook(styleEntries('align=left;spacingLeft=4;')) }, 100, 40).markup);
    expect(left[0].x).toBe(6);
  });

  it('writes a label that looks like markup as text in both choices', () => {
    const { markup } = shapeLabelMarkup({ text: '<script>alert(1)</script> & <b>', font: FONT, placement: 'inside', insets: { top: '4px', right: '6px', bottom: '4px', left: '6px' } }, 300, 60);
    expect(markup).not.toMatch(/<script|<b>/);
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;');
    expect(markup).toMatch(/^<switch><foreignObject [^>]*requiredFeatures="http:\/\/www\.w3\.org\/TR\/SVG11\/feature#Extensibility"/);
  });

  it('cuts a word longer than the line', () => {
    const lines = wrapLine('Supercalifragilisticexpialidocious', 60, 12);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe('Supercalifragilisticexpialidocious');
    for (const line of lines) expect(textWidth(line, 12)).toBeLessThanOrEqual(60);
  });
});

describe('edge label in an export', () => {
  const spot = { text: 'calls the payment API', at: { x: 200, y: 100 }, fontSize: 11, fontFamily: 'Arimo', background: '#ffffff' };

  it("centres its lines on its spot in both choices, the HTML by the canvas's own CSS", () => {
    const { markup, bounds } = edgeLabelMarkup(spot);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'tspan' }).parse(markup);
    const object = parsed.switch.foreignObject;
    expect([Number(object.x), Number(object.y), Number(object.width), Number(object.height)]).toEqual([200, 100, 1, 1]);
    expect(object.div.style).toContain('align-items: unsafe center');
    expect(object.div.div.style).toContain('white-space: nowrap');
    expect(object.div.div.style).toContain('background: #ffffff');
    const [line] = parsed.switch.g.text.tspan;
    expect([Number(line.x), String(line['#text'])]).toEqual([200, 'calls the payment API']);
    expect(parsed.switch.g.text['text-anchor']).toBe('middle');
    // The background behind the text, as wide as the text and one line high about the spot.
    expect(bounds!.x + bounds!.w / 2).toBeCloseTo(200, 5);
    expect(bounds!.y + bounds!.h / 2).toBeCloseTo(100, 5);
    expect(bounds!.w).toBeCloseTo(textWidth('calls the payment API', 11), 5);
    expect(parsed.switch.g.rect.fill).toBe('#ffffff');
  });

  it('wraps at its geometry width, draws bold runs and list markers, and keeps markup as text', () => {
    const wrapped = edgeLabelMarkup({ ...spot, wrapWidth: 60 });
    const lines = fallbackLines(wrapped.markup).map((l) => l.text);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(spot.text);
    for (const line of lines) expect(textWidth(line, 11)).toBeLessThanOrEqual(60);
    expect(wrapped.markup).toContain('max-width: 60px');
    const rich = edgeLabelMarkup({ ...spot, text: 'one\n<b>two</b>', html: '<ul><li>one</li><li><b>&lt;b&gt;two&lt;/b&gt;</b></li></ul>' });
    expect(rich.markup).not.toContain('<b>');
    // The marker hung in the list's indent before the item, as the canvas draws it.
    expect(rich.markup).toMatch(/<span style="display: inline-block; width: 40px; text-align: right[^"]*">•\u00a0<\/span><span style="font-weight: 700">&lt;b&gt;two&lt;\/b&gt;<\/span>/);
    expect(fallbackLines(rich.markup).map((l) => l.text)).toEqual(['•\u00a0one', '•\u00a0<b>two</b>']);
    expect(edgeLabelMarkup({ ...spot, text: '' }).markup).toBe('');
  });
});
