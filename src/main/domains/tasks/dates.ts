/**
 * Dates as the tasks tools take them, strictly: `2025-02-30` is refused rather than rolled over to
 * March, and a date-only due date stays that date (it is due at the end of that day, local time).
 */
import { dueAt } from '../../../shared/tasks-records';
import { invalid } from './errors';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
export const DAY_MS = 86_400_000;

export interface DueDate {
  /** As answers show it: `YYYY-MM-DD`, or the moment as an ISO time in UTC. */
  text: string;
  /** The moment it falls due (ms since the epoch): overdue once now is past it. */
  at: number;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const EXAMPLE = 'e.g. "2025-03-14", or "2025-03-14T17:00:00Z" for a time';

/** Parses a due date (a calendar date, or a date and time, with or without an offset: local time without). */
export function parseDueDate(input: string, field = 'due_date'): DueDate {
  const text = input.trim();
  const m = DATE_TIME.exec(text);
  if (!m) throw invalid(`${field} "${input}" is not a date`, `use ISO 8601, ${EXAMPLE}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    const last = month >= 1 && month <= 12 ? daysInMonth(year, month) : undefined;
    throw invalid(
      `${field} "${input}" is not a real date${last ? `: ${m[1]}-${m[2]} has ${last} days` : ''}`,
      last ? `try: ${m[1]}-${m[2]}-${String(last).padStart(2, '0')}` : `use ISO 8601, ${EXAMPLE}`,
    );
  }
  if (m[4] === undefined) {
    const date = `${m[1]}-${m[2]}-${m[3]}`;
    return { text: date, at: dueAt(date) };
  }
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) throw invalid(`${field} "${input}" has an impossible time of day`, `use ISO 8601, ${EXAMPLE}`);
  const ms = Number((m[7] ?? '0').padEnd(3, '0'));
  let at: number;
  if (m[8] === undefined) {
    at = new Date(year, month - 1, day, hour, minute, second, ms).getTime();
  } else {
    const offset = m[8] === 'Z' ? 0 : offsetMinutes(m[8]);
    if (Number.isNaN(offset)) throw invalid(`${field} "${input}" has an impossible UTC offset`, `use ISO 8601, ${EXAMPLE}`);
    at = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000;
  }
  return { text: new Date(at).toISOString(), at };
}

function offsetMinutes(offset: string): number {
  const digits = offset.slice(1).replace(':', '');
  const [h, min] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
  if (h > 14 || min > 59) return NaN;
  return (offset[0] === '-' ? -1 : 1) * (h * 60 + min);
}

export const iso = (ms: number) => new Date(ms).toISOString();

export interface TimeRange {
  /** What was asked, e.g. `this-week`. */
  label: string;
  from: number;
  /** Exclusive. */
  to: number;
}

export const TIME_RANGES = ['today', 'this-week', 'this-sprint'] as const;
/** How long a sprint is: this-sprint is the last SPRINT_DAYS days, today included. */
export const SPRINT_DAYS = 14;

const startOfDay = (ms: number) => {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};
const addDays = (ms: number, days: number) => {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
};

/**
 * `today`, `this-week` (Monday to now), `this-sprint` (the last 14 days) or an ISO range
 * `FROM/TO` (or `FROM..TO`), both ends included; a date-only end covers its whole day.
 */
export function parseTimeRange(input: string, now: number): TimeRange {
  const label = input.trim();
  const today = startOfDay(now);
  const tomorrow = addDays(today, 1);
  if (label === 'today') return { label, from: today, to: tomorrow };
  if (label === 'this-week') return { label, from: addDays(today, -((new Date(today).getDay() + 6) % 7)), to: tomorrow };
  if (label === 'this-sprint') return { label, from: addDays(today, 1 - SPRINT_DAYS), to: tomorrow };
  const parts = label.split(/\/|\.\./);
  const suggestion = `one of ${TIME_RANGES.join(', ')}, or an ISO range such as "2025-03-01/2025-03-14"`;
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw invalid(`time_range "${input}" is not a range`, suggestion);
  const from = parseDueDate(parts[0], 'time_range start');
  const to = parseDueDate(parts[1], 'time_range end');
  // A date-only start begins its day; a date-only end takes its whole day (DueDate.at is its end).
  const fromAt = from.text.length === 10 ? addDays(from.at, -1) : from.at;
  if (to.at <= fromAt) throw invalid(`time_range "${input}" ends before it starts`, suggestion);
  return { label, from: fromAt, to: to.at };
}

