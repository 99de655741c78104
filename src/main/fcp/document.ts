/**
 * One open FCP document and the pipeline every edit goes through (DESIGN.md, "One pipeline"):
 * parse each op, dispatch it to the domain's verb, apply it inside one transaction, roll the whole
 * batch back on the first failure, hand the change to the commit hook (the SQLite journal) before
 * answering, then tell every subscriber. Work on a document is serialized: batches, undo and
 * queries run one at a time in arrival order, so no client ever sees half a batch.
 */
import { randomUUID } from 'node:crypto';
import { PERSON_ORIGIN } from '../../shared/tandem-api';
import type { ActivityEntry, ActivityKind, DocumentInfo, FcpDomain, MutationContext, Offload } from './domain';
import { ErrorCode, StudioError, formatError, toStudioError } from '../kernel/errors';
import { keepNewest } from '../kernel/bounded';
import { EventLog, type EventLogState, type LogEntry } from './event-log';
import { parseOp, splitOps } from './grammar';
import { inlineOffload } from './offload';
import { type DocumentPresence, NO_PRESENCE, bindSelected } from './presence';
import { type EntityRecord, type RecordDiff, RecordStore, Transaction, composeDiffs, invertDiff } from '../kernel/records';
import { findQuery, findVerb } from './reference-card';
import { OP_LIMITS } from '../../shared/op-limits';

/** Largest batch one call may send (bigger ones are refused whole), and the longest op line. */
export const { maxOps: MAX_OPS_PER_BATCH, maxOpChars: MAX_OP_LENGTH } = OP_LIMITS;
const ACTIVITY_LIMIT = 500;

export interface Answer {
  ok: boolean;
  /** `lines` joined with newlines: what a tool call returns. */
  text: string;
  lines: string[];
}

/** What one applied change did; the journal stores it and the change feed announces it. */
export type DocumentChange<R extends EntityRecord = EntityRecord> =
  | { kind: 'batch'; seq: number; origin: string; ops: string[]; lines: string[]; diff: RecordDiff<R>; at: number }
  | { kind: 'undo' | 'redo'; seq: number; origin: string; lines: string[]; diff: RecordDiff<R>; at: number }
  | { kind: 'undo-to'; seq: number; origin: string; name: string; lines: string[]; diff: RecordDiff<R>; at: number }
  | { kind: 'checkpoint'; seq: number; origin: string; name: string; at: number }
  | { kind: 'saved'; seq: number; origin: string; path: string; at: number };

/**
 * Called with each change and the answer it will get, before that answer leaves; a throw reverts
 * the change (nothing acknowledged is lost). `requestId` is the id the client gave the call that
 * made the change, if any (carried with the call: see exclusive).
 */
export type CommitHook<R extends EntityRecord> = (change: DocumentChange<R>, answer: readonly string[], requestId: string | undefined) => void;

export interface DocumentOptions {
  id?: string;
  path?: string;
  seq?: number;
  savedSeq?: number;
}

/** Everything a document is, as plain data: what the journal keeps as a document's snapshot. */
export interface DocumentState<R extends EntityRecord = EntityRecord> {
  records: R[];
  seq: number;
  savedSeq: number;
  path?: string;
  log: EventLogState<R>;
  /** The most recent activity (bounded) and how many changes the history has seen in all. */
  activity: ActivityEntry[];
  activityTotal: number;
}

function answer(ok: boolean, lines: string[]): Answer {
  return { ok, lines, text: lines.join('\n') };
}

function describeOps(ops: readonly string[]): string {
  const first = ops[0] ?? '';
  return ops.length > 1 ? `${first} (+${ops.length - 1} more)` : first;
}

