/**
 * Presence in the window (issue 14): what this window tells the core the person has selected in
 * each view, and what it learns back: the AI clients connected (and what each last did) and the
 * records they just read, which the views mark briefly. Presence is never a model change: it does
 * not go through the document stores, and a lost report is simply sent again.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { PRESENCE_LIMITS, type ClientPresence, type ReadEvent, type SelectionReport } from '../../../shared/presence';
import type { TandemApi } from '../../../shared/tandem-api';

/** How long a read mark shows on what a client read. */
export const READ_MARK_MS = 2500;
/** Reads kept for the activity panels, newest last. */
const READ_LOG_KEEP = 100;
/** Selection reports of one view are sent at most this often. */
const REPORT_DELAY_MS = 60;

export interface ReadMark {
  origin: string;
  what: string;
  at: number;
}

export interface PresenceState {
  clients: readonly ClientPresence[];
  /** The last read of each record, by readKey(documentId, record id). */
  reads: ReadonlyMap<string, ReadMark>;
  /** The latest reads, oldest first, with the local time they arrived. */
  readLog: readonly ReadEvent[];
}

export interface PresenceController {
  store: StoreApi<PresenceState>;
  /** Reports one view's selection (sent shortly, the latest one wins; again after a reconnect). */
  report(report: SelectionReport): void;
  stop(): void;
}

/** Where a record's read mark is kept: ids are unique within one document only. */
export const readKey = (documentId: string, id: string) => `${documentId}#${id}`;

export function isFreshRead(mark: ReadMark | undefined, now: number): mark is ReadMark {
  return mark !== undefined && now - mark.at < READ_MARK_MS;
}

export function createPresence(options: { api: TandemApi; onReconnect?: (listener: () => void) => () => void }): PresenceController {
  const store = createStore<PresenceState>()(() => ({ clients: [], reads: new Map(), readLog: [] }));
  const latest = new Map<string, SelectionReport>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const send = (domain: string) => {
    timers.delete(domain);
    const report = latest.get(domain);
    // Presence is best effort: a report lost with the connection is sent again on reconnect.
    if (report) options.api.reportPresence(report).catch(() => undefined);
  };

  const stopPresence = options.api.onPresence((event) => {
    if (event.type === 'clients') {
      store.setState({ clients: event.clients });
      return;
    }
    const at = Date.now();
    const reads = new Map(store.getState().reads);
    for (const id of event.ids) reads.set(readKey(event.documentId, id), { origin: event.origin, what: event.what, at });
    // Marks that ran out are dropped as new ones come, so the map stays small.
    for (const [id, mark] of reads) if (!isFreshRead(mark, at)) reads.delete(id);
    store.setState({ reads, readLog: [...store.getState().readLog, { ...event, at }].slice(-READ_LOG_KEEP) });
  });
  const stopReconnect = options.onReconnect?.(() => {
    for (const domain of latest.keys()) send(domain);
  });

  return {
    store,
    report(report) {
      const huge = report.ids.length > PRESENCE_LIMITS.maxIds;
      const next = huge ? { ...report, ids: report.ids.slice(0, PRESENCE_LIMITS.maxIds), count: report.ids.length } : report;
      const previous = latest.get(report.domain);
      if (previous && sameReport(previous, next)) return;
      latest.set(report.domain, next);
      if (!timers.has(report.domain)) timers.set(report.domain, setTimeout(() => send(report.domain), REPORT_DELAY_MS));
    },
    stop() {
      stopPresence();
      stopReconnect?.();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

function sameReport(a: SelectionReport, b: SelectionReport): boolean {
  return (
    a.visible === b.visible &&
    a.count === b.count &&
    a.focus?.id === b.focus?.id &&
    a.focus?.name === b.focus?.name &&
    a.ids.length === b.ids.length &&
    a.ids.every((id, i) => id === b.ids[i])
  );
}
