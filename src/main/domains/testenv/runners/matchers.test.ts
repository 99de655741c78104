import { describe, expect, it } from 'vitest';
import type { AssertionResult } from '../../../../shared/testenv-records';
import { matches, matchValue } from './matchers';

const check = (expected: unknown, actual: unknown) => {
  const out: AssertionResult[] = [];
  matchValue(expected, actual, 'body', out);
  return out;
};

describe('matchValue', () => {
  it('compares the subset given, recording each check', () => {
    const out = check({ user: { name: 'ada', roles: ['admin'] } }, { user: { name: 'ada', roles: ['admin'], age: 36 }, extra: true });
    expect(out.map((a) => [a.target, a.matcher, a.passed])).toEqual([
      ['body.user.name', 'equals', true],
      ['body.user.roles[0]', 'equals', true],
    ]);
  });

  it('says what differs', () => {
    const [a, b, c] = check({ id: 7, tags: ['x', 'y'], meta: { ok: true } }, { id: '7', tags: ['x'], meta: null });
    expect(a).toMatchObject({ target: 'body.id', passed: false, expected: 7, actual: '7', message: 'expected 7, got "7"' });
    expect(b).toMatchObject({ target: 'body.tags.length', passed: false, message: 'expected 2 items, got 1' });
    expect(check({ meta: { ok: true } }, { meta: null })[0]).toMatchObject({ target: 'body.meta', matcher: 'type', message: 'expected an object, got null' });
    expect(c).toMatchObject({ target: 'body.tags[0]', passed: true });
  });

  it('applies the matchers', () => {
    const body = { id: 'u-12', count: 3, tags: ['a', 'b'], nested: { x: 1, y: 2 }, nothing: null };
    const pass = (expected: unknown) => expect(matches(expected, body), JSON.stringify(expected)).toBe(true);
    const fail = (expected: unknown) => expect(matches(expected, body), JSON.stringify(expected)).toBe(false);
    pass({ id: { $exists: true }, gone: { $exists: false } });
    fail({ gone: { $exists: true } });
    pass({ id: { $type: 'string' }, count: { $type: 'number' }, tags: { $type: 'array' }, nothing: { $type: 'null' } });
    fail({ tags: { $type: 'object' } });
    pass({ id: { $matches: '^u-\\d+$' } });
    pass({ id: { $matches: '/^U-/i' } });
    fail({ id: { $matches: '^x' } });
    fail({ count: { $matches: '3' } });
    pass({ id: { $contains: '-1' }, tags: { $contains: 'b' }, nested: { $contains: { y: 2 } } });
    fail({ tags: { $contains: 'c' } });
    pass({ count: { $gt: 2, $lte: 3 } });
    fail({ count: { $lt: 3 } });
    pass({ tags: { $length: 2 }, id: { $length: 4 } });
    pass({ count: { $oneOf: [1, 3] } });
    pass({ id: { $not: { $matches: '^x' } } });
    fail({ id: { $type: 'string', $matches: '^x' } });
  });

  it('refuses an unknown matcher or a bad regular expression with a message', () => {
    expect(check({ $near: 3 }, 3)[0]).toMatchObject({ passed: false, message: expect.stringMatching(/^unknown matcher \$near/) });
    expect(check({ $matches: '(' }, 'x')[0]).toMatchObject({ passed: false, message: '"(" is not a regular expression' });
  });
});

