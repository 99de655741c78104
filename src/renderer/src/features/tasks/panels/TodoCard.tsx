/**
 * One todo on the board. A click selects it (the AI sees the selection); the selected card opens its
 * notes, due date, tags, priority and delete. The description and notes edit in place; the card
 * drags to another lane, or moves with Alt+↑/↓, to change its priority. A change by someone else
 * outlines it briefly in their colour, with their name.
 */
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PRIORITIES, type Priority, type Todo, parseLink, todoRecordId } from '../../../../../shared/tasks-records';
import { originColor } from '../../../common/origin';
import { useFreshChange } from '../../../common/use-fresh-change';
import { PERSON_ORIGIN } from '../../../../../shared/tandem-api';
import { dateInputValue, dueLabel, dueState, shortId } from '../model/board';
import type { EditedField } from '../view-store';
import { useTasks, useTasksActions, useTasksContext, useTasksView } from '../tasks-context';

/** A line of text edited in place: Enter (or leaving) saves, Escape drops the edit. */
function InPlaceEditor(props: { todo: Todo; field: EditedField; multiline?: boolean }) {
  const actions = useTasksActions();
  const [text, setText] = useState(props.todo[props.field]);
  const save = () => void actions.edit(props.todo, props.field, props.field === 'description' ? text.trim() : text);
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') actions.stopEditing();
    else if (event.key === 'Enter' && (!props.multiline || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    }
  };
  const common = {
    className: `tasks-input todo-edit ${props.field}`,
    'data-testid': `todo-edit-${props.field}`,
    'aria-label': props.field === 'description' ? 'Description' : 'Notes',
    autoFocus: true,
    value: text,
    onBlur: save,
    onKeyDown,
    onClick: (event: { stopPropagation(): void }) => event.stopPropagation(),
  };
  return props.multiline ? <textarea rows={4} {...common} onChange={(e) => setText(e.target.value)} /> : <input {...common} onChange={(e) => setText(e.target.value)} />;
}

function DueChip({ todo, now }: { todo: Todo; now: number }) {
  const label = dueLabel(todo, now);
  if (!label) return null;
  return (
    <span className={`due-chip ${dueState(todo, now) ?? ''}`} data-testid="todo-due">
      {label}
    </span>
  );
}

