import { deflateRawSync } from 'node:zlib';
import { StudioError } from '../../../kernel/errors';
import { describe, expect, it } from 'vitest';
import { readDrawioFile, writeDrawioFile } from './drawio-file';
import { SHAPE_TYPES, type EdgeRecord, type ForeignRecord, type GroupRecord, type LayerRecord, type MetaRecord, type PageRecord, type ShapeRecord } from '../../../../shared/drawio/model';
import { richModel, ofKind, compress, FOREIGN_PAGE_2, diagramsNetFile, expectFileInvalid } from './drawio-file-test-kit';

describe('readDrawioFile on files made by diagrams.net', () => {
  const records = readDrawioFile(diagramsNetFile(), 'docs/system-overview.drawio');
  const shapes = ofKind(records, 'shape');
  const edges = ofKind(records, 'edge');
  const shapeByAlias = (alias: string) => {
    const found = shapes.find((s) => s.alias === alias);
    if (!found) throw new Error(`no shape ${alias} in ${shapes.map((s) => s.alias).join(', ')}`);
    return found;
  };

  it('reads compressed pages into pages and layers', () => {
    const pages = ofKind(records, 'page');
    expect(pages.map((p) => p.name)).toEqual(['Architecture', 'Notes']);
    const notesLayers = ofKind(records, 'layer').filter((l) => l.pageId === pages[1].id);
    expect(notesLayers.map((l) => [l.name, l.visible])).toEqual([
      ['Background', true],
      ['Annotations', false],
    ]);
    expect(shapeByAlias('Note').layerId).toBe(notesLayers[1].id);
  });

  it('recovers types from styles, texts from HTML labels and wrapped cells', () => {
    expect(shapeByAlias('Auth Service')).toMatchObject({ type: 'svc', text: 'Auth Service\nv2', theme: 'blue', style: {} });
    expect(shapeByAlias('Users DB')).toMatchObject({ type: 'db', theme: 'green', w: 60, h: 80 });
    expect(shapeByAlias('Cache')).toMatchObject({ type: 'circle', text: 'Cache\nhot & cold', theme: 'white' });
    expect(shapeByAlias('Queue & Bus')).toMatchObject({ type: 'queue', text: 'Queue & Bus' });
    expect(shapeByAlias('Just text')).toMatchObject({ type: 'text' });
    expect(shapeByAlias('Note')).toMatchObject({ type: 'doc' });
    expect(shapeByAlias('Admin')).toMatchObject({ type: 'actor' });
  });

  it('makes aliases unique per page, ignoring case', () => {
    expect(shapeByAlias('users db2')).toMatchObject({ type: 'decision', text: 'users db' });
  });

  it('turns a container into a group and gives its members absolute positions', () => {
    const groups = ofKind(records, 'group');
    expect(groups).toHaveLength(1);
    expect(shapeByAlias('Cache')).toMatchObject({ x: 110, y: 320, groupId: groups[0].id });
    expect(shapeByAlias('Queue & Bus')).toMatchObject({ x: 250, y: 330, groupId: groups[0].id });
    expect(shapeByAlias('Auth Service')).toMatchObject({ x: 160, y: 80 });
    expect(shapeByAlias('Auth Service').groupId).toBeUndefined();
  });

  it('reads edges with labels, dashes, arrows and ports; free edges and edges to containers too; keeps one without an end as a kept cell', () => {
    const auth = shapeByAlias('Auth Service');
    const db = shapeByAlias('Users DB');
    expect(edges).toHaveLength(4);
    const reads = edges.find((e) => e.source === auth.id)!;
    expect(reads).toMatchObject({
      target: db.id,
      label: 'reads',
      lineStyle: 'dashed',
      sourceArrow: 'none',
      targetArrow: 'open-arrow',
      exit: { face: 'bottom', at: 0.5 },
    });
    const inGroup = edges.find((e) => e.source === shapeByAlias('Cache').id)!;
    expect(inGroup).toMatchObject({
      target: shapeByAlias('Queue & Bus').id,
      label: 'c',
      lineStyle: 'curved',
      sourceArrow: 'diamond',
      targetArrow: 'arrow',
    });
    // e3 (points only) is free, e5 ends at the group; e2's target is neither a cell nor a point: kept as it was.
    expect(edges.find((e) => e.source === '')).toMatchObject({ target: '', sourcePoint: { x: 10, y: 10 }, targetPoint: { x: 60, y: 60 } });
    expect(edges.find((e) => e.label === 'into the group')).toMatchObject({ source: db.id, target: records.find((r) => r.kind === 'group')!.id });
    expect(edges.map((e) => e.label)).not.toContain('to nowhere');
  });

  it('gives every record a unique order, ids made of prefix and order, and a complete meta', () => {
    const meta = records.find((r): r is MetaRecord => r.kind === 'meta')!;
    const ordered = records.filter(
      (r): r is PageRecord | LayerRecord | ShapeRecord | EdgeRecord | GroupRecord | ForeignRecord => 'order' in r,
    );
    const orders = ordered.map((r) => r.order);
    expect(new Set(orders).size).toBe(orders.length);
    const prefixes = { page: 'p', layer: 'l', shape: 's', edge: 'e', group: 'g', foreign: 'x' } as const;
    for (const r of ordered) expect(r.id).toBe(`${prefixes[r.kind]}${r.order}`);
    expect(meta.nextOrder).toBeGreaterThan(Math.max(...orders));
    expect(meta).toMatchObject({ title: 'system-overview', flow: 'TB', activePageId: ofKind(records, 'page')[0].id });
    for (const page of ofKind(records, 'page')) {
      expect(ofKind(records, 'layer').some((l) => l.id === page.activeLayerId && l.pageId === page.id)).toBe(true);
    }
  });

  it('reads a bare mxGraphModel document as one page', () => {
    const bare = readDrawioFile(FOREIGN_PAGE_2, 'notes.xml');
    expect(ofKind(bare, 'page')).toHaveLength(1);
    expect(ofKind(bare, 'shape').map((s) => s.alias)).toEqual(['Note', 'Admin']);
    expect(bare.find((r) => r.kind === 'meta')).toMatchObject({ title: 'notes' });
  });

  it('reads an uncompressed diagram and gives a page without layers one layer', () => {
    const text = `<mxfile><diagram name="Empty"></diagram><diagram name="P">${FOREIGN_PAGE_2}</diagram></mxfile>`;
    const read = readDrawioFile(text, 'two.drawio');
    const [empty, second] = ofKind(read, 'page');
    expect(ofKind(read, 'layer').filter((l) => l.pageId === empty.id)).toHaveLength(1);
    expect(ofKind(read, 'shape').every((s) => s.pageId === second.id)).toBe(true);
  });

  it('gives a shape with unknown colours the default theme with overrides', () => {
    const text = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="x" value="Odd" style="shape=mxgraph.aws4.lambda;fillColor=#abcabc;strokeColor=#010203;fontStyle=3;" vertex="1" parent="1">
      <mxGeometry x="1" y="2" width="30" height="40" as="geometry"/></mxCell></root></mxGraphModel>`;
    const [odd] = ofKind(readDrawioFile(text, 'odd.drawio'), 'shape');
    expect(odd).toMatchObject({
      type: 'box',
      theme: 'blue',
      style: { fill: '#abcabc', stroke: '#010203', bold: true, italic: true },
    });
  });
});

describe("the stylesheet's image styles", () => {
  const cell = (id: string, style: string) =>
    `<mxCell id="${id}" value="${id}" style="${style}" vertex="1" parent="1"><mxGeometry x="0" y="0" width="60" height="60" as="geometry"/></mxCell>`;
  const file = (...cells: string[]) => `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`;

  it('are images whether the picture comes before or after the style\'s name; a box naming a picture is a box, which draws it beside its text', () => {
    const read = readDrawioFile(file(
      cell('named-first', 'image;html=1;image=img/lib/ibm/vpc/Router.svg;'),
      cell('named-last', 'image=img/lib/ibm/vpc/Router.svg;html=1;image;'),
      cell('round', 'roundImage;html=1;image=img/lib/ibm/vpc/Router.svg;'),
      cell('rhombus', 'rhombusImage;html=1;image=img/lib/ibm/vpc/Router.svg;'),
      cell('shape', 'shape=image;html=1;image=img/lib/ibm/vpc/Router.svg;'),
      cell('box', 'rounded=0;html=1;image=img/lib/ibm/vpc/Router.svg;'),
      cell('label', 'label;html=1;image=img/lib/ibm/vpc/Router.svg;'),
    ), 'images.drawio');
    const looks = Object.fromEntries(ofKind(read, 'shape').map((shape) => [shape.text, shape.look]));
    expect(looks).toEqual({ 'named-first': 'image', 'named-last': 'image', round: 'image', rhombus: 'image', shape: 'image', box: undefined, label: undefined });
  });
});

describe('edge ends', () => {
  it("are none where the style names an end diagrams.net does not register (it draws nothing there), and kept as written", () => {
    const edge = (id: string, style: string) =>
      `<mxCell id="${id}" value="${id}" style="${style}" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="0" y="0" as="sourcePoint"/><mxPoint x="100" y="0" as="targetPoint"/></mxGeometry></mxCell>`;
    const xml = `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${[
      edge('typo', 'endArrow=clasic;startArrow=dot;html=1;'),
      edge('registered', 'endArrow=ERone;startArrow=sysMLLost;html=1;'),
      edge('default', 'html=1;'),
    ].join('')}</root></mxGraphModel></diagram></mxfile>`;
    const heads = Object.fromEntries(ofKind(readDrawioFile(xml, 'ends.drawio'), 'edge').map((e) => [e.label, [e.sourceArrow, e.targetArrow]]));
    expect(heads).toEqual({ typo: ['none', 'none'], registered: ['arrow', 'arrow'], default: ['none', 'arrow'] });
  });
});

describe('readDrawioFile on bad files', () => {
  const good = writeDrawioFile(richModel());

  it('rejects a truncated file', () => {
    expectFileInvalid(good.slice(0, Math.floor(good.length / 2)), /not well-formed XML/);
  });

  it('rejects text that is not XML, and an empty file', () => {
    expectFileInvalid('this is not a diagram', /not well-formed XML/);
    expectFileInvalid('', /XML/);
  });

  it('rejects foreign XML', () => {
    expectFileInvalid('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', /not a draw\.io file.*<svg>/);
  });

  it('rejects a compressed page that is not base64, does not inflate, or is truncated', () => {
    expectFileInvalid('<mxfile><diagram name="A">@@not*base64@@</diagram></mxfile>', /page "A".*base64/);
    expectFileInvalid(
      `<mxfile><diagram name="B">${Buffer.from('plain bytes, not deflate').toString('base64')}</diagram></mxfile>`,
      /page "B".*inflate/,
    );
    const compressed = compress(FOREIGN_PAGE_2);
    expectFileInvalid(`<mxfile><diagram name="C">${compressed.slice(0, 40)}</diagram></mxfile>`, /page "C"/);
  });

  it('rejects a compressed page that holds something other than a graph model', () => {
    expectFileInvalid(`<mxfile><diagram name="D">${compress('<html><body/></html>')}</diagram></mxfile>`, /<html>/);
    const notUriEncoded = deflateRawSync(Buffer.from('%E0%A4%A')).toString('base64');
    expectFileInvalid(`<mxfile><diagram name="E">${notUriEncoded}</diagram></mxfile>`, /URI/);
  });

  it('says where a file stops being well-formed, and refuses elements nested past the limit', () => {
    expectFileInvalid('<mxfile>\n  <diagram name="A">\n    <mxGraphModel></diagram>\n</mxfile>', /not well-formed XML at line 3, column \d+/);
    expectFileInvalid('<mxfile><diagram a="1" a="2"/></mxfile>', /duplicate attribute/);
    const nested = (depth: number) => `<mxfile><diagram name="A"><mxGraphModel><root><mxCell id="0"/><object id="o"><mxCell/>${'<x>'.repeat(depth - 5)}${'</x>'.repeat(depth - 5)}</object></root></mxGraphModel></diagram></mxfile>`;
    expect(() => readDrawioFile(nested(101), 'deep.drawio')).not.toThrow();
    expectFileInvalid(nested(102), /nests elements more than 101 deep/);
  });

  it('keeps a named entity that XML does not define as written (older files hold HTML ones)', () => {
    const text = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="a" value="A&nbsp;B &amp; C&#10;D" vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell></root></mxGraphModel>`;
    const [shape] = ofKind(readDrawioFile(text, 'entity.drawio'), 'shape');
    expect(shape.text).toBe('A&nbsp;B & C\nD');
  });

  it('throws only FcpErrors, never a partial model', () => {
    for (let cut = 50; cut < good.length; cut += Math.floor(good.length / 25)) {
      try {
        readDrawioFile(good.slice(0, cut), 'cut.drawio');
        throw new Error(`a file cut at ${cut} was accepted`);
      } catch (err) {
        expect(err).toBeInstanceOf(StudioError);
      }
    }
  });
});

describe('shape defaults', () => {
  it('uses the default size of the type when a cell has no geometry', () => {
    const text = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="h" value="Hex" style="shape=hexagon;perimeter=hexagonPerimeter2;" vertex="1" parent="1"/></root></mxGraphModel>`;
    const [hex] = ofKind(readDrawioFile(text, 'hex.drawio'), 'shape');
    expect(hex).toMatchObject({ type: 'api', x: 0, y: 0, w: SHAPE_TYPES.api.w, h: SHAPE_TYPES.api.h });
  });
});
