/**
 * The five workflow tools' work, over the store: breakdown suggestions from a todo's own text,
 * workload analysis with bottlenecks, status reports in markdown, and priority suggestions. None of
 * them writes anything; each answers what the AI (or the person) may then do with the CRUD tools.
 */
import type { Priority, Todo } from '../../../shared/tasks-records';
import { DAY_MS, type TimeRange, iso, parseDueDate } from './dates';
import { LIMITS } from './checks';
import type { Stats } from './queries';
import type { TaskStore } from './store';

export interface Subtask {
  description: string;
  priority: Priority;
  tags: string[];
  /** What it came from: a checklist in the notes, steps in the text, an "and" list, or generic phases. */
  from: 'checklist' | 'steps' | 'list' | 'phases';
}

const MAX_SUBTASKS = 20;
const CHECKLIST_ITEM = /^\s*(?:[-*+]\s+(?:\[([ xX])\]\s+)?|\d+[.)]\s+|\[([ xX])\]\s+)(.+?)\s*$/;
const STEP_BREAK = /\s*(?:;|\.\s+|,?\s*\b(?:and then|then|after that|afterwards|finally|next)\b,?)\s*/i;
const LIST_BREAK = /\s*,\s*(?:and\s+)?|\s+and\s+/i;
const LOW_WORK = /\b(doc|docs|document|documentation|readme|changelog|announce|clean ?up)\b/i;

const sentence = (text: string) => text.replace(/^(?:first(?:ly)?|second(?:ly)?|lastly)[,:]?\s+/i, '').replace(/[.,;:]+$/, '').trim();

/** Subtasks suggested for a task from its text: a checklist in its notes, steps, an "and" list, or phases. */
export function breakdown(task: { description: string; notes?: string; priority: Priority; tags: readonly string[] }): Subtask[] {
  const suggest = (texts: string[], from: Subtask['from']): Subtask[] =>
    texts
      .map(sentence)
      .filter(Boolean)
      .slice(0, MAX_SUBTASKS)
      .map((description, i) => ({
        description: description.slice(0, LIMITS.description),
        // The first step unblocks the rest; documentation and clean-up can wait a little.
        priority: i > 0 && LOW_WORK.test(description) ? 'low' : task.priority,
        tags: [...task.tags],
        from,
      }));

  const unchecked = (task.notes ?? '')
    .split('\n')
    .map((line) => CHECKLIST_ITEM.exec(line))
    .filter((m): m is RegExpExecArray => !!m && (m[1] ?? m[2] ?? ' ') === ' ')
    .map((m) => m[3]);
  if (unchecked.length) return suggest(unchecked, 'checklist');

  const steps = task.description.split(STEP_BREAK).filter((s) => sentence(s));
  if (steps.length >= 2) return suggest(steps, 'steps');

  const list = /^(\S+)\s+(.+)$/.exec(task.description.trim());
  if (list) {
    const items = list[2].split(LIST_BREAK).filter(Boolean);
    if (items.length >= 2) return suggest(items.map((item) => `${list[1]} ${item}`), 'list');
  }

  const what = sentence(task.description);
  return suggest([`Clarify the scope and acceptance criteria of: ${what}`, `Do the work: ${what}`, `Test and review: ${what}`, `Document and announce: ${what}`], 'phases');
}

/** A pending high-priority todo older than this is a bottleneck. */
export const BOTTLENECK_DAYS = 7;
/** A todo due within this many days should be high priority. */
export const DUE_SOON_DAYS = 2;
const LISTED = 10;

export interface Workload extends Stats {
  overdue_todos: Todo[];
  bottlenecks: { todo: Todo; pending_days: number }[];
  focus: string[];
}

const short = (todo: Todo) => `'${todo.description}' (${todo.id.slice(0, 8)})`;

export function analyzeWorkload(store: TaskStore, projectId?: string): Workload {
  const now = store.now();
  const stats = store.stats(projectId);
  const overdue = store.dueBefore(now, LISTED, projectId);
  const bottlenecks = store
    .oldestPending('high', now - BOTTLENECK_DAYS * DAY_MS, LISTED, projectId)
    .map((todo) => ({ todo, pending_days: Math.floor((now - Date.parse(todo.created_at)) / DAY_MS) }));
  const focus: string[] = [];
  if (stats.overdue) focus.push(`Clear the ${stats.overdue} overdue todo${stats.overdue > 1 ? 's' : ''} first, starting with ${short(overdue[0])}.`);
  if (bottlenecks.length) {
    focus.push(`${bottlenecks.length}${bottlenecks.length === LISTED ? '+' : ''} high-priority todo(s) pending for over ${BOTTLENECK_DAYS} days: unblock or re-prioritize ${short(bottlenecks[0].todo)}.`);
  }
  const busiest = stats.by_project.find((p) => p.pending > 0);
  if (busiest && stats.by_project.length > 1) focus.push(`Project '${busiest.name}' has the most pending work (${busiest.pending}).`);
  if (stats.pending_by_priority.high) focus.push(`${stats.pending_by_priority.high} high-priority todo(s) pending; list_todos with priority "high" and done false shows them.`);
  if (!stats.pending) focus.push('Nothing is pending: plan the next work (the plan-project prompt helps).');
  return { ...stats, overdue_todos: overdue, bottlenecks, focus };
}

