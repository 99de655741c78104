/**
 * What the studio page's first paint waits for (issue 23), in Chromium against a real `tandem serve`:
 * the Diagram view paints with the canvas's place held, and only then is the canvas's code (React
 * Flow, d3 and the shapes' drawing) asked for; no other view's code is fetched until that view is
 * chosen. Order, not time: a script is fetched before or after the frame, whatever the machine's speed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium, newBrowserContext } from './support/browser';
import { Disposables } from './support/disposables';
import { CONDITION_TIMEOUT_MS } from './support/studio';
import { startStudioServer } from './support/studio-server';

/** Records when the frame that first shows the canvas column was painted, and what it held then. */
const PAINT_PROBE = String.raw`
(() => {
  const look = () => {
    const column = document.querySelector('.canvas-column');
    if (!column) return requestAnimationFrame(look);
    const placeholder = Boolean(column.querySelector('[data-testid="canvas-loading"]'));
    // A task queued from the next animation frame runs once that frame is painted.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (window.__columnPainted = { at: performance.now(), placeholder });
      channel.port2.postMessage(null);
    });
  };
  look();
})();
`;

const CANVAS_CHUNK = /\/DrawioCanvas-[\w-]+\.js$/;
const VIEW_CHUNK = /\/view-[\w-]+\.js$/;

interface Fetched {
  name: string;
  startTime: number;
}

describe('the studio page first paint', () => {
  const disposables = new Disposables();
  afterAll(() => disposables.disposeAll());

  it('paints the Diagram view before asking for the canvas code, and loads another view only when it is chosen', async () => {
    const browser = await launchChromium(disposables);
    const server = await startStudioServer(disposables);
    const context = await newBrowserContext(disposables, browser);
    await context.addInitScript({ content: PAINT_PROBE });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(server.studioUrl);

    await page.waitForFunction(() => (window as unknown as { __columnPainted?: unknown }).__columnPainted, undefined, { timeout: CONDITION_TIMEOUT_MS });
    // The canvas itself comes after.
    await page.locator('[data-testid="canvas"]').waitFor({ state: 'visible', timeout: CONDITION_TIMEOUT_MS });
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\.js(\?|$)/.test(entry.name)).map(({ name, startTime }) => ({ name, startTime })));
    const painted = await page.evaluate(() => (window as unknown as { __columnPainted: { at: number; placeholder: boolean } }).__columnPainted);
    const fetched: Fetched[] = await scripts();

    expect(painted.placeholder, 'the first frame holds the canvas place').toBe(true);
    const canvasChunk = fetched.filter((script) => CANVAS_CHUNK.test(script.name));
    expect(canvasChunk, 'the canvas code is fetched once').toHaveLength(1);
    expect(canvasChunk[0].startTime, 'the canvas code is asked for after the view painted').toBeGreaterThan(painted.at);
    expect(fetched.filter((script) => VIEW_CHUNK.test(script.name)), 'no other view code before one is chosen').toEqual([]);

    await page.locator('[data-testid="domain-midi"]').click();
    await page.locator('[data-testid="music-view"]').waitFor({ state: 'visible', timeout: CONDITION_TIMEOUT_MS });
    const viewChunks = (await scripts()).filter((script) => VIEW_CHUNK.test(script.name));
    expect(viewChunks.length, "the Music view's code is fetched when it is chosen").toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });
});
