/**
 * The one-op round trip through `tandem mcp` (issue 23) beside its reference in the same run: a bare
 * MCP SDK stdio server answering a no-op (bench/bare-sdk-server.mjs), the two timed alternately so
 * the machine's noise falls on both, with the floor a durable edit pays on top (an fsync of a 4 KB
 * write in the workspace's folder, as the journal's commit makes one); and a 1,000-op batch through
 * `tandem mcp`. bench/round-trip-layers.ts breaks the round trip down by layer. Run alone with
 * `npx tsx bench/round-trip.ts [rounds]` (after `npx electron-vite build`).
 */
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bridgeClient, closeBridge } from './bridge';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const RUNS = 1000;
const ms = (n: number) => `${n.toFixed(3)} ms`;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function bareClient(): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(__dirname, 'bare-sdk-server.mjs')], stderr: 'ignore' }));
  return client;
}

export async function roundTripBench(report: Report, percentile: Percentile, runs = RUNS): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-rt-'));
  const tandem = await bridgeClient(dir);
  const bare = await bareClient();
  await tandem.callTool({ name: 'drawio', arguments: { ops: ['add svc A'] } });
  const edit = (i: number) => tandem.callTool({ name: 'drawio', arguments: { ops: [`label A "v${i}"`] } });
  const noop = (i: number) => bare.callTool({ name: 'noop', arguments: { ops: [`label A "v${i}"`] } });
  const probe = openSync(join(dir, 'fsync-probe'), 'w');
  const page = Buffer.alloc(4096, 1);
  const fsync = async (i: number) => {
    writeSync(probe, page, 0, page.length, (i % 1000) * page.length);
    fsyncSync(probe);
  };
  for (let i = 0; i < 100; i++) {
    await edit(i);
    await noop(i);
    await fsync(i);
  }
  const [edits, noops, fsyncs]: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < runs; i++) {
    noops.push(await time(() => noop(i)));
    edits.push(await time(() => edit(i)));
    fsyncs.push(await time(() => fsync(i)));
  }
  closeSync(probe);
  const figures = (samples: number[]) => `p50 ${ms(percentile(samples, 50))} p99 ${ms(percentile(samples, 99))}`;
  report('bare MCP SDK stdio server, no-op (reference)', figures(noops), '-');
  report('fsync of a 4 KB write (the durable floor)', figures(fsyncs), '-');
  report('one-op edit through tandem mcp', figures(edits), 'p50 within 0.35 ms, p99 within 2 ms of the reference');
  report('  one-op minus reference', `p50 +${ms(percentile(edits, 50) - percentile(noops, 50))} p99 +${ms(percentile(edits, 99) - percentile(noops, 99))}`, 'p50 < 0.35 ms, p99 < 2 ms');
  report('  one-op minus reference and fsync', `p50 +${ms(percentile(edits, 50) - percentile(noops, 50) - percentile(fsyncs, 50))}`, 'p50 < 0.1 ms');

  const ops = Array.from({ length: 1000 }, (_, i) => `add box N${i} at:${(i % 40) * 150},${Math.floor(i / 40) * 100}`);
  const batches: number[] = [];
  for (let run = -1; run < 7; run++) {
    await tandem.callTool({ name: 'drawio_session', arguments: { action: 'new "batch" discard:true' } });
    const took = await time(() => tandem.callTool({ name: 'drawio', arguments: { ops } }));
    if (run >= 0) batches.push(took);
  }
  report('1,000-op batch through tandem mcp', `median ${ms(percentile(batches, 50))}`, 'not slower than before (issue 23)');
  await bare.close();
  await closeBridge(tandem, dir);
  rmSync(dir, { recursive: true, force: true });
}

if (require.main === module) {
  const percentile: Percentile = (samples, p) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];
  const report: Report = (name, figure, target) => console.log(`${name.padEnd(46)} ${figure.padEnd(34)} target: ${target}`);
  roundTripBench(report, percentile, Number(process.argv[2]) || RUNS).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
