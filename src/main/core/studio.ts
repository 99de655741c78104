/**
 * The studio core: owns one workspace, the active document of every FCP domain, every tool domain,
 * the journal and the change feed. Plain Node (no electron import): `tandem serve`, the Electron
 * main process and the tests all host this same class.
 */
import { basename, extname } from 'node:path';
import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { type ChangeEvent, type DomainSnapshot, SNAPSHOT_ACTIVITY } from '../../shared/change-feed';
import { type DomainSummary, type SummaryItem, domainSummary, failedSummary } from '../../shared/domain-summary';
import { listDomainFiles } from './list-files';
import { FcpDocument, type DocumentChange } from '../fcp/document';
import type { DocumentInfo, FcpDomain, FileData, Offload } from '../fcp/domain';
import { ErrorCode, StudioError } from '../kernel/errors';
import type { EntityRecord } from '../kernel/records';
import { renderReferenceCard } from '../fcp/reference-card';
import { FILE_DATA_TASK, type FileDataInput, inlineOffload, runOwnTask } from '../fcp/offload';
import { journaledRequestId } from '../fcp/request-context';
import { FcpSession, type SessionHost } from '../fcp/session';
import type { ResolvedPath } from '../kernel/paths';
import type { StudioEnding, ToolDomain } from '../tool-domain/domain';
import { type CallerInfo, HostedToolDomain } from '../tool-domain/hosted-domain';
import { ChangeLog } from './change-log';
import { PresenceHub } from './presence';
import { checkDistinct } from '../tool-domain/table';
import { CRASH_AFTER_JOURNAL, failpointArmed } from './failpoints';
import { InFlightCalls } from './in-flight-calls';
import { Journal, type JournalOptions, type RequestRecord } from './journal';
import { OffloadPool, type OffloadPoolOptions } from './offload-pool';
import type { FcpEndpoint, StudioCore, ToolAnswer } from './studio-api';
import type { Workspace } from './workspace';

export interface StudioOptions extends JournalOptions {
  /** The FCP domains to host (the host hands the studio its domains: host/domains.ts). */
  domains: readonly FcpDomain<any>[];
  /** The tool domains to host. */
  toolDomains: readonly ToolDomain<any>[];
  /** Where the tool domains' messages go (the host's log). */
  log?: (message: string) => void;
  /** Undo steps kept per document across compactions (default 1,000). */
  historyDepth?: number;
  /** Compact a document's journal, at the first quiet moment, once this many changes wait on its base (default 500). */
  compactEvery?: number;
  /** Compact it at once (after the answer), quiet or not, once this many wait (default 5,000). */
  forceCompactEvery?: number;
  /**
   * The host's calls: housekeeping (compaction, checkpoints) waits until none has begun or ended for
   * `quietMs` (default 20 ms). Without it, calls of the studio's own, which nothing tracks.
   */
  housekeeping?: { calls: InFlightCalls; quietMs?: number };
  /**
   * The worker threads for heavy work, and the domains their entry loads (the host's own list):
   * those run their tasks there; others (a test's own domains), and all without this, run inline.
   */
  offload?: OffloadPoolOptions & { readonly workerDomains: readonly object[] };
  /**
   * Start a worker as the studio opens (the hosts that serve people: `tandem serve`, the desktop
   * app), so that the first file opened does not wait for one; tests and benches open many
   * studios and leave it off.
   */
  warmOffload?: boolean;
}

const DEFAULT_HISTORY_DEPTH = 1000;
const DEFAULT_COMPACT_EVERY = 500;
/**
 * So a stream of calls that never pauses still compacts. Restoring this many one-op changes took
 * about 50 ms here (issue 23; 500 took 13 ms, none 6 ms).
 */
const DEFAULT_FORCE_COMPACT_EVERY = 5000;
/**
 * Calls back to back (a script's, through the bridge) come well under a millisecond or two apart;
 * an agent's pause to think, or a person's between gestures, is tens to hundreds of ms. 20 ms is
 * past the first (and a client's GC pause) and soon enough in the second.
 */
const DEFAULT_QUIET_MS = 20;

