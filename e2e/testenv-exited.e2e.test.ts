/**
 * A service whose container exits after setup, on the dashboard: a real `tandem serve` on the real
 * Docker engine, an MCP client (the AI) driving a Preflight-layout project, and Debian's Chromium
 * showing the studio page. The row says exited, unhealthy, with the exit code, as soon as the
 * container ends, and its log shows its last lines.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerForTests, leftovers, removeImages, removeLabelled, writeBusyboxImage } from '../src/main/domains/testenv/testing/docker-fixtures';
import { freePort } from '../src/main/domains/testenv/testing/ports';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';
import { DOCKER_STEP_TIMEOUT_MS, attributeOf, openTestenv, preflight, testenvView } from './support/testenv';

const { startStudio } = useStudios();
const { engine, skip: dockerMissing } = await dockerForTests();
const IMAGE_PREFIX = `tandem-test-exit${process.pid}`;
const workspaces: string[] = [];
afterAll(async () => {
  if (dockerMissing) return;
  for (const workspace of workspaces) await removeLabelled(engine, workspace);
  await removeImages(engine, IMAGE_PREFIX);
});

describe.skipIf(dockerMissing)('a container that exits after setup, on the dashboard', () => {
  it(
    'shows it exited and unhealthy with its exit code, and its last log lines',
    async () => {
      const { ai, server, openTab } = await startStudio();
      workspaces.push(server.workspace);
      const name = `exit${process.pid}`;
      const dir = join(server.workspace, 'worker');
      mkdirSync(dir, { recursive: true });
      writeBusyboxImage(dir, 'echo "worker started"; httpd -p 8080 -h /www; sleep 2; echo "worker: out of work"; exit 7');
      writeFileSync(
        join(dir, 'e2e.yaml'),
        `project: { name: ${name} }\nservice:\n  name: worker\n  build: { image: ${IMAGE_PREFIX}-worker:e2e }\n  container:\n    ports: ["${await freePort()}:8080"]\n    healthcheck: { path: /health, interval: 100ms, timeout: 20s }\n`,
      );
      const tab = await openTab();
      const { page } = tab;
      await openTestenv(page);
      const view = testenvView(page);

      await preflight(ai, 'preflight_init', { projectPath: 'worker' });
      await preflight(ai, 'preflight_build', { projectPath: 'worker' });
      await preflight(ai, 'preflight_setup', { projectPath: 'worker' });
      // Healthy first; then, with no tool called, the row follows the container out.
      await expect.poll(() => attributeOf(page, 'service-worker', 'data-status'), { timeout: DOCKER_STEP_TIMEOUT_MS }).toBe('exited');
      expect(await attributeOf(page, 'service-worker', 'data-health')).toBe('unhealthy');
      expect(await attributeOf(page, 'service-worker', 'data-exit-code')).toBe('7');
      expect(await view.getByTestId('service-worker').getByTestId('service-state').innerText()).toBe('exited (code 7), unhealthy');
      await view.getByTestId('log-tab-worker').click();
      await eventually(() => view.getByTestId('log-lines').innerText()).toContain('worker: out of work');

      const status = await preflight(ai, 'preflight_status', { projectPath: 'worker' });
      expect(status.services).toEqual([expect.objectContaining({ name: 'worker', status: 'exited', health: 'unhealthy', exitCode: 7 })]);

      await preflight(ai, 'preflight_clean', { projectPath: 'worker' });
      await view.getByTestId('testenv-empty').waitFor({ timeout: DOCKER_STEP_TIMEOUT_MS });
      expect(await leftovers(engine, server.workspace)).toEqual({ containers: [], networks: [] });
      expectNoPageErrors(tab);
    },
    180_000,
  );
});
