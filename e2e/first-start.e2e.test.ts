/**
 * A new person's first start, in Chromium: `tandem serve` on a workspace folder that does not exist
 * yet shows the welcome (what each view is for, Connect Claude Desktop, the example); opening the
 * example fills every view; it goes into a folder the person names inside the workspace, never over
 * their files. Screenshots of each view at 1280x800 and 1920x1080, light and dark, in
 * test-results/first-start/.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchChromium, openStudioTab, shapeNode } from './support/browser';
import { Disposables } from './support/disposables';
import { CONDITION_TIMEOUT_MS, eventually, expectNoPageErrors } from './support/studio';
import { REPO_ROOT, startStudioServer, tempWorkspace } from './support/studio-server';

const SHOTS = join(REPO_ROOT, 'test-results', 'first-start');

/** What each view shows once the example is open. */
const CONTENT: Record<string, (page: Page) => Promise<unknown>> = {
  drawio: (page) => shapeNode(page, 'Orders API').waitFor(),
  midi: (page) => page.getByTestId('track-Melody').waitFor(),
  testenv: (page) => eventually(() => page.getByTestId('testenv-view').innerText()).toContain('shop-example'),
  tasks: (page) => eventually(() => page.getByTestId('todo-card').count()).toBe(4),
  architecture: (page) => eventually(() => page.getByTestId('arch-tree').innerText()).toContain('Storefront'),
  context: async (page) => {
    await eventually(() => page.getByTestId('context-rules').innerText()).toContain('moment');
    // No AI has asked for the map yet: the panel shows the one it would get.
    await eventually(() => page.getByTestId('context-manifest').innerText()).toContain('Example shop');
  },
};

/** `tandem serve` on a workspace folder that does not exist yet, and a studio tab on it at 1280x800. */
async function firstStart(disposables: Disposables, label: string) {
  const browser = await launchChromium(disposables);
  const workspace = join(tempWorkspace(disposables, label), 'Tandem');
  const server = await startStudioServer(disposables, { workspace });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
  disposables.track(context, 'browser context', (c) => c.close());
  return { workspace, tab: await openStudioTab(context, server.studioUrl) };
}

describe('first start', () => {
  it('welcomes a new workspace, and the example shows content in every view', { timeout: 120_000 }, async () => {
    const disposables = new Disposables();
    try {
      const { workspace, tab } = await firstStart(disposables, 'first');
      const { page } = tab;

      const welcome = page.getByTestId('welcome');
      await welcome.waitFor();
      for (const purpose of ['Diagram:', 'Music:', 'Test env:', 'Tasks:', 'Architecture:', 'Context:']) expect(await welcome.innerText()).toContain(purpose);
      await page.screenshot({ path: join(SHOTS, 'welcome-light-1280.png') });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: join(SHOTS, 'welcome-dark-1280.png') });
      await page.emulateMedia({ colorScheme: 'light' });
      // Connect Claude Desktop is offered from the welcome.
      await page.getByTestId('welcome-connect').click();
      await page.getByTestId('connect-claude').waitFor();
      await page.keyboard.press('Escape');
      expect(await welcome.count()).toBe(0);
      // The welcome is still due (it was not dismissed): it shows again on reload.
      await page.reload();
      await welcome.waitFor();

      await page.getByTestId('welcome-open-example').click();
      await welcome.waitFor({ state: 'detached' });
      expect(existsSync(join(workspace, 'diagrams', 'shop.drawio'))).toBe(true);
      for (const [domain, shown] of Object.entries(CONTENT)) {
        await page.getByTestId(`domain-${domain}`).click();
        await shown(page);
      }
      // Opened once, the welcome is done.
      await page.reload();
      await page.locator('[data-testid="connection"].open').waitFor();
      expect(await welcome.count()).toBe(0);

      for (const colorScheme of ['light', 'dark'] as const) {
        for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
          await page.setViewportSize(size);
          await page.emulateMedia({ colorScheme });
          for (const domain of Object.keys(CONTENT)) {
            await page.getByTestId(`domain-${domain}`).click();
            await CONTENT[domain](page);
            await page.screenshot({ path: join(SHOTS, `${domain}-${colorScheme}-${size.width}.png`) });
          }
        }
      }
      expectNoPageErrors(tab);
    } finally {
      await disposables.disposeAll();
    }
  });

  it('copies the example into the folder the person names, inside the workspace, and never over their files', { timeout: 120_000 }, async () => {
    const disposables = new Disposables();
    try {
      const { workspace, tab } = await firstStart(disposables, 'first-folder');
      const elsewhere = tempWorkspace(disposables, 'elsewhere');
      const { page } = tab;
      const field = page.getByTestId('welcome-example-folder');
      const open = page.getByTestId('welcome-open-example');
      const blocked = page.getByTestId('welcome-blocked');

      // The field says where it goes by default: the workspace. The browser has no folder dialog.
      await eventually(() => field.inputValue()).toBe(workspace);
      expect(await page.getByTestId('welcome-pick-folder').count()).toBe(0);
      // The person has a todos.json there: the example would overwrite it, so it is not offered there.
      writeFileSync(join(workspace, 'todos.json'), 'mine\n');
      await field.fill(`${workspace}/`);
      await eventually(() => blocked.innerText()).toContain('todos.json');
      expect(await open.isDisabled()).toBe(true);
      // A folder outside the workspace is refused, with where it may go.
      await field.fill(elsewhere);
      await eventually(() => blocked.innerText()).toContain('outside the workspace');
      expect(await open.isDisabled()).toBe(true);
      await field.fill('my example');
      await blocked.waitFor({ state: 'detached' });
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
          await page.setViewportSize(size);
          await page.emulateMedia({ colorScheme });
          await page.screenshot({ path: join(SHOTS, `welcome-folder-${colorScheme}-${size.width}.png`) });
          // The choice is in sight without scrolling: the folder field and the actions lie inside the dialog, inside the window.
          const dialogBox = (await page.getByTestId('dialog').boundingBox())!;
          for (const control of [field, open]) {
            const box = (await control.boundingBox())!;
            expect(box.y + box.height).toBeLessThanOrEqual(Math.min(dialogBox.y + dialogBox.height, size.height));
          }
          expect(await page.getByTestId('welcome').evaluate((welcome) => welcome.scrollHeight <= welcome.clientHeight + 1)).toBe(true);
        }
      }
      await open.click();
      await page.getByTestId('welcome').waitFor({ state: 'detached' });
      expect(existsSync(join(workspace, 'my example', 'diagrams', 'shop.drawio'))).toBe(true);
      expect(readFileSync(join(workspace, 'todos.json'), 'utf8')).toBe('mine\n');
      expect(readdirSync(elsewhere)).toEqual([]);
      await page.getByTestId('domain-drawio').click();
      await CONTENT.drawio(page);
      expectNoPageErrors(tab);
    } finally {
      await disposables.disposeAll();
    }
  });
});
