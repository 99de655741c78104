/**
 * The latest changes of each domain's live document, kept from the change feed so that a view
 * which cannot hold the feed open (an app inside a chat, which reaches the studio only through tool
 * calls) can ask for what changed since a sequence number, or wait for the next change.
 */
import type { ChangeEvent } from '../../shared/change-feed';
import { keepNewest } from '../kernel/bounded';

/** Changes kept per domain; a view further behind starts over from a snapshot. */
export const CHANGE_LOG_DEPTH = 500;

interface DomainLog {
  documentId: string;
  /** The oldest `since` the log can answer: every change after it is in `events`. */
  from: number;
  events: ChangeEvent[];
}

/** Whether the event counts a change of the model (checkpoints and saves repeat the current number). */
const counts = (event: ChangeEvent) => event.kind !== 'checkpoint' && event.kind !== 'saved' && event.kind !== 'reset';

export class ChangeLog {
  private readonly logs = new Map<string, DomainLog>();
  private readonly waiters = new Set<{ domain: string; wake: () => void }>();

  constructor(private readonly depth = CHANGE_LOG_DEPTH) {}

  record(event: ChangeEvent): void {
    let log = this.logs.get(event.domain);
    if (!log || log.documentId !== event.documentId || event.kind === 'reset') {
      log = { documentId: event.documentId, from: counts(event) ? event.seq - 1 : event.seq, events: [] };
      this.logs.set(event.domain, log);
    }
    if (event.kind !== 'reset') {
      log.events.push(event);
      const dropped = keepNewest(log.events, this.depth);
      if (dropped) log.from = Math.max(log.from, dropped.seq);
    }
    for (const waiter of [...this.waiters]) if (waiter.domain === event.domain) waiter.wake();
  }

  /**
   * The changes of `documentId` after `since`, oldest first; undefined when the log cannot say
   * (another document is live now, or changes after `since` were dropped or never seen).
   */
  since(domain: string, documentId: string, since: number): ChangeEvent[] | undefined {
    const log = this.logs.get(domain);
    if (!log || log.documentId !== documentId || since < log.from) return undefined;
    const last = log.events.at(-1)?.seq ?? log.from;
    if (since > last) return undefined;
    return log.events.filter((e) => e.seq > since);
  }

  /** The latest changes of the domain's live document made since `at` (ms), oldest first. */
  recent(domain: string, at: number): ChangeEvent[] {
    return (this.logs.get(domain)?.events ?? []).filter((e) => e.at >= at);
  }

  /** Resolves at the domain's next change, after `ms`, or when `signal` aborts, whichever is first. */
  next(domain: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const waiter = { domain, wake: () => done() };
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.waiters.add(waiter);
      signal?.addEventListener('abort', done);
    });
  }
}
