/**
 * The undo history of one document: a list of applied batches and a cursor into it.
 * Entries before the cursor are applied; entries after it can be redone until a new edit drops them.
 * Checkpoints name a cursor position. The log holds diffs only; applying them is the caller's job,
 * so the same log can be rebuilt from the journal after a crash.
 */
import { ErrorCode, StudioError } from '../kernel/errors';
import type { EntityRecord, RecordDiff } from '../kernel/records';
import { composeDiffs } from '../kernel/records';

export interface LogEntry<R extends EntityRecord = EntityRecord> {
  /** Sequence number of the change that applied this entry. */
  seq: number;
  origin: string;
  ops: string[];
  diff: RecordDiff<R>;
}

/** The whole log as plain data, for the journal's document snapshots. */
export interface EventLogState<R extends EntityRecord = EntityRecord> {
  entries: LogEntry<R>[];
  cursor: number;
  checkpoints: [string, number][];
}

export class EventLog<R extends EntityRecord = EntityRecord> {
  private entries: LogEntry<R>[] = [];
  private cursor = 0;
  private readonly checkpoints = new Map<string, number>();

  static fromState<R extends EntityRecord>(state: EventLogState<R>): EventLog<R> {
    const log = new EventLog<R>();
    log.entries = [...state.entries];
    log.cursor = Math.min(Math.max(0, state.cursor), log.entries.length);
    for (const [name, at] of state.checkpoints) if (at >= 0 && at <= log.entries.length) log.checkpoints.set(name, at);
    return log;
  }

  state(): EventLogState<R> {
    return { entries: [...this.entries], cursor: this.cursor, checkpoints: [...this.checkpoints] };
  }

  /**
   * Forgets the oldest undo steps so that at most `depth` remain (the redo tail is kept); checkpoints
   * that pointed into the forgotten part go with it. Returns how many entries were dropped.
   */
  trim(depth: number): number {
    const drop = Math.max(0, this.cursor - depth);
    if (drop === 0) return 0;
    this.entries.splice(0, drop);
    this.cursor -= drop;
    for (const [name, at] of this.checkpoints) {
      if (at < drop) this.checkpoints.delete(name);
      else this.checkpoints.set(name, at - drop);
    }
    return drop;
  }

  get undoDepth(): number {
    return this.cursor;
  }

  get redoDepth(): number {
    return this.entries.length - this.cursor;
  }

  get checkpointNames(): string[] {
    return [...this.checkpoints.keys()];
  }

  /** A new edit: drops the redo tail and the checkpoints that pointed into it. */
  push(entry: LogEntry<R>): void {
    this.entries.length = this.cursor;
    for (const [name, at] of this.checkpoints) if (at > this.cursor) this.checkpoints.delete(name);
    this.entries.push(entry);
    this.cursor++;
  }

  /** The entry to revert, moving the cursor back; throws when there is nothing to undo. */
  undo(): LogEntry<R> {
    if (this.cursor === 0) throw new StudioError(ErrorCode.nothingToUndo, 'nothing to undo');
    return this.entries[--this.cursor];
  }

  redo(): LogEntry<R> {
    if (this.cursor === this.entries.length) throw new StudioError(ErrorCode.nothingToRedo, 'nothing to redo');
    return this.entries[this.cursor++];
  }

  /** Entries to revert, newest first, to get back to checkpoint `name`. */
  undoTo(name: string): LogEntry<R>[] {
    const at = this.checkpointPosition(name);
    if (at > this.cursor) {
      throw new StudioError(ErrorCode.unknownCheckpoint, `checkpoint "${name}" is ahead of the current state`, 'redo');
    }
    const reverted = this.entries.slice(at, this.cursor).reverse();
    this.cursor = at;
    return reverted;
  }

  checkpoint(name: string): void {
    this.checkpoints.set(name, this.cursor);
  }

  /** Net change from checkpoint `name` to now. */
  diffSince(name: string): RecordDiff<R> {
    const at = this.checkpointPosition(name);
    if (at > this.cursor) return {};
    return composeDiffs(this.entries.slice(at, this.cursor).map((e) => e.diff));
  }

  private checkpointPosition(name: string): number {
    const at = this.checkpoints.get(name);
    if (at === undefined) {
      const known = this.checkpointNames;
      throw new StudioError(
        ErrorCode.unknownCheckpoint,
        `no checkpoint "${name}"${known.length ? ` (have: ${known.join(', ')})` : ''}`,
        known.length ? `undo to:${known[known.length - 1]}` : `checkpoint ${name}`,
      );
    }
    return at;
  }
}
