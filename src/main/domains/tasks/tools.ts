/**
 * The tasks tools of specs/tasks-mcp-design.md: the CRUD ones and the five workflow ones. Each
 * description says what it does, when to use it, and what to do next; every answer carries a
 * `hint` with the next step and ids in a form the AI can pass back.
 */
import { z } from 'zod';
import { PRIORITIES, type Todo, todoRecordId } from '../../../shared/tasks-records';
import { type ToolCaller, type ToolDomainHost, defineTool } from '../../tool-domain/domain';
import { TIME_RANGES, parseTimeRange } from './dates';
import { DEFAULT_PAGE, LIMITS, checkPriority } from './checks';
import type { TaskStore } from './store';
import { analyzeWorkload, breakdown, statusReport, suggestPriorities } from './workflow';
import { invalid } from './errors';
import { projectTodosUri } from './queries';

export interface TasksRuntime {
  store: TaskStore;
}

const tool = defineTool<TasksRuntime>();

// ---- shapes ----

/** `answer`, its call's answer linking the project's todos it changed (a toki resource). */
function linked<T>(caller: ToolCaller, projectId: string, answer: T): T {
  caller.noteChanged(projectTodosUri(projectId), "the project's todos this call changed");
  return answer;
}

export const todoShape = z.object({
  id: z.string().describe('Full UUID; any unique prefix of 6+ characters works as todo_id'),
  project_id: z.string(),
  project: z.string(),
  description: z.string(),
  done: z.boolean(),
  priority: z.enum(PRIORITIES),
  notes: z.string(),
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  tags: z.array(z.string()),
  links: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  updated_by: z.string(),
});

/** A todo in list_todos: `selected` marks the one the person has selected on the board (presence). */
const listedTodoShape = todoShape.extend({
  selected: z.literal(true).optional().describe('Present, true, on the todo the person has selected on the board: "this one" in what they say'),
});

/** The ids of the todos the person has selected on the board (presence), if any. */
function selectedByPerson(host: ToolDomainHost): ReadonlySet<string> {
  const ids = host.selection()?.ids;
  if (!ids) return new Set();
  const prefix = todoRecordId('');
  return new Set([...ids].filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length)));
}

export const projectShape = z.object({ id: z.string(), name: z.string(), path: z.string().nullable(), created_at: z.string() });
const projectWithCounts = projectShape.extend({ todo_count: z.number().int(), pending_count: z.number().int() });
const hint = z.string().describe('What to do next');
const priorityCounts = z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() });

const todoId = z.string().describe("The todo's id: the full UUID or any unique prefix of at least 6 characters, e.g. '1a2b3c4d'");
const projectRef = (what: string) => z.string().describe(`${what}: the project's name (e.g. 'website'), its id, or a unique id prefix of 6+ characters`);
const priority = z.enum(PRIORITIES).describe('low | medium | high');
const dueDate = z.string().describe("ISO 8601 date, e.g. '2025-03-14' (due at the end of that day), or a time such as '2025-03-14T17:00:00Z'");
const tags = z.array(z.string()).describe("Tag names, e.g. ['bug', 'frontend']: one word each, lowercased");
const links = z.array(z.string()).describe("What the todo is about in the studio's other views, e.g. ['drawio:AuthService', 'midi:Piano', 'testenv:api/smoke']");

const WRITE = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;
const READ = { readOnlyHint: true, openWorldHint: false } as const;

const ref = (todo: Todo) => todo.id.slice(0, 8);

/** The project a filter names, by id, prefix or name (not_found when there is none). */
const projectId = (store: TaskStore, project: string | undefined) => (project === undefined ? undefined : store.resolveProject(project).id);

// ---- CRUD ----

