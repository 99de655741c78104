/**
 * The verb DSL shared by every FCP domain (drawio-reference.md, "Grammar"):
 * quote-aware tokens, `key:value` params, `@selectors`, arrows kept as positionals.
 */
import { ErrorCode, StudioError } from '../kernel/errors';

/** The person's selection as a bound `@selected` carries it. */
export interface SelectedRecords {
  ids: ReadonlySet<string>;
  /** How many were selected (a huge selection keeps only its first ids). */
  count: number;
  /** Which window it comes from, e.g. `browser tab 2`. */
  window: string;
}

export interface Token {
  text: string;
  /** The token began with a quote: it is always a positional, whatever it contains. */
  quoted: boolean;
  /** The characters written outside quotes: `label:"a -> b"` has bare text `label:`. */
  bare: string;
}

/** What a token is, by the grammar's rules (see `classifyToken`). */
export type TokenClass =
  | { kind: 'positional'; text: string; quoted: boolean }
  | { kind: 'arrow'; text: string }
  | { kind: 'selector'; selector: Selector }
  | { kind: 'param'; key: string; value: string };

export interface Selector {
  /** `@not:type:db` is kind `type`, value `db`, negated. */
  kind: string;
  value?: string;
  negated: boolean;
  raw: string;
  /** `@selected` once bound to the person's selection (fcp/presence.ts). */
  selection?: SelectedRecords;
}

export interface ParsedOp {
  /** First token, lowercased. */
  verb: string;
  positionals: string[];
  params: Record<string, string>;
  selectors: Selector[];
  /** The op as the client wrote it (one line). */
  raw: string;
}

const ARROWS = ['<->', '->', '--'];

function readEscape(src: string, i: number): [string, number] {
  const c = src[i];
  switch (c) {
    case 'n':
      return ['\n', i + 1];
    case 't':
      return ['\t', i + 1];
    case 'u': {
      const hex = src.slice(i + 1, i + 5);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
        throw new StudioError(ErrorCode.parse, `bad escape "\\u${hex}": \\u takes four hex digits`, '\\u00e9');
      }
      return [String.fromCharCode(parseInt(hex, 16)), i + 5];
    }
    case '"':
    case "'":
    case '\\':
      return [c, i + 1];
    default:
      // Unknown escapes keep their backslash, so Windows paths survive inside quotes.
      return ['\\' + (c ?? ''), i + 1];
  }
}

/** Reads a quoted run starting at the opening quote; returns its content and the index after it. */
function readQuoted(src: string, start: number): [string, number] {
  const quote = src[start];
  let out = '';
  let i = start + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      const [text, next] = readEscape(src, i + 1);
      out += text;
      i = next;
    } else if (c === quote) {
      return [out, i + 1];
    } else {
      out += c;
      i++;
    }
  }
  throw new StudioError(
    ErrorCode.parse,
    `unclosed quote ${quote} starting at column ${start + 1}`,
    `close it: ${src.slice(start)}${quote}`,
  );
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    if (/\s/.test(src[i])) {
      i++;
      continue;
    }
    const quoted = src[i] === '"' || src[i] === "'";
    let text = '';
    let bare = '';
    while (i < src.length && !/\s/.test(src[i])) {
      if (src[i] === '"' || src[i] === "'") {
        const [inner, next] = readQuoted(src, i);
        text += inner;
        i = next;
      } else {
        bare += src[i];
        text += src[i++];
      }
    }
    tokens.push({ text, quoted, bare });
  }
  return tokens;
}

export function isArrow(text: string): boolean {
  return ARROWS.some((a) => text.includes(a));
}

export function parseSelector(raw: string): Selector {
  let body = raw.slice(1);
  let negated = false;
  if (body.toLowerCase().startsWith('not:')) {
    negated = true;
    body = body.slice(4);
  }
  const colon = body.indexOf(':');
  const kind = (colon < 0 ? body : body.slice(0, colon)).toLowerCase();
  const value = colon < 0 ? undefined : body.slice(colon + 1);
  if (!kind) throw new StudioError(ErrorCode.parse, `empty selector "${raw}"`, '@all, @type:db, @not:type:db');
  return { kind, value, negated, raw };
}

/**
 * A quoted token is a positional; a token with an arrow outside quotes is an arrow (kept as a
 * positional, in order); `@x` is a selector; `key:value` (colon outside quotes, not first) a param.
 */
export function classifyToken(tok: Token): TokenClass {
  const { text } = tok;
  if (tok.quoted) return { kind: 'positional', text, quoted: true };
  if (isArrow(tok.bare)) return { kind: 'arrow', text };
  if (text.startsWith('@') && text.length > 1) return { kind: 'selector', selector: parseSelector(text) };
  const colon = tok.bare.indexOf(':');
  if (colon > 0) return { kind: 'param', key: text.slice(0, colon).toLowerCase(), value: text.slice(colon + 1) };
  return { kind: 'positional', text, quoted: false };
}

/** Parses one op line. Throws StudioError on an empty op or an unclosed quote. */
export function parseOp(line: string): ParsedOp {
  const raw = line.trim();
  const tokens = tokenize(raw);
  if (tokens.length === 0) throw new StudioError(ErrorCode.emptyOp, 'empty op', 'add svc AuthService');
  const [first, ...rest] = tokens;
  const op: ParsedOp = { verb: first.text.toLowerCase(), positionals: [], params: {}, selectors: [], raw };
  for (const tok of rest) {
    const c = classifyToken(tok);
    if (c.kind === 'selector') op.selectors.push(c.selector);
    else if (c.kind === 'param') op.params[c.key] = c.value;
    else op.positionals.push(c.text);
  }
  return op;
}

/**
 * Op strings of one call, with any string that holds newlines split into one op per line.
 * Blank lines between ops are dropped; an op string that is blank as a whole is kept so that
 * parsing reports it as an empty op.
 */
export function splitOps(ops: readonly string[]): string[] {
  const out: string[] = [];
  for (const op of ops) {
    if (!/[\r\n]/.test(op)) {
      out.push(op);
      continue;
    }
    const lines = op.split(/\r?\n|\r/).filter((l) => l.trim() !== '');
    if (lines.length === 0) out.push(op);
    else out.push(...lines);
  }
  return out;
}
