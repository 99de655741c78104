/**
 * The SQLite journal (better-sqlite3, WAL): for each document its base (a snapshot: records, undo
 * history, activity) and every change applied since, written before the change's answer leaves.
 * Reopening a workspace after a crash rebuilds each active document from its base plus its changes.
 * Compaction folds the changes into a new base now and then, so restore time stays flat however
 * long a session runs. A change made by a call that carried a request id is kept with that id and
 * its answer, in the same transaction, so the call is never applied twice.
 */
import { closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { DocumentChange, DocumentState } from '../fcp/document';
import type { EntityRecord } from '../kernel/records';

const SCHEMA_VERSION = 2;
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

const SELECT_ANSWER = 'SELECT answer FROM requests WHERE id = ?';

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
  private readonly insertChange: Database.Statement<[string, string]>;
  private readonly insertRequest: Database.Statement<[string, string, number]>;
  private readonly selectRequest: Database.Statement<[string]>;

  constructor(file: string, options: JournalOptions = {}) {
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
    this.db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
    this.db.pragma('journal_mode = WAL');
    // FULL: a committed change is on disk before its answer is sent, even if the machine loses power.
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.migrate();
    this.insertChange = this.db.prepare('INSERT INTO changes (doc_id, change) VALUES (?, ?)');
    this.insertRequest = this.db.prepare('INSERT OR REPLACE INTO requests (id, answer, at) VALUES (?, ?, ?)');
    this.selectRequest = this.db.prepare(SELECT_ANSWER);
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
    try {
      return answerFrom(db.prepare(SELECT_ANSWER).get(requestId));
    } catch {
      return undefined; // an old database without the table: nothing was journaled under an id
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
    this.db.transaction(() => {
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS documents (
          id TEXT PRIMARY KEY,
          domain TEXT NOT NULL,
          base TEXT NOT NULL,
          base_seq INTEGER NOT NULL,
          path TEXT,
          saved_seq INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS changes (
          n INTEGER PRIMARY KEY AUTOINCREMENT,
          doc_id TEXT NOT NULL REFERENCES documents(id),
          change TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS changes_by_doc ON changes (doc_id, n);
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
      // Schema 2: a document's base may carry its undo history and activity (set by compaction).
      const columns = this.db.prepare('PRAGMA table_info(documents)').all() as { name: string }[];
      if (!columns.some((c) => c.name === 'history')) this.db.exec('ALTER TABLE documents ADD COLUMN history TEXT');
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }

  /**
   * Records a document's starting point and makes it the domain's active document, atomically; the
   * domain's previous documents, now unreachable, are dropped with their changes. `baseJson`, when
   * given, is the JSON of `records` already made (an opened file's, from the worker that read it).
   */
  adopt(
    domain: string,
    doc: { id: string; records: readonly EntityRecord[]; seq: number; path?: string; savedSeq: number; baseJson?: string },
    request?: RequestRecord,
  ): void {
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO documents (id, domain, base, base_seq, path, saved_seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(doc.id, domain, doc.baseJson ?? JSON.stringify(doc.records), doc.seq, doc.path ?? null, doc.savedSeq, Date.now());
      this.db
        .prepare('INSERT INTO active_documents (domain, doc_id) VALUES (?, ?) ON CONFLICT(domain) DO UPDATE SET doc_id = excluded.doc_id')
        .run(domain, doc.id);
      this.db.prepare('DELETE FROM changes WHERE doc_id IN (SELECT id FROM documents WHERE domain = ? AND id <> ?)').run(domain, doc.id);
      this.db.prepare('DELETE FROM documents WHERE domain = ? AND id <> ?').run(domain, doc.id);
      if (request) this.recordRequest(request);
    })();
  }

  /** Journals one change (and the request it answered, if it carried an id) in one transaction. */
  append(docId: string, change: DocumentChange, request?: RequestRecord): void {
    if (!request) {
      this.insertChange.run(docId, JSON.stringify(change));
      return;
    }
    this.db.transaction(() => {
      this.insertChange.run(docId, JSON.stringify(change));
      this.recordRequest(request);
    })();
  }

  /** The journaled answer of a request id, if a change was made under it. */
  answerOf(requestId: string): readonly string[] | undefined {
    return answerFrom(this.selectRequest.get(requestId));
  }

  /** Makes `state` the document's new base and drops the changes it folds in, atomically. */
  compact(docId: string, state: DocumentState): void {
    const history: BaseHistory = { log: state.log, activity: state.activity, activityTotal: state.activityTotal };
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE documents SET base = ?, base_seq = ?, path = ?, saved_seq = ?, history = ? WHERE id = ?')
        .run(JSON.stringify(state.records), state.seq, state.path ?? null, state.savedSeq, JSON.stringify(history), docId);
      this.db.prepare('DELETE FROM changes WHERE doc_id = ?').run(docId);
      this.db.prepare('DELETE FROM requests WHERE n <= (SELECT max(n) FROM requests) - ?').run(KEPT_REQUESTS);
    })();
  }

  private recordRequest(request: RequestRecord): void {
    this.insertRequest.run(request.id, JSON.stringify(request.answer), Date.now());
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
