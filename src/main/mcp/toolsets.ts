/**
 * What a Tandem MCP server offers, for both kinds of domain: the toolsets picked by name (`all`
 * by default), each one's tools (four per FCP domain, a tool domain's own table), resources,
 * resource templates and prompts, and a read-only mode that drops every write tool at once (as
 * GitHub's MCP server does). The offer depends only on the domain tables, so the core's sessions
 * and the stdio bridge (which answers the lists before a core is up) offer exactly the same
 * things; only the runner (what answers a call, a read, a prompt) differs.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode as RpcErrorCode,
  type GetPromptResult,
  ReadResourceRequestSchema,
  type ReadResourceResult,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { FcpDomain } from '../fcp/domain';
import { StudioError, formatError } from '../kernel/errors';
import { closestMatches } from '../kernel/suggest';
import type { PromptSpec, ResourceSpec, ToolDomain } from '../tool-domain/domain';
import { RESOURCE_NOT_FOUND } from '../tool-domain/hosted-domain';
import { isLinkUri } from '../kernel/resource-links';
import { argumentSchema, badArguments, checkDistinct, matchResource } from '../tool-domain/table';
import { VIEW_META_KEY } from '../../shared/chat-views';
import { type OfferedApp, markToolsShowingApps, offeredApps, type ViewTool, viewTools } from './chat-apps';
import { domainTools, type DomainTool } from './domain-tools';
import { studioIcons } from './icons';
import { listToolsWithIcons } from './tool-listing';
import { type FcpTool, fcpTools } from './fcp-tools';
import type { ResendPolicy, ToolDefinition } from './tool-definition';
import { CHAT_APP_MIME } from '../kernel/chat-apps';
import { type Cancellation, signalCancellation } from './call-cancellation';
import { plainResult } from './encoded-result';

export type { ResendPolicy, ToolDefinition };
import { REQUEST_ID_META, RpcError, SERVER_INFO } from './wire';

export { REQUEST_ID_META, RpcError, SERVER_INFO };

export const UNKNOWN_TOOLSET = 'unknown_toolset';
/** `--toolsets all` (or no --toolsets): every toolset the studio hosts. */
export const ALL_TOOLSETS = 'all';

export type OfferedTool = FcpTool | DomainTool | ViewTool;

export interface OfferedResource {
  domain: string;
  spec: ResourceSpec<any>;
}

export interface OfferedPrompt {
  domain: string;
  spec: PromptSpec<any, any>;
}

export interface Offer {
  toolsets: string[];
  tools: OfferedTool[];
  resources: OfferedResource[];
  prompts: OfferedPrompt[];
  /** The domains' chat views (MCP Apps), offered as ui:// resources. */
  apps: OfferedApp[];
}

export interface OfferOptions {
  /** Toolset names, or `all`; every toolset when empty or absent. */
  toolsets?: readonly string[];
  /** Offer only the tools that change nothing (their annotations say readOnlyHint: true). */
  readOnly?: boolean;
}

/** `"drawio, midi"` → `["drawio", "midi"]`. */
export function parseToolsetList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The toolsets named by `requested` (all of `available` when it is empty, absent or holds `all`),
 * in the order given; throws StudioError(unknown_toolset) naming the valid toolsets.
 */
export function selectToolsets<T extends { name: string }>(available: readonly T[], requested?: readonly string[]): T[] {
  if (!requested || requested.length === 0 || requested.includes(ALL_TOOLSETS)) return [...available];
  const valid = available.map((d) => d.name);
  const unknown = requested.filter((name) => !valid.includes(name));
  if (unknown.length) {
    throw new StudioError(
      UNKNOWN_TOOLSET,
      `unknown toolset${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}; toolsets: ${valid.join(', ')} (or ${ALL_TOOLSETS})`,
      `--toolsets ${valid.join(',')}`,
    );
  }
  return [...new Set(requested)].map((name) => available.find((d) => d.name === name)!);
}

/** What the toolsets picked from these domains offer; throws for unknown toolsets or clashing names. */
/** The domains whose tools an offer is made of. */
export interface OfferDomains {
  readonly fcp: readonly FcpDomain<any>[];
  readonly tool: readonly ToolDomain<any>[];
}

