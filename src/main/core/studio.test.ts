import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent, DomainSnapshot } from '../../shared/change-feed';
import { notesDomain } from '../fcp/testing/notes-domain';
import { Journal } from './journal';
import { Studio, type StudioOptions } from './studio';
import { temporaryWorkspace } from '../testing/temporary-studio';
import { Workspace } from './workspace';

const temp = temporaryWorkspace('tandem-studio-');
const start = (options: Partial<StudioOptions> = {}): Promise<Studio> => temp.open({ domains: [notesDomain], ...options });

function journalRows(table: string): number {
  const db = new Database(Workspace.databaseFile(temp.dir), { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const ids = (snapshot: DomainSnapshot): string[] => snapshot.records.map((r) => (r as { id: string }).id);

describe('Studio', () => {
  it('restores every acknowledged edit, undo history included, after a crash', async () => {
    const first = await start();
    const notes = first.fcp('notes');
    await notes.mutate(['add a', 'add b'], 'claude');
    await notes.session('checkpoint v1', 'claude');
    await notes.mutate(['set a text:"after v1"'], 'person');
    await notes.session('undo', 'person');
    await notes.mutate(['add c'], 'claude');
    const before = await first.snapshot('notes');
    temp.crash(first);

    const second = await start();
    const after = await second.snapshot('notes');
    expect(after.records).toEqual(before.records);
    expect(after.seq).toBe(before.seq);
    expect(after.documentId).toBe(before.documentId);
    const undo = await second.fcp('notes').session('undo to:v1', 'person');
    expect(undo.isError).toBe(false);
    expect((await second.snapshot('notes')).records.filter((r) => (r as { kind: string }).kind === 'note')).toHaveLength(2);
    expect((await second.fcp('notes').query('history 10', 'x')).text).toContain('#1 claude batch: add a | add b');
  });

  it('feeds every change in sequence order with its origin and records', async () => {
    const studio = await start();
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));
    const notes = studio.fcp('notes');
    await Promise.all([notes.mutate(['add a'], 'claude'), notes.mutate(['add b'], 'person'), notes.session('undo', 'person')]);
    expect(events.map((e) => [e.seq, e.origin, e.kind])).toEqual([
      [1, 'claude', 'batch'],
      [2, 'person', 'batch'],
      [3, 'person', 'undo'],
    ]);
    expect(events[0].put).toEqual([{ id: 'n:a', kind: 'note', text: '' }]);
    expect(events[2].removed).toEqual(['n:b']);
  });

  it('saves to a workspace file, opens it again, and refuses to drop unsaved work', async () => {
    const studio = await start();
    const notes = studio.fcp('notes');
    await notes.mutate(['add a text:hello'], 'claude');
    expect((await notes.session('new "Other"', 'claude')).text).toMatch(/unsaved changes \[unsaved_changes\]/);
    expect((await notes.session('save', 'claude')).text).toMatch(/no_file/);
    expect((await notes.session('save as:work/first', 'claude')).text.split('\n')[0]).toBe('!saved work/first.notes');
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));
    expect((await notes.session('new "Other"', 'claude')).isError).toBe(false);
    expect(events.at(-1)?.kind).toBe('reset');
    const opened = await notes.session('open work/first.notes', 'claude');
    expect(opened.text.split('\n')[0]).toBe('!opened work/first.notes "Untitled"');
    expect((await studio.snapshot('notes')).records).toContainEqual({ id: 'n:a', kind: 'note', text: 'hello' });
    expect((await notes.session('open ../outside.notes', 'claude')).text).toMatch(/path_outside_workspace/);
  });

  it('restores the document that was opened last', async () => {
    const first = await start();
    const notes = first.fcp('notes');
    await notes.mutate(['add a'], 'claude');
    await notes.session('save as:one', 'claude');
    await notes.session('new "Second"', 'claude');
    await notes.mutate(['add z'], 'claude');
    temp.crash(first);
    const second = await start();
    const snap = await second.snapshot('notes');
    expect(snap.title).toBe('Second');
    expect(snap.dirty).toBe(true);
    expect(snap.records).toContainEqual({ id: 'n:z', kind: 'note', text: '' });
  });

  it('refuses an unknown domain with the list of hosted ones', async () => {
    const studio = await start();
    expect(() => studio.fcp('midi')).toThrow(/no domain "midi"/);
  });
});

