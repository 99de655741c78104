import { describe, expect, it } from 'vitest';
import { edge, group, layer, meta, page, shape } from '../../../../renderer/src/testing/drawio-fixtures';
import type { DrawioRecord, EdgeRecord, GroupRecord, ShapeRecord } from '../../../../shared/drawio/model';
import { groupFrame } from '../../../../shared/drawio/group-bounds';
import { STUDIO_TITLE_SPACING, TITLE_CLEARANCE, titleCrossings } from '../../../../shared/drawio/render/group-title';
import { readDrawioFile, writeDrawioFile } from './drawio-file';

/** The style and the whole cell element of cell `id` in a written (uncompressed) file. */
function cellOf(xml: string, id: string): { style: Map<string, string>; element: string } {
  const element = new RegExp(`<mxCell id="${id}"[^>]*?(/>|>[\\s\\S]*?</mxCell>)`).exec(xml)?.[0];
  if (!element) throw new Error(`no cell ${id}`);
  const style = /style="([^"]*)"/.exec(element)?.[1] ?? '';
  return { style: new Map(style.split(';').filter(Boolean).map((kv) => kv.split('=') as [string, string])), element };
}

const basics = (): DrawioRecord[] => [meta(), page(), layer()];
// A group of two members; `above` sits over its left member, so an edge between them crosses the title's line near its left.
const members = [shape('m1', { x: 100, y: 300, w: 120, h: 60, groupId: 'g1' }), shape('m2', { x: 300, y: 300, w: 120, h: 60, groupId: 'g1' })];
const above = shape('up', { x: 100, y: 100, w: 120, h: 60 });
const backend = group('g1', 'Backend Services');

describe('the studio writes where the title of a group it made sits', () => {
  it('leaves the title at its usual place when no edge crosses the frame', () => {
    const xml = writeDrawioFile([...basics(), backend, ...members, above]);
    expect(cellOf(xml, 'g1').style.get('spacingLeft')).toBe(String(STUDIO_TITLE_SPACING));
  });

  it('moves the title right of an edge crossing the frame, in the style diagrams.net reads', () => {
    const into = edge('e1', 'up', 'm1');
    const xml = writeDrawioFile([...basics(), backend, ...members, above, into]);
    const frame = groupFrame(members)!;
    const [crossing] = titleCrossings('g1', frame, new Map([...members, above].map((s) => [s.id, s])), [into]);
    const spacing = Number(cellOf(xml, 'g1').style.get('spacingLeft'));
    expect(spacing).toBeGreaterThanOrEqual(crossing + TITLE_CLEARANCE + STUDIO_TITLE_SPACING);
    expect(cellOf(xml, 'g1').style.get('align')).toBe('left');
  });

  it('rewrites the title of its group read back from its file when a new edge crosses it, and only that', () => {
    const written = writeDrawioFile([...basics(), backend, ...members, above]);
    const read = readDrawioFile(written, 'a.drawio');
    const [up, m1] = ['UP', 'M1'].map((text) => read.find((r): r is ShapeRecord => r.kind === 'shape' && r.text === text)!);
    const again = writeDrawioFile([...read, edge('e9', up.id, m1.id)]);
    const readGroup = read.find((r): r is GroupRecord => r.kind === 'group')!;
    const id = readGroup.file?.id ?? readGroup.id;
    expect(Number(cellOf(again, id).style.get('spacingLeft'))).toBeGreaterThan(STUDIO_TITLE_SPACING);
    // Unchanged without the edge: the file's cell as it was.
    expect(cellOf(writeDrawioFile(read), id).element).toBe(cellOf(written, id).element);
  });

  it("keeps a file's own group byte for byte, an edge across its title or not", () => {
    const file = `<mxfile><diagram id="d" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="box" value="Team" style="rounded=0;whiteSpace=wrap;html=1;container=1;align=center;spacingLeft=5;" vertex="1" parent="1"><mxGeometry x="80" y="260" width="360" height="120" as="geometry"/></mxCell>
<mxCell id="a" value="A" style="rounded=0;" vertex="1" parent="box"><mxGeometry x="20" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="top" value="Top" style="rounded=0;" vertex="1" parent="1"><mxGeometry x="100" y="100" width="120" height="60" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;
    const read = readDrawioFile(file, 'team.drawio');
    const [top, a] = ['Top', 'A'].map((text) => read.find((r): r is ShapeRecord => r.kind === 'shape' && r.text === text)!);
    const crossing: EdgeRecord = edge('e1', top.id, a.id, { pageId: a.pageId, layerId: top.layerId });
    const written = writeDrawioFile([...read, crossing]);
    expect(cellOf(written, 'box').element).toBe(cellOf(writeDrawioFile(read), 'box').element);
    expect(cellOf(written, 'box').style.get('spacingLeft')).toBe('5');
  });
});
