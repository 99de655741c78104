/**
 * `expect.expr`: Preflight's small CEL-like expressions over a response, evaluated here by a parser
 * of its own — never as JavaScript, so a suite file cannot run code in the core. The language is
 * Preflight's:
 *
 *   status == 200
 *   body.score >= 60 && body.score <= 100
 *   body.type == "A" || body.type == "B"
 *   body.items.length > 0          headers.content-type == "application/json"
 *   !(body.error == null)          (and parentheses, `!`, and `responseTime` in ms)
 *
 * Values: numbers, "strings" or 'strings', true, false, null, and paths (names joined by dots; a
 * name may hold `-`, as header names do; `length` of an array, string or object is its size).
 * `==` / `!=` compare deeply and strictly (`status == "200"` is false; a path to nothing equals null); `<`, `<=`, `>`, `>=` compare
 * two numbers or two strings, anything else is false. An expression is at most MAX_EXPR_LENGTH
 * characters and MAX_DEPTH levels deep; a malformed one is an error naming its column.
 */
import { isDeepStrictEqual } from 'node:util';

export const MAX_EXPR_LENGTH = 1000;
const MAX_DEPTH = 32;

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'path'; names: string[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'logic'; op: '&&' | '||'; left: Node; right: Node }
  | { kind: 'compare'; op: '==' | '!=' | '<' | '<=' | '>' | '>='; left: Node; right: Node };

interface Token {
  type: 'number' | 'string' | 'name' | 'op' | 'end';
  text: string;
  value?: unknown;
  at: number;
}

export class ExprError extends Error {}

const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')'];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(i));
    if (number && (c !== '-' || !tokens.length || tokens[tokens.length - 1].type === 'op')) {
      tokens.push({ type: 'number', text: number[0], value: Number(number[0]), at: i });
      i += number[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let text = '';
      let j = i + 1;
      for (; j < source.length && source[j] !== c; j++) {
        if (source[j] === '\\' && j + 1 < source.length) j++;
        text += source[j];
      }
      if (j >= source.length) throw new ExprError(`the string at column ${i + 1} is not closed`);
      tokens.push({ type: 'string', text: source.slice(i, j + 1), value: text, at: i });
      i = j + 1;
      continue;
    }
    const name = /^[A-Za-z_$][A-Za-z0-9_$-]*(\.[A-Za-z0-9_$-]+)*/.exec(source.slice(i));
    if (name) {
      tokens.push({ type: 'name', text: name[0], at: i });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (!op) throw new ExprError(`unexpected "${c}" at column ${i + 1}`);
    tokens.push({ type: 'op', text: op, at: i });
    i += op.length;
  }
  tokens.push({ type: 'end', text: 'the end', at: source.length });
  return tokens;
}

/** Parses an expression; throws ExprError saying what is wrong and where. */
export function parseExpr(source: string): Node {
  if (source.length > MAX_EXPR_LENGTH) throw new ExprError(`the expression is ${source.length} characters, over the limit of ${MAX_EXPR_LENGTH}`);
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const take = (text: string) => (peek().type === 'op' && peek().text === text ? tokens[at++] : undefined);
  const fail = (what: string): never => {
    throw new ExprError(`${what} at column ${peek().at + 1} (found ${peek().text})`);
  };

  const logic = (op: '&&' | '||', next: (depth: number) => Node) => (depth: number): Node => {
    let left = next(depth);
    while (take(op)) left = { kind: 'logic', op, left, right: next(depth) };
    return left;
  };
  const comparison = (depth: number): Node => {
    const left = unary(depth);
    const op = (['==', '!=', '<=', '>=', '<', '>'] as const).find((o) => take(o));
    return op ? { kind: 'compare', op, left, right: unary(depth) } : left;
  };
  const unary = (depth: number): Node => {
    if (depth > MAX_DEPTH) fail(`nested more than ${MAX_DEPTH} deep`);
    if (take('!')) return { kind: 'not', operand: unary(depth + 1) };
    if (take('(')) {
      const inner = or(depth + 1);
      if (!take(')')) fail('a ")" is missing');
      return inner;
    }
    const token = peek();
    if (token.type === 'number' || token.type === 'string') {
      at++;
      return { kind: 'literal', value: token.value };
    }
    if (token.type === 'name') {
      at++;
      const words = new Map<string, unknown>([['true', true], ['false', false], ['null', null]]);
      return words.has(token.text) ? { kind: 'literal', value: words.get(token.text) } : { kind: 'path', names: token.text.split('.') };
    }
    return fail('a value is expected');
  };
  const and = logic('&&', comparison);
  const or = logic('||', and);

  const tree = or(0);
  if (peek().type !== 'end') fail('an operator is expected');
  return tree;
}

/** The value of a path in `scope` (`body.items.length`); undefined where there is nothing. */
function resolvePath(scope: Record<string, unknown>, names: string[]): unknown {
  let value: unknown = scope;
  for (const name of names) {
    if (value === null || value === undefined) return undefined;
    if (name === 'length' && (typeof value === 'string' || Array.isArray(value))) value = value.length;
    else if (typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, name)) value = (value as Record<string, unknown>)[name];
    else if (name === 'length' && typeof value === 'object') value = Object.keys(value).length;
    else return undefined;
  }
  return value;
}

function evaluate(node: Node, scope: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'path':
      return resolvePath(scope, node.names);
    case 'not':
      return !truthy(evaluate(node.operand, scope));
    case 'logic': {
      const left = truthy(evaluate(node.left, scope));
      if (node.op === '&&') return left && truthy(evaluate(node.right, scope));
      return left || truthy(evaluate(node.right, scope));
    }
    case 'compare': {
      // Nothing there compares equal to null, as a field that is absent is in JSON.
      const left = evaluate(node.left, scope) ?? null;
      const right = evaluate(node.right, scope) ?? null;
      if (node.op === '==') return isDeepStrictEqual(left, right);
      if (node.op === '!=') return !isDeepStrictEqual(left, right);
      const comparable = (typeof left === 'number' && typeof right === 'number') || (typeof left === 'string' && typeof right === 'string');
      if (!comparable) return false;
      const [a, b] = [left as number | string, right as number | string];
      return { '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[node.op];
    }
  }
}

function truthy(value: unknown): boolean {
  return value !== false && value !== null && value !== undefined && value !== 0 && value !== '';
}

/** Whether the expression holds in `scope` (status, body, headers, responseTime). Throws ExprError when malformed. */
export function evaluateExpr(source: string, scope: Record<string, unknown>): boolean {
  return truthy(evaluate(parseExpr(source), scope));
}
