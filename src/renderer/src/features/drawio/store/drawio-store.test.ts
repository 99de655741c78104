import { describe, expect, it } from 'vitest';
import { batch, edge, layer, meta, page, shape, snapshotOf } from '../../../testing/drawio-fixtures';
import { createFakeApi, settle } from '../../../testing/fake-api';
import type { DrawioRecord } from '../../../../../shared/drawio/model';
import { ACTIVITY_LIMIT, createDrawioStore } from './drawio-store';

function setup(records: DrawioRecord[] = [meta(), page(), layer(), shape('s3'), shape('s4', { x: 400 }), edge('e5', 's3', 's4')], seq = 4) {
  const api = createFakeApi(snapshotOf(records, { seq }));
  let clock = 1000;
  const handle = createDrawioStore({ api, now: () => clock, retryDelayMs: 5 });
  const sync = handle.start();
  return {
    api,
    sync,
    store: handle.store,
    state: () => handle.store.getState(),
    tick: (ms: number) => (clock += ms),
  };
}

describe('drawio store: loading', () => {
  it('loads the snapshot into maps by kind', async () => {
    const { state, api } = setup();
    expect(state().status).toBe('loading');
    await settle();
    expect(api.snapshotCalls).toBe(1);
    const s = state();
    expect(s.status).toBe('ready');
    expect(s.documentId).toBe('doc1');
    expect(s.seq).toBe(4);
    expect(s.title).toBe('Architecture');
    expect(s.meta?.activePageId).toBe('p1');
    expect([...s.pages.keys()]).toEqual(['p1']);
    expect([...s.layers.keys()]).toEqual(['l2']);
    expect([...s.shapes.keys()]).toEqual(['s3', 's4']);
    expect([...s.edges.keys()]).toEqual(['e5']);
    expect(s.dirty).toBe(false);
  });

  it('starts its activity from the changes the snapshot carries, newest first', async () => {
    const api = createFakeApi(
      snapshotOf([meta(), page(), layer()], {
        seq: 2,
        activity: [
          { seq: 1, origin: 'claude', kind: 'batch', ops: ['add svc A'], lines: ['+svc A'], at: 5 },
          { seq: 2, origin: 'person', kind: 'undo', ops: ['undo'], lines: ['!undo #1'], at: 6 },
        ],
      }),
    );
    const handle = createDrawioStore({ api, now: () => 1000, retryDelayMs: 5 });
    handle.start();
    await settle();
    expect(handle.store.getState().activity.map((a) => [a.seq, a.origin, a.kind])).toEqual([
      [2, 'person', 'undo'],
      [1, 'claude', 'batch'],
    ]);
  });

  it('keys custom types and themes by lower-case name', async () => {
    const { state } = setup([
      meta(),
      { id: 'type:gateway', kind: 'customType', name: 'Gateway', base: 'api' },
      { id: 'theme:brand', kind: 'customTheme', name: 'Brand', fill: '#111111', stroke: '#222222' },
    ]);
    await settle();
    expect(state().customTypes.get('gateway')?.base).toBe('api');
    expect(state().customThemes.get('brand')?.fill).toBe('#111111');
  });
});

