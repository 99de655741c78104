/**
 * The tasks domain (`tasks`, contract: specs/tasks-mcp-design.md) as the board and the tools see it:
 * the todo and project shapes the tools answer with, and the records the core publishes on the change
 * feed (a DomainSnapshot of domain `tasks` carries them all). Shared by main and renderer.
 *
 * Record ids are `todo:<uuid>` and `project:<uuid>`; a record is replaced whole when anything in it
 * changes. Field names follow the contract (snake_case), so a record holds what a tool answers.
 */

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The project every todo without one goes to; it always exists. */
export const DEFAULT_PROJECT = 'default';

export interface Todo {
  /** A random (v4) UUID; any unique prefix of 6 or more characters names it too. */
  id: string;
  project_id: string;
  project: string;
  description: string;
  done: boolean;
  priority: Priority;
  notes: string;
  /** `YYYY-MM-DD` for a date, or an ISO time in UTC (`2025-03-01T17:00:00.000Z`); null when none. */
  due_date: string | null;
  /** Whether it is not done and its due date has passed (a date is due at the end of that day). */
  overdue: boolean;
  /** Lowercase tag names, sorted. */
  tags: string[];
  /** References to other domains' things, e.g. `drawio:AuthService`, `midi:Piano`, `testenv:api/smoke`. */
  links: string[];
  /** ISO times in UTC. */
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** Who changed it last: an MCP client's name, or `person`. */
  updated_by: string;
}

/** When a due date as todos carry it falls due (ms): a date at the end of that day, local time; a time as it says. */
export function dueAt(dueDate: string): number {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate);
  return date ? new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3]) + 1).getTime() : Date.parse(dueDate);
}

export interface Project {
  id: string;
  name: string;
  /** Where the project lives (e.g. its git checkout), as given; Tandem does not open it. */
  path: string | null;
  created_at: string;
}

export interface TodoRecord {
  readonly id: string;
  readonly kind: 'todo';
  readonly todo: Todo;
}

export interface ProjectRecord {
  readonly id: string;
  readonly kind: 'project';
  readonly project: Project;
}

export type TasksRecord = TodoRecord | ProjectRecord;

export const todoRecordId = (todoId: string) => `todo:${todoId}`;
export const projectRecordId = (projectId: string) => `project:${projectId}`;

/** The kind of thing a link points at (`drawio` of `drawio:AuthService`) and the rest. */
export function parseLink(link: string): { domain: string; target: string } {
  const at = link.indexOf(':');
  return { domain: link.slice(0, at), target: link.slice(at + 1) };
}
