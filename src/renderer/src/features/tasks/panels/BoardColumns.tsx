/**
 * The board's columns: pending, in a lane per priority, and done. A card dropped on a lane takes
 * its priority (and is reopened if it was done); dropped on the done column it is marked done.
 */
import { useMemo, useState, type DragEvent, type ReactNode } from 'react';
import type { Priority, Todo } from '../../../../../shared/tasks-records';
import { useNow } from '../../../common/use-now';
import { LANES, boardOf } from '../model/board';
import { useProjects, useTasksActions, useTasksView, useTodos } from '../tasks-context';
import { TodoCard } from './TodoCard';

/** The clock re-reads every minute, so overdue and due-soon follow the time of day. */
const CLOCK_MS = 60_000;

const LANE_TITLES: Record<Priority | 'done', string> = { high: 'High', medium: 'Medium', low: 'Low', done: 'Done' };

function DropZone(props: { place: Priority | 'done'; count: number; children: ReactNode; empty: string; untitled?: boolean }) {
  const actions = useTasksActions();
  const dragging = useTasksView((s) => s.dragging);
  const [over, setOver] = useState(false);
  const accept = (event: DragEvent) => {
    if (!dragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  return (
    <section
      className={`tasks-lane lane-${props.place}${over ? ' drop-target' : ''}`}
      data-testid={`lane-${props.place}`}
      aria-label={`${LANE_TITLES[props.place]} (${props.count})`}
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const id = event.dataTransfer.getData('text/plain') || dragging;
        actions.endDrag();
        if (id) void actions.moveTo(id, props.place);
      }}
    >
      {!props.untitled && (
        <h3 className="lane-head">
          <span className={`priority-dot ${props.place}`} aria-hidden="true" />
          {LANE_TITLES[props.place]}
          <span className="lane-count">{props.count}</span>
        </h3>
      )}
      {props.count === 0 ? <p className="hint lane-empty">{props.empty}</p> : <ol className="lane-cards">{props.children}</ol>}
    </section>
  );
}

function Cards({ todos, now, showProject }: { todos: readonly Todo[]; now: number; showProject: boolean }) {
  return (
    <>
      {todos.map((todo) => (
        <TodoCard key={todo.id} todo={todo} now={now} showProject={showProject} />
      ))}
    </>
  );
}

export function BoardColumns() {
  const todos = useTodos();
  const project = useTasksView((s) => s.project);
  const tag = useTasksView((s) => s.tag);
  const board = useMemo(() => boardOf(todos, { project, tag }), [todos, project, tag]);
  const now = useNow(CLOCK_MS, true);
  // A card names its project only when the board shows several.
  const showProject = useProjects().length > 1 && project === undefined;
  const pending = LANES.reduce((n, lane) => n + board.lanes[lane].length, 0);
  return (
    <div className="tasks-board" data-testid="tasks-board">
      <div className="tasks-column pending">
        <h2 className="panel-heading">
          Pending <span className="lane-count">{pending}</span>
        </h2>
        <div className="tasks-lanes">
          {LANES.map((lane) => (
            <DropZone key={lane} place={lane} count={board.lanes[lane].length} empty="Drop a card here">
              <Cards todos={board.lanes[lane]} now={now} showProject={showProject} />
            </DropZone>
          ))}
        </div>
      </div>
      <div className="tasks-column done">
        <h2 className="panel-heading">
          Done <span className="lane-count">{board.done.length}</span>
        </h2>
        <DropZone place="done" count={board.done.length} empty="Nothing done yet" untitled>
          <Cards todos={board.done} now={now} showProject={showProject} />
        </DropZone>
      </div>
      {board.hidden > 0 && (
        <p className="hint tasks-hidden" data-testid="tasks-hidden">
          {board.hidden} hidden by the filter
        </p>
      )}
    </div>
  );
}
