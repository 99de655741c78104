/**
 * What every browser e2e file needs: one Chromium per file, and per test a real `tandem serve` on
 * a fresh workspace, an MCP client as the AI and a browser context for the person's tabs, all
 * cleaned up after the test. Also the conditions the tests wait on and the checks they share.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type AiClient, connectAiClient } from './ai-client';
import { launchChromium, newBrowserContext, openStudioTab, shapeNode, type StudioTab } from './browser';
import { Disposables } from './disposables';
import { type StudioServer, startStudioServer } from './studio-server';

/** The MCP client's name, which the core records as the origin of the AI's batches. */
export const AI_ORIGIN = 'e2e-assistant';
export const PERSON_ORIGIN = 'person';
/** Long enough for a loaded CI machine, short enough to fail inside vitest's 30 s test timeout. */
export const CONDITION_TIMEOUT_MS = 10_000;

export interface Studio {
  server: StudioServer;
  ai: AiClient;
  context: BrowserContext;
  /** What the test starts besides (disposed after it, with the studio). */
  disposables: Disposables;
  openTab(): Promise<StudioTab>;
}

/**
 * Registers the file's hooks (Chromium once, everything a test started disposed after it) and
 * hands back `startStudio` for the tests. Call it once, at the top of the test file.
 */
export function useStudios(): { startStudio(options?: { env?: Record<string, string> }): Promise<Studio> } {
  const suite = new Disposables();
  const perTest = new Disposables();
  // A browser that cannot start fails every test with the reason (a failing hook would only mark them skipped).
  let browserOrFailure: Browser | Error = new Error('Chromium was not launched');

  beforeAll(async () => {
    browserOrFailure = await launchChromium(suite).catch((error: Error) => error);
  });
  afterEach(() => perTest.disposeAll());
  afterAll(() => suite.disposeAll());

  return {
    async startStudio(options = {}) {
      if (browserOrFailure instanceof Error) throw browserOrFailure;
      const server = await startStudioServer(perTest, options);
      const ai = await connectAiClient(perTest, server, AI_ORIGIN);
      const context = await newBrowserContext(perTest, browserOrFailure);
      context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
      return { server, ai, context, disposables: perTest, openTab: () => openStudioTab(context, server.studioUrl) };
    },
  };
}

/** Polls `probe` until it passes the matcher chained on the result (vitest's expect.poll). */
export function eventually<T>(probe: () => Promise<T> | T) {
  return expect.poll(probe, { timeout: CONDITION_TIMEOUT_MS, interval: 25 });
}

/** The aliases of the shape nodes on the page (from `data-testid="shape-ALIAS"`). */
export async function shapeAliases(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid^="shape-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.slice('shape-'.length)).sort());
}

/** Where xyflow shows a shape, in diagram coordinates (its node wrapper's translate). */
export async function shownPosition(page: Page, alias: string): Promise<{ x: number; y: number }> {
  const transform = await shapeNode(page, alias).evaluate((node) => (node.closest('.react-flow__node') as HTMLElement).style.transform);
  const match = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform);
  if (!match) throw new Error(`no translate in the node transform "${transform}"`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

/** The `history` lines naming `origin` (`#N ORIGIN batch: ops`). */
export function historyEntriesBy(history: string, origin: string): string[] {
  return history.split('\n').filter((line) => new RegExp(`^\\s*#\\d+ ${origin} `).test(line));
}

export function expectNoPageErrors(...tabs: StudioTab[]): void {
  for (const tab of tabs) expect(tab.pageErrors, 'uncaught exceptions in the studio page').toEqual([]);
}
