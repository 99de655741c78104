/**
 * The tasks model in the studio's SQLite database (tables tasks_*): projects, todos, tags (many to
 * many) and links, with real foreign keys (deleting a project deletes its todos, their tags and
 * links), an index for every filter, and an FTS5 index over descriptions, notes and tags kept by
 * triggers. Every write is one transaction, and is published (whole records, with who made it) so
 * every view and every subscribed MCP client learns of it, whoever made it.
 *
 * Ids are random UUIDs; a todo is named by its id or any unique prefix of 6+ characters, a
 * project also by its name.
 */
import { randomUUID } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import {
  DEFAULT_PROJECT,
  PRIORITIES,
  type Priority,
  type Project,
  type ProjectRecord,
  type Todo,
  type TodoRecord,
  projectRecordId,
  todoRecordId,
} from '../../../shared/tasks-records';
import type { PublishedChange } from '../../tool-domain/domain';
import { iso, parseDueDate } from './dates';
import { conflict, invalid, notFound } from './errors';

export const LIMITS = {
  description: 500,
  notes: 10_000,
  tag: 50,
  tagsPerTodo: 20,
  link: 200,
  linksPerTodo: 20,
  projectName: 100,
  projectPath: 1024,
  /** Todos in one page of list_todos or a resource. */
  page: 500,
  /** Shortest id prefix that names a todo or a project. */
  prefix: 6,
} as const;

export const DEFAULT_PAGE = 50;

/** Stored as a rank so that one ascending index orders high, medium, low. */
const RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };
const PRIORITY_OF_RANK: Priority[] = ['high', 'medium', 'low'];

