/** The workflow tools' work on real data: breakdown, workload and bottlenecks, status reports, priority suggestions. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../../core/journal';
import { DAY_MS, parseTimeRange } from './dates';
import { TaskStore } from './store';
import { analyzeWorkload, breakdown, statusReport, suggestPriorities } from './workflow';

let dir: string;
let journal: Journal;
let now: number;
let store: TaskStore;
const T0 = new Date(2025, 2, 12, 12, 0).getTime(); // Wednesday 12 March 2025, noon

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-tasks-flow-'));
  journal = new Journal(join(dir, 'studio.db'));
  now = T0;
  store = new TaskStore(journal.database, () => undefined, () => now);
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('breakdown', () => {
  const base = { priority: 'high' as const, tags: ['auth'] };
  it('takes the unchecked items of a checklist in the notes', () => {
    const subtasks = breakdown({ ...base, description: 'Ship login', notes: 'Plan:\n- [x] design form\n- [ ] build the API endpoint\n* [ ] write the docs\n3. deploy' });
    expect(subtasks).toEqual([
      { description: 'build the API endpoint', priority: 'high', tags: ['auth'], from: 'checklist' },
      { description: 'write the docs', priority: 'low', tags: ['auth'], from: 'checklist' },
      { description: 'deploy', priority: 'high', tags: ['auth'], from: 'checklist' },
    ]);
  });

  it('splits steps, then "and" lists, then falls back to phases', () => {
    expect(breakdown({ ...base, description: 'First set up the database, then write the migration; finally update the README' }).map((s) => [s.description, s.priority, s.from])).toEqual([
      ['set up the database', 'high', 'steps'],
      ['write the migration', 'high', 'steps'],
      ['update the README', 'low', 'steps'],
    ]);
    expect(breakdown({ ...base, description: 'implement login, signup and password reset' }).map((s) => s.description)).toEqual([
      'implement login',
      'implement signup',
      'implement password reset',
    ]);
    const phases = breakdown({ ...base, description: 'Migrate billing' });
    expect(phases.map((s) => s.from)).toEqual(['phases', 'phases', 'phases', 'phases']);
    expect(phases[1].description).toBe('Do the work: Migrate billing');
  });
});

describe('analyzeWorkload', () => {
  it('counts by state, priority and project, and finds overdue todos and long-pending high-priority ones', () => {
    const old = store.addTodo({ description: 'Old blocker', priority: 'high' }, 'c');
    now += 10 * DAY_MS;
    store.addProject({ name: 'web' }, 'c');
    const late = store.addTodo({ description: 'Late one', project: 'web', due_date: '2025-03-20' }, 'c');
    store.addTodo({ description: 'Fresh high', project: 'web', priority: 'high' }, 'c');
    const done = store.addTodo({ description: 'Finished', priority: 'low' }, 'c');
    store.setDone(done.id, true, 'c');
    now += 3 * DAY_MS; // 25 March: the 20 March due date has passed

    const workload = analyzeWorkload(store);
    expect(workload).toMatchObject({ total: 4, pending: 3, done: 1, overdue: 1, pending_by_priority: { high: 2, medium: 1, low: 0 } });
    expect(workload.by_project.map((p) => [p.name, p.pending, p.done, p.overdue])).toEqual([
      ['web', 2, 0, 1],
      ['default', 1, 1, 0],
    ]);
    expect(workload.overdue_todos.map((t) => t.id)).toEqual([late.id]);
    expect(workload.bottlenecks).toEqual([{ todo: expect.objectContaining({ id: old.id }), pending_days: 13 }]);
    expect(workload.focus[0]).toBe(`Clear the 1 overdue todo first, starting with 'Late one' (${late.id.slice(0, 8)}).`);
    expect(workload.focus[1]).toContain("'Old blocker'");
    expect(analyzeWorkload(store, store.resolveProject('web').id)).toMatchObject({ total: 2, pending: 2, overdue: 1, bottlenecks: [] });
  });
});

describe('statusReport', () => {
  it('reports what was completed and added in the range, and what is pending, as markdown', () => {
    now = new Date(2025, 2, 3, 9).getTime(); // the week before
    const before = store.addTodo({ description: 'Last week work' }, 'c');
    now = T0;
    const a = store.addTodo({ description: 'Write tests', priority: 'high', tags: ['qa'] }, 'c');
    store.addTodo({ description: 'Still open', due_date: '2025-03-11' }, 'c');
    store.setDone(a.id, true, 'c');
    store.setDone(before.id, true, 'c');
    const report = statusReport(store, parseTimeRange('this-week', now));
    expect(report).toMatchObject({ completed: 2, added: 2, pending: 1, overdue: 1, range: { label: 'this-week' } });
    expect(report.markdown).toContain('# Status: all projects, this-week (2025-03-10 to 2025-03-12)');
    expect(report.markdown).toContain(`## Completed (2)\n\n- [x] Last week work (medium) \`${before.id.slice(0, 8)}\`\n- [x] Write tests (high, #qa) \`${a.id.slice(0, 8)}\``);
    expect(report.markdown).toContain('- [ ] Still open (medium, due 2025-03-11, **overdue**)');
    const lastWeek = statusReport(store, parseTimeRange('2025-03-01/2025-03-07', now));
    expect(lastWeek).toMatchObject({ completed: 0, added: 1 });
    expect(lastWeek.markdown).toContain('_Nothing completed in this period._');
  });
});

describe('suggestPriorities', () => {
  it('proposes overdue and due-soon → high, bug → high, docs → medium, with reasons, and changes nothing', () => {
    const overdue = store.addTodo({ description: 'Overdue', priority: 'low', due_date: '2025-03-01' }, 'c');
    const soon = store.addTodo({ description: 'Due soon', due_date: '2025-03-13' }, 'c');
    const bug = store.addTodo({ description: 'Crash', tags: ['bug'] }, 'c');
    const docs = store.addTodo({ description: 'Docs', priority: 'high', tags: ['docs'] }, 'c');
    store.addTodo({ description: 'Fine as is', priority: 'high', tags: ['bug'] }, 'c');
    store.addTodo({ description: 'Later', due_date: '2025-06-01' }, 'c');
    const { suggestions } = suggestPriorities(store, 50);
    expect(suggestions).toEqual([
      { todo_id: overdue.id, description: 'Overdue', current: 'low', suggested: 'high', reason: 'overdue: it was due 2025-03-01' },
      { todo_id: soon.id, description: 'Due soon', current: 'medium', suggested: 'high', reason: 'due 2025-03-13, within 2 days' },
      { todo_id: bug.id, description: 'Crash', current: 'medium', suggested: 'high', reason: "tagged 'bug': bugs come first" },
      { todo_id: docs.id, description: 'Docs', current: 'high', suggested: 'medium', reason: "tagged 'docs': documentation is medium priority" },
    ]);
    expect(store.resolveTodo(overdue.id).priority).toBe('low');
    expect(suggestPriorities(store, 1).suggestions).toHaveLength(1);
  });
});
