/**
 * Shapes diagrams.net draws in code, end to end: a real `tandem serve`, the AI opening corpus
 * files (floor plan, BPMN, AWS, swimlanes, UML state machine, Gantt table) and files made here
 * that use the same shapes otherwise (an AWS 4 group with its icon, vertical and rounded lanes,
 * frames and arrows of other sizes, turns, flips and colours), Debian's Chromium drawing each
 * with its code shape rather than the simplified outline and its caption (screenshots in
 * test-results/drawio-code-shapes-*.png). Without Chromium the suite FAILS.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../src/main/domains/drawio/file/drawio-file';
import { fileStyleText, type DrawioRecord } from '../src/shared/drawio/model';
import { corpusPath } from '../src/main/testing/corpora';
import { styleEntries } from '../src/shared/drawio/stencils';
import { codeShapeName, containerStyle } from '../src/shared/drawio/render/code-shapes';
import { canvasZoom } from './support/browser';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const SCREENSHOTS = join(REPO_ROOT, 'test-results');
const { startStudio } = useStudios();

/** The cells of a file's first page that diagrams.net draws in code: id, kind and shape name. */
function codeShapeCells(xml: string, name: string): Array<{ id: string; kind: 'shape' | 'group'; shape: string }> {
  const records = readDrawioFile(xml, name);
  const firstPage = records.find((record) => record.kind === 'page')!.id;
  return records.flatMap((record: DrawioRecord) => {
    if ((record.kind !== 'shape' && record.kind !== 'group') || record.pageId !== firstPage) return [];
    if (record.kind === 'shape' && record.look === 'image') return [];
    // A cell is drawn as its code shape, or as diagrams.net's plain box when it names no shape.
    const style = containerStyle(styleEntries(fileStyleText(record.file) ?? ''));
    const shape = style && codeShapeName(style);
    return shape ? [{ id: record.id, kind: record.kind, shape }] : [];
  });
}

async function openXml(fileName: string, xml: string) {
  const studio = await startStudio();
  mkdirSync(join(studio.server.workspace, 'diagrams'));
  writeFileSync(join(studio.server.workspace, 'diagrams', fileName), xml);
  await studio.ai.session(`open diagrams/${fileName}`);
  const tab = await studio.openTab();
  return { page: tab.page, tab };
}

/** What the page drew for each cell drawn in code: the code shape's name, and whether a simplified caption shows. */
async function drawnCodeShapes(page: Page) {
  const drawn = await page.locator('[data-shape-id], [data-group-id]').evaluateAll((nodes) =>
    nodes.map((node) => ({
      id: node.getAttribute('data-shape-id') ?? node.getAttribute('data-group-id')!,
      // Its own figure (a container's members are drawn in their own nodes).
      shape: node.querySelector(':scope > svg > [data-code-shape]')?.getAttribute('data-code-shape'),
      figures: node.querySelectorAll(':scope > svg > [data-code-shape] :is(path, rect, ellipse)').length,
      caption: node.querySelector(':scope > .shape-look') !== null,
    })),
  );
  return new Map(drawn.map((cell) => [cell.id, cell]));
}