export function buildOffer(domains: OfferDomains, options: OfferOptions = {}): Offer {
  const available = [...domains.fcp.map((fcp) => ({ name: fcp.name, fcp })), ...domains.tool.map((tool) => ({ name: tool.name, tool }))];
  checkDistinct('toolset name', available.map((d) => d.name));
  const offer: Offer = { toolsets: [], tools: [], resources: [], prompts: [], apps: [] };
  for (const picked of selectToolsets(available, options.toolsets)) {
    offer.toolsets.push(picked.name);
    const apps = offeredApps(picked.name, 'fcp' in picked ? picked.fcp.apps : picked.tool.apps);
    offer.apps.push(...apps);
    if ('fcp' in picked) {
      offer.tools.push(...markToolsShowingApps(fcpTools(picked.fcp), apps));
      continue;
    }
    offer.tools.push(...markToolsShowingApps(domainTools(picked.tool), apps));
    offer.resources.push(...(picked.tool.resources ?? []).map((spec) => ({ domain: picked.name, spec })));
    offer.prompts.push(...(picked.tool.prompts ?? []).map((spec) => ({ domain: picked.name, spec })));
  }
  // tandem_view_assets only where an offered view draws with assets (the diagram's).
  if (offer.apps.length) offer.tools.push(...viewTools().filter((t) => t.kind !== 'assets' || offer.apps.some((a) => a.spec.assets)));
  if (options.readOnly) offer.tools = offer.tools.filter((t) => t.annotations.readOnlyHint === true);
  checkDistinct('tool name', offer.tools.map((t) => t.name));
  checkDistinct('resource name', offer.resources.map((r) => r.spec.name));
  checkDistinct('resource URI', [...offer.resources.map((r) => r.spec.uri), ...offer.apps.map((a) => a.uri)]);
  checkDistinct('prompt name', offer.prompts.map((p) => p.spec.name));
  return offer;
}

/** The offered resource `uri` names, if any. */
export function findOfferedResource(offer: Offer, uri: string): OfferedResource | undefined {
  const match = matchResource(offer.resources.map((r) => r.spec), uri);
  return match && offer.resources.find((r) => r.spec === match.resource);
}

/** MCP's code for a resource that does not exist. */
export const RESOURCE_NOT_FOUND_RPC = -32002;

/**
 * A failure of a resource read, a prompt or a subscription as a JSON-RPC error: the message ends with
 * the code and the suggestion (`! ... [code]  try: ...`), `data.error` holds them apart.
 */
export function toRpcError(err: unknown): RpcError {
  if (err instanceof RpcError) return err;
  if (err instanceof StudioError) {
    const rpcCode = err.code === RESOURCE_NOT_FOUND ? RESOURCE_NOT_FOUND_RPC : RpcErrorCode.InvalidParams;
    const error = { code: err.code, message: err.message, ...(err.suggestion ? { suggestion: err.suggestion } : {}) };
    return new RpcError(rpcCode, formatError(err).join('\n'), { error });
  }
  return new RpcError(RpcErrorCode.InternalError, `internal error: ${(err as Error)?.message ?? String(err)}`);
}

/** What a running call may use besides its arguments. */
export interface CallContext {
  /** Aborted when the client cancels the call (made on first use: see call-cancellation.ts). */
  readonly signal: AbortSignal;
  /** The same cancellation, listened to without making a signal. */
  cancellation: Cancellation;
  /** The client's id for this call (REQUEST_ID_META), if it gave a string one. */
  requestId?: string;
  /** The chat view (its ui:// URI) the call comes from, made for the person (VIEW_META_KEY), if any. */
  fromView?: string;
  /** Whether the client asked for progress notifications (it sent a progressToken). */
  wantsProgress: boolean;
  /** Sends notifications/progress with the client's token; a no-op when it sent none. */
  progress(progress: number, total?: number, message?: string): void;
}

type Notify = (notification: { method: 'notifications/progress'; params: Record<string, unknown> }) => Promise<void>;

/**
 * The CallContext of one tools/call. A class, so that its signal getter sits on the prototype: a
 * getter in an object literal made each call's context an object of its own slow shape (issue 23).
 */
class ToolCall implements CallContext {
  readonly requestId?: string;
  readonly fromView?: string;
  readonly wantsProgress: boolean;
  readonly progress: CallContext['progress'];

  constructor(
    meta: Record<string, unknown> | undefined,
    readonly cancellation: Cancellation,
    notify: Notify,
  ) {
    const requestId = meta?.[REQUEST_ID_META];
    const fromView = meta?.[VIEW_META_KEY];
    const progressToken = meta?.progressToken;
    this.requestId = typeof requestId === 'string' ? requestId : undefined;
    this.fromView = typeof fromView === 'string' ? fromView : undefined;
    this.wantsProgress = progressToken !== undefined;
    this.progress = (progress, total, message) => {
      if (progressToken === undefined) return;
      const params = { progressToken, progress, ...(total !== undefined ? { total } : {}), ...(message !== undefined ? { message } : {}) };
      // A client that left cannot be told; the call goes on regardless.
      notify({ method: 'notifications/progress', params }).catch(() => undefined);
    };
  }

