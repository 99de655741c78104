/**
 * The tasks domain hosted by a real Studio on a real workspace: every tool answers JSON text and
 * structuredContent that fits its output schema, errors in the contract's shape with nothing
 * written, resources and templates in their `{metadata, data, links}` form, prompts that name only
 * tools that exist, and the board's records on the change feed with who changed what.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type BetterSqlite3 from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../../shared/change-feed';
import { type TodoRecord, todoRecordId } from '../../../shared/tasks-records';
import { Studio } from '../../core/studio';
import { temporaryWorkspace } from '../../testing/temporary-studio';
import type { ToolDomain } from '../../tool-domain/domain';
import { tasksDomain } from '.';
import { RESOURCE_PAGE } from './resources';

const temp = temporaryWorkspace('tandem-tasks-domain-');
let studio: Studio;
/** The studio's database, as the domain was given it. */
let database: BetterSqlite3.Database;
const peeking: ToolDomain<any> = { ...tasksDomain, open: (host) => ((database = host.database), tasksDomain.open(host)) };

beforeEach(async () => {
  studio = await temp.open({ domains: [], toolDomains: [peeking], log: () => undefined });
});

const call = (tool: string, args: Record<string, unknown>, origin = 'claude') => studio.callTool('tasks', tool, args, { origin });

/** A successful answer's structuredContent, checked to be the same as its JSON text. */
async function ok(tool: string, args: Record<string, unknown>, origin?: string): Promise<any> {
  const result = await call(tool, args, origin);
  const text = (result.content[0] as { text: string }).text;
  expect(result.isError, `${tool}: ${text}`).toBeFalsy();
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  return result.structuredContent;
}

/** A failed answer's `error`. */
async function failed(tool: string, args: Record<string, unknown>): Promise<{ code: string; message: string; suggestion?: string; details?: any }> {
  const result: CallToolResult = await call(tool, args);
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const body = JSON.parse((result.content[0] as { text: string }).text);
  expect(Object.keys(body)).toEqual(['error']);
  return body.error;
}

const read = async (uri: string) => JSON.parse(((await studio.readResource('tasks', uri)).contents[0] as { text: string }).text);