const todoTools = [
  tool({
    name: 'add_todo',
    title: 'Add a todo',
    description:
      'Creates a todo on the shared task board that the person sees. Use it for work that is visible to people or other agents ' +
      '(a plan step, a finding, a follow-up), not for your internal scratch steps. Example: description "implement user authentication endpoint", ' +
      'priority "high", tags ["backend"]. Answers the todo with its UUID: pass it (or its first 8 characters) to mark_done when finished.',
    access: 'write',
    input: {
      description: z.string().describe(`What is to be done, one line (at most ${LIMITS.description} characters). Example: 'implement user authentication endpoint'`),
      project_id: projectRef('The project (default: the default project)').optional(),
      priority: priority.optional().describe('low | medium | high (default medium)'),
      tags: tags.optional(),
      notes: z.string().describe(`Details, context, checklists (at most ${LIMITS.notes} characters)`).optional(),
      due_date: dueDate.optional(),
      links: links.optional(),
    },
    output: { todo: todoShape, hint },
    example: { description: 'implement user authentication endpoint', priority: 'high', tags: ['backend'] },
    annotations: { ...WRITE, idempotentHint: false },
    handler: ({ project_id, ...rest }, { runtime, caller }) => {
      const todo = runtime.store.addTodo({ ...rest, project: project_id }, caller.origin);
      return linked(caller, todo.project_id, { todo, hint: `Created todo ${ref(todo)}. Use mark_done with todo_id '${ref(todo)}' when it is finished.` });
    },
  }),
  tool({
    name: 'mark_done',
    title: 'Mark a todo done',
    description:
      "Marks a todo complete, by its id or a unique prefix of 6+ characters (e.g. '1a2b3c4d'). Use it as soon as the work is finished so " +
      'the person sees progress. Marking a done todo done again changes nothing. mark_undone reopens it.',
    access: 'write',
    input: { todo_id: todoId },
    output: { todo: todoShape, changed: z.boolean(), hint },
    example: { todo_id: '1a2b3c4d' },
    annotations: { ...WRITE, idempotentHint: true },
    handler: ({ todo_id }, { runtime, caller }) => {
      const { todo, changed } = runtime.store.setDone(todo_id, true, caller.origin);
      return linked(caller, todo.project_id, { todo, changed, hint: changed ? `Done. list_todos with done false shows what is left.` : `Todo ${ref(todo)} was already done.` });
    },
  }),
  tool({
    name: 'mark_undone',
    title: 'Reopen a todo',
    description: 'Reopens a completed todo (by id or unique prefix), e.g. when the work turned out unfinished. A pending todo stays as it is.',
    access: 'write',
    input: { todo_id: todoId },
    output: { todo: todoShape, changed: z.boolean(), hint },
    example: { todo_id: '1a2b3c4d' },
    annotations: { ...WRITE, idempotentHint: true },
    handler: ({ todo_id }, { runtime, caller }) => {
      const { todo, changed } = runtime.store.setDone(todo_id, false, caller.origin);
      return linked(caller, todo.project_id, { todo, changed, hint: changed ? `Todo ${ref(todo)} is pending again.` : `Todo ${ref(todo)} was not done.` });
    },
  }),
  tool({
    name: 'delete_todo',
    title: 'Delete a todo',
    description:
      'Removes a todo permanently (with its tags and links), by id or unique prefix. Prefer mark_done for finished work: ' +
      'delete only what was a mistake or is no longer wanted.',
    access: 'write',
    input: { todo_id: todoId },
    output: { deleted: todoShape, hint },
    example: { todo_id: '1a2b3c4d' },
    annotations: { ...WRITE, destructiveHint: true, idempotentHint: false },
    handler: ({ todo_id }, { runtime, caller }) => {
      const deleted = runtime.store.deleteTodo(todo_id, caller.origin);
      return linked(caller, deleted.project_id, { deleted, hint: 'Deleted. add_todo creates it again if this was a mistake.' });
    },
  }),
  tool({
    name: 'restore_todo',
    title: 'Restore a deleted todo',
    description:
      "The board's undo of a delete: puts the todo back as delete_todo answered it, with the same id, tags and links. " +
      'Only the studio window calls it (it has the deleted todo); an AI client uses add_todo.',
    access: 'write',
    studioOnly: true,
    input: { todo: todoShape.describe('The todo as delete_todo answered it') },
    output: { todo: todoShape, hint },
    annotations: { ...WRITE, idempotentHint: false },
    handler: ({ todo }, { runtime, caller }) => {
      const restored = runtime.store.restoreTodo(todo, caller.origin);
      return linked(caller, restored.project_id, { todo: restored, hint: `Todo ${ref(restored)} is back.` });
    },
  }),
  tool({
    name: 'update_todo',
    title: 'Update a todo',
    description:
      'Changes any of a todo\'s description, priority, notes, due date (null clears it), project or links; give only the fields to change. ' +
      "Example: todo_id '1a2b3c4d', priority 'high', due_date '2025-03-14'. Tags have their own tools (add_tag_to_todo, remove_tag_from_todo).",
    access: 'write',
    input: {
      todo_id: todoId,
      description: z.string().describe('The new one-line description').optional(),
      priority: priority.optional(),
      notes: z.string().describe('The new notes (replaces them)').optional(),
      due_date: z.string().nullable().describe("ISO 8601 date, e.g. '2025-03-14', or a time; null clears it").optional(),
      project_id: projectRef('Move it to this project').optional(),
      links: links.optional().describe('The new links (replaces them), e.g. ["drawio:AuthService"]'),
    },
    output: { todo: todoShape, changed: z.array(z.string()), hint },
    example: { todo_id: '1a2b3c4d', priority: 'high', due_date: '2025-03-14' },
    annotations: { ...WRITE, idempotentHint: true },
    handler: ({ todo_id, project_id, ...changes }, { runtime, caller }) => {
      const { todo, changed } = runtime.store.updateTodo(todo_id, { ...changes, project: project_id }, caller.origin);
      return linked(caller, todo.project_id, { todo, changed, hint: `Updated ${changed.join(', ')} of todo ${ref(todo)}.` });
    },
  }),
  tool({
    name: 'list_todos',
    title: 'List todos',
    description:
      'Lists todos with any combination of filters: project_id, done, priority, tag, overdue. Without done it returns both pending and done todos; ' +
      'pending come first, then by priority (high first) and age. Answers one page (limit, default 50) with total and next_cursor; ' +
      'pass next_cursor back as cursor for the next page. A todo the person has selected on the board carries selected: true. ' +
      'Use it before adding work, to avoid duplicates.',
    access: 'read',
    input: {
      project_id: projectRef('Only this project').optional(),
      done: z.boolean().describe('true: only done todos; false: only pending ones; absent: both').optional(),
      priority: priority.optional(),
      tag: z.string().describe("Only todos with this tag, e.g. 'bug'").optional(),
      overdue: z.boolean().describe('true: only overdue todos (pending, due date passed); false: none of them').optional(),
      limit: z.number().int().describe(`Todos per page, 1 to ${LIMITS.page} (default ${DEFAULT_PAGE})`).optional(),
      cursor: z.string().describe('next_cursor from the previous page').optional(),
    },
    output: {
      todos: z.array(listedTodoShape),
      count: z.number().int(),
      total: z.number().int(),
      next_cursor: z.string().optional(),
      filters: z.record(z.string(), z.unknown()),
      hint,
    },
    example: { priority: 'high', done: false },
    annotations: READ,
    handler: ({ project_id, limit, cursor, ...rest }, { runtime, host }) => {
      if (rest.priority !== undefined) checkPriority(rest.priority);
      const filters = { ...(project_id !== undefined ? { project_id } : {}), ...rest };
      const page = runtime.store.list({ ...rest, projectId: projectId(runtime.store, project_id) }, { limit, cursor });
      const selected = selectedByPerson(host);
      return {
        todos: page.todos.map((todo) => (selected.has(todo.id) ? { ...todo, selected: true as const } : todo)),
        count: page.todos.length,
        total: page.total,
        ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
        filters,
        hint: page.nextCursor
          ? `${page.total - page.todos.length} more: call list_todos again with the same filters and cursor '${page.nextCursor}'.`
          : page.total
            ? "Pass a todo's id (or its first 8 characters) to mark_done, update_todo or add_tag_to_todo."
            : 'No todos match; add_todo creates one.',
      };
    },
  }),
];

