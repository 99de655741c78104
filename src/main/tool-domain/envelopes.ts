/**
 * The answer shapes several contracts share, so each domain names its shape instead of writing it:
 * the failure object `{code, message, suggestion?, details?}` and the envelope that answers with
 * the data itself as JSON and fails with `{"error": {...}}` (tasks, context).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolEnvelope, ToolError } from './domain';

export interface ErrorBodyOptions {
  /** Whether the error's `details` go into the answer (a contract whose error shape has no such field says false). */
  details: boolean;
}

/** A failure as the contracts write it: code, message, then the suggestion and details when there are any. */
export function errorBody(err: ToolError, options: ErrorBodyOptions = { details: true }): Record<string, unknown> {
  return {
    code: err.code,
    message: err.message,
    ...(err.suggestion ? { suggestion: err.suggestion } : {}),
    ...(options.details && err.details !== undefined && err.details !== null ? { details: err.details } : {}),
  };
}

/**
 * The data as pretty JSON text (and as structuredContent for a tool with an output schema); a
 * failure as `{"error": {code, message, suggestion}}`.
 */
export function jsonDataEnvelope(codes: ToolEnvelope['codes'], options: ErrorBodyOptions): ToolEnvelope {
  return {
    ok(data, spec): CallToolResult {
      return {
        content: [{ type: 'text', text: JSON.stringify(data, null, 2) }],
        ...(spec.output ? { structuredContent: data as Record<string, unknown> } : {}),
      };
    },
    error(err): CallToolResult {
      return { content: [{ type: 'text', text: JSON.stringify({ error: errorBody(err, options) }, null, 2) }], isError: true };
    },
    codes,
  };
}