describe('shapes diagrams.net draws in code, in the studio page', () => {
  const corpus = [
    ['blog-floorplan-apartment.drawio', ['mxgraph.floorplan.wall', 'mxgraph.floorplan.doorLeft', 'mxgraph.floorplan.stairs', 'dimension']],
    ['business-bpmn_1.xml', ['mxgraph.bpmn.shape']],
    ['cloud-aws_1.xml', ['curlyBracket']],
    ['business-swimlane.xml', ['swimlane', 'document']],
    ['uml-state_machine_1.xml', []],
    ['tables-gantt_1.xml', []],
    ['blog-uml-state-diagram-smart-lock.drawio', ['umlFrame', 'umlState', 'endState']],
    ['examples-t-chart-examples.drawio', ['note']],
    ['uml-sequence_4.xml', ['umlLifeline']],
    ['examples-sysml-internal-block-diagram.drawio', ['mxgraph.sysml.package', 'mxgraph.sysml.itemFlowLeft']],
    ['blog-C4.drawio', ['mxgraph.c4.person']],
    ['gcp-retail_pci.xml', []],
    ['examples-ishikawa-fishbone-examples.drawio', ['waypoint']],
    ['blog-threat-modelling.drawio', ['swimlane', 'partialRectangle']],
    ['examples-uml-activity-example.drawio', ['mxgraph.infographic.ribbonSimple', 'rhombus', 'endState', 'swimlane']],
    ['examples-kanban-example.drawio', ['mxgraph.ios.iPin']],
    ['blog-data-flow.drawio', ['mxgraph.dfd.dataStoreID']],
    ['examples-uml-component-example.drawio', ['module']],
    ['software-entity_relationship_3.xml', ['swimlane', 'partialRectangle']],
    ['software-class_3.xml', ['swimlane', 'line']],
  ] as const;

  for (const [file, expectedShapes] of corpus) {
    it(`draws ${file} with its code shapes, none simplified`, async () => {
      const xml = readFileSync(corpusPath('drawio', file), 'utf8');
      const expected = codeShapeCells(xml, file);
      expect(expected.map((cell) => cell.shape)).toEqual(expect.arrayContaining([...expectedShapes]));
      const { page, tab } = await openXml(file.replace(/\.xml$/, '.drawio'), xml);
      await page.locator('[data-shape-id]').first().waitFor();
      await eventually(() => page.locator('[data-code-shape]').count()).toBe(expected.length);
      const drawn = await drawnCodeShapes(page);
      for (const cell of expected) {
        expect(drawn.get(cell.id), `${cell.kind} ${cell.id}`).toMatchObject({ shape: cell.shape, caption: false });
      }
      // Whatever the page draws, nothing is called simplified but a name no library or code shape has.
      expect([...drawn.values()].filter((cell) => cell.caption)).toEqual([]);
      expect((await page.getByTestId('file-notice').allTextContents()).join('')).not.toContain('simplified');
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `drawio-code-shapes-${basename(file).replace(/\.\w+$/, '')}.png`) });
      expectNoPageErrors(tab);
    });
  }

  it("draws the floor plan's walls 10 px thick, at the page's zoom", async () => {
    const file = 'blog-floorplan-apartment.drawio';
    const { page, tab } = await openXml(file, readFileSync(corpusPath('drawio', file), 'utf8'));
    const wall = page.locator('[data-code-shape="mxgraph.floorplan.wall"] rect').first();
    await wall.waitFor();
    expect(await wall.getAttribute('height')).toBe('10');
    const zoom = await canvasZoom(page);
    // The bar and its 1 px stroke (half of it each side).
    expect((await wall.boundingBox())!.height / zoom).toBeCloseTo(11, 0);
    expectNoPageErrors(tab);
  });
});

/** A file of cells written here: each `[id, label, style, x, y, w, h, parent?]`. */
function fileOf(cells: ReadonlyArray<readonly [string, string, string, number, number, number, number, string?]>): string {
  const xml = cells
    .map(([id, value, style, x, y, w, h, parent]) => `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="${parent ?? '1'}"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`)
    .join('');
  return `<mxfile><diagram id="p1" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${xml}</root></mxGraphModel></diagram></mxfile>`;
}

