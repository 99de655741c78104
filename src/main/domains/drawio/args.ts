/**
 * What a drawio verb reads from a parsed op beyond the shared grammar: its words in order (with
 * glued arrows split, `A->B`, and type-qualified refs such as `db:UserDB` kept as words, though
 * the grammar files them as params), and a check that it got no parameter it does not know.
 */
import { ErrorCode, StudioError } from '../../kernel/errors';
import { type ParsedOp, classifyToken, isArrow, tokenize } from '../../fcp/grammar';
import { closestMatches } from '../../kernel/suggest';
import { isTypeName } from './values';
import type { DrawioView } from './view';

export const ARROW_TOKENS = ['<->', '->', '--'] as const;
export type ArrowToken = (typeof ARROW_TOKENS)[number];

export interface Word {
  text: string;
  /** Written in quotes: never an arrow, a flag or a qualifier, whatever it contains. */
  quoted: boolean;
  arrow?: ArrowToken;
}

const ARROW_SPLIT = /(<->|->|--)/;

export interface OpArgs {
  words: Word[];
  params: Record<string, string>;
}

/**
 * The op's positional words in order. `key:value` tokens count as words only when the key is a
 * shape type (a qualified ref); selectors and other params are left to `op.selectors`/`params`.
 */
export function readArgs(op: ParsedOp, view: DrawioView): OpArgs {
  // Fast path for the common op without quotes, arrows or type-qualified refs: the grammar's positionals are the words.
  if (
    !/["']/.test(op.raw) &&
    !op.positionals.some(isArrow) &&
    !Object.keys(op.params).some((key) => isTypeName(view, key))
  ) {
    return { words: op.positionals.map((text) => ({ text, quoted: false })), params: op.params };
  }
  const words: Word[] = [];
  for (const token of tokenize(op.raw).slice(1)) {
    const c = classifyToken(token);
    if (c.kind === 'positional') words.push({ text: c.text, quoted: c.quoted });
    else if (c.kind === 'arrow') words.push(...splitArrows(c.text));
    // A type-qualified ref (`db:UserDB`, `db:A->db:B` is an arrow above) stays a word in its place.
    else if (c.kind === 'param' && isTypeName(view, c.key)) words.push({ text: token.text, quoted: false });
  }
  return { words, params: op.params };
}

function splitArrows(text: string): Word[] {
  const out: Word[] = [];
  for (const part of text.split(ARROW_SPLIT)) {
    if (!part) continue;
    const arrow = (ARROW_TOKENS as readonly string[]).includes(part) ? (part as ArrowToken) : undefined;
    out.push(arrow ? { text: part, quoted: false, arrow } : { text: part, quoted: false });
  }
  return out;
}

export interface ParamRules {
  /** Keys the verb takes. */
  allowed: readonly string[];
  /** The verb takes refs, so `db:UserDB` style keys are refs, not unknown params. */
  refs?: boolean;
  /** The verb takes @selectors. */
  selectors?: boolean;
}

/** Throws bad_param for a key the verb does not take, and for selectors where none are taken. */
export function checkParams(op: ParsedOp, params: Record<string, string>, view: DrawioView, rules: ParamRules): void {
  for (const key of Object.keys(params)) {
    if (rules.allowed.includes(key)) continue;
    if (rules.refs && isTypeName(view, key)) continue;
    const near = closestMatches(key, rules.allowed, 1);
    throw new StudioError(
      ErrorCode.badParam,
      `${op.verb} does not take ${key}:${near.length ? `. Did you mean ${near[0]}:?` : ''}`,
      rules.allowed.length ? `${op.verb} takes ${rules.allowed.map((k) => `${k}:`).join(' ')}` : `${op.verb} takes no key:value params`,
    );
  }
  if (!rules.selectors && op.selectors.length) {
    throw new StudioError(
      ErrorCode.badParam,
      `${op.verb} does not take selectors (${op.selectors.map((s) => s.raw).join(' ')})`,
      `name the shape instead, e.g. ${op.verb} AuthService`,
    );
  }
}

export function missing(what: string, syntax: string): StudioError {
  return new StudioError(ErrorCode.missingArg, `missing ${what}`, syntax);
}
