/**
 * Debian's Chromium driven by playwright-core (no downloaded browsers), and studio tabs opened at
 * the address `tandem serve` printed. Without the browser this FAILS with a message saying how to
 * install it: a CI run must never pass the browser tests without running them.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';
import type { Disposables } from './disposables';

/** Debian's package installs it here; TANDEM_CHROMIUM points elsewhere on other systems. */
export const CHROMIUM_EXECUTABLE = process.env.TANDEM_CHROMIUM ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  // Shared memory in /dev/shm is 64 MB in a default container, too little for several tabs at
  // once: Chromium then dies mid-test ("Target page, context or browser has been closed").
  '--disable-dev-shm-usage',
  // The player starts audio without a click (the person's click is what a test cannot give it).
  '--autoplay-policy=no-user-gesture-required',
];

export const EDITOR_VIEWPORT = { width: 1400, height: 900 };

export function chromiumMissingMessage(): string | undefined {
  if (existsSync(CHROMIUM_EXECUTABLE)) return undefined;
  return (
    `Chromium is required for the browser e2e tests and benchmarks but ${CHROMIUM_EXECUTABLE} does not exist. ` +
    'Install Debian\'s package (`apt-get install chromium`) or set TANDEM_CHROMIUM to a Chromium binary. ' +
    'Browsers are never downloaded.'
  );
}

export async function launchChromium(disposables: Disposables): Promise<Browser> {
  const missing = chromiumMissingMessage();
  if (missing) throw new Error(missing);
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
  let closing = false;
  // A browser that dies under a test fails it with "Target ... closed"; this line says it died first.
  browser.on('disconnected', () => {
    if (!closing) console.error(`Chromium (${CHROMIUM_EXECUTABLE}) exited while tests were using it`);
  });
  return disposables.track(browser, 'Chromium', (b) => {
    closing = true;
    return b.close();
  });
}

/** A browser context of its own (own storage), closed by `disposables`. */
export async function newBrowserContext(disposables: Disposables, browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: EDITOR_VIEWPORT });
  return disposables.track(context, 'browser context', (c) => c.close());
}

export interface StudioTab {
  page: Page;
  /** Uncaught exceptions thrown in the page since it opened. */
  pageErrors: string[];
}

/** Opens the studio at `studioUrl` in a new tab and waits until it is live and has loaded the diagram. */
export async function openStudioTab(context: BrowserContext, studioUrl: string): Promise<StudioTab> {
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  await page.goto(studioUrl);
  await waitUntilLive(page);
  return { page, pageErrors };
}

/**
 * Holds back every message the core sends to the tabs of `context` (answers and change events
 * alike, in their order) by `ms`: a core that answers slower than the person types, as on a
 * loaded machine, made the same on every run. Tabs opened afterwards are affected.
 */
export async function delayCoreMessages(context: BrowserContext, ms: number): Promise<void> {
  await context.routeWebSocket(/\/api$/, (ws) => {
    const core = ws.connectToServer();
    let delivered = Promise.resolve();
    core.onMessage((message) => {
      const due = Date.now() + ms;
      delivered = delivered.then(() => new Promise((resolve) => setTimeout(resolve, due - Date.now()))).then(() => ws.send(message));
    });
  });
}

/** The connection badge says live and the diagram is no longer loading. */
export async function waitUntilLive(page: Page): Promise<void> {
  await page.locator('[data-testid="connection"].open').waitFor({ state: 'visible' });
  await page.locator('[data-testid="canvas"]').waitFor({ state: 'visible' });
  await page.locator('[data-testid="load-state"]').waitFor({ state: 'detached' });
}

export function shapeNode(page: Page, alias: string): Locator {
  return page.locator(`[data-testid="shape-${alias}"]`);
}

export function edgeElement(page: Page, sourceAlias: string, targetAlias: string): Locator {
  return page.locator(`[data-testid="edge-${sourceAlias}-${targetAlias}"]`);
}

