/**
 * The SQLite journal (better-sqlite3, WAL): for each document its base records and every change
 * applied since, written before the change's answer leaves. Reopening a workspace after a crash
 * rebuilds each active document from its base plus its changes, undo history included.
 */
import { closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { DocumentChange } from '../fcp/document';
import type { EntityRecord } from '../fcp/records';

const SCHEMA_VERSION = 1;

export interface JournaledDocument {
  id: string;
  domain: string;
  base: EntityRecord[];
  baseSeq: number;
  path?: string;
  savedSeq: number;
  changes: DocumentChange[];
}

export interface JournalOptions {
  /** Path of a better-sqlite3 addon built for this runtime (Electron needs its own build). */
  nativeBinding?: string;
}

export class Journal {
  private readonly db: Database.Database;
  private readonly insertChange: Database.Statement<[string, string]>;

  constructor(file: string, options: JournalOptions = {}) {
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
    this.db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
    this.db.pragma('journal_mode = WAL');
    // FULL: a committed change is on disk before its answer is sent, even if the machine loses power.
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.migrate();
    this.insertChange = this.db.prepare('INSERT INTO changes (doc_id, change) VALUES (?, ?)');
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new Error(`the workspace database is from a newer Tandem (schema ${version}); update Tandem to open it`);
    }
    if (version === SCHEMA_VERSION) return;
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
      PRAGMA user_version = ${SCHEMA_VERSION};
    `);
  }

  /** Records a document's starting point and makes it the domain's active document, atomically. */
  adopt(domain: string, doc: { id: string; records: readonly EntityRecord[]; seq: number; path?: string; savedSeq: number }): void {
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO documents (id, domain, base, base_seq, path, saved_seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(doc.id, domain, JSON.stringify(doc.records), doc.seq, doc.path ?? null, doc.savedSeq, Date.now());
      this.db
        .prepare('INSERT INTO active_documents (domain, doc_id) VALUES (?, ?) ON CONFLICT(domain) DO UPDATE SET doc_id = excluded.doc_id')
        .run(domain, doc.id);
    })();
  }

  append(docId: string, change: DocumentChange): void {
    this.insertChange.run(docId, JSON.stringify(change));
  }

  loadActive(domain: string): JournaledDocument | undefined {
    const row = this.db
      .prepare(
        `SELECT d.id, d.domain, d.base, d.base_seq, d.path, d.saved_seq
         FROM active_documents a JOIN documents d ON d.id = a.doc_id WHERE a.domain = ?`,
      )
      .get(domain) as
      | { id: string; domain: string; base: string; base_seq: number; path: string | null; saved_seq: number }
      | undefined;
    if (!row) return undefined;
    const changes = (
      this.db.prepare('SELECT change FROM changes WHERE doc_id = ? ORDER BY n').all(row.id) as { change: string }[]
    ).map((c) => JSON.parse(c.change) as DocumentChange);
    return {
      id: row.id,
      domain: row.domain,
      base: JSON.parse(row.base) as EntityRecord[],
      baseSeq: row.base_seq,
      path: row.path ?? undefined,
      savedSeq: row.saved_seq,
      changes,
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
