/**
 * One tool domain as the studio hosts it: opened with its ToolDomainHost, every call checked
 * against the tool's schemas and answered in the domain's envelope, its published state kept as
 * records (for snapshots) and sent out on the change feed with origin and sequence, like an FCP
 * document's changes. Transports reach it through the Studio (callTool, readResource, getPrompt).
 */
import type { CallToolResult, GetPromptResult, ReadResourceResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type BetterSqlite3 from 'better-sqlite3';
import { z } from 'zod';
import { type ChangeEvent, type DomainSnapshot, SNAPSHOT_ACTIVITY, type SnapshotActivity } from '../../shared/change-feed';
import type { PresenceHub } from '../core/presence';
import { PERSON_ORIGIN } from '../../shared/tandem-api';
import { type DomainSummary, domainSummary, failedSummary } from '../../shared/domain-summary';
import type { Offload } from '../fcp/domain';
import { StudioError } from '../kernel/errors';
import { keepNewest } from '../kernel/bounded';
import type { EntityRecord } from '../kernel/records';
import type { ResolvedPath } from '../kernel/paths';
import { fileLink, withLinks } from '../kernel/resource-links';
import { closestMatches } from '../kernel/suggest';
import {
  type CoreErrorKind,
  type PublishedChange,
  type StudioEnding,
  type ReadContext,
  type ToolCaller,
  type ToolDomain,
  type ToolDomainHost,
  ToolError,
  type ToolSpec,
  coreErrorCode,
  errorAnswer,
} from './domain';
import { argumentSchema, badArguments, checkToolDomain, describeArgumentProblems, matchResource } from './table';

/** How long close() waits for calls still running once they were told to stop (their signal aborted). */
const STOP_WAIT_MS = 5_000;

/** What the studio lends a hosted domain. */
export interface ToolDomainDeps {
  workspace: string;
  resolvePath(path: string, extension?: string): ResolvedPath;
  database: BetterSqlite3.Database;
  offload: Offload;
  log(message: string): void;
  /** The studio's change feed. */
  emit(event: ChangeEvent): void;
  /** The studio's presence; absent where a domain is hosted alone (tests): nobody is looking. */
  presence?: Pick<PresenceHub, 'selectionOf' | 'lookingAt' | 'read'>;
  /** Every domain's summary (Studio.summaries). */
  summaries(): Promise<DomainSummary[]>;
}

/** Who calls, as a transport knows it: a call without a signal or a progress channel gets inert ones. */
export interface CallerInfo {
  origin: string;
  signal?: AbortSignal;
  progress?: ToolCaller['progress'];
}

export const UNKNOWN_TOOL = 'unknown_tool';
export const UNKNOWN_PROMPT = 'unknown_prompt';
export const RESOURCE_NOT_FOUND = 'resource_not_found';
export const CANCELLED = 'cancelled';

export class HostedToolDomain<R = unknown> {
  private readonly records = new Map<string, EntityRecord>();
  private seq = 0;
  private readonly activity: SnapshotActivity[] = [];
  private runtime?: R;
  /** Set when open() failed: every call answers it, the rest of the studio goes on. */
  private failure?: ToolError;
  private readonly running = new Set<Promise<unknown>>();
  /** Aborted when the studio closes: new calls are refused and running ones told to stop. */
  private readonly stopping = new AbortController();
  private readonly host: ToolDomainHost;
  private readonly inputs = new Map<string, z.ZodObject>();
  private readonly outputs = new Map<string, z.ZodObject>();

  private constructor(
    readonly domain: ToolDomain<R>,
    private readonly deps: ToolDomainDeps,
  ) {
    for (const tool of domain.tools) {
      this.inputs.set(tool.name, argumentSchema(tool.input));
      if (tool.output) this.outputs.set(tool.name, z.strictObject(tool.output));
    }
    this.host = {
      workspace: deps.workspace,
      resolvePath: (path, extension) => {
        try {
          return deps.resolvePath(path, extension);
        } catch (err) {
          throw ToolError.from(err);
        }
      },
      database: deps.database,
      offload: deps.offload,
      log: (message) => deps.log(`${domain.name}: ${message}`),
      publish: (change) => this.publish(change),
      selection: () => deps.presence?.selectionOf(domain.name),
      lookingAt: () => deps.presence?.lookingAt(),
      summaries: () => deps.summaries(),
    };
  }

  /** Checks the domain's tables and opens it; a domain whose open() fails answers every call with why. */
  static async open<R>(domain: ToolDomain<R>, deps: ToolDomainDeps): Promise<HostedToolDomain<R>> {
    checkToolDomain(domain);
    const hosted = new HostedToolDomain(domain, deps);
    try {
      hosted.runtime = await domain.open(hosted.host);
    } catch (err) {
      deps.log(`${domain.name}: the domain failed to start: ${(err as Error)?.stack ?? err}`);
      hosted.failure = hosted.coreError(
        'internal',
        `the ${domain.name} domain could not start: ${(err as Error)?.message ?? err}`,
        'see the core log (.tandem/serve.log), fix the cause and restart the studio',
      );
    }
    return hosted;
  }

  /**
   * Runs one call of `toolName` as `caller`; every outcome is an answer in the domain's envelope.
   * Throws StudioError(unknown_tool) for a tool the domain does not have (transports check names first).
   */
  async callTool(toolName: string, args: unknown, caller: CallerInfo): Promise<CallToolResult> {
    const tool = this.domain.tools.find((t) => t.name === toolName);
    if (!tool) {
      const names = this.domain.tools.map((t) => t.name);
      throw new StudioError(UNKNOWN_TOOL, `no tool "${toolName}" in ${this.domain.name}; tools: ${names.join(', ')}`, closestMatches(toolName, names, 1)[0]);
    }
    const refusal = this.refusal();
    if (refusal) return this.answerError(tool, refusal);
    const parsed = this.inputs.get(tool.name)!.safeParse(args ?? {});
    if (!parsed.success) {
      const { message, suggestion } = badArguments(tool.name, tool.example, parsed.error);
      return this.answerError(tool, this.coreError('invalidInput', message, suggestion));
    }
    const signal = caller.signal ? AbortSignal.any([caller.signal, this.stopping.signal]) : this.stopping.signal;
    const changed: ResourceLink[] = [];
    const context = {
      runtime: this.runtime as R,
      host: this.host,
      caller: {
        origin: caller.origin,
        signal,
        progress: caller.progress ?? (() => undefined),
        noteRead: (ids: readonly string[], what?: string) => {
          // The documentId of a tool domain's records is the domain's name (see snapshot()).
          if (caller.origin !== PERSON_ORIGIN) this.deps.presence?.read(caller.origin, this.domain.name, this.domain.name, ids, what ?? tool.name);
        },
        noteChanged: (target: string, description = `what ${tool.name} changed`) => {
          changed.push(
            /^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? { type: 'resource_link', uri: target, name: target, description } : fileLink(this.host.workspace, target, description),
          );
        },
      },
    };
    const run = this.run(tool, signal, () => tool.handler(parsed.data, context)).then((result) => withLinks(result, changed));
    this.running.add(run);
    const done = () => this.running.delete(run);
    run.then(done, done);
    return run;
  }

  private async run(tool: ToolSpec<R, any>, signal: AbortSignal, handler: () => unknown): Promise<CallToolResult> {
    let result: CallToolResult;
    try {
      result = this.domain.envelope.ok(await handler(), tool);
    } catch (err) {
      if (signal.aborted && !(err instanceof StudioError)) {
        // The handler stopped as told (an AbortError): say why rather than report a fault.
        const why = this.stopping.signal.aborted ? this.stopping.signal.reason : new ToolError(CANCELLED, `${tool.name} was cancelled by the client; it stopped part way`);
        return this.answerError(tool, why);
      }
      return this.answerError(tool, this.toToolError(err, tool.name));
    }
    const output = this.outputs.get(tool.name);
    if (output && !result.isError) {
      const checked = output.safeParse(result.structuredContent);
      if (!checked.success) {
        const problems = describeArgumentProblems(checked.error);
        this.deps.log(`${this.domain.name}: the answer of ${tool.name} does not fit its output schema: ${problems}`);
        return this.answerError(tool, this.coreError('internal', `the answer of ${tool.name} does not fit its output schema: ${problems}`));
      }
    }
    return result;
  }

  /** Reads the resource `uri` names; throws a ToolError (resource_not_found, or the domain's own). */
  async readResource(uri: string): Promise<ReadResourceResult> {
    const match = matchResource(this.domain.resources ?? [], uri);
    if (!match) {
      const known = (this.domain.resources ?? []).map((r) => r.uri);
      throw new ToolError(RESOURCE_NOT_FOUND, `no resource ${uri} in ${this.domain.name}`, known.length ? `one of: ${known.join(', ')}` : undefined);
    }
    this.throwIfRefused();
    let value: unknown;
    try {
      value = await match.resource.read(uri, match.params, this.readContext());
    } catch (err) {
      throw this.toToolError(err, `resource ${match.resource.name}`);
    }
    const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    const mimeType = match.resource.mimeType ?? (typeof value === 'string' ? 'text/plain' : 'application/json');
    return { contents: [{ uri, mimeType, text }] };
  }

  /** The prompt's messages for `args`; throws a ToolError for an unknown prompt or bad arguments. */
  async getPrompt(name: string, args: Record<string, string> = {}): Promise<GetPromptResult> {
    const prompt = (this.domain.prompts ?? []).find((p) => p.name === name);
    if (!prompt) {
      const names = (this.domain.prompts ?? []).map((p) => p.name);
      throw new ToolError(UNKNOWN_PROMPT, `no prompt "${name}" in ${this.domain.name}; prompts: ${names.join(', ') || 'none'}`, closestMatches(name, names, 1)[0]);
    }
    const parsed = argumentSchema(prompt.args ?? {}).safeParse(args);
    if (!parsed.success) throw this.coreError('invalidInput', `bad arguments for prompt ${name}: ${describeArgumentProblems(parsed.error)}`);
    this.throwIfRefused();
    let value: Awaited<ReturnType<typeof prompt.get>>;
    try {
      value = await prompt.get(parsed.data, this.readContext());
    } catch (err) {
      throw this.toToolError(err, `prompt ${name}`);
    }
    const messages = typeof value === 'string' ? [{ role: 'user' as const, content: { type: 'text' as const, text: value } }] : value;
    return { description: prompt.description, messages };
  }

  /** The domain's own summary() for the project map, or the counts of its records by kind; never throws. */
  async summary(): Promise<DomainSummary> {
    const { name, title } = this.domain;
    if (this.failure) return failedSummary(name, title, this.failure);
    try {
      if (this.domain.summary) return domainSummary(name, title, await this.domain.summary(this.runtime as R, this.host));
      const counts: Record<string, number> = {};
      for (const record of this.records.values()) counts[record.kind] = (counts[record.kind] ?? 0) + 1;
      return domainSummary(name, title, { items: [], counts });
    } catch (err) {
      this.deps.log(`${name}: summary failed: ${(err as Error)?.stack ?? err}`);
      return failedSummary(name, title, err);
    }
  }

  snapshot(): DomainSnapshot {
    const name = this.domain.name;
    return { domain: name, documentId: name, seq: this.seq, title: this.domain.title, dirty: false, records: [...this.records.values()], activity: [...this.activity] };
  }

  /** Refuses new calls, tells running ones to stop and waits for them (a while), then closes the domain. */
  async close(ending: StudioEnding = 'stop'): Promise<void> {
    if (this.stopping.signal.aborted) return;
    this.stopping.abort(this.coreError('closing', 'the studio closed while the call ran; it was stopped part way'));
    if (this.running.size) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)));
      await Promise.race([Promise.allSettled([...this.running]), limit]);
      clearTimeout(timer);
      if (this.running.size) this.deps.log(`${this.domain.name}: ${this.running.size} call(s) still running after ${STOP_WAIT_MS} ms; closing anyway`);
    }
    if (this.failure) return;
    try {
      await this.domain.close?.(this.runtime as R, ending);
    } catch (err) {
      this.deps.log(`${this.domain.name}: closing failed: ${(err as Error)?.stack ?? err}`);
    }
  }

  private publish(change: PublishedChange): void {
    const put = (change.put ?? []).map((record) => {
      if (typeof record?.id !== 'string') throw new Error(`${this.domain.name}: a published record needs a string id`);
      return { ...record };
    });
    const removed = [...(change.removed ?? [])];
    for (const record of put) this.records.set(record.id, record);
    for (const id of removed) this.records.delete(id);
    const seq = ++this.seq;
    const at = Date.now();
    const lines = [...(change.lines ?? [])];
    this.activity.push({ seq, origin: change.origin, kind: 'tool', ops: [change.label], lines, at });
    keepNewest(this.activity, SNAPSHOT_ACTIVITY);
    const name = this.domain.name;
    this.deps.emit({ domain: name, documentId: name, seq, origin: change.origin, kind: 'tool', ops: [change.label], lines, put, removed, at });
  }

  private readContext(): ReadContext<R> {
    return { runtime: this.runtime as R, host: this.host };
  }

  /** Why no call can run now (the studio is closing, or the domain never started), if so. */
  private refusal(): ToolError | undefined {
    if (this.stopping.signal.aborted) return this.coreError('closing', 'the studio is shutting down; the call was not run', 'send it again in a moment');
    return this.failure;
  }

  private throwIfRefused(): void {
    const refusal = this.refusal();
    if (refusal) throw refusal;
  }

  private coreError(kind: CoreErrorKind, message: string, suggestion?: string): ToolError {
    return new ToolError(coreErrorCode(this.domain.envelope, kind), message, suggestion);
  }

  /** A ToolError as thrown; anything else is a fault of the domain: logged, and answered as internal. */
  private toToolError(err: unknown, what: string): ToolError {
    if (err instanceof StudioError) return ToolError.from(err);
    this.deps.log(`${this.domain.name}: ${what} failed: ${(err as Error)?.stack ?? err}`);
    return this.coreError('internal', `internal error in ${what}: ${(err as Error)?.message ?? String(err)}`);
  }

  private answerError(tool: ToolSpec<R, any>, err: ToolError): CallToolResult {
    return errorAnswer(this.domain.envelope, tool, err);
  }
}
