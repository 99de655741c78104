/**
 * The log of a `tandem` process: each line to stderr while someone reads it, and to a file in
 * `<workspace>/.tandem/` (serve.log for the core, bridge.log for the bridge), which goes on when
 * stderr's reader has gone away.
 */
import { appendFileSync, fstatSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { type Log, runtimeDir } from '../mcp/core-process';
import { writeStandard } from './standard-streams';

/** A log file is cut back to nothing once it passes this size. */
export const LOG_LIMIT_BYTES = 1024 * 1024;
const STDERR_FD = 2;

/** A log file appended line by line, cut back to nothing once it passes its limit. */
class CappedLogFile {
  private bytes: number;

  constructor(
    readonly path: string,
    private readonly limitBytes: number,
  ) {
    this.bytes = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    this.grew(0);
  }

  append(line: string): void {
    appendFileSync(this.path, line, { mode: 0o600 });
    this.grew(Buffer.byteLength(line));
  }

  /** Counts what was appended (by this process, or through the stderr that is this file). */
  grew(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes <= this.limitBytes) return;
    truncateSync(this.path, 0);
    this.bytes = 0;
  }
}

function isSameFile(fd: number, path: string): boolean {
  try {
    const open = fstatSync(fd);
    const named = statSync(path);
    return open.dev === named.dev && open.ino === named.ino;
  } catch {
    return false;
  }
}

/**
 * The log of the core (`core`, into serve.log) or of the stdio bridge (`bridge`, into bridge.log):
 * each line to stderr while it is alive and to the file. A core that a bridge started in the
 * background has that file as its stderr already, and writes each line once.
 */
export function processLog(workspaceDir: string, role: 'core' | 'bridge', limitBytes = LOG_LIMIT_BYTES): Log {
  let file: CappedLogFile | undefined;
  try {
    file = new CappedLogFile(join(runtimeDir(workspaceDir), role === 'core' ? 'serve.log' : 'bridge.log'), limitBytes);
  } catch {
    file = undefined; // a read-only workspace must not stop the process
  }
  const stderrIsTheFile = file !== undefined && isSameFile(STDERR_FD, file.path);
  return (message) => {
    const line = `${new Date().toISOString()} [${role} ${process.pid}] ${message}\n`;
    writeStandard(process.stderr, line);
    if (!file) return;
    try {
      if (stderrIsTheFile) file.grew(Buffer.byteLength(line));
      else file.append(line);
    } catch {
      file = undefined;
    }
  };
}

/**
 * Logs an uncaught exception or unhandled rejection instead of dying of it: a fault in one request
 * must not take down a process others are working through. The handler never throws, and a fault
 * raised while it logs is not logged again.
 */
export function logUncaughtFaults(log: Log): void {
  let reporting = false;
  const report = (what: string, err: unknown) => {
    if (reporting) return;
    reporting = true;
    try {
      log(`${what}: ${(err as Error)?.stack ?? err}`);
    } catch {
      // nowhere left to say it
    } finally {
      reporting = false;
    }
  };
  process.on('uncaughtException', (err) => report('uncaught', err));
  process.on('unhandledRejection', (err) => report('unhandled rejection', err));
}
