/**
 * The one write path of the midi verbs: every record change goes through the transaction (so it
 * can be rolled back and undone) and updates the store index in the same step. Also keeps what a
 * batch remembers between its ops: where the previous note or chord ended (for `at:+DUR`).
 */
import { patched, writeIndexed } from '../../fcp/indexed-store';
import type { Transaction } from '../../fcp/records';
import { ID_PREFIX, type IdKind, type MidiMetaRecord, type MidiRecord } from './model';
import { indexOf } from './store-index';
import { MidiView } from './view';

interface BatchState {
  /** End tick of the previous note or chord of this batch. */
  previousEnd?: number;
}

/** One state per transaction, i.e. per batch; it goes when the batch does. */
const batches = new WeakMap<Transaction<MidiRecord>, BatchState>();

export class MidiEdit extends MidiView {
  readonly batch: BatchState;

  constructor(readonly tx: Transaction<MidiRecord>) {
    super(tx.store);
    let state = batches.get(tx);
    if (!state) batches.set(tx, (state = {}));
    this.batch = state;
  }

  put<T extends MidiRecord>(record: T): T {
    writeIndexed(this.tx, indexOf(this.store), record.id, record);
    return record;
  }

  remove(id: string): void {
    if (id === 'meta') throw new Error('the meta record cannot be removed');
    writeIndexed(this.tx, indexOf(this.store), id, null);
  }

  /** A key patched to undefined is dropped from the record rather than kept as undefined. */
  setMeta(patch: Partial<Omit<MidiMetaRecord, 'id' | 'kind'>>): MidiMetaRecord {
    return this.put(patched(this.meta, patch));
  }

  /** The id and order of a new record of `kind` (id = prefix + order). */
  allocate(kind: IdKind): { id: string; order: number } {
    const meta = this.meta;
    const order = meta.nextOrder;
    // Written out rather than through setMeta: this runs once per new record, in the hot path of big batches.
    this.put({ ...meta, nextOrder: order + 1 });
    return { id: `${ID_PREFIX[kind]}${order}`, order };
  }
}
