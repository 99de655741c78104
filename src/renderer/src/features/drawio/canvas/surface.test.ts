/**
 * What lies under a text cell of a file that paints no fill (surfacesUnder), read from a made-here
 * file through the real reader: a pale region it lies on, a default-paper box, a fill-less frame
 * between, a region painted after it (over it, so not under), a text off every region and one in a
 * UML frame's body (which the frame does not fill).
 */
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../../../../../main/domains/drawio/file/drawio-file';
import { recordsFromSnapshot } from '../../../../../shared/drawio/collections';
import type { ShapeRecord } from '../../../../../shared/drawio/model';
import { surfacesUnder } from './surface';

const cell = (id: string, value: string, style: string, x: number, y: number, w: number, h: number) =>
  `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;

const file = `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${[
  cell('region', '', 'fillColor=#FFF2CC', 0, 0, 400, 200),
  cell('outline', '', 'rounded=0;fillColor=none;', 10, 10, 300, 150),
  cell('on-region', 'On region', 'text;align=center', 20, 20, 100, 30),
  cell('paper', '', 'rounded=0;', 500, 0, 200, 200),
  cell('on-paper', 'On paper', 'text;align=center', 520, 20, 100, 30),
  cell('on-canvas', 'On canvas', 'text;align=center', 900, 20, 100, 30),
  cell('under-later', 'Under a later region', 'text;align=center', 20, 300, 100, 30),
  cell('later', '', 'fillColor=#FFF2CC', 0, 280, 400, 100),
  cell('astride', 'Astride', 'text;align=center', 350, 20, 100, 30),
  cell('frame', 'Frame', 'shape=umlFrame;fillColor=#ffffff;', 0, 500, 400, 200),
  cell('in-frame', 'In frame', 'text;align=center', 20, 560, 100, 30),
].join('')}</root></mxGraphModel></diagram></mxfile>`;

describe('the surface under a text cell', () => {
  it("is the topmost filled shape painted before it that holds it: a named fill the file's, the default paper the theme's", () => {
    const records = recordsFromSnapshot(readDrawioFile(file, 'under.drawio'));
    const surfaces = surfacesUnder(records);
    const byText = (text: string) => surfaces.get([...records.shapes.values()].find((shape: ShapeRecord) => shape.text === text)!.id);
    expect(byText('On region')).toBe('file');
    expect(byText('On paper')).toBe('theme');
    expect(byText('On canvas')).toBeUndefined();
    expect(byText('Under a later region')).toBeUndefined();
    expect(byText('Astride')).toBeUndefined();
    // A UML frame fills only its tab: a text in its body lies on what is behind the frame.
    expect(byText('In frame')).toBeUndefined();
    // Worked out once for the same shapes.
    expect(surfacesUnder(records)).toBe(surfaces);
  });

  it('finds the shape under a text wherever the two lie: across grid squares, at negative places, under a page-sized region, among many', () => {
    const regions = Array.from({ length: 40 }, (_, i) => cell(`tile-${i}`, '', 'fillColor=#DAE8FC', (i % 8) * 300 - 1200, Math.floor(i / 8) * 300 - 600, 280, 280));
    const texts = Array.from({ length: 40 }, (_, i) => cell(`t-${i}`, `Tile ${i}`, 'text;', (i % 8) * 300 - 1200 + 200, Math.floor(i / 8) * 300 - 600 + 230, 70, 40));
    const many = `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${[
      cell('huge', '', 'fillColor=#FFF2CC', -20000, 5000, 40000, 20000),
      ...regions,
      ...texts,
      cell('on-huge', 'On the huge region', 'text;', 15000, 20000, 100, 30),
      // 250..280 crosses the square at 256 both ways; the text lies in the second square only.
      cell('straddling', '', 'fillColor=#D5E8D4', 250, 250, 30, 30),
      cell('on-straddling', 'Straddling', 'text;', 258, 258, 20, 20),
      cell('off-tile', 'Off its tile', 'text;', -1200 + 250, -600 + 250, 70, 40),
    ].join('')}</root></mxGraphModel></diagram></mxfile>`;
    const records = recordsFromSnapshot(readDrawioFile(many, 'many.drawio'));
    const surfaces = surfacesUnder(records);
    const byText = (text: string) => surfaces.get([...records.shapes.values()].find((shape: ShapeRecord) => shape.text === text)!.id);
    for (let i = 0; i < 40; i++) expect(byText(`Tile ${i}`), `Tile ${i}`).toBe('file');
    expect(byText('On the huge region')).toBe('file');
    expect(byText('Straddling')).toBe('file');
    // It sticks out of its tile (250 + 70 > 280) and lies on the canvas.
    expect(byText('Off its tile')).toBeUndefined();
  });
});
