/**
 * D2's WASM build (@terrastruct/d2), in a long-lived process of its own (d2-process.ts), started
 * and warmed on first use. The studio's engine for ELK layouts (faster here than the native
 * binary's ELK) and for every diagram where the native binary is missing or broken.
 *
 * Why not the core's offload pool: loading the 22 MB WASM takes 3-4 s and the first compile nearly
 * one more, so it must happen once, ahead of the first call. Pool workers start on first use, are
 * shared by every domain (two of them), and are replaced after a task runs past its limit: each
 * would load its own copy of D2, a long compile would hold a slot other domains need, and a
 * replaced worker would pay the 4 s again on somebody's call.
 *
 * Why a process and not a worker thread: for some 15 s after D2 loads, V8 compiles its WASM on
 * background threads, and neither a worker's termination nor the core's exit can interrupt that:
 * a core asked to stop then took 8 s and more to exit. A process is killed at once.
 *
 * This class keeps one D2 process, warms it, hands it one request at a time (D2 answers requests
 * in order and keeps a single pending reply), and replaces it if a request runs past its limit. The
 * core's thread only posts messages.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompileOptions, CompileRequest, CompileResponse, Diagram, RenderOptions } from '@terrastruct/d2';
import { entryPoint } from '../../core/entry-points';
import { type D2RenderOptions, D2_REQUEST_LIMIT_MS, isD2Error, parseD2Error, themeId } from './d2-common';
import type { D2Operation, D2ProcessReply, D2ProcessRequest } from './d2-protocol';
import { D2Queue, type Priority } from './d2-queue';

class RestartedError extends Error {}

const WARM_UP_SOURCE = 'studio: Tandem Studio\ndocs: Architecture docs {shape: page}\nstudio -> docs: renders';
/**
 * After the first render, D2 runs at a third of its speed until V8 has optimised its hot code, which
 * takes some ten renders. These are done ahead, behind any caller's request, with sources of the
 * shapes C4 diagrams use, so that the first diagrams people ask for already get the fast code.
 */
const TUNING_SOURCES = [
  'user: Customer {shape: person}\nshop: Web Shop {\n  api: API\n  db: Orders {shape: cylinder}\n  api -> db: reads and writes\n}\nuser -> shop.api: orders\n',
  'a: Gateway\nb: Payments\nc: Ledger {shape: cylinder}\nq: Events {shape: queue}\na -> b: forwards\nb -> c: books\nb -> q: publishes\nq -> a: notifies\n',
  'ops: Operator {shape: person}\nsys: Monitoring {\n  agent: Agent\n  store: Metrics {shape: stored_data}\n  agent -> store\n}\nops -> sys: watches {style.stroke-dash: 3}\n',
];
const TUNING_ROUNDS = 12;

/**
 * D2's WASM stays with V8's baseline compiler: optimising its 22 MB took some 15 s of a core after
 * the load, more than doubled the first render's wait on a busy machine (4-5 s against 11-22 s here)
 * and the process's memory (~0.25 GB against ~0.6 GB), for warm renders no faster on two cores.
 * ELK's layout is JavaScript, which V8 optimises as always.
 */
const V8_FLAGS = ['--liftoff-only'];

const request = (source: string, options: CompileOptions): CompileRequest => ({ fs: { index: source }, inputPath: 'index', options });

/** How long D2's process stays without a request before it exits (its memory back to the machine). */
export const WASM_IDLE_MS = 60_000;

export class WasmD2 {
  private instance?: D2Process;
  private readonly queue = new D2Queue(1);
  private closed = false;
  /** Refuses the request D2 is working on (when the engine closes). */
  private abortCurrent?: (err: Error) => void;
  /** Resolved once the current D2 process has loaded D2 and rendered a first diagram. */
  warm?: Promise<void>;
  /** The current process has loaded D2 and rendered a first diagram. */
  private isWarm = false;
  private idleTimer?: NodeJS.Timeout;

  /** `idleMs`: how long the process stays without work before it exits (0: it stays). */
  constructor(
    private readonly log: (message: string) => void = () => undefined,
    private readonly idleMs = WASM_IDLE_MS,
  ) {}

