import { deflateRawSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { StudioError } from '../../../kernel/errors';
import { readDrawioFile, writeDrawioFile } from './drawio-file';
import { pageContent } from '../../../../shared/drawio/render/page-content';
import {
  SHAPE_TYPES,
  type DrawioRecord,
  type EdgeRecord,
  type ForeignRecord,
  type GroupRecord,
  type LayerRecord,
  type MetaRecord,
  type PageRecord,
  type ShapeRecord,
} from '../../../../shared/drawio/model';

// ---------------------------------------------------------------------------------------------
// A rich model: every type, themes, overrides, badges, groups, two pages, a hidden layer, edges

type ShapeInput = Partial<ShapeRecord> & Pick<ShapeRecord, 'id' | 'type' | 'alias'>;

function shape(input: ShapeInput): ShapeRecord {
  const order = Number(input.id.slice(1));
  return {
    kind: 'shape',
    pageId: 'p1',
    layerId: 'l2',
    text: input.alias,
    x: 100 + order * 10,
    y: 50 + order * 20,
    w: 120,
    h: 60,
    theme: 'blue',
    style: {},
    badges: [],
    order,
    ...input,
  };
}

type EdgeInput = Partial<EdgeRecord> & Pick<EdgeRecord, 'id' | 'source' | 'target'>;

function edge(input: EdgeInput): EdgeRecord {
  return {
    kind: 'edge',
    pageId: 'p1',
    layerId: 'l2',
    label: '',
    lineStyle: 'solid',
    sourceArrow: 'none',
    targetArrow: 'arrow',
    order: Number(input.id.slice(1)),
    ...input,
  };
}

const SPECIAL_TEXT = `He said "hi" <b>bold</b> & 'ok' — ünïcødé 😀`;

function richModel(): DrawioRecord[] {
  const meta: MetaRecord = {
    id: 'meta',
    kind: 'meta',
    title: 'Platform "Core" & <Edge>\n\tv2',
    flow: 'LR',
    activePageId: 'p1',
    nextOrder: 37,
  };
  const pages: PageRecord[] = [
    { id: 'p1', kind: 'page', name: 'Overview & "more"', order: 1, activeLayerId: 'l3' },
    { id: 'p30', kind: 'page', name: 'Deployment', order: 30, activeLayerId: 'l31' },
  ];
  const layers: LayerRecord[] = [
    { id: 'l2', kind: 'layer', pageId: 'p1', name: 'Background', visible: true, order: 2 },
    { id: 'l3', kind: 'layer', pageId: 'p1', name: 'Notes', visible: false, order: 3 },
    { id: 'l31', kind: 'layer', pageId: 'p30', name: 'Background', visible: true, order: 31 },
  ];
  const groups: GroupRecord[] = [
    { id: 'g4', kind: 'group', pageId: 'p1', layerId: 'l2', name: 'Backend', text: 'Backend Services', theme: 'blue', order: 4 },
    { id: 'g35', kind: 'group', pageId: 'p30', layerId: 'l31', name: 'Cluster', text: 'Cluster', order: 35 },
    // No members: only its marker says it is a group.
    { id: 'g36', kind: 'group', pageId: 'p30', layerId: 'l31', name: 'Spare', text: '', theme: 'gray', order: 36 },
  ];
  const shapes: ShapeRecord[] = [
    shape({ id: 's5', type: 'box', alias: 'LB', text: 'Load Balancer', theme: 'gray', style: { rounded: true, bold: true } }),
    shape({
      id: 's6',
      type: 'svc',
      alias: 'AuthService',
      w: 140,
      groupId: 'g4',
      badges: [
        { text: 'v2', pos: 'top-right' },
        { text: '<beta> & "new"', pos: 'bottom-left' },
      ],
    }),
    shape({ id: 's7', type: 'circle', alias: 'Start', theme: 'green', w: 60, h: 60 }),
    shape({ id: 's8', type: 'decision', alias: 'Valid?', theme: 'yellow', w: 100, h: 80 }),
    shape({ id: 's9', type: 'db', alias: 'UserDB', theme: 'green', groupId: 'g4', style: { fill: '#ff0000' } }),
    shape({
      id: 's10',
      type: 'api',
      alias: 'Gateway',
      theme: 'purple',
      style: { stroke: '#00ff00', fontColor: '#333333', fontSize: 16, opacity: 80 },
    }),
    shape({ id: 's11', type: 'cloud', alias: 'Internet', theme: 'white' }),
    shape({ id: 's12', type: 'actor', alias: 'Customer', text: 'Customer\n(web & mobile)', theme: 'orange', w: 40 }),
    shape({
      id: 's13',
      type: 'doc',
      alias: 'Report',
      theme: 'red',
      style: { dashed: true, shadow: true, italic: true, underline: true },
    }),
    shape({ id: 's14', type: 'queue', alias: 'Events', theme: 'dark', layerId: 'l3' }),
    shape({ id: 's15', type: 'triangle', alias: 'Warn', text: SPECIAL_TEXT }),
    shape({ id: 's16', type: 'process', alias: 'Billing', style: { bold: true } }),
    shape({ id: 's17', type: 'cache', alias: 'Redis', theme: 'green', w: 100, h: 70 }),
    shape({ id: 's18', type: 'box', alias: 'Brand', theme: 'brand' }),
    shape({ id: 's19', type: 'svc', alias: 'Legacy', style: { rounded: false } }),
    shape({ id: 's32', type: 'box', alias: 'Server', pageId: 'p30', layerId: 'l31', groupId: 'g35', x: 40, y: 80 }),
    shape({ id: 's33', type: 'db', alias: 'Replica', pageId: 'p30', layerId: 'l31', groupId: 'g35', x: 240, y: 90 }),
  ];
  const edges: EdgeRecord[] = [
    edge({ id: 'e20', source: 's5', target: 's6', label: 'routes "login" <now> & then\nretry' }),
    edge({
      id: 'e21',
      source: 's6',
      target: 's9',
      label: 'queries',
      lineStyle: 'dashed',
      sourceArrow: 'diamond',
      targetArrow: 'crow-foot',
      exit: { face: 'right', at: 0.5 },
      entry: { face: 'left', at: 0.25 },
    }),
    edge({ id: 'e22', source: 's6', target: 's10', lineStyle: 'dotted', targetArrow: 'open-arrow' }),
    edge({ id: 'e23', source: 's7', target: 's8', lineStyle: 'curved', sourceArrow: 'circle', targetArrow: 'circle' }),
    edge({
      id: 'e24',
      source: 's8',
      target: 's11',
      lineStyle: 'orthogonal',
      targetArrow: 'none',
      exit: { face: 'bottom', at: 0.75 },
      entry: { face: 'top', at: 0.5 },
      stroke: '#ff0000',
    }),
    edge({ id: 'e25', source: 's12', target: 's13', lineStyle: 'animated', label: 'ünïcødé 😀' }),
    edge({ id: 'e26', source: 's14', target: 's15', layerId: 'l3' }),
    edge({ id: 'e34', source: 's32', target: 's33', pageId: 'p30', layerId: 'l31', label: 'replicates' }),
  ];
  return [
    meta,
    ...pages,
    ...layers,
    ...groups,
    ...shapes,
    ...edges,
    { id: 'type:cache', kind: 'customType', name: 'cache', base: 'db', theme: 'green', w: 100, h: 70 },
    { id: 'theme:brand', kind: 'customTheme', name: 'brand', fill: '#123456', stroke: '#abcdef', fontColor: '#ffffff' },
  ];
}

function byId(records: readonly DrawioRecord[]): DrawioRecord[] {
  return [...records].sort((a, b) => a.id.localeCompare(b.id));
}

function ofKind<K extends DrawioRecord['kind']>(records: readonly DrawioRecord[], kind: K) {
  return records.filter((r): r is Extract<DrawioRecord, { kind: K }> => r.kind === kind);
}

// ---------------------------------------------------------------------------------------------
// Reading the written XML back as plain data, to check its structure

interface WrittenCell {
  /** `mxCell`, or the wrapper (`object`). */
  tag: string;
  /** The wrapper's attributes when wrapped, else the cell's. */
  outer: Record<string, string>;
  cell: Record<string, string>;
  geometry?: Record<string, string>;
}

interface WrittenPage {
  diagram: Record<string, string>;
  cells: WrittenCell[];
}

type OrderedNode = Record<string, unknown>;
// htmlEntities also decodes numeric references such as &#10;.
const inspectParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  htmlEntities: true,
});

