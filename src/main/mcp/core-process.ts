/**
 * Starting a studio core in the background for a bridge, and reading what it logged: shared by the
 * studio's own bridge (`tandem mcp`) and the Claude Desktop bundle's (plain Node, no native module).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { RUNTIME_DIR } from '../core/endpoint';

export type Log = (message: string) => void;

/** `<workspace>/.tandem`, made if missing (owner only). */
export function runtimeDir(workspaceDir: string): string {
  const dir = join(workspaceDir, RUNTIME_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * Runs `command args` detached, its output in `<workspace>/.tandem/serve.log`; settles when that
 * process exits. If another bridge started a core at the same time, the second fails to take the
 * workspace lock and exits; both bridges then connect to the first.
 */
export function startDetached(workspaceDir: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const logFd = openSync(join(runtimeDir(workspaceDir), 'serve.log'), 'a', 0o600);
  try {
    const child = spawn(command, args, { detached: true, stdio: ['ignore', logFd, logFd], windowsHide: true, env });
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    // The core outlives the bridge: Claude Desktop may stop the bridge at any time.
    child.unref();
    return exited;
  } finally {
    closeSync(logFd);
  }
}

/** The last lines of the background core's log, for the "core unavailable" error. */
export function serveLogTail(workspaceDir: string, lines = 2): string | undefined {
  try {
    const text = readFileSync(join(workspaceDir, RUNTIME_DIR, 'serve.log'), 'utf8').slice(-2000);
    const kept = text.split('\n').map((l) => l.trim()).filter(Boolean);
    return kept.slice(-lines).join(' | ') || undefined;
  } catch {
    return undefined;
  }
}

/** Sends anything written with console.* to the log, so no stray output reaches the client's stdout. */
export function keepConsoleOffStdout(log: Log): void {
  const toLog = (...args: unknown[]) => log(format(...args));
  console.log = toLog;
  console.info = toLog;
  console.debug = toLog;
  console.warn = toLog;
}