  /** The pid of D2's process while one runs. */
  get processId(): number | undefined {
    return this.instance?.pid;
  }

  /** Loaded and warm: a request now is answered without the seconds D2 takes to load. */
  get ready(): boolean {
    return this.isWarm && this.instance !== undefined;
  }

  /**
   * Starts D2's process and warms it (a compile and a render); later calls wait for this. D2's
   * tuning renders follow in the background.
   */
  start(): Promise<void> {
    if (!this.warm) {
      const started = Date.now();
      this.warm = this.queue
        .run(
          () =>
            this.timed(async (d2) => {
              const compiled = await d2.compile(request(WARM_UP_SOURCE, { layout: 'dagre' }));
              await d2.render(compiled.diagram, compiled.renderOptions);
              this.isWarm = true;
              this.log(`D2 (WASM build) loaded and warm in ${Date.now() - started} ms`);
            }),
          'caller',
        )
        .then(
          () => this.tune(Date.now()),
          (err) => {
            this.log(`D2 (WASM build) failed to start: ${(err as Error).message}`);
            void this.reset();
            throw err;
          },
        );
      // Nobody may be waiting yet: a failure is logged above and answered to the next caller.
      this.warm.catch(() => undefined);
    }
    return this.warm;
  }

  /** Queues D2's tuning renders (not awaited: callers go ahead of them). */
  private tune(started: number): void {
    const rounds = Array.from({ length: TUNING_ROUNDS }, (_, i) =>
      this.renderBehindCallers(TUNING_SOURCES[i % TUNING_SOURCES.length], { layout: i % 4 === 3 ? 'elk' : 'dagre' }),
    );
    void Promise.all(rounds).then(
      () => this.log(`D2 (WASM build) tuned in ${Date.now() - started} ms`),
      () => undefined, // closed or restarted meanwhile: the next start tunes again
    );
  }

  /** Compiles only: throws D2SyntaxError for a source that does not compile. */
  async check(source: string, options: D2RenderOptions = {}): Promise<void> {
    await this.run((d2) => d2.compile(request(source, this.compileOptions(options))), 'caller');
  }

  /**
   * Compiles and renders to SVG markup (no XML declaration, for embedding). `background` requests
   * wait until no caller's request is waiting.
   */
  async render(source: string, options: D2RenderOptions = {}, background = false): Promise<string> {
    if (background) return this.renderBehindCallers(source, options);
    return this.run(async (d2) => {
      const compiled = await d2.compile(request(source, this.compileOptions(options)));
      return d2.render(compiled.diagram, this.renderOptions(compiled.renderOptions, options));
    }, 'caller');
  }

  /**
   * A background render is two requests, compile then render, so that a caller's request that
   * arrives meanwhile waits for half of one at most.
   */
  private async renderBehindCallers(source: string, options: D2RenderOptions): Promise<string> {
    const compiled = await this.run((d2) => d2.compile(request(source, this.compileOptions(options))), 'background');
    return this.run((d2) => d2.render(compiled.diagram, this.renderOptions(compiled.renderOptions, options)), 'background');
  }

  /**
   * Stops for good: the requests waiting and the one D2 is working on are refused at once (a
   * killed process never answers, and its time limit would keep the core alive), and D2's
   * process is killed.
   */
  async close(): Promise<void> {
    this.closed = true;
    const closing = new Error('the studio is closing');
    this.queue.close(closing);
    this.abortCurrent?.(closing);
    await this.reset();
  }

  private compileOptions(options: D2RenderOptions): CompileOptions {
    return { layout: options.layout ?? 'dagre', themeID: themeId(options.theme) };
  }

  private renderOptions(compiled: RenderOptions, options: D2RenderOptions): RenderOptions {
    return { ...compiled, noXMLTag: true, ...(options.salt ? { salt: options.salt } : {}) };
  }