function elementsOf(nodes: unknown, tag: string): OrderedNode[] {
  return (nodes as OrderedNode[]).filter((node) => tag in node);
}

function attrs(node: OrderedNode): Record<string, string> {
  return (node[':@'] as Record<string, string> | undefined) ?? {};
}

function writtenPages(xml: string): { mxfile: Record<string, string>; pages: WrittenPage[] } {
  const [mxfile] = elementsOf(inspectParser.parse(xml), 'mxfile');
  const pages = elementsOf(mxfile.mxfile, 'diagram').map((diagram) => {
    const [model] = elementsOf(diagram.diagram, 'mxGraphModel');
    const [root] = elementsOf(model.mxGraphModel, 'root');
    const cells = (root.root as OrderedNode[]).map((node): WrittenCell => {
      const tag = Object.keys(node).find((key) => key !== ':@')!;
      const inner = tag === 'mxCell' ? node : elementsOf(node[tag], 'mxCell')[0];
      const [geometry] = elementsOf(inner.mxCell, 'mxGeometry');
      return { tag, outer: attrs(node), cell: attrs(inner), geometry: geometry && attrs(geometry) };
    });
    return { diagram: attrs(diagram), cells };
  });
  return { mxfile: attrs(mxfile), pages };
}

function cellById(page: WrittenPage, id: string): WrittenCell {
  const found = page.cells.find((cell) => cell.outer.id === id);
  if (!found) throw new Error(`no cell ${id}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// A file the way diagrams.net writes it: compressed pages, HTML labels, wrapped cells, containers

function compress(xml: string): string {
  return deflateRawSync(Buffer.from(encodeURIComponent(xml), 'utf8')).toString('base64');
}

const FOREIGN_PAGE_1 = `<mxGraphModel dx="1426" dy="794" grid="1" gridSize="10" guides="1" tooltips="1" connect="1" arrows="1" fold="1" page="1" pageScale="1" pageWidth="850" pageHeight="1100" math="0" shadow="0">
  <root>
    <mxCell id="0" />
    <mxCell id="1" parent="0" />
    <UserObject label="&lt;b&gt;Auth&lt;/b&gt;&amp;nbsp;Service&lt;br&gt;v2" link="https://example.com" id="WIyWlLk6GJQsqaUBKTNV-3">
      <mxCell style="rounded=1;whiteSpace=wrap;html=1;fontSize=12;glass=0;strokeWidth=1;shadow=0;fillColor=#dae8fc;strokeColor=#6c8ebf;" vertex="1" parent="1">
        <mxGeometry x="160" y="80" width="120" height="40" as="geometry" />
      </mxCell>
    </UserObject>
    <mxCell id="db1" value="Users DB" style="shape=cylinder3;whiteSpace=wrap;html=1;boundedLbl=1;backgroundOutline=1;size=15;fillColor=#d5e8d4;strokeColor=#82b366;" vertex="1" parent="1">
      <mxGeometry x="400" y="60" width="60" height="80" as="geometry" />
    </mxCell>
    <mxCell id="grp" value="" style="group" vertex="1" connectable="0" parent="1">
      <mxGeometry x="100" y="300" width="300" height="100" as="geometry" />
    </mxCell>
    <mxCell id="c1" value="&lt;div&gt;Cache&lt;/div&gt;&lt;div&gt;&lt;span style=&quot;color: red&quot;&gt;hot &amp;amp; cold&lt;/span&gt;&lt;/div&gt;" style="ellipse;whiteSpace=wrap;html=1;" vertex="1" parent="grp">
      <mxGeometry x="10" y="20" width="80" height="80" as="geometry" />
    </mxCell>
    <object label="Queue &amp;amp; Bus" owner="ops" id="q1">
      <mxCell style="shape=parallelogram;perimeter=parallelogramPerimeter;whiteSpace=wrap;html=1;fixedSize=1;" vertex="1" parent="grp">
        <mxGeometry x="150" y="30" width="120" height="60" as="geometry" />
      </mxCell>
    </object>
    <mxCell id="e1" value="" style="edgeStyle=orthogonalEdgeStyle;rounded=0;orthogonalLoop=1;jettySize=auto;html=1;dashed=1;endArrow=open;endFill=0;exitX=0.5;exitY=1;exitDx=0;exitDy=0;" edge="1" parent="1" source="WIyWlLk6GJQsqaUBKTNV-3" target="db1">
      <mxGeometry relative="1" as="geometry" />
    </mxCell>
    <mxCell id="e1-label" value="reads" style="edgeLabel;html=1;align=center;verticalAlign=middle;resizable=0;points=[];" vertex="1" connectable="0" parent="e1">
      <mxGeometry x="-0.2" relative="1" as="geometry"><mxPoint as="offset" /></mxGeometry>
    </mxCell>
    <mxCell id="e2" value="to nowhere" style="edgeStyle=orthogonalEdgeStyle;html=1;" edge="1" parent="1" source="db1" target="gone">
      <mxGeometry relative="1" as="geometry" />
    </mxCell>
    <mxCell id="e3" value="" style="endArrow=classic;html=1;" edge="1" parent="1">
      <mxGeometry width="50" height="50" relative="1" as="geometry">
        <mxPoint x="10" y="10" as="sourcePoint" /><mxPoint x="60" y="60" as="targetPoint" />
      </mxGeometry>
    </mxCell>
    <mxCell id="e4" value="c" style="curved=1;edgeStyle=orthogonalEdgeStyle;html=1;startArrow=diamondThin;startFill=1;" edge="1" parent="grp" source="c1" target="q1">
      <mxGeometry relative="1" as="geometry" />
    </mxCell>
    <mxCell id="e5" value="into the group" style="html=1;" edge="1" parent="1" source="db1" target="grp">
      <mxGeometry relative="1" as="geometry" />
    </mxCell>
    <mxCell id="t1" value="Just text" style="text;html=1;align=center;verticalAlign=middle;" vertex="1" parent="1">
      <mxGeometry x="600" y="40" width="90" height="30" as="geometry" />
    </mxCell>
    <mxCell id="dup" value="users db" style="rhombus;whiteSpace=wrap;html=1;" vertex="1" parent="1">
      <mxGeometry x="600" y="200" width="80" height="80" as="geometry" />
    </mxCell>
  </root>
</mxGraphModel>`;

const FOREIGN_PAGE_2 = `<mxGraphModel><root>
  <mxCell id="0"/>
  <mxCell id="1" parent="0"/>
  <mxCell id="hidden" value="Annotations" parent="0" visible="0"/>
  <mxCell id="n1" value="Note" style="shape=document;whiteSpace=wrap;html=1;boundedLbl=1;" vertex="1" parent="hidden">
    <mxGeometry x="20" y="30" width="120" height="80" as="geometry"/>
  </mxCell>
  <mxCell id="a1" value="Admin" style="shape=umlActor;verticalLabelPosition=bottom;verticalAlign=top;html=1;outlineConnect=0;" vertex="1" parent="1">
    <mxGeometry x="300" y="30" width="30" height="60" as="geometry"/>
  </mxCell>
</root></mxGraphModel>`;

function diagramsNetFile(): string {
  return (
    `<mxfile host="app.diagrams.net" modified="2024-05-01T10:00:00.000Z" agent="Mozilla/5.0" version="24.4.0" type="device">` +
    `<diagram id="qVd9-arch" name="Architecture">${compress(FOREIGN_PAGE_1)}</diagram>` +
    `<diagram id="qVd9-notes" name="Notes">${compress(FOREIGN_PAGE_2)}</diagram>` +
    `</mxfile>`
  );
}

function expectFileInvalid(text: string, messagePart: RegExp): StudioError {
  let caught: unknown;
  try {
    readDrawioFile(text, 'broken.drawio');
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(StudioError);
  const error = caught as StudioError;
  expect(error.code).toBe('file_invalid');
  expect(error.message).toContain('broken.drawio');
  expect(error.message).toMatch(messagePart);
  expect(error.suggestion).toBeTruthy();
  return error;
}

// ---------------------------------------------------------------------------------------------

describe('writeDrawioFile + readDrawioFile', () => {
  it('round-trips a rich model record for record, ids included', () => {
    const original = richModel();
    const xml = writeDrawioFile(original);
    const read = readDrawioFile(xml, 'anything.drawio');
    // What each record read keeps of its cell (`file`) is not part of the model.
    const modelOf = (records: readonly DrawioRecord[]) => byId(records).map((record) => ({ ...record, file: undefined }));
    expect(modelOf(read)).toEqual(modelOf(original));
  });

  it('survives a second round trip unchanged', () => {
    const once = writeDrawioFile(richModel());
    const twice = writeDrawioFile(readDrawioFile(once, 'x.drawio'));
    expect(twice).toBe(once);
  });
});

describe('writeDrawioFile', () => {
  const xml = writeDrawioFile(richModel());
  const { mxfile, pages } = writtenPages(xml);
  const [page1, page2] = pages;

  it('writes well-formed XML with no raw newline or < inside attribute values', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toMatch(/="[^"]*\n[^"]*"/);
    expect(xml).not.toMatch(/="[^"]*<[^"]*"/);
    expect(xml).toContain('&amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;');
  });

  it('writes an mxfile with one diagram per page, in page order', () => {
    expect(mxfile.host).toBe('TandemStudio');
    expect(pages.map((p) => p.diagram)).toEqual([
      { id: 'p1', name: 'Overview & "more"' },
      { id: 'p30', name: 'Deployment' },
    ]);
  });

  it('starts each page with cell 0 and its layers (parent 0), hidden layers visible="0"', () => {
    for (const page of pages) {
      expect(page.cells[0].outer.id).toBe('0');
      expect(page.cells[0].cell.parent).toBeUndefined();
    }
    const layers = page1.cells.filter((c) => c.cell.parent === '0');
    expect(layers.map((c) => [c.cell.id, c.cell.parent, c.cell.value, c.cell.visible])).toEqual([
      ['l2', '0', 'Background', undefined],
      ['l3', '0', 'Notes', '0'],
    ]);
    expect(page1.cells[1].cell.id).toBe('l2');
  });

  it('orders cells as diagrams.net does: each layer then what it holds, a parent before its children, siblings in z-order', () => {
    const ids = page1.cells.map((c) => c.outer.id);
    expect(ids.slice(0, 6)).toEqual(['0', 'l2', 'g4', 's6', 's6-badge1', 's6-badge2']);
    expect(ids.indexOf('s9')).toBe(ids.indexOf('s6-badge2') + 1);
    expect(ids.indexOf('s5')).toBeGreaterThan(ids.indexOf('s9'));
    expect(ids.indexOf('e20')).toBeGreaterThan(ids.indexOf('s19'));
    // The second layer and what lies in it come after everything of the first.
    expect(ids.indexOf('l3')).toBeGreaterThan(ids.indexOf('e25'));
    expect(ids.slice(ids.indexOf('l3'))).toEqual(['l3', 's14', 'e26']);
  });

  it('writes shapes as vertices with real draw.io styles per type', () => {
    const expectations: Record<string, string[]> = {
      s5: ['rounded=1', 'whiteSpace=wrap', 'html=1', 'fontStyle=1', 'fillColor=#f5f5f5', 'strokeColor=#666666'],
      s6: ['rounded=1;whiteSpace=wrap;html=1;'],
      s7: ['ellipse;'],
      s8: ['rhombus;'],
      s9: ['shape=cylinder3;', 'boundedLbl=1', 'backgroundOutline=1', 'size=15', 'fillColor=#ff0000', 'strokeColor=#82b366'],
      s10: ['shape=hexagon;', 'perimeter=hexagonPerimeter2', 'fontSize=16', 'opacity=80', 'fontColor=#333333'],
      s11: ['ellipse;shape=cloud;'],
      s12: ['shape=umlActor;', 'verticalLabelPosition=bottom', 'verticalAlign=top'],
      s13: ['shape=document;', 'dashed=1', 'shadow=1', 'fontStyle=6'],
      s14: ['shape=parallelogram;', 'perimeter=parallelogramPerimeter', 'fillColor=#1a1a2e', 'fontColor=#e0e0e0'],
      s15: ['triangle;'],
      s16: ['shape=process;'],
      s17: ['shape=cylinder3;', 'tandemType=cache'],
      s18: ['fillColor=#123456', 'strokeColor=#abcdef', 'fontColor=#ffffff'],
    };
    for (const [id, parts] of Object.entries(expectations)) {
      const cell = cellById(page1, id);
      expect(cell.cell.vertex, id).toBe('1');
      for (const part of parts) expect(cell.cell.style, id).toContain(part);
    }
    // The plain types need no hint: their style alone says what they are.
    for (const id of ['s6', 's7', 's8', 's9', 's10', 's11', 's12', 's13', 's14', 's15', 's16']) {
      expect(cellById(page1, id).cell.style, id).not.toContain('tandemType');
    }
  });

  it('puts group members inside the container with relative geometry around a padded bounding box', () => {
    const container = cellById(page2, 'g35');
    expect(container.cell.vertex).toBe('1');
    expect(container.cell.parent).toBe('l31');
    expect(container.cell.style).toContain('container=1');
    expect(container.geometry).toMatchObject({ x: '20', y: '40', width: '360', height: '130' });
    const server = cellById(page2, 's32');
    expect(server.cell.parent).toBe('g35');
    expect(server.geometry).toMatchObject({ x: '20', y: '40', width: '120', height: '60' });
    expect(cellById(page1, 's5').cell.parent).toBe('l2');
    expect(cellById(page1, 's14').cell.parent).toBe('l3');
  });

  it('writes a group made here with the frame the canvas draws around it', () => {
    const records = richModel();
    const byKind = <K extends DrawioRecord['kind']>(kind: K) =>
      new Map(records.filter((r): r is Extract<DrawioRecord, { kind: K }> => r.kind === kind).map((r) => [r.id, r]));
    const drawn = pageContent({ layers: byKind('layer'), shapes: byKind('shape'), edges: byKind('edge'), groups: byKind('group') }, 'p30');
    const frame = drawn.groups.find((g) => g.record.id === 'g35')!.bounds;
    const written = cellById(page2, 'g35').geometry!;
    expect([written.x, written.y, written.width, written.height].map(Number)).toEqual([frame.x, frame.y, frame.w, frame.h]);
  });

  it('writes edges with source, target, orthogonal style, arrows, dashes and ports', () => {
    const dashed = cellById(page1, 'e21');
    expect(dashed.cell).toMatchObject({ edge: '1', source: 's6', target: 's9', parent: 'l2', value: 'queries' });
    expect(dashed.geometry).toEqual({ relative: '1', as: 'geometry' });
    for (const part of [
      'edgeStyle=orthogonalEdgeStyle',
      'dashed=1',
      'startArrow=diamond',
      'endArrow=ERmany',
      'exitX=1;exitY=0.5',
      'entryX=0;entryY=0.25',
    ]) {
      expect(dashed.cell.style).toContain(part);
    }
    expect(cellById(page1, 'e23').cell.style).toContain('curved=1');
    expect(cellById(page1, 'e25').cell.style).toContain('flowAnimation=1');
    expect(cellById(page1, 'e22').cell.style).toMatch(/dashed=1;dashPattern=1 \d/);
    expect(cellById(page1, 'e24').cell.style).toContain('endArrow=none');
    expect(cellById(page1, 'e20').cell.value).toBe('routes &quot;login&quot; &lt;now&gt; &amp; then<br>retry');
  });

  it('keeps badges as child cells of their shape and the alias on an object wrapper', () => {
    const badges = page1.cells.filter((c) => c.cell.parent === 's6' && c.cell.style?.includes('tandemBadge'));
    expect(badges.map((b) => b.cell.value)).toEqual(['v2', '&lt;beta&gt; &amp; &quot;new&quot;']);
    expect(badges[0].cell.style).toContain('tandemBadge=top-right');
    const lb = cellById(page1, 's5');
    expect(lb.tag).toBe('object');
    expect(lb.outer).toMatchObject({ label: 'Load Balancer', tandemAlias: 'LB' });
    expect(cellById(page1, 's7').tag).toBe('mxCell');
  });

  it('keeps title, flow and definitions on the first page root cell', () => {
    const root = page1.cells[0];
    expect(root.tag).toBe('object');
    expect(root.outer).toMatchObject({ tandemTitle: 'Platform "Core" & <Edge>\n\tv2', tandemFlow: 'LR' });
    expect(JSON.parse(root.outer.tandemTypes)).toEqual([{ name: 'cache', base: 'db', theme: 'green', w: 100, h: 70 }]);
    expect(page2.cells[0].tag).toBe('mxCell');
  });

  it('skips edges whose ends are not shapes on the page', () => {
    const records = [
      ...richModel(),
      edge({ id: 'e90', source: 's5', target: 's404' }),
      edge({ id: 'e91', source: 's5', target: 's32' }),
    ];
    const cells = writtenPages(writeDrawioFile(records)).pages[0].cells.map((c) => c.outer.id);
    expect(cells).toContain('e20');
    expect(cells).not.toContain('e90');
    expect(cells).not.toContain('e91');
  });
});

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
