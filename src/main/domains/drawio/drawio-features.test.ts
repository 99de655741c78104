/**
 * diagrams.net features written by hand, differently from the corpus: straight, curved and
 * mind-map edges, children at negative offsets, unstyled cells (no style, and style=""), a
 * label-only cell with no size, an edge label cell at a relative offset, containers nested two
 * deep, stencils and images, free-floating edges, edges to containers and to missing cells, HTML
 * and entity-encoded labels, on two pages, plain and compressed. Opened and saved they are
 * unchanged (compared with an independent parser); each edit changes only what it edits.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { readDrawioFile, writeDrawioFile } from './file/drawio-file';
import { drawioDomain } from './index';
import type { DrawioRecord, ShapeRecord } from '../../../shared/drawio/model';
import { attr, cellChanges, changedCells, differences, innerCell, outline, type OutlinePage } from './testing/mxfile-outline';
import { ok } from './test-kit';

const PAGE_ONE = `<mxGraphModel dx="800" dy="600" grid="0" gridSize="10" page="0" background="#1E1E1E"><root>
<mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="plain" value="Plain" vertex="1" parent="1"><mxGeometry x="40" y="40" width="100" height="50" as="geometry"/></mxCell>
<mxCell id="empty" value="Empty style" style="" vertex="1" parent="1"><mxGeometry x="240" y="40" width="100" height="50" as="geometry"/></mxCell>
<mxCell id="words" value="Just words" style="text;html=1;" vertex="1" parent="1"><mxGeometry x="440" y="50" as="geometry"/></mxCell>
<mxCell id="frame" value="Frame" style="rounded=0;container=1;collapsible=0;" vertex="1" parent="1"><mxGeometry x="400" y="200" width="200" height="150" as="geometry"/></mxCell>
<mxCell id="out" value="Sticks out" style="ellipse;" vertex="1" parent="frame"><mxGeometry x="-30" y="-20" width="60" height="40" as="geometry"/></mxCell>
<mxCell id="in" value="Inside" vertex="1" parent="frame"><mxGeometry x="60" y="60" width="80" height="40" as="geometry"/></mxCell>
<mxCell id="pool" value="Pool" style="swimlane;startSize=20;horizontal=0;" vertex="1" parent="1"><mxGeometry y="400" width="600" height="300" as="geometry"/></mxCell>
<mxCell id="lane" value="" style="container=1;fillColor=none;" vertex="1" parent="pool"><mxGeometry x="20" y="40" width="300" height="200" as="geometry"/></mxCell>
<mxCell id="leaf" value="Leaf" style="rounded=1;arcSize=40;fontStyle=8;" vertex="1" parent="lane"><mxGeometry x="10" y="30" width="90" height="40" as="geometry"/></mxCell>
<mxCell id="lambda" value="" style="sketch=0;shape=mxgraph.aws4.lambda;fillColor=#ED7100;" vertex="1" parent="1"><mxGeometry x="700" y="40" width="48" height="48" as="geometry"/></mxCell>
<mxCell id="pic" value="" style="shape=image;image=data:image/png,iVBORw0KGgo=;" vertex="1" parent="1"><mxGeometry x="700" y="140" width="32" height="32" as="geometry"/></mxCell>
<mxCell id="curved" style="curved=1;endArrow=classic;html=1;" edge="1" parent="1" source="plain" target="empty"><mxGeometry width="50" height="50" relative="1" as="geometry"><Array as="points"><mxPoint x="190" y="10"/></Array></mxGeometry></mxCell>
<mxCell id="bare" edge="1" parent="1" source="empty" target="words"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="mind" value="" style="edgeStyle=entityRelationEdgeStyle;startArrow=none;endArrow=none;segment=10;curved=1;" edge="1" parent="1" source="plain" target="leaf"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="none" style="edgeStyle=none;html=1;" edge="1" parent="1" source="plain" target="words"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="none-label" value="says &amp;lt;hi&amp;gt;" style="edgeLabel;html=1;align=center;" vertex="1" connectable="0" parent="none"><mxGeometry x="-0.3" y="10" relative="1" as="geometry"><mxPoint x="5" y="-7" as="offset"/></mxGeometry></mxCell>
<mxCell id="loose" style="endArrow=classic;" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="40" y="300" as="sourcePoint"/><mxPoint x="200" y="320" as="targetPoint"/></mxGeometry></mxCell>
<mxCell id="to-frame" style="edgeStyle=orthogonalEdgeStyle;" edge="1" parent="1" source="plain" target="frame"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="to-ghost" style="dashed=1;" edge="1" parent="1" source="plain" target="ghost"><mxGeometry relative="1" as="geometry"><mxPoint x="300" y="300" as="targetPoint"/></mxGeometry></mxCell>
</root></mxGraphModel>`;

const PAGE_TWO = `<mxGraphModel><root><mxCell id="a0"/><mxCell id="a1" value="Notes layer" parent="a0"/>
<object label="&lt;b&gt;Bold&lt;/b&gt; &amp;amp; more&lt;br&gt;second" owner="me" id="rich"><mxCell style="whiteSpace=wrap;html=1;" vertex="1" parent="a1"><mxGeometry x="10" y="10" width="120" height="60" as="geometry"/></mxCell></object>
<mxCell id="multi" value="line one&#xa;line two" style="whiteSpace=wrap;" vertex="1" parent="a1"><mxGeometry x="200" y="10" width="120" height="60" as="geometry"/></mxCell>
</root></mxGraphModel>`;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}

/** The two pages as a file: inline, or compressed as diagrams.net compresses them. */
function handMadeFile(compressed: boolean): string {
  const page = (name: string, id: string, model: string) => {
    const flat = model.replace(/\n/g, '');
    const content = compressed ? deflateRawSync(Buffer.from(encodeURIComponent(flat), 'utf8')).toString('base64') : flat;
    return `<diagram name="${escapeAttribute(name)}" id="${id}">${content}</diagram>`;
  };
  return `<mxfile host="Electron" agent="hand" version="24.0.0" pages="2">${page('One & only', 'pg-1', PAGE_ONE)}${page('Two', 'pg-2', PAGE_TWO)}</mxfile>\n`;
}

