/**
 * Vertices diagrams.net places by their parent's size (`relative="1"` geometry with an offset) and
 * cells whose geometry gives no size: read where diagrams.net draws them (mxGraphView's
 * updateCellState and updateVertexState), and written back so that diagrams.net shows a moved one
 * where it was dropped, while an unmoved one keeps its cell as the file had it.
 */
import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../../fcp/document';
import { readDrawioFile, writeDrawioFile } from './drawio-file';
import { drawioDomain } from '../index';
import { ok } from '../test-kit';
import type { DrawioRecord, GroupRecord, ShapeRecord } from '../../../../shared/drawio/model';

const cell = (id: string, parent: string, geometry: string, style = 'rounded=0;whiteSpace=wrap;html=1;') =>
  `<mxCell id="${id}" value="${id}" style="${style}" vertex="1" parent="${parent}">${geometry}</mxCell>`;
const geometry = (attributes: string, offset?: string) =>
  offset === undefined ? `<mxGeometry ${attributes} as="geometry"/>` : `<mxGeometry ${attributes} as="geometry"><mxPoint ${offset} as="offset"/></mxGeometry>`;

/** Made here: relative children of a plain vertex, a turned vertex and a container; a relative cell in a layer; cells without a size. */
const FILE = `<mxfile host="test"><diagram id="d" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${[
  cell('card', '1', geometry('x="100" y="200" width="70" height="70"')),
  cell('icon', 'card', geometry('x="0.5" width="50" height="31.5" relative="1"', 'x="-25" y="19.25"'), 'shape=mxgraph.gcp2.users;part=1;'),
  cell('corner', 'card', geometry('x="1" y="1" width="20" height="20" relative="1"')),
  cell('turned', '1', geometry('x="300" y="100" width="100" height="50"'), 'rotation=90;html=1;'),
  cell('pin', 'turned', geometry('x="1" y="0.5" width="20" height="20" relative="1"', 'x="-10" y="-10"')),
  cell('box', '1', geometry('x="500" y="300" width="200" height="100"'), 'container=1;html=1;'),
  cell('port', 'box', geometry('y="0.5" width="10" height="10" relative="1"', 'x="-5" y="-5"')),
  cell('inner', 'box', geometry('x="20" y="30" width="40" height="20"')),
  cell('floating', '1', geometry('x="0.3" y="0.3" width="10" height="10" relative="1"', 'x="40" y="50"')),
  cell('holder', '1', geometry('x="800" y="100" width="200" height="100"'), 'container=1;html=1;'),
  cell('sub', 'holder', geometry('x="0.5" width="60" height="40" relative="1"', 'x="-30" y="10"'), 'container=1;html=1;'),
  cell('leaf', 'sub', geometry('x="5" y="5" width="10" height="10"')),
  cell('tiny', '1', geometry('x="10" y="20"'), 'text;html=1;'),
  `<mxCell id="bare" value="bare" style="html=1;" vertex="1" parent="1"/>`,
].join('')}</root></mxGraphModel></diagram></mxfile>`;

function fileIdOf(record: ShapeRecord | GroupRecord): string {
  return record.file?.id ?? record.id;
}

function byFileId(records: readonly DrawioRecord[], id: string): ShapeRecord | GroupRecord {
  const found = records.find((r): r is ShapeRecord | GroupRecord => (r.kind === 'shape' || r.kind === 'group') && fileIdOf(r) === id);
  expect(found, `a record for cell ${id}`).toBeDefined();
  return found!;
}

function boxOf(records: readonly DrawioRecord[], id: string): { x: number; y: number; w: number; h: number } {
  const record = byFileId(records, id);
  if (record.kind === 'shape') return { x: record.x, y: record.y, w: record.w, h: record.h };
  return record.frame!;
}

function expectBox(actual: { x: number; y: number; w: number; h: number }, expected: { x: number; y: number; w: number; h: number }): void {
  for (const key of ['x', 'y', 'w', 'h'] as const) expect(actual[key], key).toBeCloseTo(expected[key], 6);
}

