/**
 * Issue 23: the studio page's first paint, in Chromium against a real `tandem serve`: from
 * navigation start (the page's clock) to the first contentful paint, to the Diagram view's
 * canvas column painted, and to its canvas (React Flow's pane, loaded after the view) painted.
 * Each view's code loads when the view is first shown; the reference, measured in the same run,
 * is the same page made to load all the code the single script held before it starts (every
 * chunk but the stencil data, which no version of the page loaded at start).
 *
 * Both pages are the first open of a studio address (each `tandem serve` has a port of its own, so
 * the browser has nothing cached for it): both contexts route the page through the same handler,
 * which turns Chromium's cache off for both alike. The reference's extra script is a file of the
 * page's own origin, as its Content-Security-Policy requires (an inline script would be refused).
 * Printed, never asserted.
 */
import { readFileSync, readdirSync } from 'node:fs';
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

/** The reference's script, ahead of the app's: it imports every chunk, so the app starts once all are loaded. */
const ALL_CODE_SCRIPT = '/assets/bench-all-code-at-start.js';

/**
 * Routes the page through the bench in both contexts alike (routing turns the cache off): the
 * reference's page gets the script that loads all the code first, the other is passed on as served.
 */
async function routePage(context: BrowserContext, allCodeFirst: boolean): Promise<void> {
  const entry = entryScript();
  await context.route(
    (url) => url.pathname === '/' || url.pathname.endsWith('/index.html'),
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const body = allCodeFirst ? html.replace('<script type="module"', `<script type="module" src=".${ALL_CODE_SCRIPT}"></script><script type="module"`) : html;
      await route.fulfill({ response, body });
    },
  );
  const imports = allCodeChunks(entry).map((file) => `import './${file}';`).join('\n');
  await context.route((url) => url.pathname === ALL_CODE_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: imports }));
}

interface PaintFigures {
  diagramView: number;
  canvas: number;
  contentful: number;
  /** The scripts the page had fetched by its first paint (file names). */
  scriptsBeforePaint: string[];
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
    // A page the bench fulfils counts as a public address to Chromium, which would then refuse its
    // WebSocket to 127.0.0.1 (the studio's own core): that check is off for this browser.
    const browser = await launchChromium(disposables, ['--disable-features=LocalNetworkAccessChecks']);
    const server = await startStudioServer(disposables);
    const lazy = await newBrowserContext(disposables, browser);
    const eager = await newBrowserContext(disposables, browser);
    for (const [context, allCodeFirst] of [[lazy, false], [eager, true]] as const) {
      await context.addInitScript({ content: PAINT_PROBE });
      await routePage(context, allCodeFirst);
    }
    const runs: Record<'lazy' | 'eager', PaintFigures[]> = { lazy: [], eager: [] };
    // Alternated, after one of each to warm the server's file cache and the browser's processes alike.
    await measure(lazy, server.studioUrl);
    const { scriptsBeforePaint } = await measure(eager, server.studioUrl);
    // The reference must hold what it says (a script the page refuses would leave it the same page).
    const missing = allCodeChunks(entryScript()).filter((file) => !scriptsBeforePaint.includes(file));
    if (missing.length) throw new Error(`the all-code reference painted before loading ${missing.join(', ')}`);
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
      out.report(`studio page: ${what}`, `median ${mine.toFixed(0)} ms vs ${reference.toFixed(0)} ms all code at start (${(reference / mine).toFixed(1)}x)`, key === 'canvas' ? '-' : '>= 2x faster');
    }
  } finally {
    await disposables.disposeAll();
  }
}