  get signal(): AbortSignal {
    return this.cancellation.signal;
  }
}

/** What answers the calls of one server: the core itself, or the bridge forwarding to it. */
export interface OfferRunner {
  /** Runs a call whose arguments passed the tool's input schema (unless forwardsArguments says they go on unchecked). */
  callTool(tool: OfferedTool, args: Record<string, unknown>, call: CallContext): Promise<CallToolResult>;
  /**
   * Whether this call of `tool` goes on to a server that checks its arguments against the same
   * schemas and answers a bad one in the same shape (the bridge's calls, while it is connected to a
   * core): they are not checked twice then. Absent: always checked here.
   */
  forwardsArguments?(tool: OfferedTool): boolean;
  /** Needed when the offer has resources; throws an RpcError (or anything toRpcError takes). */
  readResource?(resource: OfferedResource, uri: string, signal: AbortSignal): Promise<ReadResourceResult>;
  /** What a resource_link of a tool answer names (isLinkUri: a workspace file, a studio document). */
  readLink?(uri: string, signal: AbortSignal): Promise<ReadResourceResult>;
  /** Needed when the offer has apps: the app's page. */
  readApp?(app: OfferedApp, signal: AbortSignal): Promise<ReadResourceResult>;
  subscribe?(uri: string, resource: OfferedResource): Promise<void>;
  unsubscribe?(uri: string): Promise<void>;
  /** Needed when the offer has prompts; args passed the prompt's schema. */
  getPrompt?(prompt: OfferedPrompt, args: Record<string, string>, signal: AbortSignal): Promise<GetPromptResult>;
}

function instructions(offer: Offer): string {
  const fcp = [...new Set(offer.tools.filter((t) => t.family === 'fcp').map((t) => t.domain))];
  const lines = [
    'Tandem Studio: you and a person work on the same models at the same time; their changes appear in what you read, ' +
      `and yours on their screen. Toolsets: ${offer.toolsets.join(', ')}.`,
  ];
  if (fcp.length) {
    lines.push(
      `${fcp.join(', ')}: four tools each: X (batched ops), X_query, X_session and X_help. Every answer to X ends with a digest; ` +
        '`X_query history 5` shows who changed what.',
    );
  }
  return lines.join('\n');
}

/** Reports a failure the caller can act on, keeping any JSON-RPC code it already has. */
const rpc = <T>(work: () => Promise<T>): Promise<T> =>
  work().catch((err: unknown) => {
    throw toRpcError(err);
  });

function needed<T>(value: T | undefined, what: string): T {
  if (!value) throw new Error(`the offer has ${what}, but the runner cannot serve them`);
  return value;
}

/** The parameters of a tools/call as the offer reads them. */
export interface ToolCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** Answers one tools/call of a server; `notify` sends a notification about the call (its progress). */
export type AnswerToolCall = (
  params: ToolCallParams,
  cancellation: Cancellation,
  notify: Notify,
) => Promise<CallToolResult>;

const toolCallAnswers = new WeakMap<McpServer, AnswerToolCall>();

/** How a server made by createOfferServer answers tools/call (the direct path takes it: direct-tool-calls.ts). */
export function toolCallAnswer(server: McpServer): AnswerToolCall | undefined {
  return toolCallAnswers.get(server);
}

/** One MCP server (one per client session) offering `offer`, each request answered by `runner`. */
export function createOfferServer(offer: Offer, runner: OfferRunner): McpServer {
  const capabilities = {
    tools: {},
    ...(offer.resources.length || offer.apps.length || runner.readLink ? { resources: { subscribe: true } } : {}),
    ...(offer.prompts.length ? { prompts: {} } : {}),
  };
  const server = new McpServer({ ...SERVER_INFO, icons: studioIcons('app') }, { capabilities, instructions: instructions(offer) });
  registerTools(server, offer.tools, runner);
  if (offer.resources.length || offer.apps.length || runner.readLink) registerResources(server, offer, runner);
  if (offer.prompts.length) registerPrompts(server, offer.prompts, runner);
  return server;
}

/**
 * Registers `tools` (their schemas are what tools/list shows) and answers tools/call itself:
 * arguments are checked against the same schemas here, so that a bad one gets the tool's own error
 * shape (FCP's `! ... [bad_arguments]` with a `try:` line, a tool domain's envelope) rather than
 * the SDK's generic validation text; a good call goes to the runner.
 */
