/**
 * Issue 23's D2 figures: the studio (native binary, WASM build for ELK once warm) beside the WASM
 * build alone (the reference, measured in the same run with TANDEM_D2_BINARY=wasm), on a generated
 * 50-system project (200 diagrams), for the default dagre layout and for ELK: the first render after
 * the studio starts, warm update_diagram, build_docs of 200 diagrams D2 has not rendered, and the peak
 * memory of each D2 process. Each figure is printed on one line with its reference and its target.
 * The studio's worker threads run from the build (out/main), as in the studio; the WASM build's
 * process runs from source (through tsx), which adds to its start. Printed, not asserted.
 */
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Workspace } from '../src/main/core/workspace';
import { architectureDomain } from '../src/main/domains/architecture';
import { d2Environment, installedNativeD2, NativeD2 } from '../src/main/domains/architecture/d2-native';
import { WasmD2 } from '../src/main/domains/architecture/d2-wasm';
import { generatedProject, writeTree } from '../src/main/domains/architecture/fixture';
import { fcpDomains, openStudio, toolDomains } from '../src/main/host/domains';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;
type Engine = 'studio' | 'wasm';
type Layout = 'dagre' | 'elk';

interface Figures {
  firstRender: number;
  build: number;
  /** CPU time of D2's processes (the native binary's runs, reaped) during build_docs: a figure load moves little. */
  buildD2Cpu: number;
  built: number;
  /** How many of the project's diagram sources differ: D2 draws each once, however many elements share it. */
  distinct: number;
  warmP50: number;
  warmP95: number;
  engine: string;
}

const BUILT_WORKER_DIR = join(__dirname, '..', 'out', 'main');
const ms = (n: number) => `${n.toFixed(0)} ms`;
const source = (i: number) => `a${i}: Service ${i}\nb${i}: Store ${i} {shape: cylinder}\nq${i}: Events {shape: queue}\na${i} -> b${i}: writes\na${i} -> q${i}: publishes\n`;

/** A process's peak resident memory (VmHWM), in MB, or undefined when it is gone. */
function peakMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The native binary's peak memory on one big diagram (200 shapes), run as the studio runs it, read from /proc while it runs. */
async function nativePeakMb(): Promise<number> {
  const big = Array.from({ length: 200 }, (_, i) => `n${i}: Node ${i}${i ? `\nn${i - 1} -> n${i}: step ${i}` : ''}`).join('\n');
  const child = spawn(installedNativeD2().binary, ['--no-xml-tag', '--bundle=false', '-', '-'], { env: d2Environment(), stdio: ['pipe', 'ignore', 'ignore'] });
  let peak = 0;
  const poll = setInterval(() => (peak = Math.max(peak, peakMb(child.pid) ?? 0)), 2);
  child.stdin.end(big);
  await new Promise((resolve) => child.once('close', resolve));
  clearInterval(poll);
  return peak;
}

/** CPU seconds of this process's reaped children (/proc/self/stat's cutime and cstime). */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Memory a process holds now (VmRSS), in MB. */
function residentMb(pid: number | undefined): number {
  const match = pid ? /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8')) : null;
  return match ? Number(match[1]) / 1024 : 0;
}

/**
 * The built D2 process entry (out/main/d2-process.js) from fork to its first answer (to a request it
 * refuses at once, so D2's WASM is not waited for), and the memory it holds then: what its own code costs.
 */
async function processStart(): Promise<{ ms: number; mb: number }> {
  const started = performance.now();
  const child = fork(join(BUILT_WORKER_DIR, 'd2-process.js'), [], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  child.send({ id: 1, op: 'ready', args: [] });
  await new Promise((resolve) => child.once('message', resolve));
  const figures = { ms: performance.now() - started, mb: residentMb(child.pid) };
  child.kill('SIGKILL');
  return figures;
}

const WARM_UPDATES = 60;

/** One studio from start: its first render, build_docs right after, warm update_diagram, validate's engine. */
async function engineRun(percentile: Percentile, engine: Engine, layout: Layout): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-d2-'));
  const files = generatedProject(50, 3, 2);
  files['loko.toml'] = files['loko.toml'].replace('layout = "elk"', `layout = "${layout}"`);
  writeTree(join(dir, 'architecture'), files);
  const distinct = new Set(Object.entries(files).filter(([path]) => path.endsWith('.d2')).map(([, text]) => text)).size;
  if (engine === 'wasm') process.env.TANDEM_D2_BINARY = 'wasm';
  else delete process.env.TANDEM_D2_BINARY;
  const started = performance.now();
  const ws = await Workspace.acquire(dir);
  const offload = existsSync(join(BUILT_WORKER_DIR, 'offload-worker.js')) ? { offload: { workerDir: BUILT_WORKER_DIR, workerDomains: [...fcpDomains, ...toolDomains] } } : {};
  const studio = await openStudio(ws, { toolDomains: [architectureDomain], ...offload });
  const call = async (tool: string, args: Record<string, unknown>) => {
    const start = performance.now();
    const result: CallToolResult = await studio.callTool('architecture', tool, args, { origin: 'bench' });
    if (result.isError) throw new Error(`${tool} failed: ${(result.content[0] as { text: string }).text}`);
    return { took: performance.now() - start, result };
  };
  try {
    // The first diagram asked for as the studio opens (the project's 200 diagrams start rendering behind it).
    await call('preview_diagram', { d2_code: source(-1) });
    const firstRender = performance.now() - started;
    // build_docs right after: its diagrams are new to D2 (those the background reached are rendered once, not twice).
    const cpuBefore = childrenCpuSeconds();
    const build = await call('build_docs', { incremental: false });
    const buildD2Cpu = childrenCpuSeconds() - cpuBefore;
    const built = (build.result.structuredContent as { build: { diagrams_rendered: number } }).build.diagrams_rendered;
    const warm: number[] = [];
    // 60, so that the 95th percentile is one (of 20 it was the slowest of all).
    for (let i = 0; i < WARM_UPDATES; i++) warm.push((await call('update_diagram', { scope: 'system', target: 'System001', d2_code: source(i) })).took);
    const validate = (await call('validate', {})).result.structuredContent as { d2_engine: string };
    return { firstRender, build: build.took, buildD2Cpu, built, distinct, warmP50: percentile(warm, 50), warmP95: percentile(warm, 95), engine: validate.d2_engine };
  } finally {
    await studio.close();
    ws.release();
    rmSync(dir, { recursive: true, force: true });
    delete process.env.TANDEM_D2_BINARY;
  }
}