const projectTools = [
  tool({
    name: 'add_project',
    title: 'Add a project',
    description:
      "Creates a project to group todos, optionally with the path of its checkout (e.g. '/home/me/src/website'). Names are unique (any case). " +
      'Pass the name or the answered id as project_id to add_todo and list_todos.',
    access: 'write',
    input: {
      name: z.string().describe(`Unique project name, e.g. 'website-redesign' (at most ${LIMITS.projectName} characters)`),
      path: z.string().describe('Where the project lives, e.g. its git checkout; kept as a note, never opened').optional(),
    },
    output: { project: projectShape, hint },
    example: { name: 'website-redesign', path: '/home/me/src/website' },
    annotations: { ...WRITE, idempotentHint: false },
    handler: (input, { runtime, caller }) => {
      const project = runtime.store.addProject(input, caller.origin);
      return linked(caller, project.id, { project, hint: `Created project '${project.name}'. Use project_id '${project.name}' with add_todo.` });
    },
  }),
  tool({
    name: 'list_projects',
    title: 'List projects',
    description: 'Lists every project with its id, name, path and how many todos it has (all, and pending). The default project always exists.',
    access: 'read',
    input: {},
    output: { projects: z.array(projectWithCounts), hint },
    annotations: READ,
    handler: (_args, { runtime }) => {
      const counts = runtime.store.projectCounts();
      const projects = runtime.store.projects().map((p) => ({ ...p, todo_count: counts.get(p.id)?.todos ?? 0, pending_count: counts.get(p.id)?.pending ?? 0 }));
      return { projects, hint: 'Pass a name or id as project_id to list_todos or add_todo.' };
    },
  }),
  tool({
    name: 'delete_project',
    title: 'Delete a project',
    description:
      'Deletes a project and ALL its todos (cascade), by name, id or unique id prefix. Answers how many todos went with it. ' +
      'The default project cannot be deleted. Check with list_todos first when unsure.',
    access: 'write',
    input: { project_id: projectRef('The project to delete') },
    output: { deleted: projectShape, todos_deleted: z.number().int(), hint },
    example: { project_id: 'website-redesign' },
    annotations: { ...WRITE, destructiveHint: true, idempotentHint: false },
    handler: ({ project_id }, { runtime, caller }) => {
      const { project, todosDeleted } = runtime.store.deleteProject(project_id, caller.origin);
      return { deleted: project, todos_deleted: todosDeleted, hint: `Deleted project '${project.name}' and its ${todosDeleted} todos.` };
    },
  }),
];

