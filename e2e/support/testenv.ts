/**
 * The test-environment dashboard in a studio tab, and the AI's preflight calls: switching to the
 * view, reading the rows it shows, a fixture project (services built FROM scratch with busybox,
 * a mock, yaml suites) and the contract's envelope read from an answer.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Locator, Page } from 'playwright-core';
import type { AiClient } from './ai-client';

/** A build, a setup or a run on a loaded 2-core machine: far longer than a page condition. */
export const DOCKER_STEP_TIMEOUT_MS = 90_000;

export function testenvView(page: Page): Locator {
  return page.getByTestId('testenv-view');
}

/** Clicks Test env in the domain switcher and waits until the dashboard has loaded. */
export async function openTestenv(page: Page): Promise<void> {
  await page.getByTestId('domain-testenv').click();
  await testenvView(page).waitFor({ state: 'visible' });
  await page.getByTestId('testenv-load-state').waitFor({ state: 'detached' });
}

/** The `data-*` attribute of the element with `testId`, or undefined while it is not there. */
export async function attributeOf(page: Page, testId: string, name: string): Promise<string | undefined> {
  const element = page.getByTestId(testId);
  if ((await element.count()) === 0) return undefined;
  return (await element.getAttribute(name)) ?? undefined;
}

/**
 * Every value the `name` attribute of the element with `testId` takes from now on, in order,
 * however briefly (a MutationObserver in the page); read with the function answered.
 */
export async function watchAttribute(page: Page, testId: string, name: string): Promise<() => Promise<string[]>> {
  const key = `watch:${testId}:${name}`;
  await page.evaluate(
    ({ key, testId, name }) => {
      const seen: string[] = [];
      (window as unknown as Record<string, string[]>)[key] = seen;
      const note = () => {
        const value = document.querySelector(`[data-testid="${testId}"]`)?.getAttribute(name);
        if (value && seen[seen.length - 1] !== value) seen.push(value);
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [name] });
    },
    { key, testId, name },
  );
  return () => page.evaluate((key) => [...(window as unknown as Record<string, string[]>)[key]], key);
}

export interface Envelope<T = any> {
  success: boolean;
  data?: T;
  error?: { code: string; message: string; suggestion?: string };
  timestamp: number;
}

/** The contract's envelope from an answer's text. */
export function envelopeOf<T = any>(result: CallToolResult): Envelope<T> {
  const part = result.content?.[0];
  return JSON.parse(part?.type === 'text' ? part.text : '{}') as Envelope<T>;
}

/** A preflight call that must succeed: answers its data, or throws with the envelope's error. */
export async function preflight<T = any>(ai: AiClient, tool: string, args: Record<string, unknown>): Promise<T> {
  const envelope = envelopeOf<T>(await ai.callTool(tool, args));
  if (!envelope.success) throw new Error(`${tool} answered ${envelope.error?.code}: ${envelope.error?.message}`);
  return envelope.data as T;
}