/** The request this change answers, when the call carried an id (see request-context.ts). */
function requestRecord(requestId: string | undefined, answer: readonly string[]): RequestRecord | undefined {
  return requestId ? { id: requestId, answer } : undefined;
}

function toToolAnswer(a: { ok: boolean; text: string }): ToolAnswer {
  return { text: a.text, isError: !a.ok };
}

/** Each event is written out as one object literal (no spread of a shared base): the spread took a slow path on every change (issue 23). */
function changeEvent(domain: string, documentId: string, change: DocumentChange): ChangeEvent {
  const { seq, origin, at } = change;
  switch (change.kind) {
    case 'checkpoint':
      return { domain, documentId, seq, origin, at, kind: 'checkpoint', ops: [`checkpoint ${change.name}`] };
    case 'saved':
      return { domain, documentId, seq, origin, at, kind: 'saved', ops: [`save as:${change.path}`] };
    default: {
      const put: unknown[] = [];
      const removed: string[] = [];
      for (const id in change.diff) {
        const after = change.diff[id][1];
        if (after) put.push(after);
        else removed.push(id);
      }
      const ops = change.kind === 'batch' ? change.ops : change.kind === 'undo-to' ? [`undo to:${change.name}`] : [change.kind];
      return { domain, documentId, seq, origin, at, kind: change.kind, ops, lines: change.lines, put, removed };
    }
  }
}

export class Studio implements StudioCore {
  private readonly sessions = new Map<string, FcpSession<EntityRecord>>();
  private readonly tools = new Map<string, HostedToolDomain<unknown>>();
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  private readonly detach = new Map<string, () => void>();
  /** Per document: changes journaled on top of its base since the last compaction. */
  private readonly pendingChanges = new Map<string, number>();
  private readonly pool: OffloadPool | undefined;
  /** Whether a test set failpoints, read once: each read of process.env goes out to the environment. */
  private readonly failpointsSet = Boolean(process.env.TANDEM_FAILPOINTS);
  private closed = false;
  /** The calls whose pauses housekeeping waits for. */
  private readonly calls: InFlightCalls;
  /** Cancels the housekeeping that waits for a quiet moment, if any does. */
  private cancelHousekeeping: (() => void) | undefined;
  readonly presence = new PresenceHub();
  readonly changes = new ChangeLog();

  private constructor(
    private readonly ws: Workspace,
    private readonly journal: Journal,
    private readonly options: StudioOptions,
  ) {
    this.pool = options.offload && new OffloadPool(options.offload);
    this.calls = options.housekeeping?.calls ?? new InFlightCalls();
  }

  static async open(ws: Workspace, options: StudioOptions): Promise<Studio> {
    const journal = new Journal(ws.databasePath, options);
    const studio = new Studio(ws, journal, options);
    try {
      for (const domain of options.domains) studio.restore(domain as FcpDomain<EntityRecord>);
      await studio.openToolDomains(options.toolDomains);
      studio.scheduleHousekeeping(); // a long backlog restored is compacted at the first quiet moment
      if (options.warmOffload) studio.pool?.warmUp();
    } catch (err) {
      await studio.close();
      throw err;
    }
    return studio;
  }

  get workspace(): string {
    return this.ws.root;
  }

  get fcpDomains(): readonly string[] {
    return [...this.sessions.keys()];
  }

  get toolDomains(): readonly string[] {
    return [...this.tools.keys()];
  }

  /** The worker threads running for heavy work (none without them, or before the first). */
  get offloadWorkers(): number {
    return this.pool?.workerCount ?? 0;
  }

  toolDomain(name: string): ToolDomain<unknown> {
    return this.hostedTool(name).domain;
  }

  async callTool(domain: string, tool: string, args: unknown, caller: CallerInfo): Promise<CallToolResult> {
    return this.hostedTool(domain).callTool(tool, args, caller);
  }

  async readResource(domain: string, uri: string): Promise<ReadResourceResult> {
    return this.hostedTool(domain).readResource(uri);
  }

  async getPrompt(domain: string, name: string, args?: Record<string, string>): Promise<GetPromptResult> {
    return this.hostedTool(domain).getPrompt(name, args);
  }

