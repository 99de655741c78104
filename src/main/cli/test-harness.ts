/**
 * For the integration tests (not part of the app): spawns the BUILT `tandem` CLI the way users and
 * Claude Desktop do, connects real SDK clients to it, and cleans up every process and folder.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { JsonLineTransport } from '../mcp/json-line-transport';
import { connectLocalSocket } from '../mcp/local-socket';
import { type EndpointInfo, procStat } from '../core/workspace';
import { isAlive, waitFor } from '../mcp/test-fixtures';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const TANDEM_BIN = join(REPO_ROOT, 'bin', 'tandem.js');

/** endpoint.json as the core writes it (read raw here: tests also look at a dead core's file). */
export type EndpointFile = EndpointInfo;

export function readEndpointFile(workspace: string): EndpointFile | undefined {
  const file = join(workspace, '.tandem', 'endpoint.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as EndpointFile;
  } catch {
    return undefined; // being written
  }
}

export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content ?? [];
  // Text items only: an answer may also carry resource_links to the documents it changed.
  return content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n');
}

/** Clock ticks per second of the CPU times in /proc/PID/stat. */
let clockTicks: number | undefined;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux only). */
export function cpuSeconds(pid: number): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after "pid (comm) ": state is field 3, utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** CPU seconds a process uses during the next `ms` (a process that is busy-looping uses about ms/1000). */
export async function cpuSecondsOver(pid: number, ms: number): Promise<number> {
  const before = cpuSeconds(pid);
  await new Promise((r) => setTimeout(r, ms));
  return cpuSeconds(pid) - before;
}

