/**
 * The test results inside the chat (issue 22) on a real Docker engine: the chat's preflight_run
 * result drawn by the view from its ui:// resource, a later run by another AI appearing with its
 * name, and the person's Run in the chat reaching the studio's dashboard as the person's run.
 * Needs Docker, as the dashboard's own e2e test (skipped with the reason where none runs, failed under CI).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerForTests, removeImages, removeLabelled, writeFixtureProject } from '../src/main/domains/testenv/testing/docker-fixtures';
import { freePort } from '../src/main/domains/testenv/testing/ports';
import { CHAT_ORIGIN, expectChatFit, startChatHost } from './support/chat-host';
import { AI_ORIGIN, PERSON_ORIGIN, eventually, expectNoPageErrors, useStudios } from './support/studio';
import { DOCKER_STEP_TIMEOUT_MS, envelopeOf, openTestenv, preflight, testenvView } from './support/testenv';

const { startStudio } = useStudios();
const { engine, skip: dockerMissing } = await dockerForTests();
const PROJECT = `chat${process.pid}x`;
const workspaces: string[] = [];
afterAll(async () => {
  if (dockerMissing) return;
  for (const workspace of workspaces) await removeLabelled(engine, workspace);
  await removeImages(engine, `tandem-test-${PROJECT}`);
});

/** `shop`: one service, a suite that passes and one that fails on its status. */
async function shopProject(workspace: string): Promise<void> {
  workspaces.push(workspace);
  const dir = join(workspace, 'shop');
  mkdirSync(dir, { recursive: true });
  const smoke = { steps: [{ waitHealthy: 'api' }, { name: 'health answers', request: { path: '/health' }, expect: { status: 200 } }] };
  const orders = { steps: [{ name: 'creates an order', request: { method: 'POST', path: '/orders', body: { item: 'book' } }, expect: { status: 201 } }] };
  writeFixtureProject(dir, {
    name: PROJECT,
    services: [{ name: 'api', hostPort: await freePort() }],
    suites: [
      { id: 'smoke', name: 'Smoke', runner: 'yaml', file: 'smoke.yaml' },
      { id: 'orders', name: 'Orders', runner: 'yaml', file: 'orders.yaml' },
    ],
    files: { 'smoke.yaml': JSON.stringify(smoke), 'orders.yaml': JSON.stringify(orders) },
  });
}

describe.skipIf(dockerMissing)('the test results in the chat', () => {
  it(
    "draws the run's results, follows another AI's run, and Run in it reaches the studio's dashboard as the person's",
    async () => {
      const { server, ai, context, disposables, openTab } = await startStudio();
      await shopProject(server.workspace);
      const tab = await openTab();
      await openTestenv(tab.page);
      await preflight(ai, 'preflight_init', { projectPath: 'shop' });
      await preflight(ai, 'preflight_build', { projectPath: 'shop' });
      await preflight(ai, 'preflight_setup', { projectPath: 'shop' });

      const host = await startChatHost(disposables, server, context);
      const input = { projectPath: 'shop' };
      const result = await host.call('preflight_run', input);
      const { view, requests, cspViolations, fit } = await host.show('preflight_run', input, result);
      const suite = (id: string) => view.locator(`.suite[data-suite="${id}"]`);
      // The run the chat's model made is marked with its name.
      await view.locator(`.suite[data-by="${CHAT_ORIGIN}"]`).first().waitFor();
      await eventually(() => suite('smoke').getAttribute('data-status')).toBe('passed');
      expect(await suite('orders').getAttribute('data-status')).toBe('failed');
      expect(await suite('orders').locator('.case.failed .detail').innerText()).toMatch(/201/);
      expect(await view.locator('.service[data-service="api"]').getAttribute('data-health')).toBe('healthy');

      // Another AI runs the failing suite: the view shows its run with its name.
      await preflight(ai, 'preflight_run_suite', { projectPath: 'shop', suiteId: 'orders' });
      await eventually(() => suite('orders').getAttribute('data-by')).toBe(AI_ORIGIN);

      // The person presses Run on Smoke in the chat: the studio's dashboard shows their run.
      await suite('smoke').getByRole('button', { name: 'Run' }).click();
      await expect
        .poll(() => testenvView(tab.page).locator(`[data-testid="activity-item"][data-origin="${PERSON_ORIGIN}"]`).count(), { timeout: DOCKER_STEP_TIMEOUT_MS })
        .toBeGreaterThan(0);
      expect(host.relayed.some((call) => call.name === 'preflight_run_suite' && call._meta?.['tandem.studio/view'] === 'ui://tandem/testenv/results')).toBe(true);

      // A click on the service selects it: the AI's logs of @selected are that service's.
      await view.locator('.service[data-service="api"]').click();
      const logsOfSelected = async () => envelopeOf(await ai.callTool('preflight_logs', { projectPath: 'shop', container: '@selected' }));
      await eventually(async () => (await logsOfSelected()).success).toBe(true);
      expect(JSON.stringify((await logsOfSelected()).data)).toContain('api');
      expect(requests).toEqual([]);
      expect(await cspViolations()).toEqual([]);
      await expectChatFit({ fit });
    expectNoPageErrors(tab);
    },
    300_000,
  );
});