  /**
   * Every domain as it describes itself for the project map: an FCP domain its open document (its
   * summarize() line, or its digest) and the workspace's files of its type; a tool domain its
   * summary() hook. Domains in the order they are hosted; one that fails is listed with why.
   */
  async summaries(): Promise<DomainSummary[]> {
    const fcp = [...this.sessions.values()].map((session) => this.documentSummary(session));
    const tools = [...this.tools.values()].map((hosted) => hosted.summary());
    return Promise.all([...fcp, ...tools]);
  }

  private async documentSummary({ domain, document: doc }: FcpSession<EntityRecord>): Promise<DomainSummary> {
    try {
      const open = await doc.read(() => ({
        title: doc.title,
        path: doc.path,
        dirty: doc.dirty,
        described: domain.summarize?.(doc.store) ?? { summary: domain.digest(doc.store) },
      }));
      const files = (await listDomainFiles(this.ws.root, domain)).filter((file) => file.path !== open.path);
      const items: SummaryItem[] = [
        { kind: 'document', name: open.title, ...(open.path ? { path: open.path } : {}), summary: open.described.summary, state: open.dirty ? 'open, unsaved changes' : 'open' },
        ...files.map((file) => ({
          kind: 'file',
          name: basename(file.path, extname(file.path)),
          path: file.path,
          summary: `${domain.title} file, modified ${new Date(file.modifiedAt).toISOString()}`,
          state: 'on disk',
        })),
      ];
      return domainSummary(domain.name, domain.title, { items, counts: { files: files.length + (open.path ? 1 : 0), ...open.described.counts } });
    } catch (err) {
      return failedSummary(domain.name, domain.title, err);
    }
  }

  resolvePath(path: string, extension?: string): ResolvedPath {
    return this.ws.resolvePath(path, extension);
  }

  fcp(name: string): FcpEndpoint {
    const session = this.session(name);
    return {
      domain: session.domain,
      mutate: (ops, origin, requestId) => this.atMostOnce(journaledRequestId(requestId), (id) => session.mutate(ops, origin, id)),
      query: async (q, origin) => toToolAnswer(await session.query(q, origin)),
      session: (action, origin, requestId) => this.atMostOnce(journaledRequestId(requestId), (id) => session.action(action, origin, id)),
      help: async () => ({ text: renderReferenceCard(session.domain, session.document.store), isError: false }),
    };
  }

  /**
   * Runs a call that may change a model, unless a change was already journaled under its request
   * id (the client is retrying after losing the answer): then it answers what the first one did.
   */
  private async atMostOnce(id: string | undefined, run: (id: string | undefined) => Promise<{ ok: boolean; text: string }>): Promise<ToolAnswer> {
    const earlier = id ? this.journal.answerOf(id) : undefined;
    if (earlier) return { text: earlier.join('\n'), isError: false };
    return toToolAnswer(await run(id));
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  documentInfo(name: string): DocumentInfo {
    return this.session(name).document.info();
  }

  snapshot(name: string): Promise<DomainSnapshot> {
    const tool = this.tools.get(name);
    if (tool) return Promise.resolve(tool.snapshot());
    const doc = this.session(name).document;
    return doc.read(() => ({
      domain: name,
      documentId: doc.id,
      seq: doc.seq,
      title: doc.title,
      path: doc.path,
      dirty: doc.dirty,
      records: doc.store.snapshot(),
      activity: doc.activity.slice(-SNAPSHOT_ACTIVITY),
    }));
  }

  async documentFile(name: string): Promise<{ documentId: string; data: FileData; extension: string }> {
    const { domain, document: doc } = this.session(name);
    // The committed records now; made into the file's bytes in a worker, as a save makes them.
    const records = await doc.read(() => doc.store.snapshot());
    const data = (await doc.offload(FILE_DATA_TASK, { records } satisfies FileDataInput)) as FileData;
    return { documentId: doc.id, data, extension: domain.fileExtension };
  }

  /** Closes the studio; `handover` when another core takes the workspace over and keeps what runs. */
  async close(ending: StudioEnding = 'stop'): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelHousekeeping?.();
    // Tool domains stop first: they may still publish, and write to the database, while they close.
    await Promise.all([...this.tools.values()].map((t) => t.close(ending)));
    // Let every queued batch finish (and be journaled) before the database goes.
    await Promise.all([...this.sessions.values()].map((s) => s.document.exclusive(() => undefined)));
    for (const off of this.detach.values()) off();
    await this.pool?.close();
    this.journal.close();
  }

