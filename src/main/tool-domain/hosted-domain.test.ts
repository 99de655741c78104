/**
 * A tool domain hosted by a real Studio on a real workspace and SQLite file: calls answered in the
 * domain's envelope, state on the change feed, what must survive a crash in the database, and the
 * lifecycle (open, failures, close).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChangeEvent } from '../../shared/change-feed';
import { Studio, type StudioOptions } from '../core/studio';
import { temporaryWorkspace } from '../testing/temporary-studio';
import { drawioDomain } from '../domains/drawio';
import { midiDomain } from '../domains/midi';
import { RecordStore } from '../kernel/records';
import { notesDomain } from '../fcp/testing/notes-domain';
import { type ToolDomain, ToolError, defineTool } from './domain';
import { countersDomain } from './testing/counters-domain';

const temp = temporaryWorkspace('tandem-tool-domain-');
let logged: string[];

const start = (options: Partial<StudioOptions> = {}): Promise<Studio> =>
  temp.open({ domains: [notesDomain], toolDomains: [countersDomain], log: (m) => logged.push(m), ...options });

/** The envelope of the counters domain, parsed. */
function envelopeOf(result: CallToolResult): { ok: boolean; data?: any; error?: { code: string; message: string; suggestion?: string; details?: unknown } } {
  const content = result.content[0];
  return JSON.parse(content.type === 'text' ? content.text : '');
}

const person = (origin = 'person') => ({ origin });

beforeEach(() => {
  logged = [];
});

