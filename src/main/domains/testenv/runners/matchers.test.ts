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
