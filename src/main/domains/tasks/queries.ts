/**
 * Reading the tasks model: a todo or a project by id, unique prefix or name, pages of todos by
 * filter in a stable order with cursors, search over the FTS5 index, stats and the workflow's
 * reads. The commands (store.ts) extend it.
 */
import { randomUUID } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import {
  DEFAULT_PROJECT,
  type Priority,
  type Project,
  type ProjectRecord,
  type Todo,
  type TodoRecord,
  projectRecordId,
  todoRecordId,
} from '../../../shared/tasks-records';
import type { PublishedChange } from '../../tool-domain/domain';
import { iso } from './dates';
import { DEFAULT_PAGE, LIMITS, normalizeTag } from './checks';
import { conflict, invalid, notFound } from './errors';
import { PRIORITY_OF_RANK, type ProjectRow, RANK, SCHEMA, SEQS, TAG_ID, TODO_COLUMNS, TODO_SELECT, type TodoRow } from './schema';

const ID_CHARS = /^[0-9a-f-]+$/;

/** The filters of list_todos and the resources, resolved (a project by its id). */
export interface TodoFilter {
  projectId?: string;
  done?: boolean;
  priority?: Priority;
  tag?: string;
  overdue?: boolean;
}

export interface Page {
  todos: Todo[];
  /** How many todos match the filters in all. */
  total: number;
  /** Pass it back for the next page; absent on the last one. */
  nextCursor?: string;
}

export interface NewTodo {
  description: string;
  project?: string;
  priority?: string;
  tags?: readonly string[];
  notes?: string;
  due_date?: string;
  links?: readonly string[];
}

export interface TodoChanges {
  description?: string;
  priority?: string;
  notes?: string;
  /** null clears it. */
  due_date?: string | null;
  project?: string;
  links?: readonly string[];
}

/** A todo as delete_todo answered it, for restoreTodo (its overdue and updated fields are recomputed). */
export type DeletedTodo = Pick<Todo, 'id' | 'project_id' | 'project' | 'description' | 'done' | 'priority' | 'notes' | 'due_date' | 'tags' | 'links' | 'created_at' | 'completed_at'>;

export interface ProjectStats {
  id: string;
  name: string;
  pending: number;
  done: number;
  overdue: number;
}

export interface Stats {
  total: number;
  pending: number;
  done: number;
  overdue: number;
  pending_by_priority: Record<Priority, number>;
  by_project: ProjectStats[];
  /** The tags with the most pending todos (at most 10). */
  top_tags: { tag: string; pending: number }[];
}

export interface Candidate {
  id: string;
  /** The shortest prefix of 8 or more characters that tells it apart from the other candidates. */
  prefix: string;
  label: string;
}

/** For each id, its first 8 characters, or more where two of them share those. */
export function distinctPrefixes(ids: readonly string[]): string[] {
  return ids.map((id) => {
    let n = 8;
    while (n < id.length && ids.some((other) => other !== id && other.startsWith(id.slice(0, n)))) n++;
    return id.slice(0, n);
  });
}

export type Clock = () => number;

/** A WHERE clause built a condition at a time, with its parameters in order. */
class Conditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(part: string, value: unknown): this {
    this.parts.push(part);
    this.params.push(value);
    return this;
  }

  get clause(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}


export class TaskQueries {
  protected readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(
    readonly db: BetterSqlite3.Database,
    protected readonly publish: (change: PublishedChange) => void,
    readonly now: Clock = Date.now,
  ) {
    // The journal opens the connection with foreign keys on; the cascades below depend on it.
    if (db.pragma('foreign_keys', { simple: true }) !== 1) db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
    this.ensureDefaultProject();
  }

  protected sql(text: string): BetterSqlite3.Statement {
    let statement = this.statements.get(text);
    if (!statement) this.statements.set(text, (statement = this.db.prepare(text)));
    return statement;
  }