/** A cell's XML, from `<mxCell id="ID"` to its `</mxCell>` (or its self-closing end). */
function cellXml(text: string, id: string): string {
  const start = text.indexOf(`<mxCell id="${id}"`);
  expect(start, `cell ${id} in the file`).toBeGreaterThanOrEqual(0);
  const open = text.indexOf('>', start);
  const xml = text[open - 1] === '/' ? text.slice(start, open + 1) : text.slice(start, text.indexOf('</mxCell>', start) + '</mxCell>'.length);
  // The writer indents the file; the cell is compared without the indentation.
  return xml.replace(/>\s+</g, '><');
}

function open(text = FILE) {
  const doc = new FcpDocument(drawioDomain, readDrawioFile(text, 'relative.drawio'), { path: 'relative.drawio' });
  const alias = (id: string) => {
    const record = byFileId(doc.store.snapshot(), id);
    return record.kind === 'shape' ? record.alias : record.name;
  };
  return { doc, alias, save: () => writeDrawioFile(doc.store.snapshot()) };
}

describe('reading relative geometry and cells without a size', () => {
  const records = readDrawioFile(FILE, 'relative.drawio');

  it("places a relative child by its parent vertex's width and height plus its offset, at its own size", () => {
    // 100 + 0.5 * 70 - 25, 200 + 0 * 70 + 19.25: where diagrams.net draws a GCP card's icon.
    expectBox(boxOf(records, 'icon'), { x: 110, y: 219.25, w: 50, h: 31.5 });
    // No offset: the fractions alone (the parent's bottom-right corner).
    expectBox(boxOf(records, 'corner'), { x: 170, y: 270, w: 20, h: 20 });
  });

  it("turns a relative child about its turned parent's centre", () => {
    // Unturned at 390,115 (centre 400,125); a quarter turn about the parent's centre 350,125 puts
    // the centre at 350,175.
    expectBox(boxOf(records, 'pin'), { x: 340, y: 165, w: 20, h: 20 });
  });

  it('places a relative child of a container on its edge, and its other children from its corner', () => {
    expectBox(boxOf(records, 'port'), { x: 495, y: 345, w: 10, h: 10 });
    expectBox(boxOf(records, 'inner'), { x: 520, y: 330, w: 40, h: 20 });
    expect(byFileId(records, 'port').kind).toBe('shape');
    expect((byFileId(records, 'port') as ShapeRecord).groupId).toBe(byFileId(records, 'box').id);
  });

  it('places a relative container, and measures its own children from where it is', () => {
    expect(byFileId(records, 'sub').kind).toBe('group');
    expectBox(boxOf(records, 'sub'), { x: 870, y: 110, w: 60, h: 40 });
    expectBox(boxOf(records, 'leaf'), { x: 875, y: 115, w: 10, h: 10 });
  });

  it('places a relative cell in a layer (which has no size) by its offset alone', () => {
    expectBox(boxOf(records, 'floating'), { x: 40, y: 50, w: 10, h: 10 });
  });

  it('keeps a geometry without a size 0 x 0, and gives a cell without geometry its type size', () => {
    expectBox(boxOf(records, 'tiny'), { x: 10, y: 20, w: 0, h: 0 });
    expectBox(boxOf(records, 'bare'), { x: 0, y: 0, w: 120, h: 60 });
  });
});

