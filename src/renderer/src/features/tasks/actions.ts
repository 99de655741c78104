/**
 * What the board's controls do. Every change calls the same tasks tools as an MCP client does,
 * through the tasks store, as the person; what they change comes back on the change feed. A
 * refusal shows as a toast with the domain's code, message and suggestion.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Priority, Todo } from '../../../../shared/tasks-records';
import type { Navigation } from '../../common/navigation';
import { createKeyCommandQueue } from '../../common/shortcuts';
import { dismissToast, pushCallError, pushToast } from '../../common/toasts';
import type { ToolDomainStore, ToolOutcome } from '../../stores/tool-domain-store';
import { TASKS_DOMAIN, TASKS_TOOLS, neighbourLane, projectsOf, todosOf } from './model/board';
import type { EditedField, TasksViewState } from './view-store';

/** A new todo as the add form has it. */
export interface TodoDraft {
  description: string;
  /** A project's id; the filter's project, else the default one, when unset. */
  project?: string;
  priority: Priority;
  /** `YYYY-MM-DD`, or '' for none. */
  due: string;
  /** Tags as typed: separated by spaces or commas. */
  tags: string;
}

export interface TasksActions {
  /** Answers whether the todo was added (the form clears then). */
  add(draft: TodoDraft): Promise<boolean>;
  /** Saves an edited description or notes, when it changed. */
  edit(todo: Todo, field: EditedField, text: string): Promise<void>;
  startEditing(todoId: string, field: EditedField): void;
  stopEditing(): void;
  toggleDone(todo: Todo): Promise<void>;
  setPriority(todo: Todo, priority: Priority): Promise<void>;
  /** A card dropped on a lane (reopened if done, at that priority) or on the done column. */
  moveTo(todoId: string, place: Priority | 'done'): Promise<void>;
  /** Sets the due date (`YYYY-MM-DD`), or clears it (''). */
  setDue(todo: Todo, due: string): Promise<void>;
  addTag(todo: Todo, tag: string): Promise<void>;
  removeTag(todo: Todo, tag: string): Promise<void>;
  remove(todo: Todo): Promise<void>;
  /** Puts the last deleted todo back, with the same id. */
  undoDelete(): Promise<void>;
  /**
   * A card's key, run after the keys before it have been answered, on the todo as it is then:
   * Alt+↑ twice takes a low todo to high, Space twice checks it and unchecks it.
   */
  cardKey(todoId: string, key: CardKey): Promise<void>;
  /** Mod+Z, in turn with the card keys, so a Delete just pressed is the one undone. */
  undoKey(): Promise<void>;
  forgetDeleted(): void;
  select(todoId: string | undefined): void;
  filterProject(projectId: string | undefined): void;
  filterTag(tag: string | undefined): void;
  startDrag(todoId: string): void;
  endDrag(): void;
  /** Opens a link in its view (drawio:AuthService); a link that cannot open says why in a toast. */
  openLink(link: string): Promise<void>;
  dismissToast(id: number): void;
}

/** What a key does to the focused card: Alt+↑/↓, Space, Delete. */
export type CardKey = 'raise' | 'lower' | 'toggle-done' | 'delete';

