/** What every tool the studio offers has, whichever kind of domain it comes from (toolsets.ts offers them). */
import type { z } from 'zod';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { StudioError } from '../kernel/errors';
import type { CoreErrorKind } from '../tool-domain/domain';

/**
 * How a call cut off by a lost connection may be sent again (see CoreLink): `safe` as it is (reads,
 * idempotent writes), `request-id` under its request id (the core journals it and answers a repeat
 * from the journal: FCP edits), `never` (the client is told it may or may not have been applied).
 */
export type ResendPolicy = 'safe' | 'request-id' | 'never';

export interface ToolDefinition {
  name: string;
  /** The domain, and so the toolset, it belongs to. */
  domain: string;
  title: string;
  description: string;
  inputSchema: z.ZodRawShape;
  /** The shape of structuredContent, listed in tools/list. */
  outputSchema?: z.ZodRawShape;
  annotations: ToolAnnotations;
  /** Arguments of a good call, for the suggestion of an argument error. */
  example?: Record<string, unknown>;
  resend: ResendPolicy;
  /** What shows whether a cut-off call was applied, e.g. `drawio_query history 5`. */
  checkHint: string;
  /** The tool's codes for the core's own errors (bad arguments, closing, faults). */
  codes: Record<CoreErrorKind, string>;
  /** MCP Apps: the chat view its calls show (`resourceUri`), and who may call it (`visibility`; ["app"] hides it from the model). */
  ui?: { resourceUri?: string; visibility?: ReadonlyArray<'model' | 'app'> };
  /** An error answered in the tool's own shape (FCP's `! message [code]`, a tool domain's envelope). */
  errorResult(err: StudioError): CallToolResult;
}

