/** The board's actions: each calls the tool an MCP client would, and a refusal or a dead link is a toast. */
import { describe, expect, it } from 'vitest';
import type { Todo } from '../../../../shared/tasks-records';
import type { ToolCallAnswer } from '../../../../shared/tandem-api';
import { createNavigation } from '../../common/navigation';
import { createToolDomainStore, dataOrErrorEnvelope } from '../../stores/tool-domain-store';
import { createFakeApi, settle } from '../../testing/fake-api';
import { createTasksActions } from './actions';
import { TASKS_DOMAIN } from './model/board';
import { createTasksViewStore } from './view-store';

const json = (body: object, isError = false): ToolCallAnswer => ({ content: [{ type: 'text', text: JSON.stringify(body) }], ...(isError ? { isError } : {}) });

const TODO: Todo = {
  id: '1a2b3c4d-0000-4000-8000-000000000001',
  project_id: 'p-web',
  project: 'web',
  description: 'Fix login',
  done: true,
  priority: 'low',
  notes: '',
  due_date: null,
  overdue: false,
  tags: ['bug'],
  links: ['drawio:Login'],
  created_at: '2025-03-01T00:00:00.000Z',
  updated_at: '2025-03-01T00:00:00.000Z',
  completed_at: '2025-03-02T00:00:00.000Z',
  updated_by: 'claude',
};

async function setup(todo: Todo = TODO) {
  const records = [
    { id: 'project:p-web', kind: 'project', project: { id: 'p-web', name: 'web', path: null, created_at: '2025-01-01T00:00:00.000Z' } },
    { id: `todo:${todo.id}`, kind: 'todo', todo },
  ];
  const api = createFakeApi({ domain: TASKS_DOMAIN, documentId: TASKS_DOMAIN, seq: 1, title: 'tasks', dirty: false, records, activity: [] });
  const calls: Array<{ tool: string; args?: Record<string, unknown> }> = [];
  const answers: Record<string, ToolCallAnswer> = {};
  api.callTool = async (_domain, tool, args) => {
    calls.push({ tool, args });
    return answers[tool] ?? json({ todo: TODO });
  };
  const tasks = createToolDomainStore(TASKS_DOMAIN, { api, envelope: dataOrErrorEnvelope });
  const view = createTasksViewStore();
  const navigation = createNavigation();
  const actions = createTasksActions({ tasks, view, navigation });
  tasks.start();
  await settle();
  return { api, calls, answers, view, navigation, actions };
}

describe('the board\'s actions', () => {
  it('adds a todo with its project, priority, due date and typed tags, and selects it', async () => {
    const { calls, view, actions } = await setup();
    actions.filterProject('p-web');
    expect(await actions.add({ description: 'Ship it', priority: 'high', due: '2025-03-14', tags: 'release, ui  docs' })).toBe(true);
    expect(calls).toEqual([{ tool: 'add_todo', args: { description: 'Ship it', priority: 'high', project_id: 'p-web', due_date: '2025-03-14', tags: ['release', 'ui', 'docs'] } }]);
    expect(view.getState().selected).toBe(TODO.id);
  });

  it('moves a done card to a lane by reopening it at that priority, and to the done column by marking it done', async () => {
    const { calls, actions } = await setup();
    await actions.moveTo(TODO.id, 'high');
    expect(calls).toEqual([
      { tool: 'mark_undone', args: { todo_id: TODO.id } },
      { tool: 'update_todo', args: { todo_id: TODO.id, priority: 'high' } },
    ]);
    calls.length = 0;
    await actions.moveTo(TODO.id, 'done'); // already done: nothing to call
    await actions.setPriority(TODO, 'low'); // the same priority: nothing either
    await actions.setDue(TODO, '');
    expect(calls).toEqual([]);
    await actions.setDue(TODO, '2025-04-01');
    expect(calls).toEqual([{ tool: 'update_todo', args: { todo_id: TODO.id, due_date: '2025-04-01' } }]);
  });

  it('keeps a deleted todo and restores that very todo on undo', async () => {
    const { calls, answers, view, actions } = await setup();
    answers.delete_todo = json({ deleted: TODO, hint: '' });
    await actions.remove(TODO);
    expect(view.getState().deleted).toEqual(TODO);
    await actions.undoDelete();
    expect(calls.at(-1)).toEqual({ tool: 'restore_todo', args: { todo: TODO } });
    expect(view.getState()).toMatchObject({ deleted: undefined, selected: TODO.id });
  });

  it('runs card keys in turn, each on the todo as the keys before it left it', async () => {
    let todo: Todo = { ...TODO, done: false, completed_at: null, priority: 'low' };
    const { api, calls, actions } = await setup(todo);
    let seq = 1;
    // As the core does: the change goes out at once, the answer comes a little later.
    api.callTool = async (_domain, tool, args) => {
      calls.push({ tool, args });
      if (tool === 'update_todo') todo = { ...todo, priority: args?.priority as Todo['priority'] };
      if (tool === 'mark_done' || tool === 'mark_undone') todo = { ...todo, done: tool === 'mark_done' };
      api.emit({ domain: TASKS_DOMAIN, documentId: TASKS_DOMAIN, seq: ++seq, origin: 'person', kind: 'tool', at: 0, ops: [tool], put: [{ id: `todo:${todo.id}`, kind: 'todo', todo }] });
      await new Promise((resolve) => setTimeout(resolve, 10));
      return json({ todo });
    };
    // Three Alt+↑ faster than the answers: low to medium to high, and the third finds it high already.
    await Promise.all([actions.cardKey(todo.id, 'raise'), actions.cardKey(todo.id, 'raise'), actions.cardKey(todo.id, 'raise')]);
    expect(calls.map((c) => c.args?.priority)).toEqual(['medium', 'high']);
    // Space twice: checked, then unchecked again.
    await Promise.all([actions.cardKey(todo.id, 'toggle-done'), actions.cardKey(todo.id, 'toggle-done')]);
    expect(calls.slice(2).map((c) => c.tool)).toEqual(['mark_done', 'mark_undone']);
    // A done card stays in its lane.
    await actions.cardKey(todo.id, 'toggle-done');
    await actions.cardKey(todo.id, 'lower');
    expect(calls.slice(4).map((c) => c.tool)).toEqual(['mark_done']);
  });

  it('shows a refusal as a toast with the code, message and suggestion', async () => {
    const { answers, view, actions } = await setup();
    answers.update_todo = json({ error: { code: 'invalid_input', message: 'description is empty', suggestion: 'say what is to be done' } }, true);
    await actions.edit(TODO, 'description', '');
    expect(view.getState().toasts).toEqual([expect.objectContaining({ message: 'update_todo: invalid_input: description is empty', hints: ['say what is to be done'] })]);
  });

  it('opens a link through the navigation, and says so in a toast when no view opens it', async () => {
    const { navigation, view, actions } = await setup();
    const revealed: string[] = [];
    navigation.register('drawio', (target) => (revealed.push(target), { ok: true }));
    await actions.openLink('drawio:Login');
    expect(revealed).toEqual(['Login']);
    await actions.openLink('architecture:Payments');
    expect(view.getState().toasts.at(-1)).toMatchObject({ message: 'No view opens architecture links yet', hints: ['links that open: drawio'] });
  });
});
