/**
 * What a tool domain provides to the core (DESIGN.md, "A domain is one table"): the second kind of
 * domain beside the FCP ones, for domains whose contract is a set of tools of their own (testenv,
 * tasks, architecture, context). A domain is one value, like a toolset of GitHub's MCP server: its
 * tools, resources and prompts in tables, its envelope (how it answers), and its lifecycle. The MCP
 * registration (tools/list, resources, prompts), the argument checks and the renderer's calls are
 * all generated from these tables, so they cannot drift apart.
 *
 * The core hosts each domain (hosted-domain.ts): it opens it with a ToolDomainHost, runs its
 * handlers with a ToolContext, and sends what the domain publishes out on the studio's change feed,
 * attributed and in sequence, so every view stays live.
 */
import type { CallToolResult, PromptMessage, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type BetterSqlite3 from 'better-sqlite3';
import type { z } from 'zod';
import type { DomainSummary, DomainSummaryPart } from '../../shared/domain-summary';
import { ErrorCode, StudioError } from '../kernel/errors';
import type { SelectionReport } from '../../shared/presence';
import type { EntityRecord } from '../kernel/records';
import type { ResolvedPath } from '../kernel/paths';
import type { DomainChannels } from '../kernel/side-channels';
import type { ChatAppSpec } from '../kernel/chat-apps';

/**
 * What a handler throws for any failure a client can cause: a stable code (in the domain's own
 * vocabulary), a message, a suggestion where a fix can be named, and details for the envelope.
 * Any StudioError (e.g. from host.resolvePath) is accepted as one; anything else becomes internal_error.
 */
export class ToolError extends StudioError {
  constructor(
    code: string,
    message: string,
    suggestion?: string,
    readonly details?: unknown,
  ) {
    super(code, message, suggestion);
    this.name = 'ToolError';
  }

  static from(err: unknown): ToolError {
    if (err instanceof ToolError) return err;
    if (err instanceof StudioError) return new ToolError(err.code, err.message, err.suggestion);
    const message = err instanceof Error ? err.message : String(err);
    return new ToolError(ErrorCode.internal, `internal error: ${message}`);
  }
}

/** Errors the core finds itself (not the handler), and their codes unless the envelope renames them. */
export const CORE_ERROR_CODES = {
  /** Arguments that do not fit the tool's input schema, or a tool the domain does not have. */
  invalidInput: 'invalid_input',
  /** A handler failed unexpectedly, or its answer did not fit its output schema. */
  internal: ErrorCode.internal,
  /** The studio is closing: the call was not run. */
  closing: 'studio_closing',
} as const;

export type CoreErrorKind = keyof typeof CORE_ERROR_CODES;

/** How a domain answers, success and failure alike, e.g. testenv's `{success, data, error, timestamp}`. */
export interface ToolEnvelope {
  /**
   * The answer to a call that succeeded with `data` (what the handler returned). For a tool with an
   * output schema, structuredContent must fit it: the core checks, as MCP requires.
   */
  ok(data: unknown, tool: ToolSpec<any, any>): CallToolResult;
  /** The answer to a failed call; it must say isError: true. */
  error(err: ToolError, tool: ToolSpec<any, any>): CallToolResult;
  /** The domain's names for the core's own error codes, e.g. `{ invalidInput: 'INVALID_INPUT' }`. */
  codes?: Partial<Record<CoreErrorKind, string>>;
}

/** The code the domain uses for one of the core's own errors. */
export function coreErrorCode(envelope: ToolEnvelope, kind: CoreErrorKind): string {
  return envelope.codes?.[kind] ?? CORE_ERROR_CODES[kind];
}

/** The envelope's answer to a failed call, flagged as an error whatever the envelope said. */
export function errorAnswer(envelope: ToolEnvelope, tool: ToolSpec<any, any>, err: ToolError): CallToolResult {
  return { ...envelope.error(err, tool), isError: true };
}

/** The live state a domain shows its views: records (by id) written and removed, with what happened. */
export interface PublishedChange {
  /** Who caused it: `caller.origin` in a handler, or the domain's name for its own background work. */
  origin: string;
  /** One line saying what happened, as the activity list shows it, e.g. `build api`. */
  label: string;
  /** Detail lines (log lines, results), shown under the label. */
  lines?: string[];
  /** Records written, whole (their new value); a view replaces its copy by id. */
  put?: EntityRecord[];
  /** Ids of records removed. */
  removed?: string[];
}

/** How the studio ends: `stop` (it closes for good) or `handover` (another core takes the workspace over). */
export type StudioEnding = 'stop' | 'handover';

/** What the core gives a domain when it opens it. */
export interface ToolDomainHost {
  /** Absolute path of the workspace folder. */
  readonly workspace: string;
  /**
   * Resolves a client's path (absolute or workspace-relative) inside the workspace: with
   * `extension`, a file of that type (the extension added when missing); without, any file or
   * folder, the workspace itself included. Throws a ToolError (path_outside_workspace) for a path
   * that leaves the workspace, also through a link, or reaches into its `.tandem/` folder.
   */
  resolvePath(path: string, extension?: string): ResolvedPath;
  /**
   * The studio's SQLite database (WAL, synchronous FULL), for what must survive a crash: a committed
   * write is on disk. Name your tables after the domain (`counters_values`); leave user_version alone.
   */
  readonly database: BetterSqlite3.Database;
  /** Runs one of the domain's `tasks` in a worker thread (inline for a domain hosted only in tests). */
  offload(task: string, input: unknown): Promise<unknown>;
  /** The core's log (stderr and .tandem/serve.log). */
  log(message: string): void;
  /** Sends a change of the domain's live state out on the change feed (origin, seq + 1). */
  publish(change: PublishedChange): void;
  /**
   * Presence (never journaled, never a change): what the person has selected in this domain's view
   * (of the window they used last), or undefined when no window shows it or nothing is selected.
   */
  selection(): PersonSelection | undefined;
  /** Where the person is in the studio now: the view on screen in the window they used last. */
  lookingAt(): PersonFocus | undefined;
  /**
   * Every domain of the studio as it describes itself for the project map (this one included):
   * FCP domains their open document and their files on disk, tool domains their summary() hook.
   * Read only what it needs; never call it from your own summary().
   */
  summaries(): Promise<DomainSummary[]>;
}

/** The person's selection in one view, as a tool domain sees it. */
export interface PersonSelection {
  ids: ReadonlySet<string>;
  /** How many are selected (a huge selection keeps only its first ids). */
  count: number;
  /** Which window, e.g. `browser tab 2`. */
  window: string;
  focus?: SelectionReport['focus'];
}

export interface PersonFocus {
  domain: string;
  window: string;
  focus?: SelectionReport['focus'];
  /** How many things are selected there. */
  count: number;
}

/** Who called, and how to talk back while the call runs. */
export interface ToolCaller {
  /** The MCP client's name, or `person` for the studio window. */
  readonly origin: string;
  /** Aborted when the client cancels the call or the studio closes: stop and throw. */
  readonly signal: AbortSignal;
  /**
   * Sends notifications/progress when the client asked for it (a progressToken); a no-op otherwise.
   * `progress` must grow from one report to the next; `total` may be unknown.
   */
  progress(progress: number, total?: number, message?: string): void;
  /**
   * Presence: this caller read these records (ids as the domain publishes them), so the person's
   * views mark them briefly with the caller's name. Never a change; a no-op for the person's own calls.
   * `what` says what was read (default: the tool's name).
   */
  noteRead(ids: readonly string[], what?: string): void;
  /**
   * This call changed `target`: a workspace-relative file it wrote (or created), or the URI of a
   * document no file backs (a resource of the domain). The answer then carries a resource_link to
   * it, after its content; an error answer carries none.
   */
  noteChanged(target: string, description?: string): void;
}

/** What a handler gets besides its arguments. */
export interface ToolContext<R> {
  /** What the domain's open() returned. */
  runtime: R;
  host: ToolDomainHost;
  caller: ToolCaller;
}

/** What a resource's read and a prompt's get get. */
export interface ReadContext<R> {
  runtime: R;
  host: ToolDomainHost;
}

export interface ToolSpec<R = unknown, I extends z.ZodRawShape = z.ZodRawShape> {
  /** The MCP tool name, unique in the studio, e.g. `preflight_init`. */
  name: string;
  title: string;
  /** What it does, when to use it, what it answers: the model reads only this. */
  description: string;
  /**
   * `read` tools change nothing, and their annotations must say readOnlyHint: true (checked when the
   * table is registered); the read-only mode offers only these.
   */
  access: 'read' | 'write';
  input: I;
  /** The shape of structuredContent in a successful answer; listed in tools/list and checked. */
  output?: z.ZodRawShape;
  annotations: ToolAnnotations;
  /** The arguments of a good call, for the suggestion of an invalid-input error. */
  example?: z.input<z.ZodObject<I>>;
  /**
   * Called by the studio window only (the person's own edits, such as saving the governance rules
   * the AI must not change): never offered to MCP clients, so none can call it.
   */
  studioOnly?: boolean;
  /** Answers `data` for the envelope's ok(); throws a ToolError for a failure. */
  handler(args: z.output<z.ZodObject<I>>, ctx: ToolContext<R>): unknown;
  /**
   * For a tool that must answer even while the studio core is starting (a handshake): what the
   * stdio bridge answers by itself when no core has answered within `waitMs`, instead of an error.
   * It runs in the bridge, with the workspace folder only (no studio, no database); `data` for
   * the envelope's ok(), or a ToolError.
   */
  offline?: {
    waitMs: number;
    handler(args: z.output<z.ZodObject<I>>, ctx: { workspace: string }): unknown;
  };
}

export interface ResourceSpec<R = unknown> {
  /** Unique in the studio, e.g. `counters-all`. */
  name: string;
  title: string;
  description: string;
  /** A fixed URI (`counters://all`) or an RFC 6570 template (`counters://counter/{name}`). */
  uri: string;
  /** Default: application/json (a string answer: text/plain). */
  mimeType?: string;
  /**
   * The resource's content: a string is sent as is, anything else as JSON. `params` holds the
   * template's variables. Throw a ToolError for a resource that does not exist.
   */
  read(uri: string, params: Record<string, string>, ctx: ReadContext<R>): unknown;
}

/** Prompt arguments are strings (MCP): `z.string()`, or `z.string().optional()`. */
export type PromptArgsShape = Record<string, z.ZodType<string | undefined>>;

export interface PromptSpec<R = unknown, A extends PromptArgsShape = PromptArgsShape> {
  name: string;
  title: string;
  description: string;
  args?: A;
  /** The prompt's messages; a string is one message from the user. */
  get(args: z.output<z.ZodObject<A>>, ctx: ReadContext<R>): string | PromptMessage[] | Promise<string | PromptMessage[]>;
}

export interface ToolDomain<R = unknown> {
  /** The toolset name (`--toolsets`), the change feed's domain and the record of its views. */
  name: string;
  /** One line: what the domain is for. */
  title: string;
  tools: readonly ToolSpec<R, any>[];
  resources?: readonly ResourceSpec<R>[];
  prompts?: readonly PromptSpec<R, any>[];
  envelope: ToolEnvelope;
  /** What it serves its view besides records and tools (assets, built sites): kernel/side-channels.ts. */
  channels?: DomainChannels;
  /** Its views inside a chat (MCP Apps): kernel/chat-apps.ts. */
  apps?: readonly ChatAppSpec[];
  /**
   * Starts the domain when the studio opens: returns its private runtime state (sessions,
   * connections). It may publish its initial records and clean up what a crash left behind.
   */
  open(host: ToolDomainHost): R | Promise<R>;
  /**
   * Stops what open() started, when the studio closes (after running calls ended). On `stop` a domain
   * tears down what it runs (containers, servers); on `handover` another core is taking the workspace
   * over: leave what runs for it, saved where its open() finds it.
   */
  close?(runtime: R, ending: StudioEnding): void | Promise<void>;
  /**
   * Heavy pure work that handlers hand to `host.offload(name, input)`; it runs in a worker thread,
   * so input and output must be plain (structured-clonable) data.
   */
  tasks?: Record<string, (input: any) => unknown>;
  /**
   * What the domain holds, for the project map (shared/domain-summary.ts): one item per thing an AI
   * should know of (a test session and its last result, a system, a task list), each one line, and
   * totals. Keep it cheap (it runs on every get_initial_context). Absent: no items, and the counts
   * of the records the domain published, by kind.
   */
  summary?(runtime: R, host: ToolDomainHost): DomainSummaryPart | Promise<DomainSummaryPart>;
}

/** Types a domain's tools by their input shape: `const tool = defineTool<Runtime>(); tool({...})`. */
export function defineTool<R>() {
  return <I extends z.ZodRawShape>(spec: ToolSpec<R, I>): ToolSpec<R, I> => spec;
}

/** Types a domain's prompts by their arguments, as defineTool does for tools. */
export function definePrompt<R>() {
  return <A extends PromptArgsShape>(spec: PromptSpec<R, A>): PromptSpec<R, A> => spec;
}
