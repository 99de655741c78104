/**
 * The tool-domain store: its pure parts on their own, then the store against a real core (the built
 * `tandem serve` hosting the test domain `counters`, reached over the browser's WebSocket API with
 * the `ws` package standing in for the page's WebSocket) while an MCP client acts beside it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ChangeEvent } from '../../../shared/change-feed';
import type { ToolCallAnswer } from '../../../shared/tandem-api';
import { Harness, readEndpointFile } from '../../../main/cli/test-harness';
import { waitFor } from '../../../main/mcp/test-fixtures';
import { TEST_TOOL_DOMAINS_ENV } from '../../../main/tool-domain/testing/test-only';
import { API_PATH, createWebSocketApi, type SocketLike, type WebSocketApi } from '../api/ws-api';
import { createFakeApi, settle } from '../testing/fake-api';
import {
  CALL_FAILED,
  UNREADABLE_ANSWER,
  applyRecordChanges,
  createToolDomainStore,
  recordsOf,
  dataOrErrorEnvelope,
  successEnvelope,
  type EnvelopeReader,
  type KindedRecord,
  type ToolDomainStore,
} from './tool-domain-store';

const textAnswer = (text: string, isError = false): ToolCallAnswer => ({ content: [{ type: 'text', text }], ...(isError ? { isError } : {}) });

describe('applyRecordChanges', () => {
  const service = (name: string, health: string) => ({ id: `service:/p#${name}`, kind: 'service', name, health });

  it('groups records by kind and replaces only what changed', () => {
    const first = applyRecordChanges({}, [service('api', 'starting'), service('db', 'starting'), { id: 'project:/p', kind: 'project' }], []);
    expect(Object.keys(first).sort()).toEqual(['project', 'service']);
    const next = applyRecordChanges(first, [service('api', 'healthy')], []);
    expect((next.service.get('service:/p#api') as { health?: string }).health).toBe('healthy');
    expect(next.service.get('service:/p#db')).toBe(first.service.get('service:/p#db'));
    expect(next.project).toBe(first.project);
  });

  it('removes by id whatever the kind, keeps the emptied kind, and skips what is no record', () => {
    const first = applyRecordChanges({}, [service('api', 'healthy'), { id: 'suite:/p#a', kind: 'suite' }], []);
    const next = applyRecordChanges(first, [null, 'text', { kind: 'log' }, { id: 'x' }], ['service:/p#api']);
    expect(next.service.size).toBe(0);
    expect(next.suite).toBe(first.suite);
    expect(Object.keys(next).sort()).toEqual(['service', 'suite']);
  });
});

describe('successEnvelope', () => {
  it('answers the data of a success and the error of a failure, with its suggestion', () => {
    expect(successEnvelope(textAnswer(JSON.stringify({ success: true, data: { state: 'built' }, timestamp: 1 })))).toEqual({ ok: true, data: { state: 'built' } });
    const failed = { success: false, error: { code: 'NOT_BUILT', message: 'build first', suggestion: 'preflight_build', details: { state: 'initialized' } }, timestamp: 1 };
    expect(successEnvelope(textAnswer(JSON.stringify(failed), true))).toEqual({ ok: false, error: failed.error });
  });

  it('turns an answer in another shape into an error that quotes it', () => {
    for (const text of ['plain words', '{"ok":true}', '']) {
      const outcome = successEnvelope(textAnswer(text));
      expect(outcome).toMatchObject({ ok: false, error: { code: UNREADABLE_ANSWER } });
      if (!outcome.ok) expect(outcome.error.message).toContain(text || '(empty)');
    }
    // A success flagged as an error by MCP is not taken for a success.
    expect(successEnvelope(textAnswer('{"success":true}', true))).toMatchObject({ ok: false });
    // An error without a code or message still says something.
    expect(successEnvelope(textAnswer('{"success":false}', true))).toEqual({ ok: false, error: { code: CALL_FAILED, message: 'the tool failed without saying why' } });
  });
});

describe('dataOrErrorEnvelope (tasks, context)', () => {
  it('answers the data itself, and the error object of a failure with its suggestion and details', () => {
    const todo = { todo: { id: '1a2b3c4d', description: 'Fix login' }, hint: 'next' };
    expect(dataOrErrorEnvelope({ ...textAnswer(JSON.stringify(todo)), structuredContent: todo })).toEqual({ ok: true, data: todo });
    const error = { code: 'not_found', message: "Todo 'abc123' not found.", suggestion: 'Use list_todos to see available todos.' };
    expect(dataOrErrorEnvelope(textAnswer(JSON.stringify({ error }), true))).toEqual({ ok: false, error });
    const conflict = { code: 'conflict', message: 'ambiguous', details: { candidates: ['1a2b3c4d'] } };
    expect(dataOrErrorEnvelope(textAnswer(JSON.stringify({ error: conflict }), true))).toEqual({ ok: false, error: conflict });
  });

  it('turns text that is not JSON, or an error flag without the error object, into an error that quotes it', () => {
    for (const [text, isError] of [['! no tool "x" [unknown_tool]', true], ['', false], ['{"a":1}', true], ['{"error":"bad"}', false]] as const) {
      const outcome = dataOrErrorEnvelope(textAnswer(text, isError));
      expect(outcome, text).toMatchObject({ ok: false, error: { code: UNREADABLE_ANSWER } });
      if (!outcome.ok) expect(outcome.error.message).toContain(text || '(empty)');
    }
  });
});

describe('tool-domain store with a fake API', () => {
  const snapshot = (seq: number, records: unknown[]) => ({ domain: 'testenv', documentId: 'testenv', seq, title: 'test environments', dirty: false, records, activity: [] });
  const change = (seq: number, extra: Partial<ChangeEvent>): ChangeEvent => ({ domain: 'testenv', documentId: 'testenv', seq, origin: 'claude', kind: 'tool', at: 0, ...extra });

  it('lists the calls in flight, and answers a transport failure as an outcome', async () => {
    const api = createFakeApi(snapshot(0, []));
    let answer: (value: ToolCallAnswer) => void = () => undefined;
    api.callTool = (_domain, tool) =>
      tool === 'broken' ? Promise.reject(Object.assign(new Error('the connection to the studio was lost'), { code: 'disconnected', suggestion: 'wait' })) : new Promise((resolve) => (answer = resolve));
    const store = createToolDomainStore('testenv', { api, now: () => 42 });
    const pending = store.call('preflight_build', { projectPath: 'api' });
    expect(store.store.getState().calls).toEqual([{ id: 1, tool: 'preflight_build', args: { projectPath: 'api' }, startedAt: 42 }]);
    answer(textAnswer(JSON.stringify({ success: true, data: { totalDuration: 5 } })));
    await expect(pending).resolves.toEqual({ ok: true, data: { totalDuration: 5 } });
    expect(store.store.getState().calls).toEqual([]);
    await expect(store.call('broken')).resolves.toEqual({ ok: false, error: { code: 'disconnected', message: 'the connection to the studio was lost', suggestion: 'wait' } });
  });

  it("applies the domain's own background changes without listing them in the activity", async () => {
    const background = { seq: 1, origin: 'testenv', kind: 'tool' as const, ops: ['log api'], lines: [], at: 0 };
    const call = { seq: 2, origin: 'claude', kind: 'tool' as const, ops: ['setup shop'], lines: [], at: 0 };
    const api = createFakeApi({ ...snapshot(2, []), activity: [background, call] });
    const store = createToolDomainStore('testenv', { api });
    store.start();
    await settle();
    expect(store.store.getState().activity.map((a) => a.ops[0])).toEqual(['setup shop']);
    api.emit(change(3, { origin: 'testenv', ops: ['log api'], put: [{ id: 'log:/p#api', kind: 'log', lines: ['ready'] }] }));
    expect(recordsOf(store.store.getState(), 'log').size).toBe(1);
    expect(store.store.getState().activity.map((a) => a.ops[0])).toEqual(['setup shop']);
    expect(store.store.getState().seq).toBe(3);
    api.emit(change(4, { origin: 'claude', ops: ['run shop'] }));
    expect(store.store.getState().activity.map((a) => a.ops[0])).toEqual(['run shop', 'setup shop']);
  });

  it('reloads after a gap in the sequence and keeps the activity with its origins', async () => {
    const api = createFakeApi(snapshot(1, [{ id: 'project:/p', kind: 'project', state: 'initialized' }]));
    const store = createToolDomainStore('testenv', { api });
    store.start();
    await settle();
    api.emit(change(2, { ops: ['build'], put: [{ id: 'project:/p', kind: 'project', state: 'built' }] }));
    expect(recordsOf<KindedRecord & { state: string }>(store.store.getState(), 'project').get('project:/p')?.state).toBe('built');
    expect(store.store.getState().activity[0]).toMatchObject({ origin: 'claude', kind: 'tool', ops: ['build'] });
    expect(store.store.getState().lastChanges.get('project:/p')?.origin).toBe('claude');
    api.nextSnapshot = snapshot(4, [{ id: 'project:/p', kind: 'project', state: 'running' }]);
    api.emit(change(4, { ops: ['setup'] }));
    await settle();
    expect(api.snapshotCalls).toBe(2);
    expect(recordsOf<KindedRecord & { state: string }>(store.store.getState(), 'project').get('project:/p')?.state).toBe('running');
  });
});

// ---- against a real core ------------------------------------------------------------------------

/** The counters test domain's envelope: `{ok, data | error, at}`. */
const countersEnvelope: EnvelopeReader = (answer) => {
  const parsed = JSON.parse(String(answer.content[0]?.text)) as { ok: boolean; data?: unknown; error?: { code: string; message: string; suggestion?: string } };
  return parsed.ok ? { ok: true, data: parsed.data } : { ok: false, error: parsed.error! };
};

