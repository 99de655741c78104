/**
 * The tasks model on a real SQLite file opened as the studio opens it (the journal's connection):
 * ids and prefixes, strict input checks that write nothing, filters and pages, overdue, the
 * foreign keys' cascade, the FTS5 search, and what is published for each change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT } from '../../../shared/tasks-records';
import { Journal } from '../../core/journal';
import type { PublishedChange } from '../../tool-domain/domain';
import { ToolError } from '../../tool-domain/domain';
import { LIMITS } from './checks';
import { distinctPrefixes } from './queries';
import { TaskStore } from './store';

let dir: string;
let journal: Journal;
let published: PublishedChange[];
let now: number;
let store: TaskStore;

const T0 = new Date(2025, 2, 10, 12, 0, 0).getTime(); // 10 March 2025, noon local time

function open(): TaskStore {
  journal = new Journal(join(dir, 'studio.db'));
  return new TaskStore(journal.database, (c) => published.push(c), () => now);
}

/** The ToolError `fn` throws (fails the test if it throws nothing). */
function errorOf(fn: () => unknown): ToolError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ToolError);
    return err as ToolError;
  }
  throw new Error('expected an error');
}

const count = (table: string) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-tasks-'));
  published = [];
  now = T0;
  store = open();
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the tasks store', () => {
  it('has a default project, v4 UUIDs, and keeps what it wrote across a reopen', () => {
    expect(store.projects().map((p) => p.name)).toEqual([DEFAULT_PROJECT]);
    const todo = store.addTodo({ description: '  Write the release notes ', tags: ['Docs', '#docs', 'v2'], notes: 'cover the API', due_date: '2025-03-14', links: ['drawio:AuthService'] }, 'claude');
    expect(todo.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(todo).toMatchObject({
      description: 'Write the release notes',
      project: DEFAULT_PROJECT,
      priority: 'medium',
      done: false,
      tags: ['docs', 'v2'],
      notes: 'cover the API',
      due_date: '2025-03-14',
      overdue: false,
      links: ['drawio:AuthService'],
      updated_by: 'claude',
      created_at: new Date(T0).toISOString(),
      completed_at: null,
    });
    expect(published).toEqual([{ origin: 'claude', label: 'add Write the release notes', put: [{ id: `todo:${todo.id}`, kind: 'todo', todo }] }]);
    journal.close();
    store = open();
    expect(store.projects()).toHaveLength(1);
    expect(store.resolveTodo(todo.id)).toEqual(todo);
  });

  it('names a todo by any unique prefix of 6+ characters, and lists the candidates of an ambiguous one', () => {
    const ids = ['aaaaaa11-0000-4000-8000-000000000000', 'aaaaaa22-0000-4000-8000-000000000000', 'bbbbbb11-0000-4000-8000-000000000000'];
    const project = store.projects()[0].id;
    ids.forEach((id, i) =>
      store.db.prepare("INSERT INTO tasks_todos (id, project_id, description, rank, created_at, updated_at, updated_by) VALUES (?, ?, ?, 1, 0, 0, 'test')").run(id, project, `todo ${i}`),
    );
    expect(store.resolveTodo('bbbbbb').id).toBe(ids[2]);
    expect(store.resolveTodo('AAAAAA22').id).toBe(ids[1]);
    expect(store.resolveTodo(ids[0]).id).toBe(ids[0]);
    const ambiguous = errorOf(() => store.resolveTodo('aaaaaa'));
    expect(ambiguous).toMatchObject({ code: 'conflict', suggestion: "Pass a longer prefix as todo_id, e.g. 'aaaaaa11'." });
    expect(ambiguous.message).toBe("The todo id 'aaaaaa' is ambiguous: it starts 2 ids: aaaaaa11 (todo 0), aaaaaa22 (todo 1).");
    expect(ambiguous.details).toEqual({ candidates: [{ id: ids[0], prefix: 'aaaaaa11', label: 'todo 0' }, { id: ids[1], prefix: 'aaaaaa22', label: 'todo 1' }] });
    expect(errorOf(() => store.resolveTodo('abc123'))).toMatchObject({ code: 'not_found', message: "Todo 'abc123' not found.", suggestion: 'Use list_todos to see available todos.' });
    expect(errorOf(() => store.resolveTodo('aaaaa'))).toMatchObject({ code: 'invalid_input' });
    expect(errorOf(() => store.resolveTodo('not-an-id!'))).toMatchObject({ code: 'not_found' });
    expect(distinctPrefixes(['abcdef0123', 'abcdef0199', 'ffffffff00'])).toEqual(['abcdef012', 'abcdef019', 'ffffffff']);
  });

  it('names a project by id, prefix or name (any case); a duplicate name is a conflict', () => {
    const api = store.addProject({ name: 'API', path: '/src/api' }, 'person');
    expect(store.resolveProject('api').id).toBe(api.id);
    expect(store.resolveProject(api.id.slice(0, 6)).id).toBe(api.id);
    expect(store.resolveProject(api.id).name).toBe('API');
    expect(errorOf(() => store.addProject({ name: 'api' }, 'claude'))).toMatchObject({ code: 'conflict', message: expect.stringContaining("A project named 'API' already exists") });
    expect(errorOf(() => store.resolveProject('web'))).toMatchObject({ code: 'not_found', message: "Project 'web' not found." });
    expect(errorOf(() => store.addProject({ name: '  ' }, 'claude'))).toMatchObject({ code: 'invalid_input' });
    expect(store.projects().map((p) => p.name)).toEqual([DEFAULT_PROJECT, 'API']);
  });

  it('refuses bad input with invalid_input and writes nothing', () => {
    const cases: [string, () => unknown, RegExp][] = [
      ['empty description', () => store.addTodo({ description: '   ' }, 'c'), /^description is empty/],
      ['long description', () => store.addTodo({ description: 'x'.repeat(LIMITS.description + 1) }, 'c'), /at most 500/],
      ['unknown priority', () => store.addTodo({ description: 'a', priority: 'urgent' }, 'c'), /^priority 'urgent' is not one of low, medium, high/],
      ['impossible date', () => store.addTodo({ description: 'a', due_date: '2025-02-30' }, 'c'), /not a real date: 2025-02 has 28 days/],
      ['oversized notes', () => store.addTodo({ description: 'a', notes: 'n'.repeat(LIMITS.notes + 1) }, 'c'), /^notes are 10001 characters; at most 10000/],
      ['bad tag', () => store.addTodo({ description: 'a', tags: ['two words'] }, 'c'), /^tag 'two words' is not a tag/],
      ['bad link', () => store.addTodo({ description: 'a', links: ['AuthService'] }, 'c'), /^link 'AuthService' is not a link/],
    ];
    for (const [what, fn, message] of cases) {
      const err = errorOf(fn);
      expect(err.code, what).toBe('invalid_input');
      expect(err.message, what).toMatch(message);
    }
    expect(errorOf(() => store.addTodo({ description: 'a', priority: 'urgent' }, 'c')).suggestion).toBe('try: "high"');
    expect(errorOf(() => store.addTodo({ description: 'a', project: 'nowhere' }, 'c')).code).toBe('not_found');
    expect(count('tasks_todos')).toBe(0);
    expect(count('tasks_tags')).toBe(0);
    expect(published).toEqual([]);
  });

  it('updates, marks done and undone, tags and untags, each published with who did it', () => {
    const todo = store.addTodo({ description: 'Fix login', priority: 'low' }, 'claude');
    now += 1000;
    const { todo: updated, changed } = store.updateTodo(todo.id.slice(0, 8), { priority: 'high', notes: 'see #12', due_date: '2025-03-01T09:30:00Z' }, 'person');
    expect(changed).toEqual(['priority', 'notes', 'due_date']);
    expect(updated).toMatchObject({ priority: 'high', notes: 'see #12', due_date: '2025-03-01T09:30:00.000Z', overdue: true, updated_by: 'person' });
    expect(store.updateTodo(todo.id, { due_date: null }, 'person').todo).toMatchObject({ due_date: null, overdue: false });
    expect(errorOf(() => store.updateTodo(todo.id, {}, 'person'))).toMatchObject({ code: 'invalid_input', message: 'update_todo needs at least one field to change' });

    const done = store.setDone(todo.id, true, 'claude');
    expect(done).toMatchObject({ changed: true, todo: { done: true, completed_at: new Date(now).toISOString() } });
    expect(store.setDone(todo.id, true, 'claude').changed).toBe(false);
    expect(store.setDone(todo.id, false, 'person').todo).toMatchObject({ done: false, completed_at: null });

    expect(store.addTag(todo.id, 'Bug', 'claude').todo.tags).toEqual(['bug']);
    expect(store.addTag(todo.id, 'bug', 'claude').changed).toBe(false);
    expect(store.removeTag(todo.id, 'BUG', 'person').tags).toEqual([]);
    expect(errorOf(() => store.removeTag(todo.id, 'bug', 'person'))).toMatchObject({ code: 'not_found' });

    expect(published.map((c) => [c.origin, c.label])).toEqual([
      ['claude', 'add Fix login'],
      ['person', 'update Fix login (priority, notes, due_date)'],
      ['person', 'update Fix login (due_date)'],
      ['claude', 'done Fix login'],
      ['person', 'reopen Fix login'],
      ['claude', 'tag Fix login #bug'],
      ['person', 'untag Fix login #bug'],
    ]);
    store.deleteTodo(todo.id, 'person');
    expect(published.at(-1)).toEqual({ origin: 'person', label: 'delete Fix login', put: [], removed: [`todo:${todo.id}`] });
    expect(count('tasks_todo_tags')).toBe(0);
  });

  it('restores a deleted todo as it was, with the same id, tags, links and age; refuses a taken id or a gone project', () => {
    const web = store.addProject({ name: 'web' }, 'person');
    const todo = store.addTodo({ description: 'Fix login', project: 'web', priority: 'high', tags: ['bug'], links: ['drawio:Login'], due_date: '2025-03-01', notes: 'n' }, 'claude');
    now += 60_000;
    store.setDone(todo.id, true, 'claude');
    const deleted = store.deleteTodo(todo.id, 'person');
    now += 60_000;
    const restored = store.restoreTodo(deleted, 'person');
    expect(restored).toEqual({ ...deleted, updated_at: new Date(now).toISOString(), updated_by: 'person' });
    expect(published.at(-1)).toMatchObject({ origin: 'person', label: 'restore Fix login', put: [{ id: `todo:${todo.id}` }] });
    expect(store.list({ tag: 'bug' }, {}).todos.map((t) => t.id)).toEqual([todo.id]);
    expect(store.search('login', { limit: 5, includeDone: true }).map((r) => r.todo.id)).toEqual([todo.id]);
    expect(store.projectCounts().get(web.id)).toEqual({ todos: 1, pending: 0 });

    expect(errorOf(() => store.restoreTodo(deleted, 'person'))).toMatchObject({ code: 'conflict' });
    store.deleteTodo(todo.id, 'person');
    expect(errorOf(() => store.restoreTodo({ ...deleted, id: 'abc123' }, 'person'))).toMatchObject({ code: 'invalid_input' });
    expect(errorOf(() => store.restoreTodo({ ...deleted, priority: 'urgent' as never }, 'person'))).toMatchObject({ code: 'invalid_input' });
    store.deleteProject('web', 'person');
    expect(errorOf(() => store.restoreTodo(deleted, 'person'))).toMatchObject({ code: 'not_found', message: "Project 'web' no longer exists, so the todo cannot go back to it." });
    expect(count('tasks_todos')).toBe(0);
  });

  it('deletes a project with its todos, their tags and links, by the foreign keys\' cascade', () => {
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    const web = store.addProject({ name: 'web' }, 'person');
    const a = store.addTodo({ description: 'a', project: 'web', tags: ['ui'], links: ['drawio:Web'] }, 'claude');
    store.addTodo({ description: 'b', project: web.id, tags: ['ui'] }, 'claude');
    const kept = store.addTodo({ description: 'c', tags: ['ui'] }, 'claude');
    expect(store.deleteProject('WEB', 'person').todosDeleted).toBe(2);
    expect(published.at(-1)).toMatchObject({ label: 'delete project web', removed: [`project:${web.id}`, `todo:${a.id}`, expect.stringMatching(/^todo:/)] });
    expect(count('tasks_todos')).toBe(1);
    expect(count('tasks_todo_tags')).toBe(1);
    expect(count('tasks_links')).toBe(0);
    expect(store.search('a', { limit: 10, includeDone: true })).toEqual([]);
    expect(count('tasks_counts WHERE n > 0')).toBe(1);
    expect(count('tasks_tag_counts WHERE n > 0')).toBe(1);
    expect(store.resolveTodo(kept.id).tags).toEqual(['ui']);
    expect(errorOf(() => store.deleteProject(DEFAULT_PROJECT, 'person'))).toMatchObject({ code: 'conflict' });
    // The database itself refuses a todo of a project that does not exist.
    expect(() =>
      store.db.prepare("INSERT INTO tasks_todos (id, project_id, description, rank, created_at, updated_at, updated_by) VALUES ('x', 'no-such-project', 'd', 1, 0, 0, 't')").run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('filters by project, done, priority, tag and overdue, in any combination, and pages with cursors', () => {
    const api = store.addProject({ name: 'api' }, 'p');
    const made = [
      store.addTodo({ description: 'p1 high bug overdue', project: 'api', priority: 'high', tags: ['bug'], due_date: '2025-03-09' }, 'c'),
      store.addTodo({ description: 'p2 low due today', priority: 'low', due_date: '2025-03-10' }, 'c'),
      store.addTodo({ description: 'p3 medium bug', tags: ['bug'] }, 'c'),
      store.addTodo({ description: 'p4 high api', project: 'api', priority: 'high' }, 'c'),
      store.addTodo({ description: 'p5 done', project: 'api', priority: 'high', due_date: '2025-01-01' }, 'c'),
    ];
    store.setDone(made[4].id, true, 'c');
    const names = (filter: Parameters<TaskStore['list']>[0]) => store.list(filter).todos.map((t) => t.description.split(' ')[0]);
    // Pending first, then high to low, then oldest first.
    expect(names({})).toEqual(['p1', 'p4', 'p3', 'p2', 'p5']);
    expect(names({ done: false })).toEqual(['p1', 'p4', 'p3', 'p2']);
    expect(names({ done: true })).toEqual(['p5']);
    expect(names({ projectId: api.id })).toEqual(['p1', 'p4', 'p5']);
    expect(names({ priority: 'high', done: false })).toEqual(['p1', 'p4']);
    expect(names({ tag: 'BUG' })).toEqual(['p1', 'p3']);
    expect(names({ tag: 'nothing' })).toEqual([]);
    expect(names({ overdue: true })).toEqual(['p1']);
    expect(names({ overdue: false, projectId: api.id })).toEqual(['p4', 'p5']);
    expect(names({ tag: 'bug', projectId: api.id, priority: 'high', done: false, overdue: true })).toEqual(['p1']);
    // A date-only due date is due at the end of its day: overdue the next morning.
    now = new Date(2025, 2, 11, 0, 0, 1).getTime();
    expect(names({ overdue: true })).toEqual(['p1', 'p2']);

    const first = store.list({}, { limit: 2 });
    expect(first.total).toBe(5);
    expect(first.todos.map((t) => t.description.split(' ')[0])).toEqual(['p1', 'p4']);
    const second = store.list({}, { limit: 2, cursor: first.nextCursor });
    expect(second.todos.map((t) => t.description.split(' ')[0])).toEqual(['p3', 'p2']);
    const last = store.list({}, { limit: 2, cursor: second.nextCursor });
    expect(last.todos.map((t) => t.description.split(' ')[0])).toEqual(['p5']);
    expect(last.nextCursor).toBeUndefined();
    expect(errorOf(() => store.list({}, { cursor: 'garbage' }))).toMatchObject({ code: 'invalid_input' });
    expect(errorOf(() => store.list({}, { limit: LIMITS.page + 1 }))).toMatchObject({ code: 'invalid_input' });
  });

  it('keeps its counts (by project, state and priority, and by tag) equal to counting the todos, through every kind of change', () => {
    store.addProject({ name: 'a' }, 'p');
    store.addProject({ name: 'b' }, 'p');
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(store.addTodo({ description: `t${i}`, project: ['a', 'b', DEFAULT_PROJECT][i % 3], priority: (['low', 'medium', 'high'] as const)[i % 3], tags: i % 2 ? ['x'] : ['x', 'y'] }, 'p').id);
    }
    ids.forEach((id, i) => {
      if (i % 4 === 0) store.setDone(id, true, 'p');
      if (i % 5 === 0) store.updateTodo(id, { priority: 'high', project: 'b' }, 'p');
      if (i % 6 === 0) store.removeTag(id, 'x', 'p');
      if (i % 7 === 0) store.deleteTodo(id, 'p');
    });
    store.setDone(ids[4], false, 'p');
    store.deleteProject('a', 'p');
    const counted = (where: string, ...params: unknown[]) =>
      (store.db.prepare(`SELECT count(*) AS n FROM tasks_todos t WHERE ${where}`).get(...params) as { n: number }).n;
    const tagged = (tag: string, where: string) => counted(`t.seq IN (SELECT todo_seq FROM tasks_todo_tags tt JOIN tasks_tags g ON g.id = tt.tag_id WHERE g.name = '${tag}') AND ${where}`);
    const b = store.resolveProject('b').id;
    for (const done of [false, true]) {
      expect(store.list({ done }).total).toBe(counted('done = ?', done ? 1 : 0));
      expect(store.list({ done, priority: 'high' }).total).toBe(counted("done = ? AND rank = 0", done ? 1 : 0));
      expect(store.list({ done, projectId: b }).total).toBe(counted('done = ? AND project_id = ?', done ? 1 : 0, b));
      for (const tag of ['x', 'y']) {
        expect(store.list({ done, tag }).total, tag).toBe(tagged(tag, `done = ${done ? 1 : 0}`));
        expect(store.list({ done, tag, priority: 'high' }).total, tag).toBe(tagged(tag, `done = ${done ? 1 : 0} AND rank = 0`));
        expect(store.list({ done, tag, projectId: b }).total, tag).toBe(tagged(tag, `done = ${done ? 1 : 0} AND project_id = '${b}'`));
        expect(store.list({ done, tag, projectId: b }, { limit: 500 }).todos.every((t) => t.project_id === b)).toBe(true);
        // And the pages agree with the counts.
        expect(store.list({ done, tag }, { limit: 500 }).todos.every((t) => t.done === done && t.tags.includes(tag))).toBe(true);
      }
    }
    const stats = store.stats();
    expect(stats.total).toBe(counted('1'));
    expect(stats.by_project.map((p) => p.pending + p.done)).toEqual(stats.by_project.map((p) => counted('project_id = ?', p.id)));
    expect(stats.top_tags).toEqual([
      { tag: 'x', pending: tagged('x', 'done = 0') },
      { tag: 'y', pending: tagged('y', 'done = 0') },
    ]);
  });

  it('ranks related todos by relevance over description, notes and tags with the FTS5 index', () => {
    const login = store.addTodo({ description: 'Fix the login redirect', tags: ['auth'] }, 'c');
    const notes = store.addTodo({ description: 'Session cleanup', notes: 'the login cookie is never cleared' }, 'c');
    const tagged = store.addTodo({ description: 'Rotate keys', tags: ['login'] }, 'c');
    store.addTodo({ description: 'Unrelated chore' }, 'c');
    const ranked = store.search('login', { limit: 10, includeDone: true });
    expect(ranked.map((r) => r.todo.id)).toEqual([login.id, tagged.id, notes.id]);
    expect(ranked[0].score).toBeGreaterThan(ranked[2].score);
    // Words match as prefixes (porter stemming too), and the index follows updates and tag changes.
    expect(store.search('redirects', { limit: 10, includeDone: true }).map((r) => r.todo.id)).toEqual([login.id]);
    store.updateTodo(notes.id, { notes: 'cookies' }, 'c');
    store.removeTag(tagged.id, 'login', 'c');
    expect(store.search('login', { limit: 10, includeDone: true }).map((r) => r.todo.id)).toEqual([login.id]);
    store.setDone(login.id, true, 'c');
    expect(store.search('login', { limit: 10, includeDone: false })).toEqual([]);
    expect(errorOf(() => store.search('!!', { limit: 10, includeDone: true }))).toMatchObject({ code: 'invalid_input' });
  });
});
