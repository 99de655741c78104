/**
 * The model of every FCP document is a set of immutable records keyed by id (tldraw-style).
 * A handler changes the model only through a Transaction, which records each record's before and
 * after value. That one diff serves undo, redo, rollback of a failed batch, the SQLite journal and
 * the change feed, so none of them can disagree about what a batch did.
 */
export interface EntityRecord {
  readonly id: string;
  readonly kind: string;
}

/** id -> [before, after]; null means absent. */
export type RecordDiff<R extends EntityRecord = EntityRecord> = Record<string, [R | null, R | null]>;

export class RecordStore<R extends EntityRecord = EntityRecord> {
  private readonly records = new Map<string, R>();
  /** Bumped on every write; lets domains cache derived indexes. */
  version = 0;

  constructor(initial: Iterable<R> = []) {
    for (const r of initial) this.records.set(r.id, Object.freeze(r));
  }

  get size(): number {
    return this.records.size;
  }

  get<T extends R = R>(id: string): T | undefined {
    return this.records.get(id) as T | undefined;
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  /** All records, or those of one kind, in insertion order. */
  all<T extends R = R>(kind?: string): T[] {
    const out: T[] = [];
    for (const r of this.records.values()) if (kind === undefined || r.kind === kind) out.push(r as T);
    return out;
  }

  /** Records are frozen, so a snapshot is a plain array of the same objects. */
  snapshot(): R[] {
    return [...this.records.values()];
  }

  /** Low-level write used by Transaction and by diff replay; records are frozen on the way in. */
  write(id: string, record: R | null): void {
    if (record) this.records.set(id, Object.freeze(record));
    else this.records.delete(id);
    this.version++;
  }

  /** Applies a diff forwards (after values) or backwards (before values). */
  apply(diff: RecordDiff<R>, direction: 'forward' | 'backward'): void {
    for (const [id, [before, after]] of Object.entries(diff)) {
      this.write(id, direction === 'forward' ? after : before);
    }
  }
}

export class Transaction<R extends EntityRecord = EntityRecord> {
  private readonly changes = new Map<string, [R | null, R | null]>();

  constructor(readonly store: RecordStore<R>) {}

  get<T extends R = R>(id: string): T | undefined {
    return this.store.get<T>(id);
  }

  put(record: R): R {
    this.track(record.id);
    this.store.write(record.id, record);
    this.changes.get(record.id)![1] = record;
    return record;
  }

  /** Replaces a record with a copy that has `patch` applied. Throws if it does not exist. */
  update<T extends R>(id: string, patch: Partial<Omit<T, 'id' | 'kind'>>): T {
    const current = this.store.get<T>(id);
    if (!current) throw new Error(`record ${id} does not exist`);
    return this.put({ ...current, ...patch } as T) as T;
  }

  remove(id: string): void {
    if (!this.store.has(id)) return;
    this.track(id);
    this.store.write(id, null);
    this.changes.get(id)![1] = null;
  }

  get isEmpty(): boolean {
    return this.diff() === null;
  }

  /** Net changes so far; records put and then removed again drop out. Null when nothing changed. */
  diff(): RecordDiff<R> | null {
    const out: RecordDiff<R> = {};
    let any = false;
    for (const [id, [before, after]] of this.changes) {
      if (before === after) continue;
      out[id] = [before, after];
      any = true;
    }
    return any ? out : null;
  }

  rollback(): void {
    for (const [id, [before]] of [...this.changes].reverse()) this.store.write(id, before);
    this.changes.clear();
  }

  private track(id: string): void {
    if (!this.changes.has(id)) {
      const before = this.store.get(id) ?? null;
      this.changes.set(id, [before, before]);
    }
  }
}

/** Composes consecutive diffs into one (earliest before, latest after). */
export function composeDiffs<R extends EntityRecord>(diffs: Iterable<RecordDiff<R>>): RecordDiff<R> {
  const out: RecordDiff<R> = {};
  for (const diff of diffs) {
    for (const [id, [before, after]] of Object.entries(diff)) {
      out[id] = [id in out ? out[id][0] : before, after];
    }
  }
  for (const id of Object.keys(out)) if (out[id][0] === out[id][1]) delete out[id];
  return out;
}

/** The reverse of a diff, for undo. */
export function invertDiff<R extends EntityRecord>(diff: RecordDiff<R>): RecordDiff<R> {
  const out: RecordDiff<R> = {};
  for (const [id, [before, after]] of Object.entries(diff)) out[id] = [after, before];
  return out;
}
