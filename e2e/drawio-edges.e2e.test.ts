/**
 * Editing every edge in the page, as diagrams.net does, and the AI seeing it: the selected edge's
 * attached end dragged onto another shape attaches it there, dropped on empty canvas leaves it
 * loose at that point (kept in the file as a point); a corpus file's curved edge has a waypoint
 * moved and is relabelled. Also an html edge label drawn with its formatting, and the corpus
 * entity-relation diagram routed as diagrams.net routes it. Hand-made and corpus files, a real
 * `tandem serve`, an MCP client as the AI, Debian's Chromium. Without Chromium the suite FAILS.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canvasScreenPoint, canvasZoom, edgeElement, shapeNode, waitForEdge } from './support/browser';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';
import { cellChanges, changedCells, outline } from '../src/main/domains/drawio/testing/mxfile-outline';
import { corpusPath } from '../src/main/testing/corpora';
import { readDrawioFile } from '../src/main/domains/drawio/file/drawio-file';
import { fileStyleText, type EdgeRecord } from '../src/shared/drawio/model';
import { REPO_ROOT } from './support/studio-server';

const { startStudio } = useStudios();

const EDGES_FILE = `<mxfile><diagram id="p1" name="Edges"><mxGraphModel><root>
<mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="a" value="Client" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="b" value="Server" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="440" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="c" value="Cache" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="440" y="280" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="q" value="Queue" style="shape=mxgraph.arrows.arrow_down;html=1;" vertex="1" parent="1"><mxGeometry x="320" y="130" width="60" height="80" as="geometry"/></mxCell>
<mxCell id="n" value="Notes" style="shape=note;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="640" y="160" width="120" height="80" as="geometry"/></mxCell>
<mxCell id="e1" value="&lt;b&gt;calls&lt;/b&gt; &lt;font color=&quot;#cc0000&quot;&gt;it&lt;/font&gt;" style="edgeStyle=orthogonalEdgeStyle;html=1;" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="e2" style="edgeStyle=orthogonalEdgeStyle;html=1;" edge="1" parent="1" source="a" target="c"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="100" y="310"/></Array></mxGeometry></mxCell>
</root></mxGraphModel></diagram></mxfile>`;

async function openEdgesFile() {
  const studio = await startStudio();
  const { workspace } = studio.server;
  mkdirSync(join(workspace, 'diagrams'));
  const path = join(workspace, 'diagrams', 'edges.drawio');
  writeFileSync(path, EDGES_FILE);
  await studio.ai.session('open diagrams/edges.drawio');
  const tab = await studio.openTab();
  return { ai: studio.ai, page: tab.page, tab, path };
}

/** The id the studio gives the edge drawn between two shapes (the AI names it `#ID`). */
async function edgeIdOf(page: Page, sourceAlias: string, targetAlias: string): Promise<string> {
  await waitForEdge(page, sourceAlias, targetAlias);
  return (await edgeElement(page, sourceAlias, targetAlias).getAttribute('data-edge-id'))!;
}

