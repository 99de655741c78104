/**
 * A shape's label in an exported SVG: the HTML choice laid out by the canvas's CSS, and the text
 * fallback wrapped here (renderers without foreignObject do not wrap), placed as diagrams.net
 * places it; a label's text never becomes markup.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { LABEL_LINE_HEIGHT, labelLook } from './label-look';
import { styleEntries } from '../stencils';
import { edgeLabelMarkup, shapeLabelMarkup } from './svg-label';
import { textWidth, wrapLine } from './text-metrics';

const FONT = { fontSize: 12, color: '#000000', bold: false, italic: false, underline: false };

/** The fallback's lines and their positions, read back with an XML parser. */
function fallbackLines(markup: string): Array<{ text: string; x: number; y: number; anchor: string }> {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'tspan' }).parse(markup);
  const text = parsed.switch.g.text;
  return text.tspan.map((span: { '#text': string | number; x: string; y: string; 'text-anchor': string }) => ({
    text: String(span['#text'] ?? ''),
    x: Number(span.x),
    y: Number(span.y),
    anchor: span['text-anchor'],
  }));
}

/** The fallback's rules (an `<hr>` each): their boxes. */
function fallbackRules(markup: string): Array<{ x: number; y: number; w: number; h: number; fill: string }> {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'rect' }).parse(markup);
  return (parsed.switch.g.rect ?? []).map((r: Record<string, string>) => ({ x: Number(r.x), y: Number(r.y), w: Number(r.width), h: Number(r.height), fill: r.fill }));
}

describe('label text fallback', () => {
  it("lays out paragraphs with their margins and rules as the HTML choice does: a UML class's compartments", () => {
    const lh = 12 * LABEL_LINE_HEIGHT;
    const html = '<p style="margin:0px;margin-top:4px;text-align:center;"><b>Order</b></p><hr size="1"/><p style="margin:0px;margin-left:8px;">+ id: int</p><hr/><p>pay()</p>';
    const look = labelLook(styleEntries('html=1;align=left;verticalAlign=top;overflow=fill;whiteSpace=wrap;'));
    const { markup } = shapeLabelMarkup({ text: 'Order\n+ id: int\npay()', html, font: FONT, placement: 'inside', look }, 160, 120);
    const [title, field, method] = fallbackLines(markup);
    const [thin, thick] = fallbackRules(markup);
    const baseline = (top: number) => top + lh / 2 + 0.3465 * 12;
    // The title: 4 px down, centred by its own text-align; the rule 0.5em (6 px) under it, 1 px (size=1), as wide as the box.
    expect(title).toMatchObject({ text: 'Order', x: 80, anchor: 'middle' });
    expect(title.y).toBeCloseTo(baseline(4), 1);
    expect(thin).toMatchObject({ x: 0, w: 160, h: 1, fill: 'gray' });
    expect(thin.y).toBeCloseTo(4 + lh + 6, 1);
    // The field: the rule's 6 px margin (its own is 0), 8 px in from the left.
    expect(field).toMatchObject({ text: '+ id: int', x: 8, anchor: 'start' });
    expect(field.y).toBeCloseTo(baseline(thin.y + 1 + 6), 1);
    // A default rule (2 px of borders), then a default paragraph: its 1em (12 px) margin wins over the rule's 6.
    expect(thick.h).toBe(2);
    expect(thick.y).toBeCloseTo(thin.y + 1 + 6 + lh + 6, 1);
    expect(method.y).toBeCloseTo(baseline(thick.y + 2 + 12), 1);
  });

  it('wraps a paragraph in what its margins leave, and a plain label has no rules', () => {
    const look = labelLook(styleEntries('html=1;align=left;verticalAlign=top;whiteSpace=wrap;'));
    const text = 'Material Requirements Planning';
    const { markup } = shapeLabelMarkup({ text, html: `<p style="margin:0;margin-left:30px;margin-right:30px">${text}</p>`, font: FONT, placement: 'inside', look }, 150, 100);
    const lines = fallbackLines(markup);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line.text, 12)).toBeLessThanOrEqual(150 - 4 - 60);
    expect(lines.every((line) => line.x === 2 + 30)).toBe(true);
    expect(fallbackRules(shapeLabelMarkup({ text, font: FONT, placement: 'inside', look }, 150, 100).markup)).toEqual([]);
  });

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
    expect(line['text-anchor']).toBe('middle');
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
    // In the fallback the marker hangs just before the item's text (centred here, as the edge's label is).
    const [one, marker, two] = fallbackLines(rich.markup);
    expect([one.text, marker.text, two.text]).toEqual(['one', '•', '<b>two</b>']);
    expect(marker).toMatchObject({ anchor: 'end', y: one.y });
    expect(marker.x).toBeCloseTo(one.x - textWidth('one', 11) / 2 - 11 * 0.25, 1);
    expect(edgeLabelMarkup({ ...spot, text: '' }).markup).toBe('');
  });
});