describe('a hosted tool domain', () => {
  it('answers in its envelope and sends its state out on the change feed, attributed and in sequence', async () => {
    const studio = await start();
    expect(studio.toolDomains).toEqual(['counters']);
    expect(studio.fcpDomains).toEqual(['notes']);
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));

    const bumped = await studio.callTool('counters', 'counters_bump', { name: 'visits', by: 3 }, person('claude'));
    expect(bumped.isError).toBeFalsy();
    expect(bumped.structuredContent).toEqual({ name: 'visits', value: 3 });
    expect(envelopeOf(bumped)).toMatchObject({ ok: true, data: { name: 'visits', value: 3 } });
    await studio.callTool('counters', 'counters_bump', { name: 'errors' }, person());

    const record = { id: 'counter:visits', kind: 'counter', name: 'visits', value: 3, updatedBy: 'claude' };
    expect(events).toEqual([
      { domain: 'counters', documentId: 'counters', seq: 2, origin: 'claude', kind: 'tool', ops: ['bump visits +3'], lines: ['visits = 3'], put: [record], removed: [], at: expect.any(Number) },
      expect.objectContaining({ seq: 3, origin: 'person', ops: ['bump errors +1'] }),
    ]);
    await studio.callTool('counters', 'counters_reset', { name: 'errors' }, person());
    expect(events[2]).toMatchObject({ seq: 4, kind: 'tool', ops: ['reset errors'], put: [], removed: ['counter:errors'] });

    // A snapshot is where a view starts; the events since follow in sequence.
    const snapshot = await studio.snapshot('counters');
    expect(snapshot).toMatchObject({ domain: 'counters', documentId: 'counters', seq: 4, title: countersDomain.title, dirty: false, records: [record] });
    expect(snapshot.activity.map((a) => [a.seq, a.origin, a.kind, a.ops[0]])).toEqual([
      [1, 'counters', 'tool', 'open'],
      [2, 'claude', 'tool', 'bump visits +3'],
      [3, 'person', 'tool', 'bump errors +1'],
      [4, 'person', 'tool', 'reset errors'],
    ]);
  });

  it('keeps what it wrote to the database across a crash, and shows it again at open', async () => {
    const first = await start();
    await first.callTool('counters', 'counters_bump', { name: 'visits', by: 7 }, person('claude'));
    await first.callTool('counters', 'counters_bump', { name: 'signups', by: 2 }, person());
    temp.crash(first);

    const second = await start();
    const listed = await second.callTool('counters', 'counters_list', {}, person());
    expect(listed.structuredContent).toEqual({ counters: [{ name: 'signups', value: 2 }, { name: 'visits', value: 7 }] });
    const snapshot = await second.snapshot('counters');
    expect(snapshot.seq).toBe(1);
    expect(snapshot.records).toEqual([
      { id: 'counter:signups', kind: 'counter', name: 'signups', value: 2, updatedBy: 'person' },
      { id: 'counter:visits', kind: 'counter', name: 'visits', value: 7, updatedBy: 'claude' },
    ]);
    // The journal of the FCP domains shares the database and is untouched.
    expect((await second.snapshot('notes')).domain).toBe('notes');
  });

  it('answers bad arguments and domain errors in its envelope, with codes and suggestions', async () => {
    const studio = await start();
    const cases: [string, unknown, RegExp][] = [
      ['counters_bump', { name: 'Not Valid' }, /^bad arguments for counters_bump: name: lowercase letters/],
      ['counters_bump', {}, /^bad arguments for counters_bump: name: /],
      ['counters_bump', { name: 'a', typo: 1 }, /^bad arguments for counters_bump: arguments: .*typo/],
      ['counters_wait', { ms: 'soon' }, /^bad arguments for counters_wait: ms: /],
    ];
    for (const [tool, args, message] of cases) {
      const answer = await studio.callTool('counters', tool, args, person());
      expect(answer.isError, tool).toBe(true);
      const { ok, error } = envelopeOf(answer);
      expect(ok).toBe(false);
      expect(error?.code).toBe('INVALID_INPUT');
      expect(error?.message).toMatch(message);
    }
    const withExample = envelopeOf(await studio.callTool('counters', 'counters_bump', { name: 7 }, person()));
    expect(withExample.error?.suggestion).toBe('counters_bump({"name":"visits","by":3})');

    const missing = await studio.callTool('counters', 'counters_reset', { name: 'ghost' }, person());
    expect(missing.isError).toBe(true);
    expect(envelopeOf(missing).error).toEqual({
      code: 'NOT_FOUND',
      message: 'no counter "ghost"',
      suggestion: 'counters_list shows the counters there are',
      details: { name: 'ghost' },
    });
    await expect(studio.callTool('counters', 'counters_bmup', {}, person())).rejects.toMatchObject({ code: 'unknown_tool', suggestion: 'counters_bump' });
    await expect(studio.callTool('tasks', 'x', {}, person())).rejects.toMatchObject({ code: 'unknown_domain', suggestion: 'one of: counters' });
    // Nothing was changed by any of them.
    expect((await studio.snapshot('counters')).seq).toBe(1);
  });

  it('reports progress to its caller, reads resources and templates, and gives prompts with live state', async () => {
    const studio = await start();
    const reports: [number, number | undefined, string | undefined][] = [];
    await studio.callTool('counters', 'counters_bump', { name: 'visits', by: 10, steps: 4 }, { origin: 'claude', progress: (p, t, m) => reports.push([p, t, m]) });
    expect(reports).toEqual([
      [1, 4, 'visits = 2'],
      [2, 4, 'visits = 5'],
      [3, 4, 'visits = 7'],
      [4, 4, 'visits = 10'],
    ]);

    const all = await studio.readResource('counters', 'counters://all');
    expect(all.contents).toEqual([{ uri: 'counters://all', mimeType: 'application/json', text: JSON.stringify([{ name: 'visits', value: 10 }], null, 2) }]);
    const one = await studio.readResource('counters', 'counters://counter/visits');
    expect(JSON.parse((one.contents[0] as { text: string }).text)).toEqual({ name: 'visits', value: 10, updatedBy: 'claude' });
    await expect(studio.readResource('counters', 'counters://counter/ghost')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(studio.readResource('counters', 'counters://nothing')).rejects.toMatchObject({
      code: 'resource_not_found',
      suggestion: 'one of: counters://all, counters://counter/{name}',
    });

    const review = await studio.getPrompt('counters', 'counters-review', { focus: 'growth' });
    expect(review.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Review these counters, looking at growth:\n- visits: 10' } }]);
    await expect(studio.getPrompt('counters', 'counters-reveiw')).rejects.toMatchObject({ code: 'unknown_prompt', suggestion: 'counters-review' });
    await expect(studio.getPrompt('counters', 'counters-review', { focus: 'a', other: 'b' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('runs its heavy work through offload', async () => {
    const studio = await start();
    await studio.callTool('counters', 'counters_bump', { name: 'a', by: 40 }, person());
    await studio.callTool('counters', 'counters_bump', { name: 'b', by: 2 }, person());
    expect((await studio.callTool('counters', 'counters_total', {}, person())).structuredContent).toEqual({ total: 42 });
  });

  it('refuses an answer that does not fit the output schema, and reports a handler fault as internal', async () => {
    const tool = defineTool<undefined>();
    const sloppy: ToolDomain<undefined> = {
      ...countersDomain,
      name: 'sloppy',
      resources: [],
      prompts: [],
      open: () => undefined,
      tools: [
        tool({ name: 'sloppy_count', title: 'Count', description: 'A count', access: 'read', input: {}, output: { count: z.number() }, annotations: { readOnlyHint: true }, handler: () => ({ count: 'many' }) }),
        tool({ name: 'sloppy_crash', title: 'Crash', description: 'Fails', access: 'read', input: {}, annotations: { readOnlyHint: true }, handler: () => JSON.parse('{') }),
      ],
    } as ToolDomain<any>;
    const studio = await start({ toolDomains: [sloppy] });
    const count = await studio.callTool('sloppy', 'sloppy_count', {}, person());
    expect(count.isError).toBe(true);
    expect(envelopeOf(count).error).toMatchObject({ code: 'INTERNAL', message: expect.stringMatching(/^the answer of sloppy_count does not fit its output schema: count: /) });
    const crashed = await studio.callTool('sloppy', 'sloppy_crash', {}, person());
    expect(envelopeOf(crashed).error).toMatchObject({ code: 'INTERNAL', message: expect.stringMatching(/^internal error in sloppy_crash: /) });
    expect(logged.some((line) => line.startsWith('sloppy: sloppy_crash failed: SyntaxError'))).toBe(true);
  });

  it('links what a call changed after its answer (a workspace file by its file: URI, a resource by its own), once each, and never on an error', async () => {
    const tool = defineTool<undefined>();
    const writer: ToolDomain<undefined> = {
      ...countersDomain,
      name: 'writer',
      resources: [],
      prompts: [],
      open: () => undefined,
      tools: [
        tool({
          name: 'writer_write',
          title: 'Write',
          description: 'Writes a note',
          access: 'write',
          input: { fail: z.boolean().optional() },
          annotations: { readOnlyHint: false },
          handler: ({ fail }, { host, caller }) => {
            writeFileSync(join(host.workspace, 'notes.md'), 'a note\n');
            caller.noteChanged('notes.md');
            caller.noteChanged('notes.md', 'the same file again');
            caller.noteChanged('writer://notes/today', "today's notes");
            if (fail) throw new ToolError('REFUSED', 'told to fail after writing');
            return { written: true };
          },
        }),
      ],
    } as ToolDomain<any>;
    const studio = await start({ toolDomains: [writer] });
    const written = await studio.callTool('writer', 'writer_write', {}, person('claude'));
    expect(written.content.slice(1)).toEqual([
      { type: 'resource_link', uri: pathToFileURL(join(studio.workspace, 'notes.md')).href, name: 'notes.md', description: 'what writer_write changed' },
      { type: 'resource_link', uri: 'writer://notes/today', name: 'writer://notes/today', description: "today's notes" },
    ]);
    const failed = await studio.callTool('writer', 'writer_write', { fail: true }, person('claude'));
    expect(failed.isError).toBe(true);
    expect(failed.content.map((item) => item.type)).toEqual(['text']);
  });

  it('refuses a table whose read tool does not say it is read-only, or whose name another domain has', async () => {
    const liar = { ...countersDomain, tools: [{ ...countersDomain.tools[0], annotations: { readOnlyHint: false } }] } as ToolDomain<any>;
    await expect(start({ toolDomains: [liar] })).rejects.toThrow(/tool counters_list: a read tool must say annotations.readOnlyHint: true/);
    const twin = { ...countersDomain, name: 'notes' } as ToolDomain<any>;
    await expect(start({ toolDomains: [twin] })).rejects.toThrow(/two domains define the same domain name: notes/);
    // A studio that refused to open let go of the database: the next one opens and works.
    const studio = await start();
    expect((await studio.callTool('counters', 'counters_bump', { name: 'after' }, person())).isError).toBeFalsy();
  });

  it('keeps going without a domain that fails to start, answering its calls with why', async () => {
    const broken = { ...countersDomain, name: 'broken', open: () => Promise.reject(new Error('no engine at /var/run/docker.sock')) } as ToolDomain<any>;
    const studio = await start({ toolDomains: [broken, countersDomain] });
    const answer = await studio.callTool('broken', 'counters_list', {}, person());
    expect(envelopeOf(answer).error).toMatchObject({
      code: 'INTERNAL',
      message: 'the broken domain could not start: no engine at /var/run/docker.sock',
      suggestion: expect.stringContaining('restart the studio'),
    });
    await expect(studio.readResource('broken', 'counters://all')).rejects.toMatchObject({ code: 'INTERNAL' });
    expect((await studio.callTool('counters', 'counters_bump', { name: 'fine' }, person())).isError).toBeFalsy();
    expect(logged.some((line) => line.includes('broken: the domain failed to start: Error: no engine'))).toBe(true);
  });

  it('at close, tells running calls to stop, waits for them, closes the domain, then refuses calls', async () => {
    let closedWith: unknown;
    const tracked = { ...countersDomain, close: (runtime: unknown) => void (closedWith = runtime) } as ToolDomain<any>;
    const studio = await start({ toolDomains: [tracked] });
    const slow = studio.callTool('counters', 'counters_wait', { ms: 60_000 }, person('claude'));
    const cancel = new AbortController();
    const cancelled = studio.callTool('counters', 'counters_wait', { ms: 60_000 }, { origin: 'claude', signal: cancel.signal });
    cancel.abort();
    expect(envelopeOf(await cancelled).error).toMatchObject({ code: 'cancelled', message: 'counters_wait was cancelled by the client; it stopped part way' });
    await studio.close();
    const stopped = await slow;
    expect(envelopeOf(stopped).error).toMatchObject({ code: 'STUDIO_CLOSING', message: 'the studio closed while the call ran; it was stopped part way' });
    expect(closedWith).toMatchObject({ host: expect.any(Object) });
    const after = await studio.callTool('counters', 'counters_list', {}, person());
    expect(envelopeOf(after).error).toMatchObject({ code: 'STUDIO_CLOSING' });
  });

  it('gives the domain paths inside the workspace only', async () => {
    let host: import('./domain').ToolDomainHost | undefined;
    const peek = { ...countersDomain, open: (h: import('./domain').ToolDomainHost) => ((host = h), countersDomain.open(h)) } as ToolDomain<any>;
    const studio = await start({ toolDomains: [peek] });
    expect(host!.workspace).toBe(temp.workspaceOf(studio).root);
    expect(host!.resolvePath('projects/api').rel).toBe('projects/api');
    expect(host!.resolvePath('.').abs).toBe(temp.workspaceOf(studio).root);
    let refused: unknown;
    try {
      host!.resolvePath('../elsewhere');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ToolError);
    expect(refused).toMatchObject({ code: 'path_outside_workspace' });
  });

  it('describes every domain for the project map: open documents, files on disk, tool domains by their hook', async () => {
    let host: import('./domain').ToolDomainHost | undefined;
    const peek = { ...countersDomain, open: (h: import('./domain').ToolDomainHost) => ((host = h), countersDomain.open(h)) } as ToolDomain<any>;
    // No summary() hook: its published records are counted by kind.
    const plain: ToolDomain<object> = {
      name: 'plain',
      title: 'no summary hook',
      tools: [],
      envelope: countersDomain.envelope,
      open: (h) => (h.publish({ origin: 'plain', label: 'open', put: [{ id: 'a', kind: 'item' }, { id: 'b', kind: 'item' }, { id: 'c', kind: 'other' }] }), {}),
    };
    const failing = { ...plain, name: 'failing', summary: () => { throw new Error('state unreadable'); } } as ToolDomain<any>;
    const studio = await start({ domains: [drawioDomain, midiDomain, notesDomain], toolDomains: [peek, plain, failing] });
    await studio.callTool('counters', 'counters_bump', { name: 'visits', by: 4 }, person('claude'));
    await studio.fcp('drawio').mutate(['add svc Api', 'add db Store', 'connect Api -> Store'], 'claude');
    await studio.fcp('drawio').session('save as:diagrams/system.drawio', 'claude');
    await studio.fcp('drawio').mutate(['add svc Cache'], 'person');
    mkdirSync(join(temp.dir, 'more'), { recursive: true });
    writeFileSync(join(temp.dir, 'more', 'flows.drawio'), '<mxfile/>');
    writeFileSync(join(temp.dir, 'notes.txt'), 'not a diagram');

    const summaries = await host!.summaries();
    expect(summaries.map((s) => s.domain)).toEqual(['drawio', 'midi', 'notes', 'counters', 'plain', 'failing']);
    const [drawio, midi, notes, counters, plainSummary, failed] = summaries;
    expect(drawio).toEqual({
      domain: 'drawio',
      title: drawioDomain.title,
      items: [
        { kind: 'document', name: 'Untitled', path: 'diagrams/system.drawio', summary: '3 shapes, 1 edge, 0 groups on 1 page', state: 'open, unsaved changes' },
        { kind: 'file', name: 'flows', path: 'more/flows.drawio', summary: expect.stringMatching(/^draw\.io diagram file, modified \d{4}-/), state: 'on disk' },
      ],
      counts: { files: 2, shapes: 3, edges: 1, groups: 0, pages: 1 },
    });
    expect(midi.items).toEqual([{ kind: 'document', name: 'Untitled', summary: '0 tracks, 0 notes, 120 bpm', state: 'open' }]);
    // A domain without summarize(): its digest stands in.
    expect(notes.items[0]).toMatchObject({ kind: 'document', summary: notesDomain.digest(new RecordStore()) });
    expect(counters).toMatchObject({ items: [{ kind: 'counter', name: 'visits', summary: 'visits = 4', state: 'last bumped by claude' }], counts: { counters: 1, total: 4 } });
    expect(plainSummary).toEqual({ domain: 'plain', title: 'no summary hook', items: [], counts: { item: 2, other: 1 } });
    expect(failed).toMatchObject({ domain: 'failing', items: [], error: 'state unreadable' });
    expect(logged.some((line) => line.startsWith('failing: summary failed: Error: state unreadable'))).toBe(true);

    // Live: the next call sees the studio as it is now.
    await studio.fcp('drawio').mutate(['add svc Queue'], 'person');
    await studio.fcp('drawio').session('save', 'person');
    expect((await host!.summaries())[0].items[0]).toMatchObject({ summary: '4 shapes, 1 edge, 0 groups on 1 page', state: 'open' });
  });
});

describe("the person's presence, as a tool domain sees it", () => {
  const tool = defineTool<undefined>();
  const watcher: ToolDomain<undefined> = {
    name: 'watcher',
    title: 'sees what the person has selected',
    envelope: { ok: (data) => ({ content: [{ type: 'text', text: JSON.stringify(data) }] }), error: (err) => ({ content: [{ type: 'text', text: err.message }], isError: true }) },
    open: () => undefined,
    tools: [
      tool({
        name: 'watcher_look',
        title: 'Look',
        description: 'What the person has selected here, and where they are.',
        access: 'read',
        input: {},
        annotations: { readOnlyHint: true },
        handler: (_args, { host }) => {
          const selection = host.selection();
          return { selected: selection ? [...selection.ids] : null, window: selection?.window ?? null, lookingAt: host.lookingAt() ?? null };
        },
      }),
    ],
  };
  const look = async (studio: Studio) => JSON.parse(((await studio.callTool('watcher', 'watcher_look', {}, person('claude'))).content[0] as { text: string }).text);

  it("gives the selection of the domain's view, none when nothing is selected, and where the person is", async () => {
    const studio = await start({ toolDomains: [watcher] });
    expect(await look(studio)).toEqual({ selected: null, window: null, lookingAt: null });
    const tab = studio.presence.openWindow('browser');
    studio.presence.report(tab, { domain: 'watcher', ids: [], visible: true });
    expect((await look(studio)).selected).toBeNull();
    studio.presence.report(tab, { domain: 'watcher', ids: ['task-1'], visible: true, focus: { kind: 'project', id: 'p1', name: 'Inbox' } });
    studio.presence.report(tab, { domain: 'notes', ids: ['n:a'], visible: false });
    expect(await look(studio)).toEqual({
      selected: ['task-1'],
      window: `browser tab ${tab.slice(1)}`,
      lookingAt: { domain: 'watcher', window: `browser tab ${tab.slice(1)}`, focus: { kind: 'project', id: 'p1', name: 'Inbox' }, count: 1 },
    });
    // Presence changes no state: nothing went out on the change feed.
    expect((await studio.snapshot('watcher')).seq).toBe(0);
  });
});
