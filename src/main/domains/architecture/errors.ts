/**
 * The contract's error envelope, `{error: {code, message, details}}`, with its six codes, and its
 * answers: a result is the JSON text of the data (or TOON where asked) and, for tools that declare
 * an output schema, the same data as structuredContent.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '../../kernel/errors';
import { CANCELLED } from '../../tool-domain/hosted-domain';
import { type ToolEnvelope, ToolError } from '../../tool-domain/domain';

export const Codes = {
  invalidInput: 'INVALID_INPUT',
  notFound: 'NOT_FOUND',
  alreadyExists: 'ALREADY_EXISTS',
  permissionDenied: 'PERMISSION_DENIED',
  invalidSyntax: 'INVALID_SYNTAX',
  internal: 'INTERNAL_ERROR',
} as const;

const CONTRACT_CODES = new Set<string>(Object.values(Codes));

/** The core's and the workspace's own codes, in the contract's vocabulary. */
const FROM_CORE: Record<string, string> = {
  [ErrorCode.pathOutsideWorkspace]: Codes.permissionDenied,
  [ErrorCode.badParam]: Codes.invalidInput,
  [ErrorCode.tooLarge]: Codes.invalidInput,
  [ErrorCode.fileNotFound]: Codes.notFound,
  [CANCELLED]: Codes.internal,
};

/** A failure in the contract's vocabulary. */
export class ArchError extends ToolError {}

/** The text of a successful answer: the data as JSON unless the handler gave its own (TOON). */
export const TEXT_OVERRIDE = Symbol('architecture text');

export interface WithText {
  [TEXT_OVERRIDE]?: string;
}

export const architectureEnvelope: ToolEnvelope = {
  ok(data, spec): CallToolResult {
    const { [TEXT_OVERRIDE]: override, ...plain } = (data ?? {}) as WithText & Record<string, unknown>;
    return {
      content: [{ type: 'text', text: override ?? JSON.stringify(data) }],
      ...(spec.output ? { structuredContent: plain } : {}),
    };
  },
  error(err): CallToolResult {
    const code = CONTRACT_CODES.has(err.code) ? err.code : (FROM_CORE[err.code] ?? Codes.internal);
    const details = [typeof err.details === 'string' ? err.details : undefined, err.suggestion ? `try: ${err.suggestion}` : undefined, code !== err.code ? `(${err.code})` : undefined]
      .filter(Boolean)
      .join('; ');
    const error = { code, message: err.message, ...(details ? { details } : {}), ...(err.details && typeof err.details === 'object' ? { data: err.details } : {}) };
    return { content: [{ type: 'text', text: JSON.stringify({ error }) }], isError: true };
  },
  codes: { invalidInput: Codes.invalidInput, internal: Codes.internal, closing: Codes.internal },
};
