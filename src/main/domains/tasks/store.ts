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
import { DEFAULT_PROJECT, type Project, type Todo, projectRecordId, todoRecordId } from '../../../shared/tasks-records';
import type { PublishedChange } from '../../tool-domain/domain';
import { CONTROL, LIMITS, UUID, checkDescription, checkLinks, checkNotes, checkPriority, checkTags, checkTime, normalizeTag } from './checks';
import { iso, parseDueDate } from './dates';
import { conflict, invalid, notFound } from './errors';
import { type DeletedTodo, type NewTodo, type TodoChanges, TaskQueries, projectRecord, todoRecord } from './queries';
import { RANK, TAG_ID } from './schema';

/** The tasks model: its reads (queries.ts), and its commands, each one transaction, then published. */
export class TaskStore extends TaskQueries {
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
