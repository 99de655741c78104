/**
 * The test-environment dashboard end to end: a real `tandem serve` with the testenv domain on a real
 * Docker engine (DOCKER_HOST), a real MCP client on its HTTP endpoint (the AI) and Debian's Chromium
 * showing the studio page (the person). Services are images built FROM scratch with busybox.
 *
 * Needs Docker: under CI an unreachable engine fails these tests; elsewhere they are skipped with
 * the reason. Every test starts its own core on a fresh workspace; waits are on conditions.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerForTests, leftovers, removeImages, removeLabelled, writeFixtureProject } from '../src/main/domains/testenv/testing/docker-fixtures';
import { freePort } from '../src/main/domains/testenv/testing/ports';
import { AI_ORIGIN, PERSON_ORIGIN, eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';
import { DOCKER_STEP_TIMEOUT_MS, attributeOf, envelopeOf, openTestenv, preflight, testenvView, watchAttribute } from './support/testenv';

const SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'testenv.png');
/** Init, build, setup and run of two services on a busy 2-core machine, with room to spare. */
const TEST_TIMEOUT_MS = 240_000;

const { startStudio } = useStudios();
const { engine, skip: dockerMissing } = await dockerForTests();
/** The fixtures' image names start with this (tandem-test-<project>-<service>). */
const PROJECT_PREFIX = `dash${process.pid}x`;
const workspaces: string[] = [];
afterAll(async () => {
  if (dockerMissing) return;
  // Whatever a failed test left: the cores clean up when they stop, this is the safety net.
  for (const workspace of workspaces) await removeLabelled(engine, workspace);
  await removeImages(engine, `tandem-test-${PROJECT_PREFIX}`);
});

let projects = 0;

/**
 * `shop` in the workspace: services db and api (api after db), the mock `payments`, and two yaml
 * suites: `smoke` passes (and calls the mock), `orders` fails on its status.
 */
async function shopProject(workspace: string): Promise<{ name: string; mockPort: number }> {
  const name = `${PROJECT_PREFIX}${++projects}`;
  workspaces.push(workspace);
  const [dbPort, apiPort, mockPort] = [await freePort(), await freePort(), await freePort()];
  const dir = join(workspace, 'shop');
  mkdirSync(dir, { recursive: true });
  const smoke = {
    steps: [
      { waitHealthy: 'api' },
      { name: 'health answers', request: { path: '/health' }, expect: { status: 200 } },
      { name: 'payments answer', request: { url: `http://127.0.0.1:${mockPort}/ping` }, expect: { status: 200, body: { pong: true } } },
    ],
  };
  const orders = { steps: [{ name: 'creates an order', request: { method: 'POST', path: '/orders', body: { item: 'book' } }, expect: { status: 201 } }] };
  writeFixtureProject(dir, {
    name,
    services: [
      { name: 'db', hostPort: dbPort },
      { name: 'api', hostPort: apiPort, dependsOn: ['db'] },
    ],
    mocks: { payments: { port: mockPort, routes: [{ method: 'GET', path: '/ping', response: { status: 200, body: { pong: true } } }] } },
    suites: [
      { id: 'smoke', name: 'Smoke', runner: 'yaml', file: 'smoke.yaml' },
      { id: 'orders', name: 'Orders', runner: 'yaml', file: 'orders.yaml' },
    ],
    files: { 'smoke.yaml': JSON.stringify(smoke), 'orders.yaml': JSON.stringify(orders) },
  });
  return { name, mockPort };
}

