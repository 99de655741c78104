/**
 * The SQLite journal (better-sqlite3, WAL): for each document its base (a snapshot: records, undo
 * history, activity) and every change applied since, written before the change's answer leaves.
 * Reopening a workspace after a crash rebuilds each active document from its base plus its changes.
 * Compaction folds the changes into a new base now and then, so restore time stays flat however
 * long a session runs. A change made by a call that carried a request id is kept with that id and
 * its answer in the change's own row, so the call is never applied twice; compaction moves the ids
 * of the changes it folds in to the `requests` table, where the last KEPT_REQUESTS of them stay.
 *
 * A change's commit writes one page of the database where it can (issue 23): `changes` is a plain
 * rowid table without an index. (AUTOINCREMENT's sqlite_sequence row, an index on the changes, and
 * a separate requests row with its index made five pages in every commit.) Its rows are few, the
 * changes since the last compaction, read once at restore and deleted at compaction: a scan serves.
 */
import { closeSync, existsSync, fdatasync, fstatSync, openSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { DocumentChange, DocumentState } from '../fcp/document';
import type { EntityRecord } from '../kernel/records';

/**
 * 1: documents, changes, active_documents. 2: requests, and a base's undo history (documents.history).
 * 3: changes as a plain rowid table that carries its request id and answer, without an index.
 */
const SCHEMA_VERSION = 3;
/**
 * The write-ahead log is copied into the database (a checkpoint: the pages written, two fsyncs)
 * at the first quiet moment once the journal has committed about this many pages, about every 200
 * edits; the log then starts over from its beginning. The studio runs it (checkpointIfDue) when
 * no call has come for a moment (issue 23: on the call that tripped SQLite's own, an edit took
 * 2-5 ms instead of 0.25). The log's file is made long enough for them when the journal opens
 * (see preallocateLog), so no commit lengthens it. A worker thread with a connection of its own
 * checkpointing as soon as 200 pages wait was no faster beside the noise (p50, p99) and cost 15 MB.
 */
const CHECKPOINT_PAGES = 200;
/**
 * SQLite's automatic checkpoint (on the commit that fills the log this far) stays as the backstop,
 * for a stream of calls that never pauses and for tool domains' own writes, which are not counted.
 * The log is preallocated this long (plus SPARE_LOG_PAGES), so even such a stream never lengthens
 * it: with the backstop at 1,000 pages past a 256-page file, the commits from 256 to 1,000 each
 * wrote the file's new length in their fsync, and the bench's one-op round trip (which never
 * pauses) rose from +0.44 to +0.52-0.62 ms over its reference (issue 23). Twice the quiet
 * threshold keeps the zeros written at each open to 1.9 MB.
 */
const BACKSTOP_CHECKPOINT_PAGES = 2 * CHECKPOINT_PAGES;
/** Room in the preallocated log beyond BACKSTOP_CHECKPOINT_PAGES, for the commit that goes past it. */
const SPARE_LOG_PAGES = 56;
/** The log's own header, and each frame's before its page (SQLite's WAL format). */
const WAL_HEADER_BYTES = 32;
const WAL_FRAME_HEADER_BYTES = 24;
/** Answers of request ids kept for retries after a crash; older ones are forgotten at compaction. */
const KEPT_REQUESTS = 10_000;

export interface JournaledDocument {
  id: string;
  domain: string;
  /** The base the changes apply to; history empty for a document never compacted. */
  base: DocumentState;
  changes: DocumentChange[];
}

/** A call that carried an id, and the answer it got. */
export interface RequestRecord {
  id: string;
  answer: readonly string[];
}

const SELECT_KEPT_ANSWER = 'SELECT answer FROM requests WHERE id = ?';
const SELECT_PENDING_ANSWER = 'SELECT answer FROM changes WHERE request_id = ?';
/** Schema 3's changes table; the request id and answer come before the change, in the row's first page. */
const CREATE_CHANGES = `
  CREATE TABLE changes (
    n INTEGER PRIMARY KEY,
    doc_id TEXT NOT NULL REFERENCES documents(id),
    request_id TEXT,
    answer TEXT,
    change TEXT NOT NULL
  )`;

/** The answer lines of a `requests` row, if there is one. */
function answerFrom(row: unknown): readonly string[] | undefined {
  return row ? (JSON.parse((row as { answer: string }).answer) as string[]) : undefined;
}

type BaseHistory = Pick<DocumentState, 'log' | 'activity' | 'activityTotal'>;

export interface JournalOptions {
  /** Path of a better-sqlite3 addon built for this runtime (Electron needs its own build). */
  nativeBinding?: string;
}

export class Journal {
  private readonly db: Database.Database;
  private readonly insertChange: Database.Statement<[string, string | null, string | null, string]>;
  private readonly insertRequest: Database.Statement<[string, string, number]>;
  private readonly selectKept: Database.Statement<[string]>;
  private readonly selectPending: Database.Statement<[string]>;
  /**
   * The request ids of the changes not yet compacted, each with its document: an id found here is
   * looked up in `changes` (a scan, made only when a call is sent again), any other in `requests`.
   */
  private readonly pendingRequests = new Map<string, string>();
  /**
   * Every request id that may have a `requests` row (a superset: trimmed only now and then), so an
   * id never journaled (nearly every call) is answered without a query.
   */
  private keptRequests = new Set<string>();
  /** Pages committed since the last checkpoint, about (a change's commit writes one; a base, many). */
  private pagesSinceCheckpoint = 0;

  constructor(file: string, options: JournalOptions = {}) {
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
    this.db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
    this.db.pragma('journal_mode = WAL');
    // FULL: a committed change is on disk before its answer is sent, even if the machine loses power.
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
    this.migrate();
    this.insertChange = this.db.prepare('INSERT INTO changes (doc_id, request_id, answer, change) VALUES (?, ?, ?, ?)');
    this.insertRequest = this.db.prepare('INSERT OR REPLACE INTO requests (id, answer, at) VALUES (?, ?, ?)');
    this.selectKept = this.db.prepare(SELECT_KEPT_ANSWER);
    this.selectPending = this.db.prepare(SELECT_PENDING_ANSWER);
    const pending = this.db.prepare('SELECT request_id, doc_id FROM changes WHERE request_id IS NOT NULL').all() as { request_id: string; doc_id: string }[];
    for (const row of pending) this.pendingRequests.set(row.request_id, row.doc_id);
    this.reloadKeptRequests();
    this.preallocateLog(`${file}-wal`);
  }

  /**
   * Makes the write-ahead log's file long enough for BACKSTOP_CHECKPOINT_PAGES pages before any commit here
   * (issue 23): a commit that makes the file longer must also write the new length in its fsync,
   * which on ext4 doubled the fsync of the first 200 commits after each start (p50 0.61 -> 0.33 ms).
   * Only zeros past the file's end are written, where SQLite has written nothing; a frame of zeros
   * is not a valid frame (its salt is not the log's), so SQLite reads the log up to there, as it
   * does the old frames it leaves past the end of a restarted log. They reach the disk in the
   * background; the first commit's fsync waits for them if need be.
   */
  private preallocateLog(walFile: string): void {
    let fd: number | undefined;
    try {
      fd = openSync(walFile, 'r+');
      const pageSize = this.db.pragma('page_size', { simple: true }) as number;
      const wanted = WAL_HEADER_BYTES + (BACKSTOP_CHECKPOINT_PAGES + SPARE_LOG_PAGES) * (WAL_FRAME_HEADER_BYTES + pageSize);
      const zeros = Buffer.alloc(1 << 20);
      for (let at = fstatSync(fd).size; at < wanted; at += zeros.length) writeSync(fd, zeros, 0, Math.min(zeros.length, wanted - at), at);
      const written = fd;
      fdatasync(written, () => closeSync(written));
    } catch {
      // Only speed is lost: the log grows as SQLite writes it (no file yet, a read-only folder, ...).
      if (fd !== undefined) closeSync(fd);
    }
  }

  private reloadKeptRequests(): void {
    this.keptRequests = new Set(this.db.prepare('SELECT id FROM requests').pluck().all() as string[]);
  }

  /**
   * The database itself, for tool domains that keep what must survive a crash in tables of their
   * own (WAL and synchronous FULL as here). The journal's tables and user_version are its own.
   */
  get database(): Database.Database {
    return this.db;
  }

  /** The answer journaled for a request id, or undefined if no change was made under that id. */
  static lookupRequest(file: string, requestId: string, options: JournalOptions = {}): readonly string[] | undefined {
    if (!existsSync(file)) return undefined;
    const db = new Database(file, { readonly: true, fileMustExist: true, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
    const lookup = (sql: string) => {
      try {
        return answerFrom(db.prepare(sql).get(requestId));
      } catch {
        return undefined; // an older schema, without that table or column: nothing was journaled there under an id
      }
    };
    try {
      return lookup(SELECT_PENDING_ANSWER) ?? lookup(SELECT_KEPT_ANSWER);
    } finally {
      db.close();
    }
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new Error(`the workspace database is from a newer Tandem (schema ${version}); update Tandem to open it`);
    }
    if (version === SCHEMA_VERSION) return;
    // One transaction: the journal is as it was or wholly at this schema, whenever the core stops.
    this.db.transaction(() => {
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS documents (
          id TEXT PRIMARY KEY,
          domain TEXT NOT NULL,
          base TEXT NOT NULL,
          base_seq INTEGER NOT NULL,
          path TEXT,
          saved_seq INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          history TEXT
        );
        CREATE TABLE IF NOT EXISTS active_documents (
          domain TEXT PRIMARY KEY,
          doc_id TEXT NOT NULL REFERENCES documents(id)
        );
        CREATE TABLE IF NOT EXISTS requests (
          n INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          answer TEXT NOT NULL,
          at INTEGER NOT NULL
        );
      `);
      if (!this.columnsOf('documents').includes('history')) this.db.exec('ALTER TABLE documents ADD COLUMN history TEXT');
      const changes = this.columnsOf('changes');
      if (changes.length === 0) this.db.exec(CREATE_CHANGES);
      else if (!changes.includes('request_id')) this.rebuildChanges();
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }

  private columnsOf(table: string): string[] {
    return (this.db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
  }

  /**
   * Schema 3's changes table from an older one: the same rows in the same order (their request ids
   * are in `requests` already), without AUTOINCREMENT (its sqlite_sequence row goes) or the index.
   */
  private rebuildChanges(): void {
    this.db.exec(`
      ALTER TABLE changes RENAME TO changes_before_3;
      DROP INDEX IF EXISTS changes_by_doc;
      ${CREATE_CHANGES};
      INSERT INTO changes (n, doc_id, change) SELECT n, doc_id, change FROM changes_before_3 ORDER BY n;
      DROP TABLE changes_before_3;
      DELETE FROM sqlite_sequence WHERE name IN ('changes', 'changes_before_3');
    `);
  }

  /**
   * Records a document's starting point and makes it the domain's active document, atomically; the
   * domain's previous documents, now unreachable, are dropped with their changes (the request ids
   * of those changes are kept). `baseJson`, when given, is the JSON of `records` already made (an
   * opened file's, from the worker that read it).
   */
  adopt(
    domain: string,
    doc: { id: string; records: readonly EntityRecord[]; seq: number; path?: string; savedSeq: number; baseJson?: string },
    request?: RequestRecord,
  ): void {
    let dropped: string[] = [];
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO documents (id, domain, base, base_seq, path, saved_seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(doc.id, domain, doc.baseJson ?? JSON.stringify(doc.records), doc.seq, doc.path ?? null, doc.savedSeq, Date.now());
      this.db
        .prepare('INSERT INTO active_documents (domain, doc_id) VALUES (?, ?) ON CONFLICT(domain) DO UPDATE SET doc_id = excluded.doc_id')
        .run(domain, doc.id);
      dropped = this.db.prepare('SELECT id FROM documents WHERE domain = ? AND id <> ?').pluck().all(domain, doc.id) as string[];
      for (const id of dropped) this.dropChanges(id);
      this.db.prepare('DELETE FROM documents WHERE domain = ? AND id <> ?').run(domain, doc.id);
      if (request) {
        this.keptRequests.add(request.id);
        this.insertRequest.run(request.id, JSON.stringify(request.answer), Date.now());
      }
    })();
    this.pagesSinceCheckpoint += CHECKPOINT_PAGES; // a whole document's base
    this.forgetPending(dropped);
  }

  /**
   * Journals one change, with the request it answered if the call carried an id: one row, one
   * statement (a transaction of its own), on disk before this returns (WAL, synchronous FULL).
   */
  append(docId: string, change: DocumentChange, request?: RequestRecord): void {
    this.insertChange.run(docId, request?.id ?? null, request ? JSON.stringify(request.answer) : null, JSON.stringify(change));
    if (request) this.pendingRequests.set(request.id, docId);
    this.pagesSinceCheckpoint++;
  }

  /** The journaled answer of a request id, if a change was made under it. */
  answerOf(requestId: string): readonly string[] | undefined {
    if (this.pendingRequests.has(requestId)) return answerFrom(this.selectPending.get(requestId));
    return this.keptRequests.has(requestId) ? answerFrom(this.selectKept.get(requestId)) : undefined;
  }

  /** Makes `state` the document's new base and drops the changes it folds in (keeping their request ids), atomically. */
  compact(docId: string, state: DocumentState): void {
    const history: BaseHistory = { log: state.log, activity: state.activity, activityTotal: state.activityTotal };
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE documents SET base = ?, base_seq = ?, path = ?, saved_seq = ?, history = ? WHERE id = ?')
        .run(JSON.stringify(state.records), state.seq, state.path ?? null, state.savedSeq, JSON.stringify(history), docId);
      this.dropChanges(docId);
      this.db.prepare('DELETE FROM requests WHERE n <= (SELECT max(n) FROM requests) - ?').run(KEPT_REQUESTS);
    })();
    this.pagesSinceCheckpoint += CHECKPOINT_PAGES; // the base, and the requests index rewritten
    this.forgetPending([docId]);
  }

  /** Whether enough has been committed since the last checkpoint for the next quiet moment to run one. */
  get checkpointDue(): boolean {
    return this.pagesSinceCheckpoint >= CHECKPOINT_PAGES;
  }

  /**
   * Copies the log into the database if enough waits in it (PASSIVE: it takes no lock that would
   * stop a reader, such as the bridge's lookupRequest, and copies what no reader still needs).
   */
  checkpointIfDue(): void {
    if (!this.checkpointDue) return;
    this.pagesSinceCheckpoint = 0;
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  /** Deletes a document's changes, their request ids and answers moved to `requests` first (in the caller's transaction). */
  private dropChanges(docId: string): void {
    this.db
      .prepare('INSERT OR REPLACE INTO requests (id, answer, at) SELECT request_id, answer, ? FROM changes WHERE doc_id = ? AND request_id IS NOT NULL ORDER BY n')
      .run(Date.now(), docId);
    this.db.prepare('DELETE FROM changes WHERE doc_id = ?').run(docId);
  }

  /** After a transaction that dropped these documents' changes committed: their ids are now in `requests`. */
  private forgetPending(docIds: readonly string[]): void {
    if (docIds.length === 0 || this.pendingRequests.size === 0) return;
    const gone = new Set(docIds);
    for (const [id, docId] of this.pendingRequests) {
      if (!gone.has(docId)) continue;
      this.keptRequests.add(id);
      this.pendingRequests.delete(id);
    }
    // Compaction forgets the oldest ids; the set forgets them too once it has grown well past them.
    if (this.keptRequests.size > 2 * KEPT_REQUESTS) this.reloadKeptRequests();
  }

  loadActive(domain: string): JournaledDocument | undefined {
    const row = this.db
      .prepare(
        `SELECT d.id, d.domain, d.base, d.base_seq, d.path, d.saved_seq, d.history
         FROM active_documents a JOIN documents d ON d.id = a.doc_id WHERE a.domain = ?`,
      )
      .get(domain) as
      | { id: string; domain: string; base: string; base_seq: number; path: string | null; saved_seq: number; history: string | null }
      | undefined;
    if (!row) return undefined;
    const changes = (
      this.db.prepare('SELECT change FROM changes WHERE doc_id = ? ORDER BY n').all(row.id) as { change: string }[]
    ).map((c) => JSON.parse(c.change) as DocumentChange);
    const history: BaseHistory = row.history
      ? (JSON.parse(row.history) as BaseHistory)
      : { log: { entries: [], cursor: 0, checkpoints: [] }, activity: [], activityTotal: 0 };
    return {
      id: row.id,
      domain: row.domain,
      base: {
        records: JSON.parse(row.base) as EntityRecord[],
        seq: row.base_seq,
        path: row.path ?? undefined,
        savedSeq: row.saved_seq,
        ...history,
      },
      changes,
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