/** The studio's figures for one layout, each beside the WASM build's of the same run and its target. */
async function layoutFigures(report: Report, percentile: Percentile, layout: Layout): Promise<void> {
  const studio = await engineRun(percentile, 'studio', layout);
  const wasm = await engineRun(percentile, 'wasm', layout);
  const target = (dagre: string) => (layout === 'dagre' ? dagre : 'printed beside dagre');
  const label = `D2 ${layout}`;
  report(`${label}: first render after start`, `${ms(studio.firstRender)} (WASM build ${ms(wasm.firstRender)})`, target('< 1 s'));
  report(
    `${label}: build_docs, 200 new diagrams`,
    `${ms(studio.build)}, ${studio.built} rendered (${studio.distinct} distinct sources) on ${availableParallelism()} cores, native D2's CPU ${studio.buildD2Cpu.toFixed(2)} s (WASM build ${ms(wasm.build)})`,
    target('< 4 s'),
  );
  report(`${label}: update_diagram warm (${WARM_UPDATES})`, `p50 ${ms(studio.warmP50)}, p95 ${ms(studio.warmP95)} (WASM build p95 ${ms(wasm.warmP95)})`, target('p95 < 150 ms'));
  report(`${label}: validate's d2_engine`, studio.engine, 'names the engine');
}

/** One small ELK diagram at a time, warm, through each engine directly, and the WASM build's process's peak memory. */
async function elkEngines(report: Report, percentile: Percentile): Promise<void> {
  const native = await NativeD2.start(installedNativeD2().binary);
  const wasm = new WasmD2(undefined, 0);
  const p50 = async (engine: NativeD2 | WasmD2) => {
    await engine.render(source(-2), { layout: 'elk' });
    const samples: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      await engine.render(source(i), { layout: 'elk' });
      samples.push(performance.now() - start);
    }
    return percentile(samples, 50);
  };
  try {
    const nativeElk = await p50(native);
    const wasmElk = await p50(wasm);
    report('D2 elk, one small diagram (warm, 10)', `native p50 ${ms(nativeElk)}, WASM build p50 ${ms(wasmElk)}`, 'the WASM build once warm if faster');
    // Issue 23's 100 MB is the default (dagre) layout's, which the native binary draws; the WASM
    // build runs for ELK (kept as the faster ELK engine, as the issue asks) and is printed beside.
    report('D2 WASM build (ELK): its process\'s peak memory', `${(peakMb(wasm.processId) ?? 0).toFixed(0)} MB (exits after 60 s idle)`, 'printed beside dagre (ELK keeps the faster engine)');
  } finally {
    await Promise.all([native.close(), wasm.close()]);
  }
}

export async function d2Bench(report: Report, percentile: Percentile): Promise<void> {
  console.log(`D2: native binary ${installedNativeD2().version} beside the WASM build, a generated project of 50 systems and 200 diagrams`);
  await layoutFigures(report, percentile, 'dagre');
  await layoutFigures(report, percentile, 'elk');
  await elkEngines(report, percentile);
  if (existsSync(join(BUILT_WORKER_DIR, 'd2-process.js'))) {
    const starts: { ms: number; mb: number }[] = [];
    for (let i = 0; i < 5; i++) starts.push(await processStart());
    const startMs = percentile(starts.map((s) => s.ms), 50);
    const startMb = percentile(starts.map((s) => s.mb), 50);
    report("D2 WASM build: its process's start (built entry, to first answer)", `p50 ${ms(startMs)}, ${startMb.toFixed(0)} MB held (was 280 ms, 74 MB quiet with the domains chunk)`, 'loads D2 only');
  }
  report('D2 native binary: peak memory, 200-shape diagram', `${(await nativePeakMb()).toFixed(0)} MB`, '< 100 MB a process');
}
