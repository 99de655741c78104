/**
 * The task board inside the chat: the live todos in high, medium and low lanes and a done column,
 * as the studio's Tasks view shows them, the AI's fresh changes marked with its name. A person
 * checks a todo off (or back on) with mark_done / mark_undone, as the board does, and a click
 * selects it: list_todos marks it `selected` for the AI.
 */
import { PRIORITIES, type TasksRecord, type Todo } from '../../shared/tasks-records';
import { element, recordView } from '../common/view-app';
import './board.css';

const board = document.getElementById('board')!;
let selected: string | undefined;

const { view, records } = recordView<TasksRecord>('tasks', 'board', draw);

const LANES = [...[...PRIORITIES].reverse().map((p) => ({ key: p, title: p, holds: (t: Todo) => !t.done && t.priority === p })), { key: 'done', title: 'done', holds: (t: Todo) => t.done }];

function draw(): void {
  const todos = [...records.byId.values()].flatMap((r) => (r.kind === 'todo' ? [r] : []));
  board.replaceChildren(
    ...LANES.map((lane) =>
      element(
        'div',
        { className: 'lane' },
        element('h3', { textContent: `${lane.title} (${todos.filter((r) => lane.holds(r.todo)).length})` }),
        ...todos
          .filter((r) => lane.holds(r.todo))
          .sort((a, b) => a.todo.created_at.localeCompare(b.todo.created_at))
          .map((r) => card(r.id, r.todo)),
      ),
    ),
  );
}

function card(recordId: string, todo: Todo): HTMLElement {
  const box = element('input', { type: 'checkbox', checked: todo.done, title: todo.done ? 'Reopen' : 'Mark done' });
  box.addEventListener('click', (event) => {
    event.stopPropagation();
    // The box shows the studio's state: it turns when the change comes back.
    event.preventDefault();
    void view.callAsPerson(todo.done ? 'mark_undone' : 'mark_done', { todo_id: todo.id });
  });
  const due = todo.due_date ? ` · due ${todo.due_date.slice(0, 10)}` : '';
  const tags = todo.tags.length ? ` · ${todo.tags.map((t) => `#${t}`).join(' ')}` : '';
  const el = element(
    'div',
    { className: `card${todo.done ? ' done' : ''}${todo.overdue ? ' overdue' : ''}${selected === recordId ? ' selected' : ''}` },
    box,
    element('span', { className: 'text', textContent: todo.description }, element('span', { className: 'meta', textContent: `${todo.project}${due}${tags}` })),
  );
  el.dataset.todoId = todo.id;
  view.markEdit(el, recordId);
  el.addEventListener('click', () => {
    selected = selected === recordId ? undefined : recordId;
    draw();
    void view.select(selected ? [selected] : []);
  });
  return el;
}

void view.connect();
