/**
 * A call's round trip through `tandem mcp` (the stdio bridge, a core it starts), measured against
 * a bare ping over the same path: the floor that the bridge and the pipes cost on their own.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join, resolve } from 'node:path';
import { Workspace } from '../src/main/core/workspace';
import { stopOnExit } from './leftovers';
import { time } from './timing';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const CLI = join(resolve(__dirname, '..'), 'bin', 'tandem.js');
const RUNS = 300;

/** An SDK client over stdio on a Node process started with `args` (its stderr ignored). */
export async function nodeStdioClient(args: string[]): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
  return client;
}

/** Stops the core a bridge started in the background on `dir` (through its endpoint's pid), if one runs. */
function stopBackgroundCore(dir: string): void {
  const endpoint = Workspace.readEndpoint(dir);
  if (endpoint) process.kill(endpoint.pid, 'SIGTERM');
}

/** The workspaces whose background core is stopped when the bench exits before closeBridge. */
const coresToStop = new Map<string, () => void>();

/** An SDK client on `tandem mcp --workspace dir ...args`. */
export function bridgeClient(dir: string, args: string[] = []): Promise<Client> {
  if (!coresToStop.has(dir)) coresToStop.set(dir, stopOnExit(() => stopBackgroundCore(dir)));
  return nodeStdioClient([CLI, 'mcp', '--workspace', dir, ...args]);
}

/** Times `call` and a ping alternately, 300 of each, and prints the floor, the call, and the difference of their p50s. */
export async function reportAgainstPing(
  client: Client,
  call: (run: number) => Promise<unknown>,
  labels: { floor: string; call: string; difference: string },
  report: Report,
  percentile: Percentile,
): Promise<void> {
  const floor: number[] = [];
  const calls: number[] = [];
  for (let i = 0; i < 50; i++) await client.ping();
  for (let i = 0; i < RUNS; i++) {
    floor.push(await time(() => client.ping()));
    calls.push(await time(() => call(i)));
  }
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  const [floor50, call50] = [percentile(floor, 50), percentile(calls, 50)];
  report(labels.floor, `p50 ${ms(floor50)} p95 ${ms(percentile(floor, 95))}`, '-');
  report(labels.call, `p50 ${ms(call50)} p95 ${ms(percentile(calls, 95))}`, 'p50 within 1 ms of the floor');
  report(labels.difference, ms(call50 - floor50), '< 1 ms');
}

/** Closes the client and stops the core its bridge started in the background (through its endpoint's pid). */
export async function closeBridge(client: Client, dir: string): Promise<void> {
  await client.close();
  coresToStop.get(dir)?.();
  coresToStop.delete(dir);
  stopBackgroundCore(dir);
  await new Promise((ok) => setTimeout(ok, 300));
}
