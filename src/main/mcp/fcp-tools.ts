/**
 * The MCP tools of the FCP domains (specs/fcp-tool-contract.md): for each domain `X` the four tools
 * `X`, `X_query`, `X_session` and `X_help`, one toolset per domain. Registered with the tools of
 * the tool domains (toolsets.ts); what runs a call differs between the core and the bridge.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { FcpDomain } from '../fcp/domain';
import { ErrorCode, type StudioError, formatError } from '../kernel/errors';
import { mutationToolDescription, sessionToolDescription } from '../fcp/reference-card';
import type { ToolAnswer } from '../core/studio-api';
import type { CoreErrorKind } from '../tool-domain/domain';
import type { ToolDefinition } from './tool-definition';

export type FcpToolKind = 'mutate' | 'query' | 'session' | 'help';

/** The arguments of any FCP tool, after validation against its input schema. */
export interface FcpToolArguments {
  ops?: string[];
  q?: string;
  action?: string;
}

export interface FcpTool extends ToolDefinition {
  family: 'fcp';
  kind: FcpToolKind;
}

export const BAD_ARGUMENTS = 'bad_arguments';

/** The FCP codes of the core's own errors. */
const codes: Record<CoreErrorKind, string> = { invalidInput: BAD_ARGUMENTS, internal: ErrorCode.internal, closing: 'studio_closing' };

/** An FCP error answer: `! message [code]` and a `try:` line. */
function errorResult(err: StudioError): CallToolResult {
  return toolResult({ text: formatError(err).join('\n'), isError: true });
}

const queryNames = (domain: FcpDomain<any>) => domain.queries.map((q) => q.name).join(', ');

/** The four tools of one domain, named and described from its tables. */
export function fcpTools(domain: FcpDomain<any>): FcpTool[] {
  const d = domain.name;
  // An edit cut off by a lost connection is sent again under its request id, which the core journals.
  const edit = { family: 'fcp', domain: d, resend: 'request-id', checkHint: `${d}_query history 5`, codes, errorResult } as const;
  const read = { ...edit, resend: 'safe' } as const;
  return [
    {
      ...edit,
      name: d,
      kind: 'mutate',
      title: `Edit ${domain.title}`,
      description: mutationToolDescription(domain),
      inputSchema: {
        ops: z
          .array(z.string())
          .describe(`One ${d} operation per string, applied in order as one atomic batch, e.g. ["add svc AuthService theme:blue"]`),
      },
      example: { ops: [domain.verbs[0]?.examples?.[0] ?? domain.verbs[0]?.syntax ?? 'help'] },
      // Ops can delete; a batch sent twice applies twice.
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    {
      ...read,
      name: `${d}_query`,
      kind: 'query',
      title: `Inspect ${domain.title}`,
      description:
        `Read the current ${domain.title} without changing it. The first word picks the query: ${queryNames(domain)}. ` +
        `e.g. "map", "stats", "history 5". See ${d}_help for the syntax of each.` +
        (domain.queries.some((q) => q.name === 'selection')
          ? ` "selection" says what the person has selected in the studio right now; in ops, @selected picks the same things ("make these blue").`
          : ''),
      inputSchema: { q: z.string().describe('The query, e.g. "map" or "history 5"') },
      example: { q: 'history 5' },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      ...edit,
      name: `${d}_session`,
      kind: 'session',
      title: `${domain.title}: documents and undo`,
      description: sessionToolDescription(domain),
      inputSchema: { action: z.string().describe('One session action, e.g. "checkpoint before-refactor" or "undo"') },
      example: { action: 'checkpoint before-refactor' },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    {
      ...read,
      name: `${d}_help`,
      kind: 'help',
      title: `${domain.title}: reference card`,
      description: `The full ${d} reference card (verbs, queries, session actions, response prefixes). Call it when the syntax is no longer in context.`,
      inputSchema: {},
      example: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
  ];
}

export function toolResult(answer: ToolAnswer): CallToolResult {
  return { content: [{ type: 'text', text: answer.text }], isError: answer.isError };
}
