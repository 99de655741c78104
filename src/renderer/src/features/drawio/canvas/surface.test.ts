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
});
