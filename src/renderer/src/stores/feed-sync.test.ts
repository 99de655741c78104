import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../../shared/change-feed';
import { decide } from './feed-sync';

const at = { documentId: 'doc1', seq: 5 };
const event = (kind: ChangeEvent['kind'], seq: number, documentId = 'doc1'): ChangeEvent => ({
  domain: 'drawio',
  documentId,
  seq,
  origin: 'claude',
  kind,
  at: 0,
});

describe('decide', () => {
  it('applies the next change in sequence, whatever its kind', () => {
    for (const kind of ['batch', 'undo', 'redo', 'undo-to'] as const) expect(decide(at, event(kind, 6))).toBe('apply');
  });

  it('ignores what it already has and reloads past a gap', () => {
    expect(decide(at, event('batch', 5))).toBe('ignore');
    expect(decide(at, event('batch', 1))).toBe('ignore');
    expect(decide(at, event('batch', 7))).toBe('reload');
  });

  it('notes checkpoints and saves at or before the current number', () => {
    expect(decide(at, event('checkpoint', 5))).toBe('note');
    expect(decide(at, event('saved', 5))).toBe('note');
    expect(decide(at, event('saved', 3))).toBe('note');
    expect(decide(at, event('saved', 6))).toBe('reload');
  });

  it('reloads on a reset or another document, unless the reset is already held', () => {
    expect(decide(at, event('reset', 0, 'doc2'))).toBe('reload');
    expect(decide(at, event('reset', 9))).toBe('reload');
    expect(decide(at, event('reset', 5))).toBe('ignore');
    expect(decide(at, event('batch', 6, 'doc2'))).toBe('reload');
  });
});
