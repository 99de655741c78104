/**
 * Running a suite's process (a shell script, a command, vitest, playwright) so that nothing is left
 * behind: the process gets a process group of its own, and the whole group is killed when the
 * process ends (a script's stray background jobs), when the suite's time is up and when the run is
 * cancelled. Output is passed on line by line and its tail kept, bounded.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { isGroupAlive } from '../../../core/workspace';

/** How much of a process's output is kept for the result (its end). */
export const OUTPUT_TAIL_BYTES = 64 * 1024;
/** After SIGTERM, how long a process group has to end before SIGKILL. */
const KILL_GRACE_MS = 2000;
/** After the process exits, how long its output pipes may stay open (held by an escaped child). */
const DRAIN_MS = 500;
/** After SIGKILL, how long to wait for the group to be gone (a busy machine schedules the dying late). */
const REAP_WAIT_MS = 5000;

export interface ProcessOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Aborting stops the process group (the suite's timeout, or the run cancelled). */
  signal: AbortSignal;
  /** Each line of output (stdout and stderr), as it comes. */
  onLine?(line: string): void;
}

export interface ProcessOutcome {
  /** null when the process was killed by a signal or never started. */
  exitCode: number | null;
  /** The end of its output (stdout and stderr interleaved), at most OUTPUT_TAIL_BYTES. */
  output: string;
  /** The process was stopped because `signal` aborted. */
  stopped: boolean;
  /** Why it could not start (e.g. the command is not there). */
  startError?: string;
}

export function runProcess(command: string, args: string[], options: ProcessOptions): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    let output = '';
    let partial = '';
    let stopped = false;
    let startError: string | undefined;
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });

    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      if (output.length > OUTPUT_TAIL_BYTES * 2) output = output.slice(-OUTPUT_TAIL_BYTES);
      if (!options.onLine) return;
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine(line.replace(/\r$/, ''));
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);

    const killGroup = (sig: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, sig);
      } catch {
        // ESRCH: the group is gone already
      }
    };
    let forceTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      stopped = true;
      killGroup('SIGTERM');
      forceTimer = setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
    };
    if (options.signal.aborted) stop();
    else options.signal.addEventListener('abort', stop, { once: true });

    let finished = false;
    const finish = (exitCode: number | null) => {
      if (finished) return;
      finished = true;
      options.signal.removeEventListener('abort', stop);
      clearTimeout(forceTimer);
      // Whatever the process started and left running goes with it.
      killGroup('SIGKILL');
      let done = false;
      const drained = () => {
        if (done) return;
        done = true;
        if (partial && options.onLine) options.onLine(partial);
        // The answer says the suite is over: nothing it started may still be running then.
        void groupGone(child.pid).then(() => resolve({ exitCode, output: output.slice(-OUTPUT_TAIL_BYTES), stopped, startError }));
      };
      if (child.stdout.readableEnded && child.stderr.readableEnded) return drained();
      const timer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        drained();
      }, DRAIN_MS);
      child.once('close', () => {
        clearTimeout(timer);
        drained();
      });
    };
    child.once('error', (err) => {
      startError = err.message;
      finish(null);
    });
    child.once('exit', (code) => finish(code));
  });
}

/** Resolves once no process of the group runs any more (SIGKILL was sent), or after REAP_WAIT_MS. */
async function groupGone(group: number | undefined): Promise<void> {
  if (group === undefined) return;
  for (const end = Date.now() + REAP_WAIT_MS; isGroupAlive(group) && Date.now() < end; ) await sleep(10);
}

/** The last `count` lines of some output, without a trailing empty line. */
export function tailLines(output: string, count: number): string[] {
  const lines = output.replace(/\n+$/, '').split('\n');
  return lines.slice(-count);
}

/** Output with ANSI colour and cursor codes removed, as tools print them into a terminal. */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '');
}
