/**
 * Keeps one domain's read model in step with the core (DESIGN.md, "Renderer"): load a snapshot,
 * then apply change events strictly in sequence order; whenever the order cannot be trusted (a
 * skipped number, a reset, another document, a reconnect) load a fresh snapshot instead.
 *
 * Pure of React and the DOM: the store that owns the records is a `FeedTarget`.
 */
import type { ChangeEvent, DomainSnapshot } from '../../../shared/change-feed';
import type { TandemApi } from '../../../shared/tandem-api';

/** Where the model stands: the document it shows and the last sequence number applied. */
export interface FeedPosition {
  documentId: string;
  seq: number;
}

export interface FeedTarget {
  /** Undefined until the first snapshot has loaded. */
  position(): FeedPosition | undefined;
  /** Replaces the whole model. */
  load(snapshot: DomainSnapshot): void;
  /** The next change in sequence (seq = position.seq + 1). */
  apply(event: ChangeEvent): void;
  /** `checkpoint` or `saved`: metadata only, the sequence number stays. */
  note(event: ChangeEvent): void;
  loadFailed(error: unknown): void;
}

/** What to do with one event, given where the model stands. */
export type FeedDecision = 'apply' | 'note' | 'ignore' | 'reload';

const METADATA_KINDS: ReadonlySet<ChangeEvent['kind']> = new Set(['checkpoint', 'saved']);

export function decide(position: FeedPosition, event: ChangeEvent): FeedDecision {
  const sameDocument = event.documentId === position.documentId;
  if (event.kind === 'reset') {
    // A reset we already hold (the snapshot was taken after it) needs nothing.
    return sameDocument && event.seq <= position.seq ? 'ignore' : 'reload';
  }
  if (!sameDocument) return 'reload';
  if (METADATA_KINDS.has(event.kind)) return event.seq > position.seq ? 'reload' : 'note';
  if (event.seq <= position.seq) return 'ignore';
  return event.seq === position.seq + 1 ? 'apply' : 'reload';
}

export interface FeedSyncOptions {
  api: Pick<TandemApi, 'snapshot' | 'onChange'>;
  domain: string;
  target: FeedTarget;
  /** Called with a listener fired after the transport reconnected (the browser's WebSocket). */
  onReconnect?: (listener: () => void) => () => void;
  /** Wait before retrying a snapshot that failed; 2 s by default. */
  retryDelayMs?: number;
}

export interface FeedSync {
  /** Loads a fresh snapshot (once, however often it is asked for while one is on its way). */
  reload(): Promise<void>;
  stop(): void;
  /** How many snapshots were requested so far: for tests and diagnostics. */
  readonly snapshotCount: number;
}

export function startFeedSync(options: FeedSyncOptions): FeedSync {
  const { api, domain, target } = options;
  const retryDelayMs = options.retryDelayMs ?? 2000;
  /** Events that arrive while a snapshot is on its way; sorted out once it lands. */
  let pending: ChangeEvent[] | undefined;
  let loading: Promise<void> | undefined;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let snapshotCount = 0;

  const handle = (event: ChangeEvent) => {
    if (stopped || event.domain !== domain) return;
    if (pending) {
      pending.push(event);
      return;
    }
    const position = target.position();
    if (!position) return;
    switch (decide(position, event)) {
      case 'apply':
        target.apply(event);
        break;
      case 'note':
        target.note(event);
        break;
      case 'reload':
        void reload();
        break;
      case 'ignore':
        break;
    }
  };

  const reload = (): Promise<void> => {
    if (loading) return loading;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = undefined;
    pending = [];
    snapshotCount++;
    loading = api.snapshot(domain).then(
      (snapshot) => {
        loading = undefined;
        const queued = pending ?? [];
        pending = undefined;
        if (stopped) return;
        target.load(snapshot);
        for (const event of queued) handle(event);
      },
      (error: unknown) => {
        loading = undefined;
        pending = undefined;
        if (stopped) return;
        target.loadFailed(error);
        retryTimer = setTimeout(() => void reload(), retryDelayMs);
      },
    );
    return loading;
  };

  const unsubscribe = api.onChange(handle);
  const stopReconnect = options.onReconnect?.(() => void reload());
  void reload();

  return {
    reload,
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      unsubscribe();
      stopReconnect?.();
    },
    get snapshotCount() {
      return snapshotCount;
    },
  };
}
