/** Counts the tool calls in progress so a closing host can let them finish, and refuses new ones. */
export class InFlightCalls {
  private running = 0;
  private closing = false;
  private idleWaiters: (() => void)[] = [];
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
    try {
      return await work();
    } finally {
      if (--this.running === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
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
