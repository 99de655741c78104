/**
 * Shadows in an export: every kind of cell casts diagrams.net's soft drop shadow from its figure
 * (see shared/drawio/render/shadow.ts), drawn by resvg in the PNG.
 */
import { decode as decodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../file/drawio-file';
import { rasterize } from './rasterize';
import { drawPage, svgFile } from '../../../../shared/drawio/render/svg-page';

const vertex = (id: string, style: string, x: number, y: number, w: number, h: number, value = '') =>
  `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
const edge = (id: string, style: string, from: [number, number], to: [number, number]) =>
  `<mxCell id="${id}" style="${style}" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="${from[0]}" y="${from[1]}" as="sourcePoint"/><mxPoint x="${to[0]}" y="${to[1]}" as="targetPoint"/></mxGeometry></mxCell>`;

function drawn(cells: string[]) {
  return drawPage(readDrawioFile(`<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`, 'made.drawio'), { image: () => undefined });
}

/** The PNG's red channel at page point (x, y). */
async function redAt(cells: string[]) {
  const page = drawn(cells);
  const png = decodePng(await rasterize(svgFile(page), 1));
  return (x: number, y: number) => png.data[((y - page.bounds.y) * png.width + (x - page.bounds.x)) * png.channels];
}

describe('shadows in an export', () => {
  it("writes one filter per shadowed cell's figure, none for a cell without, and leaves the label out", () => {
    const page = drawn([
      vertex('box', 'rounded=0;shadow=1;fillColor=#ffffff;', 20, 20, 80, 40, 'Boxed'),
      vertex('plain', 'rounded=0;fillColor=#ffffff;', 140, 20, 80, 40),
      vertex('lane', 'swimlane;shadow=1;startSize=20;', 20, 100, 160, 80),
      edge('line', 'endArrow=classic;html=1;shadow=1;', [20, 220], [200, 220]),
    ]);
    expect(page.body.match(/<filter id="tandem-shadow-\d+"/g)).toHaveLength(3);
    // The label follows the shadowed figure, outside its filter.
    expect(page.body).toMatch(/<g filter="url\(#tandem-shadow-\d+\)">(?:(?!Boxed).)*<\/g><switch>.*Boxed/);
  });

  it("is soft, 2,3 px off and a quarter black on white: under a box, a straight edge and a swimlane; nothing beside a plain box", async () => {
    const red = await redAt([
      vertex('box', 'rounded=0;shadow=1;fillColor=#ffffff;strokeColor=#000000;', 20, 20, 80, 40),
      vertex('plain', 'rounded=0;fillColor=#ffffff;strokeColor=#000000;', 140, 20, 80, 40),
      vertex('lane', 'swimlane;shadow=1;startSize=20;fillColor=#ffffff;', 20, 100, 160, 80),
      edge('line', 'endArrow=none;html=1;shadow=1;strokeWidth=2;', [20, 240], [200, 240]),
    ]);
    // Below the box's bottom edge (y 60) and right of its right edge (x 100): grey, darkest near it.
    const below = [62, 63, 64, 66].map((y) => red(60, y));
    expect(below[1]).toBeLessThan(235);
    expect(below[1]).toBeGreaterThan(170);
    expect(below[3]).toBeGreaterThan(below[1]);
    expect(red(102, 45)).toBeLessThan(240);
    // Nothing up and left of it (the offset is 2,3), nor around the box without a shadow.
    expect(red(20, 15)).toBe(255);
    expect(red(180, 63)).toBe(255);
    expect(red(222, 45)).toBe(255);
    // The edge's line casts its own, 3 px under it; the swimlane's body casts one below its bottom.
    expect(red(100, 243)).toBeLessThan(235);
    expect(red(100, 236)).toBe(255);
    expect(red(100, 183)).toBeLessThan(235);
  });

  it('shadows a label only when its style says textShadow=1', () => {
    const labelShadowed = (style: string) => /<g filter="url\(#tandem-shadow-\d+\)"><switch>/.test(drawn([vertex('a', style, 20, 20, 80, 40, 'Words')]).body);
    expect(labelShadowed('text;html=1;textShadow=1;')).toBe(true);
    expect(labelShadowed('rounded=0;html=1;shadow=1;')).toBe(false);
    expect(labelShadowed('rounded=0;html=1;shadow=1;textShadow=1;')).toBe(true);
  });

  it("shadows an edge's label with textShadow=1, its own or its label cell's, in the style's look, and not its line unless shadow=1", () => {
    const labelled = (style: string, value = 'Says') => edge('e', style, [20, 40], [220, 40]).replace('style=', `value="${value}" style=`);
    const shadowedLabel = /<g filter="url\(#tandem-shadow-\d+\)"><switch>(?:(?!<\/switch>).)*Says/;
    const own = drawn([labelled('endArrow=classic;html=1;textShadow=1;shadowColor=#ff0000;')]).body;
    expect(own).toMatch(shadowedLabel);
    expect(own).toMatch(/flood-color="#ff0000"/);
    // The line itself casts none: one filter, the label's.
    expect(own.match(/<filter /g)).toHaveLength(1);
    expect(drawn([labelled('endArrow=classic;html=1;shadow=1;')]).body).not.toMatch(shadowedLabel);
    // A label cell on the edge, with its own textShadow=1.
    const cell = '<mxCell id="on" value="Says" style="edgeLabel;html=1;textShadow=1;" vertex="1" connectable="0" parent="e"><mxGeometry x="-0.5" relative="1" as="geometry"/></mxCell>';
    expect(drawn([labelled('endArrow=none;html=1;', ''), cell]).body).toMatch(shadowedLabel);
  });

  it("takes the style's colour, opacity and offset", async () => {
    const red = await redAt([vertex('box', 'shadow=1;shadowColor=#0000FF;shadowOpacity=100;shadowOffsetX=0;shadowOffsetY=10;shadowBlur=0;fillColor=#ffffff;', 20, 20, 80, 40)]);
    // Solid blue, 10 px under the box, not beside it.
    expect(red(60, 65)).toBe(0);
    expect(red(104, 50)).toBe(255);
  });
});
