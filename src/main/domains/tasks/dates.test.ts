/** Strict dates: impossible ones refused, date-only due dates kept as dates, time ranges for reports. */
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../tool-domain/domain';
import { parseDueDate, parseTimeRange } from './dates';

const refused = (input: string) => {
  try {
    parseDueDate(input);
  } catch (err) {
    expect(err).toBeInstanceOf(ToolError);
    return (err as ToolError).code;
  }
  return 'accepted';
};

describe('parseDueDate', () => {
  it('keeps a date-only due date as that date, due at the end of that day (local time)', () => {
    expect(parseDueDate('2025-03-14')).toEqual({ text: '2025-03-14', at: new Date(2025, 2, 15).getTime() });
    expect(parseDueDate('2024-02-29').text).toBe('2024-02-29');
    expect(parseDueDate(' 2025-12-31 ').at).toBe(new Date(2026, 0, 1).getTime());
  });

  it('takes a time with Z or an offset (answered in UTC), or without (local time)', () => {
    expect(parseDueDate('2025-03-14T17:00:00Z')).toEqual({ text: '2025-03-14T17:00:00.000Z', at: Date.UTC(2025, 2, 14, 17) });
    expect(parseDueDate('2025-03-14T17:00+02:00').text).toBe('2025-03-14T15:00:00.000Z');
    expect(parseDueDate('2025-03-14 08:30:15.5-0130').text).toBe('2025-03-14T10:00:15.500Z');
    expect(parseDueDate('2025-03-14T17:00').at).toBe(new Date(2025, 2, 14, 17).getTime());
  });

  it('refuses impossible dates instead of rolling them over', () => {
    for (const input of ['2025-02-30', '2023-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-01-00', '2025-03-14T24:00', '2025-03-14T10:60', '2025-03-14T10:00+15:00']) {
      expect(refused(input), input).toBe('invalid_input');
    }
    for (const input of ['tomorrow', '14/03/2025', '2025-3-14', '', '2025-03-14T', '20250314']) expect(refused(input), input).toBe('invalid_input');
    let suggestion: string | undefined;
    try {
      parseDueDate('2025-02-30');
    } catch (err) {
      suggestion = (err as ToolError).suggestion;
    }
    expect(suggestion).toBe('try: 2025-02-28');
  });
});

describe('parseTimeRange', () => {
  const now = new Date(2025, 2, 12, 15, 0).getTime(); // Wednesday 12 March 2025
  it('knows today, this week (from Monday) and this sprint (the last 14 days)', () => {
    expect(parseTimeRange('today', now)).toEqual({ label: 'today', from: new Date(2025, 2, 12).getTime(), to: new Date(2025, 2, 13).getTime() });
    expect(parseTimeRange('this-week', now).from).toBe(new Date(2025, 2, 10).getTime());
    expect(parseTimeRange('this-sprint', now).from).toBe(new Date(2025, 1, 27).getTime());
  });

  it('takes an ISO range with both ends included, and refuses one that ends before it starts', () => {
    expect(parseTimeRange('2025-03-01/2025-03-07', now)).toMatchObject({ from: new Date(2025, 2, 1).getTime(), to: new Date(2025, 2, 8).getTime() });
    expect(parseTimeRange('2025-03-01T00:00:00Z..2025-03-02T00:00:00Z', now)).toMatchObject({ from: Date.UTC(2025, 2, 1), to: Date.UTC(2025, 2, 2) });
    expect(() => parseTimeRange('2025-03-07/2025-03-01', now)).toThrow(/ends before it starts/);
    expect(() => parseTimeRange('last-year', now)).toThrow(/is not a range/);
    expect(() => parseTimeRange('2025-02-30/2025-03-01', now)).toThrow(/not a real date/);
  });
});