export interface StatusReport {
  markdown: string;
  range: { label: string; from: string; to: string };
  completed: number;
  added: number;
  pending: number;
  overdue: number;
}

const SECTION = 50;
const day = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function line(todo: Todo): string {
  const facts = [todo.priority, todo.due_date && `due ${todo.due_date}`, todo.overdue && '**overdue**', todo.tags.length && todo.tags.map((t) => `#${t}`).join(' ')].filter(Boolean);
  return `- [${todo.done ? 'x' : ' '}] ${todo.description} (${facts.join(', ')}) \`${todo.id.slice(0, 8)}\``;
}

function section(title: string, todos: readonly Todo[], total: number, empty: string): string[] {
  const lines = [`## ${title} (${total})`, ''];
  if (!todos.length) lines.push(empty);
  lines.push(...todos.map(line));
  if (total > todos.length) lines.push(`- … and ${total - todos.length} more`);
  lines.push('');
  return lines;
}

/** A markdown report of what was completed and added in `range`, and what is pending now. */
export function statusReport(store: TaskStore, range: TimeRange, project?: { id: string; name: string }): StatusReport {
  const completed = store.between('completed', range.from, range.to, SECTION, project?.id);
  const added = store.between('created', range.from, range.to, SECTION, project?.id);
  const pending = store.list({ projectId: project?.id, done: false }, { limit: SECTION });
  const overdue = store.stats(project?.id).overdue;
  const to = range.to - 1;
  const markdown = [
    `# Status: ${project ? project.name : 'all projects'}, ${range.label} (${day(range.from)} to ${day(to)})`,
    '',
    `${completed.total} completed, ${added.total} added, ${pending.total} pending${overdue ? `, ${overdue} overdue` : ''}.`,
    '',
    ...section('Completed', completed.todos, completed.total, '_Nothing completed in this period._'),
    ...section('Pending', pending.todos, pending.total, '_Nothing pending._'),
    ...section('Added', added.todos, added.total, '_Nothing added in this period._'),
  ]
    .join('\n')
    .trimEnd();
  return {
    markdown: `${markdown}\n`,
    range: { label: range.label, from: iso(range.from), to: iso(range.to) },
    completed: completed.total,
    added: added.total,
    pending: pending.total,
    overdue,
  };
}

export interface PrioritySuggestion {
  todo_id: string;
  description: string;
  current: Priority;
  suggested: Priority;
  reason: string;
}

/** Tags that make a todo high priority, and tags that make it medium (first match wins). */
export const HIGH_TAGS = ['bug', 'security', 'critical', 'urgent', 'blocker', 'hotfix', 'outage', 'regression'];
export const MEDIUM_TAGS = ['docs', 'doc', 'documentation', 'chore', 'cleanup', 'refactor'];
/** How many todos suggest_priorities looks at per rule. */
const CONSIDERED = 1000;

function ruleFor(todo: Todo, now: number): { suggested: Priority; reason: string } | undefined {
  if (todo.overdue) return { suggested: 'high', reason: `overdue: it was due ${todo.due_date}` };
  const dueAt = todo.due_date === null ? undefined : parseDueDate(todo.due_date).at;
  if (dueAt !== undefined && dueAt - now <= DUE_SOON_DAYS * DAY_MS) return { suggested: 'high', reason: `due ${todo.due_date}, within ${DUE_SOON_DAYS} days` };
  const high = todo.tags.find((t) => HIGH_TAGS.includes(t));
  if (high) return { suggested: 'high', reason: `tagged '${high}': ${high === 'bug' ? 'bugs' : `'${high}' work`} come${high === 'bug' ? '' : 's'} first` };
  const medium = todo.tags.find((t) => MEDIUM_TAGS.includes(t));
  if (medium) return { suggested: 'medium', reason: `tagged '${medium}': ${medium.startsWith('doc') ? 'documentation' : 'maintenance'} is medium priority` };
  return undefined;
}

/** Pending todos whose priority the rules would change (overdue or due soon → high, bug tags → high, docs → medium). */
export function suggestPriorities(store: TaskStore, limit: number, projectId?: string): { suggestions: PrioritySuggestion[]; considered: number } {
  const now = store.now();
  const candidates = new Map<string, Todo>();
  for (const todo of store.dueBefore(now + DUE_SOON_DAYS * DAY_MS, CONSIDERED, projectId)) candidates.set(todo.id, todo);
  for (const todo of store.pendingTagged([...HIGH_TAGS, ...MEDIUM_TAGS], CONSIDERED, projectId)) candidates.set(todo.id, todo);
  const suggestions: PrioritySuggestion[] = [];
  for (const todo of candidates.values()) {
    const rule = ruleFor(todo, now);
    if (rule && rule.suggested !== todo.priority) suggestions.push({ todo_id: todo.id, description: todo.description, current: todo.priority, ...rule });
  }
  const weight = (s: PrioritySuggestion) => (s.suggested === 'high' ? 0 : 1) + (s.reason.startsWith('overdue') ? 0 : 0.5);
  suggestions.sort((a, b) => weight(a) - weight(b));
  return { suggestions: suggestions.slice(0, limit), considered: candidates.size };
}
