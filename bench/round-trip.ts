/**
 * The one-op round trip through `tandem mcp` (issue 23) beside its reference in the same run: a bare
 * MCP SDK stdio server answering a no-op (bench/bare-sdk-server.mjs). All are timed in turn, in a
 * rotating order, so the machine's noise falls on each alike. Beside them, the two floors an edit
 * through the bridge pays on top: an fsync of a 4 KB overwrite in the workspace's folder (the
 * journal's commit makes one, into its preallocated log), and one more process hop (the same bare
 * server behind bench/byte-relay.mjs, which only moves bytes); and the same edit sent to the core
 * through the byte relay instead of the bridge, the floor any bridge could reach. Then a 1,000-op
 * batch through `tandem mcp`. bench/round-trip-layers.ts breaks the round trip down by layer. Run
 * alone with `npx tsx bench/round-trip.ts [rounds]` (after `npx electron-vite build`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Workspace } from '../src/main/core/workspace';
import { bridgeClient, closeBridge, nodeStdioClient } from './bridge';
import { stopOnExit } from './leftovers';
import { time } from './timing';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const RUNS = 3000;
const ms = (n: number) => `${n.toFixed(3)} ms`;

/** A client on one of the bench's own scripts. */
const stdioClient = (script: string, args: string[] = []) => nodeStdioClient([join(__dirname, script), ...args]);

/** The bare server on a unix socket in `dir`, reached through the byte relay; stop() ends the server. */
async function relayedBareClient(dir: string): Promise<{ client: Client; stop: () => void }> {
  const socket = join(dir, 'bare.sock');
  const server = spawn(process.execPath, [join(__dirname, 'bare-sdk-server.mjs'), '--socket', socket], { stdio: ['ignore', 'pipe', 'ignore'] });
  const forget = stopOnExit(() => server.kill());
  await once(server.stdout, 'data');
  return { client: await stdioClient('byte-relay.mjs', [socket]), stop: () => (forget(), server.kill()) };
}

/** An fsync of a 4 KB overwrite, round robin over 1,000 pages written and synced beforehand. */
function fsyncProbe(dir: string): { fsync: (i: number) => Promise<void>; close: () => void } {
  const pages = 1000;
  const page = Buffer.alloc(4096, 1);
  const probe = openSync(join(dir, 'fsync-probe'), 'w');
  for (let i = 0; i < pages; i++) writeSync(probe, page, 0, page.length, i * page.length);
  fsyncSync(probe);
  const fsync = async (i: number) => {
    writeSync(probe, page, 0, page.length, (i % pages) * page.length);
    fsyncSync(probe);
  };
  return { fsync, close: () => closeSync(probe) };
}

export async function roundTripBench(report: Report, percentile: Percentile, runs = RUNS): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-rt-'));
  const tandem = await bridgeClient(dir);
  const bare = await stdioClient('bare-sdk-server.mjs');
  const relayed = await relayedBareClient(dir);
  const probe = fsyncProbe(dir);
  await tandem.callTool({ name: 'drawio', arguments: { ops: ['add svc A'] } });
  const toCore = await stdioClient('byte-relay.mjs', [Workspace.readEndpoint(dir)!.socket]);
  const args = (i: number) => ({ ops: [`label A "v${i}"`] });
  const timed: [string, (i: number) => Promise<unknown>][] = [
    ['noop', (i) => bare.callTool({ name: 'noop', arguments: args(i) })],
    ['relayed', (i) => relayed.client.callTool({ name: 'noop', arguments: args(i) })],
    ['edit', (i) => tandem.callTool({ name: 'drawio', arguments: args(i) })],
    ['edit relayed', (i) => toCore.callTool({ name: 'drawio', arguments: args(i) })],
    ['fsync', probe.fsync],
  ];
  const samples = new Map(timed.map(([name]) => [name, [] as number[]]));
  // Each round starts one further along the list, so that each is timed as often in each place: the
  // call after another process's runs on a colder machine than the one after its own.
  for (let i = -100; i < runs; i++) {
    for (let j = 0; j < timed.length; j++) {
      const [name, call] = timed[(i + 100 + j) % timed.length];
      const took = await time(() => call(i));
      if (i >= 0) samples.get(name)!.push(took);
    }
  }
  probe.close();
  const [noops, relays, edits, relayedEdits, fsyncs] = timed.map(([name]) => samples.get(name)!);
  const p50 = (s: number[]) => percentile(s, 50);
  const figures = (s: number[]) => `p50 ${ms(p50(s))} p99 ${ms(percentile(s, 99))}`;
  report('bare MCP SDK stdio server, no-op (reference)', figures(noops), '-');
  report('fsync of a 4 KB overwrite (the durable floor)', figures(fsyncs), '-');
  report('the reference behind a byte relay', figures(relays), '-');
  report('  one more process hop (relay minus reference)', `p50 +${ms(p50(relays) - p50(noops))}`, '- (the hop tandem mcp adds by design)');
  report('one-op edit through tandem mcp', figures(edits), 'p50 within 0.35 ms, p99 within 2 ms of the reference');
  report('  one-op minus reference', `p50 +${ms(p50(edits) - p50(noops))} p99 +${ms(percentile(edits, 99) - percentile(noops, 99))}`, 'p50 < 0.35 ms, p99 < 2 ms');
  report('  one-op minus reference and fsync', `p50 +${ms(p50(edits) - p50(noops) - p50(fsyncs))}`, 'p50 < 0.1 ms');
  report('  the edit through a byte relay to the core', `${figures(relayedEdits)}, minus reference p50 +${ms(p50(relayedEdits) - p50(noops))}`, '- (a bridge that costs nothing)');
  report('  one-op minus reference, fsync and hop', `p50 +${ms(p50(edits) - p50(relays) - p50(fsyncs))}`, '- (what the bridge and the core do)');

  const ops = Array.from({ length: 1000 }, (_, i) => `add box N${i} at:${(i % 40) * 150},${Math.floor(i / 40) * 100}`);
  const batches: number[] = [];
  // Five untimed runs first: the first batches time V8 compiling the ops' code, not the studio.
  for (let run = -5; run < 15; run++) {
    await tandem.callTool({ name: 'drawio_session', arguments: { action: 'new "batch" discard:true' } });
    const took = await time(() => tandem.callTool({ name: 'drawio', arguments: { ops } }));
    if (run >= 0) batches.push(took);
  }
  report('1,000-op batch through tandem mcp', `median ${ms(percentile(batches, 50))}`, 'not slower than before (issue 23)');
  await bare.close();
  await relayed.client.close();
  await toCore.close();
  relayed.stop();
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
