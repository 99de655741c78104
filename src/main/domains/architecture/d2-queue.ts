/**
 * The order D2's requests run in, for either engine: a caller's request goes ahead of every
 * background one (the view's diagrams rendered ahead, D2's tuning), and at most `slots` run at once
 * (one for D2's WASM process, which answers one request at a time; one a core for the native binary).
 * With more than one slot, background work leaves one free: a caller's request starts at once rather
 * than after a background render (the project's diagrams start rendering as it opens).
 */
export type Priority = 'caller' | 'background';

interface Job {
  work: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

export class D2Queue {
  private readonly waiting: Record<Priority, Job[]> = { caller: [], background: [] };
  private running = 0;
  private runningBackground = 0;
  private closedWith?: Error;
  private readonly backgroundSlots: number;

  constructor(private readonly slots: number) {
    this.backgroundSlots = Math.max(1, slots - 1);
  }

  run<T>(work: () => Promise<T>, priority: Priority): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closedWith) return reject(this.closedWith);
      this.waiting[priority].push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  /** Nothing runs and nothing waits. */
  get idle(): boolean {
    return this.running === 0 && !this.waiting.caller.length && !this.waiting.background.length;
  }

  /** Refuses every request waiting and every later one with `err` (the ones running end as they end). */
  close(err: Error): void {
    this.closedWith = err;
    for (const job of [...this.waiting.caller.splice(0), ...this.waiting.background.splice(0)]) job.reject(err);
  }

  private pump(): void {
    while (this.running < this.slots && !this.closedWith) {
      const background = !this.waiting.caller.length;
      if (background && this.runningBackground >= this.backgroundSlots) return;
      const job = background ? this.waiting.background.shift() : this.waiting.caller.shift();
      if (!job) return;
      this.running++;
      if (background) this.runningBackground++;
      job
        .work()
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running--;
          if (background) this.runningBackground--;
          this.pump();
        });
    }
  }
}
