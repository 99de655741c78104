/**
 * The studio core: owns one workspace, the active document of every domain, the journal and the
 * change feed. Plain Node (no electron import): `tandem serve`, the Electron main process and the
 * tests all host this same class.
 */
import type { ChangeEvent, DomainSnapshot } from '../../shared/change-feed';
import { FcpDocument, type DocumentChange } from '../fcp/document';
import type { FcpDomain } from '../fcp/domain';
import { ErrorCode, FcpError } from '../fcp/errors';
import type { EntityRecord } from '../fcp/records';
import { renderReferenceCard } from '../fcp/reference-card';
import { FcpSession, type SessionHost } from '../fcp/session';
import { fcpDomains as registeredDomains } from '../domains';
import { Journal, type JournalOptions } from './journal';
import type { FcpEndpoint, StudioCore, ToolAnswer } from './studio-api';
import type { Workspace } from './workspace';

/** How many recent changes a snapshot carries for views that open late. */
const SNAPSHOT_ACTIVITY = 50;

export interface StudioOptions extends JournalOptions {
  /** The FCP domains to host; all registered ones by default. */
  domains?: readonly FcpDomain<any>[];
}

function toToolAnswer(a: { ok: boolean; text: string }): ToolAnswer {
  return { text: a.text, isError: !a.ok };
}

function changeEvent(domain: string, documentId: string, change: DocumentChange): ChangeEvent {
  const base = { domain, documentId, seq: change.seq, origin: change.origin, at: change.at };
  switch (change.kind) {
    case 'checkpoint':
      return { ...base, kind: 'checkpoint', ops: [`checkpoint ${change.name}`] };
    case 'saved':
      return { ...base, kind: 'saved', ops: [`save as:${change.path}`] };
    default: {
      const put: unknown[] = [];
      const removed: string[] = [];
      for (const [id, [, after]] of Object.entries(change.diff)) {
        if (after) put.push(after);
        else removed.push(id);
      }
      const ops = change.kind === 'batch' ? change.ops : change.kind === 'undo-to' ? [`undo to:${change.name}`] : [change.kind];
      return { ...base, kind: change.kind, ops, lines: change.lines, put, removed };
    }
  }
}

export class Studio implements StudioCore {
  private readonly sessions = new Map<string, FcpSession<EntityRecord>>();
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  private readonly detach = new Map<string, () => void>();
  private closed = false;

  private constructor(
    private readonly ws: Workspace,
    private readonly journal: Journal,
  ) {}

  static async open(ws: Workspace, options: StudioOptions = {}): Promise<Studio> {
    const journal = new Journal(ws.databasePath, options);
    const studio = new Studio(ws, journal);
    for (const domain of options.domains ?? registeredDomains) studio.restore(domain as FcpDomain<EntityRecord>);
    return studio;
  }

  get workspace(): string {
    return this.ws.root;
  }

  get fcpDomains(): readonly string[] {
    return [...this.sessions.keys()];
  }

  fcp(name: string): FcpEndpoint {
    const session = this.session(name);
    return {
      domain: session.domain,
      mutate: async (ops, origin) => toToolAnswer(await session.mutate(ops, origin)),
      query: async (q) => toToolAnswer(await session.query(q)),
      session: async (action, origin) => toToolAnswer(await session.action(action, origin)),
      help: async () => ({ text: renderReferenceCard(session.domain, session.document.store), isError: false }),
    };
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(name: string): Promise<DomainSnapshot> {
    const doc = this.session(name).document;
    return doc.exclusive(() => ({
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

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Let every queued batch finish (and be journaled) before the database goes.
    await Promise.all([...this.sessions.values()].map((s) => s.document.exclusive(() => undefined)));
    for (const off of this.detach.values()) off();
    this.journal.close();
  }

  private session(name: string): FcpSession<EntityRecord> {
    const session = this.sessions.get(name);
    if (!session) {
      throw new FcpError(ErrorCode.unknownDomain, `no domain "${name}" in this studio`, `one of: ${this.fcpDomains.join(', ')}`);
    }
    return session;
  }

  /** Rebuilds the domain's active document from the journal, or starts an empty one. */
  private restore(domain: FcpDomain<EntityRecord>): void {
    const host = this.sessionHost(domain);
    const saved = this.journal.loadActive(domain.name);
    let doc: FcpDocument<EntityRecord>;
    if (saved) {
      doc = new FcpDocument(domain, saved.base, { id: saved.id, path: saved.path, seq: saved.baseSeq, savedSeq: saved.savedSeq });
      for (const change of saved.changes) doc.replay(change);
      this.attach(domain.name, doc);
    } else {
      doc = FcpDocument.create(domain, { title: 'Untitled' });
      host.adopt(doc, 'studio');
    }
    this.sessions.set(domain.name, new FcpSession(domain, host, doc));
  }

  private sessionHost(domain: FcpDomain<EntityRecord>): SessionHost<EntityRecord> {
    return {
      resolvePath: (path, ext) => this.ws.resolvePath(path, ext),
      readText: (file) => this.ws.readText(file),
      writeTextAtomic: (file, text) => this.ws.writeTextAtomic(file, text),
      adopt: (doc, origin) => {
        this.journal.adopt(domain.name, { id: doc.id, records: doc.store.snapshot(), seq: doc.seq, path: doc.path, savedSeq: doc.savedSeq });
        this.attach(domain.name, doc);
        this.emit({ domain: domain.name, documentId: doc.id, seq: doc.seq, origin, kind: 'reset', at: Date.now() });
      },
    };
  }

  /** Journals the document's changes before they are acknowledged, then feeds them to subscribers. */
  private attach(name: string, doc: FcpDocument<EntityRecord>): void {
    this.detach.get(name)?.();
    doc.commitHook = (change) => this.journal.append(doc.id, change);
    this.detach.set(name, doc.subscribe((change) => this.emit(changeEvent(name, doc.id, change))));
  }

  private emit(event: ChangeEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One failing view must not stop the others.
      }
    }
  }
}
