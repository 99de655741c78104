/**
 * The journal's housekeeping between calls (issue 23): compaction and checkpoints wait for a quiet
 * moment between the host's calls, and compaction is forced only at a much higher count. Real
 * SQLite files; the calls are tracked as a host tracks them, the loop turning between them.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { notesDomain } from '../fcp/testing/notes-domain';
import { waitFor } from '../mcp/test-fixtures';
import { InFlightCalls } from './in-flight-calls';
import type { StudioOptions } from './studio';
import { temporaryWorkspace } from '../testing/temporary-studio';
import { Workspace } from './workspace';

const temp = temporaryWorkspace('tandem-housekeeping-');
const start = (options: Partial<StudioOptions> = {}) => temp.open({ domains: [notesDomain], ...options });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rows of `table` in the database file `file` as it is on disk, with or without its log beside it. */
function rowsIn(file: string, table: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}
const journalRows = (table: string) => rowsIn(Workspace.databaseFile(temp.dir), table);

/** The database file alone, copied without its log: the rows checkpoints have put in it (none before the first). */
function checkpointedRows(table: string): number {
  const copy = join(temp.dir, 'database-alone.db');
  copyFileSync(Workspace.databaseFile(temp.dir), copy);
  return rowsIn(copy, 'sqlite_master WHERE type = \'table\'') === 0 ? 0 : rowsIn(copy, table);
}

describe('housekeeping between calls', () => {
  it('does not compact while calls keep coming, below the force count, and compacts once they pause', async () => {
    const calls = new InFlightCalls();
    const quietMs = 250;
    const studio = await start({ compactEvery: 5, housekeeping: { calls, quietMs } });
    const notes = studio.fcp('notes');
    const answers = new Map<string, string>();
    // Calls a few ms apart (timers run between them) for well over the quiet time.
    const began = performance.now();
    let sent = 0;
    while (performance.now() - began < 3 * quietMs) {
      sent++;
      answers.set(`req-${sent}`, (await calls.track(() => notes.mutate([`add n${sent}`], 'claude', `req-${sent}`))).text);
      await sleep(2);
    }
    expect(sent).toBeGreaterThan(5);
    expect(journalRows('changes')).toBe(sent);
    await waitFor(() => journalRows('changes') === 0, 10_000, 'the compaction at the quiet moment');
    const before = await studio.snapshot('notes');

    temp.crash(studio);
    const again = await start();
    expect(await again.snapshot('notes')).toEqual(before);
    for (const [id, text] of answers) expect(await again.fcp('notes').mutate(['add again'], 'claude', id), id).toEqual({ text, isError: false });
  });

  it('compacts at the force count although the calls never pause, after answering the change that reached it', async () => {
    const calls = new InFlightCalls();
    const studio = await start({ compactEvery: 3, forceCompactEvery: 8, housekeeping: { calls, quietMs: 60_000 } });
    const notes = studio.fcp('notes');
    for (let i = 1; i <= 7; i++) {
      await calls.track(() => notes.mutate([`add n${i}`], 'claude'));
      await sleep(1);
    }
    expect(journalRows('changes')).toBe(7);
    await calls.track(() => notes.mutate(['add n8'], 'claude'));
    expect(journalRows('changes')).toBe(8);
    // A call made meanwhile comes after the compaction.
    await calls.track(() => notes.query('map', 'x'));
    expect(journalRows('changes')).toBe(0);
    temp.crash(studio);
    const again = await start();
    expect((await again.snapshot('notes')).records.filter((r) => (r as { kind: string }).kind === 'note')).toHaveLength(8);
  });

  it('compacts a long backlog restored after a crash at the first quiet moment', async () => {
    const first = await start({ compactEvery: 1000 });
    for (let i = 1; i <= 12; i++) await first.fcp('notes').mutate([`add n${i}`], 'claude');
    temp.crash(first);
    const again = await start({ compactEvery: 10, housekeeping: { calls: new InFlightCalls(), quietMs: 10 } });
    expect(journalRows('changes')).toBe(12);
    await waitFor(() => journalRows('changes') === 0, 10_000, 'the compaction of the restored backlog');
    expect((await again.snapshot('notes')).records.filter((r) => (r as { kind: string }).kind === 'note')).toHaveLength(12);
  });

  it('copies the log into the database at a quiet moment, not while calls keep coming', async () => {
    const calls = new InFlightCalls();
    const studio = await start({ housekeeping: { calls, quietMs: 200 } });
    const notes = studio.fcp('notes');
    // The new document's base is a checkpoint's worth: copied at the first quiet moment.
    await waitFor(() => checkpointedRows('documents') === 1, 10_000, 'the checkpoint after the first document');
    for (let i = 1; i <= 220; i++) {
      await calls.track(() => notes.mutate([`add n${i}`], 'claude'));
      await new Promise((resolve) => setImmediate(resolve)); // timers may run between calls
    }
    expect(checkpointedRows('changes')).toBe(0);
    await waitFor(() => checkpointedRows('changes') === 220, 10_000, 'the checkpoint at the quiet moment');
  });
});
