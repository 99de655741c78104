/**
 * D2 in-process: D2's WASM build (@terrastruct/d2) compiles and renders SVG in a long-lived process
 * of its own (d2-process.ts), started and warmed when the domain opens.
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
import type { D2Operation, D2ProcessReply, D2ProcessRequest } from './d2-process';

/** A D2 source that does not compile: D2's message, and the line (1-based) of the first error. */
export class D2SyntaxError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'D2SyntaxError';
  }
}

export interface D2RenderOptions {
  /** D2's theme number, or loko's name for it (`neutral-default`). */
  theme?: string | number;
  layout?: 'dagre' | 'elk';
  /** Appended to the SVG's ids so that several diagrams can share one HTML page. */
  salt?: string;
}

/** D2's themes by the names loko writes in loko.toml. */
const THEMES: Record<string, number> = {
  'neutral-default': 0,
  'neutral-grey': 1,
  'flagship-terrastruct': 3,
  'cool-classics': 4,
  'mixed-berry-blue': 5,
  'grape-soda': 6,
  aubergine: 7,
  'colorblind-clear': 8,
  'vanilla-nitro-cola': 100,
  'orange-creamsicle': 101,
  'shirley-temple': 102,
  'earth-tones': 103,
  'everglade-green': 104,
  'buttered-toast': 105,
  'dark-mauve': 200,
  terminal: 300,
  'terminal-grayscale': 301,
  origami: 302,
};

export function themeId(theme: string | number | undefined): number {
  if (typeof theme === 'number') return theme;
  if (theme === undefined) return 0;
  const id = THEMES[theme.toLowerCase().replace(/[\s_]+/g, '-')];
  return id ?? (Number.isInteger(Number(theme)) ? Number(theme) : 0);
}

/** D2's own errors (a JSON list, or `file:line:col: message`), as opposed to a failing process. */
const isD2Error = (err: unknown) => err instanceof Error && (err.message.startsWith('[{') || /^[^:\s]*:\d+:\d+:/.test(err.message));

/** D2 answers errors as a JSON list of `{errmsg: "index:LINE:COL: message"}`, or as that text alone. */
export function parseD2Error(raw: string): D2SyntaxError {
  let messages: string[] = [raw];
  try {
    const list = JSON.parse(raw) as { errmsg?: string }[];
    if (Array.isArray(list)) messages = list.map((e) => e.errmsg ?? String(e));
  } catch {
    /* plain text */
  }
  const located = messages.map((m) => {
    const match = /^[^:\s]*:(\d+):(\d+):\s*(.*)$/s.exec(m);
    return match ? { line: Number(match[1]), column: Number(match[2]), text: `line ${match[1]}: ${match[3]}` } : { text: m };
  });
  located.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  const first = located[0];
  return new D2SyntaxError(located.map((l) => l.text).join('; '), first?.line, first?.column);
}

class RestartedError extends Error {}

/** How long one compile or render may take before D2's process is replaced. */
const REQUEST_LIMIT_MS = 120_000;
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

const request = (source: string, options: CompileOptions): CompileRequest => ({ fs: { index: source }, inputPath: 'index', options });

/** A caller's request goes ahead of every background one (the view's diagrams rendered ahead, D2's tuning). */
type Priority = 'caller' | 'background';

interface Job {
  work: (d2: D2Process) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

export class D2Service {
  private instance?: D2Process;
  private readonly waiting: Record<Priority, Job[]> = { caller: [], background: [] };
  private busy = false;
  private closed = false;
  /** Refuses the request D2 is working on (when the service closes). */
  private abortCurrent?: (err: Error) => void;
  /** Resolved once the current D2 process has loaded D2 and rendered a first diagram. */
  warm?: Promise<void>;

  constructor(private readonly log: (message: string) => void = () => undefined) {}

  /** The pid of D2's process while one runs. */
  get processId(): number | undefined {
    return this.instance?.pid;
  }

  /**
   * Starts D2's process and warms it (a compile and a render); later calls wait for this. D2's
   * tuning renders follow in the background.
   */
  start(): Promise<void> {
    if (!this.warm) {
      const started = Date.now();
      this.warm = this.enqueue(async (d2) => {
        const compiled = await d2.compile(request(WARM_UP_SOURCE, { layout: 'dagre' }));
        await d2.render(compiled.diagram, compiled.renderOptions);
        this.log(`D2 loaded and warm in ${Date.now() - started} ms`);
      }, 'caller').then(
        () => this.tune(Date.now()),
        (err) => {
          this.log(`D2 failed to start: ${(err as Error).message}`);
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
      () => this.log(`D2 tuned in ${Date.now() - started} ms`),
      () => undefined, // closed or restarted meanwhile: the next start tunes again
    );
  }

  /** Compiles only: throws D2SyntaxError for a source that does not compile. */
  async check(source: string, options: D2RenderOptions = {}): Promise<void> {
    await this.run((d2) => d2.compile(request(source, this.compileOptions(options))), 'caller');
  }

  /**
   * Compiles and renders to SVG markup (no XML declaration, for embedding). `background` requests
   * (the view's diagrams rendered ahead) wait until no caller's request is waiting.
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
    for (const job of [...this.waiting.caller.splice(0), ...this.waiting.background.splice(0)]) job.reject(closing);
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
      });
      this.instance = started;
    }
    return this.instance;
  }

  private async run<T>(work: (d2: D2Process) => Promise<T>, priority: Priority): Promise<T> {
    if (this.closed) throw new Error('the studio is closing');
    await this.start();
    return this.enqueue(work, priority);
  }

  private enqueue<T>(work: (d2: D2Process) => Promise<T>, priority: Priority): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) return reject(new Error('the studio is closing'));
      this.waiting[priority].push({ work, resolve: resolve as (value: unknown) => void, reject });
      void this.drain();
    });
  }

  /** One request at a time, each within its limit; D2's errors become D2SyntaxError. */
  private async drain(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    for (let job = this.next(); job && !this.closed; job = this.next()) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const ended = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new RestartedError(`D2 took more than ${REQUEST_LIMIT_MS / 1000} s and was restarted`)), REQUEST_LIMIT_MS);
          this.abortCurrent = reject;
        });
        job.resolve(await Promise.race([job.work(this.d2Process()), ended]));
      } catch (err) {
        if (err instanceof RestartedError) {
          await this.reset();
          job.reject(err);
        } else job.reject(isD2Error(err) ? parseD2Error((err as Error).message) : err);
      } finally {
        clearTimeout(timer);
        this.abortCurrent = undefined;
      }
    }
    this.busy = false;
  }

  private next(): Job | undefined {
    return this.waiting.caller.shift() ?? this.waiting.background.shift();
  }

  /** Kills D2's process; the next request starts (and warms) a fresh one. */
  private async reset(): Promise<void> {
    const instance = this.instance;
    this.instance = undefined;
    this.warm = undefined;
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
    this.child = fork(file, [], { execArgv: fromSource ? ['--import', 'tsx'] : [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
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
