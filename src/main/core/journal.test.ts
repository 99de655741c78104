import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { notesDomain } from '../fcp/testing/notes-domain';
import { Journal } from './journal';
import type { StudioOptions } from './studio';
import { temporaryWorkspace } from '../testing/temporary-studio';
import { Workspace } from './workspace';

const temp = temporaryWorkspace('tandem-journal-');
const start = (options: Partial<StudioOptions> = {}) => temp.open({ domains: [notesDomain], ...options });
const databaseFile = () => Workspace.databaseFile(temp.dir);
const ids = (records: readonly unknown[]) => records.map((r) => (r as { id: string }).id).sort();

/** A batch change of the notes domain that adds note `name`, as the journal stores changes. */
const addNote = (seq: number, name: string) => ({
  kind: 'batch',
  seq,
  origin: 'claude',
  ops: [`add ${name}`],
  lines: [`+note ${name}`],
  diff: { [`n:${name}`]: [null, { id: `n:${name}`, kind: 'note', text: '' }] },
  at: 1_700_000_000_000 + seq,
});

/** Journals changes `from` to `to` of document "doc", each under request id req-<seq>. */
function appendNotes(journal: Journal, from: number, to: number): void {
  for (let i = from; i <= to; i++) journal.append('doc', addNote(i, `n${i}`) as never, { id: `req-${i}`, answer: [`+note n${i}`] });
}

/**
 * As after a power cut: the journal `file` and its log as they are on disk, without the
 * shared-memory index, opened again: it has changes 1 to `changes` (`addNote`'s, each under
 * req-<seq>) and the answers of `answered`.
 */
function expectAfterPowerCut(file: string, changes: number, answered: readonly number[]): void {
  const copy = join(temp.dir, `after-crash-${changes}`);
  mkdirSync(copy);
  const name = basename(file);
  for (const suffix of ['', '-wal']) copyFileSync(`${file}${suffix}`, join(copy, `${name}${suffix}`));
  const recovered = new Journal(join(copy, name));
  try {
    expect(recovered.loadActive('notes')!.changes.map((c) => c.seq)).toEqual(Array.from({ length: changes }, (_, i) => i + 1));
    for (const i of answered) expect(recovered.answerOf(`req-${i}`)).toEqual([`+note n${i}`]);
  } finally {
    recovered.close();
  }
}

/**
 * A workspace journal at schema 1 or 2, its tables made by that schema's own statements and its
 * rows written as that schema's code wrote them: the document "Old" with note a in its base, b and
 * c added since (c under request id req-c), and (schema 2) the answers of req-a, compacted away,
 * and req-c in `requests`.
 */
function oldJournal(file: string, version: 1 | 2): void {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`
    CREATE TABLE documents (
      id TEXT PRIMARY KEY, domain TEXT NOT NULL, base TEXT NOT NULL, base_seq INTEGER NOT NULL,
      path TEXT, saved_seq INTEGER NOT NULL, created_at INTEGER NOT NULL
    );
    CREATE TABLE changes (
      n INTEGER PRIMARY KEY AUTOINCREMENT,
      doc_id TEXT NOT NULL REFERENCES documents(id),
      change TEXT NOT NULL
    );
    CREATE INDEX changes_by_doc ON changes (doc_id, n);
    CREATE TABLE active_documents (domain TEXT PRIMARY KEY, doc_id TEXT NOT NULL REFERENCES documents(id));
  `);
  const base = [
    { id: 'meta', kind: 'meta', text: 'Old' },
    { id: 'n:a', kind: 'note', text: '' },
  ];
  db.prepare('INSERT INTO documents VALUES (?, ?, ?, ?, ?, ?, ?)').run('doc-old', 'notes', JSON.stringify(base), 1, null, 0, 1);
  db.prepare('INSERT INTO active_documents VALUES (?, ?)').run('notes', 'doc-old');
  // As after 40 changes compacted away: the rows' numbers go on from there.
  db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('changes', 40)").run();
  const insertChange = db.prepare('INSERT INTO changes (doc_id, change) VALUES (?, ?)');
  insertChange.run('doc-old', JSON.stringify(addNote(2, 'b')));
  insertChange.run('doc-old', JSON.stringify(addNote(3, 'c')));
  if (version === 2) {
    db.exec(`
      CREATE TABLE requests (n INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, answer TEXT NOT NULL, at INTEGER NOT NULL);
      ALTER TABLE documents ADD COLUMN history TEXT;
    `);
    const insertRequest = db.prepare('INSERT OR REPLACE INTO requests (id, answer, at) VALUES (?, ?, ?)');
    insertRequest.run('req-a', JSON.stringify(['+note a', 'digest: 1n']), 1);
    insertRequest.run('req-c', JSON.stringify(['+note c', 'digest: 3n']), 3);
  }
  db.pragma(`user_version = ${version}`);
  db.close();
}

