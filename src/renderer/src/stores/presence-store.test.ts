import { afterEach, describe, expect, it, vi } from 'vitest';
import { foldActivity } from '../common/ActivityPanel';
import { createFakeApi } from '../testing/fake-api';
import { READ_MARK_MS, createPresence, isFreshRead, readKey } from './presence-store';

const snapshot = { domain: 'drawio', documentId: 'd1', seq: 0, title: 'T', dirty: false, records: [], activity: [] };

afterEach(() => vi.useRealTimers());

describe('presence in the window', () => {
  it('sends the latest selection of each view once, summarizes a huge one, and sends it again after a reconnect', async () => {
    vi.useFakeTimers();
    const api = createFakeApi(snapshot);
    let reconnect = () => undefined as void;
    const presence = createPresence({ api, onReconnect: (listener) => ((reconnect = listener), () => undefined) });
    presence.report({ domain: 'drawio', ids: ['s1'], visible: true });
    presence.report({ domain: 'drawio', ids: ['s1', 's2'], visible: true });
    presence.report({ domain: 'midi', ids: [], visible: false });
    await vi.advanceTimersByTimeAsync(100);
    expect(api.presenceReports).toEqual([
      { domain: 'drawio', ids: ['s1', 's2'], visible: true },
      { domain: 'midi', ids: [], visible: false },
    ]);
    // The same selection again is not sent again.
    presence.report({ domain: 'drawio', ids: ['s1', 's2'], visible: true });
    await vi.advanceTimersByTimeAsync(100);
    expect(api.presenceReports).toHaveLength(2);

    presence.report({ domain: 'drawio', ids: Array.from({ length: 1500 }, (_, i) => `s${i}`), visible: true });
    await vi.advanceTimersByTimeAsync(100);
    expect(api.presenceReports.at(-1)).toMatchObject({ count: 1500 });
    expect(api.presenceReports.at(-1)!.ids).toHaveLength(1000);

    reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.presenceReports.slice(-2).map((r) => r.domain)).toEqual(['drawio', 'midi']);
    presence.stop();
  });

  it('keeps clients and fresh read marks by document, and logs reads for the activity', () => {
    const api = createFakeApi(snapshot);
    const presence = createPresence({ api });
    api.emitPresence({ type: 'clients', clients: [{ id: 'c1', name: 'claude', connectedAt: 1 }] });
    api.emitPresence({ type: 'read', origin: 'claude', domain: 'drawio', documentId: 'd1', ids: ['s1'], what: 'describe A', at: 5 });
    const state = presence.store.getState();
    expect(state.clients.map((c) => c.name)).toEqual(['claude']);
    const mark = state.reads.get(readKey('d1', 's1'));
    expect(isFreshRead(mark, Date.now())).toBe(true);
    expect(isFreshRead(mark, Date.now() + READ_MARK_MS)).toBe(false);
    expect(state.reads.get(readKey('d2', 's1'))).toBeUndefined();
    expect(state.readLog.map((r) => r.what)).toEqual(['describe A']);
    presence.stop();
  });
});

describe('the activity panel', () => {
  const edit = (seq: number, at: number) => ({ key: `d:${seq}`, seq, origin: 'claude', kind: 'batch' as const, ops: [`op ${seq}`], lines: [], at });
  const read = (what: string, at: number, origin = 'claude') => ({ type: 'read' as const, origin, domain: 'drawio', documentId: 'd', ids: ['s1'], what, at });

  it('folds each run of reads by one client into one row, between the edits, newest first', () => {
    const rows = foldActivity([edit(2, 50), edit(1, 10)], [read('describe A', 20), read('describe B', 30), read('list', 60), read('map', 70, 'other')]);
    expect(rows.map((row) => ('edit' in row ? `edit ${row.edit.seq}` : `${row.reads.origin} read ${row.reads.reads.join(', ')}`))).toEqual([
      'other read map',
      'claude read list',
      'edit 2',
      'claude read describe B, describe A',
      'edit 1',
    ]);
  });
});
