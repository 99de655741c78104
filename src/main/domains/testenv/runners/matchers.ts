/**
 * The matchers of a yaml step's `expect`, in the two ways suite files write them.
 *
 * A plain value is compared on the subset given: an object's keys not named are not checked, an
 * array is compared element by element (its length included), anything else must be equal.
 *
 * The studio's `steps:` files: an object whose keys all start with `$` is a matcher —
 *   {$exists: true|false}     the value is there (or not)
 *   {$type: T}                string, number, boolean, object, array or null
 *   {$matches: REGEX}         a string matching the regular expression (`/re/i` for flags)
 *   {$contains: X}            a string containing X, an array with an element matching X, an object matching X
 *   {$oneOf: [A, B]} ($in)    equal to one of them
 *   {$gt|$gte|$lt|$lte: N}    a number compared with N
 *   {$length: N}              a string or array of that length
 *   {$not: M}                 anything M does not match
 * (and every Preflight operator below with a `$` before it).
 *
 * Preflight's `cases:` files (dialect 'preflight'): an object with any of the operator keys `type,
 * exists, in, gt, gte, lt, lte, contains, notContains, matches, startsWith, endsWith, length, every,
 * some, not` is a set of operators (its other keys are fields below it), as Preflight reads it:
 * `exists` is "there and not null", `contains` finds an equal element in an array or a substring,
 * `length` is a number or `{gt, gte, lt, lte}` (arrays, strings, an object's keys), `every` / `some`
 * apply their conditions to each element (an empty array passes every, fails some), `not` inverts.
 *
 * In both, the strings `$exists` and `$regex:PATTERN` stand for `{exists: true}` and `{matches: PATTERN}`.
 * Every check is recorded as an assertion.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AssertionResult } from '../../../../shared/testenv-records';

/** How a file writes its matchers: `$`-keys only (the studio's steps files), or Preflight's plain operator names too. */
export type Dialect = 'studio' | 'preflight';

