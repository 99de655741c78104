/**
 * The tasks tables in the studio's SQLite database (tasks_*): projects, todos, tags (many to many)
 * and links with real foreign keys, an index for every filter, counts and an FTS5 index kept by
 * triggers; and the rows queries read from them.
 */
import type { Priority } from '../../../shared/tasks-records';

/** Stored as a rank so that one ascending index orders high, medium, low. */
export const RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };
export const PRIORITY_OF_RANK: Priority[] = ['high', 'medium', 'low'];

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

export const SCHEMA = `
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
export interface TodoRow {
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

export interface ProjectRow {
  id: string;
  name: string;
  path: string | null;
  created_at: number;
}

export const TODO_COLUMNS = `t.seq, t.id, t.project_id, p.name AS project, t.description, t.done, t.rank, t.notes, t.due_date, t.due_at,
  t.created_at, t.updated_at, t.completed_at, t.updated_by`;
export const TODO_SELECT = `SELECT ${TODO_COLUMNS} FROM tasks_todos t JOIN tasks_projects p ON p.id = t.project_id`;
/** Statements that take the seqs of todos as one JSON array. */
export const SEQS = '(SELECT value FROM json_each(?))';
export const TAG_ID = '(SELECT id FROM tasks_tags WHERE name = ?)';