/** Tags as typed ("bug, ui frontend") as names. */
export const typedTags = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export function createTasksActions(deps: { tasks: ToolDomainStore; view: StoreApi<TasksViewState>; navigation: Pick<Navigation, 'open'> }): TasksActions {
  const { tasks, view, navigation } = deps;
  const set = (partial: Partial<TasksViewState>) => view.setState(partial);

  /** Calls the tool; a refusal becomes a toast. */
  const call = async <T>(tool: string, args: Record<string, unknown>): Promise<ToolOutcome<T>> => {
    const outcome = await tasks.call<T>(tool, args);
    if (!outcome.ok) pushCallError(view, tool, outcome.error);
    return outcome;
  };
  const update = (todo: Todo, changes: Record<string, unknown>) => call(TASKS_TOOLS.update, { todo_id: todo.id, ...changes });
  const current = (todoId: string) => todosOf(tasks.store.getState()).find((t) => t.id === todoId);
  const inTurn = createKeyCommandQueue();

  const actions: TasksActions = {
    async add(draft) {
      const project = draft.project ?? view.getState().project;
      const projectName = projectsOf(tasks.store.getState()).find((p) => p.id === project)?.name;
      const tags = typedTags(draft.tags);
      const outcome = await call<{ todo: Todo }>(TASKS_TOOLS.add, {
        description: draft.description,
        priority: draft.priority,
        ...(projectName ? { project_id: project } : {}),
        ...(draft.due ? { due_date: draft.due } : {}),
        ...(tags.length ? { tags } : {}),
      });
      if (outcome.ok) set({ selected: outcome.data.todo.id });
      return outcome.ok;
    },
    async edit(todo, field, text) {
      set({ editing: undefined });
      if (text !== todo[field]) await update(todo, { [field]: text });
    },
    startEditing: (todoId, field) => set({ editing: { todoId, field }, selected: todoId }),
    stopEditing: () => set({ editing: undefined }),
    async toggleDone(todo) {
      await call(todo.done ? TASKS_TOOLS.undone : TASKS_TOOLS.done, { todo_id: todo.id });
    },
    async setPriority(todo, priority) {
      if (priority !== todo.priority) await update(todo, { priority });
    },
    async moveTo(todoId, place) {
      const todo = current(todoId);
      if (!todo) return;
      if (place === 'done') {
        if (!todo.done) await call(TASKS_TOOLS.done, { todo_id: todo.id });
        return;
      }
      if (todo.done && !(await call(TASKS_TOOLS.undone, { todo_id: todo.id })).ok) return;
      if (place !== todo.priority) await update(todo, { priority: place });
    },
    async setDue(todo, due) {
      if ((due || null) !== todo.due_date) await update(todo, { due_date: due || null });
    },
    async addTag(todo, tag) {
      for (const name of typedTags(tag)) if (!(await call(TASKS_TOOLS.tag, { todo_id: todo.id, tag_name: name })).ok) return;
    },
    async removeTag(todo, tag) {
      await call(TASKS_TOOLS.untag, { todo_id: todo.id, tag_name: tag });
    },
    async remove(todo) {
      const outcome = await call<{ deleted: Todo }>(TASKS_TOOLS.remove, { todo_id: todo.id });
      if (outcome.ok) set({ deleted: outcome.data.deleted, ...(view.getState().selected === todo.id ? { selected: undefined } : {}) });
    },
    async undoDelete() {
      const deleted = view.getState().deleted;
      if (!deleted) return;
      const outcome = await call<{ todo: Todo }>(TASKS_TOOLS.restore, { todo: deleted });
      // A todo that cannot come back (its project went) stays gone; the toast says why.
      set({ deleted: undefined, ...(outcome.ok ? { selected: outcome.data.todo.id } : {}) });
    },
    cardKey: (todoId, key) => {
      set({ keyCard: todoId });
      return inTurn(() => {
        const todo = current(todoId);
        if (!todo) return;
        if (key === 'toggle-done') return actions.toggleDone(todo);
        if (key === 'delete') return actions.remove(todo);
        const lane = todo.done ? undefined : neighbourLane(todo.priority, key === 'raise' ? 'up' : 'down');
        return lane && actions.setPriority(todo, lane);
      });
    },
    undoKey: () => inTurn(() => actions.undoDelete()),
    forgetDeleted: () => set({ deleted: undefined }),
    select: (todoId) => set({ selected: todoId }),
    filterProject: (project) => set({ project, tag: undefined }),
    filterTag: (tag) => set({ tag }),
    startDrag: (todoId) => set({ dragging: todoId }),
    endDrag: () => set({ dragging: undefined }),
    async openLink(link) {
      const outcome = await navigation.open(link, TASKS_DOMAIN);
      if (!outcome.ok) pushToast(view, { message: outcome.message, hints: outcome.suggestion ? [outcome.suggestion] : [] });
    },
    dismissToast: (id) => dismissToast(view, id),
  };
  return actions;
}