const tagTools = [
  tool({
    name: 'add_tag_to_todo',
    title: 'Tag a todo',
    description: "Adds a tag to a todo (by id or unique prefix), e.g. 'bug', 'phase-1', 'blocked'. Tags group work across projects; list_todos filters by tag.",
    access: 'write',
    input: { todo_id: todoId, tag_name: z.string().describe("One word, e.g. 'bug' (lowercased)") },
    output: { todo: todoShape, changed: z.boolean(), hint },
    example: { todo_id: '1a2b3c4d', tag_name: 'bug' },
    annotations: { ...WRITE, idempotentHint: true },
    handler: ({ todo_id, tag_name }, { runtime, caller }) => {
      const { todo, changed } = runtime.store.addTag(todo_id, tag_name, caller.origin);
      return linked(caller, todo.project_id, { todo, changed, hint: changed ? `Tagged. list_todos with tag '${todo.tags.at(-1)}' finds the others.` : 'It already had that tag.' });
    },
  }),
  tool({
    name: 'remove_tag_from_todo',
    title: 'Untag a todo',
    description: 'Removes a tag from a todo (by id or unique prefix). A tag the todo does not have is not_found, with the tags it has.',
    access: 'write',
    input: { todo_id: todoId, tag_name: z.string().describe("The tag, e.g. 'bug'") },
    output: { todo: todoShape, hint },
    example: { todo_id: '1a2b3c4d', tag_name: 'bug' },
    annotations: { ...WRITE, idempotentHint: false },
    handler: ({ todo_id, tag_name }, { runtime, caller }) => {
      const todo = runtime.store.removeTag(todo_id, tag_name, caller.origin);
      return linked(caller, todo.project_id, { todo, hint: 'Tag removed.' });
    },
  }),
];

