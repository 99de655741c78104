/**
 * Worker threads for the heavy work of the domains (file parsing and writing, layout, renders), so
 * that the core's event loop keeps answering every other client while it runs. Workers start on
 * first use; a task that runs past its time or memory limit takes only its worker down, and the
 * caller gets a clear error instead of a stalled or crashed core.
 */
import { Worker } from 'node:worker_threads';
import type { Offload } from '../fcp/domain';
import { ErrorCode, StudioError } from '../kernel/errors';
import { entryPoint } from './entry-points';

export interface OffloadRequest {
  id: number;
  domain: string;
  task: string;
  input: unknown;
}

export type OffloadReply =
  | { id: number; output: unknown; error?: undefined }
  | { id: number; error: { code: string; message: string; suggestion?: string } };

export interface OffloadPoolOptions {
  /**
   * Where the worker's entry (`offload-worker`, which loads the domains the host hosts) is: built,
   * out/main; from source, the host's folder (see entry-points.ts).
   */
  workerDir: string;
  /** Worker threads at most (default 2: the machines we target have two cores or more). */
  size?: number;
  /** Heap limit of each worker in MB; a task past it fails with too_large (default 1536). */
  maxMemoryMb?: number;
  /** A task running longer than this fails with task_timeout and its worker is replaced (default 120 s). */
  taskTimeoutMs?: number;
}

interface Job extends OffloadRequest {
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export const TASK_TIMEOUT_CODE = 'task_timeout';

/** The built worker (out/main/offload-worker.js) or, when running from source (tests), the TS file through tsx. */
function startWorker(workerDir: string, resourceLimits: { maxOldGenerationSizeMb: number }): Worker {
  const { file, fromSource } = entryPoint(workerDir, 'offload-worker');
  if (!fromSource) return new Worker(file, { resourceLimits });
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(file)});`, { eval: true, resourceLimits });
}

export class OffloadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly size: number;
  private readonly maxMemoryMb: number;
  private readonly taskTimeoutMs: number;
  private readonly workerDir: string;

  constructor(options: OffloadPoolOptions) {
    this.workerDir = options.workerDir;
    this.size = Math.max(1, options.size ?? 2);
    this.maxMemoryMb = options.maxMemoryMb ?? 1536;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 120_000;
  }

  /** Workers running now (started, not yet retired). */
  get workerCount(): number {
    return this.slots.length;
  }

  /**
   * Starts a worker ahead of the first task, if none runs: starting one (a thread, Node, the
   * domains' code) takes about 0.2 s, which the first open of a file after the studio starts would
   * otherwise wait for. The worker does not keep the process alive.
   */
  warmUp(): void {
    if (!this.closed && this.slots.length === 0) this.spawn();
  }

  /** The Offload of one domain, for its documents. */
  forDomain(domain: string): Offload {
    return (task, input) => this.run(domain, task, input);
  }

  run(domain: string, task: string, input: unknown): Promise<unknown> {
    if (this.closed) return Promise.reject(new StudioError(ErrorCode.internal, 'the studio is closing'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, domain, task, input, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new StudioError(ErrorCode.internal, 'the studio is closing'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, new StudioError(ErrorCode.internal, 'the studio is closing'))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        void this.retire(
          slot!,
          new StudioError(TASK_TIMEOUT_CODE, `${job.domain} ${job.task} ran past its limit of ${Math.round(this.taskTimeoutMs / 1000)} s and was stopped`, 'try it on a smaller selection or file'),
        );
      }, this.taskTimeoutMs);
      const { resolve: _r, reject: _j, ...request } = job;
      try {
        slot.worker.postMessage(request satisfies OffloadRequest);
      } catch (err) {
        void this.retire(slot, new StudioError(ErrorCode.internal, `cannot hand ${job.task} to a worker: ${(err as Error).message}`));
      }
    }
  }

  private spawn(): Slot {
    const worker = startWorker(this.workerDir, { maxOldGenerationSizeMb: this.maxMemoryMb });
    const slot: Slot = { worker };
    worker.unref();
    worker.on('message', (reply: OffloadReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      this.finish(slot);
      if (reply.error) job.reject(new StudioError(reply.error.code, reply.error.message, reply.error.suggestion));
      else job.resolve(reply.output);
      this.dispatch();
    });
    worker.on('error', (err: NodeJS.ErrnoException) => {
      const error =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new StudioError(ErrorCode.tooLarge, `${slot.job?.task ?? 'the task'} needed more than ${this.maxMemoryMb} MB of memory and was stopped`, 'try a smaller file or selection')
          : new StudioError(ErrorCode.internal, `a worker failed: ${err.message}`);
      void this.retire(slot, error);
    });
    worker.on('exit', () => void this.retire(slot, new StudioError(ErrorCode.internal, 'a worker exited unexpectedly')));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
    slot.worker.unref();
  }

  /** Takes a worker out of the pool (its job, if any, fails with `error`) and lets the queue go on. */
  private async retire(slot: Slot, error: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    const job = slot.job;
    this.finish(slot);
    job?.reject(error);
    await slot.worker.terminate().catch(() => undefined);
    if (!this.closed) this.dispatch();
  }
}