/** The processes whose parent is `pid`, with their command lines (Linux: /proc). */
export function childProcesses(pid: number): { pid: number; command: string }[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && procStat(entry)?.parent === pid)
    .map((entry) => {
      try {
        return { pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') };
      } catch {
        return { pid: Number(entry), command: '' }; // gone meanwhile
      }
    });
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface StartingServe {
  child: ChildProcess;
  pid: number;
  /** The studio URL once it is ready; undefined if it exited first. */
  ready: Promise<string | undefined>;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export interface ServeProcess extends StartingServe {
  url: string;
}

/** Pids of every running `tandem serve` for `workspace`, however it was started (from `ps`). */
export function coresServing(workspace: string): number[] {
  const listing = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return listing
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && `${m[2]} `.includes(` serve --workspace ${workspace} `) && m[2].includes(TANDEM_BIN))
    .map((m) => Number(m[1]))
    .filter((pid) => isAlive(pid));
}

/** Tracks what a test started, and removes all of it afterwards. */
export class Harness {
  private readonly dirs: string[] = [];
  private readonly pids = new Set<number>();
  private readonly workspaces: string[] = [];
  private readonly clients: Client[] = [];

  tempWorkspace(label = 'ws'): string {
    const dir = mkdtempSync(join(tmpdir(), `tandem-${label}-`));
    this.dirs.push(dir);
    this.workspaces.push(dir);
    return dir;
  }

  /** Runs `tandem ARGS` to completion. */
  run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
    return new Promise((resolvePromise, reject) => {
      const child = spawn(process.execPath, [TANDEM_BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      this.pids.add(child.pid!);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('error', reject);
      child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    });
  }

  /** Starts `tandem serve` without waiting: `ready` resolves with its URL, or undefined if it exits first. */
  startServe(workspace: string, extraArgs: string[] = []): StartingServe {
    const child = spawn(process.execPath, [TANDEM_BIN, 'serve', '--workspace', workspace, ...extraArgs], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.pids.add(child.pid!);
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const ready = new Promise<string | undefined>((resolveReady) => {
      child.stdout!.on('data', (c) => {
        stdout += c;
        const url = /Tandem studio ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
        if (url) resolveReady(url);
      });
      void exited.then(() => resolveReady(undefined));
    });
    child.stderr!.on('data', (c) => (stderr += c));
    return { child, pid: child.pid!, ready, stdout: () => stdout, stderr: () => stderr, exited };
  }

  /** Starts `tandem serve` and waits for its ready line. */
  async serve(workspace: string, extraArgs: string[] = []): Promise<ServeProcess> {
    const starting = this.startServe(workspace, extraArgs);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out after 20000 ms waiting for tandem serve to be ready')), 20_000);
    });
    try {
      const url = await Promise.race([starting.ready, timeout]);
      if (!url) throw new Error(`tandem serve exited before it was ready:\n${starting.stdout()}\n${starting.stderr()}`);
      return { ...starting, url };
    } finally {
      clearTimeout(timer);
    }
  }

  /** An SDK client talking to `tandem mcp` over stdio, exactly as Claude Desktop does. */
  async bridgeClient(workspace: string, name: string, env: Record<string, string> = {}, extraArgs: string[] = []) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [TANDEM_BIN, 'mcp', '--workspace', workspace, ...extraArgs],
      env: { ...getDefaultEnvironment(), ...env },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c) => (stderr += c));
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(transport);
    if (transport.pid) this.pids.add(transport.pid);
    this.clients.push(client);
    return { client, transport, stderr: () => stderr };
  }

  /** `tandem mcp` on raw pipes: JSON-RPC lines in, every message it wrote back out. */
  rawBridge(workspace: string, env: Record<string, string> = {}) {
    const bridge = spawn(process.execPath, [TANDEM_BIN, 'mcp', '--workspace', workspace], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    this.pids.add(bridge.pid!);
    let stdout = '';
    let stderr = '';
    bridge.stdout.on('data', (c) => (stdout += c));
    bridge.stderr.on('data', (c) => (stderr += c));
    const send = (value: unknown) => bridge.stdin.write(typeof value === 'string' ? value : JSON.stringify(value) + '\n');
    return {
      bridge,
      exited: new Promise<number | null>((r) => bridge.once('exit', (code) => r(code))),
      /** Writes a message (an object) or raw text (a string) to its stdin. */
      send,
      /** Sends initialize (id 1) as `clientName`, and the initialized notification. */
      initialize: (clientName: string) => {
        send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: clientName, version: '1' } } });
        send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      },
      stdout: () => stdout,
      stderr: () => stderr,
      messages: (): any[] =>
        stdout
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
    };
  }

  async httpClient(endpoint: EndpointFile, name: string): Promise<Client> {
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${endpoint.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } }),
    );
    this.clients.push(client);
    return client;
  }

  /** A client of the legacy HTTP+SSE transport (`/sse` + `/messages`), as older MCP clients connect. */
  async sseClient(endpoint: EndpointFile, name: string): Promise<Client> {
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(new SSEClientTransport(new URL(`${endpoint.url}/sse`), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } }));
    this.clients.push(client);
    return client;
  }

  async socketClient(endpoint: EndpointFile, name: string): Promise<Client> {
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(JsonLineTransport.overSocket(await connectLocalSocket(endpoint.socket), 'client'));
    this.clients.push(client);
    return client;
  }

  /** Remembers a process started elsewhere (a core the bridge started) for cleanup. */
  track(pid: number): void {
    this.pids.add(pid);
  }

  async cleanup(): Promise<void> {
    await Promise.allSettled(this.clients.splice(0).map((c) => c.close()));
    // Cores started in the background by a bridge: the one in endpoint.json, and any other.
    for (const ws of this.workspaces) {
      const endpoint = readEndpointFile(ws);
      if (endpoint) this.pids.add(endpoint.pid);
      for (const pid of coresServing(ws)) this.pids.add(pid);
    }
    for (const pid of this.pids) {
      if (pid !== process.pid && isAlive(pid)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    await waitFor(() => [...this.pids].every((pid) => pid === process.pid || !isAlive(pid)), 5_000, 'spawned processes to exit').catch(() => undefined);
    this.pids.clear();
    for (const dir of this.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    this.workspaces.length = 0;
  }
}
