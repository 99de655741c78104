/** What every drawio verb handler starts with: the write path, its words and its checked params. */
import type { MutationContext, VerbSpec } from '../../../fcp/domain';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { ParsedOp } from '../../../fcp/grammar';
import { type ArrowToken, type ParamRules, type Word, checkParams, readArgs } from '../args';
import { DrawioEdit } from '../edit';
import type { DrawioRecord } from '../../../../shared/drawio/model';

export type DrawioVerb = VerbSpec<DrawioRecord>;

export interface VerbInput {
  edit: DrawioEdit;
  words: Word[];
  params: Record<string, string>;
}

export function begin(op: ParsedOp, ctx: MutationContext<DrawioRecord>, rules: ParamRules): VerbInput {
  const edit = new DrawioEdit(ctx.tx);
  const { words, params } = readArgs(op, edit);
  checkParams(op, params, edit, rules);
  return { edit, words, params };
}

/** The words of a verb that takes no arrows (`connect` is the verb for those). */
export function plainWords(op: ParsedOp, words: readonly Word[], syntax: string): Word[] {
  if (words.some((w) => w.arrow)) {
    throw new StudioError(ErrorCode.badParam, `${op.verb} takes no arrows`, syntax);
  }
  return [...words];
}

export interface Pair {
  source: string;
  arrow: ArrowToken;
  target: string;
}

/** Splits `A -> B <-> C` into pairs; a missing arrow or name is a missing_arg error. */
export function chainPairs(words: readonly Word[], syntax: string): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i < words.length; i++) {
    const expectArrow = i % 2 === 1;
    if (expectArrow !== Boolean(words[i].arrow)) {
      throw new StudioError(
        ErrorCode.missingArg,
        expectArrow
          ? `missing an arrow before "${words[i].text}"`
          : i === 0
            ? `missing the shape before "${words[0].text}"`
            : `missing a shape after "${words[i - 1].text}"`,
        syntax,
      );
    }
  }
  if (words.length < 2) throw new StudioError(ErrorCode.missingArg, 'missing SRC -> TGT', syntax);
  if (words.length % 2 === 0) throw new StudioError(ErrorCode.missingArg, `missing a shape after the last arrow`, syntax);
  for (let i = 1; i < words.length; i += 2) pairs.push({ source: words[i - 1].text, arrow: words[i].arrow!, target: words[i + 1].text });
  return pairs;
}
