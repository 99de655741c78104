/**
 * A domain's derived index over its RecordStore (lookups by name, sorted lists, counts): kept in
 * step by the domain's own writes, so a 1,000-op batch never rebuilds it, and rebuilt from scratch
 * when anything else wrote to the store (rollback, undo, replay bump `store.version` past it).
 */
import type { EntityRecord, RecordStore, Transaction } from '../kernel/records';

export interface StoreIndex<R extends EntityRecord> {
  /** The store version the index reflects. */
  version: number;
  /** Keeps the index in step with one record write (`before`/`after` null when absent). */
  apply(before: R | null, after: R | null): void;
}

/** The `indexOf(store)` of an index type: one index per store, rebuilt when the store moved on without it. */
export function indexCache<R extends EntityRecord, I extends StoreIndex<R>>(build: (store: RecordStore<R>) => I): (store: RecordStore<R>) => I {
  const cache = new WeakMap<RecordStore<R>, I>();
  return (store) => {
    let index = cache.get(store);
    if (!index || index.version !== store.version) {
      index = build(store);
      cache.set(store, index);
    }
    return index;
  };
}

/** Puts `record`, or removes record `id` when `record` is null, through the transaction and updates `index` in the same step. */
export function writeIndexed<R extends EntityRecord>(tx: Transaction<R>, index: StoreIndex<R>, id: string, record: R | null): void {
  const before = tx.store.get(id) ?? null;
  if (record) tx.put(record);
  else if (before) tx.remove(id);
  else return;
  index.apply(before, record);
  index.version = tx.store.version;
}

/** A copy of `record` with `patch` applied; a key patched to undefined is dropped rather than kept as undefined. */
export function patched<T extends object>(record: T, patch: NoInfer<Partial<T>>): T {
  const next: Record<string, unknown> = { ...record, ...patch };
  for (const key in patch) if (next[key] === undefined) delete next[key];
  return next as T;
}
