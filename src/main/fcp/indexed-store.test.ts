import { describe, expect, it } from 'vitest';
import { indexCache, patched, writeIndexed } from './indexed-store';
import { RecordStore, Transaction } from '../kernel/records';

interface Item {
  readonly id: string;
  readonly kind: 'item';
  readonly tag?: string;
}

/** Counts items per tag, and how often it was built. */
class TagIndex {
  static builds = 0;
  version = -1;
  readonly tags = new Map<string, number>();

  static build(store: RecordStore<Item>): TagIndex {
    TagIndex.builds++;
    const index = new TagIndex();
    for (const item of store.all()) index.apply(null, item);
    index.version = store.version;
    return index;
  }

  apply(before: Item | null, after: Item | null): void {
    if (before?.tag) this.tags.set(before.tag, this.tags.get(before.tag)! - 1);
    if (after?.tag) this.tags.set(after.tag, (this.tags.get(after.tag) ?? 0) + 1);
  }
}

const indexOf = indexCache<Item, TagIndex>((store) => TagIndex.build(store));

describe('indexed writes', () => {
  it('keeps the index in step with writes made through it, without rebuilding it', () => {
    const store = new RecordStore<Item>([{ id: 'a', kind: 'item', tag: 'x' }]);
    const tx = new Transaction(store);
    const builds = TagIndex.builds;
    const index = indexOf(store);
    writeIndexed(tx, index, 'b', { id: 'b', kind: 'item', tag: 'x' });
    writeIndexed(tx, indexOf(store), 'a', { id: 'a', kind: 'item', tag: 'y' });
    writeIndexed(tx, indexOf(store), 'b', null);
    writeIndexed(tx, indexOf(store), 'ghost', null);
    expect(indexOf(store)).toBe(index);
    expect(TagIndex.builds).toBe(builds + 1);
    expect(Object.fromEntries(index.tags)).toEqual({ x: 0, y: 1 });
  });

  it('rebuilds the index after a write it did not see (a rollback)', () => {
    const store = new RecordStore<Item>([{ id: 'a', kind: 'item', tag: 'x' }]);
    const tx = new Transaction(store);
    writeIndexed(tx, indexOf(store), 'b', { id: 'b', kind: 'item', tag: 'x' });
    expect(indexOf(store).tags.get('x')).toBe(2);
    tx.rollback();
    expect(indexOf(store).tags.get('x')).toBe(1);
  });

  it('patches a record, dropping keys patched to undefined', () => {
    const item: Item = { id: 'a', kind: 'item', tag: 'x' };
    expect(patched(item, { tag: undefined })).toEqual({ id: 'a', kind: 'item' });
    expect('tag' in patched(item, { tag: undefined })).toBe(false);
    expect(patched(item, { tag: 'y' })).toEqual({ id: 'a', kind: 'item', tag: 'y' });
  });
});
