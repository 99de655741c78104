/**
 * FcpSession with what a second domain needs from the engine: binary files, `new` params shown on
 * the card, and session actions of the domain's own, run through the document's pipeline.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../core/workspace';
import { type DocumentChange, FcpDocument } from './document';
import type { FcpDomain } from './domain';
import { renderReferenceCard, sessionToolDescription } from './reference-card';
import { FcpSession } from './session';
import { BINARY_NOTES_MAGIC, type NoteRecord, binaryNotesDomain, notesDomain } from './testing/notes-domain';

let dir: string;
let ws: Workspace;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-session-'));
  ws = await Workspace.acquire(dir);
});
afterEach(() => {
  ws.release();
  rmSync(dir, { recursive: true, force: true });
});

/** A session on a real workspace; `journal` collects what its documents commit. */
function session(domain: FcpDomain<NoteRecord>) {
  const journal: DocumentChange<NoteRecord>[] = [];
  const hook = (doc: FcpDocument<NoteRecord>) => (doc.commitHook = (change) => journal.push(change));
  const first = FcpDocument.create(domain, { title: 'First' });
  hook(first);
  const s = new FcpSession(domain, { resolvePath: (p, e) => ws.resolvePath(p, e), checkReadable: (f) => ws.checkReadable(f), adopt: hook }, first);
  return { s, journal };
}

describe('binary files', () => {
  it('writes the bytes a binary domain gives and reads them back unchanged', async () => {
    const { s } = session(binaryNotesDomain);
    await s.mutate(['add a text:"é ü"'], 'claude');
    expect((await s.action('save as:notes/one', 'claude')).text).toMatch(/^!saved notes\/one\.bnotes/);
    const bytes = readFileSync(join(dir, 'notes', 'one.bnotes'));
    expect([...bytes.subarray(0, 4)]).toEqual(BINARY_NOTES_MAGIC);
    expect(JSON.parse(bytes.subarray(4).toString('utf8'))).toContainEqual({ id: 'n:a', kind: 'note', text: 'é ü' });

    const opened = await s.action('open notes/one.bnotes', 'claude');
    expect(opened.ok, opened.text).toBe(true);
    expect(s.document.store.get('n:a')).toEqual({ id: 'n:a', kind: 'note', text: 'é ü' });
  });

  it('refuses a file the binary reader rejects, and keeps the document', async () => {
    const { s } = session(binaryNotesDomain);
    await s.mutate(['add keep'], 'claude');
    await s.action('save as:kept', 'claude');
    writeFileSync(join(dir, 'bad.bnotes'), 'plain text');
    const answer = await s.action('open bad.bnotes', 'claude');
    expect(answer.ok).toBe(false);
    expect(answer.lines[0]).toBe('! not a binary notes file [file_invalid]');
    expect(answer.lines.at(-1)).toBe('digest: 1n');
    expect(s.document.path).toBe('kept.bnotes');
  });

  it('still reads and writes text for a text domain', async () => {
    const { s } = session(notesDomain);
    await s.mutate(['add a text:"é"'], 'claude');
    await s.action('save as:t', 'claude');
    expect(JSON.parse(readFileSync(join(dir, 't.notes'), 'utf8'))).toContainEqual({ id: 'n:a', kind: 'note', text: 'é' });
    expect((await s.action('open t.notes', 'claude')).ok).toBe(true);
    expect(s.document.store.get('n:a')).toMatchObject({ text: 'é' });
  });
});

describe("a domain's own session actions", () => {
  it('applies a changing action as one journaled, undoable change, named by the action', async () => {
    const { s, journal } = session(binaryNotesDomain);
    const answer = await s.action('retitle "Second take"', 'claude');
    expect(answer.lines).toEqual(['!retitled "Second take"', 'digest: 0n']);
    expect(s.document.title).toBe('Second take');
    expect(journal.map((c) => c.kind)).toEqual(['batch']);
    expect(journal[0]).toMatchObject({ kind: 'batch', origin: 'claude', ops: ['retitle "Second take"'] });
    expect((await s.query('history 1')).text).toContain('#1 claude batch: retitle "Second take"');

    const undo = await s.action('undo', 'person');
    expect(undo.lines[0]).toBe('!undo #1 by claude: retitle "Second take"');
    expect(s.document.title).toBe('First');
  });

  it('answers an action that changes nothing without a change, and refuses a failing one with the digest', async () => {
    const { s, journal } = session(binaryNotesDomain);
    writeFileSync(join(dir, 'size.txt'), '12345');
    const measured = await s.action('measure size.txt', 'claude');
    expect(measured.lines).toEqual(['!measured size.txt: 5 bytes (document "First")', 'digest: 0n']);
    expect(journal).toHaveLength(0);

    const missing = await s.action('measure nope.txt', 'claude');
    expect(missing.ok).toBe(false);
    expect(missing.lines[0]).toMatch(/^! no file nope\.txt in the workspace \[file_not_found\]/);
    expect(missing.lines.at(-1)).toBe('digest: 0n');
    const outside = await s.action('measure ../x.txt', 'claude');
    expect(outside.lines[0]).toContain('[path_outside_workspace]');
    const noText = await s.action('retitle', 'claude');
    expect(noText.lines.slice(0, 2)).toEqual(['! retitle needs a text [missing_arg]', '  try: retitle "New title"']);
    expect(s.document.seq).toBe(0);
    expect(journal).toHaveLength(0);
  });

  it('lists them, and the params of new, on the card, in the session tool and in unknown-action errors', async () => {
    const card = renderReferenceCard(binaryNotesDomain);
    expect(card).toContain('new "Title" [mood:M]   open PATH');
    expect(card).toMatch(/ {2}retitle TEXT +change the title \(undoable\)/);
    expect(card).toMatch(/ {2}measure PATH +the size of a \.txt file/);
    expect(sessionToolDescription(binaryNotesDomain)).toContain('undo to:NAME, redo, retitle TEXT, measure PATH.');
    expect(sessionToolDescription(notesDomain)).toBe(
      'Session actions for named notes (engine tests): new "Title", open PATH, save, save as:PATH, checkpoint NAME, undo, undo to:NAME, redo. ' +
        'Paths are inside the workspace; files are .notes.',
    );

    const { s } = session(binaryNotesDomain);
    const unknown = await s.action('retitel x', 'claude');
    expect(unknown.lines[0]).toContain('[unknown_action]');
    expect(unknown.lines[0]).toContain('retitle TEXT, measure PATH');
    expect(unknown.lines[1]).toBe('  try: retitle');
  });
});
