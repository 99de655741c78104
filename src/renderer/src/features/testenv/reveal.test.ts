/** A `testenv:` link: the project by name or folder, the suite by id or name, shown on the dashboard. */
import { describe, expect, it } from 'vitest';
import { createToolDomainStore } from '../../stores/tool-domain-store';
import { createFakeApi, settle } from '../../testing/fake-api';
import { TESTENV_DOMAIN } from './model/project';
import { createTestenvReveal } from './reveal';
import { createTestenvViewStore } from './view-store';

const project = (path: string, name: string) => ({ id: `project:${path}`, kind: 'project', projectPath: path, displayPath: path.slice('/ws/'.length), name, configPath: `${path}/e2e.yaml`, state: 'initialized', network: { name: 'n', exists: false } });
const suite = (path: string, suiteId: string, name: string) => ({ id: `suite:${path}#${suiteId}`, kind: 'suite', projectPath: path, suiteId, name, runner: 'yaml', status: 'idle' });

async function setup() {
  const records = [project('/ws/shop', 'shop'), project('/ws/apps/api', 'api'), suite('/ws/shop', 'smoke', 'Smoke'), suite('/ws/apps/api', 'orders', 'Orders')];
  const api = createFakeApi({ domain: TESTENV_DOMAIN, documentId: TESTENV_DOMAIN, seq: 1, title: 't', dirty: false, records, activity: [] });
  const testenv = createToolDomainStore(TESTENV_DOMAIN, { api });
  const view = createTestenvViewStore();
  testenv.start();
  await settle();
  return { reveal: createTestenvReveal({ testenv: testenv.store, view }), view };
}

describe('the testenv reveal', () => {
  it('shows the project (by name or folder) and marks the suite (by id or name)', async () => {
    const { reveal, view } = await setup();
    expect(await reveal('shop/smoke')).toEqual({ ok: true });
    expect(view.getState()).toMatchObject({ chosenProject: '/ws/shop', revealedSuite: 'smoke' });
    expect(await reveal('apps/api/Orders')).toEqual({ ok: true });
    expect(view.getState()).toMatchObject({ chosenProject: '/ws/apps/api', revealedSuite: 'orders' });
    expect(await reveal('shop')).toEqual({ ok: true });
    expect(view.getState()).toMatchObject({ chosenProject: '/ws/shop', revealedSuite: undefined });
  });

  it('names what there is when the link finds no project or suite', async () => {
    const { reveal, view } = await setup();
    expect(await reveal('shop/nightly')).toMatchObject({ ok: false, message: 'No suite \'nightly\' in shop; suites: smoke' });
    expect(await reveal('web/smoke')).toMatchObject({ ok: false, message: "No test session for 'web'; sessions: api, shop" });
    expect(view.getState().chosenProject).toBeUndefined();
  });
});