  /** D2's process, started when there is none. */
  private d2Process(): D2Process {
    if (this.closed) throw new Error('the studio is closing');
    if (!this.instance) {
      const started = new D2Process(this.log, () => {
        // It died on its own (a crash, killed from outside): the next request starts a fresh one.
        if (this.instance !== started) return;
        this.instance = undefined;
        this.warm = undefined;
        this.isWarm = false;
      });
      this.instance = started;
    }
    return this.instance;
  }

  private async run<T>(work: (d2: D2Process) => Promise<T>, priority: Priority): Promise<T> {
    if (this.closed) throw new Error('the studio is closing');
    await this.start();
    return this.queue.run(() => this.timed(work), priority);
  }

  /** One request within its limit (past it, D2's process is replaced); D2's errors become D2SyntaxError. */
  private async timed<T>(work: (d2: D2Process) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    clearTimeout(this.idleTimer);
    try {
      const ended = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new RestartedError(`D2 took more than ${D2_REQUEST_LIMIT_MS / 1000} s and was restarted`)), D2_REQUEST_LIMIT_MS);
        this.abortCurrent = reject;
      });
      return await Promise.race([work(this.d2Process()), ended]);
    } catch (err) {
      if (err instanceof RestartedError) await this.reset();
      throw isD2Error(err) ? parseD2Error((err as Error).message) : err;
    } finally {
      clearTimeout(timer);
      this.abortCurrent = undefined;
      this.exitWhenIdle();
    }
  }

  /**
   * Lets D2's process go once no request has come for idleMs: it holds some 0.25 GB (D2's WASM,
   * compiled, and its Go heap, which never shrinks) for the ELK diagrams it renders; the next
   * request loads it again.
   */
  private exitWhenIdle(): void {
    clearTimeout(this.idleTimer);
    if (!this.idleMs || this.closed) return;
    this.idleTimer = setTimeout(() => {
      // The request that ended was the last one in the queue a moment ago; one may have come since.
      if (!this.queue.idle || !this.instance) return;
      this.log(`D2 (WASM build): no request for ${this.idleMs / 1000} s, its process exits`);
      void this.reset();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /** Kills D2's process; the next request starts (and warms) a fresh one. */
  private async reset(): Promise<void> {
    const instance = this.instance;
    clearTimeout(this.idleTimer);
    this.instance = undefined;
    this.warm = undefined;
    this.isWarm = false;
    await instance?.kill();
  }
}

/**
 * The core's side of D2's process: compile and render as D2's own API has them, over the IPC
 * channel. A process that dies refuses what it was asked.
 */
class D2Process {
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private nextId = 1;

  constructor(log: (message: string) => void, onExit: () => void) {
    const here = typeof __dirname !== 'undefined' ? __dirname : dirname(fileURLToPath(import.meta.url));
    const { file, fromSource } = entryPoint(here, 'd2-process');
    // 'advanced': D2's compiled diagrams cross as structured clones, as they do between D2 and its own thread.
    this.child = fork(file, [], { execArgv: [...V8_FLAGS, ...(fromSource ? ['--import', 'tsx'] : [])], serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) log(`D2: ${line}`);
    });
    this.child.on('message', (reply: D2ProcessReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.result);
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        const gone = new Error(`D2's process ended (${signal ?? `exit code ${code}`})`);
        for (const waiting of this.pending.values()) waiting.reject(gone);
        this.pending.clear();
        onExit();
        resolve();
      });
    });
    // A process that cannot start (a missing file) answers through 'exit' as well.
    this.child.on('error', (err) => log(`D2's process failed: ${err.message}`));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  compile(request: CompileRequest): Promise<CompileResponse> {
    return this.ask('compile', [request]) as Promise<CompileResponse>;
  }

  render(diagram: Diagram, options: RenderOptions): Promise<string> {
    return this.ask('render', [diagram, options]) as Promise<string>;
  }

  /** Kills the process (at once: D2 holds nothing worth saving) and waits until it is gone. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  private ask(op: D2Operation, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, op, args } satisfies D2ProcessRequest, (err) => {
        if (!err) return;
        this.pending.delete(id);
        reject(err);
      });
    });
  }
}
