/**
 * The tasks store, the board's own state and its actions, handed down by context so components
 * select narrowly (`useTasks(s => s.calls)`) and tests can hand in their own.
 */
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
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

const TasksContext = createContext<TasksContextValue | null>(null);

export function TasksProvider(props: { value: TasksContextValue; children: ReactNode }) {
  return <TasksContext.Provider value={props.value}>{props.children}</TasksContext.Provider>;
}

export function useTasksContext(): TasksContextValue {
  const value = useContext(TasksContext);
  if (!value) throw new Error('useTasksContext outside TasksProvider');
  return value;
}

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
