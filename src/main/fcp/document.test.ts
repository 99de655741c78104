import { describe, expect, it } from 'vitest';
import { FcpDocument, MAX_OPS_PER_BATCH, type DocumentChange } from './document';
import { notesDomain, type NoteRecord } from './testing/notes-domain';

const newDoc = () => FcpDocument.create(notesDomain, { title: 'T' });

describe('FcpDocument batches', () => {
  it('starts clean and becomes dirty with its first change', async () => {
    const doc = newDoc();
    expect(doc.dirty).toBe(false);
    expect((await doc.query('status')).text).toContain('(no changes)');
    await doc.applyBatch(['add a'], 'claude');
    expect(doc.dirty).toBe(true);
    expect((await doc.query('status')).text).toContain('(unsaved changes)');
  });

  it('answers one line per op and the digest last', async () => {
    const a = await newDoc().applyBatch(['add a', 'add b text:"x y"'], 'claude');
    expect(a.ok).toBe(true);
    expect(a.lines).toEqual(['+note a', '+note b', 'digest: 2n']);
  });

  it('rolls the whole batch back on the first failing op and says which one', async () => {
    const doc = newDoc();
    await doc.applyBatch(['add keep'], 'claude');
    const a = await doc.applyBatch(['add a', 'set a text:changed', 'set ghost text:x', 'add never'], 'claude');
    expect(a.ok).toBe(false);
    expect(a.lines[0]).toBe('+note a');
    expect(a.lines[1]).toBe('*note a');
    expect(a.lines[2]).toBe('! op 3 of 4 ("set ghost text:x"): unknown ref "ghost" [unknown_ref]');
    expect(a.lines).toContain('! batch rolled back: none of its 4 ops was applied');
    expect(a.lines.at(-1)).toBe('digest: 1n');
    expect(doc.store.all('note').map((n) => n.id)).toEqual(['n:keep']);
    expect(doc.seq).toBe(1);
  });

  it('suggests the nearest verb for an unknown one', async () => {
    const a = await newDoc().applyBatch(['ad x'], 'claude');
    expect(a.lines[0]).toBe('! unknown verb "ad". Did you mean "add"? [unknown_verb]');
    expect(a.lines[1]).toBe('  try: add NAME [text:T]');
  });

  it('reports parse errors, empty batches and oversized batches without applying anything', async () => {
    const doc = newDoc();
    expect((await doc.applyBatch(['add "open'], 'c')).lines[0]).toMatch(/unclosed quote/);
    expect((await doc.applyBatch([], 'c')).ok).toBe(false);
    const big = await doc.applyBatch(Array.from({ length: MAX_OPS_PER_BATCH + 1 }, (_, i) => `add n${i}`), 'c');
    expect(big.lines[0]).toMatch(/\[batch_too_large\]/);
    expect(doc.store.all('note')).toHaveLength(0);
  });

  it('serializes concurrent batches in arrival order, even across async verbs', async () => {
    const doc = newDoc();
    const order: string[] = [];
    doc.subscribe((c) => c.kind === 'batch' && order.push(c.ops[0]));
    await Promise.all([doc.applyBatch(['wait 20 first'], 'a'), doc.applyBatch(['add second'], 'b'), doc.applyBatch(['wait 1 third'], 'c')]);
    expect(order).toEqual(['wait 20 first', 'add second', 'wait 1 third']);
    expect(doc.seq).toBe(3);
  });

  it('reverts a change whose commit hook fails and answers an error', async () => {
    const doc = newDoc();
    doc.commitHook = () => {
      throw new Error('disk full');
    };
    const a = await doc.applyBatch(['add a'], 'c');
    expect(a.ok).toBe(false);
    expect(a.text).toContain('disk full');
    expect(doc.store.all('note')).toHaveLength(0);
    expect(doc.seq).toBe(0);
  });
});

describe('FcpDocument undo, redo, checkpoints', () => {
  it('undoes and redoes whole batches with attribution', async () => {
    const doc = newDoc();
    await doc.applyBatch(['add a', 'add b'], 'claude');
    const u = await doc.undo('person');
    expect(u.lines[0]).toBe('!undo #1 by claude: add a (+1 more)');
    expect(doc.store.all('note')).toHaveLength(0);
    await doc.redo('person');
    expect(doc.store.all('note')).toHaveLength(2);
    expect((await doc.redo('person')).lines[0]).toMatch(/nothing to redo/);
  });

  it('undoes to a checkpoint in one change', async () => {
    const doc = newDoc();
    await doc.applyBatch(['add a'], 'c');
    await doc.checkpoint('v1', 'c');
    await doc.applyBatch(['add b'], 'c');
    await doc.applyBatch(['set a text:z'], 'c');
    const changes: DocumentChange<NoteRecord>[] = [];
    doc.subscribe((c) => changes.push(c));
    const a = await doc.undoTo('v1', 'c');
    expect(a.ok).toBe(true);
    expect(changes).toHaveLength(1);
    expect(doc.store.all('note').map((n) => [n.id, n.text])).toEqual([['n:a', '']]);
  });

  it('replays its journal into an identical document', async () => {
    const live = newDoc();
    const journal: DocumentChange<NoteRecord>[] = [];
    live.commitHook = (c) => journal.push(c);
    await live.applyBatch(['add a', 'add b'], 'c');
    await live.checkpoint('v1', 'c');
    await live.applyBatch(['set a text:q'], 'c');
    await live.undo('p');
    await live.applyBatch(['add c'], 'c');
    await live.undoTo('v1', 'p');
    await live.redo('p');
    const restored = FcpDocument.create(notesDomain, { title: 'T', id: live.id });
    for (const change of journal) restored.replay(change);
    expect(restored.store.snapshot()).toEqual(live.store.snapshot());
    expect(restored.seq).toBe(live.seq);
    expect(restored.log.undoDepth).toBe(live.log.undoDepth);
    expect((await restored.query('history 3')).text).toBe((await live.query('history 3')).text);
  });
});

describe('FcpDocument queries', () => {
  it('answers history with origins and ops', async () => {
    const doc = newDoc();
    await doc.applyBatch(['add a'], 'claude-desktop');
    await doc.undo('person');
    const h = await doc.query('history 5');
    expect(h.text).toContain('#1 claude-desktop batch: add a');
    expect(h.text).toContain('#2 person undo: undo');
  });

  it('answers an unknown query with the list of queries', async () => {
    const a = await newDoc().query('mapp');
    expect(a.ok).toBe(false);
    expect(a.lines[0]).toContain('Did you mean "map"?');
    expect(a.lines[0]).toContain('queries: map, status, history');
  });
});