// ---- workflow ----

const subtaskShape = z.object({ description: z.string(), priority: z.enum(PRIORITIES), tags: z.array(z.string()), from: z.enum(['checklist', 'steps', 'list', 'phases']) });
const projectStats = z.object({ id: z.string(), name: z.string(), pending: z.number().int(), done: z.number().int(), overdue: z.number().int() });
export const statsShape = {
  total: z.number().int(),
  pending: z.number().int(),
  done: z.number().int(),
  overdue: z.number().int(),
  pending_by_priority: priorityCounts,
  by_project: z.array(projectStats),
  top_tags: z.array(z.object({ tag: z.string(), pending: z.number().int() })),
};

const workflowTools = [
  tool({
    name: 'breakdown_task',
    title: 'Suggest subtasks',
    description:
      'Suggests subtasks for a large task, from its own text: the unchecked items of a checklist in its notes, steps ("then", "finally", ";"), ' +
      'an "and" list ("implement login, signup and reset"), or else generic phases. Give todo_id of an existing todo, or a description. ' +
      'Creates nothing: review the suggestions, then add_todo the ones you want.',
    access: 'read',
    input: {
      todo_id: todoId.optional(),
      description: z.string().describe("A task not yet on the board, e.g. 'set up CI, then add linting and finally deploy previews'").optional(),
    },
    output: { source: z.object({ todo_id: z.string().nullable(), description: z.string() }), subtasks: z.array(subtaskShape), hint },
    example: { todo_id: '1a2b3c4d' },
    annotations: READ,
    handler: ({ todo_id, description }, { runtime }) => {
      if ((todo_id === undefined) === (description === undefined)) {
        throw invalid('breakdown_task takes either todo_id or description (one of them)', "try: breakdown_task({\"todo_id\":\"1a2b3c4d\"})");
      }
      const task = todo_id !== undefined ? runtime.store.resolveTodo(todo_id) : undefined;
      const text = task?.description ?? description!.trim();
      if (!text) throw invalid('description is empty', "say what the task is, e.g. 'implement login, signup and password reset'");
      const subtasks = breakdown(task ?? { description: text, priority: 'medium', tags: [] });
      const project = task ? ` with project_id '${task.project}'` : '';
      return {
        source: { todo_id: task?.id ?? null, description: text },
        subtasks,
        hint: `Nothing was created. add_todo${project} each subtask you keep.`,
      };
    },
  }),
  tool({
    name: 'analyze_workload',
    title: 'Analyze the workload',
    description:
      'Summarizes the todos: totals, pending by priority and by project, overdue todos, bottlenecks (high-priority todos pending for over a week) ' +
      'and suggested focus. Use it at the start of a session or for a daily review. Optionally for one project.',
    access: 'read',
    input: { project_id: projectRef('Only this project').optional() },
    output: {
      ...statsShape,
      overdue_todos: z.array(todoShape),
      bottlenecks: z.array(z.object({ todo: todoShape, pending_days: z.number().int() })),
      focus: z.array(z.string()),
    },
    annotations: READ,
    handler: ({ project_id }, { runtime }) => analyzeWorkload(runtime.store, projectId(runtime.store, project_id)),
  }),
  tool({
    name: 'generate_status',
    title: 'Write a status report',
    description:
      'Writes a markdown status report: what was completed and added in a time range, and what is pending (overdue marked). ' +
      `time_range: ${TIME_RANGES.join(', ')} (the last 14 days), or an ISO range '2025-03-01/2025-03-14'; default this-week. ` +
      'Optionally for one project. Paste the markdown where the person wants it.',
    access: 'read',
    input: {
      project_id: projectRef('Only this project').optional(),
      time_range: z.string().describe(`${TIME_RANGES.join(' | ')} | an ISO range such as '2025-03-01/2025-03-14' (default this-week)`).optional(),
    },
    output: {
      markdown: z.string(),
      range: z.object({ label: z.string(), from: z.string(), to: z.string() }),
      completed: z.number().int(),
      added: z.number().int(),
      pending: z.number().int(),
      overdue: z.number().int(),
    },
    example: { project_id: 'website-redesign', time_range: 'this-week' },
    annotations: READ,
    handler: ({ project_id, time_range }, { runtime }) => {
      const range = parseTimeRange(time_range ?? 'this-week', runtime.store.now());
      return statusReport(runtime.store, range, project_id === undefined ? undefined : runtime.store.resolveProject(project_id));
    },
  }),
  tool({
    name: 'find_related_tasks',
    title: 'Find related todos',
    description:
      'Searches todos by keywords over descriptions, notes and tags (a full-text index; words also match as prefixes and stems), best match first. ' +
      "Use it before starting work to find what exists already, e.g. query 'login redirect'.",
    access: 'read',
    input: {
      query: z.string().describe("Keywords, e.g. 'login redirect bug'"),
      project_id: projectRef('Only this project').optional(),
      include_done: z.boolean().describe('Include done todos (default true)').optional(),
      limit: z.number().int().describe('At most this many results, 1 to 50 (default 10)').optional(),
    },
    output: { results: z.array(z.object({ todo: todoShape, score: z.number() })), hint },
    example: { query: 'login redirect' },
    annotations: READ,
    handler: ({ query, project_id, include_done, limit }, { runtime }) => {
      const max = limit ?? 10;
      if (max < 1 || max > 50) throw invalid('limit must be 1 to 50', 'try: limit 10');
      const results = runtime.store.search(query, { limit: max, projectId: projectId(runtime.store, project_id), includeDone: include_done ?? true });
      return { results, hint: results.length ? 'Higher score is more relevant.' : 'Nothing related; try other words, or add_todo.' };
    },
  }),
  tool({
    name: 'suggest_priorities',
    title: 'Suggest priority changes',
    description:
      'Proposes priority changes for pending todos, each with its reason: overdue or due within 2 days → high; tags such as bug, security, ' +
      'critical → high; docs, chore, cleanup → medium. Changes nothing: apply the ones you agree with using update_todo.',
    access: 'read',
    input: {
      project_id: projectRef('Only this project').optional(),
      limit: z.number().int().describe('At most this many suggestions, 1 to 500 (default 50)').optional(),
    },
    output: {
      suggestions: z.array(z.object({ todo_id: z.string(), description: z.string(), current: z.enum(PRIORITIES), suggested: z.enum(PRIORITIES), reason: z.string() })),
      considered: z.number().int(),
      hint,
    },
    annotations: READ,
    handler: ({ project_id, limit }, { runtime }) => {
      const max = limit ?? 50;
      if (max < 1 || max > LIMITS.page) throw invalid(`limit must be 1 to ${LIMITS.page}`, 'try: limit 50');
      const result = suggestPriorities(runtime.store, max, projectId(runtime.store, project_id));
      const first = result.suggestions[0];
      return {
        ...result,
        hint: first ? `Nothing was changed. Apply one with update_todo({"todo_id":"${first.todo_id.slice(0, 8)}","priority":"${first.suggested}"}).` : 'Every priority fits the rules.',
      };
    },
  }),
];

export const tasksTools = [...todoTools, ...projectTools, ...tagTools, ...workflowTools];
