/**
 * Where the one-op round trip's time goes (issue 23): the same edit timed at each layer, the layers
 * interleaved so the machine's noise falls on all alike. fsync floor (fdatasync of a small write in
 * the workspace), the journal's append alone, the studio's mutate in process, a call straight to the
 * core's local socket (no bridge), a call through `tandem mcp`, and the bare SDK stdio no-op.
 * `npx tsx bench/round-trip-layers.ts [rounds]` after `npx electron-vite build`.
 */
import { closeSync, fdatasyncSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Journal } from '../src/main/core/journal';
import { Workspace } from '../src/main/core/workspace';
import { openStudio } from '../src/main/host/domains';
import { JsonLineTransport } from '../src/main/mcp/json-line-transport';
import { connectLocalSocket } from '../src/main/mcp/local-socket';
import { SERVER_INFO } from '../src/main/mcp/wire';
import { bridgeClient, closeBridge, nodeStdioClient } from './bridge';
import { time } from './timing';

const rounds = Number(process.argv[2]) || 1000;
const ms = (n: number) => n.toFixed(3).padStart(7);
const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux only). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU per call in each process named, over `n` calls of `call`. */
async function cpuPerCall(n: number, call: (i: number) => Promise<unknown>, pids: Record<string, number>): Promise<string> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const self = process.cpuUsage();
  for (let i = 0; i < n; i++) await call(i);
  const own = process.cpuUsage(self);
  const parts = Object.entries(pids).map(([name, pid]) => `${name} ${((cpuMs(pid) - before[name]) / n).toFixed(3)}`);
  return [`client ${((own.user + own.system) / 1000 / n).toFixed(3)}`, ...parts].join(', ');
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'tandem-bench-layers-'));
  const [bridged, inProcess, alone] = ['bridged', 'in-process', 'journal'].map((name) => join(root, name));
  for (const dir of [bridged, inProcess, alone]) mkdirSync(dir, { recursive: true });

  const fd = openSync(join(alone, 'fsync-probe'), 'w');
  const journal = new Journal(join(alone, 'journal.db'));
  const ws = await Workspace.acquire(inProcess);
  const studio = await openStudio(ws);
  const endpoint = studio.fcp('drawio');
  await endpoint.mutate(['add svc A'], 'bench');
  const docId = studio.documentInfo('drawio').id;
  journal.adopt('drawio', { id: docId, records: [], seq: 0, savedSeq: 0 });

  const tandem = await bridgeClient(bridged);
  await tandem.callTool({ name: 'drawio', arguments: { ops: ['add svc A'] } });
  const socket = await connectLocalSocket(Workspace.readEndpoint(bridged)!.socket, 2000);
  const direct = new Client({ name: 'bench-direct', version: `1 via tandem-bridge ${SERVER_INFO.version}` });
  await direct.connect(JsonLineTransport.overSocket(socket, 'client'));
  const bare = await nodeStdioClient([join(__dirname, 'bare-sdk-server.mjs')]);

  const change = (i: number) => ({ kind: 'batch' as const, seq: i + 1, origin: 'bench', ops: [`label A "v${i}"`], lines: ['~A label'], diff: { A: [{ id: 'A', label: `v${i - 1}` }, { id: 'A', label: `v${i}` }] } as never, at: Date.now() });
  const layers: [string, (i: number) => unknown][] = [
    ['fdatasync of 100 bytes', () => (writeSync(fd, 'x'.repeat(100)), fdatasyncSync(fd))],
    ['journal append (SQLite WAL, FULL)', (i) => journal.append(docId, change(i), { id: `r${i}`, answer: ['~A label'] })],
    ['studio mutate in process', (i) => endpoint.mutate([`label A "v${i}"`], 'bench')],
    ['SDK client -> core socket (no bridge)', (i) => direct.callTool({ name: 'drawio', arguments: { ops: [`label A "v${i}"`] } })],
    ['SDK client -> tandem mcp -> core', (i) => tandem.callTool({ name: 'drawio', arguments: { ops: [`label A "v${i}"`] } })],
    ['same, a query (no journal write)', () => tandem.callTool({ name: 'drawio_query', arguments: { q: 'stats' } })],
    ['bare SDK stdio server, no-op', (i) => bare.callTool({ name: 'noop', arguments: { ops: [`label A "v${i}"`] } })],
  ];
  const samples = layers.map(() => [] as number[]);
  for (let i = 0; i < rounds + 100; i++) {
    for (let l = 0; l < layers.length; l++) {
      const took = await time(() => layers[l][1](i));
      if (i >= 100) samples[l].push(took);
    }
  }
  console.log(`${'layer'.padEnd(40)}     p50     p90     p99  (ms, ${rounds} rounds)`);
  layers.forEach(([name], l) => console.log(`${name.padEnd(40)} ${ms(percentile(samples[l], 50))} ${ms(percentile(samples[l], 90))} ${ms(percentile(samples[l], 99))}`));

  const [corePid, bridgePid, barePid] = [Workspace.readEndpoint(bridged)!.pid, (tandem.transport as StdioClientTransport).pid!, (bare.transport as StdioClientTransport).pid!];
  const n = rounds * 2;
  console.log(`CPU ms per call (${n} calls each):`);
  console.log(`  through tandem mcp:   ${await cpuPerCall(n, (i) => tandem.callTool({ name: 'drawio', arguments: { ops: [`label A "c${i}"`] } }), { bridge: bridgePid, core: corePid })}`);
  console.log(`  straight to the core: ${await cpuPerCall(n, (i) => direct.callTool({ name: 'drawio', arguments: { ops: [`label A "d${i}"`] } }), { core: corePid })}`);
  console.log(`  bare SDK no-op:       ${await cpuPerCall(n, (i) => bare.callTool({ name: 'noop', arguments: { ops: [`label A "b${i}"`] } }), { bare: barePid })}`);

  closeSync(fd);
  journal.close();
  await direct.close();
  await bare.close();
  await closeBridge(tandem, bridged);
  await studio.close();
  ws.release();
  rmSync(root, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