describe('writing relative geometry back', () => {
  it('writes an unedited file with every cell as it was', () => {
    const { save } = open();
    const written = save();
    for (const id of ['icon', 'corner', 'pin', 'port', 'floating', 'tiny', 'bare']) expect(cellXml(written, id)).toBe(cellXml(FILE, id));
  });

  it('writes a relative child whose parent grows around it so that it stays where it was dropped', async () => {
    const { doc, alias, save } = open();
    // Past the card's right side: the card grows to hold it, and the fraction now means more.
    await ok(doc, `move ${alias('icon')} to:130,230 strict:true`);
    const again = readDrawioFile(save(), 'again.drawio');
    expectBox(boxOf(again, 'icon'), { x: 130, y: 230, w: 50, h: 31.5 });
    expect(boxOf(again, 'card').w).toBeGreaterThan(70);
  });

  it('keeps the fractions of a moved relative child and writes the offset that puts it where it was dropped', async () => {
    const { doc, alias, save } = open();
    // Inside the card, which keeps its size.
    await ok(doc, `move ${alias('icon')} to:105,230 strict:true`);
    const written = save();
    // 105 - 100 - 0.5 * 70 = -30; 230 - 200 - 0 * 70 = 30.
    expect(cellXml(written, 'icon')).toContain('<mxGeometry x="0.5" width="50" height="31.5" relative="1" as="geometry"><mxPoint x="-30" y="30" as="offset"/></mxGeometry>');
    expectBox(boxOf(readDrawioFile(written, 'again.drawio'), 'icon'), { x: 105, y: 230, w: 50, h: 31.5 });
    for (const id of ['card', 'corner', 'pin']) expect(cellXml(written, id)).toBe(cellXml(FILE, id));
  });

  it('adds an offset to a moved relative child that had none', async () => {
    const { doc, alias, save } = open();
    await ok(doc, `move ${alias('corner')} to:150,260 strict:true`);
    const written = save();
    expect(cellXml(written, 'corner')).toContain('<mxPoint x="-20" y="-10" as="offset"/>');
    expectBox(boxOf(readDrawioFile(written, 'again.drawio'), 'corner'), { x: 150, y: 260, w: 20, h: 20 });
  });

  it('writes a moved child of a turned parent so that it is drawn where it was dropped', async () => {
    const { doc, alias, save } = open();
    await ok(doc, `move ${alias('pin')} to:330,150 strict:true`);
    const again = readDrawioFile(save(), 'again.drawio');
    expectBox(boxOf(again, 'pin'), { x: 330, y: 150, w: 20, h: 20 });
  });

  it('keeps a relative child in place inside its container, and moves it along when the container moves', async () => {
    const { doc, alias, save } = open();
    await ok(doc, `move ${alias('port')} to:500,360 strict:true`);
    let again = readDrawioFile(save(), 'again.drawio');
    expectBox(boxOf(again, 'port'), { x: 500, y: 360, w: 10, h: 10 });
    await ok(doc, `move ${alias('box')} to:600,300 strict:true`);
    const written = save();
    again = readDrawioFile(written, 'again.drawio');
    expectBox(boxOf(again, 'box'), { x: 600, y: 300, w: 200, h: 100 });
    expectBox(boxOf(again, 'port'), { x: 600, y: 360, w: 10, h: 10 });
    expectBox(boxOf(again, 'inner'), { x: 620, y: 330, w: 40, h: 20 });
  });

  it('writes a moved relative container by its offset, its children still measured from it', async () => {
    const { doc, alias, save } = open();
    await ok(doc, `move ${alias('sub')} to:900,140 strict:true`);
    const written = save();
    // 900 - 800 - 0.5 * 200 = 0 (diagrams.net leaves a 0 out); 140 - 100 = 40.
    expect(cellXml(written, 'sub')).toContain('<mxPoint y="40" as="offset"/>');
    expect(cellXml(written, 'leaf')).toBe(cellXml(FILE, 'leaf'));
    const again = readDrawioFile(written, 'again.drawio');
    expectBox(boxOf(again, 'sub'), { x: 900, y: 140, w: 60, h: 40 });
    expectBox(boxOf(again, 'leaf'), { x: 905, y: 145, w: 10, h: 10 });
  });

  it('writes a moved relative cell in a layer by its offset', async () => {
    const { doc, alias, save } = open();
    await ok(doc, `move ${alias('floating')} to:70,90 strict:true`);
    const written = save();
    expect(cellXml(written, 'floating')).toContain('<mxPoint x="70" y="90" as="offset"/>');
    expectBox(boxOf(readDrawioFile(written, 'again.drawio'), 'floating'), { x: 70, y: 90, w: 10, h: 10 });
  });

  it('moves a cell without a size and keeps it without one', async () => {
    const { doc, alias, save } = open();
    await ok(doc, `move ${alias('tiny')} to:40,60 strict:true`);
    const written = save();
    expect(cellXml(written, 'tiny')).toContain('<mxGeometry x="40" y="60" as="geometry"/>');
    expectBox(boxOf(readDrawioFile(written, 'again.drawio'), 'tiny'), { x: 40, y: 60, w: 0, h: 0 });
  });
});
