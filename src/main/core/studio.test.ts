import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../shared/change-feed';
import { notesDomain } from '../fcp/testing/notes-domain';
import { Studio } from './studio';
import { Workspace } from './workspace';

let dir: string;
const open: Array<{ studio: Studio; ws: Workspace }> = [];

async function start(): Promise<Studio> {
  const ws = await Workspace.acquire(dir);
  const studio = await Studio.open(ws, { domains: [notesDomain] });
  open.push({ studio, ws });
  return studio;
}

/** What a kill -9 leaves behind: nothing flushed by close(), the lock released by the OS. */
function crash(studio: Studio): void {
  const entry = open.find((o) => o.studio === studio)!;
  entry.ws.release();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-studio-'));
});
afterEach(async () => {
  for (const { studio, ws } of open.splice(0)) {
    await studio.close();
    ws.release();
  }
  rmSync(dir, { recursive: true, force: true });
});

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
    crash(first);

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
    crash(first);
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