  protected ensureDefaultProject(): ProjectRow {
    const row = this.sql('SELECT id, name, path, created_at FROM tasks_projects WHERE name = ?').get(DEFAULT_PROJECT) as ProjectRow | undefined;
    if (row) return row;
    const created = { id: randomUUID(), name: DEFAULT_PROJECT, path: null, created_at: this.now() };
    this.sql('INSERT INTO tasks_projects (id, name, path, created_at) VALUES (?, ?, ?, ?)').run(created.id, created.name, created.path, created.created_at);
    return created;
  }

  // ---- reading ----

  protected toTodo(row: TodoRow, now: number, tags: string[], links: string[]): Todo {
    return {
      id: row.id,
      project_id: row.project_id,
      project: row.project,
      description: row.description,
      done: row.done === 1,
      priority: PRIORITY_OF_RANK[row.rank],
      notes: row.notes,
      due_date: row.due_date,
      overdue: row.done === 0 && row.due_at !== null && row.due_at <= now,
      tags,
      links,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      completed_at: row.completed_at === null ? null : iso(row.completed_at),
      updated_by: row.updated_by,
    };
  }

  /**
   * Todos from their rows, with their tags and links read for all of them at once (`every`: the
   * rows are every todo, so read every tag and link rather than look each one up).
   */
  protected toTodos(rows: readonly TodoRow[], every = false): Todo[] {
    if (!rows.length) return [];
    const seqs = every ? [] : [JSON.stringify(rows.map((r) => r.seq))];
    const only = (column: string) => (every ? '' : `WHERE ${column} IN ${SEQS}`);
    const tags = this.grouped(`SELECT tt.todo_seq AS seq, g.name AS value FROM tasks_todo_tags tt JOIN tasks_tags g ON g.id = tt.tag_id ${only('tt.todo_seq')} ORDER BY g.name`, seqs);
    const links = this.grouped(`SELECT todo_seq AS seq, link AS value FROM tasks_links ${only('todo_seq')} ORDER BY todo_seq, position`, seqs);
    const now = this.now();
    return rows.map((r) => this.toTodo(r, now, tags.get(r.seq) ?? [], links.get(r.seq) ?? []));
  }

  protected grouped(query: string, params: unknown[]): Map<number, string[]> {
    const bySeq = new Map<number, string[]>();
    for (const { seq, value } of this.sql(query).all(...params) as { seq: number; value: string }[]) {
      const values = bySeq.get(seq);
      if (values) values.push(value);
      else bySeq.set(seq, [value]);
    }
    return bySeq;
  }

  protected static toProject(row: ProjectRow): Project {
    return { id: row.id, name: row.name, path: row.path, created_at: iso(row.created_at) };
  }

  todo(id: string): Todo {
    const row = this.sql(`${TODO_SELECT} WHERE t.id = ?`).get(id) as TodoRow | undefined;
    if (!row) throw notFound(`Todo '${id}' not found.`, 'Use list_todos to see available todos.');
    return this.toTodos([row])[0];
  }