describe("Preflight's operators (dialect preflight)", () => {
  const body = {
    id: 'u-12',
    name: 'ada',
    count: 3,
    score: 0,
    tags: ['admin', 'dev'],
    users: [
      { name: 'ada', role: 'admin', email: 'a@x.io' },
      { name: 'bob', role: 'user', email: 'b@x.io' },
    ],
    empty: [],
    meta: { a: 1, b: 2 },
    nothing: null,
    url: 'https://example.com/x.json',
  };
  const pass = (expected: unknown) => expect(matches(expected, body, 'preflight'), `${JSON.stringify(expected)} should pass`).toBe(true);
  const fail = (expected: unknown) => expect(matches(expected, body, 'preflight'), `${JSON.stringify(expected)} should fail`).toBe(false);
  const preflight = (expected: unknown, actual: unknown = body) => {
    const out: AssertionResult[] = [];
    matchValue(expected, actual, 'body', out, 'preflight');
    return out;
  };

  it('type', () => {
    pass({ id: { type: 'string' }, count: { type: 'number' }, tags: { type: 'array' }, meta: { type: 'object' }, nothing: { type: 'null' } });
    fail({ tags: { type: 'object' } });
    fail({ nothing: { type: 'object' } });
  });

  it('exists (null counts as absent), and the string $exists', () => {
    pass({ id: { exists: true }, gone: { exists: false }, nothing: { exists: false } });
    fail({ nothing: { exists: true } });
    fail({ gone: { exists: true } });
    fail({ id: { exists: false } });
    pass({ id: '$exists', score: '$exists' });
    fail({ gone: '$exists' });
    fail({ nothing: '$exists' });
  });

  it('in', () => {
    pass({ name: { in: ['ada', 'bob'] }, count: { in: [1, 3] } });
    fail({ name: { in: ['eve'] } });
    fail({ count: { in: ['3'] } });
  });

  it('gt, gte, lt, lte (numbers only)', () => {
    pass({ count: { gt: 2, gte: 3, lt: 4, lte: 3 } });
    fail({ count: { gt: 3 } });
    fail({ count: { lt: 3 } });
    fail({ count: { gte: 4 } });
    fail({ count: { lte: 2 } });
    fail({ id: { gt: 0 } });
  });

  it('contains and notContains (substrings, equal elements)', () => {
    pass({ id: { contains: '-1' }, tags: { contains: 'dev' }, users: { contains: { name: 'bob', role: 'user', email: 'b@x.io' } } });
    fail({ tags: { contains: 'root' } });
    // Preflight compares elements whole: a part of one is not contained.
    fail({ users: { contains: { name: 'bob' } } });
    fail({ count: { contains: 3 } });
    pass({ id: { notContains: 'x' }, tags: { notContains: 'root' } });
    fail({ tags: { notContains: 'admin' } });
  });

  it('matches, startsWith, endsWith, and the string $regex:', () => {
    pass({ id: { matches: '^u-\\d+$' }, url: { startsWith: 'https://', endsWith: '.json' } });
    fail({ id: { matches: '^x' } });
    fail({ count: { matches: '3' } });
    fail({ url: { startsWith: 'http://' } });
    fail({ url: { endsWith: '.xml' } });
    pass({ id: '$regex:^u-\\d+$', url: '$regex:example\\.com' });
    fail({ id: '$regex:^\\d+$' });
    expect(preflight({ id: { matches: '(' } })[0]).toMatchObject({ passed: false, message: '"(" is not a regular expression' });
  });

  it('length: a number or comparisons, of strings, arrays and objects', () => {
    pass({ tags: { length: 2 }, name: { length: 3 }, meta: { length: 2 }, users: { length: { gt: 1, lte: 2 } }, empty: { length: 0 } });
    fail({ tags: { length: 3 } });
    fail({ users: { length: { gt: 2 } } });
    fail({ count: { length: 1 } });
    expect(preflight({ tags: { length: 'two' } })[0].message).toBe('length takes a number or {gt, gte, lt, lte}, got "two"');
  });

  it('every and some, over objects and over plain values', () => {
    pass({ users: { every: { email: { matches: '@' }, role: { in: ['admin', 'user'] } } }, empty: { every: { x: 1 } } });
    fail({ users: { every: { role: 'admin' } } });
    pass({ users: { some: { role: 'admin' } }, tags: { some: 'dev', every: { type: 'string' } } });
    fail({ users: { some: { role: 'root' } } });
    fail({ empty: { some: { x: 1 } } });
    fail({ id: { every: { type: 'string' } } });
    expect(preflight({ users: { every: { role: 'admin' } } })[0].message).toBe('not every element matches: body.users[1].role: expected "admin", got "user"');
    expect(preflight({ empty: { some: 'x' } })[0].message).toBe('the array is empty, so no element matches');
  });

  it('not', () => {
    pass({ name: { not: 'bob' }, count: { not: { in: [500, 502] } }, id: { not: { matches: '^x' } } });
    fail({ name: { not: 'ada' } });
    fail({ count: { not: { gt: 1 } } });
  });

  it('combines operators on one field, and keeps the other keys of an operator object as fields', () => {
    pass({ name: { type: 'string', length: { gte: 1 }, matches: '^[a-z]' } });
    fail({ name: { type: 'string', matches: '^[A-Z]' } });
    pass({ meta: { length: 2, a: 1 } });
    fail({ meta: { length: 2, a: 2 } });
  });

  it('matches nested objects and plain values exactly', () => {
    pass({ name: 'ada', count: 3, tags: ['admin', 'dev'], nothing: null, meta: { b: 2 } });
    fail({ tags: ['dev', 'admin'] });
    fail({ meta: { b: 3 } });
    fail({ nothing: 0 });
  });

  it('leaves operator names as fields in the studio dialect', () => {
    expect(matches({ kind: { type: 'admin' } }, { kind: { type: 'admin' } })).toBe(true);
    expect(matches({ kind: { type: 'admin' } }, { kind: { type: 'admin' } }, 'preflight')).toBe(false);
  });
});