const TAG_NAME = /^[\p{L}\p{N}][\p{L}\p{N}_.:/+#-]*$/u;
const LINK = /^[a-z][a-z0-9-]*:\S(?:.*\S)?$/;
const ID_CHARS = /^[0-9a-f-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** A trigger's statement counting its `new` row in a count table of (key, done, rank, n). */
const counted = (table: string, key: string) =>
  `INSERT INTO ${table} (${key}, done, rank, n) VALUES (new.${key}, new.done, new.rank, 1) ON CONFLICT DO UPDATE SET n = n + 1;`;
/** A trigger's statement counting its `old` row out of a count table of (key, done, rank, n). */
const uncounted = (table: string, key: string) => `UPDATE ${table} SET n = n - 1 WHERE ${key} = old.${key} AND done = old.done AND rank = old.rank;`;

/**
 * Counts by (project, done, priority) and by (tag, done, priority) are kept by triggers, so the
 * totals of a page, the stats and the projects' counts read a few rows rather than count 100,000.
 * A todo's tag rows carry its project, done and priority too (kept by a trigger), so a tag filter
 * walks one index in the list's order, and counts there.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS tasks_projects (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    path TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS tasks_todos (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    project_id TEXT NOT NULL REFERENCES tasks_projects(id) ON DELETE CASCADE,
    description TEXT NOT NULL CHECK (length(description) > 0),
    done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    rank INTEGER NOT NULL CHECK (rank IN (0, 1, 2)),
    notes TEXT NOT NULL DEFAULT '',
    due_date TEXT,
    due_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    completed_at INTEGER,
    updated_by TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS tasks_todos_order ON tasks_todos (done, rank, seq);
  CREATE INDEX IF NOT EXISTS tasks_todos_by_project ON tasks_todos (project_id, done, rank, seq);
  CREATE INDEX IF NOT EXISTS tasks_todos_by_rank ON tasks_todos (rank, done, seq);
  CREATE INDEX IF NOT EXISTS tasks_todos_by_due ON tasks_todos (done, due_at, project_id) WHERE due_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS tasks_todos_dated_in_order ON tasks_todos (rank, seq, due_at, project_id) WHERE done = 0 AND due_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS tasks_todos_by_completion ON tasks_todos (completed_at) WHERE completed_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS tasks_todos_by_creation ON tasks_todos (created_at);
  CREATE TABLE IF NOT EXISTS tasks_tags (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
  );
  CREATE TABLE IF NOT EXISTS tasks_todo_tags (
    todo_seq INTEGER NOT NULL REFERENCES tasks_todos(seq) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tasks_tags(id) ON DELETE CASCADE,
    project_id TEXT NOT NULL,
    done INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    PRIMARY KEY (todo_seq, tag_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS tasks_todo_tags_by_tag ON tasks_todo_tags (tag_id, done, rank, todo_seq);
  CREATE INDEX IF NOT EXISTS tasks_todo_tags_by_tag_rank ON tasks_todo_tags (tag_id, rank, done, todo_seq);
  CREATE INDEX IF NOT EXISTS tasks_todo_tags_by_tag_project ON tasks_todo_tags (tag_id, project_id, done, rank, todo_seq);
  CREATE TABLE IF NOT EXISTS tasks_links (
    todo_seq INTEGER NOT NULL REFERENCES tasks_todos(seq) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    link TEXT NOT NULL,
    PRIMARY KEY (todo_seq, position)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS tasks_counts (
    project_id TEXT NOT NULL REFERENCES tasks_projects(id) ON DELETE CASCADE,
    done INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (project_id, done, rank)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS tasks_tag_counts (
    tag_id INTEGER NOT NULL REFERENCES tasks_tags(id) ON DELETE CASCADE,
    done INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (tag_id, done, rank)
  ) WITHOUT ROWID;
  CREATE VIRTUAL TABLE IF NOT EXISTS tasks_search USING fts5(description, notes, tags, tokenize = 'porter unicode61');
  CREATE TRIGGER IF NOT EXISTS tasks_todo_added AFTER INSERT ON tasks_todos BEGIN
    ${counted('tasks_counts', 'project_id')}
    INSERT INTO tasks_search (rowid, description, notes, tags) VALUES (new.seq, new.description, new.notes, '');
  END;
  CREATE TRIGGER IF NOT EXISTS tasks_todo_removed AFTER DELETE ON tasks_todos BEGIN
    ${uncounted('tasks_counts', 'project_id')}
    DELETE FROM tasks_search WHERE rowid = old.seq;
  END;
  CREATE TRIGGER IF NOT EXISTS tasks_todo_moved AFTER UPDATE OF project_id, done, rank ON tasks_todos BEGIN
    ${uncounted('tasks_counts', 'project_id')}
    ${counted('tasks_counts', 'project_id')}
    UPDATE tasks_todo_tags SET project_id = new.project_id, done = new.done, rank = new.rank WHERE todo_seq = new.seq;
  END;
  CREATE TRIGGER IF NOT EXISTS tasks_todo_reworded AFTER UPDATE OF description, notes ON tasks_todos BEGIN
    UPDATE tasks_search SET description = new.description, notes = new.notes WHERE rowid = new.seq;
  END;
  CREATE TRIGGER IF NOT EXISTS tasks_tag_added AFTER INSERT ON tasks_todo_tags BEGIN
    ${counted('tasks_tag_counts', 'tag_id')}
    UPDATE tasks_search SET tags = (SELECT group_concat(g.name, ' ') FROM tasks_todo_tags tt JOIN tasks_tags g ON g.id = tt.tag_id WHERE tt.todo_seq = new.todo_seq)
      WHERE rowid = new.todo_seq;
  END;
  CREATE TRIGGER IF NOT EXISTS tasks_tag_removed AFTER DELETE ON tasks_todo_tags BEGIN
    ${uncounted('tasks_tag_counts', 'tag_id')}
    UPDATE tasks_search SET tags = coalesce((SELECT group_concat(g.name, ' ') FROM tasks_todo_tags tt JOIN tasks_tags g ON g.id = tt.tag_id WHERE tt.todo_seq = old.todo_seq), '')
      WHERE rowid = old.todo_seq;
  END;
  CREATE TRIGGER IF NOT EXISTS tasks_tag_moved AFTER UPDATE OF done, rank ON tasks_todo_tags BEGIN
    ${uncounted('tasks_tag_counts', 'tag_id')}
    ${counted('tasks_tag_counts', 'tag_id')}
  END;
`;

/** A todo as a query reads it (its tags and links are read apart, for a whole page at once). */
interface TodoRow {
  seq: number;
  id: string;
  project_id: string;
  project: string;
  description: string;
  done: 0 | 1;
  rank: number;
  notes: string;
  due_date: string | null;
  due_at: number | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
  updated_by: string;
}

interface ProjectRow {
  id: string;
  name: string;
  path: string | null;
  created_at: number;
}

const TODO_COLUMNS = `t.seq, t.id, t.project_id, p.name AS project, t.description, t.done, t.rank, t.notes, t.due_date, t.due_at,
  t.created_at, t.updated_at, t.completed_at, t.updated_by`;
const TODO_SELECT = `SELECT ${TODO_COLUMNS} FROM tasks_todos t JOIN tasks_projects p ON p.id = t.project_id`;
/** Statements that take the seqs of todos as one JSON array. */
const SEQS = '(SELECT value FROM json_each(?))';
const TAG_ID = '(SELECT id FROM tasks_tags WHERE name = ?)';

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

export class TaskStore {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(
    readonly db: BetterSqlite3.Database,
    private readonly publish: (change: PublishedChange) => void,
    readonly now: Clock = Date.now,
  ) {
    // The journal opens the connection with foreign keys on; the cascades below depend on it.
    if (db.pragma('foreign_keys', { simple: true }) !== 1) db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
    this.ensureDefaultProject();
  }

  private sql(text: string): BetterSqlite3.Statement {
    let statement = this.statements.get(text);
    if (!statement) this.statements.set(text, (statement = this.db.prepare(text)));
    return statement;
  }

  private ensureDefaultProject(): ProjectRow {
    const row = this.sql('SELECT id, name, path, created_at FROM tasks_projects WHERE name = ?').get(DEFAULT_PROJECT) as ProjectRow | undefined;
    if (row) return row;
    const created = { id: randomUUID(), name: DEFAULT_PROJECT, path: null, created_at: this.now() };
    this.sql('INSERT INTO tasks_projects (id, name, path, created_at) VALUES (?, ?, ?, ?)').run(created.id, created.name, created.path, created.created_at);
    return created;
  }

  // ---- reading ----

  private toTodo(row: TodoRow, now: number, tags: string[], links: string[]): Todo {
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
  private toTodos(rows: readonly TodoRow[], every = false): Todo[] {
    if (!rows.length) return [];
    const seqs = every ? [] : [JSON.stringify(rows.map((r) => r.seq))];
    const only = (column: string) => (every ? '' : `WHERE ${column} IN ${SEQS}`);
    const tags = this.grouped(`SELECT tt.todo_seq AS seq, g.name AS value FROM tasks_todo_tags tt JOIN tasks_tags g ON g.id = tt.tag_id ${only('tt.todo_seq')} ORDER BY g.name`, seqs);
    const links = this.grouped(`SELECT todo_seq AS seq, link AS value FROM tasks_links ${only('todo_seq')} ORDER BY todo_seq, position`, seqs);
    const now = this.now();
    return rows.map((r) => this.toTodo(r, now, tags.get(r.seq) ?? [], links.get(r.seq) ?? []));
  }

  private grouped(query: string, params: unknown[]): Map<number, string[]> {
    const bySeq = new Map<number, string[]>();
    for (const { seq, value } of this.sql(query).all(...params) as { seq: number; value: string }[]) {
      const values = bySeq.get(seq);
      if (values) values.push(value);
      else bySeq.set(seq, [value]);
    }
    return bySeq;
  }

  private static toProject(row: ProjectRow): Project {
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
    return (this.sql('SELECT id, name, path, created_at FROM tasks_projects ORDER BY created_at, rowid').all() as ProjectRow[]).map(TaskStore.toProject);
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
    if (named) return TaskStore.toProject(named);
    const missing = () => notFound(`Project '${ref}' not found.`, 'Use list_projects to see available projects, or add_project to create it.');
    if (!ID_CHARS.test(key.toLowerCase())) throw missing();
    const rows = this.byPrefix('tasks_projects', 'name', key.toLowerCase(), missing);
    const id = this.single(rows, `project id '${ref}'`, 'project_id');
    return TaskStore.toProject(this.sql('SELECT id, name, path, created_at FROM tasks_projects WHERE id = ?').get(id) as ProjectRow);
  }

  private byPrefix(table: 'tasks_todos' | 'tasks_projects', label: string, key: string, missing: () => Error): { id: string; label: string }[] {
    if (!ID_CHARS.test(key)) throw missing();
    if (key.length < LIMITS.prefix) {
      throw invalid(`'${key}' is too short to name one: give at least ${LIMITS.prefix} characters of the id`, 'copy the id (or its first 8 characters) from the answer that showed it');
    }
    // Every id character sorts before 'g', so [key, key + 'g') holds exactly the ids that start with key.
    const rows = this.sql(`SELECT id, ${label} AS label FROM ${table} WHERE id >= ? AND id < ? ORDER BY id LIMIT 9`).all(key, `${key}g`) as { id: string; label: string }[];
    if (!rows.length) throw missing();
    return rows;
  }

  private single(rows: { id: string; label: string }[], what: string, field: string): string {
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
  private selection(filter: TodoFilter, inOrder = true): { from: string; clause: string; params: unknown[]; order: [string, string, string] } {
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
  private count(filter: TodoFilter): number {
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

  // ---- writing: one transaction each, then published ----

  private change(origin: string, label: string, todos: readonly Todo[], extra: Partial<PublishedChange> = {}): void {
    this.publish({ origin, label, put: todos.map(todoRecord), ...extra });
  }

  addTodo(input: NewTodo, origin: string): Todo {
    const description = checkDescription(input.description);
    const priority = checkPriority(input.priority ?? 'medium');
    const notes = checkNotes(input.notes ?? '');
    const due = input.due_date === undefined ? undefined : parseDueDate(input.due_date);
    const tags = checkTags(input.tags ?? []);
    const links = checkLinks(input.links ?? []);
    const project = input.project === undefined ? TaskStore.toProject(this.ensureDefaultProject()) : this.resolveProject(input.project);
    const id = randomUUID();
    const now = this.now();
    this.db.transaction(() => {
      this.sql(
        'INSERT INTO tasks_todos (id, project_id, description, done, rank, notes, due_date, due_at, created_at, updated_at, updated_by) VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)',
      ).run(id, project.id, description, RANK[priority], notes, due?.text ?? null, due?.at ?? null, now, now, origin);
      for (const tag of tags) this.tag(id, tag);
      this.setLinks(id, links);
    })();
    const todo = this.todo(id);
    this.change(origin, `add ${description.slice(0, 60)}`, [todo]);
    return todo;
  }

  private tag(todoId: string, name: string): void {
    this.sql('INSERT INTO tasks_tags (name) VALUES (?) ON CONFLICT (name) DO NOTHING').run(name);
    this.sql(
      'INSERT OR IGNORE INTO tasks_todo_tags (todo_seq, tag_id, project_id, done, rank) SELECT t.seq, g.id, t.project_id, t.done, t.rank FROM tasks_todos t, tasks_tags g WHERE t.id = ? AND g.name = ?',
    ).run(
      todoId,
      name,
    );
  }

  private setLinks(todoId: string, links: readonly string[]): void {
    this.sql('DELETE FROM tasks_links WHERE todo_seq = (SELECT seq FROM tasks_todos WHERE id = ?)').run(todoId);
    links.forEach((link, position) => this.sql('INSERT INTO tasks_links (todo_seq, position, link) SELECT seq, ?, ? FROM tasks_todos WHERE id = ?').run(position, link, todoId));
  }

  setDone(ref: string, done: boolean, origin: string): { todo: Todo; changed: boolean } {
    const before = this.resolveTodo(ref);
    if (before.done === done) return { todo: before, changed: false };
    const now = this.now();
    this.sql('UPDATE tasks_todos SET done = ?, completed_at = ?, updated_at = ?, updated_by = ? WHERE id = ?').run(done ? 1 : 0, done ? now : null, now, origin, before.id);
    const todo = this.todo(before.id);
    this.change(origin, `${done ? 'done' : 'reopen'} ${todo.description.slice(0, 60)}`, [todo]);
    return { todo, changed: true };
  }

  updateTodo(ref: string, changes: TodoChanges, origin: string): { todo: Todo; changed: string[] } {
    const before = this.resolveTodo(ref);
    const sets: string[] = [];
    const params: unknown[] = [];
    const changed: string[] = [];
    const set = (field: string, columns: [string, unknown][]) => {
      changed.push(field);
      for (const [column, value] of columns) {
        sets.push(`${column} = ?`);
        params.push(value);
      }
    };
    if (changes.description !== undefined) set('description', [['description', checkDescription(changes.description)]]);
    if (changes.priority !== undefined) set('priority', [['rank', RANK[checkPriority(changes.priority)]]]);
    if (changes.notes !== undefined) set('notes', [['notes', checkNotes(changes.notes)]]);
    if (changes.due_date !== undefined) {
      const due = changes.due_date === null ? null : parseDueDate(changes.due_date);
      set('due_date', [['due_date', due?.text ?? null], ['due_at', due?.at ?? null]]);
    }
    if (changes.project !== undefined) set('project', [['project_id', this.resolveProject(changes.project).id]]);
    const links = changes.links === undefined ? undefined : checkLinks(changes.links);
    if (links) changed.push('links');
    if (!changed.length) {
      throw invalid('update_todo needs at least one field to change', "try: update_todo({\"todo_id\":\"1a2b3c4d\",\"priority\":\"high\"}); fields: description, priority, notes, due_date, project_id, links");
    }
    this.db.transaction(() => {
      this.sql(`UPDATE tasks_todos SET ${[...sets, 'updated_at = ?', 'updated_by = ?'].join(', ')} WHERE id = ?`).run(...params, this.now(), origin, before.id);
      if (links) this.setLinks(before.id, links);
    })();
    const todo = this.todo(before.id);
    this.change(origin, `update ${todo.description.slice(0, 60)} (${changed.join(', ')})`, [todo]);
    return { todo, changed };
  }

  deleteTodo(ref: string, origin: string): Todo {
    const todo = this.resolveTodo(ref);
    this.sql('DELETE FROM tasks_todos WHERE id = ?').run(todo.id);
    this.change(origin, `delete ${todo.description.slice(0, 60)}`, [], { removed: [todoRecordId(todo.id)] });
    return todo;
  }

  /**
   * Puts a deleted todo back as it was, with the same id (the board's undo of a delete): its project
   * must still exist, and no todo may have taken its id. Its age and completion stay as they were.
   */
  restoreTodo(deleted: DeletedTodo, origin: string): Todo {
    const id = deleted.id.trim().toLowerCase();
    if (!UUID.test(id)) throw invalid(`'${deleted.id}' is not a todo's full id`, 'pass the deleted todo as delete_todo answered it');
    if (this.sql('SELECT 1 FROM tasks_todos WHERE id = ?').get(id)) throw conflict(`Todo '${id.slice(0, 8)}' exists already.`, 'Nothing to restore: it is on the board.');
    const project = this.sql('SELECT id FROM tasks_projects WHERE id = ?').get(deleted.project_id);
    if (!project) throw notFound(`Project '${deleted.project}' no longer exists, so the todo cannot go back to it.`, 'Use add_todo to add it to another project.');
    const description = checkDescription(deleted.description);
    const priority = checkPriority(deleted.priority);
    const notes = checkNotes(deleted.notes);
    const due = deleted.due_date === null ? undefined : parseDueDate(deleted.due_date);
    const tags = checkTags(deleted.tags);
    const links = checkLinks(deleted.links);
    const createdAt = checkTime(deleted.created_at, 'created_at');
    const completedAt = deleted.done ? (deleted.completed_at === null ? this.now() : checkTime(deleted.completed_at, 'completed_at')) : null;
    this.db.transaction(() => {
      this.sql(
        'INSERT INTO tasks_todos (id, project_id, description, done, rank, notes, due_date, due_at, created_at, updated_at, completed_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(id, deleted.project_id, description, deleted.done ? 1 : 0, RANK[priority], notes, due?.text ?? null, due?.at ?? null, createdAt, this.now(), completedAt, origin);
      for (const tag of tags) this.tag(id, tag);
      this.setLinks(id, links);
    })();
    const todo = this.todo(id);
    this.change(origin, `restore ${description.slice(0, 60)}`, [todo]);
    return todo;
  }

  addTag(ref: string, tagName: string, origin: string): { todo: Todo; changed: boolean } {
    const before = this.resolveTodo(ref);
    const [tag] = checkTags([tagName]);
    if (before.tags.includes(tag)) return { todo: before, changed: false };
    if (before.tags.length >= LIMITS.tagsPerTodo) throw invalid(`a todo has at most ${LIMITS.tagsPerTodo} tags`, 'remove_tag_from_todo first');
    this.db.transaction(() => {
      this.tag(before.id, tag);
      this.touch(before.id, origin);
    })();
    const todo = this.todo(before.id);
    this.change(origin, `tag ${todo.description.slice(0, 60)} #${tag}`, [todo]);
    return { todo, changed: true };
  }

  removeTag(ref: string, tagName: string, origin: string): Todo {
    const before = this.resolveTodo(ref);
    const tag = normalizeTag(tagName);
    if (!before.tags.includes(tag)) {
      throw notFound(
        `Todo '${before.id.slice(0, 8)}' has no tag '${tag}'.`,
        before.tags.length ? `Its tags: ${before.tags.join(', ')}.` : 'It has no tags; add_tag_to_todo adds one.',
      );
    }
    this.db.transaction(() => {
      this.sql(`DELETE FROM tasks_todo_tags WHERE todo_seq = (SELECT seq FROM tasks_todos WHERE id = ?) AND tag_id = ${TAG_ID}`).run(before.id, tag);
      this.touch(before.id, origin);
    })();
    const todo = this.todo(before.id);
    this.change(origin, `untag ${todo.description.slice(0, 60)} #${tag}`, [todo]);
    return todo;
  }

  private touch(todoId: string, origin: string): void {
    this.sql('UPDATE tasks_todos SET updated_at = ?, updated_by = ? WHERE id = ?').run(this.now(), origin, todoId);
  }

  addProject(input: { name: string; path?: string }, origin: string): Project {
    const name = input.name.trim();
    if (!name) throw invalid('a project needs a name', "try: add_project({\"name\":\"website-redesign\"})");
    if (name.length > LIMITS.projectName || CONTROL.test(name)) throw invalid(`a project name is one line of at most ${LIMITS.projectName} characters`);
    const path = input.path?.trim() || null;
    if (path !== null && (path.length > LIMITS.projectPath || CONTROL.test(path))) throw invalid(`path is one line of at most ${LIMITS.projectPath} characters`);
    const existing = this.sql('SELECT id, name FROM tasks_projects WHERE name = ? COLLATE NOCASE').get(name) as { id: string; name: string } | undefined;
    if (existing) {
      throw conflict(`A project named '${existing.name}' already exists (id ${existing.id.slice(0, 8)}).`, `Use it as project_id '${existing.name}', or choose another name.`);
    }
    const project: Project = { id: randomUUID(), name, path, created_at: iso(this.now()) };
    this.sql('INSERT INTO tasks_projects (id, name, path, created_at) VALUES (?, ?, ?, ?)').run(project.id, name, path, Date.parse(project.created_at));
    this.publish({ origin, label: `add project ${name}`, put: [projectRecord(project)] });
    return project;
  }

  /** Deletes a project and, by the foreign keys' cascade, its todos; answers how many went. */
  deleteProject(ref: string, origin: string): { project: Project; todosDeleted: number } {
    const project = this.resolveProject(ref);
    if (project.name === DEFAULT_PROJECT) {
      throw conflict(`The '${DEFAULT_PROJECT}' project cannot be deleted: todos without a project go there.`, 'Delete its todos one by one with delete_todo, or move them with update_todo.');
    }
    const ids = (this.sql('SELECT id FROM tasks_todos WHERE project_id = ?').all(project.id) as { id: string }[]).map((r) => r.id);
    this.sql('DELETE FROM tasks_projects WHERE id = ?').run(project.id);
    this.publish({ origin, label: `delete project ${project.name}`, lines: [`${ids.length} todos deleted with it`], removed: [projectRecordId(project.id), ...ids.map(todoRecordId)] });
    return { project, todosDeleted: ids.length };
  }
}

export const todoRecord = (todo: Todo): TodoRecord => ({ id: todoRecordId(todo.id), kind: 'todo', todo });
export const projectRecord = (project: Project): ProjectRecord => ({ id: projectRecordId(project.id), kind: 'project', project });

function encodeCursor(key: [number, number, number]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string): [number, number, number] {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === 3 && key.every((n) => Number.isInteger(n))) return key as [number, number, number];
  } catch {
    /* answered below */
  }
  throw invalid(`cursor '${cursor.slice(0, 40)}' is not one this server gave`, 'pass next_cursor from the previous page as it is, or leave cursor out for the first page');
}

export function checkPriority(priority: string): Priority {
  if ((PRIORITIES as readonly string[]).includes(priority)) return priority as Priority;
  throw invalid(`priority '${priority}' is not one of ${PRIORITIES.join(', ')}`, `try: "${closestPriority(priority)}"`);
}

function closestPriority(priority: string): Priority {
  const p = priority.toLowerCase();
  if (/^(h|urgent|critical|p0|p1)/.test(p)) return 'high';
  if (/^(l|minor|p3|p4)/.test(p)) return 'low';
  return 'medium';
}

function checkDescription(text: string): string {
  const description = text.trim();
  if (!description) throw invalid('description is empty', "say what is to be done, e.g. 'implement user authentication endpoint'");
  if (description.length > LIMITS.description) {
    throw invalid(`description is ${description.length} characters; at most ${LIMITS.description}`, 'put the detail in notes and keep the description to one line');
  }
  return description;
}

function checkTime(text: string, field: string): number {
  const at = Date.parse(text);
  if (Number.isNaN(at)) throw invalid(`${field} '${text.slice(0, 40)}' is not an ISO time`, "e.g. '2025-03-14T09:30:00.000Z', as the todo carried it");
  return at;
}

function checkNotes(notes: string): string {
  if (notes.length > LIMITS.notes) throw invalid(`notes are ${notes.length} characters; at most ${LIMITS.notes}`, 'keep notes short, or link to a document');
  return notes;
}

export function normalizeTag(name: string): string {
  return name.trim().replace(/^#/, '').toLowerCase();
}

function checkTags(names: readonly string[]): string[] {
  const tags = [...new Set(names.map(normalizeTag))];
  for (const tag of tags) {
    if (!tag || tag.length > LIMITS.tag || !TAG_NAME.test(tag)) {
      throw invalid(`tag '${tag}' is not a tag: one word of letters, digits and _ . : / + # - (at most ${LIMITS.tag})`, "e.g. 'bug', 'phase-1', 'frontend'");
    }
  }
  if (tags.length > LIMITS.tagsPerTodo) throw invalid(`a todo has at most ${LIMITS.tagsPerTodo} tags; ${tags.length} given`);
  return tags;
}

function checkLinks(links: readonly string[]): string[] {
  const kept = [...new Set(links.map((l) => l.trim()))];
  for (const link of kept) {
    if (link.length > LIMITS.link || !LINK.test(link) || CONTROL.test(link)) {
      throw invalid(`link '${link.slice(0, 80)}' is not a link: domain:thing, at most ${LIMITS.link} characters`, "e.g. 'drawio:AuthService', 'midi:Piano', 'testenv:api/smoke'");
    }
  }
  if (kept.length > LIMITS.linksPerTodo) throw invalid(`a todo has at most ${LIMITS.linksPerTodo} links; ${kept.length} given`);
  return kept;
}
