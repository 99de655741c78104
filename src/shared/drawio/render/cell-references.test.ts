/**
 * Colours and placeholders a cell takes from the cells around it, as diagrams.net draws them: read
 * from files made here (a Kanban board like the corpus's, and the same features used differently).
 */
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../../../main/domains/drawio/file/drawio-file';
import { textToHtml } from '../label-html';
import type { EdgeRecord, GroupRecord, ShapeRecord } from '../model';
import { drawnReferences, fillPlaceholders, referencedColors, withReferencedStroke } from './cell-references';

function read(cells: string[]) {
  const records = readDrawioFile(`<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`, 'made.drawio');
  const groups = new Map(records.flatMap((r) => (r.kind === 'group' ? [[r.id, r as GroupRecord] as const] : [])));
  const shapes = records.filter((r): r is ShapeRecord => r.kind === 'shape');
  const edges = records.filter((r): r is EdgeRecord => r.kind === 'edge');
  return { groups, shape: (text: string) => shapes.find((s) => s.text.startsWith(text))!, edge: (label: string) => edges.find((e) => e.label === label)! };
}

const BOARD = [
  '<mxCell id="board" value="" style="swimlane;startSize=30;fillColor=#f5f5f5;strokeColor=#666666;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="400" height="300" as="geometry"/></mxCell>',
  '<object label="TO DO" status="New" owner="Ann" id="todo"><mxCell style="swimlane;startSize=1;fillColor=#A0522D;strokeColor=none;" vertex="1" parent="board"><mxGeometry y="30" width="200" height="270" as="geometry"/></mxCell></object>',
  '<object label="Task 3&lt;br&gt;&lt;i&gt;%status%&lt;/i&gt;" placeholders="1" id="card"><mxCell style="whiteSpace=wrap;html=1;fillColor=swimlane;fontColor=#FFFFFF;" vertex="1" parent="todo"><mxGeometry x="20" y="20" width="140" height="80" as="geometry"/></mxCell></object>',
  '<object label="%owner% has %missing% (%who%)" placeholders="1" who="&lt;b&gt;me" id="own"><mxCell style="html=1;fillColor=inherit;strokeColor=swimlane;" vertex="1" parent="todo"><mxGeometry x="20" y="120" width="140" height="40" as="geometry"/></mxCell></object>',
  '<object label="No %status% here" id="plain"><mxCell style="html=1;" vertex="1" parent="todo"><mxGeometry x="20" y="200" width="140" height="40" as="geometry"/></mxCell></object>',
  '<mxCell id="box" value="" style="rounded=0;fillColor=#dae8fc;strokeColor=#6c8ebf;container=1;" vertex="1" parent="1"><mxGeometry x="500" y="0" width="200" height="200" as="geometry"/></mxCell>',
  '<mxCell id="inner" value="Inner" style="rounded=0;fillColor=inherit;strokeColor=swimlane;fontColor=inherit;" vertex="1" parent="box"><mxGeometry x="20" y="20" width="80" height="40" as="geometry"/></mxCell>',
];

