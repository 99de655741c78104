/**
 * A real `tandem serve` (the built CLI, spawned the way a person starts it) on a workspace of its
 * own, and the address its ready line prints: `Tandem studio ready: http://127.0.0.1:PORT/#token=T`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Disposables } from './disposables';

export const REPO_ROOT = resolve(__dirname, '..', '..');
const TANDEM_CLI = join(REPO_ROOT, 'bin', 'tandem.js');
const READY_LINE = /Tandem studio ready: (http:\/\/127\.0\.0\.1:(\d+))\/#token=(\S+)/;
const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;

export interface StudioServer {
  workspace: string;
  /** What the ready line printed: the studio page, with the token in the fragment. */
  studioUrl: string;
  /** `http://127.0.0.1:PORT`, for `/mcp` and `/api`. */
  baseUrl: string;
  token: string;
  pid: number;
  /** Everything the process printed so far, for failure messages. */
  output(): string;
  /** SIGTERM, then waits for the exit; throws if the core does not stop by itself. */
  stop(): Promise<void>;
}

export { readEndpointFile } from '../../src/main/cli/test-harness';

/** A fresh folder under the system temp dir, removed by `disposables`. */
export function tempWorkspace(disposables: Disposables, label = 'e2e'): string {
  const dir = mkdtempSync(join(tmpdir(), `tandem-${label}-`));
  return disposables.track(dir, `workspace ${dir}`, (path) => rmSync(path, { recursive: true, force: true }));
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

/** Starts `tandem serve --workspace DIR --port 0` (with `env` over this process's) and resolves once it printed its ready line. */
export async function startStudioServer(disposables: Disposables, options: { workspace?: string; env?: Record<string, string> } = {}): Promise<StudioServer> {
  if (!existsSync(join(REPO_ROOT, 'out', 'main', 'cli.js'))) {
    throw new Error('the CLI is not built (out/main/cli.js is missing): run `npx electron-vite build` first');
  }
  const workspace = options.workspace ?? tempWorkspace(disposables, 'e2e');
  const child = spawn(process.execPath, [TANDEM_CLI, 'serve', '--workspace', workspace, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (await waitForExit(child, STOP_TIMEOUT_MS)) return;
    child.kill('SIGKILL');
    await waitForExit(child, STOP_TIMEOUT_MS);
    throw new Error(`tandem serve (pid ${child.pid}) did not stop within ${STOP_TIMEOUT_MS} ms of SIGTERM and was killed:\n${output}`);
  };
  disposables.track(child, `tandem serve pid ${child.pid}`, stop);

  const ready = await new Promise<RegExpExecArray>((resolveReady, reject) => {
    const timer = setTimeout(() => finish(new Error(`tandem serve printed no ready line within ${READY_TIMEOUT_MS} ms:\n${output}`)), READY_TIMEOUT_MS);
    const onData = () => {
      const match = READY_LINE.exec(output);
      if (match) finish(match);
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`tandem serve exited (${signal ?? code}) before it was ready:\n${output}`));
    const onError = (error: Error) => finish(error);
    function finish(result: RegExpExecArray | Error) {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      if (result instanceof Error) reject(result);
      else resolveReady(result);
    }
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });

  const [, baseUrl, , encodedToken] = ready;
  return {
    workspace,
    studioUrl: `${baseUrl}/#token=${encodedToken}`,
    baseUrl,
    token: decodeURIComponent(encodedToken),
    pid: child.pid!,
    output: () => output,
    stop,
  };
}
