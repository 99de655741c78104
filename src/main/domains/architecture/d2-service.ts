/**
 * D2 for the architecture domain: one service, two engines of the same D2 release, which draw the
 * same SVG. The native binary (d2-native.ts) renders dagre diagrams, one process each, several at
 * once; the WASM build (d2-wasm.ts, one long-lived process that exits when idle) renders ELK
 * diagrams once it is warm (its ELK is faster; the native binary's while it loads, some 4 s), sources
 * that import files, and everything when the native binary is missing or fails, never a failed
 * render for it: the log says which runs, and why.
 */
import type { D2RenderOptions } from './d2-common';
import { D2_BINARY_VARIABLE, importsFiles, installedNativeD2, NativeD2, NativeD2Declined, NativeD2Unavailable } from './d2-native';
import { WasmD2 } from './d2-wasm';

export interface D2ServiceOptions {
  /**
   * The native binary to use: by default the one installed for this platform (or the one
   * TANDEM_D2_BINARY names); `false` for the WASM build only.
   */
  native?: string | false;
  /** How long the WASM build's process stays without a request (0: it stays; default WASM_IDLE_MS). */
  wasmIdleMs?: number;
}

export class D2Service {
  private readonly wasm: WasmD2;
  /** The native binary, once looked for: undefined when there is none (or it broke). */
  private native?: Promise<NativeD2 | undefined>;
  private closed = false;
  /** ELK requests given to the native binary while the WASM build loads, not answered yet. */
  private elkOnNative = 0;

  constructor(
    private readonly log: (message: string) => void = () => undefined,
    private readonly options: D2ServiceOptions = {},
  ) {
    this.wasm = new WasmD2(log, options.wasmIdleMs);
  }

  /** The pid of the WASM build's process while one runs. */
  get processId(): number | undefined {
    return this.wasm.processId;
  }

  /**
   * Makes ready the engine dagre diagrams use (the native binary, or the WASM build where there is
   * none); `elk`: the WASM build as well, which takes seconds to load, ahead of the first diagram.
   */
  start(layout: D2RenderOptions['layout'] = 'dagre'): Promise<void> {
    const ready = this.nativeEngine().then((native) => (!native || layout === 'elk' ? this.wasm.start() : undefined));
    // Nobody may be waiting yet (a start ahead of the first diagram): the next caller hears of a failure.
    ready.catch(() => undefined);
    return ready;
  }

  /** Which engine renders diagrams of this layout, for the log and validate's answer. */
  async engine(layout: D2RenderOptions['layout'] = 'dagre'): Promise<string> {
    const native = await this.nativeEngine();
    if (!native) return 'D2 WASM build';
    return layout === 'elk' ? `D2 WASM build (the native binary, D2 ${native.version}, while the WASM build loads)` : `D2 ${native.version}, native binary`;
  }

  /** How many requests to hand D2 at once to keep it busy (a build's): the native binary draws those waiting together as boards of a run a core. */
  async parallelism(): Promise<number> {
    return (await this.nativeEngine())?.parallelism ?? 1;
  }

  /** Compiles and lays out only: throws D2SyntaxError for a source that does not compile. */
  async check(source: string, options: D2RenderOptions = {}): Promise<void> {
    await this.withEngine(source, options, (engine) => engine.check(source, options));
  }

  /**
   * Renders to SVG markup (no XML declaration, for embedding). `background` requests (the view's
   * diagrams rendered ahead) wait until no caller's request is waiting.
   */
  render(source: string, options: D2RenderOptions = {}, background = false): Promise<string> {
    return this.withEngine(source, options, (engine) => engine.render(source, options, background), background);
  }

  /** Stops for good: what waits and what runs is refused, and every D2 process is killed. */
  async close(): Promise<void> {
    this.closed = true;
    const native = await this.native?.catch(() => undefined);
    await Promise.all([native?.close(), this.wasm.close()]);
  }

  /**
   * The native binary for this request, or none (the WASM build's). ELK, which the WASM build lays
   * out faster (a small diagram in some 0.3 s of a core, the binary 0.65 s and more): while the WASM
   * build loads (seconds), a caller's request goes to the binary (as many as keep it busy) and
   * background ones wait for the WASM build; once it is warm, all go to it (measured: a build that also gave the binary ELK
   * diagrams took twice as long on two busy cores).
   */
  private async nativeFor(source: string, options: D2RenderOptions, background: boolean): Promise<NativeD2 | undefined> {
    if (importsFiles(source)) return undefined;
    const native = await this.nativeEngine();
    if (!native || options.layout !== 'elk') return native;
    if (this.wasm.ready) return undefined;
    void this.wasm.start().catch(() => undefined);
    // As many as keep the binary busy: those asked beyond them (a build's, all at once) wait for the
    // WASM build, which lays out several while the binary lays out one. Counted here, as it is decided.
    if (background || this.elkOnNative >= native.parallelism) return undefined;
    this.elkOnNative++;
    return native;
  }

  private async withEngine<T>(source: string, options: D2RenderOptions, work: (engine: NativeD2 | WasmD2) => Promise<T>, background = false): Promise<T> {
    if (this.closed) throw new Error('the studio is closing');
    const native = await this.nativeFor(source, options, background);
    if (!native) return work(this.wasm);
    try {
      return await this.withNative(native, work);
    } finally {
      if (options.layout === 'elk') this.elkOnNative--;
    }
  }

  /** `work` by the native binary, and by the WASM build should the binary decline the source or break. */
  private async withNative<T>(native: NativeD2, work: (engine: NativeD2 | WasmD2) => Promise<T>): Promise<T> {
    try {
      return await work(native);
    } catch (err) {
      if (err instanceof NativeD2Declined && !this.closed) return work(this.wasm);
      if (!(err instanceof NativeD2Unavailable) || this.closed) throw err;
      // Broken mid-way (removed, not executable, crashing): the WASM build from now on (said once,
      // by the first of the requests that found it broken).
      if ((await this.native) === native) {
        this.log(`D2: ${err.message}; using the WASM build from now on`);
        this.native = Promise.resolve(undefined);
        native.retire();
      }
      return work(this.wasm);
    }
  }

  /** The native binary, looked for once; none (with a line in the log) when it cannot run. */
  private nativeEngine(): Promise<NativeD2 | undefined> {
    this.native ??= this.findNative().then(
      (native) => {
        this.log(`D2: rendering with the native binary, D2 ${native.version} (${native.binary}); ELK layouts with the WASM build once it is warm`);
        return native;
      },
      (err: Error) => {
        this.log(`D2: ${err instanceof NativeD2Unavailable ? err.message : `native D2 cannot be used: ${err.message}`}; rendering with the WASM build`);
        return undefined;
      },
    );
    return this.native;
  }

  private async findNative(): Promise<NativeD2> {
    const asked = this.options.native ?? process.env[D2_BINARY_VARIABLE];
    if (asked === false || asked === 'wasm') throw new NativeD2Unavailable('the native binary is turned off');
    if (asked) return NativeD2.start(asked);
    const installed = installedNativeD2();
    return NativeD2.start(installed.binary, installed.version);
  }
}
