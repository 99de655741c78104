/**
 * Free-floating edges (an end at a point, not a cell) and edges to containers are edges of the
 * model: read with their points, waypoints and heads, described, relabelled, and their ends
 * attached or loosened by `connect #EDGE source:|target:`, each edit changing only that cell's
 * attributes in the saved file. On a hand-made file and on the AWS corpus file (13 free arrows).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { corpusPath } from '../../testing/corpora';
import { readDrawioFile, writeDrawioFile } from './file/drawio-file';
import { drawioDomain } from './index';
import type { DrawioRecord, EdgeRecord, GroupRecord, ShapeRecord } from '../../../shared/drawio/model';
import { attr, cellChanges, changedCells, differences, innerCell, outline, type OutlinePage } from './testing/mxfile-outline';
import { fails, ok, query } from './test-kit';

const PAGE = `<mxfile host="hand"><diagram name="Free" id="free"><mxGraphModel><root>
<mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="api" value="API" vertex="1" parent="1"><mxGeometry x="100" y="100" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="db" value="DB" style="shape=cylinder3;" vertex="1" parent="1"><mxGeometry x="400" y="100" width="80" height="80" as="geometry"/></mxCell>
<mxCell id="vpc" value="VPC" style="rounded=0;container=1;" vertex="1" parent="1"><mxGeometry x="600" y="300" width="300" height="200" as="geometry"/></mxCell>
<mxCell id="inner" value="Inner" vertex="1" parent="vpc"><mxGeometry x="20" y="40" width="100" height="40" as="geometry"/></mxCell>
<mxCell id="in-vpc" style="endArrow=classic;" edge="1" parent="vpc"><mxGeometry relative="1" as="geometry"><mxPoint x="150" y="60" as="sourcePoint"/><mxPoint x="250" y="60" as="targetPoint"/></mxGeometry></mxCell>
<mxCell id="free" value="both loose" style="curved=1;endArrow=block;endFill=0;startArrow=oval;startFill=1;dashed=1;strokeWidth=3;" edge="1" parent="1"><mxGeometry width="50" height="50" relative="1" as="geometry"><mxPoint x="40" y="300" as="sourcePoint"/><mxPoint x="300" y="320" as="targetPoint"/><Array as="points"><mxPoint x="120" y="380"/><mxPoint x="220" y="260"/></Array></mxGeometry></mxCell>
<mxCell id="half" style="edgeStyle=orthogonalEdgeStyle;endArrow=open;" edge="1" parent="1" source="api"><mxGeometry relative="1" as="geometry"><mxPoint x="160" y="220" as="sourcePoint"/><mxPoint x="160" y="260" as="targetPoint"/></mxGeometry></mxCell>
<mxCell id="to-vpc" style="endArrow=classic;" edge="1" parent="1" source="db" target="vpc"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="nowhere" edge="1" parent="1" source="ghost"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>
`;

function open(text = PAGE, name = 'free.drawio'): FcpDocument<DrawioRecord> {
  return new FcpDocument(drawioDomain, readDrawioFile(text, name), { path: name });
}

function saved(doc: FcpDocument<DrawioRecord>): OutlinePage {
  return outline(writeDrawioFile(doc.store.snapshot())).pages[0];
}

function cell(page: OutlinePage, id: string) {
  return innerCell(page.cells.find((c) => attr(c, 'id') === id)!);
}

function endPoint(page: OutlinePage, id: string, as: string) {
  return cell(page, id).children[0].children.find((c) => attr(c, 'as') === as);
}

/** The id of the cell an edge was read from. */
function fileId(edge: EdgeRecord): string | undefined {
  return edge.file?.source.attributes.find(([name]) => name === 'id')?.[1];
}

/** The edge read from the cell with that id in the file. */
function edgeOf(doc: FcpDocument<DrawioRecord>, cellId: string): EdgeRecord {
  return doc.store.all<EdgeRecord>('edge').find((e) => fileId(e) === cellId)!;
}