function opened(text: string, name: string): FcpDocument<DrawioRecord> {
  return new FcpDocument(drawioDomain, readDrawioFile(text, name), { path: name });
}

function savedPage(doc: FcpDocument<DrawioRecord>, index = 0): OutlinePage {
  return outline(writeDrawioFile(doc.store.snapshot())).pages[index];
}

function cell(page: OutlinePage, id: string) {
  return innerCell(page.cells.find((c) => attr(c, 'id') === id)!);
}

for (const [compressed, name] of [
  [false, 'hand-made.xml'],
  [true, 'hand-made.drawio'],
] as const) {
  describe(`hand-made diagrams.net file, ${compressed ? 'compressed' : 'plain'} (${name})`, () => {
    const text = handMadeFile(compressed);
    const before = outline(text).pages[0];
    const open = () => opened(text, name);

    it('is unchanged after a save, both pages', () => {
      const saved = writeDrawioFile(open().store.snapshot());
      expect(differences(outline(text), outline(saved))).toEqual([]);
      expect(outline(saved).pages.map((page) => page.compressed)).toEqual([compressed, compressed]);
      expect(saved).not.toMatch(/tandem/);
    });

    it('a record keeps what it read from its first edit on, and an undone edit saves back unchanged', async () => {
      const doc = open();
      const plainShape = () => doc.store.all<ShapeRecord>('shape').find((shape) => shape.alias === 'Plain')!;
      expect(doc.store.all<ShapeRecord>('shape').every((shape) => shape.file?.source && shape.file.read === undefined)).toBe(true);
      await ok(doc, 'move Plain to:60,70 strict:true', 'move Plain to:80,90 strict:true');
      expect(plainShape().file?.read).toMatchObject({ x: 40, y: 40, w: 100, h: 50 });
      await doc.undo('test');
      expect(plainShape().file?.read).toBeUndefined();
      expect(changedCells(before, savedPage(doc))).toEqual([]);
    });

    it('moving a shape moves it only: its unstyled cell gets no style, its curved and straight edges stay as they were', async () => {
      const doc = open();
      await ok(doc, 'move Plain to:60,70 strict:true');
      const after = savedPage(doc);
      expect(changedCells(before, after)).toEqual(['plain']);
      expect(cellChanges(before, after, 'plain')).toEqual(['geometry.x', 'geometry.y']);
      expect(attr(cell(after, 'plain'), 'style')).toBeUndefined();
    });

    it('renaming a label-only cell changes its text and gives it no size', async () => {
      const doc = open();
      await ok(doc, 'label "Just words" "Other words, longer than before"');
      const after = savedPage(doc);
      expect(changedCells(before, after)).toEqual(['words']);
      expect(cellChanges(before, after, 'words')).toEqual(['value']);
    });

    it('moving a child that sticks out of its container moves only it; the container keeps its size', async () => {
      const doc = open();
      await ok(doc, 'move "Sticks out" to:375,185 strict:true');
      const after = savedPage(doc);
      expect(changedCells(before, after)).toEqual(['out']);
      expect(cell(after, 'out').children[0].attrs).toEqual([['x', '-25'], ['y', '-15'], ['width', '60'], ['height', '40'], ['as', 'geometry']]);
    });

    it('a child in nested containers renamed: nothing grows', async () => {
      const doc = open();
      await ok(doc, 'label Leaf "A much longer name for the leaf than it had"');
      expect(changedCells(before, savedPage(doc))).toEqual(['leaf']);
    });

    it('restyling the cell with style="" writes only the key asked for', async () => {
      const doc = open();
      await ok(doc, 'style "Empty style" fill:#00ff00');
      const after = savedPage(doc);
      expect(changedCells(before, after)).toEqual(['empty']);
      expect(attr(cell(after, 'empty'), 'style')).toBe('fillColor=#00ff00;');
    });

    it('moving the end of an edge with a label cell keeps the label cell at its offset', async () => {
      const doc = open();
      await ok(doc, 'move "Just words" to:480,90 strict:true');
      const after = savedPage(doc);
      expect(changedCells(before, after)).toEqual(['words']);
      expect(cell(after, 'none-label')).toEqual(cell(before, 'none-label'));
    });

    it('removing a shape takes the edges between it and shapes; an edge to a container or with a loose end stays, loose where the shape was', async () => {
      const doc = open();
      await ok(doc, 'remove Plain');
      const after = savedPage(doc);
      // The shape and the three edges from it to shapes (with a label cell); the other two lose only their source.
      expect(changedCells(before, after)).toEqual(['curved', 'mind', 'none', 'none-label', 'plain', 'to-frame', 'to-ghost']);
      for (const loosened of ['to-frame', 'to-ghost']) {
        expect(attr(cell(after, loosened), 'source')).toBeUndefined();
        expect(attr(cell(after, loosened), 'target')).toBe(attr(cell(before, loosened), 'target'));
        const sourcePoint = cell(after, loosened).children[0].children.find((c) => attr(c, 'as') === 'sourcePoint')!;
        expect(sourcePoint.attrs).toEqual([['x', '90'], ['y', '65'], ['as', 'sourcePoint']]);
      }
      expect(cell(after, 'loose')).toEqual(cell(before, 'loose'));
    });

    it('connecting two shapes adds one edge, inside nothing else', async () => {
      const doc = open();
      await ok(doc, 'connect Inside -> Leaf');
      const after = savedPage(doc);
      const changed = changedCells(before, after);
      expect(changed).toHaveLength(1);
      expect(cellChanges(before, after, changed[0])).toEqual(['added']);
      expect([attr(cell(after, changed[0]), 'source'), attr(cell(after, changed[0]), 'target')]).toEqual(['in', 'leaf']);
    });

    it('relabelling a rich cell on page two changes its label only: its custom data stays, page one is untouched', async () => {
      const doc = open();
      await ok(doc, 'page switch Two', 'label "Bold & more" "Plain now"');
      const saved = outline(writeDrawioFile(doc.store.snapshot()));
      const two = outline(text).pages[1];
      expect(changedCells(two, saved.pages[1])).toEqual(['rich']);
      expect(cellChanges(two, saved.pages[1], 'rich')).toEqual(['value']);
      expect(saved.pages[1].cells.find((c) => attr(c, 'id') === 'rich')!.attrs).toEqual([
        ['label', 'Plain now'],
        ['owner', 'me'],
        ['id', 'rich'],
      ]);
      expect(changedCells(before, saved.pages[0])).toEqual([]);
    });
  });
}

describe('a bare <mxGraphModel> file (no <mxfile> around it)', () => {
  const text = `${PAGE_ONE.replace(/\n/g, '')}\n`;

  it('saves back bare, unchanged, and with a second page gets the <mxfile> a second page needs', async () => {
    const saved = writeDrawioFile(opened(text, 'bare.xml').store.snapshot());
    expect(saved.trimStart().startsWith('<mxGraphModel')).toBe(true);
    expect(differences(outline(text), outline(saved))).toEqual([]);

    const doc = opened(text, 'bare.xml');
    await ok(doc, 'page add Second');
    const twoPages = writeDrawioFile(doc.store.snapshot());
    expect(twoPages.trimStart().startsWith('<mxfile')).toBe(true);
    expect(outline(twoPages).pages).toHaveLength(2);
    expect(changedCells(outline(text).pages[0], outline(twoPages).pages[0])).toEqual([]);
  });
});
