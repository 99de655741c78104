/**
 * The board's own state: the filters, the todo the person has selected, the card being edited, the
 * last todo deleted here (for Undo), the card being dragged, and the toasts. None of it is the task
 * list; that lives in the tasks store.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Todo } from '../../../../shared/tasks-records';
import type { ToastState } from '../../common/toasts';

export type EditedField = 'description' | 'notes';

export interface TasksViewState extends ToastState {
  /** The project shown, by id; all projects when unset. */
  project?: string;
  tag?: string;
  /** The todo the person has selected (reported to the AI as presence). */
  selected?: string;
  editing?: { todoId: string; field: EditedField };
  /** The todo as delete_todo answered it, until it is restored or another one is deleted. */
  deleted?: Todo;
  /** The card being dragged to another lane. */
  dragging?: string;
  /** The card the person last used keys on: moved to another lane, it takes the focus back. */
  keyCard?: string;
}

export function createTasksViewStore(): StoreApi<TasksViewState> {
  return createStore<TasksViewState>()(() => ({ toasts: [] }));
}
