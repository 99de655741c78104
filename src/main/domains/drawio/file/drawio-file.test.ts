import { XMLValidator } from 'fast-xml-parser';
import { pageContent } from '../../../../shared/drawio/render/page-content';
import { describe, expect, it } from 'vitest';
import { readDrawioFile, writeDrawioFile } from './drawio-file';
import { type DrawioRecord } from '../../../../shared/drawio/model';
import { edge, richModel, byId, writtenPages, cellById } from './drawio-file-test-kit';

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