  private session(name: string): FcpSession<EntityRecord> {
    const session = this.sessions.get(name);
    if (!session) throw this.unknownDomain(name, this.fcpDomains);
    return session;
  }

  private hostedTool(name: string): HostedToolDomain<unknown> {
    const hosted = this.tools.get(name);
    if (!hosted) throw this.unknownDomain(name, this.toolDomains);
    return hosted;
  }

  private unknownDomain(name: string, kind: readonly string[]): StudioError {
    return new StudioError(ErrorCode.unknownDomain, `no domain "${name}" in this studio`, `one of: ${kind.join(', ') || '(none)'}`);
  }

  private async openToolDomains(domains: readonly ToolDomain<any>[]): Promise<void> {
    checkDistinct('domain name', [...this.fcpDomains, ...domains.map((d) => d.name)]);
    const log = this.options.log ?? (() => undefined);
    for (const domain of domains) {
      const hosted = await HostedToolDomain.open<unknown>(domain, {
        workspace: this.ws.root,
        resolvePath: (path, extension) => this.ws.resolvePath(path, extension),
        database: this.journal.database,
        offload: this.workerOffload(domain) ?? (async (task, input) => runOwnTask(domain, task, input)),
        log,
        emit: (event) => this.emit(event),
        presence: this.presence,
        summaries: () => this.summaries(),
      });
      this.tools.set(domain.name, hosted);
    }
  }

  /** Rebuilds the domain's active document from the journal, or starts an empty one. */
  private restore(domain: FcpDomain<EntityRecord>): void {
    const host = this.sessionHost(domain);
    const saved = this.journal.loadActive(domain.name);
    let doc: FcpDocument<EntityRecord>;
    if (saved) {
      doc = FcpDocument.fromState(domain, saved.id, saved.base);
      for (const change of saved.changes) doc.replay(change);
      doc.offload = this.offloadFor(domain);
      this.pendingChanges.set(doc.id, saved.changes.length);
      this.attach(domain.name, doc);
    } else {
      doc = FcpDocument.create(domain, { title: 'Untitled' });
      doc.offload = this.offloadFor(domain);
      host.adopt(doc, 'studio', []);
    }
    this.sessions.set(domain.name, new FcpSession(domain, host, doc));
  }

  private offloadFor(domain: FcpDomain<EntityRecord>): Offload {
    return this.workerOffload(domain) ?? inlineOffload(domain);
  }

  /** The worker pool's Offload for a domain its workers load; undefined for others (they run inline). */
  private workerOffload(domain: { readonly name: string }): Offload | undefined {
    return this.pool && this.options.offload!.workerDomains.includes(domain) ? this.pool.forDomain(domain.name) : undefined;
  }

  private sessionHost(domain: FcpDomain<EntityRecord>): SessionHost<EntityRecord> {
    return {
      resolvePath: (path, ext) => this.ws.resolvePath(path, ext),
      checkReadable: (file) => this.ws.checkReadable(file),
      adopt: (doc, origin, answer, baseJson, requestId) => {
        this.journal.adopt(
          domain.name,
          { id: doc.id, records: doc.store.snapshot(), seq: doc.seq, path: doc.path, savedSeq: doc.savedSeq, baseJson },
          requestRecord(requestId, answer),
        );
        this.pendingChanges.set(doc.id, 0);
        this.attach(domain.name, doc);
        this.emit({ domain: domain.name, documentId: doc.id, seq: doc.seq, origin, kind: 'reset', at: Date.now() });
      },
    };
  }

