/** Queries every FCP domain answers the same way: `status`, `history N`, and `diff checkpoint:NAME` in the domain's words. */
import type { EntityRecord, RecordDiff, RecordStore } from '../kernel/records';
import type { QuerySpec } from './domain';
import { ErrorCode, StudioError } from '../kernel/errors';
import { parseOp } from './grammar';
import { capLines } from './text';

const HISTORY_DEFAULT = 10;
const HISTORY_ANSWER_LINES = 4;

export const statusQuery: QuerySpec = {
  name: 'status',
  syntax: 'status',
  summary: 'title, file, unsaved changes, undo/redo depth, checkpoints',
  handler: (_args, { document, log }) => {
    const file = document.path ? `file:${document.path}` : 'file:(none, use save as:PATH)';
    const saved = document.dirty ? 'unsaved changes' : document.path ? 'saved' : 'no changes';
    const checkpoints = log.checkpointNames;
    return [
      `status: "${document.title}" ${file} (${saved})`,
      `  change #${document.seq} | undo:${log.undoDepth} redo:${log.redoDepth}`,
      `  checkpoints: ${checkpoints.length ? checkpoints.join(', ') : '(none)'}`,
    ].join('\n');
  },
};

export const historyQuery: QuerySpec = {
  name: 'history',
  syntax: 'history [N]',
  summary: 'the last N changes (default 10): who, what they sent, what it did',
  handler: (args, { activity, activityTotal }) => {
    const n = args ? Number(args) : HISTORY_DEFAULT;
    if (!Number.isInteger(n) || n <= 0) {
      throw new StudioError(ErrorCode.badParam, `history takes a positive whole number, not "${args}"`, 'history 10');
    }
    const shown = activity.slice(-n);
    if (shown.length === 0) return 'history: no changes yet';
    const out = [`history: last ${shown.length} of ${activityTotal} change(s), oldest first`];
    for (const entry of shown) {
      out.push(`  #${entry.seq} ${entry.origin} ${entry.kind}: ${entry.ops.join(' | ')}`);
      const answerLines = entry.lines.slice(0, HISTORY_ANSWER_LINES);
      for (const line of answerLines) out.push(`      ${line}`);
      if (entry.lines.length > answerLines.length) out.push(`      ... ${entry.lines.length - answerLines.length} more line(s)`);
    }
    return out.join('\n');
  },
};

/** Spread into a domain's query table; QuerySpec's handler is a method, so it fits any record type. */
export const commonQueries: QuerySpec<EntityRecord>[] = [statusQuery, historyQuery];

/** What a domain says of a diff: one line per change, and how many were added, removed and changed. */
export interface DiffDescription {
  lines: string[];
  added: number;
  removed: number;
  changed: number;
}

/**
 * `diff checkpoint:NAME`: what changed since a checkpoint made with `<domain>_session "checkpoint
 * NAME"`, each change described by the domain, at most `maxListed` lines.
 */
export function diffQuery<R extends EntityRecord>(
  sessionTool: string,
  describe: (store: RecordStore<R>, diff: RecordDiff<R>) => DiffDescription,
  maxListed: number,
): QuerySpec<R> {
  return {
    name: 'diff',
    syntax: 'diff checkpoint:NAME',
    summary: `what changed since a checkpoint (made with ${sessionTool} "checkpoint NAME")`,
    handler(args, ctx) {
      const op = parseOp(`diff ${args}`);
      const name = op.params.checkpoint ?? op.positionals[0];
      if (!name) throw new StudioError(ErrorCode.missingArg, 'missing checkpoint:NAME', 'diff checkpoint:v1');
      const { lines, added, removed, changed } = describe(ctx.store, ctx.log.diffSince(name));
      if (lines.length === 0) return `diff since checkpoint ${name}: no changes`;
      return [
        `diff since checkpoint ${name}: ${added} added, ${removed} removed, ${changed} changed`,
        ...capLines(lines.map((l) => `  ${l}`), maxListed, (n) => `  ... and ${n} more`),
      ].join('\n');
    },
  };
}