describe('code shapes used otherwise, in files made here', () => {
  it('draws an AWS 4 group with its icon stencil and its label beside it, and lanes, frames and arrows of other sizes, turns and colours', async () => {
    const xml = fileOf([
      ['vpc', 'My VPC', 'points=[];outlineConnect=0;html=1;whiteSpace=wrap;fontSize=12;fontStyle=0;container=1;shape=mxgraph.aws4.group;grIcon=mxgraph.aws4.group_vpc;strokeColor=#248814;fillColor=none;verticalAlign=top;align=left;spacingLeft=30;fontColor=#AAB7B8;dashed=0;', 40, 40, 400, 220],
      ['fn', 'Handler', 'rounded=1;whiteSpace=wrap;html=1;', 60, 60, 120, 60, 'vpc'],
      ['lane', 'Vertical lane', 'swimlane;horizontal=0;startSize=40;fillColor=#f8cecc;strokeColor=#b85450;swimlaneFillColor=#fff2cc;rounded=1;', 480, 40, 300, 160],
      ['inLane', 'Inside', 'rounded=0;whiteSpace=wrap;html=1;', 100, 50, 100, 50, 'lane'],
      ['frame', 'sd Checkout', 'shape=umlFrame;whiteSpace=wrap;html=1;width=120;height=40;strokeColor=#6c8ebf;', 40, 300, 300, 160],
      ['arrow', 'Down', 'shape=singleArrow;direction=south;whiteSpace=wrap;html=1;fillColor=#d5e8d4;strokeColor=#82b366;', 400, 300, 60, 120],
      ['ribbon', 'Flipped', 'shape=mxgraph.infographic.ribbonSimple;notch1=20;notch2=10;flipH=1;fillColor=#e1d5e7;html=1;', 500, 300, 160, 40],
      ['wall', '', 'shape=mxgraph.floorplan.wall;wallThickness=6;fillColor=#333333;rotation=30;', 500, 380, 160, 20],
      // A container whose style names a stencil is drawn from it.
      ['rack', 'Router room', 'shape=mxgraph.cisco.routers.router;fillColor=#036897;strokeColor=#ffffff;container=1;verticalLabelPosition=bottom;', 900, 40, 120, 80],
      ['inRack', 'Port', 'rounded=0;whiteSpace=wrap;html=1;', 10, 10, 40, 20, 'rack'],
      // A table as diagrams.net inserts one: rows of cells with no border; the table draws the grid.
      ['tbl', '', 'shape=table;startSize=0;container=1;collapsible=0;childLayout=tableLayout;', 700, 300, 180, 60],
      ['row1', '', 'shape=tableRow;horizontal=0;startSize=0;swimlaneHead=0;swimlaneBody=0;top=0;left=0;bottom=0;right=0;collapsible=0;dropTarget=0;fillColor=none;', 0, 0, 180, 30, 'tbl'],
      ['a1', 'A1', 'shape=partialRectangle;html=1;whiteSpace=wrap;connectable=0;overflow=hidden;fillColor=none;top=0;left=0;bottom=0;right=0;', 0, 0, 60, 30, 'row1'],
      ['b1', 'B1', 'shape=partialRectangle;html=1;whiteSpace=wrap;connectable=0;overflow=hidden;fillColor=none;top=0;left=0;bottom=0;right=0;', 60, 0, 120, 30, 'row1'],
      ['row2', '', 'shape=tableRow;horizontal=0;startSize=0;swimlaneHead=0;swimlaneBody=0;top=0;left=0;bottom=0;right=0;collapsible=0;dropTarget=0;fillColor=none;', 0, 30, 180, 30, 'tbl'],
      ['a2', 'A2', 'shape=partialRectangle;html=1;whiteSpace=wrap;connectable=0;overflow=hidden;fillColor=none;top=0;left=0;bottom=0;right=0;', 0, 0, 60, 30, 'row2'],
      ['b2', 'B2', 'shape=partialRectangle;html=1;whiteSpace=wrap;connectable=0;overflow=hidden;fillColor=none;top=0;left=0;bottom=0;right=0;', 60, 0, 120, 30, 'row2'],
    ]);
    const { page, tab } = await openXml('made-here.drawio', xml);
    const group = page.locator('[data-code-shape="mxgraph.aws4.group"]');
    await group.waitFor();
    // The icon: the group_vpc stencil (paths; the frame is a rect) drawn in 25 px at the top left, in the group's stroke colour.
    await eventually(() => group.locator('path').count()).toBeGreaterThan(0);
    const zoom = await canvasZoom(page);
    const frameBox = (await page.getByTestId('group-My VPC').boundingBox())!;
    const icon = await group.locator('path').evaluateAll((paths) => {
      const boxes = paths.map((path) => path.getBoundingClientRect());
      return { left: Math.min(...boxes.map((b) => b.left)), top: Math.min(...boxes.map((b) => b.top)), right: Math.max(...boxes.map((b) => b.right)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
    });
    // 25 px, and the half pixel diagrams.net moves a shape of a 1 px stroke by (screenOffset).
    expect((icon.right - frameBox.x) / zoom).toBeLessThanOrEqual(26.1);
    expect((icon.bottom - frameBox.y) / zoom).toBeLessThanOrEqual(26.1);
    expect((icon.right - icon.left) / zoom).toBeGreaterThan(15);
    expect(await group.locator('path[fill="#248814"]').count()).toBeGreaterThan(0);
    // The label sits right of the icon (spacingLeft=30), at the top.
    const label = (await page.getByTestId('group-My VPC').locator('> .group-code-label span').boundingBox())!;
    expect((label.x - frameBox.x) / zoom).toBeGreaterThanOrEqual(29);
    expect((label.y - frameBox.y) / zoom).toBeLessThan(20);

    // The vertical lane: a rounded band 40 wide at its left, the body filled with swimlaneFillColor.
    const lane = page.locator('[data-group-id] [data-code-shape="swimlane"]').first();
    const lanePaths = lane.locator('path');
    expect(await lanePaths.nth(0).getAttribute('d')).toBe('M40,160 L18,160 Q0,160 0,142 L0,18 Q0,0 18,0 L40,0');
    expect(await lanePaths.nth(1).getAttribute('fill')).toBe('#fff2cc');
    // The UML frame's tab is width x height (120 x 40), its label in it.
    expect(await page.locator('[data-code-shape="umlFrame"] path').first().getAttribute('d')).toBe('M0,0 L120,0 L120,25 L110,40 L0,40 Z');
    // The arrow pointing south is drawn lying east and turned a quarter; the ribbon is mirrored; the wall turns 30 degrees.
    expect(await page.locator('[data-code-shape="singleArrow"] > g').getAttribute('transform')).toContain('rotate(90 30 60)');
    expect(await page.locator('[data-code-shape="mxgraph.infographic.ribbonSimple"] > g').getAttribute('transform')).toContain('scale(-1 1)');
    expect(await page.locator('[data-code-shape="mxgraph.floorplan.wall"] rect').getAttribute('height')).toBe('6');
    expect(await page.locator('[data-code-shape="mxgraph.floorplan.wall"] > g').getAttribute('transform')).toContain('rotate(30');
    // The stencil container: the router drawn from its stencil behind what it holds.
    const rack = page.getByTestId('group-Router room');
    await eventually(() => rack.locator('svg [data-stencil="mxgraph.cisco.routers.router"] path').count()).toBeGreaterThan(0);
    // Its label below it, as verticalLabelPosition=bottom puts it.
    const [rackBox, rackLabel] = [(await rack.boundingBox())!, (await rack.locator('> .group-code-label').boundingBox())!];
    expect(rackLabel.y).toBeGreaterThanOrEqual(rackBox.y + rackBox.height - 1);
    // The table's grid: a line under its first row and one right of its first column.
    expect(await page.locator('[data-code-shape="table"] path').last().getAttribute('d')).toBe('M0,30 L180,30 M60,0 L60,60');
    expect(await page.locator('[data-code-shape="partialRectangle"]').count()).toBe(4);
    expect(await page.locator('.shape-look').count()).toBe(0);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'drawio-code-shapes-made-here.png') });
    expectNoPageErrors(tab);
  });
});

