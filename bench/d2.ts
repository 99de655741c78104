/**
 * Issue 23's D2 figures: the native binary beside the WASM build (the reference, measured in the
 * same run with TANDEM_D2_BINARY=wasm), on a generated 50-system project (200 diagrams), for the
 * default dagre layout and for ELK: the first render after the studio starts, warm update_diagram,
 * build_docs of 200 diagrams D2 has not rendered, and the peak memory of a D2 process. Printed, not
 * asserted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Workspace } from '../src/main/core/workspace';
import { architectureDomain } from '../src/main/domains/architecture';
import { installedNativeD2, NativeD2 } from '../src/main/domains/architecture/d2-native';
import { WasmD2 } from '../src/main/domains/architecture/d2-wasm';
import { generatedProject, writeTree } from '../src/main/domains/architecture/fixture';
import { openStudio } from '../src/main/host/domains';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

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

/** The native binary's peak memory on one big diagram (200 shapes), read from /proc while it runs. */
async function nativePeakMb(): Promise<number> {
  const big = Array.from({ length: 200 }, (_, i) => `n${i}: Node ${i}${i ? `\nn${i - 1} -> n${i}: step ${i}` : ''}`).join('\n');
  const child = spawn(installedNativeD2().binary, ['-', '-'], { stdio: ['pipe', 'ignore', 'ignore'] });
  let peak = 0;
  const poll = setInterval(() => (peak = Math.max(peak, peakMb(child.pid) ?? 0)), 2);
  child.stdin.end(big);
  await new Promise((resolve) => child.once('close', resolve));
  clearInterval(poll);
  return peak;
}

async function engineRun(report: Report, percentile: Percentile, engine: 'native' | 'wasm', layout: 'dagre' | 'elk'): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-d2-'));
  const files = generatedProject(50, 3, 2);
  files['loko.toml'] = files['loko.toml'].replace('layout = "elk"', `layout = "${layout}"`);
  writeTree(join(dir, 'architecture'), files);
  const label = `D2 ${layout}, ${engine === 'native' ? 'the studio' : 'WASM build only (reference)'}`;
  if (engine === 'wasm') process.env.TANDEM_D2_BINARY = 'wasm';
  else delete process.env.TANDEM_D2_BINARY;
  const started = performance.now();
  const ws = await Workspace.acquire(dir);
  const studio = await openStudio(ws, { toolDomains: [architectureDomain] });
  const call = async (tool: string, args: Record<string, unknown>) => {
    const start = performance.now();
    const result: CallToolResult = await studio.callTool('architecture', tool, args, { origin: 'bench' });
    if (result.isError) throw new Error(`${tool} failed: ${(result.content[0] as { text: string }).text}`);
    return { took: performance.now() - start, result };
  };
  try {
    // The first diagram asked for as the studio opens (the project's 200 diagrams start rendering behind it).
    await call('preview_diagram', { d2_code: source(-1) });
    report(`${label}: first render after start`, ms(performance.now() - started), layout === 'dagre' ? '< 1 s' : 'printed beside dagre');
    // build_docs right after: its diagrams are new to D2 (those the background reached are rendered once, not twice).
    const build = await call('build_docs', { incremental: false });
    const built = (build.result.structuredContent as { build: { diagrams_rendered: number } }).build;
    report(`${label}: build_docs, 200 new diagrams`, `${ms(build.took)} (${built.diagrams_rendered} rendered, ${availableParallelism()} cores)`, layout === 'dagre' ? '< 4 s' : 'printed beside dagre');
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) warm.push((await call('update_diagram', { scope: 'system', target: 'System001', d2_code: source(i) })).took);
    report(`${label}: update_diagram warm (20)`, `p50 ${ms(percentile(warm, 50))}, p95 ${ms(percentile(warm, 95))}`, layout === 'dagre' ? 'p95 < 150 ms' : 'printed beside dagre');
    const validate = (await call('validate', {})).result.structuredContent as { d2_engine: string };
    report(`${label}: validate says`, validate.d2_engine, 'names the engine');
  } finally {
    await studio.close();
    ws.release();
    rmSync(dir, { recursive: true, force: true });
    delete process.env.TANDEM_D2_BINARY;
  }
}

/** One small ELK diagram at a time, warm, through each engine directly: why ELK stays with the WASM build. */
async function elkEngines(report: Report, percentile: Percentile): Promise<void> {
  const engines = { 'native binary': await NativeD2.start(installedNativeD2().binary), 'WASM build': new WasmD2() };
  try {
    for (const [name, engine] of Object.entries(engines)) {
      await engine.render(source(-2), { layout: 'elk' });
      const samples: number[] = [];
      for (let i = 0; i < 10; i++) {
        const start = performance.now();
        await engine.render(source(i), { layout: 'elk' });
        samples.push(performance.now() - start);
      }
      report(`D2 elk, ${name}, one small diagram (warm, 10)`, `p50 ${ms(percentile(samples, 50))}`, 'the faster one renders ELK');
    }
  } finally {
    await Promise.all(Object.values(engines).map((engine) => engine.close()));
  }
}

export async function d2Bench(report: Report, percentile: Percentile): Promise<void> {
  console.log(`D2: native binary ${installedNativeD2().version} beside the WASM build, a generated project of 50 systems and 200 diagrams`);
  for (const engine of ['native', 'wasm'] as const) await engineRun(report, percentile, engine, 'dagre');
  // ELK: the studio uses the WASM build for it (measured faster below), with or without the binary.
  await engineRun(report, percentile, 'native', 'elk');
  await elkEngines(report, percentile);
  report('D2 native binary: peak memory, 200-shape diagram', `${(await nativePeakMb()).toFixed(0)} MB`, '< 100 MB a process');
}
