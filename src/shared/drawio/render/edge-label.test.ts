/** Edge labels placed as diagrams.net places them: relative geometry along the edge's ends and bends plus offset. */
import { describe, expect, it } from 'vitest';
import type { XmlNode } from '../model';
import { edgeLabelFont, edgeLabelSpots, labelGeometry, labelPoint, pathPolyline } from './edge-label';
import { edgeRoute } from './edge-route';
import { DEFAULT_FONT_FAMILY } from './label-look';
import { edgeLabelAnchor, edgeLabelAnchorCss, edgeLabelCss, edgeLabelLeft, edgeLabelTop } from './edge-label-look';
import { edgeLabelMarkup } from './svg-label';

const el = (tag: string, attributes: Record<string, string>, children: XmlNode[] = []): XmlNode => ({
  tag,
  attributes: Object.entries(attributes),
  children,
});

function edgeCell(geometry: Record<string, string>, offset?: { x: number; y: number }): XmlNode {
  const points = offset ? [el('mxPoint', { x: String(offset.x), y: String(offset.y), as: 'offset' })] : [];
  return el('mxCell', { id: 'e', edge: '1', value: 'calls' }, [el('mxGeometry', { ...geometry, relative: '1', as: 'geometry' }, points)]);
}

describe('edge label placement', () => {
  const straight = [
    { x: 0, y: 0 },
    { x: 200, y: 0 },
  ];

  it('puts a label with no geometry halfway along the path', () => {
    expect(labelPoint(straight, labelGeometry(undefined))).toEqual({ x: 100, y: 0 });
  });

  it('reads x along the path, y across it and adds the offset point', () => {
    const geometry = labelGeometry(edgeCell({ x: '-0.5', y: '20' }, { x: 5, y: 7 }));
    expect(geometry).toEqual({ x: -0.5, y: 20, offset: { x: 5, y: 7 }, relative: true });
    // A quarter of the way; going right, +y is above the line (diagrams.net's sign).
    expect(labelPoint(straight, geometry)).toEqual({ x: 55, y: -13 });
  });

  it('turns the across offset with the segment the label falls on', () => {
    const bent = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 300 },
    ];
    // Halfway (200 of 400) is 100 down the second, downward segment: +y goes right.
    expect(labelPoint(bent, { x: 0, y: 10, offset: { x: 0, y: 0 }, relative: true })).toEqual({ x: 110, y: 100 });
    expect(labelPoint(bent, { x: 1, y: 0, offset: { x: 0, y: 0 }, relative: true })).toEqual({ x: 100, y: 300 });
  });

  it('puts a label on a corner on the segment after it, turned with that one', () => {
    const corner = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ];
    // Halfway is the corner itself: +y goes right along the downward segment, not up off the first.
    expect(labelPoint(corner, { x: 0, y: 10, offset: { x: 0, y: 0 }, relative: true })).toEqual({ x: 110, y: 0 });
  });

  it("centres a label cell's text in the cell's own box, whose corner is its point", () => {
    const sized = el('mxCell', { value: 'wide', style: 'edgeLabel;html=1;', vertex: '1', connectable: '0' }, [
      el('mxGeometry', { x: '0', width: '60', height: '20', relative: '1', as: 'geometry' }, [el('mxPoint', { x: '-30', y: '-10', as: 'offset' })]),
    ]);
    const [spot] = edgeLabelSpots({ label: 'wide', file: { source: edgeCell({}), labels: [sized], labelInCells: true } }, straight);
    expect(spot.at).toEqual({ x: 100, y: 0 });
  });

  it('puts an absolute geometry at the middle of the ends plus its offset', () => {
    const geometry = { x: 0, y: 0, offset: { x: 3, y: -4 }, relative: false };
    expect(labelPoint([{ x: 0, y: 0 }, { x: 50, y: 50 }, { x: 100, y: 0 }], geometry)).toEqual({ x: 53, y: -4 });
  });

  it('draws label cells at their own places while the label is still theirs', () => {
    const labelCell = (value: string, x: string) =>
      el('mxCell', { value, style: 'edgeLabel;html=1;', vertex: '1', connectable: '0' }, [el('mxGeometry', { x, relative: '1', as: 'geometry' })]);
    const file = { source: edgeCell({}), labels: [labelCell('<b>one</b>', '-1'), labelCell('two', '1')], labelInCells: true };
    // A file's label with no colour of its own: diagrams.net's black, its default ink.
    const font = { fontSize: 11, fontFamily: DEFAULT_FONT_FAMILY, color: '#000000', background: '#ffffff', defaultInk: true, defaultPaper: true };
    expect(edgeLabelSpots({ label: 'one\ntwo', file }, straight)).toEqual([
      // A label cell is a vertex of no size: diagrams.net sets its text from the middle of a 1 x 1 box at its point, rounded.
      { text: 'one', html: '<b>one</b>', at: { x: 1, y: 1 }, ...font },
      { text: 'two', html: 'two', at: { x: 201, y: 1 }, ...font },
    ]);
    // Relabelled: one label, at the edge's own geometry.
    expect(edgeLabelSpots({ label: 'new', file }, straight)).toEqual([{ text: 'new', at: { x: 100, y: 0 }, ...font }]);
    expect(edgeLabelSpots({ label: '', file: undefined }, straight)).toEqual([]);
  });

  it('sets the label in its style\'s font size, colour and background, on diagrams.net\'s edge defaults', () => {
    // The studio's own edge (no style of a file) keeps the studio's label colour.
    expect(edgeLabelFont(undefined)).toEqual({ fontSize: 11, fontFamily: DEFAULT_FONT_FAMILY, color: undefined, background: '#ffffff', defaultPaper: true });
    expect(edgeLabelFont('endArrow=classic;html=1;').color).toBe('#000000');
    // Which labels are in diagrams.net's default ink (the canvas themes them off a box): a file's with no colour or `default`.
    expect(edgeLabelFont('endArrow=classic;html=1;').defaultInk).toBe(true);
    expect(edgeLabelFont('edgeLabel;fontColor=default;').defaultInk).toBe(true);
    expect(edgeLabelFont('edgeLabel;fontColor=#000000;').defaultInk).toBeUndefined();
    expect(edgeLabelFont(undefined).defaultInk).toBeUndefined();
    expect(edgeLabelFont('edgeLabel;html=1;fontSize=14;fontColor=#ff0000;labelBackgroundColor=none;fontStyle=5;fontFamily=Courier New;')).toEqual({
      fontSize: 14,
      fontFamily: '"Courier New"',
      color: '#ff0000',
      background: undefined,
      bold: true,
      underline: true,
    });
    // labelBackgroundColor=default is diagrams.net's page colour: white (the canvas draws it in the theme's paper, defaultPaper); a colour named, as named.
    expect(edgeLabelFont('labelBackgroundColor=default;fontStyle=2')).toMatchObject({ background: '#ffffff', defaultPaper: true });
    expect(edgeLabelFont('endArrow=classic;').defaultPaper).toBe(true);
    expect(edgeLabelFont('labelBackgroundColor=#ffffff;').background).toBe('#ffffff');
    expect(edgeLabelFont('labelBackgroundColor=#ffffff;').defaultPaper).toBeUndefined();
    expect(edgeLabelFont('labelBackgroundColor=none;').defaultPaper).toBeUndefined();
    expect(edgeLabelFont('fontStyle=2').italic).toBe(true);
  });

  it("hands on an html label's markup, and wraps only at a geometry width with whiteSpace=wrap, as diagrams.net does", () => {
    const cell = (style: string, width?: string) =>
      el('mxCell', { id: 'e', edge: '1', value: '<b>calls</b> the <font color="#f00">API</font>', style }, [
        el('mxGeometry', { ...(width && { width }), relative: '1', as: 'geometry' }),
      ]);
    const html = '<b>calls</b> the <font color="#f00">API</font>';
    const spot = (style: string, width?: string) => edgeLabelSpots({ label: 'calls the API', html, file: { source: cell(style, width) } }, straight)[0];
    expect(spot('html=1;')).toMatchObject({ text: 'calls the API', html, at: { x: 100, y: 0 } });
    expect(spot('html=1;').wrapWidth).toBeUndefined();
    expect(spot('html=1;whiteSpace=wrap;', '50').wrapWidth).toBe(50);
    // No width (an edge's label box is its geometry's): never wrapped, however long.
    expect(spot('html=1;whiteSpace=wrap;').wrapWidth).toBeUndefined();
    expect(spot('html=1;', '50').wrapWidth).toBeUndefined();
  });

  it('follows the drawn path: lines, and curves sampled', () => {
    expect(pathPolyline('M0,0 L100,0 L100,50')).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 50 },
    ]);
    const curve = pathPolyline('M0,0 C0,100 100,100 100,0', 4);
    expect(curve).toHaveLength(5);
    expect(curve[2]).toEqual({ x: 50, y: 75 });
    const smooth = pathPolyline('M 0,0L 92,0Q 100,0 100,8L 100,50', 2);
    expect(smooth[smooth.length - 1]).toEqual({ x: 100, y: 50 });
    expect(smooth[2]).toEqual({ x: 98, y: 2 });
  });

  it('stands a bottom-aligned label on its spot and hangs a top-aligned one under it, in the canvas and the export alike', () => {
    expect(edgeLabelFont('verticalAlign=bottom;').verticalAlign).toBe('bottom');
    expect(edgeLabelFont('verticalAlign=middle;').verticalAlign).toBeUndefined();
    const at = { x: 100, y: 50 };
    // Its 1 px box 3 px above the spot (spacing 2, base spacing 1), the text standing in it (ending a
    // pixel under that), 7 px under it (spacing 2, base spacing 5), else centred.
    expect(edgeLabelTop({ at, verticalAlign: 'bottom' }, 14)).toBe(34);
    expect(edgeLabelTop({ at, verticalAlign: 'top' }, 14)).toBe(57);
    expect(edgeLabelTop({ at }, 14)).toBe(43);
    expect(edgeLabelAnchorCss({ verticalAlign: 'bottom' }).alignItems).toBe('unsafe flex-end');
    const spot = { text: 'dispatch', at, fontSize: 12, fontFamily: 'Arimo', verticalAlign: 'bottom' as const };
    expect(edgeLabelCss(spot).marginBottom).toBeUndefined();
    const { markup } = edgeLabelMarkup(spot);
    expect(markup).toContain('align-items: unsafe flex-end');
    expect(markup).toContain('<foreignObject x="100" y="47"');
  });

  it('sets the anchor box on a whole pixel, the gap taken before rounding, as diagrams.net rounds its padding-top and margin-left', () => {
    // uml-sequence_4's messages: an edge at y 332.5, its label's box at round(329.5) = 330, the text ending at 331 (measured in diagrams.net's viewer).
    expect(edgeLabelAnchor({ at: { x: 365.4, y: 332.5 }, verticalAlign: 'bottom' })).toEqual({ x: 365, y: 330 });
    expect(edgeLabelTop({ at: { x: 365.4, y: 332.5 }, verticalAlign: 'bottom' }, 14)).toBe(317);
    expect(edgeLabelAnchor({ at: { x: 10.5, y: 20.5 } })).toEqual({ x: 11, y: 21 });
    expect(edgeLabelAnchor({ at: { x: 0, y: 20.4 }, verticalAlign: 'top' })).toEqual({ x: 0, y: 27 });
    const { markup } = edgeLabelMarkup({ text: 'dispatch', at: { x: 365.4, y: 332.5 }, fontSize: 12, fontFamily: 'Arimo', verticalAlign: 'bottom' });
    expect(markup).toContain('<foreignObject x="365" y="330"');
  });
  it("starts a left-aligned label past its spot by its spacing and ends a right-aligned one before it, its cell set from its box's side", () => {
    // As the SysML palette writes a flow's end names: a label cell of no size at the source, left-aligned with spacingLeft=5.
    const named = (value: string, x: string, style: string) =>
      el('mxCell', { value, style: `resizable=0;html=1;verticalAlign=bottom;labelPosition=left;fontSize=10;${style}`, vertex: '1', connectable: '0' }, [el('mxGeometry', { x, relative: '1', as: 'geometry' })]);
    const file = { source: edgeCell({}), labels: [named('recipe', '-1', 'align=left;spacingLeft=5;'), named('feed', '1', 'align=right;spacingRight=3;')], labelInCells: true };
    const [start, end] = edgeLabelSpots({ label: 'recipe\nfeed', file }, straight);
    // Set from the cell's corner (its point), not the middle of its 1 x 1 box; 2 px of spacing plus its own.
    expect(start).toMatchObject({ at: { x: 0, y: 1 }, align: 'left', alignGap: 7 });
    expect(end).toMatchObject({ at: { x: 201, y: 1 }, align: 'right', alignGap: 5 });
    expect(edgeLabelLeft(start, 30)).toBe(7);
    expect(edgeLabelLeft(end, 30)).toBe(166);
    expect(edgeLabelLeft({ at: { x: 100, y: 0 } }, 30)).toBe(85);
    // The canvas and the export lay it out alike: from the anchor's side, with the gap as a margin.
    expect(edgeLabelAnchorCss(start).justifyContent).toBe('unsafe flex-start');
    expect(edgeLabelAnchorCss(end).justifyContent).toBe('unsafe flex-end');
    expect(edgeLabelCss(start)).toMatchObject({ marginLeft: 7, textAlign: 'left' });
    expect(edgeLabelCss(end)).toMatchObject({ marginRight: 5, textAlign: 'right' });
    const { markup, bounds } = edgeLabelMarkup(start);
    expect(markup).toContain('margin-left: 7px');
    expect(bounds!.x).toBeGreaterThanOrEqual(7);
    // A centred label (no align, or align=center) keeps no gap.
    expect(edgeLabelFont('align=center;spacingLeft=5;').align).toBeUndefined();
  });
});