describe.skipIf(dockerMissing)('the test-environment dashboard: the AI over MCP and a person in the browser, on one environment', () => {
  it(
    'shows services turning healthy and results arriving while an MCP client drives the session',
    async () => {
      const { ai, server, openTab } = await startStudio();
      const { name } = await shopProject(server.workspace);
      const tab = await openTab();
      const { page } = tab;
      await openTestenv(page);
      const view = testenvView(page);
      await view.getByTestId('testenv-empty').waitFor();

      await preflight(ai, 'preflight_init', { projectPath: 'shop' });
      await eventually(() => view.getByTestId('testenv-title').innerText()).toBe(name);
      await eventually(() => view.getByTestId('testenv-state').innerText()).toBe('initialized');
      await view.getByTestId('service-db').waitFor();
      await view.getByTestId('service-api').waitFor();
      // What the person may press follows the state: build now, not setup or run, and says why.
      expect(await view.getByTestId('testenv-build').isEnabled()).toBe(true);
      expect(await view.getByTestId('testenv-setup').isDisabled()).toBe(true);
      expect(await view.getByTestId('testenv-setup').getAttribute('title')).toMatch(/build first/);
      expect(await view.getByTestId('testenv-run').isDisabled()).toBe(true);
      // The AI's call shows in the activity, with its name.
      await view.locator(`[data-testid="activity-item"][data-origin="${AI_ORIGIN}"]`).first().waitFor();

      const progress: string[] = [];
      const built = envelopeOf(await ai.callTool('preflight_build', { projectPath: 'shop' }, { onprogress: (p) => progress.push(p.message ?? '') }));
      expect(built.success, JSON.stringify(built.error)).toBe(true);
      await expect.poll(() => view.getByTestId('testenv-state').innerText(), { timeout: DOCKER_STEP_TIMEOUT_MS }).toBe('built');

      const apiHealth = await watchAttribute(page, 'service-api', 'data-health');
      const progressTools = await watchAttribute(page, 'progress', 'data-tool');
      const progressOrigins = await watchAttribute(page, 'progress-origin', 'data-origin');
      await preflight(ai, 'preflight_setup', { projectPath: 'shop' });
      await expect.poll(() => attributeOf(page, 'service-api', 'data-health'), { timeout: DOCKER_STEP_TIMEOUT_MS }).toBe('healthy');
      await eventually(() => attributeOf(page, 'service-db', 'data-health')).toBe('healthy');
      expect(await attributeOf(page, 'service-api', 'data-status')).toBe('running');
      // The page saw the service turn healthy: not healthy when setup began, healthy at the end.
      const seen = await apiHealth();
      expect(seen[0]).not.toBe('healthy');
      expect(seen.at(-1)).toBe('healthy');
      // While it ran, the progress bar showed the AI's setup, with the AI's name.
      expect(await progressTools()).toContain('preflight_setup');
      expect(await progressOrigins()).toContain(AI_ORIGIN);
      expect(await view.getByTestId('service-api').innerText()).toMatch(/up \d+ s/);
      expect(await view.getByTestId('testenv-state').innerText()).toBe('running');
      expect(await view.getByTestId('testenv-run').isEnabled()).toBe(true);
      // The container logs stream in.
      await view.getByTestId('log-tab-api').click();
      await eventually(() => view.getByTestId('log-lines').innerText()).toContain('service api listening on 8080');

      const smokeStatus = await watchAttribute(page, 'suite-smoke', 'data-status');
      await preflight(ai, 'preflight_run', { projectPath: 'shop' });
      await expect.poll(() => attributeOf(page, 'suite-result-smoke', 'data-status'), { timeout: DOCKER_STEP_TIMEOUT_MS }).toBe('passed');
      // The suite showed as running before its result came in.
      expect(await smokeStatus()).toEqual(['idle', 'running', 'passed']);
      await eventually(() => attributeOf(page, 'suite-result-orders', 'data-status')).toBe('failed');
      const smokeCases = view.getByTestId('suite-result-smoke').getByTestId('result-case');
      expect(await smokeCases.evaluateAll((cases) => cases.map((c) => c.getAttribute('data-status')))).not.toContain('failed');
      // The failure is open on what was collected at it: the failed assertion, the exchange, the diagnostics.
      const failure = view.getByTestId('suite-result-orders').getByTestId('failure');
      await failure.waitFor();
      expect(await failure.getByTestId('failure-assertions').innerText()).toMatch(/status[\s\S]*201/);
      expect(await failure.getByTestId('failure-exchange').innerText()).toContain('POST');
      await failure.getByTestId('failure-diagnostics').waitFor();
      expect(await view.getByTestId('run-totals').innerText()).toMatch(/failed/);
      // The smoke suite called the mock: the inspector shows the request.
      await view.getByTestId('requests-payments').getByTestId('mock-request').first().click();
      expect(await view.getByTestId('request-details').innerText()).toContain('/ping');

      await page.screenshot({ path: SCREENSHOT_PATH });

      await preflight(ai, 'preflight_clean', { projectPath: 'shop' });
      await view.getByTestId('testenv-empty').waitFor({ timeout: DOCKER_STEP_TIMEOUT_MS });
      expect(await leftovers(engine, server.workspace)).toEqual({ containers: [], networks: [] });
      expect(progress.length).toBeGreaterThan(0);
      expectNoPageErrors(tab);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "runs the suites with the person's buttons, and the MCP client's status and mock requests show it",
    async () => {
      const { ai, server, openTab } = await startStudio();
      await shopProject(server.workspace);
      const tab = await openTab();
      const { page } = tab;
      await openTestenv(page);
      const view = testenvView(page);

      // The person inits the folder they type, then builds and sets up with the buttons.
      await view.getByTestId('testenv-folder').fill('shop');
      await view.getByTestId('testenv-init').click();
      await eventually(() => view.getByTestId('testenv-state').innerText()).toBe('initialized');
      expect(await view.getByTestId('testenv-init').isDisabled()).toBe(true);
      await view.getByTestId('testenv-build').click();
      await expect.poll(() => view.getByTestId('testenv-state').innerText(), { timeout: DOCKER_STEP_TIMEOUT_MS }).toBe('built');
      await view.getByTestId('testenv-setup').click();
      await expect.poll(() => attributeOf(page, 'service-api', 'data-health'), { timeout: DOCKER_STEP_TIMEOUT_MS }).toBe('healthy');
      expect((await preflight(ai, 'preflight_status', { projectPath: 'shop' })).state).toBe('running');
      const before = await preflight(ai, 'preflight_mock_requests', { projectPath: 'shop', mockName: 'payments' });
      expect(before.mocks[0].totalRequests).toBe(0);

      await view.getByTestId('testenv-run').click();
      await expect.poll(() => attributeOf(page, 'suite-result-orders', 'data-status'), { timeout: DOCKER_STEP_TIMEOUT_MS }).toBe('failed');
      await eventually(() => attributeOf(page, 'suite-result-smoke', 'data-status')).toBe('passed');
      await view.locator(`[data-testid="activity-item"][data-origin="${PERSON_ORIGIN}"]`).first().waitFor();

      // The AI sees what the person's run did: the mock's requests, in the status and in full.
      const status = await preflight(ai, 'preflight_status', { projectPath: 'shop' });
      expect(status.mocks).toEqual([expect.objectContaining({ name: 'payments', requestCount: 1 })]);
      const after = await preflight(ai, 'preflight_mock_requests', { projectPath: 'shop', mockName: 'payments' });
      expect(after.mocks[0].requests).toEqual([expect.objectContaining({ method: 'GET', url: '/ping' })]);

      // The person's Clean ends the session; the AI's next call is told so.
      await view.getByTestId('testenv-clean').click();
      await view.getByTestId('testenv-empty').waitFor({ timeout: DOCKER_STEP_TIMEOUT_MS });
      await expect(preflight(ai, 'preflight_status', { projectPath: 'shop' })).rejects.toThrow(/SESSION_NOT_FOUND/);
      expectNoPageErrors(tab);
    },
    TEST_TIMEOUT_MS,
  );
});