describe('the tasks domain', () => {
  it('does the CRUD tools end to end: add, list, update, tag, done, undone, delete; projects with cascade', async () => {
    const project = (await ok('add_project', { name: 'website', path: '/src/website' })).project;
    const added = await ok('add_todo', { description: 'Build the login page', project_id: 'website', priority: 'high', tags: ['frontend'], due_date: '2099-01-31', links: ['drawio:LoginPage'] });
    const id: string = added.todo.id;
    expect(added.hint).toBe(`Created todo ${id.slice(0, 8)}. Use mark_done with todo_id '${id.slice(0, 8)}' when it is finished.`);
    expect(added.todo).toMatchObject({ project_id: project.id, project: 'website', due_date: '2099-01-31', links: ['drawio:LoginPage'] });
    // A write's answer links the project's todos it changed (the toki resource, readable over MCP).
    const marked = await call('mark_done', { todo_id: id });
    expect(marked.content[1]).toEqual({ type: 'resource_link', uri: `toki://projects/${project.id}/todos`, name: `toki://projects/${project.id}/todos`, description: "the project's todos this call changed" });
    await call('mark_undone', { todo_id: id });
    await ok('add_todo', { description: 'Write the README' });

    // The project map (context domain): each project with its counts.
    const map = (await studio.summaries()).find((d) => d.domain === 'tasks')!;
    expect(map.items).toEqual(expect.arrayContaining([{ kind: 'project', name: 'website', summary: '1 pending, 0 done' }]));
    expect(map.counts).toMatchObject({ todos: 2, pending: 2, done: 0, high_priority_pending: 1 });

    expect(await ok('list_todos', {})).toMatchObject({ count: 2, total: 2, filters: {} });
    expect((await ok('list_todos', { project_id: project.id.slice(0, 6), done: false })).todos.map((t: any) => t.id)).toEqual([id]);
    expect((await ok('list_todos', { tag: 'frontend', priority: 'high' })).todos).toHaveLength(1);
    const updated = await ok('update_todo', { todo_id: id.slice(0, 6), notes: 'use the design system', due_date: null });
    expect(updated).toMatchObject({ changed: ['notes', 'due_date'], todo: { notes: 'use the design system', due_date: null } });
    expect((await ok('add_tag_to_todo', { todo_id: id, tag_name: 'Sprint' })).todo.tags).toEqual(['frontend', 'sprint']);
    expect((await ok('remove_tag_from_todo', { todo_id: id, tag_name: 'frontend' })).todo.tags).toEqual(['sprint']);
    expect(await ok('mark_done', { todo_id: id })).toMatchObject({ changed: true, todo: { done: true } });
    expect((await ok('list_todos', { done: true })).todos.map((t: any) => t.id)).toEqual([id]);
    expect(await ok('mark_undone', { todo_id: id })).toMatchObject({ changed: true, todo: { done: false } });
    const projects = (await ok('list_projects', {})).projects;
    expect(projects.map((p: any) => [p.name, p.todo_count, p.pending_count])).toEqual([
      ['default', 1, 1],
      ['website', 1, 1],
    ]);
    expect((await ok('delete_todo', { todo_id: id })).deleted.id).toBe(id);
    await ok('add_todo', { description: 'Another', project_id: 'website' });
    expect(await ok('delete_project', { project_id: 'Website' })).toMatchObject({ deleted: { id: project.id }, todos_deleted: 1 });
    expect((await ok('list_todos', {})).total).toBe(1);
  });

  it('answers bad input in the contract\'s error shape, with codes and suggestions, and writes nothing', async () => {
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));
    expect(await failed('add_todo', { description: '' })).toMatchObject({ code: 'invalid_input', message: 'description is empty' });
    expect(await failed('add_todo', { description: 'x', priority: 'urgent' })).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^bad arguments for add_todo: priority: /) });
    expect(await failed('add_todo', { description: 'x', due_date: '2025-02-30' })).toMatchObject({ code: 'invalid_input', suggestion: 'try: 2025-02-28' });
    expect(await failed('add_todo', { description: 'x', notes: 'n'.repeat(10_001) })).toMatchObject({ code: 'invalid_input' });
    expect(await failed('add_todo', {})).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/description: /), suggestion: expect.stringContaining('add_todo(') });
    expect(await failed('mark_done', { todo_id: 'abc123' })).toEqual({ code: 'not_found', message: "Todo 'abc123' not found.", suggestion: 'Use list_todos to see available todos.' });
    expect(await failed('list_todos', { project_id: 'nowhere' })).toMatchObject({ code: 'not_found', message: "Project 'nowhere' not found." });
    expect(await failed('list_todos', { done: 'yes' })).toMatchObject({ code: 'invalid_input' });
    await ok('add_project', { name: 'api' });
    expect(await failed('add_project', { name: 'API' })).toMatchObject({ code: 'conflict' });
    expect(await failed('update_todo', { todo_id: 'abc123' })).toMatchObject({ code: 'not_found' });
    expect(await failed('breakdown_task', {})).toMatchObject({ code: 'invalid_input' });
    expect(await failed('generate_status', { time_range: 'last-decade' })).toMatchObject({ code: 'invalid_input' });
    // Only the project was written.
    expect(events.map((e) => e.ops)).toEqual([['add project api']]);
  });

  it('answers an ambiguous prefix with a conflict listing the candidates by their 8-character prefixes', async () => {
    // Insert two todos whose ids share a 6-character prefix (random ids rarely do), and differ in the 7th.
    const first = (await ok('add_todo', { description: 'First' })).todo;
    const twin = `${first.id.slice(0, 6)}${first.id[6] === '0' ? '1' : '0'}0-0000-4000-8000-000000000000`;
    database.prepare('INSERT INTO tasks_todos (id, project_id, description, rank, created_at, updated_at, updated_by) VALUES (?, ?, ?, 1, 0, 0, ?)').run(twin, first.project_id, 'Twin', 'test');
    const error = await failed('mark_done', { todo_id: first.id.slice(0, 6) });
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(`${first.id.slice(0, 8)} (First)`);
    expect(error.message).toContain(`${twin.slice(0, 8)} (Twin)`);
    expect(error.details.candidates.map((c: any) => c.id).sort()).toEqual([first.id, twin].sort());
  });

  it('runs the workflow tools on the data', async () => {
    const big = (await ok('add_todo', { description: 'Launch', priority: 'high', notes: '- [ ] write copy\n- [x] pick date\n- [ ] update docs', tags: ['launch'] })).todo;
    await ok('add_todo', { description: 'Crash on save', tags: ['bug'], due_date: '2000-01-01' });
    const split = await ok('breakdown_task', { todo_id: big.id.slice(0, 8) });
    expect(split.subtasks.map((s: any) => [s.description, s.priority, s.from])).toEqual([
      ['write copy', 'high', 'checklist'],
      ['update docs', 'low', 'checklist'],
    ]);
    expect((await ok('breakdown_task', { description: 'implement login and signup' })).subtasks.map((s: any) => s.description)).toEqual(['implement login', 'implement signup']);
    expect((await ok('list_todos', {})).total).toBe(2);

    expect(await ok('analyze_workload', {})).toMatchObject({ pending: 2, overdue: 1, pending_by_priority: { high: 1, medium: 1, low: 0 } });
    const status = await ok('generate_status', { time_range: 'today', project_id: 'default' });
    expect(status).toMatchObject({ added: 2, completed: 0, pending: 2 });
    expect(status.markdown).toMatch(/^# Status: default, today /);
    const related = await ok('find_related_tasks', { query: 'save crash' });
    expect(related.results.map((r: any) => r.todo.description)).toEqual(['Crash on save']);
    const suggestions = await ok('suggest_priorities', {});
    expect(suggestions.suggestions).toEqual([expect.objectContaining({ description: 'Crash on save', current: 'medium', suggested: 'high', reason: 'overdue: it was due 2000-01-01' })]);
    expect((await ok('list_todos', { priority: 'high' })).total).toBe(1);
  });

  it('reads every resource and template as {metadata, data, links}, a page at a time', async () => {
    await ok('add_project', { name: 'web app' });
    for (let i = 0; i < RESOURCE_PAGE + 5; i++) await ok('add_todo', { description: `todo ${i}`, priority: i % 2 ? 'high' : 'low', tags: i % 3 ? [] : ['bug'], project_id: i < 3 ? 'web app' : undefined });
    await ok('add_todo', { description: 'late', due_date: '2001-01-01' });

    const all = await read('toki://todos');
    expect(all.metadata).toEqual({ timestamp: expect.any(String), count: RESOURCE_PAGE, filters: {}, total: RESOURCE_PAGE + 6, next_cursor: expect.any(String) });
    expect(all.links).toMatchObject({ self: 'toki://todos', next: `toki://query?cursor=${all.metadata.next_cursor}`, stats: 'toki://stats' });
    const rest = await read(all.links.next);
    expect(rest.metadata).toMatchObject({ count: 6, total: RESOURCE_PAGE + 6 });
    expect(rest.links.next).toBeUndefined();
    expect(new Set([...all.data, ...rest.data].map((t: any) => t.id)).size).toBe(RESOURCE_PAGE + 6);

    expect((await read('toki://todos/pending')).metadata).toMatchObject({ filters: { done: false }, total: RESOURCE_PAGE + 6 });
    const overdue = await read('toki://todos/overdue');
    expect(overdue.data.map((t: any) => t.description)).toEqual(['late']);
    const high = await read('toki://todos/high-priority');
    expect(high.metadata).toMatchObject({ filters: { priority: 'high', done: false }, total: 52 });
    const projects = await read('toki://projects');
    expect(projects.data.map((p: any) => [p.name, p.todo_count])).toEqual([
      ['default', RESOURCE_PAGE + 3],
      ['web app', 3],
    ]);
    expect((await read('toki://projects/web%20app/todos')).metadata).toMatchObject({ count: 3 });
    const stats = await read('toki://stats');
    expect(stats.data).toMatchObject({ total: RESOURCE_PAGE + 6, overdue: 1, top_tags: [{ tag: 'bug', pending: 35 }] });

    // The query template: any subset of its parameters, in any order.
    expect((await read('toki://query?tag=bug')).metadata).toMatchObject({ filters: { tag: 'bug' }, total: 35 });
    expect((await read('toki://query?priority=high&tag=bug&project=default')).metadata.total).toBe(17);
    expect((await read('toki://query?done=true')).metadata.total).toBe(0);
    expect((await read('toki://query')).metadata.total).toBe(RESOURCE_PAGE + 6);
    await expect(studio.readResource('tasks', 'toki://query?priority=urgent')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(studio.readResource('tasks', 'toki://query?project=nowhere')).rejects.toMatchObject({ code: 'not_found' });
    await expect(studio.readResource('tasks', 'toki://projects/nowhere/todos')).rejects.toMatchObject({ code: 'not_found' });
    await expect(studio.readResource('tasks', 'toki://query?sort=asc')).rejects.toMatchObject({ code: 'resource_not_found' });
  });

  it('gives the six prompts, each naming only tools that exist, with live numbers', async () => {
    const names = tasksDomain.prompts!.map((p) => p.name);
    expect(names).toEqual(['plan-project', 'daily-review', 'sprint-planning', 'track-agent-work', 'coordinate-tasks', 'report-status']);
    const tools = new Set(tasksDomain.tools.map((t) => t.name));
    for (const name of names) {
      const prompt = await studio.getPrompt('tasks', name, {});
      const text = prompt.messages.map((m) => (m.content as { text: string }).text).join('\n');
      const named = [...text.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)].map((m) => m[0]).filter((w) => !['project_id', 'time_range', 'next_cursor', 'overdue_todos', 'due_date', 'sprint_length'].includes(w));
      expect(named.length, name).toBeGreaterThan(0);
      for (const tool of named) expect(tools.has(tool), `${name} names ${tool}`).toBe(true);
    }
    await ok('add_todo', { description: 'x', priority: 'high' });
    const review = await studio.getPrompt('tasks', 'daily-review', { project: 'default' });
    expect((review.messages[0].content as { text: string }).text).toContain("Now, in project 'default': 1 pending (1 high, 0 medium, 0 low), 0 overdue, 0 done.");
    await expect(studio.getPrompt('tasks', 'daily-review', { project: 'nowhere' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('publishes the board\'s records at open and on every change, with who made it', async () => {
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));
    const todo = (await ok('add_todo', { description: 'Shared' }, 'claude-ai')).todo;
    await ok('mark_done', { todo_id: todo.id }, 'person');
    await ok('mark_done', { todo_id: todo.id }, 'person'); // no change, nothing published
    await ok('delete_todo', { todo_id: todo.id }, 'claude-ai');
    expect(events.map((e) => [e.seq, e.origin, e.ops?.[0]])).toEqual([
      [2, 'claude-ai', 'add Shared'],
      [3, 'person', 'done Shared'],
      [4, 'claude-ai', 'delete Shared'],
    ]);
    expect((events[1].put as TodoRecord[])[0]).toMatchObject({ id: `todo:${todo.id}`, kind: 'todo', todo: { done: true, updated_by: 'person' } });
    expect(events[2].removed).toEqual([`todo:${todo.id}`]);
    await ok('add_todo', { description: 'Kept' });
    // Reopened, the snapshot holds the projects and todos from the database.
    studio = await temp.reopen(studio, { domains: [], toolDomains: [tasksDomain], log: () => undefined });
    const snapshot = await studio.snapshot('tasks');
    expect(snapshot.records.map((r: any) => r.kind).sort()).toEqual(['project', 'todo']);
    expect(snapshot.records.find((r: any) => r.kind === 'todo')).toMatchObject({ todo: { description: 'Kept' } });
  });

  it('marks the todo the person has selected on the board in list_todos (presence), for that window only while it shows', async () => {
    const a = (await ok('add_todo', { description: 'A' })).todo;
    const b = (await ok('add_todo', { description: 'B' })).todo;
    const selectedOf = async () => (await ok('list_todos', {})).todos.filter((t: any) => t.selected === true).map((t: any) => t.id);
    expect(await selectedOf()).toEqual([]);
    const tab = studio.presence.openWindow('browser');
    studio.presence.report(tab, { domain: 'tasks', ids: [todoRecordId(b.id)], visible: true });
    expect(await selectedOf()).toEqual([b.id]);
    expect((await ok('list_todos', {})).todos.find((t: any) => t.id === a.id)).not.toHaveProperty('selected');
    studio.presence.report(tab, { domain: 'tasks', ids: [], visible: true });
    expect(await selectedOf()).toEqual([]);
  });

  it('restores a deleted todo with the same id through the studio-only restore_todo', async () => {
    const todo = (await ok('add_todo', { description: 'Oops', tags: ['bug'], links: ['midi:Piano'] })).todo;
    const { deleted } = await ok('delete_todo', { todo_id: todo.id }, 'person');
    expect(tasksDomain.tools.find((t) => t.name === 'restore_todo')?.studioOnly).toBe(true);
    const restored = (await ok('restore_todo', { todo: deleted }, 'person')).todo;
    expect(restored).toMatchObject({ id: todo.id, tags: ['bug'], links: ['midi:Piano'], created_at: todo.created_at, updated_by: 'person' });
    expect(await failed('restore_todo', { todo: deleted })).toMatchObject({ code: 'conflict' });
  });
});
