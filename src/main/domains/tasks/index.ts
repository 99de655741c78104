/**
 * The tasks domain (issue 9, contract specs/tasks-mcp-design.md): the shared task board of the
 * person and the AI. Toolset `tasks`: the tools (tools.ts), resources (resources.ts) and prompts
 * (prompts.ts) over one model in the studio's SQLite database (store.ts). The board's records are
 * published at open and on every change, whoever made it.
 */
import type { ToolDomain, ToolEnvelope } from '../../tool-domain/domain';
import { jsonDataEnvelope } from '../../tool-domain/envelopes';
import { INVALID_INPUT } from './errors';
import { tasksPrompts } from './prompts';
import { tasksResources } from './resources';
import { projectRecord, todoRecord } from './queries';
import { TaskStore } from './store';
import { type TasksRuntime, tasksTools } from './tools';

/** Answers as the contract says: the data as JSON text and structuredContent; errors as `{"error":{code,message,suggestion}}`. */
export const tasksEnvelope: ToolEnvelope = jsonDataEnvelope({ invalidInput: INVALID_INPUT }, { details: true });

export const tasksDomain: ToolDomain<TasksRuntime> = {
  name: 'tasks',
  title: 'the shared task board of the person and the AI',
  envelope: tasksEnvelope,
  tools: tasksTools,
  resources: tasksResources,
  prompts: tasksPrompts,
  apps: [
    {
      view: 'board',
      title: 'Task board',
      description: 'The live task board (priority lanes and done), the AI\'s changes marked; check a todo off, click to select it.',
      shownBy: ['add_todo', 'list_todos', 'mark_done'],
    },
  ],
  open(host) {
    const store = new TaskStore(host.database, (change) => host.publish(change));
    const projects = store.projects();
    const todos = store.allTodos();
    host.publish({ origin: 'tasks', label: 'open', lines: [`${todos.length} todos in ${projects.length} projects`], put: [...projects.map(projectRecord), ...todos.map(todoRecord)] });
    return { store };
  },
  // The project map (context domain): each project with its counts, from the kept totals.
  summary({ store }) {
    const stats = store.stats();
    return {
      items: stats.by_project.map((p) => ({
        kind: 'project',
        name: p.name,
        summary: `${p.pending} pending, ${p.done} done`,
        ...(p.overdue ? { state: `${p.overdue} overdue` } : {}),
      })),
      counts: { todos: stats.total, pending: stats.pending, done: stats.done, overdue: stats.overdue, high_priority_pending: stats.pending_by_priority.high },
    };
  },
};
