/**
 * The task board (issue 9): the filters on top, the add row, the pending column in priority lanes
 * and the done column, and the activity (who changed what, live) below. The person's buttons call
 * the same tools as the AI; the selected todo is reported so the AI's list_todos marks it.
 */
import { type ReactNode, useEffect, useMemo } from 'react';
import { todoRecordId } from '../../../../shared/tasks-records';
import { ActivityPanel } from '../../common/ActivityPanel';
import { LoadState } from '../../common/LoadState';
import { useSelectionReport } from '../../common/presence';
import { isTextEntry, matchesKey } from '../../common/shortcuts';
import { Toasts } from '../../common/Toasts';
import { useViewShown } from '../../common/view-shown';
import { AddTodoForm } from './panels/AddTodoForm';
import { BoardColumns } from './panels/BoardColumns';
import { TasksToolbar } from './panels/TasksToolbar';
import { useProjects, useTasks, useTasksActions, useTasksContext, useTasksView, useTodos } from './tasks-context';
import './tasks.css';

function TasksLoadState() {
  const status = useTasks((s) => s.status);
  const error = useTasks((s) => s.loadError);
  return <LoadState status={status} error={error} noun="task board" testId="tasks-load-state" />;
}

function TasksToasts() {
  const actions = useTasksActions();
  const toasts = useTasksView((s) => s.toasts);
  return <Toasts toasts={toasts} onDismiss={actions.dismissToast} />;
}

/** After a delete: what went, and the way back (the same todo, same id). */
function UndoBar() {
  const actions = useTasksActions();
  const deleted = useTasksView((s) => s.deleted);
  if (!deleted) return null;
  return (
    <div className="tasks-undo" role="status" data-testid="tasks-undo">
      <span>
        Deleted <strong>{deleted.description}</strong>
      </span>
      <button type="button" className="text-button" data-testid="tasks-undo-button" title="Undo (Ctrl+Z)" onClick={() => void actions.undoDelete()}>
        Undo
      </button>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={actions.forgetDeleted}>
        ×
      </button>
    </div>
  );
}

/** Mod+Z puts the last deleted todo back, while the board shows and a text field does not have the key. */
function useUndoKey() {
  const { actions } = useTasksContext();
  const shown = useViewShown();
  useEffect(() => {
    if (!shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTextEntry(event.target) || !matchesKey('Mod+Z', event)) return;
      event.preventDefault();
      void actions.undoKey();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [actions, shown]);
}

/** Reports the todo the person selected (while it exists) and the project the board shows. */
function useTasksPresence() {
  const selected = useTasksView((s) => s.selected);
  const exists = useTodos().some((t) => t.id === selected);
  const projectId = useTasksView((s) => s.project);
  const project = useProjects().find((p) => p.id === projectId);
  const ids = useMemo(() => (selected && exists ? [todoRecordId(selected)] : []), [selected, exists]);
  useSelectionReport('tasks', ids, useViewShown(), project ? { kind: 'project', id: project.id, name: project.name } : undefined);
}

export function TasksView(props: { connection: ReactNode }) {
  useTasksPresence();
  useUndoKey();
  const activity = useTasks((s) => s.activity);
  return (
    <div className="tasks-view domain-layout" data-testid="tasks-view">
      <TasksToolbar connection={props.connection} />
      <AddTodoForm />
      <div className="tasks-main">
        <TasksLoadState />
        <BoardColumns />
      </div>
      <ActivityPanel activity={activity} />
      <UndoBar />
      <TasksToasts />
    </div>
  );
}
