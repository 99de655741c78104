import { describe, expect, it } from 'vitest';
import type { ToolCallAnswer } from '../../../../shared/tandem-api';
import { createToolDomainStore } from '../../stores/tool-domain-store';
import { createFakeApi, settle } from '../../testing/fake-api';
import { createTestenvActions } from './actions';
import { TESTENV_DOMAIN } from './model/project';
import { caseKey, createTestenvViewStore } from './view-store';

const envelope = (body: object): ToolCallAnswer => ({ content: [{ type: 'text', text: JSON.stringify({ ...body, timestamp: 1 }) }], ...('error' in body ? { isError: true } : {}) });
const projectRecord = (path: string, state = 'initialized') => ({ id: `project:${path}`, kind: 'project', projectPath: path, displayPath: path.slice('/ws/'.length), name: 'p', configPath: `${path}/e2e.yaml`, state, network: { name: 'n', exists: false } });

function setup(records: unknown[] = []) {
  const api = createFakeApi({ domain: TESTENV_DOMAIN, documentId: TESTENV_DOMAIN, seq: 1, title: 't', dirty: false, records, activity: [] });
  api.info = async () => ({ workspace: '/ws', domains: [], toolDomains: [TESTENV_DOMAIN], host: 'browser' });
  const calls: Array<{ tool: string; args?: Record<string, unknown> }> = [];
  const answers: Record<string, ToolCallAnswer> = {};
  api.callTool = async (_domain, tool, args) => {
    calls.push({ tool, args });
    return answers[tool] ?? envelope({ success: true, data: {} });
  };
  const testenv = createToolDomainStore(TESTENV_DOMAIN, { api });
  const view = createTestenvViewStore();
  const actions = createTestenvActions({ api, testenv, view });
  testenv.start();
  return { api, calls, answers, testenv, view, actions };
}

describe('testenv actions', () => {
  it('offers the workspace folder while no project shows, and the shown project\'s folder once one does', async () => {
    const { api, actions } = setup();
    await actions.loadWorkspace();
    await settle();
    expect(actions.folder()).toBe('/ws');
    api.emit({ domain: TESTENV_DOMAIN, documentId: TESTENV_DOMAIN, seq: 2, origin: 'claude-ai', kind: 'tool', put: [projectRecord('/ws/a'), projectRecord('/ws/b')], at: 0 });
    expect(actions.folder()).toBe('/ws/a');
    // What the person types stays while its project shows, and gives way when another shows.
    actions.setFolder('elsewhere');
    expect(actions.folder()).toBe('elsewhere');
    actions.chooseProject('/ws/b');
    expect(actions.folder()).toBe('/ws/b');
    actions.chooseProject('/ws/a');
    expect(actions.folder()).toBe('elsewhere');
  });

  it('inits the folder typed, and shows the new session', async () => {
    const { api, calls, answers, view, actions } = setup([projectRecord('/ws/old')]);
    await actions.loadWorkspace();
    await settle();
    expect(actions.folder()).toBe('/ws/old');
    actions.setFolder('shop');
    answers.preflight_init = envelope({ success: true, data: { projectName: 'shop', configPath: '/ws/shop/e2e.yaml' } });
    // The core publishes the session's record before it answers.
    api.callTool = async (_domain, tool, args) => {
      calls.push({ tool, args });
      api.emit({ domain: TESTENV_DOMAIN, documentId: TESTENV_DOMAIN, seq: 2, origin: 'person', kind: 'tool', put: [projectRecord('/ws/shop')], at: 0 });
      return answers[tool];
    };
    await settle();
    await actions.init();
    expect(calls).toEqual([{ tool: 'preflight_init', args: { projectPath: 'shop' } }]);
    expect(view.getState().chosenProject).toBe('/ws/shop');
  });

  it('runs a step on the project on screen, and shows a refusal as a toast with its suggestion', async () => {
    const { calls, answers, view, actions } = setup([projectRecord('/ws/a', 'built'), projectRecord('/ws/b', 'built')]);
    await settle();
    actions.chooseProject('/ws/b');
    answers.preflight_setup = envelope({ success: false, error: { code: 'PORT_CONFLICT', message: 'port 8080 is in use', suggestion: 'free port 8080 or change it in e2e.yaml' } });
    await actions.step('setup');
    await actions.runSuite('smoke');
    expect(calls).toEqual([
      { tool: 'preflight_setup', args: { projectPath: '/ws/b' } },
      { tool: 'preflight_run_suite', args: { projectPath: '/ws/b', suiteId: 'smoke' } },
    ]);
    expect(view.getState().toasts).toEqual([{ id: expect.any(Number), message: 'preflight_setup: PORT_CONFLICT: port 8080 is in use', hints: ['free port 8080 or change it in e2e.yaml'] }]);
    actions.dismissToast(view.getState().toasts[0].id);
    expect(view.getState().toasts).toEqual([]);
  });

  it("clears a mock's requests, and flips a case open or shut", async () => {
    const { calls, view, actions } = setup([projectRecord('/ws/a', 'running')]);
    await settle();
    actions.inspect('mock:/ws/a#pay', { method: 'GET', url: '/x', body: null, headers: {}, timestamp: '' });
    await actions.clearRequests('pay');
    expect(calls).toEqual([{ tool: 'preflight_mock_requests', args: { projectPath: '/ws/a', mockName: 'pay', clear: true } }]);
    expect(view.getState().inspected).toBeUndefined();
    actions.toggleCase('smoke', 'health');
    expect(view.getState().flippedCases.has(caseKey('smoke', 'health'))).toBe(true);
    actions.toggleCase('smoke', 'health');
    expect(view.getState().flippedCases.size).toBe(0);
  });
});
