/**
 * Every failure a client can cause is a StudioError: a stable code, a message for people and models,
 * and, where a fix can be named, a suggestion printed as a `try:` line.
 */
export class StudioError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly suggestion?: string,
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

export const ErrorCode = {
  parse: 'parse_error',
  emptyOp: 'empty_op',
  unknownVerb: 'unknown_verb',
  unknownQuery: 'unknown_query',
  unknownAction: 'unknown_action',
  unknownRef: 'unknown_ref',
  ambiguousRef: 'ambiguous_ref',
  badParam: 'bad_param',
  missingArg: 'missing_arg',
  emptySelection: 'empty_selection',
  /** `@selected` with no studio window open, or nothing selected in it. */
  noSelection: 'no_selection',
  batchTooLarge: 'batch_too_large',
  conflict: 'conflict',
  nothingToUndo: 'nothing_to_undo',
  nothingToRedo: 'nothing_to_redo',
  unknownCheckpoint: 'unknown_checkpoint',
  noFile: 'no_file',
  pathOutsideWorkspace: 'path_outside_workspace',
  fileNotFound: 'file_not_found',
  fileInvalid: 'file_invalid',
  /** An input past a limit (file size, cell count): the same code core/files.ts gives a file too big to read. */
  tooLarge: 'too_large',
  io: 'io_error',
  workspaceLocked: 'workspace_locked',
  unknownDomain: 'unknown_domain',
  unsavedChanges: 'unsaved_changes',
  internal: 'internal_error',
} as const;

/** `! message [code]` followed by an indented `try:` line when there is a suggestion. */
export function formatError(err: StudioError, prefix = ''): string[] {
  const lines = [`! ${prefix}${err.message} [${err.code}]`];
  if (err.suggestion) lines.push(`  try: ${err.suggestion}`);
  return lines;
}

/** Wraps anything thrown into a StudioError so that no failure escapes without a code. */
export function toStudioError(err: unknown): StudioError {
  if (err instanceof StudioError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new StudioError(ErrorCode.internal, `internal error: ${message}`);
}