interface Counter extends KindedRecord {
  name: string;
  value: number;
  updatedBy: string;
}

describe('tool-domain store against tandem serve', () => {
  const harness = new Harness();
  let previousDomains: string | undefined;
  beforeAll(() => {
    previousDomains = process.env[TEST_TOOL_DOMAINS_ENV];
    process.env[TEST_TOOL_DOMAINS_ENV] = 'counters';
  });
  afterAll(() => {
    if (previousDomains === undefined) delete process.env[TEST_TOOL_DOMAINS_ENV];
    else process.env[TEST_TOOL_DOMAINS_ENV] = previousDomains;
  });
  const opened: WebSocketApi[] = [];
  afterEach(async () => {
    for (const api of opened.splice(0)) api.close();
    await harness.cleanup();
  });

  async function start() {
    const workspace = harness.tempWorkspace('tool-store');
    const serve = await harness.serve(workspace, ['--port', '0']);
    const endpoint = readEndpointFile(workspace)!;
    const sockets: WebSocket[] = [];
    /** While set, reconnects go to a closed port, so the socket stays down. */
    const network = { down: false };
    const api = createWebSocketApi({
      url: `${serve.url.replace(/^http/, 'ws')}${API_PATH}`,
      token: endpoint.token,
      createSocket: (url, protocols) => {
        const socket = new WebSocket(network.down ? 'ws://127.0.0.1:1/api' : url, protocols);
        sockets.push(socket);
        return socket as unknown as SocketLike;
      },
      initialDelayMs: 20,
    });
    opened.push(api);
    const ai = new Client({ name: 'claude-test', version: '1.0.0' });
    await ai.connect(new StreamableHTTPClientTransport(new URL(`${endpoint.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } }));
    const store = createToolDomainStore('counters', { api, onReconnect: api.onReconnect, envelope: countersEnvelope, retryDelayMs: 50 });
    const sync = store.start();
    await waitFor(() => store.store.getState().status === 'ready', 10_000, 'the first snapshot');
    return { api, ai, store, sockets, network, sync };
  }

  const counter = (store: ToolDomainStore, name: string) => recordsOf<Counter>(store.store.getState(), 'counter').get(`counter:${name}`);

  it("follows the AI's calls and the person's own, each with its origin", async () => {
    const { ai, store } = await start();
    await ai.callTool({ name: 'counters_bump', arguments: { name: 'visits', by: 4 } });
    await waitFor(() => counter(store, 'visits')?.value === 4, 10_000, "the AI's bump");
    expect(store.store.getState().activity[0]).toMatchObject({ origin: 'claude-test', kind: 'tool', ops: ['bump visits +4'], lines: ['visits = 4'] });

    const outcome = await store.call('counters_bump', { name: 'visits', by: 2 });
    expect(outcome).toEqual({ ok: true, data: { name: 'visits', value: 6 } });
    await waitFor(() => counter(store, 'visits')?.value === 6, 10_000, "the person's bump");
    expect(counter(store, 'visits')?.updatedBy).toBe('person');
    expect(store.store.getState().activity[0]).toMatchObject({ origin: 'person', ops: ['bump visits +2'] });

    // The domain's refusal comes back as its error, and changes nothing.
    const refused = await store.call('counters_reset', { name: 'ghost' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'no counter "ghost"', suggestion: expect.stringContaining('counters_list') } });
    const bad = await store.call('counters_bump', { name: 'Bad Name' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });

    await ai.callTool({ name: 'counters_reset', arguments: { name: 'visits' } });
    await waitFor(() => counter(store, 'visits') === undefined, 10_000, 'the removal');
    expect(recordsOf(store.store.getState(), 'counter').size).toBe(0);
    expect(store.store.getState().calls).toEqual([]);
  });

  it('waits for a slow tool, and catches up on what it missed while the connection was down', async () => {
    const { ai, store, sockets, network, sync } = await start();
    // Longer than nothing at all: the call is waited for, not timed out, and listed meanwhile.
    const slow = store.call('counters_wait', { ms: 300 });
    expect(store.store.getState().calls.map((c) => c.tool)).toEqual(['counters_wait']);
    await expect(slow).resolves.toEqual({ ok: true, data: { waited: 300 } });

    const snapshots = sync.snapshotCount;
    network.down = true;
    sockets[0].terminate();
    await ai.callTool({ name: 'counters_bump', arguments: { name: 'missed', by: 7 } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(counter(store, 'missed')).toBeUndefined();
    network.down = false;
    await waitFor(() => counter(store, 'missed')?.value === 7, 10_000, 'the change made while disconnected, after the reconnect');
    expect(sync.snapshotCount).toBe(snapshots + 1);
    expect(store.store.getState().activity[0]).toMatchObject({ origin: 'claude-test', ops: ['bump missed +7'] });
  });
});
