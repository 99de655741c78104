/**
 * Issue 23: the studio page's first paint, in Chromium against a real `tandem serve`: from
 * navigation start (the page's clock) to the first contentful paint, to the Diagram view's
 * canvas column painted, and to its canvas (React Flow's pane, loaded after the view) painted.
 * Each view's code loads when the view is first shown; the reference, measured in the same run,
 * is the same page made to load all the code the single script held before it starts (every
 * chunk but the stencil data, which no version of the page loaded at start).
 *
 * Both pages are the first open of a studio address (each `tandem serve` has a port of its own, so
 * the browser has nothing cached for it): Chromium's cache is off for both. The reference is made
 * by answering the request for the page's entry script, and nothing else, with a module that runs
 * the entry and then imports every other chunk: the page's Content-Security-Policy refuses inline
 * scripts, and a page the bench answered itself would not count as served from 127.0.0.1.
 * Printed, never asserted.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, newBrowserContext } from '../e2e/support/browser';
import { Disposables } from '../e2e/support/disposables';
import { REPO_ROOT, startStudioServer } from '../e2e/support/studio-server';
import type { BenchReporting } from './ui';

/** Alternated runs of each page; the machine is shared, so the medians take more than a few. */
const RUNS = 11;

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

const ASSETS = join(REPO_ROOT, 'out', 'renderer', 'assets');

/**
 * What the single script never held: the stencil libraries' index and drawing code (maxGraph), the
 * synthesiser's AudioWorklet (a file the worklet loads) and each library's data (a gzipped string).
 */
const NEVER_AT_START = /^(_virtual_drawio-stencils|stencil-engine|spessasynth_processor)/;
const isStencilData = (file: string) => readFileSync(join(ASSETS, file), 'latin1').startsWith('var e=`H4sI');

/** Every chunk of the page's own code other than the entry: the code the single script held. */
function allCodeChunks(entry: string): string[] {
  return readdirSync(ASSETS).filter((file) => file.endsWith('.js') && file !== entry && !NEVER_AT_START.test(file) && !isStencilData(file));
}

/** The entry script out/renderer/index.html starts (`index-HASH.js`). */
function entryScript(): string {
  const html = readFileSync(join(REPO_ROOT, 'out', 'renderer', 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]* src="\.\/assets\/([^"]+)"/.exec(html);
  if (!entry) throw new Error('out/renderer/index.html starts no module script: run `npx electron-vite build`');
  return entry[1];
}

/**
 * The reference's entry script: the app's own entry (the same file under another address, so it is
 * a module of its own that the chunks' imports of the entry reach through this one's re-exports),
 * evaluated first as in the single script, then every other chunk, all fetched before any runs.
 */
function allCodeEntry(entry: string): string {
  return [`export * from './${entry}?app';`, ...allCodeChunks(entry).map((file) => `import './${file}';`)].join('\n');
}

/** A tab with Chromium's cache off; the reference's answers the entry script's request with allCodeEntry. */
async function coldPage(context: BrowserContext, allCodeFirst: boolean): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (allCodeFirst) {
    const entry = entryScript();
    const body = Buffer.from(allCodeEntry(entry)).toString('base64');
    cdp.on('Fetch.requestPaused', ({ requestId }) => {
      void cdp.send('Fetch.fulfillRequest', { requestId, responseCode: 200, responseHeaders: [{ name: 'Content-Type', value: 'text/javascript; charset=utf-8' }], body });
    });
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `*/assets/${entry}`, requestStage: 'Request' }] });
  }
  return page;
}

interface PaintFigures {
  diagramView: number;
  canvas: number;
  contentful: number;
  /** The scripts the page had fetched by its first paint (file names). */
  scriptsBeforePaint: string[];
}

async function measure(context: BrowserContext, url: string, allCodeFirst: boolean): Promise<PaintFigures> {
  const page = await coldPage(context, allCodeFirst);
  try {
    await page.goto(url);
    type Probes = { __firstPaint: Promise<number>; __canvasPaint: Promise<number> };
    const diagramView = await page.evaluate(() => (window as unknown as Probes).__firstPaint);
    const canvas = await page.evaluate(() => (window as unknown as Probes).__canvasPaint);
    // Chromium files the first contentful paint's entry a moment after that frame.
    const contentful = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    const scriptsBeforePaint = await page.evaluate((paint) => {
      const fetched = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js') && entry.startTime < paint);
      return fetched.map((entry) => entry.name.split('/').pop()!);
    }, diagramView);
    return { diagramView, canvas, contentful: (await contentful.jsonValue()) as number, scriptsBeforePaint };
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
    const eager = await newBrowserContext(disposables, browser);
    for (const context of [lazy, eager]) await context.addInitScript({ content: PAINT_PROBE });
    const runs: Record<'lazy' | 'eager', PaintFigures[]> = { lazy: [], eager: [] };
    // Alternated, after one of each to warm the server's file cache and the browser's processes alike.
    await measure(lazy, server.studioUrl, false);
    const { scriptsBeforePaint } = await measure(eager, server.studioUrl, true);
    // The reference must hold what it says (a script the page refuses would leave it the same page).
    const missing = allCodeChunks(entryScript()).filter((file) => !scriptsBeforePaint.includes(file));
    if (missing.length) throw new Error(`the all-code reference painted before loading ${missing.join(', ')}`);
    for (let i = 0; i < RUNS; i++) {
      runs.lazy.push(await measure(lazy, server.studioUrl, false));
      runs.eager.push(await measure(eager, server.studioUrl, true));
    }
    const median = (values: number[]) => out.percentile(values, 50);
    for (const [what, key] of [
      ['first contentful paint', 'contentful'],
      ['Diagram view painted', 'diagramView'],
      ['  its canvas painted', 'canvas'],
    ] as const) {
      const mine = median(runs.lazy.map((r) => r[key]));
      const reference = median(runs.eager.map((r) => r[key]));
      out.report(`studio page: ${what}`, `median ${mine.toFixed(0)} ms vs ${reference.toFixed(0)} ms all code at start (${(reference / mine).toFixed(1)}x)`, key === 'canvas' ? '-' : '>= 2x faster');
    }
  } finally {
    await disposables.disposeAll();
  }
}
