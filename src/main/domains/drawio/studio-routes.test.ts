/**
 * The route the studio writes into the edges it makes, through the verbs as clients send them:
 * straight between lined-up shapes by fixed ends diagrams.net draws straight, floating elsewhere,
 * re-chosen when the shapes move, and never touching ends someone chose or an edge of a file.
 */
import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { readDrawioFile, writeDrawioFile } from './file/drawio-file';
import { drawioDomain } from './index';
import type { DrawioRecord, EdgeRecord } from '../../../shared/drawio/model';
import { edges, newDiagram, ok, query, shape, type Diagram } from './test-kit';
import { straightPorts } from '../../../shared/drawio/render/straight-ports';

function onlyEdge(doc: Diagram): EdgeRecord {
  const all = edges(doc);
  expect(all).toHaveLength(1);
  return all[0];
}

/** The style of the one edge cell of a written file. */
function writtenEdgeStyle(records: readonly DrawioRecord[]): string {
  const styles = [...writeDrawioFile(records).matchAll(/<mxCell [^>]*edge="1"[^>]*>/g)].map((m) => /style="([^"]*)"/.exec(m[0])?.[1] ?? '');
  expect(styles).toHaveLength(1);
  return styles[0];
}

describe('the route the studio writes into an edge it makes', () => {
  it('fixes the ends of an edge between lined-up shapes of different sizes on one straight line, and writes them as diagrams.net does', async () => {
    const doc = newDiagram();
    await ok(doc, 'add box Wide at:200,100 size:240x60', 'add box Narrow at:300,260 size:80x50', 'connect Wide -> Narrow');
    const edge = onlyEdge(doc);
    // The narrow box's end is on the line already (the middle of its side): it floats.
    expect([edge.exit, edge.entry]).toEqual([{ face: 'bottom', at: 140 / 240 }, undefined]);
    const style = writtenEdgeStyle(doc.store.all());
    expect(style).toContain('edgeStyle=orthogonalEdgeStyle;');
    expect(style).toContain(`exitX=${140 / 240};exitY=1;exitDx=0;exitDy=0;`);
    expect(style).not.toContain('entryX');
    expect(style).not.toMatch(/tandem/i);
    // The AI sees the ends it got.
    expect(await query(doc, 'describe Wide')).toContain(`exit:bottom@${(140 / 240).toFixed(2)}`);
  });

  it('leaves the ends floating between shapes centred on each other or not lined up, as diagrams.net routes them', async () => {
    const doc = newDiagram();
    await ok(doc, 'add box A at:100,100 size:120x60', 'add box B at:120,300 size:80x40', 'add box C at:600,400', 'connect A -> B', 'connect A -> C');
    for (const edge of edges(doc)) expect([edge.exit, edge.entry]).toEqual([undefined, undefined]);
  });

  it('chooses again when the shapes move or resize: floating once they no longer line up, straight when they do again', async () => {
    const doc = newDiagram();
    await ok(doc, 'add box Wide at:200,100 size:240x60', 'add box Narrow at:300,260 size:80x50', 'connect Wide -> Narrow');
    await ok(doc, 'move Narrow to:700,400 strict:true');
    expect([onlyEdge(doc).exit, onlyEdge(doc).entry]).toEqual([undefined, undefined]);
    // Above the wide box and lined up again: the ends turn round with it, no loop round a shape.
    await ok(doc, 'move Narrow to:220,-100 strict:true');
    expect([onlyEdge(doc).exit, onlyEdge(doc).entry]).toEqual([{ face: 'top', at: 60 / 240 }, undefined]);
    // Partly over each other: both ends on the middle of the shared span.
    await ok(doc, 'resize Narrow to:40x50', 'move Narrow to:180,-100 strict:true');
    expect([onlyEdge(doc).exit, onlyEdge(doc).entry]).toEqual([{ face: 'top', at: 10 / 240 }, { face: 'bottom', at: 0.75 }]);
  });

  it('chooses again for a diagram turned by orient, where it turns the ends someone chose', async () => {
    const doc = newDiagram();
    await ok(doc, 'add box Wide at:200,100 size:240x60', 'add box Narrow at:300,260 size:80x50', 'add box Far at:800,400', 'connect Wide -> Narrow', 'connect Wide -> Far exit:right@0.25');
    await ok(doc, 'orient LR');
    const [studio, chosen] = edges(doc).sort((a, b) => a.order - b.order);
    const box = (alias: string) => {
      const { x, y, w, h } = shape(doc, alias);
      return { x, y, w, h };
    };
    // The studio's edge has the ends it chooses for the turned shapes; the AI's port turned with the diagram.
    expect({ exit: studio.exit, entry: studio.entry }).toEqual({ exit: undefined, entry: undefined, ...straightPorts(box('Wide'), box('Narrow')) });
    expect(chosen.exit).toEqual({ face: 'bottom', at: 0.25 });
  });

  it('keeps ends someone chose, and an edge with waypoints, as they are when the shapes move', async () => {
    const doc = newDiagram();
    await ok(doc, 'add box Wide at:200,100 size:240x60', 'add box Narrow at:300,260 size:80x50', 'add box Far at:800,100', 'connect Wide -> Narrow exit:right entry:top@0.25', 'connect Wide -> Far via:500,50');
    await ok(doc, 'move Narrow to:700,400 strict:true', 'move Far to:200,400 strict:true');
    const [chosen, waypoints] = edges(doc).sort((a, b) => a.order - b.order);
    expect([chosen.exit, chosen.entry]).toEqual([{ face: 'right', at: 0.5 }, { face: 'top', at: 0.25 }]);
    expect([waypoints.exit, waypoints.entry, waypoints.points]).toEqual([undefined, undefined, [{ x: 500, y: 50 }]]);
  });

  it("leaves a file's edge alone when its shapes move, byte for byte", async () => {
    const file = `<mxfile><diagram id="d" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="a" value="Wide" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="200" y="100" width="240" height="60" as="geometry"/></mxCell>
<mxCell id="b" value="Narrow" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="300" y="260" width="80" height="50" as="geometry"/></mxCell>
<mxCell id="e" style="edgeStyle=orthogonalEdgeStyle;rounded=0;html=1;" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;
    const doc = new FcpDocument(drawioDomain, readDrawioFile(file, 'f.drawio'), { path: 'f.drawio' });
    await ok(doc, 'move Narrow to:320,300 strict:true');
    expect([onlyEdge(doc).exit, onlyEdge(doc).entry]).toEqual([undefined, undefined]);
    expect(writeDrawioFile(doc.store.all())).toMatch(/<mxCell id="e" style="edgeStyle=orthogonalEdgeStyle;rounded=0;html=1;" edge="1" parent="1" source="a" target="b">\s*<mxGeometry relative="1" as="geometry"\/>\s*<\/mxCell>/);
  });
});