  /**
   * Journals the document's changes before they are acknowledged, then feeds them to subscribers;
   * once enough changes wait on the document's base, folds them into a new one.
   */
  private attach(name: string, doc: FcpDocument<EntityRecord>): void {
    this.detach.get(name)?.();
    doc.presence = {
      selected: () => this.presence.selected(name),
      read: (origin, ids, what) => this.presence.read(origin, name, doc.id, ids, what),
    };
    doc.commitHook = (change, answer, requestId) => {
      this.journal.append(doc.id, change, requestRecord(requestId, answer));
      if (change.kind === 'batch' && this.failpointsSet && failpointArmed(CRASH_AFTER_JOURNAL, this.ws.runtimeDir)) process.kill(process.pid, 'SIGKILL');
      this.pendingChanges.set(doc.id, (this.pendingChanges.get(doc.id) ?? 0) + 1);
    };
    this.detach.set(
      name,
      doc.subscribe((change) => {
        this.emit(changeEvent(name, doc.id, change));
        if (this.compactionForced(doc)) void this.compactAfterAnswer(doc);
        else this.scheduleHousekeeping();
      }),
    );
  }

  private pendingOn(doc: FcpDocument<EntityRecord>): number {
    return this.pendingChanges.get(doc.id) ?? 0;
  }

  private compactionDue(doc: FcpDocument<EntityRecord>): boolean {
    return this.pendingOn(doc) >= (this.options.compactEvery ?? DEFAULT_COMPACT_EVERY);
  }

  private compactionForced(doc: FcpDocument<EntityRecord>): boolean {
    return this.pendingOn(doc) >= (this.options.forceCompactEvery ?? DEFAULT_FORCE_COMPACT_EVERY);
  }

  /** The first document whose compaction is due, if any. */
  private documentToCompact(): FcpDocument<EntityRecord> | undefined {
    for (const { document } of this.sessions.values()) if (this.compactionDue(document)) return document;
    return undefined;
  }

  /**
   * Once compaction or a checkpoint is due, waits for a quiet moment between calls to do it (issue
   * 23: compaction took 7-12 ms, a checkpoint 2-5, and the next call waited for them).
   */
  private scheduleHousekeeping(): void {
    if (this.cancelHousekeeping || this.closed || !(this.journal.checkpointDue || this.documentToCompact())) return;
    this.cancelHousekeeping = this.calls.whenQuiet(this.options.housekeeping?.quietMs ?? DEFAULT_QUIET_MS, () => void this.housekeep());
  }

  /** One piece of housekeeping (a document's compaction, else a checkpoint); the next waits for the next quiet moment. */
  private async housekeep(): Promise<void> {
    const doc = this.documentToCompact();
    let done = true;
    if (doc) done = await doc.exclusive(() => this.closed || !this.compactionDue(doc) || this.compact(doc));
    else if (!this.closed) done = this.checkpoint();
    this.cancelHousekeeping = undefined;
    // One that failed is tried again after the next change, not at once.
    if (done) this.scheduleHousekeeping();
  }

  /**
   * Compacts once the change that made it due has been answered (its answer is written in this
   * turn of the loop; compaction writes the whole document, which that answer need not wait for),
   * holding the document until then so that no later change comes between: the document's state is
   * exactly the journal's. The change is journaled already; compaction only saves restore time.
   */
  private compactAfterAnswer(doc: FcpDocument<EntityRecord>): Promise<void> {
    return doc.exclusive(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (!this.closed && this.compactionForced(doc)) this.compact(doc);
    });
  }

  /** Folds the document's changes into a new base; run holding the document (exclusive), so its state is the journal's. */
  private compact(doc: FcpDocument<EntityRecord>): boolean {
    try {
      this.journal.compact(doc.id, doc.state(this.options.historyDepth ?? DEFAULT_HISTORY_DEPTH));
      this.pendingChanges.set(doc.id, 0);
      return true;
    } catch {
      // Compaction only saves restore time; the changes stay journaled and it is tried again later.
      return false;
    }
  }

  private checkpoint(): boolean {
    try {
      this.journal.checkpointIfDue();
      return true;
    } catch {
      // Only the log's length is at stake: SQLite's own checkpoint is the backstop.
      return false;
    }
  }

  private emit(event: ChangeEvent): void {
    this.changes.record(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One failing view must not stop the others.
      }
    }
  }
}
