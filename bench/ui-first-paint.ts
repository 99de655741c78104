/**
 * Issue 23: the studio page's first paint, in Chromium against a real `tandem serve`: from
 * navigation start (the page's clock) to the first contentful paint, to the Diagram view's
 * canvas column painted, and to its canvas (React Flow's pane, loaded after the view) painted. Each view's code loads when the view is first shown; the reference,
 * measured in the same run, is the same page made to load every view's code (and playback's)
 * before it starts, as the single script did. Printed, never asserted.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchChromium, newBrowserContext } from '../e2e/support/browser';
import { Disposables } from '../e2e/support/disposables';
import { REPO_ROOT, startStudioServer } from '../e2e/support/studio-server';
import type { BenchReporting } from './ui';

const RUNS = 7;

/** The figures the page records about itself, as plain JavaScript (see ui.ts's PAGE_PROBES). */
const PAINT_PROBE = String.raw`
(() => {
  const painted = (selector) => new Promise((resolve) => {
    const look = () => {
      if (!document.querySelector(selector)) return requestAnimationFrame(look);
      // The frame that shows it: a task queued from rAF runs after that frame's paint.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    };
    look();
  });
  window.__firstPaint = painted('.canvas-column');
  window.__canvasPaint = painted('.react-flow__pane');
})();
`;

/**
 * Every chunk of the page's own code that it loads on demand: the views, the diagram's canvas (and
 * the stencil drawing it shares with the palette's search and the file's notice), the export
 * dialog and playback. Not the stencil data, which no version of the page loaded at start.
 */
const ON_DEMAND = /^(view|player|DrawioCanvas|StencilBody|CodeShapeBody|stencils|FileNotice|ExportDialog|ShapeSearchPreview)-.*\.js$/;

function lazyChunks(): string[] {
  const assets = join(REPO_ROOT, 'out', 'renderer', 'assets');
  return readdirSync(assets).filter((file) => ON_DEMAND.test(file));
}

interface PaintFigures {
  diagramView: number;
  canvas: number;
  contentful: number;
}

async function measure(context: BrowserContext, url: string): Promise<PaintFigures> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    type Probes = { __firstPaint: Promise<number>; __canvasPaint: Promise<number> };
    const diagramView = await page.evaluate(() => (window as unknown as Probes).__firstPaint);
    const canvas = await page.evaluate(() => (window as unknown as Probes).__canvasPaint);
    // Chromium files the first contentful paint's entry a moment after that frame.
    const contentful = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    return { diagramView, canvas, contentful: (await contentful.jsonValue()) as number };
  } finally {
    await page.close();
  }
}

export async function firstPaintBench(out: BenchReporting): Promise<void> {
  const disposables = new Disposables();
  try {
    const browser = await launchChromium(disposables);
    const server = await startStudioServer(disposables);
    const lazy = await newBrowserContext(disposables, browser);
    await lazy.addInitScript({ content: PAINT_PROBE });
    // The reference: a module script ahead of the app's, importing every on-demand chunk, so the app starts once all are loaded.
    const eager = await newBrowserContext(disposables, browser);
    await eager.addInitScript({ content: PAINT_PROBE });
    const preload = `<script type="module">${lazyChunks().map((file) => `import './assets/${file}';`).join('')}</script>`;
    await eager.route(
      (url) => url.pathname === '/' || url.pathname.endsWith('/index.html'),
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('<script type="module"', `${preload}<script type="module"`);
        await route.fulfill({ response, body: html });
      },
    );
    const runs: Record<'lazy' | 'eager', PaintFigures[]> = { lazy: [], eager: [] };
    // Alternated, after one of each to warm the server's and the browser's caches alike.
    await measure(lazy, server.studioUrl);
    await measure(eager, server.studioUrl);
    for (let i = 0; i < RUNS; i++) {
      runs.lazy.push(await measure(lazy, server.studioUrl));
      runs.eager.push(await measure(eager, server.studioUrl));
    }
    const median = (values: number[]) => out.percentile(values, 50);
    for (const [what, key] of [
      ['first contentful paint', 'contentful'],
      ['Diagram view painted', 'diagramView'],
      ['  its canvas painted', 'canvas'],
    ] as const) {
      const mine = median(runs.lazy.map((r) => r[key]));
      const reference = median(runs.eager.map((r) => r[key]));
      out.report(`studio page: ${what}`, `median ${mine.toFixed(0)} ms vs ${reference.toFixed(0)} ms all views' code at start (${(reference / mine).toFixed(1)}x)`, key === 'canvas' ? '-' : '>= 2x faster');
    }
  } finally {
    await disposables.disposeAll();
  }
}
