/**
 * The board's reading of the tasks records (shared/tasks-records.ts): the todos a filter keeps, in
 * a pending column of priority lanes and a done column, and which are overdue or due soon. Pure
 * functions of the records and the clock, tested on their own.
 */
import { DEFAULT_PROJECT, type Priority, type Project, type ProjectRecord, type Todo, type TodoRecord, dueAt } from '../../../../../shared/tasks-records';
import { type ToolDomainState, recordsOf } from '../../../stores/tool-domain-store';

export const TASKS_DOMAIN = 'tasks';

/** The tools the board calls, as an MCP client would (src/main/domains/tasks/tools.ts). */
export const TASKS_TOOLS = {
  add: 'add_todo',
  done: 'mark_done',
  undone: 'mark_undone',
  update: 'update_todo',
  remove: 'delete_todo',
  /** Studio-only: the undo of a delete, with the same id. */
  restore: 'restore_todo',
  tag: 'add_tag_to_todo',
  untag: 'remove_tag_from_todo',
} as const;

/** The pending column's lanes, top to bottom. */
export const LANES: readonly Priority[] = ['high', 'medium', 'low'];

/** A pending todo due within this long is due soon (suggest_priorities' rule: within 2 days). */
export const DUE_SOON_MS = 2 * 86_400_000;

export type Records = Pick<ToolDomainState, 'records'>;

export function todosOf(state: Records): Todo[] {
  return [...recordsOf<TodoRecord>(state, 'todo').values()].map((r) => r.todo);
}

/** The projects, the default one first, then by age. */
export function projectsOf(state: Records): Project[] {
  const projects = [...recordsOf<ProjectRecord>(state, 'project').values()].map((r) => r.project);
  return projects.sort((a, b) => Number(b.name === DEFAULT_PROJECT) - Number(a.name === DEFAULT_PROJECT) || a.created_at.localeCompare(b.created_at));
}

export interface BoardFilter {
  /** A project's id. */
  project?: string;
  tag?: string;
}

export function matchesFilter(todo: Todo, filter: BoardFilter): boolean {
  return (filter.project === undefined || todo.project_id === filter.project) && (filter.tag === undefined || todo.tags.includes(filter.tag));
}

export type DueState = 'overdue' | 'due-soon';

/** Overdue (pending, past its due moment) or due soon (pending, due within DUE_SOON_MS), by the clock now. */
export function dueState(todo: Pick<Todo, 'done' | 'due_date'>, now: number): DueState | undefined {
  if (todo.done || todo.due_date === null) return undefined;
  const at = dueAt(todo.due_date);
  if (at <= now) return 'overdue';
  return at - now <= DUE_SOON_MS ? 'due-soon' : undefined;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The due date as the card says it: `due 14 Mar`, `due today`, `overdue since 3 Mar`. */
export function dueLabel(todo: Pick<Todo, 'done' | 'due_date'>, now: number): string | undefined {
  if (todo.due_date === null) return undefined;
  const dateOnly = !todo.due_date.includes('T');
  // A date is due at the end of that day: its day is the one before its due moment.
  const at = dueAt(todo.due_date);
  const shown = dateOnly ? dayFormat.format(at - 1) : timeFormat.format(at);
  const state = dueState(todo, now);
  if (state === 'overdue') return `overdue since ${shown}`;
  if (dateOnly && new Date(at - 1).toDateString() === new Date(now).toDateString()) return 'due today';
  return `due ${shown}`;
}

/** The `YYYY-MM-DD` an input type=date shows for a due date ('' for none). */
export function dateInputValue(dueDate: string | null): string {
  if (dueDate === null) return '';
  if (!dueDate.includes('T')) return dueDate;
  const at = new Date(dueDate);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

export interface Board {
  lanes: Record<Priority, Todo[]>;
  /** Most recently done first. */
  done: Todo[];
  /** How many todos the filter hides. */
  hidden: number;
}

const dueOrder = (todo: Todo) => (todo.due_date === null ? Number.POSITIVE_INFINITY : dueAt(todo.due_date));

/**
 * The todos the filter keeps: pending ones in their priority's lane (soonest due first, then
 * oldest), done ones most recently done first.
 */
export function boardOf(todos: readonly Todo[], filter: BoardFilter): Board {
  const lanes: Record<Priority, Todo[]> = { high: [], medium: [], low: [] };
  const done: Todo[] = [];
  let hidden = 0;
  for (const todo of todos) {
    if (!matchesFilter(todo, filter)) hidden++;
    else if (todo.done) done.push(todo);
    else lanes[todo.priority].push(todo);
  }
  for (const lane of Object.values(lanes)) lane.sort((a, b) => dueOrder(a) - dueOrder(b) || a.created_at.localeCompare(b.created_at));
  done.sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? ''));
  return { lanes, done, hidden };
}

/** Every tag on a todo of the filter's project (any project without one), sorted. */
export function tagsOf(todos: readonly Todo[], project?: string): string[] {
  const tags = new Set<string>();
  for (const todo of todos) if (project === undefined || todo.project_id === project) for (const tag of todo.tags) tags.add(tag);
  return [...tags].sort();
}

/** The lane above or below (none past the top or the bottom): the keyboard's way to drag. */
export function neighbourLane(priority: Priority, direction: 'up' | 'down'): Priority | undefined {
  return LANES[LANES.indexOf(priority) + (direction === 'up' ? -1 : 1)];
}

/** The id as answers show it: its first 8 characters, enough to pass back. */
export const shortId = (id: string) => id.slice(0, 8);