describe('free-floating edges and edges to containers (hand-made file)', () => {
  const before = outline(PAGE).pages[0];

  it('are edges: loose ends at their points (in page coordinates), waypoints, heads and line style as read', () => {
    const doc = open();
    const free = edgeOf(doc, 'free');
    expect(free).toMatchObject({
      source: '',
      target: '',
      sourcePoint: { x: 40, y: 300 },
      targetPoint: { x: 300, y: 320 },
      points: [{ x: 120, y: 380 }, { x: 220, y: 260 }],
      lineStyle: 'curved',
      sourceArrow: 'circle',
      label: 'both loose',
    });
    const api = doc.store.all<ShapeRecord>('shape').find((s) => s.alias === 'API')!;
    // Attached at its source: the file's stale sourcePoint is not the edge's.
    expect(edgeOf(doc, 'half')).toMatchObject({ source: api.id, target: '', targetPoint: { x: 160, y: 260 } });
    expect(edgeOf(doc, 'half').sourcePoint).toBeUndefined();
    const vpc = doc.store.all<GroupRecord>('group').find((g) => g.name === 'VPC')!;
    expect(edgeOf(doc, 'to-vpc').target).toBe(vpc.id);
    // An edge inside a container: its points are relative to the container in the file.
    expect(edgeOf(doc, 'in-vpc')).toMatchObject({ sourcePoint: { x: 750, y: 360 }, targetPoint: { x: 850, y: 360 } });
    // An end that is neither a cell nor a point cannot be drawn: that edge stays a kept cell.
    expect(doc.store.all('foreign').map((f) => (f as { what?: string }).what)).toEqual(['unattachedEdge']);
  });

  it('save back exactly as read', () => {
    expect(differences(outline(PAGE), outline(writeDrawioFile(open().store.snapshot())))).toEqual([]);
  });

  it('describe names a loose end by its point and a container by its name', async () => {
    const doc = open();
    expect(await query(doc, `describe #${edgeOf(doc, 'free').id}`)).toContain(`edge #${edgeOf(doc, 'free').id}: @(40,300)<->@(300,320) "both loose" curved`);
    expect(await query(doc, `describe #${edgeOf(doc, 'half').id}`)).toContain('API->@(160,260)');
    expect(await query(doc, `describe #${edgeOf(doc, 'to-vpc').id}`)).toContain('DB->group:VPC');
  });

  it('attaching a loose end to a shape sets target and drops only the targetPoint', async () => {
    const doc = open();
    const id = edgeOf(doc, 'half').id;
    const answer = await ok(doc, `connect #${id} target:DB`);
    expect(answer.join('\n')).toContain('API->DB');
    const after = saved(doc);
    expect(changedCells(before, after)).toEqual(['half']);
    expect(cellChanges(before, after, 'half')).toEqual(['target', 'geometry.targetPoint']);
    expect(endPoint(after, 'half', 'sourcePoint')).toEqual(endPoint(before, 'half', 'sourcePoint'));
    expect(await query(doc, 'describe API -> DB')).toContain(`edge #${id}: API->DB`);
  });

  it('attaching both ends of a free edge, one to a container', async () => {
    const doc = open();
    const id = edgeOf(doc, 'free').id;
    await ok(doc, `connect #${id} source:API target:VPC`);
    const after = saved(doc);
    expect(changedCells(before, after)).toEqual(['free']);
    expect(cellChanges(before, after, 'free').sort()).toEqual(['geometry.sourcePoint', 'geometry.targetPoint', 'source', 'target']);
    expect([attr(cell(after, 'free'), 'source'), attr(cell(after, 'free'), 'target')]).toEqual(['api', 'vpc']);
    // Style, heads, waypoints and label are as they were.
    expect(attr(cell(after, 'free'), 'style')).toBe(attr(cell(before, 'free'), 'style'));
    expect(endPoint(after, 'free', 'points')).toEqual(endPoint(before, 'free', 'points'));
  });

  it('moving an end to a point loosens it: source goes, a sourcePoint is written', async () => {
    const doc = open();
    await ok(doc, `connect #${edgeOf(doc, 'to-vpc').id} source:380,40`);
    const after = saved(doc);
    expect(changedCells(before, after)).toEqual(['to-vpc']);
    expect(cellChanges(before, after, 'to-vpc').sort()).toEqual(['geometry.sourcePoint', 'source']);
    expect(endPoint(after, 'to-vpc', 'sourcePoint')!.attrs).toEqual([['x', '380'], ['y', '40'], ['as', 'sourcePoint']]);
  });

  it("an end moved to another shape loses its port (connects floating, as in diagrams.net); moved nowhere it keeps it", async () => {
    const ported = PAGE.replace(
      '<mxCell id="to-vpc" style="endArrow=classic;"',
      '<mxCell id="to-vpc" style="endArrow=classic;exitX=1;exitY=0.5;exitDx=0;exitDy=0;entryX=0;entryY=0.25;entryDx=0;entryDy=0;entryPerimeter=0;"',
    );
    const start = outline(ported).pages[0];
    const doc = open(ported);
    const id = edgeOf(doc, 'to-vpc').id;
    // Attached again to the cell it is on: nothing changes.
    await ok(doc, `connect #${id} target:VPC`);
    expect(changedCells(start, saved(doc))).toEqual([]);
    await ok(doc, `connect #${id} target:API`);
    const after = saved(doc);
    expect(cellChanges(start, after, 'to-vpc').sort()).toEqual(['style', 'target']);
    expect(attr(cell(after, 'to-vpc'), 'style')).toBe('endArrow=classic;exitX=1;exitY=0.5;exitDx=0;exitDy=0;');
    // Loosened to a point, the source end loses its port too.
    await ok(doc, `connect #${id} source:380,40`);
    expect(attr(cell(saved(doc), 'to-vpc'), 'style')).toBe('endArrow=classic;');
  });

  it("an end attached at a connection point writes diagrams.net's entryX/entryY (exitX/exitY at a source), and only those", async () => {
    const doc = open();
    const id = edgeOf(doc, 'half').id;
    await ok(doc, `connect #${id} target:DB entry:left@0.25`);
    const after = saved(doc);
    expect(changedCells(before, after)).toEqual(['half']);
    expect(attr(cell(after, 'half'), 'style')).toMatch(/entryX=0;entryY=0\.25;/);
    expect(await query(doc, `describe #${id}`)).toMatch(/API->DB.*entry:left@0\.25/);
    // Moved on to another shape's point, the source end takes its exit there.
    await ok(doc, `connect #${id} source:VPC exit:bottom@0.5`);
    expect(attr(cell(saved(doc), 'half'), 'style')).toMatch(/exitX=0\.5;exitY=1;/);
  });

  it("keeps a connection point's pixels and a point inside the box, and an end moved to a point of a side writes it as diagrams.net does", async () => {
    const ported = PAGE.replace(
      '<mxCell id="to-vpc" style="endArrow=classic;"',
      '<mxCell id="to-vpc" style="endArrow=classic;exitX=0.5;exitY=0.3;exitPerimeter=0;entryX=0;entryY=0.25;entryDx=-6;entryDy=4;"',
    );
    const start = outline(ported).pages[0];
    const doc = open(ported);
    const edge = edgeOf(doc, 'to-vpc');
    expect(edge.exit).toEqual({ face: 'top', at: 0.5, x: 0.5, y: 0.3, perimeter: false });
    expect(edge.entry).toEqual({ face: 'left', at: 0.25, dx: -6, dy: 4 });
    // Relabelled, the ports are written as they were.
    await ok(doc, `label #${edge.id} "moved"`);
    expect(attr(cell(saved(doc), 'to-vpc'), 'style')).toBe(attr(cell(start, 'to-vpc'), 'style'));
    // The entry moved to another point: its X, Y, Dx and Dy as diagrams.net writes a connection constraint, the exit as it was.
    await ok(doc, `connect #${edge.id} target:VPC entry:top@0.5`);
    expect(attr(cell(saved(doc), 'to-vpc'), 'style')).toBe('endArrow=classic;exitX=0.5;exitY=0.3;exitPerimeter=0;entryX=0.5;entryY=0;entryDx=0;entryDy=0;');
    // The AI sees and gives such points in diagrams.net's constraint numbers: X,Y[,PERIMETER[,DX,DY]].
    expect(await query(doc, `describe #${edge.id}`)).toMatch(/exit:0\.5,0\.3,0 entry:top@0\.5/);
    await ok(doc, `connect #${edge.id} entry:1,0.5,0,8,-4`);
    expect(attr(cell(saved(doc), 'to-vpc'), 'style')).toBe('endArrow=classic;exitX=0.5;exitY=0.3;exitPerimeter=0;entryX=1;entryY=0.5;entryDx=8;entryDy=-4;entryPerimeter=0;');
    expect(await query(doc, `describe #${edge.id}`)).toMatch(/entry:1,0\.5,0,8,-4/);
    expect(await fails(doc, `connect #${edge.id} entry:1,0.5,2`)).toMatch(/PERIMETER/);
  });

  it('moving a loose end inside a container writes its point relative to the container', async () => {
    const doc = open();
    await ok(doc, `connect #${edgeOf(doc, 'in-vpc').id} target:880,480`);
    const after = saved(doc);
    expect(cellChanges(before, after, 'in-vpc')).toEqual(['geometry.targetPoint']);
    expect(endPoint(after, 'in-vpc', 'targetPoint')!.attrs).toEqual([['x', '280'], ['y', '180'], ['as', 'targetPoint']]);
  });

  it('moving a container takes the free arrow drawn inside it along: in the file only the container moves', async () => {
    const doc = open();
    await ok(doc, 'move @group:VPC to:650,320 strict:true');
    const frame = doc.store.all<GroupRecord>('group')[0].frame!;
    const [dx, dy] = [frame.x - 600, frame.y - 300];
    expect(Math.abs(dx) + Math.abs(dy)).toBeGreaterThan(0);
    expect(edgeOf(doc, 'in-vpc')).toMatchObject({ sourcePoint: { x: 750 + dx, y: 360 + dy }, targetPoint: { x: 850 + dx, y: 360 + dy } });
    const after = saved(doc);
    expect(changedCells(before, after)).toEqual(['vpc']);
  });

  it("describe names the end a file draws where the head's name does not say it (ER, block), until the head is edited", async () => {
    const er = PAGE.replace(
      '<mxCell id="nowhere"',
      '<mxCell id="er" style="edgeStyle=entityRelationEdgeStyle;startArrow=ERmandOne;endArrow=ERmany;" edge="1" parent="1" source="api" target="db"><mxGeometry relative="1" as="geometry"/></mxCell>\n<mxCell id="nowhere"',
    );
    const doc = open(er);
    const id = edgeOf(doc, 'er').id;
    // ERmany is the studio's own crow-foot: said once, as a head; ERmandOne has no head of its own.
    expect(await query(doc, `describe #${id}`)).toMatch(/API<->DB solid target-arrow:crow-foot source-marker:ERmandOne( |$)/m);
    expect(await query(doc, `describe #${id}`)).not.toContain('target-marker');
    // The free edge's open block end is not the studio's classic arrow; its oval start is its circle.
    const free = await query(doc, `describe #${edgeOf(doc, 'free').id}`);
    expect(free).toContain('target-marker:block');
    expect(free).not.toContain('source-marker');
    // A head edited here is written as the studio writes it, and described so.
    await ok(doc, `connect #${id} source-arrow:diamond`);
    expect(await query(doc, `describe #${id}`)).not.toContain('source-marker');
    expect(attr(cell(saved(doc), 'er'), 'style')).toMatch(/startArrow=diamond;/);
  });

  it('relabels an edge by its id, changing only its value', async () => {
    const doc = open();
    await ok(doc, `label #${edgeOf(doc, 'free').id} "now labelled"`);
    const after = saved(doc);
    expect(changedCells(before, after)).toEqual(['free']);
    expect(cellChanges(before, after, 'free')).toEqual(['value']);
  });

  it('disconnect #EDGE removes a free edge: its cell goes, nothing else changes', async () => {
    const doc = open();
    await ok(doc, `disconnect #${edgeOf(doc, 'free').id}`);
    const after = saved(doc);
    expect(changedCells(before, after)).toEqual(['free']);
    expect(cellChanges(before, after, 'free')).toEqual(['removed']);
  });

  it('a bad end answers with a clear error and changes nothing', async () => {
    const doc = open();
    const id = edgeOf(doc, 'half').id;
    expect(await fails(doc, `connect #${id} target:Nobody`)).toMatch(/Nobody/);
    expect(await fails(doc, 'connect API -> DB source:10,10')).toMatch(/connect #EDGE_ID/);
    expect(await fails(doc, `connect #${id} target:10,abc`)).toMatch(/X,Y/);
    expect(changedCells(before, saved(doc))).toEqual([]);
  });

  it('a new edge made loose by an op is written as diagrams.net writes one', async () => {
    const doc = open();
    await ok(doc, 'connect API -> DB');
    const id = doc.store.all<EdgeRecord>('edge').find((e) => !e.file)!.id;
    await ok(doc, `connect #${id} target:500,500`);
    const added = saved(doc).cells.map(innerCell).find((c) => attr(c, 'id') === id)!;
    expect(attr(added, 'target')).toBeUndefined();
    expect(added.children[0].children.map((c) => attr(c, 'as'))).toEqual(['targetPoint']);
  });
});

describe('the AWS corpus file: its 13 free arrows', () => {
  const text = readFileSync(corpusPath('drawio', 'cloud-aws_1.xml'), 'utf8');
  const before = outline(text).pages[0];

  it('are edges, none kept as a foreign cell, each described by its points', async () => {
    const doc = open(text, 'cloud-aws_1.xml');
    const edges = doc.store.all<EdgeRecord>('edge');
    expect(edges.filter((e) => e.source === '' && e.target === '')).toHaveLength(13);
    expect(doc.store.all('foreign')).toHaveLength(0);
    for (const edge of edges) expect(await query(doc, `describe #${edge.id}`)).toMatch(new RegExp(`^edge #${edge.id}: @\\(\\d+,\\d+\\)(->|<-)@\\(\\d+,\\d+\\)`));
    expect(await query(doc, 'stats')).not.toContain('kept unchanged');
  });

  it('one attached to the shape its head points into: the saved file differs in that cell\'s target only', async () => {
    const doc = open(text, 'cloud-aws_1.xml');
    const edge = doc.store.all<EdgeRecord>('edge').find((e) => e.label === 'Video Events')!;
    const head = edge.targetPoint!;
    const shapes = doc.store.all<ShapeRecord>('shape');
    const distance = (s: ShapeRecord) => Math.hypot(Math.max(s.x - head.x, 0, head.x - s.x - s.w), Math.max(s.y - head.y, 0, head.y - s.y - s.h));
    const nearest = shapes.reduce((a, b) => (distance(b) < distance(a) ? b : a));
    await ok(doc, `connect #${edge.id} target:#${nearest.id}`);
    const after = saved(doc);
    expect(changedCells(before, after)).toEqual([fileId(edge)]);
    expect(cellChanges(before, after, fileId(edge)!)).toEqual(['target', 'geometry.targetPoint']);
    expect(await query(doc, `describe #${edge.id}`)).toMatch(new RegExp(`^edge #${edge.id}: @\\(262,754\\)->${nearest.alias.includes(' ') ? JSON.stringify(nearest.alias) : nearest.alias} "Video Events"`));
  });
});