/** Selects the edge with a click at a page point on it, then drags the grip of its `end` to the page point `to`. */
async function dragAttachedEnd(page: Page, edgeId: string, end: 'source' | 'target', on: { x: number; y: number }, to: { x: number; y: number }) {
  const click = await canvasScreenPoint(page, on);
  await page.mouse.click(click.x, click.y);
  const grip = page.getByTestId(`edge-grip-${edgeId}-${end}`);
  await grip.waitFor();
  const box = (await grip.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const drop = await canvasScreenPoint(page, to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 10, { steps: 3 });
  await page.mouse.move(drop.x, drop.y, { steps: 8 });
}

describe('edge labels as diagrams.net draws them', () => {
  it('draws an html label with its bold and coloured runs, on a background tight around the text', async () => {
    const { page, tab } = await openEdgesFile();
    await waitForEdge(page, 'Client', 'Server');
    const label = edgeElement(page, 'Client', 'Server').getByTestId('edge-label');
    await eventually(() => label.textContent()).toBe('calls it');
    const bold = label.locator('[data-run="b"]');
    expect(await bold.textContent()).toBe('calls');
    expect(await bold.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
    // <font color>: the run in its colour.
    const red = label.locator('span', { hasText: /^it$/ });
    expect(await red.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(204, 0, 0)');
    const look = await label.evaluate((element) => {
      const style = getComputedStyle(element);
      return { size: style.fontSize, background: style.backgroundColor, whiteSpace: style.whiteSpace, height: element.getBoundingClientRect().height };
    });
    // diagrams.net's edge label: 11 px on white, one line, no padding around it.
    expect(look).toMatchObject({ size: '11px', background: 'rgb(255, 255, 255)', whiteSpace: 'nowrap' });
    const zoom = await canvasZoom(page);
    expect(look.height / zoom).toBeCloseTo(11 * 1.2, 0);
    // Centred on the middle of the line (from x=160 to x=440 at y=70).
    const box = (await label.boundingBox())!;
    const middle = await canvasScreenPoint(page, { x: 300, y: 70 });
    expect(Math.abs(box.x + box.width / 2 - middle.x)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - middle.y)).toBeLessThan(2);
    expectNoPageErrors(tab);
  });
});

describe('edges routed as diagrams.net routes them', () => {
  it("draws the entity-relation corpus file's relations as stub, slant, stub out of their rows' sides", async () => {
    const studio = await startStudio();
    mkdirSync(join(studio.server.workspace, 'diagrams'));
    copyFileSync(corpusPath('drawio', 'software-entity_relationship_3.xml'), join(studio.server.workspace, 'diagrams', 'er.drawio'));
    await studio.ai.session('open diagrams/er.drawio');
    const tab = await studio.openTab();
    const paths = tab.page.locator('path.react-flow__edge-path');
    await eventually(() => paths.count()).toBeGreaterThan(3);
    // Its four relations leave and enter their rows with diagrams.net's 30 px horizontal stubs
    // (their corners rounded, as diagrams.net's default edge style rounds them: a corner is a curve's control point).
    const stubbed = await paths.evaluateAll((nodes) =>
      nodes.filter((node) => {
        const d = node.getAttribute('d') ?? '';
        const pair = (text: string) => [...text.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
        const all = pair(d);
        const controls = [...d.matchAll(/Q\s*(-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
        const points = controls.length ? [all[0], ...controls, all[all.length - 1]] : all;
        const stub = (a: { x: number; y: number }, b: { x: number; y: number }) => a.y === b.y && Math.abs(Math.abs(a.x - b.x) - 30) < 0.01;
        return points.length >= 4 && stub(points[0], points[1]) && stub(points[points.length - 1], points[points.length - 2]);
      }).length,
    );
    expect(stubbed).toBe(4);
    await tab.page.screenshot({ path: join(REPO_ROOT, 'test-results', 'drawio-edges-entity-relation.png') });
    expectNoPageErrors(tab);
  });
});

describe('every edge can be edited in the page', () => {
  it("moves a waypoint of a corpus file's curved edge and relabels it, and the AI sees both", async () => {
    const name = 'maps-mind_map_2.xml';
    // The first curved edge with two waypoints, as the studio reads the file (its ids are the studio's).
    const records = readDrawioFile(readFileSync(corpusPath('drawio', name), 'utf8'), 'mind.drawio');
    const curved = records.find(
      (r): r is EdgeRecord => r.kind === 'edge' && /curved=1/.test(fileStyleText(r.file) ?? '') && (r.points?.length ?? 0) >= 2,
    )!;
    const [first, second] = curved.points!;
    const studio = await startStudio();
    mkdirSync(join(studio.server.workspace, 'diagrams'));
    copyFileSync(corpusPath('drawio', name), join(studio.server.workspace, 'diagrams', 'mind.drawio'));
    await studio.ai.session('open diagrams/mind.drawio');
    const tab = await studio.openTab();
    const { page } = tab;
    const edge = page.locator(`[data-edge-id="${curved.id}"]`);
    await edge.waitFor({ state: 'attached' });
    // Drawn through its waypoints.
    expect(await edge.locator('path.react-flow__edge-path').getAttribute('d')).toContain(`${first.x},${first.y}`);

    // Selected with a click near its target end, where no other edge of the map runs.
    const nearEnd = () =>
      edge.locator('path.react-flow__edge-path').evaluate((element) => {
        const path = element as SVGPathElement;
        const p = path.getPointAtLength(path.getTotalLength() * 0.95);
        const screen = new DOMPoint(p.x, p.y).matrixTransform(path.getScreenCTM()!);
        return { x: screen.x, y: screen.y };
      });
    const near = await nearEnd();
    await page.mouse.click(near.x, near.y);
    const at = await canvasScreenPoint(page, first);
    const handle = page.getByTestId(`waypoint-${curved.id}-0`);
    await handle.waitFor();
    const to = await canvasScreenPoint(page, { x: first.x + 40, y: first.y + 20 });
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 5, at.y + 5, { steps: 2 });
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await page.mouse.up();
    const moved = new RegExp(`via:(${first.x + 39}|${first.x + 40}|${first.x + 41}),(${first.y + 19}|${first.y + 20}|${first.y + 21});${second.x},${second.y}`);
    await eventually(() => studio.ai.query(`describe #${curved.id}`)).toMatch(moved);
    expect(await studio.ai.query(`describe #${curved.id}`)).toContain('curved');

    // Double-clicked (off its waypoints, where a double click removes one), renamed in place.
    const label = await nearEnd();
    await page.mouse.dblclick(label.x, label.y);
    const input = page.getByTestId('rename-input');
    await input.waitFor({ state: 'visible' });
    await input.fill('branch');
    await input.press('Enter');
    await eventually(() => studio.ai.query(`describe #${curved.id}`)).toContain('"branch"');
    expectNoPageErrors(tab);
  });

  it("pulls a new waypoint out of an orthogonal edge from the handle on its line, where the route bends between its ends", async () => {
    const { ai, page, tab } = await openEdgesFile();
    await ai.drawio(['connect Client -> Queue']);
    const edgeId = await edgeIdOf(page, 'Client', 'Queue');
    // Client's right side (160,70) across to Queue's top (350,130): right, then down. Halfway along
    // the drawn line (190 + 60) is (285,70), on it; the ends' straight middle (255,100) is not.
    const click = await canvasScreenPoint(page, { x: 220, y: 70 });
    await page.mouse.click(click.x, click.y);
    const handle = page.getByTestId(`waypoint-add-${edgeId}-0`);
    await handle.waitFor();
    const box = (await handle.boundingBox())!;
    const onLine = await canvasScreenPoint(page, { x: 285, y: 70 });
    expect(Math.abs(box.x + box.width / 2 - onLine.x)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - onLine.y)).toBeLessThan(2);
    const to = await canvasScreenPoint(page, { x: 285, y: 20 });
    await page.mouse.move(onLine.x, onLine.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await page.mouse.up();
    await eventually(() => ai.query(`describe #${edgeId}`)).toMatch(/Client->Queue.* via:(284|285|286),(19|20|21)/);
    expectNoPageErrors(tab);
  });

  it('the person drags an attached end onto another shape; it is outlined, attached there, and the AI sees it', async () => {
    const { ai, page, tab } = await openEdgesFile();
    const edgeId = await edgeIdOf(page, 'Client', 'Server');
    // Grab the target end where it meets Server and drop it on the middle of Cache.
    await dragAttachedEnd(page, edgeId, 'target', { x: 200, y: 70 }, { x: 500, y: 310 });
    const cacheId = await shapeNode(page, 'Cache').getAttribute('data-shape-id');
    await eventually(() => page.getByTestId('edge-drop-target').getAttribute('data-cell-id')).toBe(cacheId);
    // In its middle, off its points, the end would attach floating: the line already stops at
    // Cache's outline (its top, y 280, behind the arrowhead), not at the pointer in its middle.
    const line = page.locator(`.react-flow__edge[data-id="${edgeId}"] path.react-flow__edge-path`);
    await eventually(async () => Number(/(-?[\d.]+)\s*$/.exec((await line.getAttribute('d')) ?? '')?.[1])).toBeLessThan(280);
    expect(await page.getByTestId('edge-drop-point-chosen').count()).toBe(0);
    await page.mouse.up();

    await eventually(() => ai.query(`describe #${edgeId}`)).toContain('Client->Cache "calls it"');
    expect(await ai.query('history 3')).toMatch(new RegExp(`person batch: connect #${edgeId} target:#${cacheId}`));
    // Both of Client's edges now end at Cache.
    await eventually(() => edgeElement(page, 'Client', 'Cache').count()).toBe(2);
    expect(await page.getByTestId('edge-drop-target').count()).toBe(0);
    expectNoPageErrors(tab);
  });

  it("an end dropped on a shape's side is fixed at that connection point: entryX/entryY in the file, entry: for the AI", async () => {
    const { ai, page, tab, path } = await openEdgesFile();
    const edgeId = await edgeIdOf(page, 'Client', 'Server');
    // Cache is 440,280 120x60: drop the end on its top side, a quarter along.
    await dragAttachedEnd(page, edgeId, 'target', { x: 200, y: 70 }, { x: 471, y: 281 });
    // Before it is let go, the point it snaps to is ringed and the line already ends there, on
    // Cache's top a quarter along: it stops behind the classic arrowhead (0.75 x (6 + 1) + 1.118 px
    // above the side), as diagrams.net draws it; not under the pointer (471,281).
    const chosen = page.getByTestId('edge-drop-point-chosen');
    await eventually(() => chosen.getAttribute('data-x')).toBe('470');
    expect(await chosen.getAttribute('data-y')).toBe('280');
    const line = page.locator(`.react-flow__edge[data-id="${edgeId}"] path.react-flow__edge-path`);
    const drawnEnd = async () => {
      const end = /(-?[\d.]+)[ ,](-?[\d.]+)\s*$/.exec((await line.getAttribute('d')) ?? '');
      return end && [Number(end[1]), Number(end[2])];
    };
    await eventually(drawnEnd).toEqual([470, 273.63]);
    await page.mouse.up();
    await eventually(() => ai.query(`describe #${edgeId}`)).toMatch(/Client->Cache.*entry:top@0\.25/);
    // Fixed there, it stays drawn there.
    expect(await drawnEnd()).toEqual([470, 273.63]);
    await ai.session('save');
    expect(readFileSync(path, 'utf8')).toMatch(/entryX=0\.25;entryY=0;/);
    expectNoPageErrors(tab);
  });

  it("an end dropped at a stencil's own connection point is fixed there, and only the stencil's points are marked", async () => {
    const { ai, page, tab } = await openEdgesFile();
    const edgeId = await edgeIdOf(page, 'Client', 'Server');
    await page.locator('[data-stencil="mxgraph.arrows.arrow_down"] path').first().waitFor({ state: 'attached' });
    // Queue (320,130 60x80) is diagrams.net's arrow_down stencil, whose <connections> are its top's
    // and its bottom's middles, off the outline (perimeter="0"): drop the end near the bottom one.
    await dragAttachedEnd(page, edgeId, 'target', { x: 200, y: 70 }, { x: 352, y: 206 });
    await eventually(() => page.getByTestId('edge-drop-point').count()).toBe(2);
    await page.mouse.up();
    await eventually(() => ai.query(`describe #${edgeId}`)).toMatch(/Client->Queue.*entry:0\.5,1,0/);
    expectNoPageErrors(tab);
  });

  it("an end dropped on a note's folded corner is fixed at diagrams.net's point there, which follows the note's size", async () => {
    const { ai, page, tab } = await openEdgesFile();
    const edgeId = await edgeIdOf(page, 'Client', 'Server');
    // Notes (640,160 120x80, its fold 30): diagrams.net's 11 points, the fold's middle 105,15 in.
    await dragAttachedEnd(page, edgeId, 'target', { x: 200, y: 70 }, { x: 746, y: 176 });
    await eventually(() => page.getByTestId('edge-drop-point').count()).toBe(11);
    await page.mouse.up();
    await eventually(() => ai.query(`describe #${edgeId}`)).toMatch(/Client->Notes.*entry:0,0,0,105,15/);
    expectNoPageErrors(tab);
  });

  it('an attached end dropped on empty canvas is left loose at that point, kept in the file as a point', async () => {
    const { ai, page, tab, path } = await openEdgesFile();
    const edgeId = await edgeIdOf(page, 'Client', 'Cache');
    // It runs down from Client through its waypoint (100,310) to Cache; grab its source end.
    await dragAttachedEnd(page, edgeId, 'source', { x: 100, y: 250 }, { x: 260, y: 200 });
    // Over empty canvas nothing is outlined.
    await eventually(() => page.locator('.edge-end-grip').count()).toBe(2);
    expect(await page.getByTestId('edge-drop-target').count()).toBe(0);
    await page.mouse.up();

    await eventually(() => ai.query(`describe #${edgeId}`)).toMatch(/@\((259|260|261),(199|200|201)\)->Cache/);
    // The loose end has its own handle now, and the edge keeps its waypoint.
    await page.getByTestId(`edge-end-${edgeId}-source`).waitFor({ state: 'attached' });
    expect(await ai.query(`describe #${edgeId}`)).toContain('via:100,310');
    await ai.session('save');
    const before = outline(EDGES_FILE).pages[0];
    const after = outline(readFileSync(path, 'utf8')).pages[0];
    expect(changedCells(before, after)).toEqual(['e2']);
    expect(cellChanges(before, after, 'e2')).toEqual(['source', 'geometry.sourcePoint']);
    expect(readFileSync(path, 'utf8')).toMatch(/<mxPoint x="(259|260|261)" y="(199|200|201)" as="sourcePoint"\/>/);
    expectNoPageErrors(tab);
  });
});
