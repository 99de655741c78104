import { describe, expect, it } from 'vitest';
import { evaluateExpr, ExprError, MAX_EXPR_LENGTH, parseExpr } from './expr';

const scope = {
  status: 201,
  responseTime: 42,
  headers: { 'content-type': 'application/json', 'x-count': '3' },
  body: { score: 75, type: 'B', name: '', items: [1, 2, 3], data: { id: 7, tags: { a: 1 } }, error: null, ok: true },
};
const holds = (expr: string) => evaluateExpr(expr, scope);

describe('expr', () => {
  it("evaluates Preflight's expressions over status, body, headers and responseTime", () => {
    for (const expr of [
      'status == 201',
      'status != 200',
      'body.score >= 60 && body.score <= 100',
      'body.type == "A" || body.type == "B"',
      "body.type == 'B'",
      'body.items.length > 0',
      'body.items.length == 3',
      'body.data.tags.length == 1',
      'body.name == ""',
      'body.name != "x"',
      'headers.content-type == "application/json"',
      'body.error == null',
      'body.missing == null',
      'body.ok',
      'body.ok == true',
      '!(body.score < 60)',
      '!body.error',
      'responseTime < 1000',
      'body.score > -1',
      '(status == 200 || status == 201) && body.data.id == 7',
      '"abc" < "abd"',
    ]) {
      expect(holds(expr), expr).toBe(true);
    }
  });

  it('answers false where it does not hold, without coercion', () => {
    for (const expr of [
      'status == 200',
      'status == "201"',
      'body.score > 100',
      'body.type == "A" && body.score > 0',
      'body.items.length > 3',
      'headers.x-count > 2',
      'body.missing.deeper == 1',
      'body.missing > 0',
      'body.name',
      'body.ok == false',
      '!body.ok',
      'body.data == null',
    ]) {
      expect(holds(expr), expr).toBe(false);
    }
  });

  it('refuses what is not an expression, saying where, and never runs JavaScript', () => {
    const error = (expr: string) => {
      try {
        parseExpr(expr);
      } catch (err) {
        expect(err).toBeInstanceOf(ExprError);
        return (err as Error).message;
      }
      return 'parsed';
    };
    expect(error('status ==')).toBe('a value is expected at column 10 (found the end)');
    expect(error('status = 200')).toBe('unexpected "=" at column 8');
    expect(error('(status == 200')).toBe('a ")" is missing at column 15 (found the end)');
    expect(error('body.name == "open')).toBe('the string at column 14 is not closed');
    expect(error('status 200')).toBe('an operator is expected at column 8 (found 200)');
    expect(error('process.exit(1)')).toBe('an operator is expected at column 13 (found ()');
    expect(error('this.constructor.constructor("return process")()')).toMatch(/^an operator is expected/);
    expect(error(`${'('.repeat(40)}1${')'.repeat(40)}`)).toMatch(/nested more than 32 deep/);
    expect(error('x'.repeat(MAX_EXPR_LENGTH + 1))).toMatch(/over the limit of 1000/);
    // Names that look like JavaScript's are only paths in the scope.
    expect(evaluateExpr('constructor == null', scope)).toBe(true);
    expect(evaluateExpr('body.items.constructor == null', scope)).toBe(true);
  });
});
