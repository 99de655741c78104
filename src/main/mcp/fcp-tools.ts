/**
 * The MCP tools of the FCP domains (specs/fcp-tool-contract.md): for each domain `X` the four tools
 * `X`, `X_query`, `X_session` and `X_help`. One toolset per domain. The definitions depend only on
 * the domain tables, so the core's servers and the stdio bridge (which answers tools/list before a
 * core is up) register exactly the same tools; only what runs a call differs.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, type CallToolResult, type ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { FcpDomain } from '../fcp/domain';
import { FcpError, formatError } from '../fcp/errors';
import { mutationToolDescription, sessionToolDescription } from '../fcp/reference-card';
import { closestMatches } from '../fcp/suggest';
import type { ToolAnswer } from '../core/studio-api';
import { version } from '../../../package.json';

/** How every Tandem MCP server introduces itself (the core's sessions and the stdio bridge alike). */
export const SERVER_INFO = { name: 'tandem-studio', version } as const;

export type FcpToolKind = 'mutate' | 'query' | 'session' | 'help';

/** The arguments of any FCP tool, after validation against its input schema. */
export interface FcpToolArguments {
  ops?: string[];
  q?: string;
  action?: string;
}

export interface FcpTool {
  name: string;
  domain: string;
  kind: FcpToolKind;
  title: string;
  description: string;
  inputSchema: z.ZodRawShape;
  /** Arguments of a good call, for the `try:` line of an argument error. */
  example: Record<string, unknown>;
  annotations: ToolAnnotations;
}

/**
 * `_meta` key of a tools/call that names the call: a change made under that id is journaled with
 * it, and the same call sent again (after a lost connection) answers the first one's answer
 * instead of applying twice. The stdio bridge sets it on every call that may change a model.
 */
export const REQUEST_ID_META = 'tandem.studio/request-id';

/** What a running call may look at besides its arguments. */
export interface FcpCallContext {
  /** Aborted when the client cancels the call. */
  signal: AbortSignal;
  /** The client's id for this call (REQUEST_ID_META), if it gave a string one. */
  requestId?: string;
}

/** Runs one call whose arguments passed the tool's input schema. */
export type FcpToolInvoker = (tool: FcpTool, args: FcpToolArguments, context: FcpCallContext) => Promise<CallToolResult>;

export const UNKNOWN_TOOLSET = 'unknown_toolset';

const queryNames = (domain: FcpDomain<any>) => domain.queries.map((q) => q.name).join(', ');

/** The four tools of one domain, named and described from its tables. */
export function fcpTools(domain: FcpDomain<any>): FcpTool[] {
  const d = domain.name;
  return [
    {
      name: d,
      domain: d,
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
      name: `${d}_query`,
      domain: d,
      kind: 'query',
      title: `Inspect ${domain.title}`,
      description:
        `Read the current ${domain.title} without changing it. The first word picks the query: ${queryNames(domain)}. ` +
        `e.g. "map", "stats", "history 5". See ${d}_help for the syntax of each.`,
      inputSchema: { q: z.string().describe('The query, e.g. "map" or "history 5"') },
      example: { q: 'history 5' },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: `${d}_session`,
      domain: d,
      kind: 'session',
      title: `${domain.title}: documents and undo`,
      description: sessionToolDescription(domain),
      inputSchema: { action: z.string().describe('One session action, e.g. "checkpoint before-refactor" or "undo"') },
      example: { action: 'checkpoint before-refactor' },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    {
      name: `${d}_help`,
      domain: d,
      kind: 'help',
      title: `${domain.title}: reference card`,
      description: `The full ${d} reference card (verbs, queries, session actions, response prefixes). Call it when the syntax is no longer in context.`,
      inputSchema: {},
      example: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
  ];
}

/** `"drawio, midi"` → `["drawio", "midi"]`. */
export function parseToolsetList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The domains named by `requested` (all of `available` when it is empty or absent), in the order
 * given; throws FcpError(unknown_toolset) naming the valid toolsets.
 */
export function selectToolsets<T extends { name: string }>(available: readonly T[], requested?: readonly string[]): T[] {
  if (!requested || requested.length === 0) return [...available];
  const valid = available.map((d) => d.name);
  const unknown = requested.filter((name) => !valid.includes(name));
  if (unknown.length) {
    throw new FcpError(
      UNKNOWN_TOOLSET,
      `unknown toolset${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}; toolsets: ${valid.join(', ')}`,
      `--toolsets ${valid.join(',')}`,
    );
  }
  return [...new Set(requested)].map((name) => available.find((d) => d.name === name)!);
}

export function toolResult(answer: ToolAnswer): CallToolResult {
  return { content: [{ type: 'text', text: answer.text }], isError: answer.isError };
}

export const BAD_ARGUMENTS = 'bad_arguments';

/** A call whose arguments do not fit the tool's schema, answered as the contract answers errors. */
function badArguments(tool: FcpTool, error: z.ZodError): CallToolResult {
  const problems = error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
  return errorResult(new FcpError(BAD_ARGUMENTS, `bad arguments for ${tool.name}: ${problems}`, `${tool.name}(${JSON.stringify(tool.example)})`));
}

function errorResult(err: FcpError): CallToolResult {
  return toolResult({ text: formatError(err).join('\n'), isError: true });
}

/**
 * Registers `tools` on `server` (their schemas are what tools/list shows) and answers tools/call
 * itself: arguments are checked against the same schemas here, so that a bad one gets the
 * contract's error shape (`! ... [bad_arguments]` and a `try:` line) rather than the SDK's generic
 * validation text; a good call goes to `invoke`.
 */
export function registerFcpTools(server: McpServer, tools: readonly FcpTool[], invoke: FcpToolInvoker): void {
  const byName = new Map(tools.map((tool) => [tool.name, { tool, schema: z.object(tool.inputSchema).strict() }]));
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations },
      () => {
        throw new Error('tools/call is answered by registerFcpTools');
      },
    );
  }
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const entry = byName.get(request.params.name);
    if (!entry) {
      const names = [...byName.keys()];
      return errorResult(new FcpError('unknown_tool', `no tool "${request.params.name}" here; tools: ${names.join(', ')}`, closestMatches(request.params.name, names, 1)[0]));
    }
    const parsed = entry.schema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) return badArguments(entry.tool, parsed.error);
    const requestId = request.params._meta?.[REQUEST_ID_META];
    return invoke(entry.tool, parsed.data as FcpToolArguments, {
      signal: extra.signal,
      requestId: typeof requestId === 'string' ? requestId : undefined,
    });
  });
}

function instructions(tools: readonly FcpTool[]): string {
  const domains = [...new Set(tools.map((t) => t.domain))];
  return (
    'Tandem Studio: you and a person edit the same models at the same time; their edits appear in your queries ' +
    `and yours on their screen. Toolsets: ${domains.join(', ')}. Each has four tools: X (batched ops), X_query, ` +
    'X_session and X_help. Every answer to X ends with a digest; `X_query history 5` shows who changed what.'
  );
}

/** One MCP server (one per client session) offering `tools`, each call run by `invoke`. */
export function createToolServer(tools: readonly FcpTool[], invoke: FcpToolInvoker): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: instructions(tools) });
  registerFcpTools(server, tools, invoke);
  return server;
}
