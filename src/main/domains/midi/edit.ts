/**
 * The one write path of the midi verbs: every record change goes through the transaction (so it
 * can be rolled back and undone) and updates the store index in the same step. Also keeps what a
 * batch remembers between its ops: where the previous note or chord ended (for `at:+DUR`).
 */
import { patched, writeIndexed } from '../../fcp/indexed-store';
import type { Transaction } from '../../kernel/records';
import { ID_PREFIX, type IdKind, type MidiMetaRecord, type MidiRecord } from './model';
import { indexOf } from './store-index';
import { MidiView } from './view';

interface BatchState {
  /** End tick of the previous note or chord of this batch. */
  previousEnd?: number;
}

/** One state per transaction, i.e. per batch; it goes when the batch does. */
const batches = new WeakMap<Transaction<MidiRecord>, BatchState>();

type Placed = { seq?: number; offSeq?: number; unended?: true; tick?: number; dur?: number; trackId?: string; chunk?: number };

/** `record` without the fields named, or itself when it has none of them. */
function without<T extends object>(record: T, fields: readonly string[]): T {
  if (!fields.some((f) => f in record)) return record;
  const copy = { ...record } as Record<string, unknown>;
  for (const f of fields) delete copy[f];
  return copy as T;
}

/**
 * A record as a verb writes it, with the places it had in its file (see midi-records.ts) only where
 * they still hold: a new record (a copy) has none, an event moved in time loses its place there
 * (a note's end its note-off's), and a track's head value a verb sets where the file had none is
 * written from then on (place -1).
 */
function withValidPlaces<T extends MidiRecord>(before: MidiRecord | undefined, after: T): T {
  if (after.kind === 'track') {
    const source = after.source;
    if (!source || before?.kind !== 'track') return after;
    const head = { ...source.head };
    let changed = false;
    for (const field of ['bankMsb', 'bankLsb', 'program', 'volume'] as const) {
      if (after[field] !== undefined && after[field] !== before[field] && head[field] === undefined) {
        head[field] = -1;
        changed = true;
      }
    }
    return changed ? { ...after, source: { ...source, head } } : after;
  }
  const next = after as T & Placed;
  const was = before as (MidiRecord & Placed) | undefined;
  if (!was || was.kind !== after.kind || was.trackId !== next.trackId || was.chunk !== next.chunk) return without(after, ['seq', 'offSeq', 'unended']);
  const moved = was.tick !== next.tick ? ['seq'] : [];
  const ends = next.dur !== undefined && was.tick! + was.dur! !== next.tick! + next.dur ? ['offSeq', 'unended'] : [];
  return without(after, [...moved, ...ends]);
}

export class MidiEdit extends MidiView {
  readonly batch: BatchState;

  constructor(readonly tx: Transaction<MidiRecord>) {
    super(tx.store);
    let state = batches.get(tx);
    if (!state) batches.set(tx, (state = {}));
    this.batch = state;
  }

  put<T extends MidiRecord>(record: T): T {
    const kept = withValidPlaces(this.store.get(record.id), record);
    writeIndexed(this.tx, indexOf(this.store), kept.id, kept);
    return kept;
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
