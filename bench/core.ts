/**
 * The core's figures of issue 6: a 10,000-cell diagrams.net file opened and saved by a real
 * `tandem serve` (time and the process's peak memory), another client's `stats` while a
 * 1,500-shape layout runs, and restart-and-restore after 100,000 journaled edits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openStudio } from '../src/main/host/domains';
import { Workspace } from '../src/main/core/workspace';
import { stopOnExit } from './leftovers';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const CLI = join(resolve(__dirname, '..'), 'bin', 'tandem.js');
const ms = (n: number) => `${n.toFixed(1)} ms`;

export interface Serve {
  child: ChildProcess;
  connect(name: string): Promise<Client>;
  stop(): Promise<void>;
}

/** A real `tandem serve` on `dir`, once it printed its ready line. */
export async function serve(dir: string): Promise<Serve> {
  const child = spawn(process.execPath, [CLI, 'serve', '--workspace', dir], { stdio: ['ignore', 'pipe', 'ignore'] });
  const forget = stopOnExit(() => child.kill('SIGTERM'));
  await new Promise<void>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Tandem studio ready:')) ok();
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}`)));
  });
  const endpoint = JSON.parse(readFileSync(Workspace.endpointFile(dir), 'utf8')) as { url: string; token: string };
  return {
    child,
    async connect(name) {
      const client = new Client({ name, version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${endpoint.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } },
      });
      await client.connect(transport);
      return client;
    },
    async stop() {
      forget();
      child.kill('SIGTERM');
      await new Promise((ok) => child.once('exit', ok));
    },
  };
}

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  return text;
}

/** Peak resident memory of a process so far (Linux), in MB. */
export function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** `count` shapes in rows, each connected to the next: count + count - 1 cells. */
function chainOps(count: number): string[][] {
  const batches: string[][] = [];
  for (let start = 0; start < count; start += 1000) {
    const ops: string[] = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      ops.push(`add box S${i} at:${(i % 60) * 150},${Math.floor(i / 60) * 100}`);
      if (i > 0) ops.push(`connect S${i - 1} -> S${i}`);
    }
    batches.push(ops);
  }
  return batches;
}

async function fileBench(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-file-'));
  // The file: 5,000 shapes and 4,999 edges (10,000 cells with the root and layer), written by the studio.
  const ws = await Workspace.acquire(dir);
  const studio = await openStudio(ws);
  for (const ops of chainOps(5000)) await studio.fcp('drawio').mutate(ops, 'bench');
  await studio.fcp('drawio').session('save as:big.drawio', 'bench');
  await studio.close();
  ws.release();
  const size = statSync(join(dir, 'big.drawio')).size;

  const core = await serve(dir);
  const client = await core.connect('bench');
  const baseline = peakRssMb(core.child.pid!);
  let start = performance.now();
  await call(client, 'drawio_session', { action: 'open big.drawio discard:true' });
  const open = performance.now() - start;
  start = performance.now();
  await call(client, 'drawio_session', { action: 'save as:big-copy.drawio' });
  const save = performance.now() - start;
  const peak = peakRssMb(core.child.pid!);
  report(`open 10,000-cell file (${(size / 1048576).toFixed(1)} MB)`, ms(open), '< 1 s');
  report('save 10,000-cell file', ms(save), '< 1 s');
  report('  core peak memory (start → after open+save)', `${baseline.toFixed(0)} → ${peak.toFixed(0)} MB`, '< 300 MB');
  await client.close();
  await core.stop();
  rmSync(dir, { recursive: true, force: true });
}

async function layoutBench(report: Report, percentile: Percentile): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-layout-'));
  const core = await serve(dir);
  const ai = await core.connect('ai');
  const other = await core.connect('other');
  for (const ops of chainOps(1500)) await call(ai, 'drawio', { ops });
  let done = false;
  const start = performance.now();
  const layout = call(ai, 'drawio', { ops: ['layout @all algo:layered'] }).then(() => {
    done = true;
  });
  const samples: number[] = [];
  while (!done) {
    const t = performance.now();
    await call(other, 'drawio_query', { q: 'stats' });
    samples.push(performance.now() - t);
    await new Promise((ok) => setTimeout(ok, 10));
  }
  await layout;
  const took = performance.now() - start;
  report('layout of 1,500 shapes (in a worker)', ms(took), '-');
  report(
    "  another client's stats meanwhile",
    `p50 ${ms(percentile(samples, 50))} p95 ${ms(percentile(samples, 95))} (${samples.length} calls)`,
    'p95 < 50 ms',
  );
  await ai.close();
  await other.close();
  await core.stop();
  rmSync(dir, { recursive: true, force: true });
}

async function restoreBench(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-restore-'));
  let ws = await Workspace.acquire(dir);
  let studio = await openStudio(ws);
  const drawio = studio.fcp('drawio');
  await drawio.mutate(Array.from({ length: 200 }, (_, i) => `add box B${i} at:${(i % 20) * 150},${Math.floor(i / 20) * 100}`), 'bench');
  const EDITS = 100_000;
  const start = performance.now();
  for (let i = 0; i < EDITS; i++) await drawio.mutate([`move B${i % 200} to:${(i % 97) * 10},${(i % 89) * 10} strict:true`], 'bench');
  const editing = performance.now() - start;
  // A crash: nothing flushed by close(), the lock left for the next core.
  ws.release();
  const restart = performance.now();
  ws = await Workspace.acquire(dir);
  studio = await openStudio(ws);
  const restore = performance.now() - restart;
  const history = (await studio.fcp('drawio').query('history 1', 'bench')).text.split('\n')[0];
  report(`${EDITS.toLocaleString('en')} journaled edits`, `${(editing / 1000).toFixed(1)} s (${ms(editing / EDITS)} each)`, '-');
  report('  restart and restore after them', ms(restore), '< 1 s');
  report('  history then says', history.replace('history: ', ''), 'the true total');
  await studio.close();
  ws.release();
  rmSync(dir, { recursive: true, force: true });
}

export async function coreBench(report: Report, percentile: Percentile): Promise<void> {
  await fileBench(report);
  await layoutBench(report, percentile);
  await restoreBench(report);
}