export class FcpDocument<R extends EntityRecord = EntityRecord> {
  readonly id: string;
  readonly store: RecordStore<R>;
  log = new EventLog<R>();
  path?: string;
  /** Sequence number of the last change; every change that alters the model bumps it by one. */
  seq: number;
  savedSeq: number;
  commitHook?: CommitHook<R>;
  /** The person's selection and the reads to report (the studio's presence); none when standing alone. */
  presence: DocumentPresence = NO_PRESENCE;
  /** Where heavy work runs: the studio's worker pool, or this thread when the document stands alone. */
  offload: Offload;
  private activityLog: ActivityEntry[] = [];
  /** Changes the history has seen since the document began, beyond the bounded activity log. */
  private activityTotal = 0;
  private readonly listeners = new Set<(change: DocumentChange<R>) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Exclusive work (a batch, undo, save, ...) is running. */
  private busy = false;
  /** The request id of the call whose exclusive work runs now (see exclusive). */
  private runningRequest: string | undefined;
  /** The running exclusive work is waiting for offloaded work, with the model as last committed. */
  private waitingOffstage = 0;

  constructor(
    readonly domain: FcpDomain<R>,
    records: Iterable<R>,
    options: DocumentOptions = {},
  ) {
    this.id = options.id ?? randomUUID();
    this.store = new RecordStore<R>(records);
    this.path = options.path;
    this.seq = options.seq ?? 0;
    // A document starts clean: a new one has nothing to lose until its first change.
    this.savedSeq = options.savedSeq ?? this.seq;
    this.offload = inlineOffload(domain);
  }

  /** A document as a journal snapshot left it (see state()). */
  static fromState<R extends EntityRecord>(domain: FcpDomain<R>, id: string, state: DocumentState<R>): FcpDocument<R> {
    const doc = new FcpDocument(domain, state.records, { id, path: state.path, seq: state.seq, savedSeq: state.savedSeq });
    doc.log = EventLog.fromState(state.log);
    doc.activityLog = [...state.activity];
    doc.activityTotal = state.activityTotal;
    return doc;
  }

  /** The whole document as plain data, its undo history cut to the last `historyDepth` steps. */
  state(historyDepth: number): DocumentState<R> {
    this.log.trim(historyDepth);
    return {
      records: this.store.snapshot(),
      seq: this.seq,
      savedSeq: this.savedSeq,
      path: this.path,
      log: this.log.state(),
      activity: [...this.activityLog],
      activityTotal: this.activityTotal,
    };
  }

  static create<R extends EntityRecord>(
    domain: FcpDomain<R>,
    init: { title: string; params?: Record<string, string> } & DocumentOptions,
  ): FcpDocument<R> {
    return new FcpDocument(domain, domain.createModel(init.title, init.params ?? {}), init);
  }

  get title(): string {
    return this.domain.titleOf(this.store);
  }

  get dirty(): boolean {
    return this.seq !== this.savedSeq;
  }

  get activity(): readonly ActivityEntry[] {
    return this.activityLog;
  }

  info(): DocumentInfo {
    return { id: this.id, title: this.title, path: this.path, seq: this.seq, dirty: this.dirty };
  }

