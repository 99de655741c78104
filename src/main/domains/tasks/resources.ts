/**
 * The tasks resources (specs/tasks-mcp-design.md, "Resources"): pre-built views and the query
 * template, each answering `{metadata{timestamp,count,filters}, data, links}`. Lists of todos come
 * a page at a time: a long one says `next_cursor` and links `next` to the query that goes on.
 */
import type { ResourceSpec } from '../../tool-domain/domain';
import { PRIORITIES, type Priority } from '../../../shared/tasks-records';
import { iso } from './dates';
import { invalid } from './errors';
import { PROJECT_TODOS_TEMPLATE, type TodoFilter } from './queries';
import type { TaskStore } from './store';
import type { TasksRuntime } from './tools';

/** Todos in one page of a resource. */
export const RESOURCE_PAGE = 100;

export const QUERY_TEMPLATE = 'toki://query{?project,priority,done,tag,overdue,cursor}';
const PROJECT_TODOS = PROJECT_TODOS_TEMPLATE;

const VIEWS = {
  todos: 'toki://todos',
  pending: 'toki://todos/pending',
  overdue: 'toki://todos/overdue',
  highPriority: 'toki://todos/high-priority',
  projects: 'toki://projects',
  stats: 'toki://stats',
} as const;

const NAV = { todos: VIEWS.todos, pending: VIEWS.pending, overdue: VIEWS.overdue, high_priority: VIEWS.highPriority, projects: VIEWS.projects, stats: VIEWS.stats, query: QUERY_TEMPLATE };

export interface ResourceAnswer {
  metadata: { timestamp: string; count: number; filters: Record<string, unknown>; total?: number; next_cursor?: string };
  data: unknown;
  links: Record<string, string>;
}

/** What a query URI's parameters say, as the filters of list_todos (the same names as the URI's). */
interface QueryFilters {
  project?: string;
  priority?: Priority;
  done?: boolean;
  tag?: string;
  overdue?: boolean;
}

function queryUri(filters: QueryFilters, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString().replace(/\+/g, '%20');
  return `toki://query${query ? `?${query}` : ''}`;
}

/** One page of todos matching `filters`, with the link that goes on when there is more. */
function todoPage(store: TaskStore, uri: string, filters: QueryFilters, cursor?: string): ResourceAnswer {
  const filter: TodoFilter = {
    projectId: filters.project === undefined ? undefined : store.resolveProject(filters.project).id,
    priority: filters.priority,
    done: filters.done,
    tag: filters.tag,
    overdue: filters.overdue,
  };
  const page = store.list(filter, { limit: RESOURCE_PAGE, cursor });
  const shown = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  return {
    metadata: { timestamp: iso(store.now()), count: page.todos.length, filters: shown, total: page.total, ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) },
    data: page.todos,
    links: { self: uri, ...(page.nextCursor ? { next: queryUri(filters, page.nextCursor) } : {}), ...NAV },
  };
}

const bool = (name: string, value: string | undefined): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalid(`${name}=${value} is not true or false`, `try: toki://query?${name}=true`);
};

function parseQuery(params: Record<string, string>): { filters: QueryFilters; cursor?: string } {
  const { project, priority, done, tag, overdue, cursor } = params;
  if (priority !== undefined && !(PRIORITIES as readonly string[]).includes(priority)) {
    throw invalid(`priority=${priority} is not one of ${PRIORITIES.join(', ')}`, 'try: toki://query?priority=high');
  }
  for (const [name, value] of Object.entries({ project, tag, cursor })) {
    if (value !== undefined && (value === '' || value.includes(','))) throw invalid(`${name} takes one value`, `try: toki://query?${name}=...`);
  }
  return { filters: { project, priority: priority as Priority | undefined, done: bool('done', done), tag, overdue: bool('overdue', overdue) }, cursor };
}

const view = (name: string, title: string, uri: string, description: string, filters: QueryFilters): ResourceSpec<TasksRuntime> => ({
  name,
  title,
  description,
  uri,
  read: (_uri, _params, { runtime }) => todoPage(runtime.store, uri, filters),
});

export const tasksResources: ResourceSpec<TasksRuntime>[] = [
  {
    name: 'tasks-projects',
    title: 'Projects',
    description: 'Every project with its id, name, path and todo counts.',
    uri: VIEWS.projects,
    read: (uri, _params, { runtime }) => {
      const counts = runtime.store.projectCounts();
      const data = runtime.store.projects().map((p) => ({ ...p, todo_count: counts.get(p.id)?.todos ?? 0, pending_count: counts.get(p.id)?.pending ?? 0 }));
      return { metadata: { timestamp: iso(runtime.store.now()), count: data.length, filters: {} }, data, links: { self: uri, project_todos: PROJECT_TODOS, ...NAV } };
    },
  },
  view('tasks-todos', 'All todos', VIEWS.todos, `Every todo, pending first, then by priority and age; ${RESOURCE_PAGE} a page (links.next goes on).`, {}),
  view('tasks-pending', 'Pending todos', VIEWS.pending, 'Todos not done yet, by priority and age.', { done: false }),
  view('tasks-overdue', 'Overdue todos', VIEWS.overdue, 'Pending todos whose due date has passed.', { overdue: true }),
  view('tasks-high-priority', 'High-priority todos', VIEWS.highPriority, 'Pending high-priority todos, oldest first.', { priority: 'high', done: false }),
  {
    name: 'tasks-stats',
    title: 'Task statistics',
    description: 'Totals, pending by priority and by project, overdue count and the busiest tags.',
    uri: VIEWS.stats,
    read: (uri, _params, { runtime }) => {
      const stats = runtime.store.stats();
      return { metadata: { timestamp: iso(runtime.store.now()), count: stats.total, filters: {} }, data: stats, links: { self: uri, ...NAV } };
    },
  },
  {
    name: 'tasks-project-todos',
    title: "A project's todos",
    description: `The todos of one project, by its name, id or unique id prefix (e.g. toki://projects/website/todos); ${RESOURCE_PAGE} a page.`,
    uri: PROJECT_TODOS,
    read: (uri, { project_id }, { runtime }) => {
      const project = runtime.store.resolveProject(project_id);
      const answer = todoPage(runtime.store, uri, { project: project.id });
      return { ...answer, links: { ...answer.links, project: VIEWS.projects } };
    },
  },
  {
    name: 'tasks-query',
    title: 'Todos by query',
    description:
      'Todos filtered like list_todos: any of project (name or id), priority (low|medium|high), done (true|false), tag, overdue (true|false), ' +
      'in any order, e.g. toki://query?tag=bug or toki://query?priority=high&done=false. cursor goes on from links.next.',
    uri: QUERY_TEMPLATE,
    read: (uri, params, { runtime }) => {
      const { filters, cursor } = parseQuery(params);
      return todoPage(runtime.store, uri, filters, cursor);
    },
  },
];
