/**
 * diagrams.net's arrowheads (mxMarker's classic, block, open and diamond kinds) at sizes and stroke
 * widths the corpus does not use: their outline, the line shortened behind them, the default
 * classic end, and the drawn path of a route ending there.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../../../main/domains/drawio/file/drawio-file';
import type { EdgeRecord } from '../model';
import { shortenPath } from './edge-path';
import { edgeRoute } from './edge-route';
import { arrowheadGeometry, fileMarker, fileMarkerAttributes, fileMarkerBody, markerShortening } from './file-markers';

function edges(styles: string[]): EdgeRecord[] {
  const cells = [
    '<mxCell id="a" value="" style="rounded=0;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="40" height="40" as="geometry"/></mxCell>',
    '<mxCell id="b" value="" style="rounded=0;" vertex="1" parent="1"><mxGeometry x="300" y="0" width="40" height="40" as="geometry"/></mxCell>',
    ...styles.map((style, i) => `<mxCell id="e${i}" style="${style}" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>`),
  ];
  const records = readDrawioFile(`<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`, 'heads.drawio');
  return records.filter((r): r is EdgeRecord => r.kind === 'edge');
}

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 2);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

describe("diagrams.net's arrowheads", () => {
  it('sizes a classic arrow by size + stroke width, its tip pulled back by 1.118 strokes and its notch 3/4 deep', () => {
    // endSize 9 at strokeWidth 3: U = 12, half-width 6, tip 3.354 back from the end.
    const { outline, closed, shortening } = arrowheadGeometry('classic', 9, 3);
    expect(closed).toBe(true);
    close(outline[0].x, -3.354);
    close(outline[1].x, -15.354);
    close(outline[1].y, 6);
    close(outline[2].x, -3.354 - 9);
    close(outline[3].y, -6);
    // The line stops at the notch.
    close(shortening, 9 + 3.354);
  });

  it('makes thin kinds narrower, a block stop the line at its back, an open arrow an unclosed V, a diamond twice as long', () => {
    const thin = arrowheadGeometry('blockThin', 14, 0.5);
    close(thin.outline[1].y, 14.5 / 3);
    close(thin.shortening, 14.5 + 0.559);
    const open = arrowheadGeometry('open', 4, 2);
    expect(open.closed).toBe(false);
    expect(open.outline).toHaveLength(3);
    close(open.outline[1].x, -2.236);
    close(open.shortening, 4.472);
    const diamond = arrowheadGeometry('diamond', 11, 1);
    close(diamond.outline[2].x, -0.7071 - 12);
    close(diamond.outline[1].y, 6);
    close(diamond.shortening, 12.7071);
    const thinDiamond = arrowheadGeometry('diamondThin', 11, 1);
    close(thinDiamond.outline[1].y, 12 / 3.4);
  });

  it('reads the kind, size and fill from the file, and gives an edge with no endArrow the default classic end', () => {
    const [plain, block, start] = edges(['html=1;', 'endArrow=block;endFill=0;endSize=14;strokeWidth=3;', 'startArrow=diamondThin;startSize=20;endArrow=none;']);
    expect(fileMarker(plain, 'target')).toEqual({ name: 'classic', size: 6, strokeWidth: 1, filled: true });
    expect(fileMarker(plain, 'source')).toBeUndefined();
    expect(fileMarker(block, 'target')).toEqual({ name: 'block', size: 14, strokeWidth: 3, filled: false });
    expect(fileMarker(start, 'source')).toMatchObject({ name: 'diamondThin', size: 20 });
    expect(fileMarker(start, 'target')).toBeUndefined();
  });

  it("draws the head in its marker with the tip on the edge's end and the marker's reference where the line stops", () => {
    const marker = { name: 'block', size: 14, strokeWidth: 3, filled: false } as const;
    const a = fileMarkerAttributes(marker);
    const path = parser.parse(fileMarkerBody(marker, '#123456')).path;
    expect(path.fill).toBe('none');
    expect(path['stroke-width']).toBe('3');
    const [tipX] = path.d.match(/-?[\d.]+/g)!.map(Number);
    // The reference is where the line stops; the tip lies the shortening less 1.118 strokes ahead of it.
    close(tipX - a.refX, markerShortening(marker) - 3 * 1.118);
    expect(a.markerWidth).toBeGreaterThan(tipX + 1);
    const filled = parser.parse(fileMarkerBody({ ...marker, filled: true }, '#123456')).path;
    expect(filled.fill).toBe('#123456');
  });

  it("ends the drawn line behind each head, along the path's direction at that end", () => {
    expect(shortenPath('M0,0 L100,0', 5, 10)).toBe('M5,0 L90,0');
    // xyflow's form, with repeated corner points: the direction comes from the nearest other point.
    expect(shortenPath('M0 0L 50,0Q 50,0 50,0L 50,50Q 50,50 50,50L100 50', 0, 4)).toBe('M0 0L 50,0Q 50,0 50,0L 50,50Q 50,50 50,50L96 50');
    // A curve's end moves along its last control point's tangent.
    expect(shortenPath('M0,0 C50,0 50,50 50,100', 0, 10)).toBe('M0,0 C50,0 50,50 50,90');
    const [edge] = edges(['endArrow=open;startArrow=classic;strokeWidth=2;endSize=8;startSize=10;']);
    const route = edgeRoute(edge, { x: 0, y: 0, w: 40, h: 40 }, { x: 300, y: 0, w: 40, h: 40 });
    const ends = route.drawn.match(/-?[\d.]+/g)!.map(Number);
    // Labels and hit tests follow the whole path, as diagrams.net places labels on the unshortened points.
    expect(route.path.match(/-?[\d.]+/g)!.map(Number)[0]).toBe(route.from.x);
    close(ends[0] - route.from.x, 0.75 * 12 + 2 * 1.118);
    close(route.to.x - ends[ends.length - 2], 4 * 1.118);
  });
});