  subscribe(listener: (change: DocumentChange<R>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs `fn` after every earlier call on this document has finished, as the call `requestId` (the
   * id its client gave it, if any): what it commits is journaled under that id. Work on a document
   * never overlaps, so the id is the document's while `fn` runs (explicitly carried: an
   * AsyncLocalStorage's promise hooks cost every promise of the core, issue 23).
   */
  exclusive<T>(fn: () => T | Promise<T>, requestId?: string): Promise<T> {
    const start = async () => {
      this.busy = true;
      this.runningRequest = requestId;
      try {
        return await fn();
      } finally {
        this.busy = false;
        this.runningRequest = undefined;
      }
    };
    const run = this.queue.then(start, start);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Runs a read of the committed model: at once when nothing runs or when the running work waits
   * for a worker (a layout, a file being parsed or written), else after the running work. So a long
   * layout never holds up another client's query; no read ever sees half a batch.
   */
  read<T>(fn: () => T): Promise<T> {
    if (!this.busy || this.waitingOffstage > 0) {
      try {
        return Promise.resolve(fn());
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return this.exclusive(fn);
  }

  /**
   * Hands `task` to the offload (a worker thread). Meanwhile the model shows its last committed
   * state to reads: the changes `pending` has made so far are set aside and put back afterwards.
   */
  async offstage(task: string, input: unknown, pending?: Transaction<R>): Promise<unknown> {
    const diff = pending?.diff() ?? null;
    if (diff) this.store.apply(diff, 'backward');
    this.waitingOffstage++;
    try {
      return await this.offload(task, input);
    } finally {
      this.waitingOffstage--;
      if (diff) this.store.apply(diff, 'forward');
    }
  }

  applyBatch(ops: readonly string[], origin: string, requestId?: string): Promise<Answer> {
    return this.exclusive(() => this.runBatch(ops, origin), requestId);
  }

  /** Answers a query; `origin` (who asked) is told to the presence, so a view can mark what was read. */
  query(q: string, origin = PERSON_ORIGIN): Promise<Answer> {
    return this.read(() => {
      const text = q.trim();
      const space = text.search(/\s/);
      const name = space < 0 ? text : text.slice(0, space);
      try {
        if (!name) {
          throw new StudioError(
            ErrorCode.unknownQuery,
            `empty query; queries: ${this.domain.queries.map((x) => x.name).join(', ')}`,
            'map',
          );
        }
        const spec = findQuery(this.domain, name);
        const args = space < 0 ? '' : text.slice(space + 1).trim();
        const out = spec.handler(args, {
          store: this.store,
          document: this.info(),
          log: this.log,
          activity: this.activityLog,
          activityTotal: this.activityTotal,
          selected: () => this.presence.selected(),
          noteRead: (ids) => {
            if (origin !== PERSON_ORIGIN) this.presence.read(origin, ids, text);
          },
        });
        return answer(true, out.split('\n'));
      } catch (err) {
        return answer(false, formatError(toStudioError(err)));
      }
    });
  }

  undo(origin: string, requestId?: string): Promise<Answer> {
    return this.exclusive(() =>
      this.moveCursor(origin, () => {
        const entry = this.log.undo();
        return { kind: 'undo', entries: [entry], diff: invertDiff(entry.diff), redo: () => this.log.redo() };
      }),
      requestId,
    );
  }

  redo(origin: string, requestId?: string): Promise<Answer> {
    return this.exclusive(() =>
      this.moveCursor(origin, () => {
        const entry = this.log.redo();
        return { kind: 'redo', entries: [entry], diff: entry.diff, redo: () => this.log.undo() };
      }),
      requestId,
    );
  }

  undoTo(name: string, origin: string, requestId?: string): Promise<Answer> {
    return this.exclusive(() =>
      this.moveCursor(origin, () => {
        const before = this.log.undoDepth;
        const entries = this.log.undoTo(name);
        const diff = composeDiffs(entries.map((e) => invertDiff(e.diff)));
        const restore = () => {
          for (let i = this.log.undoDepth; i < before; i++) this.log.redo();
        };
        return { kind: 'undo-to', name, entries, diff, redo: restore };
      }),
      requestId,
    );
  }

  checkpoint(name: string, origin: string, requestId?: string): Promise<Answer> {
    return this.exclusive(() => {
      try {
        if (!/^[\w.-]+$/.test(name)) {
          throw new StudioError(ErrorCode.badParam, `bad checkpoint name "${name}": use letters, digits, . _ -`, 'checkpoint v1');
        }
        const change: DocumentChange<R> = { kind: 'checkpoint', seq: this.seq, origin, name, at: Date.now() };
        const lines = [`!checkpoint ${name} (at change #${this.seq})`, this.domain.digest(this.store)];
        this.commit(change, lines);
        this.log.checkpoint(name);
        this.notify(change);
        return answer(true, lines);
      } catch (err) {
        return this.refusal(err);
      }
    }, requestId);
  }

  /** Records that the model as of now was written to `path` (the caller wrote the file); answers the save. */
  markSaved(path: string, origin: string): Answer {
    const change: DocumentChange<R> = { kind: 'saved', seq: this.seq, origin, path, at: Date.now() };
    const lines = [`!saved ${path}`, this.domain.digest(this.store)];
    this.commit(change, lines);
    this.path = path;
    this.savedSeq = this.seq;
    this.notify(change);
    return answer(true, lines);
  }

  /** An error answer that ends with the digest, like every answer about the model. */
  refusal(err: unknown, prefix = ''): Answer {
    return answer(false, [...formatError(toStudioError(err), prefix), this.domain.digest(this.store)]);
  }

  /** Re-applies a journaled change after a restart: same effect as live, without the hook or listeners. */
  replay(change: DocumentChange<R>): void {
    switch (change.kind) {
      case 'batch':
        this.store.apply(change.diff, 'forward');
        this.log.push({ seq: change.seq, origin: change.origin, ops: change.ops, diff: change.diff });
        this.record(change.seq, change.origin, 'batch', change.ops, change.lines, change.at);
        break;
      case 'undo':
        this.log.undo();
        this.store.apply(change.diff, 'forward');
        this.record(change.seq, change.origin, change.kind, ['undo'], change.lines, change.at);
        break;
      case 'redo':
        this.log.redo();
        this.store.apply(change.diff, 'forward');
        this.record(change.seq, change.origin, change.kind, ['redo'], change.lines, change.at);
        break;
      case 'undo-to':
        this.log.undoTo(change.name);
        this.store.apply(change.diff, 'forward');
        this.record(change.seq, change.origin, 'undo-to', [`undo to:${change.name}`], change.lines, change.at);
        break;
      case 'checkpoint':
        this.log.checkpoint(change.name);
        break;
      case 'saved':
        this.path = change.path;
        this.savedSeq = change.seq;
        break;
    }
    if (change.kind === 'batch' || change.kind === 'undo' || change.kind === 'redo' || change.kind === 'undo-to') this.advance(change.seq, change.diff);
    else this.seq = change.seq;
  }

  private async runBatch(rawOps: readonly string[], origin: string): Promise<Answer> {
    const ops = splitOps(rawOps);
    if (ops.length === 0) return this.refusal(new StudioError(ErrorCode.emptyOp, 'no ops in the batch', 'add svc AuthService'));
    if (ops.length > MAX_OPS_PER_BATCH) {
      return this.refusal(
        new StudioError(
          ErrorCode.batchTooLarge,
          `batch of ${ops.length} ops is over the limit of ${MAX_OPS_PER_BATCH}; nothing was applied`,
          `split it into batches of at most ${MAX_OPS_PER_BATCH} ops`,
        ),
      );
    }
    const tx = new Transaction(this.store);
    const context = this.mutationContext(tx, origin);
    const lines: string[] = [];
    for (let i = 0; i < ops.length; i++) {
      try {
        if (ops[i].length > MAX_OP_LENGTH) {
          throw new StudioError(ErrorCode.batchTooLarge, `op is ${ops[i].length} characters, over the limit of ${MAX_OP_LENGTH}`);
        }
        const op = bindSelected(parseOp(ops[i]), () => this.presence.selected());
        for (const line of await findVerb(this.domain, op.verb).handler(op, context)) lines.push(line);
      } catch (err) {
        tx.rollback();
        const where = ops.length > 1 ? `op ${i + 1} of ${ops.length} (${JSON.stringify(ops[i].trim())}): ` : '';
        lines.push(...formatError(toStudioError(err), where));
        if (ops.length > 1) lines.push(`! batch rolled back: none of its ${ops.length} ops was applied`);
        lines.push(this.domain.digest(this.store));
        return answer(false, lines);
      }
    }
    return this.commitBatch(tx, ops, lines, origin);
  }

  /**
   * Runs `work` as a batch of one, named `action` in the history: what it writes to the transaction
   * is applied as one change (journaled, undoable), or rolled back when it throws. For a domain's
   * own session actions (FcpDomain.sessionActions), which are not ops in the domain's grammar.
   */
  applyAction(action: string, origin: string, work: (ctx: MutationContext<R>) => string[] | Promise<string[]>, requestId?: string): Promise<Answer> {
    return this.exclusive(async () => {
      const tx = new Transaction(this.store);
      let lines: string[];
      try {
        lines = await work(this.mutationContext(tx, origin));
      } catch (err) {
        tx.rollback();
        return this.refusal(err);
      }
      return this.commitBatch(tx, [action], lines, origin);
    }, requestId);
  }

  private mutationContext(tx: Transaction<R>, origin: string): MutationContext<R> {
    return { tx, store: this.store, origin, offload: (task, input) => this.offstage(task, input, tx), selected: () => this.presence.selected() };
  }

  /** Commits what `tx` changed as one batch (nothing to commit when it changed nothing) and answers it. */
  private commitBatch(tx: Transaction<R>, ops: string[], lines: string[], origin: string): Answer {
    const changed = tx.diff();
    try {
      if (changed) this.domain.settle?.(tx, changed);
    } catch (err) {
      tx.rollback();
      return this.refusal(err, 'not applied: ');
    }
    const diff = tx.diff();
    const answerLines = [...lines, this.domain.digest(this.store), ...(diff ? (this.domain.warnings?.(this.store, diff) ?? []) : [])];
    if (diff) {
      const change: DocumentChange<R> = { kind: 'batch', seq: this.seq + 1, origin, ops, lines, diff, at: Date.now() };
      try {
        this.commit(change, answerLines);
      } catch (err) {
        this.store.apply(diff, 'backward');
        return this.refusal(err, 'not applied: ');
      }
      this.log.push({ seq: change.seq, origin, ops, diff });
      this.advance(change.seq, diff);
      this.record(change.seq, origin, 'batch', ops, change.lines, change.at);
      this.notify(change);
    }
    return answer(true, answerLines);
  }

  /** Shared body of undo, redo and undo-to: move the log cursor, apply the diff, commit or put everything back. */
  private moveCursor(
    origin: string,
    move: () => { kind: 'undo' | 'redo' | 'undo-to'; name?: string; entries: LogEntry<R>[]; diff: RecordDiff<R>; redo: () => void },
  ): Answer {
    let step: ReturnType<typeof move>;
    try {
      step = move();
    } catch (err) {
      return this.refusal(err);
    }
    const verbLabel = step.kind === 'undo-to' ? `undo to:${step.name}` : step.kind;
    const lines = step.entries.map((e) => `!${step.kind === 'redo' ? 'redo' : 'undo'} #${e.seq} by ${e.origin}: ${describeOps(e.ops)}`);
    if (lines.length === 0) lines.push(`!${verbLabel}: already at checkpoint`);
    this.store.apply(step.diff, 'forward');
    const seq = this.seq + 1;
    const at = Date.now();
    const change: DocumentChange<R> =
      step.kind === 'undo-to'
        ? { kind: 'undo-to', seq, origin, name: step.name!, lines, diff: step.diff, at }
        : { kind: step.kind, seq, origin, lines, diff: step.diff, at };
    const answerLines = [...lines, this.domain.digest(this.store)];
    try {
      this.commit(change, answerLines);
    } catch (err) {
      this.store.apply(step.diff, 'backward');
      step.redo();
      return this.refusal(err, 'not applied: ');
    }
    this.advance(seq, step.diff);
    this.record(seq, origin, step.kind, [verbLabel], lines, at);
    this.notify(change);
    return answer(true, answerLines);
  }

  /**
   * Moves the document to `seq` after a change of `diff`. A change that leaves what the file holds
   * as it was (the domain says so: drawio's page switch) keeps a clean document clean, so it asks
   * no one to save; live and in replay alike, so a restart comes back as clean.
   */
  private advance(seq: number, diff: RecordDiff<R>): void {
    if (this.seq === this.savedSeq && this.domain.changesFile?.(diff) === false) this.savedSeq = seq;
    this.seq = seq;
  }

  private commit(change: DocumentChange<R>, answerLines: readonly string[]): void {
    this.commitHook?.(change, answerLines, this.runningRequest);
  }

  private record(seq: number, origin: string, kind: ActivityKind, ops: string[], lines: string[], at: number): void {
    this.activityTotal++;
    this.activityLog.push({ seq, origin, kind, ops, lines, at });
    keepNewest(this.activityLog, ACTIVITY_LIMIT);
  }

  private notify(change: DocumentChange<R>): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A broken subscriber must not break the pipeline or other subscribers.
      }
    }
  }
}
