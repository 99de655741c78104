import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../shared/change-feed';
import { ChangeLog } from './change-log';

const event = (seq: number, kind: ChangeEvent['kind'] = 'batch', documentId = 'd1'): ChangeEvent => ({ domain: 'drawio', documentId, seq, origin: 'ai', kind, at: seq });

describe('the change log views ask instead of subscribing', () => {
  it('answers the changes after a number while it holds all of them, and cannot say once they were dropped or the document changed', () => {
    const log = new ChangeLog(3);
    expect(log.since('drawio', 'd1', 0)).toBeUndefined();
    for (const seq of [5, 6]) log.record(event(seq));
    log.record(event(6, 'checkpoint'));
    expect(log.since('drawio', 'd1', 4)?.map((e) => [e.seq, e.kind])).toEqual([[5, 'batch'], [6, 'batch'], [6, 'checkpoint']]);
    expect(log.since('drawio', 'd1', 6)).toEqual([]);
    // Before the first change it saw, or past the last one: it cannot say.
    expect(log.since('drawio', 'd1', 3)).toBeUndefined();
    expect(log.since('drawio', 'd1', 9)).toBeUndefined();
    log.record(event(7));
    // Only three kept: 5 is gone, so 4 can no longer be answered, 5 still can.
    expect(log.since('drawio', 'd1', 4)).toBeUndefined();
    expect(log.since('drawio', 'd1', 5)?.map((e) => e.seq)).toEqual([6, 6, 7]);
    // Another document (a reset) starts the log over.
    log.record(event(1, 'reset', 'd2'));
    expect(log.since('drawio', 'd1', 7)).toBeUndefined();
    expect(log.since('drawio', 'd2', 1)).toEqual([]);
  });

  it('wakes a waiter at the next change of its domain, and lets it go at its time or when aborted', async () => {
    const log = new ChangeLog();
    const woken = log.next('drawio', 10_000);
    log.record({ ...event(1), domain: 'midi' });
    log.record(event(1));
    await woken;
    // Nothing comes: it ends at its time.
    await log.next('drawio', 20);
    const stop = new AbortController();
    const aborted = log.next('drawio', 10_000, stop.signal);
    stop.abort();
    await aborted;
  });
});