describe('what a cell takes from around it', () => {
  const { groups, shape } = read(BOARD);

  it("fills a card with its column's colour (fillColor=swimlane) and shows its column's status", () => {
    const card = shape('Task 3');
    const drawn = drawnReferences(card, { fill: 'swimlane', stroke: '#000000', fontColor: '#FFFFFF' }, groups);
    expect(drawn.colors).toEqual({ fill: '#A0522D', stroke: '#000000', fontColor: '#FFFFFF' });
    expect(drawn.text).toBe('Task 3\nNew');
    expect(drawn.html).toBe('Task 3<br><i>New</i>');
    // The record keeps its text as the file has it.
    expect(card.text).toBe('Task 3\n%status%');
  });

  it("takes the nearest value, leaves an unknown name, and escapes a value in the HTML", () => {
    const own = shape('%owner%');
    expect(fillPlaceholders(own.text, own, groups)).toBe('Ann has %missing% (<b>me)');
    expect(fillPlaceholders('<b>%owner%</b> (%who%)', own, groups, textToHtml)).toBe('<b>Ann</b> (&lt;b&gt;me)');
    // Without placeholders=1 the text is shown as written.
    expect(drawnReferences(shape('No'), { fill: '#fff', stroke: '#000', fontColor: '#000' }, groups).text).toBe('No %status% here');
  });

  it("takes inherit from the parent and swimlane from the nearest swimlane, white and black when there is none", () => {
    const own = shape('%owner%');
    // inherit: the column (the parent); swimlane: the column too (it is the nearest swimlane), whose stroke is none.
    expect(referencedColors({ fill: 'inherit', stroke: 'swimlane', fontColor: '#000000' }, own.groupId, groups)).toEqual({ fill: '#A0522D', stroke: 'none', fontColor: '#000000' });
    const inner = shape('Inner');
    // A plain container is the parent for inherit, but no swimlane: the stroke falls back to black.
    expect(referencedColors({ fill: 'inherit', stroke: 'swimlane', fontColor: 'inherit' }, inner.groupId, groups)).toEqual({ fill: '#dae8fc', stroke: '#000000', fontColor: '#000000' });
    expect(referencedColors({ fill: 'swimlane', stroke: 'inherit', fontColor: '#111111' }, undefined, groups)).toEqual({ fill: '#ffffff', stroke: '#000000', fontColor: '#111111' });
  });

  it("fills a placeholder from the layer's data and the page's root cell, where diagrams.net keeps a file's own properties", () => {
    const xml =
      '<mxfile><diagram id="p" name="P"><mxGraphModel><root><UserObject label="" author="Jo" revision="v2" id="0"><mxCell/></UserObject>' +
      '<object label="" owner="Layer owner" id="1"><mxCell parent="0"/></object>' +
      '<object label="By %author% (%revision%), %owner%, %label%" placeholders="1" id="s"><mxCell style="text;html=1;" vertex="1" parent="1"><mxGeometry width="200" height="20" as="geometry"/></mxCell></object>' +
      '</root></mxGraphModel></diagram></mxfile>';
    const records = readDrawioFile(xml, 'made.drawio');
    const shape = records.find((r): r is ShapeRecord => r.kind === 'shape')!;
    const around = {
      layers: new Map(records.flatMap((r) => (r.kind === 'layer' ? [[r.id, r] as const] : []))),
      pages: new Map(records.flatMap((r) => (r.kind === 'page' ? [[r.id, r] as const] : []))),
    };
    const colors = { fill: '#fff', stroke: '#000', fontColor: '#000' };
    expect(drawnReferences(shape, colors, new Map(), around).text).toBe('By Jo (v2), Layer owner, %label%');
    // Without the page and the layer, only the shape's and its containers' data.
    expect(drawnReferences(shape, colors, new Map()).text).toBe('By %author% (%revision%), %owner%, %label%');
  });
  it("draws an edge whose stroke is inherit in its container's stroke, black when the container names none", () => {
    // As the SysML palette writes the flows between two parts' ports inside a block.
    const port = (id: string, parent: string, x: number) =>
      `<mxCell id="${id}" value="${id}" style="html=1;" vertex="1" parent="${parent}"><mxGeometry x="${x}" y="20" width="40" height="40" as="geometry"/></mxCell>`;
    const flow = (id: string, parent: string, from: string, to: string, stroke: string) =>
      `<mxCell id="${id}" value="${id}" style="strokeColor=${stroke};edgeStyle=none;html=1;endArrow=none;" edge="1" parent="${parent}" source="${from}" target="${to}"><mxGeometry relative="1" as="geometry"/></mxCell>`;
    const { groups, edge } = read([
      '<mxCell id="block" value="" style="shape=rect;html=1;overflow=fill;strokeColor=#b85450;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="300" height="100" as="geometry"/></mxCell>',
      port('a', 'block', 20),
      port('b', 'block', 200),
      flow('red', 'block', 'a', 'b', 'inherit'),
      flow('own', 'block', 'a', 'b', '#00ff00'),
      '<mxCell id="plain" value="" style="html=1;" vertex="1" parent="1"><mxGeometry x="0" y="200" width="300" height="100" as="geometry"/></mxCell>',
      port('c', 'plain', 20),
      port('d', 'plain', 200),
      flow('black', 'plain', 'c', 'd', 'inherit'),
    ]);
    expect(withReferencedStroke(edge('red'), groups).stroke).toBe('#b85450');
    expect(withReferencedStroke(edge('black'), groups).stroke).toBe('#000000');
    // Its own colour: the same record, so the canvas keeps it; the record keeps the file's word either way.
    const own = edge('own');
    expect(withReferencedStroke(own, groups)).toBe(own);
    expect(edge('red').stroke).toBe('inherit');
  });
});