describe('journal compaction', () => {
  it('folds changes into a new base, keeps the configured undo depth and restores the same document', async () => {
    // Forced at 10: these calls come back to back, with no quiet moment (housekeeping.test.ts).
    const first = await start({ forceCompactEvery: 10, historyDepth: 4 });
    const notes = first.fcp('notes');
    for (let i = 1; i <= 25; i++) expect((await notes.mutate([`add n${i}`], 'claude')).isError).toBe(false);
    await notes.session('checkpoint late', 'claude');
    await notes.mutate(['add n26'], 'claude');
    const before = await first.snapshot('notes');
    expect(ids(before).includes('n:n26')).toBe(true);
    // 27 changes (26 batches and a checkpoint): compacted at 10 and 20, so 7 wait on the base.
    expect(journalRows('changes')).toBe(7);
    temp.crash(first);

    const second = await start({ forceCompactEvery: 10, historyDepth: 4 });
    const after = await second.snapshot('notes');
    expect(after.records).toEqual(before.records);
    expect(after.seq).toBe(before.seq);
    const history = (await second.fcp('notes').query('history 3', 'x')).text;
    expect(history).toContain('last 3 of 26 change(s)');
    // The checkpoint made after the last compaction is still there to go back to.
    const back = await second.fcp('notes').session('undo to:late', 'person');
    expect(back.isError, back.text).toBe(false);
    expect(ids(await second.snapshot('notes')).includes('n:n26')).toBe(false);
    // Undo reaches back only as deep as configured (4 kept at the last compaction, plus those since).
    const status = (await second.fcp('notes').query('status', 'x')).text;
    const undoDepth = Number(/undo:(\d+)/.exec(status)![1]);
    expect(undoDepth).toBeGreaterThan(0);
    expect(undoDepth).toBeLessThan(12);
  });

  it('answers the change that forces compaction before compacting, and holds the document until it has', async () => {
    const studio = await start({ forceCompactEvery: 3 });
    const notes = studio.fcp('notes');
    for (let i = 1; i <= 3; i++) await notes.mutate([`add n${i}`], 'claude');
    // The third change is answered while its compaction waits for the loop's next turn.
    expect(journalRows('changes')).toBe(3);
    // A read (or a change) made meanwhile comes after the compaction.
    expect((await notes.query('map', 'x')).isError).toBe(false);
    expect(journalRows('changes')).toBe(0);
  });

  it('drops the journal of documents that are no longer open', async () => {
    const studio = await start();
    await studio.fcp('notes').mutate(['add a', 'add b'], 'claude');
    expect(journalRows('documents')).toBe(1);
    await studio.fcp('notes').session('new "Second" discard:true', 'claude');
    expect(journalRows('documents')).toBe(1);
    expect(journalRows('changes')).toBe(0);
  });
});

describe('request ids', () => {
  it('applies a call sent twice under one id once, and answers the second with the first answer', async () => {
    const studio = await start();
    const notes = studio.fcp('notes');
    const first = await notes.mutate(['add a'], 'claude', 'req-1');
    const again = await notes.mutate(['add a'], 'claude', 'req-1');
    expect(again).toEqual(first);
    expect(ids(await studio.snapshot('notes')).filter((id) => id === 'n:a')).toHaveLength(1);
    // Without an id, or with another one, it is a new call (and here fails: a exists).
    expect((await notes.mutate(['add a'], 'claude', 'req-2')).isError).toBe(true);
  });

  it('journals each of calls queued on one document under its own id, and none under an id too long to keep', async () => {
    const studio = await start();
    const notes = studio.fcp('notes');
    // Sent at once: the second and third wait for the first; each change keeps its own call's id.
    const [a, anonymous, b] = await Promise.all([notes.mutate(['add a'], 'claude', 'req-a'), notes.mutate(['add x'], 'claude'), notes.session('checkpoint c1', 'claude', 'req-b')]);
    const lookup = (id: string) => Journal.lookupRequest(Workspace.databaseFile(temp.dir), id);
    expect(lookup('req-a')).toEqual(a.text.split('\n'));
    expect(lookup('req-b')).toEqual(b.text.split('\n'));
    expect(anonymous.isError).toBe(false);
    const long = 'r'.repeat(129);
    await notes.mutate(['add y'], 'claude', long);
    expect(lookup(long)).toBeUndefined();
    expect((await notes.mutate(['add y'], 'claude', long)).isError).toBe(true);
  });

  it('remembers applied ids across a crash, session actions included', async () => {
    const first = await start();
    const notes = first.fcp('notes');
    await notes.mutate(['add a', 'add b'], 'claude');
    const undo = await notes.session('undo', 'claude', 'undo-1');
    expect(undo.isError, undo.text).toBe(false);
    temp.crash(first);

    const second = await start();
    const retried = await second.fcp('notes').session('undo', 'claude', 'undo-1');
    expect(retried).toEqual(undo);
    // Undone once, not twice: nothing to undo would have been the answer of a second undo... and the
    // redo still finds the one undone batch.
    expect(Journal.lookupRequest(Workspace.databaseFile(temp.dir), 'undo-1')).toEqual(undo.text.split('\n'));
    expect(Journal.lookupRequest(Workspace.databaseFile(temp.dir), 'never-sent')).toBeUndefined();
    const redo = await second.fcp('notes').session('redo', 'person');
    expect(redo.isError, redo.text).toBe(false);
    expect(ids(await second.snapshot('notes')).filter((id) => id.startsWith('n:'))).toHaveLength(2);
  });

  it('does not journal an id for a call that failed, so sending it again runs it again', async () => {
    const studio = await start();
    const failed = await studio.fcp('notes').mutate(['set missing text:x'], 'claude', 'req-f');
    expect(failed.isError).toBe(true);
    expect(Journal.lookupRequest(Workspace.databaseFile(temp.dir), 'req-f')).toBeUndefined();
  });
});

describe('session answers', () => {
  it('ends refusals with the digest, and refuses undo to: without a name', async () => {
    const studio = await start();
    const notes = studio.fcp('notes');
    await notes.mutate(['add a'], 'claude');
    const missing = await notes.session('undo to:', 'claude');
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('[missing_arg]');
    expect(missing.text).toContain('try: undo to:before-refactor');
    const digest = missing.text.split('\n').at(-1)!;
    expect(digest).toMatch(/^digest: /);
    // Nothing was undone by the refusal.
    expect(ids(await studio.snapshot('notes')).includes('n:a')).toBe(true);
    for (const action of ['redo', 'open nowhere.notes', 'frobnicate', 'checkpoint bad/name', 'undo to:nope']) {
      const answer = await notes.session(action, 'claude');
      expect(answer.isError, action).toBe(true);
      expect(answer.text.split('\n').at(-1), action).toBe(digest);
    }
  });
});