/**
 * Waits until the edge is drawn: its element is there with a path. (Playwright's `visible` does
 * not fit edges: a straight vertical or horizontal edge has a zero-width box.)
 */
export async function waitForEdge(page: Page, sourceAlias: string, targetAlias: string): Promise<void> {
  await edgeElement(page, sourceAlias, targetAlias)
    .locator('path.react-flow__edge-path')
    .and(page.locator('path[d^="M"]'))
    .waitFor({ state: 'attached' });
}

/** The canvas zoom, from xyflow's viewport transform (`translate(x, y) scale(z)`). */
export async function canvasZoom(page: Page): Promise<number> {
  const transform = await page.locator('.react-flow__viewport').evaluate((element) => (element as HTMLElement).style.transform);
  const scale = /scale\(([\d.]+)\)/.exec(transform);
  if (!scale) throw new Error(`no scale in the canvas viewport transform "${transform}"`);
  return Number(scale[1]);
}

/** Where a screen point of the canvas is on the diagram page, from xyflow's viewport transform. */
export async function canvasPagePoint(page: Page, screen: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const { transform, box } = await page.locator('.react-flow__viewport').evaluate((element) => ({
    transform: (element as HTMLElement).style.transform,
    box: element.parentElement!.getBoundingClientRect(),
  }));
  const match = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)\s*scale\(([\d.]+)\)/.exec(transform);
  if (!match) throw new Error(`no translate and scale in "${transform}"`);
  const [tx, ty, zoom] = match.slice(1).map(Number);
  return { x: (screen.x - box.left - tx) / zoom, y: (screen.y - box.top - ty) / zoom };
}

/** Where a point of the diagram page is on screen (the inverse of canvasPagePoint). */
export async function canvasScreenPoint(page: Page, point: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const { transform, box } = await page.locator('.react-flow__viewport').evaluate((element) => ({
    transform: (element as HTMLElement).style.transform,
    box: element.parentElement!.getBoundingClientRect().toJSON() as DOMRect,
  }));
  const match = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)\s*scale\(([\d.]+)\)/.exec(transform);
  if (!match) throw new Error(`no translate and scale in "${transform}"`);
  const [tx, ty, zoom] = match.slice(1).map(Number);
  return { x: box.x + tx + point.x * zoom, y: box.y + ty + point.y * zoom };
}

/**
 * `target`'s box once it has stopped moving (two reads a frame or two apart agree): on a loaded
 * machine the canvas may still be fitting the page to the window when a test is ready to press.
 */
export async function settledBox(page: Page, target: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await target.boundingBox();
  for (let attempt = 0; attempt < 50; attempt++) {
    await page.waitForTimeout(50);
    const now = await target.boundingBox();
    if (last && now && ['x', 'y', 'width', 'height'].every((key) => Math.abs(now[key as 'x'] - last![key as 'x']) < 0.5)) return now;
    last = now;
  }
  if (!last) throw new Error('the element is not on screen');
  throw new Error(`the element is still moving after 2.5 s (last at ${JSON.stringify(last)})`);
}

/**
 * Presses the mouse on the middle of `target`, moves it by (dx, dy) screen pixels and releases.
 * Like a hand, it first moves a pixel or two (past xyflow's drag threshold, whose distance the
 * node does not follow), then the rest in steps.
 */
export async function dragBy(page: Page, target: Locator, dx: number, dy: number): Promise<void> {
  const box = await settledBox(page, target);
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + Math.sign(dx) * 2, start.y + Math.sign(dy) * 2);
  await page.mouse.move(start.x + dx, start.y + dy, { steps: 12 });
  await page.mouse.up();
}

/** Double clicks the shape, types `text` into the rename field and presses Enter. */
export async function renameShape(page: Page, alias: string, text: string): Promise<void> {
  await shapeNode(page, alias).dblclick();
  const input = page.getByTestId('rename-input');
  await input.waitFor({ state: 'visible' });
  await input.fill(text);
  await input.press('Enter');
  await input.waitFor({ state: 'detached' });
}
