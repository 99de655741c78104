import { describe, expect, it } from 'vitest';
import { EventLog, type LogEntry } from './event-log';
import { StudioError } from '../kernel/errors';
import { RecordStore, Transaction, composeDiffs, invertDiff, type EntityRecord } from '../kernel/records';

interface Note extends EntityRecord {
  kind: 'note';
  text: string;
}

function entry(seq: number): LogEntry<Note> {
  return { seq, origin: 'test', ops: [`op ${seq}`], diff: {} };
}

describe('Transaction', () => {
  it('records before/after per record and rolls back in reverse', () => {
    const store = new RecordStore<Note>([{ id: 'a', kind: 'note', text: 'one' }]);
    const tx = new Transaction(store);
    tx.update<Note>('a', { text: 'two' });
    tx.put({ id: 'b', kind: 'note', text: 'new' });
    tx.remove('a');
    expect(tx.diff()).toEqual({
      a: [{ id: 'a', kind: 'note', text: 'one' }, null],
      b: [null, { id: 'b', kind: 'note', text: 'new' }],
    });
    tx.rollback();
    expect(store.all()).toEqual([{ id: 'a', kind: 'note', text: 'one' }]);
  });

  it('drops records that were created and removed again', () => {
    const tx = new Transaction(new RecordStore<Note>());
    tx.put({ id: 'x', kind: 'note', text: '' });
    tx.remove('x');
    expect(tx.diff()).toBeNull();
  });

  it('freezes records so that handlers cannot edit them in place', () => {
    const store = new RecordStore<Note>([{ id: 'a', kind: 'note', text: 'one' }]);
    expect(() => {
      (store.get('a') as { text: string }).text = 'changed';
    }).toThrow(TypeError);
  });

  it('composes and inverts diffs', () => {
    const a = { id: 'a', kind: 'note', text: '1' } as Note;
    const a2 = { ...a, text: '2' };
    const a3 = { ...a, text: '3' };
    const composed = composeDiffs<Note>([{ a: [a, a2] }, { a: [a2, a3] }]);
    expect(composed).toEqual({ a: [a, a3] });
    expect(invertDiff(composed)).toEqual({ a: [a3, a] });
  });
});

describe('EventLog', () => {
  it('undoes and redoes in order and drops the redo tail on a new edit', () => {
    const log = new EventLog<Note>();
    log.push(entry(1));
    log.push(entry(2));
    expect(log.undo().seq).toBe(2);
    expect(log.redoDepth).toBe(1);
    log.push(entry(3));
    expect(log.redoDepth).toBe(0);
    expect(log.undo().seq).toBe(3);
    expect(log.undo().seq).toBe(1);
    expect(() => log.undo()).toThrow(StudioError);
    expect(log.redo().seq).toBe(1);
  });

  it('undoes to a named checkpoint, newest first', () => {
    const log = new EventLog<Note>();
    log.push(entry(1));
    log.checkpoint('v1');
    log.push(entry(2));
    log.push(entry(3));
    expect(log.undoTo('v1').map((e) => e.seq)).toEqual([3, 2]);
    expect(log.undoDepth).toBe(1);
  });

  it('forgets checkpoints that pointed into a dropped redo tail', () => {
    const log = new EventLog<Note>();
    log.push(entry(1));
    log.push(entry(2));
    log.checkpoint('late');
    log.undo();
    log.push(entry(3));
    expect(log.checkpointNames).toEqual([]);
    expect(() => log.undoTo('late')).toThrow(/no checkpoint "late"/);
  });

  it('names the known checkpoints when one is missing', () => {
    const log = new EventLog<Note>();
    log.checkpoint('start');
    try {
      log.undoTo('strat');
      expect.unreachable();
    } catch (err) {
      expect((err as StudioError).message).toContain('have: start');
      expect((err as StudioError).suggestion).toBe('undo to:start');
    }
  });
});
