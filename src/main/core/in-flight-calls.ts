import { performance } from 'node:perf_hooks';

/**
 * Counts the tool calls in progress so a closing host can let them finish, and refuses new ones;
 * and tells housekeeping (the journal's compaction and checkpoints) when the calls pause.
 */
export class InFlightCalls {
  private running = 0;
  private closing = false;
  private idleWaiters: (() => void)[] = [];
  /** When a call last began or ended (performance.now()). */
  private lastActivity = 0;
  private readonly closingController = new AbortController();
  /** Aborted when the host starts closing: a call that only waits (a view's long poll) answers at once. */
  readonly closingSignal = this.closingController.signal;

  get isClosing(): boolean {
    return this.closing;
  }

  get count(): number {
    return this.running;
  }

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    this.lastActivity = performance.now();
    try {
      return await work();
    } finally {
      this.lastActivity = performance.now();
      if (--this.running === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  /**
   * Runs `work` once no call has begun or ended for `quietMs`; returns what cancels it. A call still
   * running then does not hold it off: it is one that waits (a view's long poll, a layout in a
   * worker), which a few milliseconds on this thread do not hold up the way they would a stream of
   * short calls. The timer does not keep the process alive.
   */
  whenQuiet(quietMs: number, work: () => void): () => void {
    let timer: NodeJS.Timeout;
    const wait = (ms: number) => {
      timer = setTimeout(tick, ms);
      timer.unref();
    };
    const tick = () => {
      const left = quietMs - (performance.now() - this.lastActivity);
      if (left > 0) wait(left);
      else work();
    };
    wait(quietMs);
    return () => clearTimeout(timer);
  }

  /** Refuses new calls from now on; resolves once the running ones are done, or after `limitMs`. */
  drain(limitMs: number): Promise<void> {
    this.closing = true;
    this.closingController.abort();
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, limitMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
