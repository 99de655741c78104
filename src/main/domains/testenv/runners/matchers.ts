/**
 * The matchers of a yaml step's `expect`: a value is compared on the subset given (an object's keys
 * not named are not checked; an array is compared element by element, its length included), and an
 * object whose keys all start with `$` is a matcher:
 *
 *   {$exists: true|false}     the value is there (or not)
 *   {$type: T}                string, number, boolean, object, array or null
 *   {$matches: REGEX}         a string matching the regular expression (`/re/i` for flags)
 *   {$contains: X}            a string containing X, an array with an element matching X, an object matching X
 *   {$oneOf: [A, B]}          equal to one of them
 *   {$gt|$gte|$lt|$lte: N}    a number compared with N
 *   {$length: N}              a string or array of that length
 *   {$not: M}                 anything M does not match
 *
 * Matchers combine: `{$type: string, $matches: '^u-'}`. Every check is recorded as an assertion.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AssertionResult } from '../../../../shared/testenv-records';

export const MATCHERS = ['$exists', '$type', '$matches', '$contains', '$oneOf', '$gt', '$gte', '$lt', '$lte', '$length', '$not'] as const;

export function isMatcher(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Compares `actual` with `expected` at `target`, adding one assertion per check to `out`. */
export function matchValue(expected: unknown, actual: unknown, target: string, out: AssertionResult[]): void {
  if (isMatcher(expected)) {
    for (const [matcher, operand] of Object.entries(expected)) out.push(applyMatcher(matcher, operand, actual, target));
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push(check(target, 'type', 'array', typeName(actual), false, `expected an array, got ${typeName(actual)}`));
      return;
    }
    if (expected.length !== actual.length) {
      out.push(check(`${target}.length`, 'equals', expected.length, actual.length, false, `expected ${expected.length} items, got ${actual.length}`));
    }
    expected.forEach((e, i) => matchValue(e, actual[i], `${target}[${i}]`, out));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      out.push(check(target, 'type', 'object', typeName(actual), false, `expected an object, got ${typeName(actual)}`));
      return;
    }
    for (const [key, e] of Object.entries(expected)) matchValue(e, (actual as Record<string, unknown>)[key], target ? `${target}.${key}` : key, out);
    return;
  }
  const passed = isDeepStrictEqual(expected, actual);
  out.push(check(target, 'equals', expected, actual, passed, passed ? undefined : `expected ${show(expected)}, got ${show(actual)}`));
}

/** Whether `actual` matches `expected` in every check. */
export function matches(expected: unknown, actual: unknown): boolean {
  const out: AssertionResult[] = [];
  matchValue(expected, actual, '', out);
  return out.every((a) => a.passed);
}

function applyMatcher(matcher: string, operand: unknown, actual: unknown, target: string): AssertionResult {
  const name = matcher.slice(1);
  const result = (passed: boolean, message: string) => check(target, name, operand, actual, passed, passed ? undefined : message);
  switch (matcher) {
    case '$exists': {
      const there = actual !== undefined;
      return result(there === Boolean(operand), operand ? 'expected a value, there is none' : `expected no value, got ${show(actual)}`);
    }
    case '$type':
      return result(typeName(actual) === operand, `expected ${String(operand)}, got ${typeName(actual)}`);
    case '$matches': {
      const regex = toRegExp(operand);
      if (!regex) return check(target, name, operand, actual, false, `${show(operand)} is not a regular expression`);
      return result(typeof actual === 'string' && regex.test(actual), `expected a string matching ${String(operand)}, got ${show(actual)}`);
    }
    case '$contains': {
      let passed = false;
      if (typeof actual === 'string') passed = actual.includes(String(operand));
      else if (Array.isArray(actual)) passed = actual.some((item) => matches(operand, item));
      else if (actual !== null && typeof actual === 'object') passed = matches(operand, actual);
      return result(passed, `expected ${show(actual)} to contain ${show(operand)}`);
    }
    case '$oneOf': {
      const options = Array.isArray(operand) ? operand : [operand];
      return result(options.some((o) => isDeepStrictEqual(o, actual)), `expected one of ${show(options)}, got ${show(actual)}`);
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      const n = Number(operand);
      const ok = typeof actual === 'number' && { $gt: actual > n, $gte: actual >= n, $lt: actual < n, $lte: actual <= n }[matcher];
      const words = { $gt: 'above', $gte: 'at least', $lt: 'below', $lte: 'at most' }[matcher];
      return result(Boolean(ok), `expected a number ${words} ${n}, got ${show(actual)}`);
    }
    case '$length': {
      const length = typeof actual === 'string' || Array.isArray(actual) ? actual.length : undefined;
      return result(length === operand, `expected length ${String(operand)}, got ${length === undefined ? typeName(actual) : length}`);
    }
    case '$not':
      return result(!matches(operand, actual), `expected anything but ${show(operand)}, got ${show(actual)}`);
    default:
      return check(target, name, operand, actual, false, `unknown matcher ${matcher} (there are ${MATCHERS.join(', ')})`);
  }
}

function toRegExp(operand: unknown): RegExp | undefined {
  if (typeof operand !== 'string') return undefined;
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(operand);
  try {
    return literal ? new RegExp(literal[1], literal[2]) : new RegExp(operand);
  } catch {
    return undefined;
  }
}

function check(target: string, matcher: string, expected: unknown, actual: unknown, passed: boolean, message?: string): AssertionResult {
  return { target: target || 'body', matcher, expected, actual, passed, ...(message ? { message } : {}) };
}

/** A value in a message, bounded. */
export function show(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
