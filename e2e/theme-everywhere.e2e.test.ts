/**
 * The theme is studio-wide, in Chromium against real `tandem serve` cores: Dark chosen on one core
 * (one workspace, one port) is how a second core, on another workspace and port but the same config
 * folder, opens in a fresh browser (no localStorage of its own: another origin), from its first
 * paint, as the page the core serves carries the choice. A bad appearance
 * file is the system theme with a log line, and the first choice replaces it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchChromium, openStudioTab } from './support/browser';
import { Disposables } from './support/disposables';
import { CONDITION_TIMEOUT_MS, expectNoPageErrors } from './support/studio';
import { startStudioServer, tempWorkspace } from './support/studio-server';

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
/** Every theme the page has drawn in since it (or its reload) began, in order: a flash shows as two. */
const themesDrawn = (page: Page) => page.evaluate(() => (window as unknown as { themesDrawn: string[] }).themesDrawn);

async function freshTab(disposables: Disposables, browser: Browser, studioUrl: string) {
  // The system's scheme is light: a dark page can only come from the studio's choice.
  const context = disposables.track(await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' }), 'context', (c) => c.close());
  context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
  await context.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { themesDrawn: string[] }).themesDrawn = drawn;
    new MutationObserver(() => {
      const theme = document.documentElement?.dataset.theme;
      if (theme && drawn.at(-1) !== theme) drawn.push(theme);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-theme'] });
  });
  return openStudioTab(context, studioUrl);
}

describe('the studio-wide theme', () => {
  it('chosen Dark on one serve core, opens Dark on another workspace and port with the same config folder', { timeout: 120_000 }, async () => {
    const disposables = new Disposables();
    try {
      const configDir = join(tempWorkspace(disposables, 'appearance-config'), 'tandem');
      const appearanceFile = join(configDir, 'appearance.json');
      mkdirSync(configDir, { recursive: true });
      writeFileSync(appearanceFile, '{"theme": "sepia"}');
      const env = { TANDEM_CONFIG_DIR: configDir };
      const browser = await launchChromium(disposables);

      const first = await startStudioServer(disposables, { env });
      const tabA = await freshTab(disposables, browser, first.studioUrl);
      // The bad file: the system theme, and the core said why.
      await expect.poll(() => themeOf(tabA.page)).toBe('light');
      expect(await tabA.page.getByTestId('theme-switch').inputValue()).toBe('system');
      expect(first.output()).toMatch(/appearance: ignoring .*appearance\.json.*"sepia" is not one of system, light, dark/);

      await tabA.page.getByTestId('theme-switch').selectOption('dark');
      expect(await themeOf(tabA.page)).toBe('dark');
      await expect.poll(() => JSON.parse(readFileSync(appearanceFile, 'utf8'))).toEqual({ theme: 'dark' });

      const second = await startStudioServer(disposables, { env });
      expect(new URL(second.baseUrl).port).not.toBe(new URL(first.baseUrl).port);
      expect(second.workspace).not.toBe(first.workspace);
      const tabB = await freshTab(disposables, browser, second.studioUrl);
      await expect.poll(() => themeOf(tabB.page)).toBe('dark');
      expect(await tabB.page.getByTestId('theme-switch').inputValue()).toBe('dark');
      // Dark from the first paint: the core wrote the choice on the page it served.
      expect(await themesDrawn(tabB.page)).toEqual(['dark']);
      const background = await tabB.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      expect(background).toBe(await tabA.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));

      // Back to System on the second: the first, whose own cache still says Dark, follows the core on reload.
      await tabB.page.getByTestId('theme-switch').selectOption('system');
      await expect.poll(() => JSON.parse(readFileSync(appearanceFile, 'utf8'))).toEqual({ theme: 'system' });
      expect(await tabA.page.evaluate(() => localStorage.getItem('tandem.theme'))).toBe('dark');
      await tabA.page.reload();
      await tabA.page.locator('[data-testid="connection"].open').waitFor();
      await expect.poll(() => themeOf(tabA.page)).toBe('light');
      expect(await tabA.page.getByTestId('theme-switch').inputValue()).toBe('system');
      expect(await themesDrawn(tabA.page)).toEqual(['light']);
      expectNoPageErrors(tabA, tabB);
    } finally {
      await disposables.disposeAll();
    }
  });
});