/** Preflight's operator names, as keys of an expectation object. */
export const PREFLIGHT_OPERATORS = ['type', 'exists', 'in', 'gt', 'gte', 'lt', 'lte', 'contains', 'notContains', 'matches', 'startsWith', 'endsWith', 'length', 'every', 'some', 'not'] as const;
const PREFLIGHT_SET = new Set<string>(PREFLIGHT_OPERATORS);
/** The `$` matchers: the studio's own and Preflight's with a `$`. */
export const MATCHERS = ['$oneOf', ...PREFLIGHT_OPERATORS.map((op) => `$${op}`)] as const;
const COMPARISONS = { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most' } as const;
type Comparison = keyof typeof COMPARISONS;

export function isMatcher(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Compares `actual` with `expected` at `target`, adding one assertion per check to `out`. */
export function matchValue(expected: unknown, actual: unknown, target: string, out: AssertionResult[], dialect: Dialect = 'studio'): void {
  if (expected === '$exists') {
    out.push(applyOperator('exists', true, actual, target, dialect));
    return;
  }
  if (typeof expected === 'string' && expected.startsWith('$regex:')) {
    out.push(applyOperator('matches', expected.slice('$regex:'.length), actual, target, dialect));
    return;
  }
  if (isMatcher(expected)) {
    for (const [matcher, operand] of Object.entries(expected)) out.push(applyOperator(matcher, operand, actual, target, dialect));
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
    expected.forEach((e, i) => matchValue(e, actual[i], `${target}[${i}]`, out, dialect));
    return;
  }
  if (isPlainObject(expected)) {
    const operators = dialect === 'preflight' && Object.keys(expected).some((k) => PREFLIGHT_SET.has(k));
    if (operators) {
      for (const [key, operand] of Object.entries(expected)) {
        if (PREFLIGHT_SET.has(key) || key.startsWith('$')) out.push(applyOperator(key, operand, actual, target, dialect));
        else matchValue(operand, isPlainObject(actual) ? actual[key] : undefined, `${target}.${key}`, out, dialect);
      }
      return;
    }
    if (!isPlainObject(actual)) {
      out.push(check(target, 'type', 'object', typeName(actual), false, `expected an object, got ${typeName(actual)}`));
      return;
    }
    for (const [key, e] of Object.entries(expected)) matchValue(e, actual[key], target ? `${target}.${key}` : key, out, dialect);
    return;
  }
  const passed = isDeepStrictEqual(expected, actual);
  out.push(check(target, 'equals', expected, actual, passed, passed ? undefined : `expected ${show(expected)}, got ${show(actual)}`));
}

/** Whether `actual` matches `expected` in every check. */
export function matches(expected: unknown, actual: unknown, dialect: Dialect = 'studio'): boolean {
  const out: AssertionResult[] = [];
  matchValue(expected, actual, '', out, dialect);
  return out.every((a) => a.passed);
}

/** One operator, written `$name` (the studio's) or `name` (Preflight's; only `exists` and `contains` differ in meaning). */
function applyOperator(written: string, operand: unknown, actual: unknown, target: string, dialect: Dialect): AssertionResult {
  const dollar = written.startsWith('$');
  const name = dollar ? written.slice(1) : written;
  const result = (passed: boolean, message: string) => check(target, name, operand, actual, passed, passed ? undefined : message);
  switch (name) {
    case 'exists': {
      // `$exists`: a value is there (null counts); Preflight's `exists`: there and not null.
      const there = dollar ? actual !== undefined : actual !== undefined && actual !== null;
      return result(there === Boolean(operand), operand ? `expected a value, got ${show(actual)}` : `expected no value, got ${show(actual)}`);
    }
    case 'type':
      return result(typeName(actual) === operand, `expected ${String(operand)}, got ${typeName(actual)}`);
    case 'matches':
    case 'startsWith':
    case 'endsWith':
      return stringTest(name, operand, actual, target);
    case 'contains':
    case 'notContains': {
      const found = containsValue(actual, operand, dollar ? (e, a) => matches(e, a, dialect) : isDeepStrictEqual);
      const passed = name === 'contains' ? found : !found;
      return result(passed, `expected ${show(actual)} ${name === 'contains' ? 'to contain' : 'not to contain'} ${show(operand)}`);
    }
    case 'oneOf':
    case 'in': {
      const options = Array.isArray(operand) ? operand : [operand];
      return result(options.some((o) => isDeepStrictEqual(o, actual)), `expected one of ${show(options)}, got ${show(actual)}`);
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return compare(name, operand, actual, target);
    case 'length':
      return lengthTest(operand, actual, target);
    case 'every':
    case 'some':
      return eachElement(name, operand, actual, target, dialect);
    case 'not': {
      const inner: AssertionResult[] = [];
      matchValue(operand, actual, target, inner, dialect);
      return result(!inner.every((a) => a.passed), `expected anything but ${show(operand)}, got ${show(actual)}`);
    }
    default: {
      const known = dollar ? MATCHERS.join(', ') : PREFLIGHT_OPERATORS.join(', ');
      return check(target, name, operand, actual, false, `unknown matcher ${written} (there are ${known})`);
    }
  }
}

/** A string, or an array's element, or (with `$contains`) an object matching the operand. */
function containsValue(actual: unknown, operand: unknown, same: (expected: unknown, item: unknown) => boolean): boolean {
  if (typeof actual === 'string') return typeof operand === 'string' || typeof operand === 'number' ? actual.includes(String(operand)) : false;
  if (Array.isArray(actual)) return actual.some((item) => same(operand, item));
  if (isPlainObject(actual)) return same(operand, actual);
  return false;
}

function stringTest(name: 'matches' | 'startsWith' | 'endsWith', operand: unknown, actual: unknown, target: string): AssertionResult {
  if (typeof operand !== 'string') return check(target, name, operand, actual, false, `${name} takes a string, got ${show(operand)}`);
  let passed: boolean;
  if (name === 'matches') {
    const regex = toRegExp(operand);
    if (!regex) return check(target, name, operand, actual, false, `${show(operand)} is not a regular expression`);
    passed = typeof actual === 'string' && regex.test(actual);
  } else {
    passed = typeof actual === 'string' && (name === 'startsWith' ? actual.startsWith(operand) : actual.endsWith(operand));
  }
  const words = { matches: 'matching', startsWith: 'starting with', endsWith: 'ending with' }[name];
  return check(target, name, operand, actual, passed, passed ? undefined : `expected a string ${words} ${name === 'matches' ? operand : show(operand)}, got ${show(actual)}`);
}

/** A number compared with the operand. */
export function compare(name: Comparison, operand: unknown, actual: unknown, target: string): AssertionResult {
  const n = Number(operand);
  const ok = typeof actual === 'number' && typeof operand === 'number' && { gt: actual > n, gte: actual >= n, lt: actual < n, lte: actual <= n }[name];
  const passed = Boolean(ok);
  return check(target, name, operand, actual, passed, passed ? undefined : `expected a number ${COMPARISONS[name]} ${show(operand)}, got ${show(actual)}`);
}

/** `length: N` or `length: {gt, gte, lt, lte}` of a string, an array or an object's keys. */
function lengthTest(operand: unknown, actual: unknown, target: string): AssertionResult {
  const length = typeof actual === 'string' || Array.isArray(actual) ? actual.length : isPlainObject(actual) ? Object.keys(actual).length : undefined;
  if (length === undefined) return check(target, 'length', operand, actual, false, `expected something with a length, got ${typeName(actual)}`);
  if (typeof operand === 'number') return check(target, 'length', operand, length, length === operand, length === operand ? undefined : `expected length ${operand}, got ${length}`);
  if (isPlainObject(operand) && Object.keys(operand).length && Object.keys(operand).every((k) => k in COMPARISONS)) {
    const failed = Object.entries(operand).map(([op, n]) => compare(op as Comparison, n, length, target)).find((a) => !a.passed);
    return check(target, 'length', operand, length, !failed, failed ? `length ${length}: ${failed.message}` : undefined);
  }
  return check(target, 'length', operand, length, false, `length takes a number or {gt, gte, lt, lte}, got ${show(operand)}`);
}

/**
 * `every` / `some`: the conditions applied to each element. For an object element its keys are the
 * element's fields (as Preflight reads them); for any other, the conditions are an expectation of it.
 */
function eachElement(name: 'every' | 'some', conditions: unknown, actual: unknown, target: string, dialect: Dialect): AssertionResult {
  if (!Array.isArray(actual)) return check(target, name, conditions, actual, false, `${name} needs an array, got ${typeName(actual)}`);
  const failures: string[] = [];
  let matched = 0;
  actual.forEach((item, i) => {
    const out: AssertionResult[] = [];
    const at = `${target}[${i}]`;
    if (isPlainObject(item) && isPlainObject(conditions)) {
      for (const [key, e] of Object.entries(conditions)) matchValue(e, item[key], `${at}.${key}`, out, dialect);
    } else {
      matchValue(conditions, item, at, out, dialect);
    }
    const bad = out.filter((a) => !a.passed);
    if (bad.length) failures.push(...bad.map((a) => `${a.target}: ${a.message}`));
    else matched++;
  });
  if (name === 'every') {
    const passed = failures.length === 0;
    return check(target, name, conditions, `${matched} of ${actual.length} match`, passed, passed ? undefined : `not every element matches: ${failures.slice(0, 3).join('; ')}`);
  }
  const passed = matched > 0;
  return check(target, name, conditions, `${matched} of ${actual.length} match`, passed, passed ? undefined : actual.length ? `no element of ${actual.length} matches (${failures[0]})` : 'the array is empty, so no element matches');
}

function toRegExp(operand: string): RegExp | undefined {
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(operand);
  try {
    return literal ? new RegExp(literal[1], literal[2]) : new RegExp(operand);
  } catch {
    return undefined;
  }
}

/** One recorded check; a passing one carries no message. */
export function check(target: string, matcher: string, expected: unknown, actual: unknown, passed: boolean, message?: string): AssertionResult {
  return { target: target || 'body', matcher, expected, actual, passed, ...(message && !passed ? { message } : {}) };
}

/** A value in a message, bounded. */
export function show(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