describe('the line a label is measured along', () => {
  const file = (style: string) => ({ source: { tag: 'mxCell', attributes: [['style', style]], children: [] } });
  const loose = (x: number, y: number) => ({ x, y, w: 0, h: 0 });
  /** The route of an edge between two loose ends, whose painted path bends on a curve. */
  const curvedRoute = (record: object, to: { x: number; y: number }) => {
    const route = edgeRoute(record as never, loose(0, 0), loose(to.x, to.y));
    expect(route.path).toContain('Q');
    return route;
  };

  it('is the ends and bends diagrams.net routes, not the curve it paints through them', () => {
    const curved = { lineStyle: 'curved', points: [{ x: 100, y: 100 }], file: file('curved=1;endArrow=none;') };
    const route = curvedRoute(curved, { x: 200, y: 0 });
    expect(route.labelLine).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 100 },
      { x: 200, y: 0 },
    ]);
    // Halfway is (within diagrams.net's whole-pixel rounding) the waypoint, though the curve passes 50 px above it.
    const halfway = labelPoint(route.labelLine, labelGeometry(undefined));
    expect([Math.round(halfway.x), Math.round(halfway.y)]).toEqual([100, 100]);
    expect(labelPoint(pathPolyline(route.path), labelGeometry(undefined)).y).toBeCloseTo(50, 0);
  });

  it("is the square corners of a rounded edge, and a quarter of the way falls on the first leg's end", () => {
    const rounded = { lineStyle: 'solid', points: [{ x: 100, y: 0 }], file: file('edgeStyle=elbowEdgeStyle;endArrow=none;') };
    const route = curvedRoute(rounded, { x: 100, y: 100 });
    expect(route.labelLine).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ]);
    expect(labelPoint(route.labelLine, labelGeometry(edgeCell({ x: '0' })))).toEqual({ x: 100, y: 0 });
  });
});