function schemaOf(file: string): { version: number; tables: Record<string, string>; sequences: string[] } {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[];
    return {
      version: db.pragma('user_version', { simple: true }) as number,
      tables: Object.fromEntries(rows.map((r) => [r.name, r.sql])),
      sequences: (db.prepare('SELECT name FROM sqlite_sequence').pluck().all() as string[]).sort(),
    };
  } finally {
    db.close();
  }
}

describe('journal schema 3', () => {
  it('takes over a schema-2 journal: the same document and changes in order, and the answers of ids journaled before', async () => {
    oldJournal(databaseFile(), 2);
    const studio = await start();
    const restored = await studio.snapshot('notes');
    expect(restored.documentId).toBe('doc-old');
    expect(restored.title).toBe('Old');
    expect(restored.seq).toBe(3);
    expect(ids(restored.records)).toEqual(['meta', 'n:a', 'n:b', 'n:c']);
    expect((await studio.fcp('notes').query('history 5', 'x')).text).toMatch(/#2 claude batch: add b[\s\S]*#3 claude batch: add c/);

    const schema = schemaOf(databaseFile());
    expect(schema.version).toBe(3);
    expect(schema.tables.changes).not.toMatch(/AUTOINCREMENT/);
    expect(schema.tables.changes).toMatch(/request_id/);
    expect(Object.keys(schema.tables)).not.toContain('changes_by_doc');
    expect(schema.sequences).toEqual(['requests']);

    // An id journaled by the old schema is still answered, by the core and by the bridge's lookup, and not applied again.
    const retried = await studio.fcp('notes').mutate(['add c'], 'claude', 'req-c');
    expect(retried).toEqual({ text: '+note c\ndigest: 3n', isError: false });
    expect(Journal.lookupRequest(databaseFile(), 'req-a')).toEqual(['+note a', 'digest: 1n']);
    // New changes go on after the old ones, and survive a crash with them.
    expect((await studio.fcp('notes').mutate(['add d'], 'claude', 'req-d')).isError).toBe(false);
    temp.crash(studio);
    const again = await start();
    expect(ids((await again.snapshot('notes')).records)).toEqual(['meta', 'n:a', 'n:b', 'n:c', 'n:d']);
    expect((await again.snapshot('notes')).seq).toBe(4);
    expect(Journal.lookupRequest(databaseFile(), 'req-d')).toEqual(['+note d', 'digest: 4n']);
  });

  it('takes over a schema-1 journal, which had no request ids and no base history', async () => {
    oldJournal(databaseFile(), 1);
    const studio = await start();
    expect(ids((await studio.snapshot('notes')).records)).toEqual(['meta', 'n:a', 'n:b', 'n:c']);
    expect(schemaOf(databaseFile())).toMatchObject({ version: 3, sequences: [] });
    const first = await studio.fcp('notes').mutate(['add e'], 'claude', 'req-e');
    expect(await studio.fcp('notes').mutate(['add e'], 'claude', 'req-e')).toEqual(first);
  });

  it('refuses a journal from a newer Tandem, and leaves it as it is', () => {
    const file = join(temp.dir, 'newer.db');
    oldJournal(file, 2);
    const db = new Database(file);
    db.pragma('user_version = 4');
    db.close();
    expect(() => new Journal(file)).toThrow(/newer Tandem \(schema 4\)/);
    expect(schemaOf(file).tables.changes).toMatch(/AUTOINCREMENT/);
  });

  it('keeps the answer of every id through compaction, the document being replaced and a crash', async () => {
    const studio = await start({ forceCompactEvery: 4 });
    const notes = studio.fcp('notes');
    const answers = new Map<string, string>();
    for (let i = 1; i <= 6; i++) answers.set(`req-${i}`, (await notes.mutate([`add n${i}`], 'claude', `req-${i}`)).text);
    await notes.query('map', 'x'); // after the compaction that the fourth change made due
    const second = await notes.session('new "Second" discard:true', 'claude', 'req-7');
    expect(second).toMatchObject({ isError: false });
    answers.set('req-7', second.text);
    const retryAll = async (current: typeof studio) => {
      for (const [id, text] of answers) {
        expect(await current.fcp('notes').mutate(['add again'], 'claude', id), id).toEqual({ text, isError: false });
        expect(Journal.lookupRequest(databaseFile(), id), id).toEqual(text.split('\n'));
      }
      expect(ids((await current.snapshot('notes')).records)).toEqual(['meta']);
    };
    await retryAll(studio);
    // After a crash the reopened journal knows them all again, and still applies an id it never saw.
    temp.crash(studio);
    const again = await start({ forceCompactEvery: 4 });
    await retryAll(again);
    expect((await again.fcp('notes').mutate(['add n8'], 'claude', 'req-8')).text).toMatch(/\+note n8/);
  });

  it('writes one page to the write-ahead log for a small change, where schema 2 wrote five', () => {
    const file = join(temp.dir, 'pages.db');
    const journal = new Journal(file);
    try {
      journal.adopt('notes', { id: 'doc', records: [], seq: 0, savedSeq: 0 });
      // The log emptied first (the next commit starts it over), then no checkpoint until it is counted.
      journal.database.pragma('wal_autocheckpoint = 0');
      const framesInLog = () => (journal.database.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0].log;
      framesInLog();
      const changes = 100;
      appendNotes(journal, 1, changes);
      const pages = framesInLog();
      // A page of its own now and then, when the table's last page fills and a new one starts.
      expect(pages).toBeGreaterThanOrEqual(changes);
      expect(pages).toBeLessThan(changes * 1.25);
    } finally {
      journal.close();
    }
  });

  it('makes the log long enough at open that no commit lengthens it, starts it over at a checkpoint in a quiet moment, and reads it after a crash up to the last commit', () => {
    const file = join(temp.dir, 'long.db');
    const journal = new Journal(file);
    const walBytes = () => statSync(`${file}-wal`).size;
    try {
      // Room for 200 pages and their frame headers (a checkpoint's worth), and some to spare.
      const opened = walBytes();
      expect(opened).toBeGreaterThan(200 * (4096 + 24));
      journal.adopt('notes', { id: 'doc', records: [], seq: 0, savedSeq: 0 });
      // No checkpoint (it would start the log over): 150 commits, each a page or two.
      appendNotes(journal, 1, 150);
      expect(walBytes()).toBe(opened);
      expectAfterPowerCut(file, 150, [150]);
      appendNotes(journal, 151, 190);
      expect(journal.checkpointDue).toBe(true);
      journal.checkpointIfDue();
      expect(journal.checkpointDue).toBe(false);
      // 380 commits in all, more than the log was made for: the last 190 overwrite the first.
      appendNotes(journal, 191, 380);
      expect(walBytes()).toBe(opened);
      // The restarted log's old frames are still past its end.
      expectAfterPowerCut(file, 380, [1, 190, 191, 380]);
    } finally {
      journal.close();
    }
  });

  it('keeps the log bounded by the automatic checkpoint when no quiet moment comes, and never lengthens it', () => {
    const file = join(temp.dir, 'busy.db');
    const journal = new Journal(file);
    try {
      const opened = statSync(`${file}-wal`).size;
      journal.adopt('notes', { id: 'doc', records: [], seq: 0, savedSeq: 0 });
      const changes = 2200;
      appendNotes(journal, 1, changes);
      // The automatic checkpoint started the log over, again and again, within the length it was
      // made at open: no commit wrote a new length.
      expect(statSync(`${file}-wal`).size).toBe(opened);
      expect(journal.loadActive('notes')!.changes).toHaveLength(changes);
    } finally {
      journal.close();
    }
  });
});
