/**
 * The tasks store, the board's own state and its actions, handed down by context so components
 * select narrowly (`useTasks(s => s.calls)`) and tests can hand in their own.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { featureContext } from '../../common/feature-context';
import type { StoreApi } from 'zustand/vanilla';
import type { Project, Todo } from '../../../../shared/tasks-records';
import type { ToolDomainState, ToolDomainStore } from '../../stores/tool-domain-store';
import { recordsOf } from '../../stores/tool-domain-store';
import type { TasksActions } from './actions';
import { projectsOf, todosOf } from './model/board';
import type { TasksViewState } from './view-store';

export interface TasksContextValue {
  tasks: ToolDomainStore;
  view: StoreApi<TasksViewState>;
  actions: TasksActions;
}

const tasksContext = featureContext<TasksContextValue>('the tasks view');
export const TasksProvider = tasksContext.Provider;
export const useTasksContext = tasksContext.use;

/** Selects from the tasks records; the component renders again only when the selection changes. */
export function useTasks<T>(selector: (state: ToolDomainState) => T): T {
  return useStore(useTasksContext().tasks.store, selector);
}

export function useTasksView<T>(selector: (state: TasksViewState) => T): T {
  return useStore(useTasksContext().view, selector);
}

export function useTasksActions(): TasksActions {
  return useTasksContext().actions;
}

/** Every todo; a new list only when a todo changed. */
export function useTodos(): Todo[] {
  const todos = useTasks((s) => recordsOf(s, 'todo'));
  return useMemo(() => todosOf({ records: { todo: todos } }), [todos]);
}

/** The projects, the default one first; a new list only when a project changed. */
export function useProjects(): Project[] {
  const projects = useTasks((s) => recordsOf(s, 'project'));
  return useMemo(() => projectsOf({ records: { project: projects } }), [projects]);
}
