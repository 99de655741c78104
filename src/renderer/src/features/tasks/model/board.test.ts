/** The board's model: lanes, filters, overdue and due soon, the projects and tags it offers. */
import { describe, expect, it } from 'vitest';
import type { Todo } from '../../../../../shared/tasks-records';
import { applyRecordChanges } from '../../../stores/tool-domain-store';
import { DUE_SOON_MS, boardOf, dateInputValue, dueLabel, dueState, neighbourLane, projectsOf, tagsOf, todosOf } from './board';

let n = 0;
function todo(fields: Partial<Todo>): Todo {
  n++;
  return {
    id: `0000000${n}-0000-4000-8000-000000000000`,
    project_id: 'p1',
    project: 'default',
    description: `todo ${n}`,
    done: false,
    priority: 'medium',
    notes: '',
    due_date: null,
    overdue: false,
    tags: [],
    links: [],
    created_at: `2025-03-0${n % 9}T00:00:00.000Z`,
    updated_at: '2025-03-01T00:00:00.000Z',
    completed_at: null,
    updated_by: 'claude',
    ...fields,
  };
}

const NOON_10_MARCH = new Date(2025, 2, 10, 12).getTime();

describe('the board', () => {
  it('puts pending todos in their priority lane, soonest due first then oldest, and done ones newest done first', () => {
    const late = todo({ priority: 'high', due_date: '2025-03-20', created_at: '2025-01-01T00:00:00.000Z' });
    const soon = todo({ priority: 'high', due_date: '2025-03-11', created_at: '2025-02-01T00:00:00.000Z' });
    const undated = todo({ priority: 'high', created_at: '2024-01-01T00:00:00.000Z' });
    const low = todo({ priority: 'low' });
    const doneEarly = todo({ done: true, completed_at: '2025-03-01T00:00:00.000Z', priority: 'high' });
    const doneLate = todo({ done: true, completed_at: '2025-03-05T00:00:00.000Z' });
    const board = boardOf([late, low, doneEarly, undated, soon, doneLate], {});
    expect(board.lanes.high.map((t) => t.id)).toEqual([soon.id, late.id, undated.id]);
    expect(board.lanes.medium).toEqual([]);
    expect(board.lanes.low.map((t) => t.id)).toEqual([low.id]);
    expect(board.done.map((t) => t.id)).toEqual([doneLate.id, doneEarly.id]);
    expect(board.hidden).toBe(0);
  });

  it('keeps only the filter\'s project and tag, and counts what it hides', () => {
    const web = todo({ project_id: 'web', tags: ['bug', 'ui'], created_at: '2025-01-01T00:00:00.000Z' });
    const webDocs = todo({ project_id: 'web', tags: ['docs'], done: true });
    const api = todo({ project_id: 'api', tags: ['bug'], created_at: '2025-01-02T00:00:00.000Z' });
    const all = [web, webDocs, api];
    expect(boardOf(all, { project: 'web' })).toMatchObject({ lanes: { medium: [web] }, done: [webDocs], hidden: 1 });
    expect(boardOf(all, { tag: 'bug' })).toMatchObject({ lanes: { medium: [web, api] }, done: [], hidden: 1 });
    expect(boardOf(all, { project: 'api', tag: 'ui' })).toMatchObject({ lanes: { medium: [] }, hidden: 3 });
    expect(tagsOf(all)).toEqual(['bug', 'docs', 'ui']);
    expect(tagsOf(all, 'api')).toEqual(['bug']);
  });

  it('tells overdue and due-soon todos by the clock now: a date is due at the end of its day', () => {
    expect(dueState(todo({ due_date: '2025-03-09' }), NOON_10_MARCH)).toBe('overdue');
    expect(dueState(todo({ due_date: '2025-03-10' }), NOON_10_MARCH)).toBe('due-soon');
    expect(dueState(todo({ due_date: '2025-03-11' }), NOON_10_MARCH)).toBe('due-soon');
    expect(dueState(todo({ due_date: '2025-03-13' }), NOON_10_MARCH)).toBeUndefined();
    expect(dueState(todo({ due_date: new Date(NOON_10_MARCH + DUE_SOON_MS + 1).toISOString() }), NOON_10_MARCH)).toBeUndefined();
    expect(dueState(todo({ due_date: new Date(NOON_10_MARCH - 1).toISOString() }), NOON_10_MARCH)).toBe('overdue');
    // Done or undated: neither.
    expect(dueState(todo({ due_date: '2025-03-01', done: true }), NOON_10_MARCH)).toBeUndefined();
    expect(dueState(todo({}), NOON_10_MARCH)).toBeUndefined();
    // A record's own overdue flag was right when it was published; the clock decides now.
    expect(dueState(todo({ due_date: '2025-03-09', overdue: false }), NOON_10_MARCH)).toBe('overdue');
  });

  it('words the due date and gives the date input its value', () => {
    expect(dueLabel(todo({ due_date: '2025-03-10' }), NOON_10_MARCH)).toBe('due today');
    expect(dueLabel(todo({ due_date: '2025-03-09' }), NOON_10_MARCH)).toMatch(/^overdue since .*9/);
    expect(dueLabel(todo({ due_date: '2025-03-14' }), NOON_10_MARCH)).toMatch(/^due .*14/);
    expect(dueLabel(todo({}), NOON_10_MARCH)).toBeUndefined();
    expect(dateInputValue('2025-03-14')).toBe('2025-03-14');
    expect(dateInputValue(new Date(2025, 2, 14, 17).toISOString())).toBe('2025-03-14');
    expect(dateInputValue(null)).toBe('');
  });

  it('moves a lane up or down, and stops at the ends', () => {
    expect(neighbourLane('medium', 'up')).toBe('high');
    expect(neighbourLane('medium', 'down')).toBe('low');
    expect(neighbourLane('high', 'up')).toBeUndefined();
    expect(neighbourLane('low', 'down')).toBeUndefined();
  });

  it('reads todos and projects from the records, the default project first', () => {
    const records = applyRecordChanges(
      {},
      [
        { id: 'project:b', kind: 'project', project: { id: 'b', name: 'web', path: null, created_at: '2025-01-01T00:00:00.000Z' } },
        { id: 'project:a', kind: 'project', project: { id: 'a', name: 'default', path: null, created_at: '2025-02-01T00:00:00.000Z' } },
        { id: 'todo:x', kind: 'todo', todo: todo({ description: 'X' }) },
      ],
      [],
    );
    expect(projectsOf({ records }).map((p) => p.name)).toEqual(['default', 'web']);
    expect(todosOf({ records }).map((t) => t.description)).toEqual(['X']);
  });
});
