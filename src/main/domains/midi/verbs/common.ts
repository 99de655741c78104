/** What every midi verb handler starts with: the write path and its checked arguments. */
import type { MutationContext, VerbSpec } from '../../../fcp/domain';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { ParsedOp } from '../../../fcp/grammar';
import { closestMatches } from '../../../kernel/suggest';
import { MidiEdit } from '../edit';
import { MAX_NOTES, type MidiRecord } from '../model';

export type MidiVerb = VerbSpec<MidiRecord>;

export interface ArgRules {
  /** Param keys the verb takes. */
  params?: readonly string[];
  /** The verb takes @selectors. */
  selectors?: boolean;
  /** How many positionals it takes: [min, max]. */
  positionals: readonly [number, number];
}

/** Checks the op's shape against `rules` (bad_param / missing_arg with the verb's syntax) and opens the write path. */
export function begin(op: ParsedOp, ctx: MutationContext<MidiRecord>, syntax: string, rules: ArgRules): MidiEdit {
  const allowed = rules.params ?? [];
  for (const key of Object.keys(op.params)) {
    if (allowed.includes(key)) continue;
    const near = closestMatches(key, allowed, 1);
    throw new StudioError(
      ErrorCode.badParam,
      `${op.verb} does not take ${key}:${near.length ? `. Did you mean ${near[0]}:?` : ''}`,
      allowed.length ? `${syntax} (takes ${allowed.map((k) => `${k}:`).join(' ')})` : syntax,
    );
  }
  if (!rules.selectors && op.selectors.length) {
    throw new StudioError(ErrorCode.badParam, `${op.verb} does not take selectors (${op.selectors.map((s) => s.raw).join(' ')})`, syntax);
  }
  const [min, max] = rules.positionals;
  if (op.positionals.length < min) throw new StudioError(ErrorCode.missingArg, `${op.verb} needs ${describeMissing(syntax, op.positionals.length)}`, syntax);
  if (op.positionals.length > max) {
    throw new StudioError(
      ErrorCode.badParam,
      `${op.verb} got too many words: ${op.positionals.slice(max).map((p) => JSON.stringify(p)).join(' ')} (quote a name with spaces)`,
      syntax,
    );
  }
  return new MidiEdit(ctx.tx);
}

/** `TRACK PITCH` -> "PITCH" when one word was given: the words of the syntax still missing. */
function describeMissing(syntax: string, given: number): string {
  const words = syntax.split(' ').slice(1).filter((w) => /^[A-Z][A-Z|]*$/.test(w));
  return words.slice(given).join(' ') || 'more arguments';
}

/** Refuses a change that would take the song past MAX_NOTES. */
export function checkNoteRoom(edit: MidiEdit, adding: number): void {
  if (edit.index.noteCount + adding > MAX_NOTES) {
    throw new StudioError(
      ErrorCode.batchTooLarge,
      `that would make ${edit.index.noteCount + adding} notes, over the limit of ${MAX_NOTES} for one song`,
      'remove notes first, or split the song into several files',
    );
  }
}