function registerTools(server: McpServer, tools: readonly OfferedTool[], runner: OfferRunner): void {
  const byName = new Map(tools.map((tool) => [tool.name, { tool, schema: argumentSchema(tool.inputSchema) }]));
  const registered = tools.map((tool) => ({
    name: tool.name,
    // Its domain's icon; the studio's own for a tool of no domain that has one (the chat views' tools).
    icons: studioIcons(tool.domain) ?? studioIcons('app'),
    registered: server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
        ...(tool.ui ? { _meta: { ui: tool.ui } } : {}),
      },
      () => {
        throw new Error('tools/call is answered by registerTools');
      },
    ),
  }));
  listToolsWithIcons(server, registered);
  const answer: AnswerToolCall = async (params, cancellation, notify) => {
    const entry = byName.get(params.name);
    if (!entry) {
      const names = [...byName.keys()];
      const err = new StudioError('unknown_tool', `no tool "${params.name}" here; tools: ${names.join(', ')}`, closestMatches(params.name, names, 1)[0]);
      return { content: [{ type: 'text', text: formatError(err).join('\n') }], isError: true };
    }
    let args = params.arguments ?? {};
    if (!runner.forwardsArguments?.(entry.tool)) {
      const parsed = entry.schema.safeParse(args);
      if (!parsed.success) {
        const { message, suggestion } = badArguments(entry.tool.name, entry.tool.example, parsed.error);
        return entry.tool.errorResult(new StudioError(entry.tool.codes.invalidInput, message, suggestion));
      }
      args = parsed.data;
    }
    return runner.callTool(entry.tool, args, new ToolCall(params._meta, cancellation, notify));
  };
  toolCallAnswers.set(server, answer);
  server.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    answer(request.params, signalCancellation(extra.signal), extra.sendNotification).then(plainResult),
  );
}

/**
 * Registers the resources and templates (for resources/list and resources/templates/list) and
 * answers resources/read and subscriptions itself: a URI no resource matches gets MCP's -32002.
 */
function registerResources(server: McpServer, offer: Offer, runner: OfferRunner): void {
  const read = offer.resources.length ? needed(runner.readResource, 'resources') : undefined;
  const readApp = offer.apps.length ? needed(runner.readApp, 'apps') : undefined;
  const subscribe = runner.subscribe ?? (async () => undefined);
  const unsubscribe = runner.unsubscribe ?? (async () => undefined);
  const answeredBelow = () => {
    throw new Error('resources/read is answered by registerResources');
  };
  for (const { spec } of offer.resources) {
    const metadata = { title: spec.title, description: spec.description, ...(spec.mimeType ? { mimeType: spec.mimeType } : {}) };
    if (UriTemplate.isTemplate(spec.uri)) server.registerResource(spec.name, new ResourceTemplate(spec.uri, { list: undefined }), metadata, answeredBelow);
    else server.registerResource(spec.name, spec.uri, metadata, answeredBelow);
  }
  for (const app of offer.apps) {
    server.registerResource(`${app.domain}-${app.spec.view}-view`, app.uri, { title: app.spec.title, description: app.spec.description, mimeType: CHAT_APP_MIME }, answeredBelow);
  }
  const offered = (uri: string): OfferedResource => {
    const resource = findOfferedResource(offer, uri);
    if (resource) return resource;
    const known = [...offer.resources.map((r) => r.spec.uri), ...offer.apps.map((a) => a.uri)].join(', ');
    throw toRpcError(new StudioError(RESOURCE_NOT_FOUND, `no resource ${uri} here`, `one of: ${known}`));
  };
  server.server.setRequestHandler(ReadResourceRequestSchema, (request, extra) => {
    const app = offer.apps.find((a) => a.uri === request.params.uri);
    if (app) return rpc(() => readApp!(app, extra.signal));
    if (runner.readLink && isLinkUri(request.params.uri)) return rpc(() => runner.readLink!(request.params.uri, extra.signal));
    return rpc(() => read!(offered(request.params.uri), request.params.uri, extra.signal));
  });
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    await rpc(() => subscribe(request.params.uri, offered(request.params.uri)));
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    await rpc(() => unsubscribe(request.params.uri));
    return {};
  });
}

function registerPrompts(server: McpServer, prompts: readonly OfferedPrompt[], runner: OfferRunner): void {
  const get = needed(runner.getPrompt, 'prompts');
  for (const prompt of prompts) {
    const { spec } = prompt;
    server.registerPrompt(spec.name, { title: spec.title, description: spec.description, argsSchema: spec.args ?? {} }, (args, extra) =>
      rpc(() => get(prompt, args as Record<string, string>, extra.signal)),
    );
  }
}