function Chips({ todo, showProject }: { todo: Todo; showProject: boolean }) {
  const actions = useTasksActions();
  const selected = useTasksView((s) => s.selected === todo.id);
  return (
    <div className="todo-chips">
      {showProject && <span className="project-chip">{todo.project}</span>}
      {todo.tags.map((tag) => (
        <span key={tag} className="tag-chip static" data-testid={`todo-tag-${tag}`}>
          #{tag}
          {selected && (
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove tag ${tag}`}
              data-testid={`todo-untag-${tag}`}
              onClick={(event) => {
                event.stopPropagation();
                void actions.removeTag(todo, tag);
              }}
            >
              ×
            </button>
          )}
        </span>
      ))}
      {todo.links.map((link) => {
        const { domain, target } = parseLink(link);
        return (
          <button
            key={link}
            type="button"
            className="link-chip"
            data-testid="todo-link"
            data-link={link}
            title={`Open ${target} in the ${domain} view`}
            onClick={(event) => {
              event.stopPropagation();
              void actions.openLink(link);
            }}
          >
            <span className="link-domain">{domain}</span>
            {target}
          </button>
        );
      })}
    </div>
  );
}

/** What the selected card shows besides: notes, due date, a tag to add, the priority, delete. */
function Details({ todo }: { todo: Todo }) {
  const actions = useTasksActions();
  const editingNotes = useTasksView((s) => s.editing?.todoId === todo.id && s.editing.field === 'notes');
  const [tag, setTag] = useState('');
  const stop = (event: { stopPropagation(): void }) => event.stopPropagation();
  return (
    <div className="todo-details" onClick={stop} onKeyDown={stop}>
      {editingNotes ? (
        <InPlaceEditor todo={todo} field="notes" multiline />
      ) : (
        <button type="button" className={`todo-notes${todo.notes ? '' : ' empty'}`} data-testid="todo-notes" title="Edit the notes" onClick={() => actions.startEditing(todo.id, 'notes')}>
          {todo.notes || 'Add notes…'}
        </button>
      )}
      <div className="todo-fields">
        <label className="todo-field">
          <span>Due</span>
          <input type="date" className="tasks-input" data-testid="todo-due-input" value={dateInputValue(todo.due_date)} onChange={(event) => void actions.setDue(todo, event.target.value)} />
          {todo.due_date !== null && (
            <button type="button" className="chip-remove" aria-label="Clear the due date" data-testid="todo-due-clear" onClick={() => void actions.setDue(todo, '')}>
              ×
            </button>
          )}
        </label>
        <label className="todo-field">
          <span>Priority</span>
          <select className="tasks-input" data-testid="todo-priority" value={todo.priority} onChange={(event) => void actions.setPriority(todo, event.target.value as Priority)}>
            {[...PRIORITIES].reverse().map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <form
          className="todo-field"
          onSubmit={(event) => {
            event.preventDefault();
            if (!tag.trim()) return;
            void actions.addTag(todo, tag);
            setTag('');
          }}
        >
          <span>Tag</span>
          <input className="tasks-input todo-tag-input" data-testid="todo-tag-input" placeholder="add tag" value={tag} onChange={(event) => setTag(event.target.value)} />
        </form>
        <button type="button" className="text-button danger" data-testid="todo-delete" onClick={() => void actions.remove(todo)}>
          Delete
        </button>
      </div>
    </div>
  );
}

/**
 * Who touched the card, one chip per actor, inside the card: the last to update it, and the author
 * of the change still outlined when that is someone else. A fresh change marks its actor's chip
 * (outlined in its colour) rather than adding a second name above the card.
 */
function ActorChips({ updatedBy, freshBy }: { updatedBy: string; freshBy: string | undefined }) {
  const actors = freshBy === undefined || freshBy === updatedBy ? [updatedBy] : [updatedBy, freshBy];
  return actors.map((actor, index) => (
    <span
      key={actor}
      className={`origin-chip${actor === freshBy ? ' fresh' : ''}`}
      data-testid={index === 0 ? 'todo-by' : 'todo-changed-by'}
      title={actor === PERSON_ORIGIN ? 'Last changed by you' : `${index === 0 ? 'Last changed' : 'Just changed'} by ${actor}`}
      style={{ background: actor === PERSON_ORIGIN ? 'var(--person)' : originColor(actor) }}
    >
      {actor === PERSON_ORIGIN ? 'you' : actor}
    </span>
  ));
}

export const TodoCard = memo(function TodoCard({ todo, now, showProject }: { todo: Todo; now: number; showProject: boolean }) {
  const { actions, view } = useTasksContext();
  const selected = useTasksView((s) => s.selected === todo.id);
  const editingDescription = useTasksView((s) => s.editing?.todoId === todo.id && s.editing.field === 'description');
  const dragging = useTasksView((s) => s.dragging === todo.id);
  const change = useFreshChange(useTasks((s) => s.lastChanges.get(todoRecordId(todo.id))));
  const due = dueState(todo, now);
  const element = useRef<HTMLLIElement>(null);
  // A card its keys moved (Alt+↑/↓, Space) comes back in another lane, a new element: it takes the
  // focus the old one lost, so the next key acts on it too.
  useEffect(() => {
    const nothingFocused = document.activeElement === null || document.activeElement === document.body;
    if (nothingFocused && view.getState().keyCard === todo.id) element.current?.focus();
  }, [view, todo.id]);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      void actions.cardKey(todo.id, event.key === 'ArrowUp' ? 'raise' : 'lower');
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      actions.startEditing(todo.id, 'description');
    } else if (event.key === ' ') {
      event.preventDefault();
      void actions.cardKey(todo.id, 'toggle-done');
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      void actions.cardKey(todo.id, 'delete');
    } else if (event.key === 'Escape') {
      actions.select(undefined);
    }
  };

  return (
    <li
      ref={element}
      className={`todo-card${selected ? ' selected' : ''}${todo.done ? ' done' : ''}${due ? ` ${due}` : ''}${dragging ? ' dragging' : ''}`}
      data-testid="todo-card"
      data-todo-id={todo.id}
      data-priority={todo.priority}
      data-done={todo.done}
      data-due={due}
      tabIndex={0}
      aria-selected={selected}
      aria-label={todo.description}
      draggable={!editingDescription}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', todo.id);
        event.dataTransfer.effectAllowed = 'move';
        actions.startDrag(todo.id);
      }}
      onDragEnd={() => actions.endDrag()}
      onClick={() => actions.select(selected ? undefined : todo.id)}
      onKeyDown={onKeyDown}
    >
      {change && <div className="change-highlight" style={{ borderColor: originColor(change.origin) }} data-testid="change-highlight" data-origin={change.origin} />}
      <div className="todo-head">
        <input
          type="checkbox"
          className="todo-check"
          data-testid="todo-done"
          aria-label={todo.done ? 'Mark not done' : 'Mark done'}
          checked={todo.done}
          onClick={(event) => event.stopPropagation()}
          onChange={() => void actions.toggleDone(todo)}
        />
        {editingDescription ? (
          <InPlaceEditor todo={todo} field="description" />
        ) : (
          <span
            className="todo-description"
            data-testid="todo-description"
            title="Double-click to edit"
            onDoubleClick={(event) => {
              event.stopPropagation();
              actions.startEditing(todo.id, 'description');
            }}
          >
            {todo.description}
          </span>
        )}
      </div>
      <div className="todo-meta">
        <DueChip todo={todo} now={now} />
        <Chips todo={todo} showProject={showProject} />
      </div>
      {selected && <Details todo={todo} />}
      <div className="todo-foot">
        <ActorChips updatedBy={todo.updated_by} freshBy={change?.origin} />
        <code className="todo-id" title={todo.id}>
          {shortId(todo.id)}
        </code>
      </div>
    </li>
  );
});
