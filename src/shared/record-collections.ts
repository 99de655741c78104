/**
 * A domain's records as immutable maps, one per record kind, changed copy-on-write: a change
 * replaces only the maps it touches, and a record object is kept until the core sends a new one
 * for its id, so a component that selects one record re-renders only when that record changes.
 */

interface KindedRecord {
  readonly id: string;
  readonly kind: string;
}

export interface CollectionSpec<R extends KindedRecord, C extends string> {
  /** The map each kind goes to; kinds not listed (and the singleton) are skipped. */
  collectionOf: Partial<Record<R['kind'], C>>;
  /** The kind held once, as a field of that name (`meta`), not in a map. */
  singleton?: R['kind'];
  /** Collections keyed by something else than the id (drawio's custom types by lower-case name). */
  keyOf?: Partial<Record<C, (record: R) => string>>;
}

/** What a record's `kind` is, if it looks like a record at all. */
export function kindOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const kind = (raw as { kind?: unknown }).kind;
  return typeof kind === 'string' ? kind : undefined;
}

/**
 * The records after `put` and `removed`: only the touched collections are new maps, and every
 * untouched record keeps its object. `records` holds one map per collection and the singleton.
 */
export function applyCollectionChanges<T extends object, R extends KindedRecord, C extends string>(
  records: T,
  put: readonly unknown[],
  removed: readonly string[],
  spec: CollectionSpec<R, C>,
): T {
  const next = { ...records } as Record<string, unknown>;
  const copied = new Set<string>();
  const writable = (collection: C): Map<string, R> => {
    if (!copied.has(collection)) {
      copied.add(collection);
      next[collection] = new Map(next[collection] as ReadonlyMap<string, R>);
    }
    return next[collection] as Map<string, R>;
  };
  const collections = [...new Set(Object.values(spec.collectionOf) as C[])];
  const singleton = spec.singleton as string | undefined;

  for (const id of removed) {
    if (singleton !== undefined && (next[singleton] as R | undefined)?.id === id) {
      next[singleton] = undefined;
      continue;
    }
    for (const collection of collections) {
      const map = next[collection] as ReadonlyMap<string, R>;
      if (spec.keyOf?.[collection]) {
        for (const [key, record] of map) if (record.id === id) writable(collection).delete(key);
      } else if (map.has(id)) {
        writable(collection).delete(id);
      }
    }
  }
  for (const raw of put) {
    const kind = kindOf(raw);
    if (!kind) continue;
    const record = raw as R;
    if (kind === singleton) {
      next[singleton] = record;
      continue;
    }
    const collection = spec.collectionOf[kind as R['kind']];
    if (!collection) continue;
    const target = writable(collection);
    const keyOf = spec.keyOf?.[collection];
    // A record keyed by name and renamed under the same id must not leave its old name behind.
    if (keyOf) for (const [key, old] of target) if (old.id === record.id) target.delete(key);
    target.set(keyOf ? keyOf(record) : record.id, record);
  }
  return next as T;
}