  /** Todos by their ids, in the order given (those that no longer exist left out). */
  todos(ids: readonly string[]): Todo[] {
    if (!ids.length) return [];
    const rows = this.sql(`${TODO_SELECT} WHERE t.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as TodoRow[];
    const byId = new Map(this.toTodos(rows).map((t) => [t.id, t]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  projects(): Project[] {
    return (this.sql('SELECT id, name, path, created_at FROM tasks_projects ORDER BY created_at, rowid').all() as ProjectRow[]).map(TaskQueries.toProject);
  }

  /** Todo and pending counts of every project, by id. */
  projectCounts(): Map<string, { todos: number; pending: number }> {
    const rows = this.sql('SELECT project_id, sum(n) AS todos, sum(CASE WHEN done = 0 THEN n ELSE 0 END) AS pending FROM tasks_counts GROUP BY project_id').all() as {
      project_id: string;
      todos: number;
      pending: number;
    }[];
    return new Map(rows.map((r) => [r.project_id, { todos: r.todos, pending: r.pending }]));
  }

  /** A todo by its full id or a unique prefix of 6+ characters. */
  resolveTodo(ref: string): Todo {
    const key = ref.trim().toLowerCase();
    const rows = this.byPrefix('tasks_todos', 'description', key, () =>
      notFound(`Todo '${ref}' not found.`, 'Use list_todos to see available todos.'),
    );
    return this.todo(this.single(rows, `todo id '${ref}'`, 'todo_id'));
  }

  /** A project by its full id, its name (any case) or a unique id prefix of 6+ characters. */
  resolveProject(ref: string): Project {
    const key = ref.trim();
    const named = this.sql('SELECT id, name, path, created_at FROM tasks_projects WHERE id = ? OR name = ? COLLATE NOCASE ORDER BY id = ? DESC LIMIT 1').get(
      key.toLowerCase(),
      key,
      key.toLowerCase(),
    ) as ProjectRow | undefined;
    if (named) return TaskQueries.toProject(named);
    const missing = () => notFound(`Project '${ref}' not found.`, 'Use list_projects to see available projects, or add_project to create it.');
    if (!ID_CHARS.test(key.toLowerCase())) throw missing();
    const rows = this.byPrefix('tasks_projects', 'name', key.toLowerCase(), missing);
    const id = this.single(rows, `project id '${ref}'`, 'project_id');
    return TaskQueries.toProject(this.sql('SELECT id, name, path, created_at FROM tasks_projects WHERE id = ?').get(id) as ProjectRow);
  }

  protected byPrefix(table: 'tasks_todos' | 'tasks_projects', label: string, key: string, missing: () => Error): { id: string; label: string }[] {
    if (!ID_CHARS.test(key)) throw missing();
    if (key.length < LIMITS.prefix) {
      throw invalid(`'${key}' is too short to name one: give at least ${LIMITS.prefix} characters of the id`, 'copy the id (or its first 8 characters) from the answer that showed it');
    }
    // Every id character sorts before 'g', so [key, key + 'g') holds exactly the ids that start with key.
    const rows = this.sql(`SELECT id, ${label} AS label FROM ${table} WHERE id >= ? AND id < ? ORDER BY id LIMIT 9`).all(key, `${key}g`) as { id: string; label: string }[];
    if (!rows.length) throw missing();
    return rows;
  }

  protected single(rows: { id: string; label: string }[], what: string, field: string): string {
    if (rows.length === 1) return rows[0].id;
    const prefixes = distinctPrefixes(rows.map((r) => r.id));
    const candidates: Candidate[] = rows.slice(0, 8).map((r, i) => ({ id: r.id, prefix: prefixes[i], label: r.label }));
    const listing = candidates.map((c) => `${c.prefix} (${c.label.slice(0, 60)})`).join(', ');
    throw conflict(
      `The ${what} is ambiguous: it starts ${rows.length > 8 ? 'more than 8' : rows.length} ids: ${listing}.`,
      `Pass a longer prefix as ${field}, e.g. '${candidates[0].prefix}'.`,
      { candidates },
    );
  }

  /**
   * How to select the todos `filter` names, in the list's order (done, priority, age). A tag filter
   * walks the tag's rows (`tt`, which carry done and priority) in that order; others walk tasks_todos.
   */
  protected selection(filter: TodoFilter, inOrder = true): { from: string; clause: string; params: unknown[]; order: [string, string, string] } {
    const tagged = filter.tag !== undefined;
    const k = tagged ? 'tt' : 't';
    const where = new Conditions();
    if (tagged) where.add(`tt.tag_id = ${TAG_ID}`, normalizeTag(filter.tag!));
    if (filter.projectId !== undefined) where.add(`${k}.project_id = ?`, filter.projectId);
    if (filter.done !== undefined) where.add(`${k}.done = ?`, filter.done ? 1 : 0);
    if (filter.priority !== undefined) where.add(`${k}.rank = ?`, RANK[filter.priority]);
    if (filter.overdue !== undefined) {
      const overdue = 't.done = 0 AND t.due_at IS NOT NULL AND t.due_at <= ?';
      where.add(filter.overdue ? overdue : `NOT (${overdue})`, this.now());
    }
    // The planner would take the due-date index and sort; this one gives the list's order as it is.
    const overdueInOrder = inOrder && filter.overdue === true && !tagged ? ' INDEXED BY tasks_todos_dated_in_order' : '';
    return {
      from: tagged ? 'tasks_todo_tags tt JOIN tasks_todos t ON t.seq = tt.todo_seq' : `tasks_todos t${overdueInOrder}`,
      clause: where.clause,
      params: where.params,
      order: [`${k}.done`, `${k}.rank`, tagged ? 'tt.todo_seq' : 't.seq'],
    };
  }

  /**
   * How many todos `filter` names: from the kept counts when it filters by project, done and
   * priority, or by tag, done and priority; by counting index entries otherwise.
   */
  protected count(filter: TodoFilter): number {
    const { projectId, done, priority, tag, overdue } = filter;
    if (overdue !== undefined) {
      const { from, clause, params } = this.selection(filter, false);
      return (this.sql(`SELECT count(*) AS n FROM ${from} ${clause}`).get(...params) as { n: number }).n;
    }
    const table = tag === undefined ? 'tasks_counts' : projectId === undefined ? 'tasks_tag_counts' : 'tasks_todo_tags';
    const where = new Conditions();
    if (tag !== undefined) where.add(`tag_id = ${TAG_ID}`, normalizeTag(tag));
    if (projectId !== undefined) where.add('project_id = ?', projectId);
    if (done !== undefined) where.add('done = ?', done ? 1 : 0);
    if (priority !== undefined) where.add('rank = ?', RANK[priority]);
    const n = table === 'tasks_todo_tags' ? 'count(*)' : 'coalesce(sum(n), 0)';
    return (this.sql(`SELECT ${n} AS n FROM ${table} ${where.clause}`).get(...where.params) as { n: number }).n;
  }

  /** One page of the todos that match, pending first, then by priority (high first) and age. */
  list(filter: TodoFilter, options: { limit?: number; cursor?: string } = {}): Page {
    const limit = options.limit ?? DEFAULT_PAGE;
    if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.page) throw invalid(`limit must be 1 to ${LIMITS.page}`, `try: limit ${DEFAULT_PAGE}`);
    const { from, clause, params, order } = this.selection(filter);
    const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
    const keyset = after ? `${clause ? `${clause} AND` : 'WHERE'} (${order.join(', ')}) > (?, ?, ?)` : clause;
    const rows = this.sql(`SELECT ${TODO_COLUMNS} FROM ${from} JOIN tasks_projects p ON p.id = t.project_id ${keyset} ORDER BY ${order.join(', ')} LIMIT ?`).all(
      ...params,
      ...(after ?? []),
      limit + 1,
    ) as TodoRow[];
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page[page.length - 1];
    return { todos: this.toTodos(page), total: this.count(filter), ...(more ? { nextCursor: encodeCursor([last.done, last.rank, last.seq]) } : {}) };
  }

  /** Every todo, for the board's records (oldest first). */
  allTodos(): Todo[] {
    return this.toTodos(this.sql(`${TODO_SELECT} ORDER BY t.seq`).all() as TodoRow[], true);
  }

  /**
   * Todos ranked by relevance to `query` (FTS5, bm25 over description, notes and tags; each word
   * also matches as a prefix), best first.
   */
  search(query: string, options: { limit: number; projectId?: string; includeDone: boolean }): { todo: Todo; score: number }[] {
    const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (!words.length) throw invalid(`query "${query}" has no words to search for`, "try: find_related_tasks({\"query\":\"login bug\"})");
    const match = [...new Set(words)].slice(0, 20).map((w) => `"${w}"*`).join(' OR ');
    const rows = this.sql(
      `SELECT t.id, -bm25(tasks_search, 10.0, 3.0, 6.0) AS score FROM tasks_search JOIN tasks_todos t ON t.seq = tasks_search.rowid
        WHERE tasks_search MATCH ? AND (? IS NULL OR t.project_id = ?) AND (? = 1 OR t.done = 0)
        ORDER BY bm25(tasks_search, 10.0, 3.0, 6.0) LIMIT ?`,
    ).all(match, options.projectId ?? null, options.projectId ?? null, options.includeDone ? 1 : 0, options.limit) as { id: string; score: number }[];
    const todos = new Map(this.todos(rows.map((r) => r.id)).map((t) => [t.id, t]));
    return rows.map((r) => ({ todo: todos.get(r.id)!, score: Number(r.score.toPrecision(4)) }));
  }

  /** Counts for analyze_workload and toki://stats, over one project or all (from the kept counts where it can). */
  stats(projectId?: string): Stats {
    const args = projectId === undefined ? [] : [projectId];
    const inProject = projectId === undefined ? '' : 'AND project_id = ?';
    const byState = this.sql(`SELECT done, rank, sum(n) AS n FROM tasks_counts WHERE 1 ${inProject} GROUP BY done, rank`).all(...args) as { done: number; rank: number; n: number }[];
    const pendingByPriority = { high: 0, medium: 0, low: 0 };
    let pending = 0;
    let done = 0;
    for (const row of byState) {
      if (row.done) done += row.n;
      else {
        pending += row.n;
        pendingByPriority[PRIORITY_OF_RANK[row.rank]] += row.n;
      }
    }
    const overdueBy = new Map(
      (this.sql(`SELECT project_id, count(*) AS n FROM tasks_todos WHERE done = 0 AND due_at IS NOT NULL AND due_at <= ? ${inProject} GROUP BY project_id`).all(this.now(), ...args) as {
        project_id: string;
        n: number;
      }[]).map((r) => [r.project_id, r.n]),
    );
    const projects = (
      this.sql(
        `SELECT p.id, p.name, coalesce(sum(CASE WHEN c.done = 0 THEN c.n END), 0) AS pending, coalesce(sum(CASE WHEN c.done = 1 THEN c.n END), 0) AS done
         FROM tasks_projects p LEFT JOIN tasks_counts c ON c.project_id = p.id ${projectId === undefined ? '' : 'WHERE p.id = ?'} GROUP BY p.id`,
      ).all(...args) as Omit<ProjectStats, 'overdue'>[]
    )
      .map((p) => ({ ...p, overdue: overdueBy.get(p.id) ?? 0 }))
      .sort((a, b) => b.pending - a.pending || a.name.localeCompare(b.name));
    const tags = (
      projectId === undefined
        ? this.sql('SELECT g.name AS tag, sum(c.n) AS pending FROM tasks_tag_counts c JOIN tasks_tags g ON g.id = c.tag_id WHERE c.done = 0 GROUP BY c.tag_id HAVING pending > 0 ORDER BY pending DESC, g.name LIMIT 10')
        : this.sql(
            `SELECT g.name AS tag, count(*) AS pending FROM tasks_todo_tags tt JOIN tasks_todos t ON t.seq = tt.todo_seq JOIN tasks_tags g ON g.id = tt.tag_id
             WHERE tt.done = 0 AND t.project_id = ? GROUP BY tt.tag_id ORDER BY pending DESC, g.name LIMIT 10`,
          )
    ).all(...args) as { tag: string; pending: number }[];
    return { total: pending + done, pending, done, overdue: [...overdueBy.values()].reduce((a, b) => a + b, 0), pending_by_priority: pendingByPriority, by_project: projects, top_tags: tags };
  }

  /** Pending todos of `priority` made before `before`, oldest first. */
  oldestPending(priority: Priority, before: number, limit: number, projectId?: string): Todo[] {
    const rows = this.sql(
      `${TODO_SELECT} WHERE t.done = 0 AND t.rank = ? AND t.created_at <= ? AND (? IS NULL OR t.project_id = ?) ORDER BY t.rank, t.done, t.seq LIMIT ?`,
    ).all(RANK[priority], before, projectId ?? null, projectId ?? null, limit) as TodoRow[];
    return this.toTodos(rows);
  }

  /** Pending todos due before `before` (overdue ones first), soonest first. */
  dueBefore(before: number, limit: number, projectId?: string): Todo[] {
    const rows = this.sql(
      `${TODO_SELECT} WHERE t.done = 0 AND t.due_at IS NOT NULL AND t.due_at <= ? AND (? IS NULL OR t.project_id = ?) ORDER BY t.due_at, t.seq LIMIT ?`,
    ).all(before, projectId ?? null, projectId ?? null, limit) as TodoRow[];
    return this.toTodos(rows);
  }

  /** Todos completed (`completed`) or made (`created`) in [from, to), oldest first, and how many in all. */
  between(event: 'completed' | 'created', from: number, to: number, limit: number, projectId?: string): { todos: Todo[]; total: number } {
    const column = event === 'completed' ? 't.completed_at' : 't.created_at';
    const where = `WHERE ${column} >= ? AND ${column} < ? AND (? IS NULL OR t.project_id = ?)`;
    const args = [from, to, projectId ?? null, projectId ?? null];
    const rows = this.sql(`${TODO_SELECT} ${where} ORDER BY ${column}, t.seq LIMIT ?`).all(...args, limit) as TodoRow[];
    const total = (this.sql(`SELECT count(*) AS n FROM tasks_todos t ${where}`).get(...args) as { n: number }).n;
    return { todos: this.toTodos(rows), total };
  }

  /** Pending todos carrying any of `tags`, oldest first. */
  pendingTagged(tags: readonly string[], limit: number, projectId?: string): Todo[] {
    const rows = this.sql(
      `SELECT ${TODO_COLUMNS} FROM tasks_todo_tags tt JOIN tasks_todos t ON t.seq = tt.todo_seq JOIN tasks_projects p ON p.id = t.project_id
       WHERE tt.tag_id IN (SELECT id FROM tasks_tags WHERE name IN (SELECT value FROM json_each(?))) AND tt.done = 0 AND (? IS NULL OR t.project_id = ?)
       GROUP BY t.seq ORDER BY t.seq LIMIT ?`,
    ).all(JSON.stringify(tags), projectId ?? null, projectId ?? null, limit) as TodoRow[];
    return this.toTodos(rows);
  }
}


export const todoRecord = (todo: Todo): TodoRecord => ({ id: todoRecordId(todo.id), kind: 'todo', todo });
export const projectRecord = (project: Project): ProjectRecord => ({ id: projectRecordId(project.id), kind: 'project', project });

export function encodeCursor(key: [number, number, number]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string): [number, number, number] {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === 3 && key.every((n) => Number.isInteger(n))) return key as [number, number, number];
  } catch {
    /* answered below */
  }
  throw invalid(`cursor '${cursor.slice(0, 40)}' is not one this server gave`, 'pass next_cursor from the previous page as it is, or leave cursor out for the first page');
}

/** The toki resource (resources.ts) of a project's todos: the document a write to one of them changes. */
export const PROJECT_TODOS_TEMPLATE = 'toki://projects/{project_id}/todos';
export const projectTodosUri = (projectId: string) => PROJECT_TODOS_TEMPLATE.replace('{project_id}', encodeURIComponent(projectId));
