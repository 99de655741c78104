/**
 * The person's presence as the testenv tools see it (issue 14): the service picked on the dashboard
 * is named by preflight_status and read by preflight_logs container "@selected". No Docker needed:
 * an initialized session has no containers yet.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { serviceRecordId } from '../../../shared/testenv-records';
import { Studio } from '../../core/studio';
import { temporaryWorkspace } from '../../testing/temporary-studio';
import { testenvDomain } from '.';

const temp = temporaryWorkspace('tandem-testenv-presence-');
let studio: Studio;

beforeEach(async () => {
  mkdirSync(join(temp.dir, 'shop'));
  writeFileSync(
    join(temp.dir, 'shop', 'e2e.yaml'),
    'version: 1\nproject: {name: shop}\nservices:\n  - name: api\n    image: busybox\n  - name: db\n    image: busybox\n',
  );
  studio = await temp.open({ domains: [], toolDomains: [testenvDomain] });
});

const call = async (tool: string, args: Record<string, unknown>) => {
  const result = await studio.callTool('testenv', tool, args, { origin: 'claude' });
  return JSON.parse((result.content[0] as { text: string }).text) as { success: boolean; data?: any; error?: { code: string; message: string } };
};

it('names the service the person picked in preflight_status, and preflight_logs reads @selected', async () => {
  expect((await call('preflight_init', { projectPath: 'shop' })).success).toBe(true);
  expect((await call('preflight_status', { projectPath: 'shop' })).data.selectedByPerson).toBeUndefined();
  const none = await call('preflight_logs', { projectPath: 'shop', container: '@selected' });
  expect(none.error).toMatchObject({ code: 'CONTAINER_NOT_FOUND', message: expect.stringContaining('the person has picked no service of shop') });

  const tab = studio.presence.openWindow('browser');
  studio.presence.report(tab, { domain: 'testenv', ids: [serviceRecordId(join(temp.workspaceOf(studio).root, 'shop'), 'db')], visible: true });
  const status = await call('preflight_status', { projectPath: 'shop' });
  expect(status.data.selectedByPerson).toEqual({ services: ['db'], window: `browser tab ${tab.slice(1)}` });
  // @selected names the db service: not running yet, so the session says so about db.
  const logs = await call('preflight_logs', { projectPath: 'shop', container: '@selected' });
  expect(logs.error?.code).toBe('CONTAINER_NOT_RUNNING');
  expect(logs.error?.message).toContain('db');

  // The project map lists the session (what the context domain's manifest shows).
  const testenv = (await studio.summaries()).find((d) => d.domain === 'testenv')!;
  expect(testenv.items).toEqual([{ kind: 'session', name: 'shop', path: 'shop', summary: '2 services, 0 mocks, 0 suites', state: 'initialized; not run yet' }]);
  expect(testenv.counts).toEqual({ sessions: 1, running: 0 });
});

it('counts a project\'s suites from its e2e.yaml in the project map, before any run (a Preflight layout, inited without Docker)', async () => {
  mkdirSync(join(temp.dir, 'pf', 'tests'), { recursive: true });
  mkdirSync(join(temp.dir, 'pf', 'repos', 'api'), { recursive: true });
  writeFileSync(
    join(temp.dir, 'pf', 'e2e.yaml'),
    'project: { name: pf }\nrepos: [{ name: api }, { name: web, url: "https://example.com/web.git" }]\nservice:\n  image: busybox\n  container: { ports: ["18080:80"] }\n' +
      'dashboard: { port: 9095 }\ntests:\n  suites:\n    - { name: Smoke, file: tests/smoke.yaml }\n    - { name: Checks, file: tests/checks.yml }\n',
  );
  const init = await call('preflight_init', { projectPath: 'pf' });
  expect(init.data).toMatchObject({ layout: 'service', services: [{ name: 'pf' }], suites: [{ id: 'smoke', runner: 'yaml' }, { id: 'checks', runner: 'yaml' }] });
  expect(init.data.repos).toEqual([
    { name: 'api', path: join('repos', 'api'), present: true },
    { name: 'web', path: join('repos', 'web'), present: false, url: 'https://example.com/web.git' },
  ]);
  expect(init.data.notes).toEqual([
    expect.stringMatching(/^dashboard: ignored/),
    `repos not found (the studio does not clone them): web at ${join('repos', 'web')} (clone https://example.com/web.git there)`,
    `repos found: ${join('repos', 'api')}`,
  ]);
  const testenv = (await studio.summaries()).find((d) => d.domain === 'testenv')!;
  expect(testenv.items.find((i) => i.name === 'pf')).toMatchObject({ summary: '1 service, 0 mocks, 2 suites', state: 'initialized; not run yet' });
});