describe('drawio store: change events', () => {
  it('applies events in sequence: put replaces, removed deletes', async () => {
    const { api, state } = setup();
    await settle();
    api.emit(batch(5, { put: [shape('s3', { x: 999 })], ops: ['move A to:999,200'] }));
    api.emit(batch(6, { removed: ['e5'] }));
    expect(state().seq).toBe(6);
    expect(state().shapes.get('s3')?.x).toBe(999);
    expect(state().edges.has('e5')).toBe(false);
    expect(state().dirty).toBe(true);
    expect(api.snapshotCalls).toBe(1);
  });

  it('a gap in the sequence triggers exactly one snapshot reload', async () => {
    const { api, state } = setup();
    await settle();
    api.nextSnapshot = snapshotOf([meta(), page(), layer(), shape('s9')], { seq: 8 });
    api.holdSnapshots = true;
    api.emit(batch(7)); // 5 and 6 were skipped
    // More events while the snapshot is on its way, including another gap, reload nothing more.
    api.emit(batch(8));
    api.emit(batch(10));
    expect(api.snapshotCalls).toBe(2);
    api.releaseSnapshots();
    await settle();
    // After the snapshot (seq 8): 7 and 8 are stale, 10 is a gap -> one more reload.
    expect(api.snapshotCalls).toBe(3);
    api.releaseSnapshots();
    await settle();
    expect(state().shapes.has('s9')).toBe(true);
    expect(state().seq).toBe(8);
  });

  it('a gap alone reloads once and then follows the feed from the new snapshot', async () => {
    const { api, state } = setup();
    await settle();
    api.nextSnapshot = snapshotOf([meta(), page(), layer(), shape('s3', { x: 50 })], { seq: 9 });
    api.emit(batch(9));
    await settle();
    expect(api.snapshotCalls).toBe(2);
    expect(state().seq).toBe(9);
    expect(state().shapes.get('s3')?.x).toBe(50);
    api.emit(batch(10, { put: [shape('s3', { x: 60 })] }));
    expect(state().shapes.get('s3')?.x).toBe(60);
    expect(api.snapshotCalls).toBe(2);
  });

  it('ignores stale events', async () => {
    const { api, state } = setup();
    await settle();
    const before = state();
    api.emit(batch(4, { put: [shape('s3', { x: 1 })] }));
    api.emit(batch(2, { removed: ['s3'] }));
    expect(state()).toBe(before);
    expect(api.snapshotCalls).toBe(1);
  });

  it('ignores other domains', async () => {
    const { api, state } = setup();
    await settle();
    const before = state();
    api.emit(batch(5, { domain: 'midi', documentId: 'other' }));
    expect(state()).toBe(before);
    expect(api.snapshotCalls).toBe(1);
  });

  it('a reset reloads the snapshot and starts the new document clean', async () => {
    const { api, state } = setup();
    await settle();
    api.emit(batch(5, { put: [shape('s3', { x: 1 })] }));
    expect(state().activity).toHaveLength(1);
    api.nextSnapshot = snapshotOf([meta({ title: 'Opened' }), page(), layer()], { documentId: 'doc2', seq: 0, path: 'a.drawio' });
    api.emit({ domain: 'drawio', documentId: 'doc2', seq: 0, origin: 'person', kind: 'reset', at: 0 });
    await settle();
    expect(api.snapshotCalls).toBe(2);
    expect(state().documentId).toBe('doc2');
    expect(state().shapes.size).toBe(0);
    expect(state().meta?.title).toBe('Opened');
    expect(state().path).toBe('a.drawio');
    expect(state().activity).toHaveLength(0);
  });

  it('an event for another document reloads the snapshot', async () => {
    const { api, state } = setup();
    await settle();
    api.nextSnapshot = snapshotOf([meta(), page(), layer()], { documentId: 'doc7', seq: 3 });
    api.emit(batch(5, { documentId: 'doc7' }));
    await settle();
    expect(api.snapshotCalls).toBe(2);
    expect(state().documentId).toBe('doc7');
    expect(state().seq).toBe(3);
  });

  it('checkpoint and saved change metadata, not the sequence', async () => {
    const { api, state } = setup();
    await settle();
    api.emit(batch(5, { put: [shape('s3', { x: 1 })] }));
    expect(state().dirty).toBe(true);
    api.emit({ domain: 'drawio', documentId: 'doc1', seq: 5, origin: 'person', kind: 'checkpoint', ops: ['checkpoint v1'], at: 0 });
    expect(state().seq).toBe(5);
    expect(state().dirty).toBe(true);
    expect(state().activity[0].kind).toBe('checkpoint');
    api.emit({ domain: 'drawio', documentId: 'doc1', seq: 5, origin: 'person', kind: 'saved', ops: ['save as:diagrams/arch.drawio'], at: 0 });
    expect(state().seq).toBe(5);
    expect(state().dirty).toBe(false);
    expect(state().path).toBe('diagrams/arch.drawio');
    // The next change makes it dirty again; an undo back does not make it clean (seq moves on).
    api.emit(batch(6, { kind: 'undo', put: [shape('s3')] }));
    expect(state().dirty).toBe(true);
    expect(api.snapshotCalls).toBe(1);
  });

  it('a metadata event from beyond the current sequence reloads', async () => {
    const { api } = setup();
    await settle();
    api.emit({ domain: 'drawio', documentId: 'doc1', seq: 9, origin: 'person', kind: 'saved', ops: ['save as:x.drawio'], at: 0 });
    await settle();
    expect(api.snapshotCalls).toBe(2);
  });

  it('a change to one shape leaves every other record object identical', async () => {
    const { api, state } = setup();
    await settle();
    const before = state();
    const s4 = before.shapes.get('s4');
    const e5 = before.edges.get('e5');
    api.emit(batch(5, { put: [shape('s3', { x: 321 })] }));
    const after = state();
    expect(after.shapes).not.toBe(before.shapes);
    expect(after.shapes.get('s4')).toBe(s4);
    expect(after.edges).toBe(before.edges);
    expect(after.edges.get('e5')).toBe(e5);
    expect(after.pages).toBe(before.pages);
    expect(after.layers).toBe(before.layers);
    expect(after.groups).toBe(before.groups);
    expect(after.lastChanges.get('s4')).toBe(before.lastChanges.get('s4'));
  });

  it('records who changed what, and when it arrived', async () => {
    const { api, state, tick } = setup();
    await settle();
    tick(500);
    api.emit(batch(5, { origin: 'claude', put: [shape('s3', { x: 1 }), meta({ nextOrder: 101 })] }));
    expect(state().lastChanges.get('s3')).toEqual({ origin: 'claude', at: 1500 });
    expect(state().lastChanges.has('meta')).toBe(false);
    api.emit(batch(6, { origin: 'person', removed: ['s3'] }));
    expect(state().lastChanges.has('s3')).toBe(false);
  });

  it('keeps the latest batches in the activity list, newest first', async () => {
    const { api, state } = setup();
    await settle();
    for (let seq = 5; seq < 5 + ACTIVITY_LIMIT + 5; seq++) api.emit(batch(seq, { ops: [`op ${seq}`], lines: [`line ${seq}`] }));
    const activity = state().activity;
    expect(activity).toHaveLength(ACTIVITY_LIMIT);
    expect(activity[0]).toMatchObject({ seq: 59, origin: 'claude', ops: ['op 59'], lines: ['line 59'], kind: 'batch' });
  });

  it('retries a failed snapshot and reloads after a reconnect', async () => {
    const api = createFakeApi(snapshotOf([meta(), page(), layer()], { seq: 1 }));
    let reconnect: (() => void) | undefined;
    let failures = 1;
    const realSnapshot = api.snapshot.bind(api);
    api.snapshot = (domain) => (failures-- > 0 ? Promise.reject(new Error('socket closed')) : realSnapshot(domain));
    const handle = createDrawioStore({ api, retryDelayMs: 5, onReconnect: (l) => ((reconnect = l), () => undefined) });
    handle.start();
    await settle();
    expect(handle.store.getState().status).toBe('error');
    expect(handle.store.getState().loadError).toBe('socket closed');
    await new Promise((r) => setTimeout(r, 20));
    expect(handle.store.getState().status).toBe('ready');
    const calls = api.snapshotCalls;
    reconnect?.();
    await settle();
    expect(api.snapshotCalls).toBe(calls + 1);
  });
});
