/**
 * The order D2's requests run in, for either engine: a caller's request goes ahead of every
 * background one (the view's diagrams rendered ahead, D2's tuning), and at most `slots` run at once
 * (one for D2's WASM process, which answers one request at a time; one a core for the native binary).
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
  private closedWith?: Error;

  constructor(private readonly slots: number) {}

  run<T>(work: () => Promise<T>, priority: Priority): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closedWith) return reject(this.closedWith);
      this.waiting[priority].push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  /** Refuses every request waiting and every later one with `err` (the ones running end as they end). */
  close(err: Error): void {
    this.closedWith = err;
    for (const job of [...this.waiting.caller.splice(0), ...this.waiting.background.splice(0)]) job.reject(err);
  }

  private pump(): void {
    while (this.running < this.slots && !this.closedWith) {
      const job = this.waiting.caller.shift() ?? this.waiting.background.shift();
      if (!job) return;
      this.running++;
      job
        .work()
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}
