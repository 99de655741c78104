/** Records, files and readers the drawio file tests share (drawio-file*.test.ts). */
import { deflateRawSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import { StudioError } from '../../../kernel/errors';
import { readDrawioFile } from './drawio-file';
import { type DrawioRecord, type EdgeRecord, type GroupRecord, type LayerRecord, type MetaRecord, type PageRecord, type ShapeRecord } from '../../../../shared/drawio/model';


// ---------------------------------------------------------------------------------------------
// A rich model: every type, themes, overrides, badges, groups, two pages, a hidden layer, edges

export type ShapeInput = Partial<ShapeRecord> & Pick<ShapeRecord, 'id' | 'type' | 'alias'>;

export function shape(input: ShapeInput): ShapeRecord {
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

export type EdgeInput = Partial<EdgeRecord> & Pick<EdgeRecord, 'id' | 'source' | 'target'>;

export function edge(input: EdgeInput): EdgeRecord {
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

export const SPECIAL_TEXT = `He said "hi" <b>bold</b> & 'ok' — ünïcødé 😀`;

export function richModel(): DrawioRecord[] {
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

export function byId(records: readonly DrawioRecord[]): DrawioRecord[] {
  return [...records].sort((a, b) => a.id.localeCompare(b.id));
}

export function ofKind<K extends DrawioRecord['kind']>(records: readonly DrawioRecord[], kind: K) {
  return records.filter((r): r is Extract<DrawioRecord, { kind: K }> => r.kind === kind);
}

// ---------------------------------------------------------------------------------------------
// Reading the written XML back as plain data, to check its structure

export interface WrittenCell {
  /** `mxCell`, or the wrapper (`object`). */
  tag: string;
  /** The wrapper's attributes when wrapped, else the cell's. */
  outer: Record<string, string>;
  cell: Record<string, string>;
  geometry?: Record<string, string>;
}

export interface WrittenPage {
  diagram: Record<string, string>;
  cells: WrittenCell[];
}

export type OrderedNode = Record<string, unknown>;
// htmlEntities also decodes numeric references such as &#10;.
export const inspectParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  htmlEntities: true,
});

export function elementsOf(nodes: unknown, tag: string): OrderedNode[] {
  return (nodes as OrderedNode[]).filter((node) => tag in node);
}

export function attrs(node: OrderedNode): Record<string, string> {
  return (node[':@'] as Record<string, string> | undefined) ?? {};
}

export function writtenPages(xml: string): { mxfile: Record<string, string>; pages: WrittenPage[] } {
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

export function cellById(page: WrittenPage, id: string): WrittenCell {
  const found = page.cells.find((cell) => cell.outer.id === id);
  if (!found) throw new Error(`no cell ${id}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// A file the way diagrams.net writes it: compressed pages, HTML labels, wrapped cells, containers

export function compress(xml: string): string {
  return deflateRawSync(Buffer.from(encodeURIComponent(xml), 'utf8')).toString('base64');
}

export const FOREIGN_PAGE_1 = `<mxGraphModel dx="1426" dy="794" grid="1" gridSize="10" guides="1" tooltips="1" connect="1" arrows="1" fold="1" page="1" pageScale="1" pageWidth="850" pageHeight="1100" math="0" shadow="0">
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

export const FOREIGN_PAGE_2 = `<mxGraphModel><root>
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

export function diagramsNetFile(): string {
  return (
    `<mxfile host="app.diagrams.net" modified="2024-05-01T10:00:00.000Z" agent="Mozilla/5.0" version="24.4.0" type="device">` +
    `<diagram id="qVd9-arch" name="Architecture">${compress(FOREIGN_PAGE_1)}</diagram>` +
    `<diagram id="qVd9-notes" name="Notes">${compress(FOREIGN_PAGE_2)}</diagram>` +
    `</mxfile>`
  );
}

export function expectFileInvalid(text: string, messagePart: RegExp): StudioError {
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
