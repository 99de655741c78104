/**
 * `add LIBRARY.SHAPE LABEL`: a diagrams.net library shape with the size and style its palette
 * inserts it with, written into the file as that style, and read back as the same shape.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readDrawioFile, writeDrawioFile } from '../file/drawio-file';
import { libraryCatalog } from '../library-catalog';
import { type DrawioRecord, type ShapeRecord, fileStyleText } from '../../../../shared/drawio/model';
import { type Diagram, fails, newDiagram, ok, query, shape } from '../test-kit';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'mxCell' || name === 'object' });

/** The style attribute of the cell labelled `label` in the saved file, parsed independently of the writer. */
function savedStyle(doc: Diagram, label: string): string | undefined {
  const file = parser.parse(writeDrawioFile(doc.store.snapshot())) as {
    mxfile: { diagram: { mxGraphModel: { root: { mxCell?: Array<Record<string, string>>; object?: Array<Record<string, unknown>> } } } };
  };
  const root = file.mxfile.diagram.mxGraphModel.root;
  const plain = (root.mxCell ?? []).find((cell) => cell.value === label);
  if (plain) return plain.style;
  const wrapped = (root.object ?? []).find((object) => object.label === label);
  return (wrapped?.mxCell as Array<Record<string, string>> | undefined)?.[0].style;
}

function reopened(doc: Diagram): ShapeRecord[] {
  const records: DrawioRecord[] = readDrawioFile(writeDrawioFile(doc.store.snapshot()), 'saved.drawio');
  return records.filter((record): record is ShapeRecord => record.kind === 'shape');
}

describe('add a library shape', () => {
  it('adds AWS 4 Lambda with the palette size and writes the palette style into the file', async () => {
    const doc = newDiagram();
    const lambda = libraryCatalog().shape('aws4.lambda')!;
    const lines = await ok(doc, 'add aws4.lambda Checkout');
    expect(lines[0]).toMatch(/^\+\w+ Checkout @\(200,200 78x78\)/);
    const record = shape(doc, 'Checkout');
    expect(record).toMatchObject({ w: 78, h: 78, text: 'Checkout', look: 'mxgraph.aws4.resourceIcon', paletteStyle: lambda.style });
    expect(savedStyle(doc, 'Checkout')).toBe(lambda.style);
    const [back] = reopened(doc);
    expect(fileStyleText(back.file)).toBe(lambda.style);
    expect(back).toMatchObject({ text: 'Checkout', w: 78, h: 78, look: 'mxgraph.aws4.resourceIcon' });
    expect(await query(doc, 'describe Checkout')).toContain("drawn as: mxgraph.aws4.lambda in mxgraph.aws4.resourceIcon (with the style diagrams.net's palette gives it)");
  });

  it('takes the key diagrams.net registers a stencil under, and a stencil library without a palette entry', async () => {
    const doc = newDiagram();
    await ok(doc, 'add mxgraph.cisco.routers.router Edge', 'add aws2.compute_and_networking.elastic_load_balancing LB near:Edge dir:right');
    const router = libraryCatalog().shape('cisco.routers.router')!;
    expect(shape(doc, 'Edge')).toMatchObject({ w: router.w, h: router.h, paletteStyle: router.style });
    expect(savedStyle(doc, 'Edge')).toBe(router.style);
    // Cisco's palette scales its stencils by 1.6 and paints them in its blue.
    expect(router.style).toContain('fillColor=#036897');
    const lb = libraryCatalog().shape('aws2.compute_and_networking.elastic_load_balancing')!;
    expect(savedStyle(doc, 'LB')).toBe(lb.style);
    expect(lb.style).toMatch(/^shape=mxgraph\.aws2\.compute_and_networking\.elastic_load_balancing;/);
  });

  it('keeps the palette style but for what an edit changed, and keeps a name given apart from the label', async () => {
    const doc = newDiagram();
    await ok(doc, 'add aws4.lambda Checkout label:"Checkout handler"', 'style Checkout fill:#ff0000', 'move Checkout to:400,300');
    const lambda = libraryCatalog().shape('aws4.lambda')!;
    const written = savedStyle(doc, 'Checkout handler')!;
    expect(written).toBe(lambda.style.replace('fillColor=#D05C17', 'fillColor=#ff0000'));
    const [back] = reopened(doc);
    expect(back).toMatchObject({ alias: 'Checkout', text: 'Checkout handler', x: 400, y: 300 });
  });

  it('answers a name no library has with the nearest names', async () => {
    const doc = newDiagram();
    expect(await fails(doc, 'add aws4.lamda Checkout')).toMatch(/no library shape "aws4\.lamda"[\s\S]*try: .*aws4\.lambda/);
    expect(await fails(doc, 'add awz4.lambda Checkout')).toMatch(/no library shape "awz4\.lambda"[\s\S]*try: .*aws4\.lambda/);
    expect(await fails(doc, 'add aws4.lambda')).toMatch(/missing LABEL after type "aws4\.lambda"/);
  });
});
