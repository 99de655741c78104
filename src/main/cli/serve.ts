/**
 * `tandem serve`: hosts the studio core of a workspace headless, until SIGINT or SIGTERM, or until
 * another Tandem host (the app) takes the workspace over. Its ready line is the studio's address:
 * `Tandem studio ready: http://127.0.0.1:PORT/#token=TOKEN`; the fragment never reaches the server,
 * the page's WebSocket client reads the token from it.
 */
import { existsSync } from 'node:fs';
import { writeInstallRecord } from '../core/install-record';
import { resolveWorkspaceDir } from '../core/workspace';
import { StudioError } from '../kernel/errors';
import { DRAIN_LIMIT_MS, startStudioHost } from '../host/studio-host';
import { version } from '../../../package.json';
import { tandemBinPath } from './paths';
import { logUncaughtFaults, processLog } from './process-log';
import { writeStandard } from './standard-streams';
import { type ParsedFlags, parsePort } from './usage';

/** How long a stop may take (running calls get DRAIN_LIMIT_MS) before the core exits without waiting. */
const STOP_LIMIT_MS = DRAIN_LIMIT_MS + 5_000;

/** The address that opens the studio in a browser; the token rides in the fragment, which browsers never send. */
export function studioUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/#token=${encodeURIComponent(token)}`;
}

export async function runServe(flags: ParsedFlags, toolsets: string[] | undefined): Promise<void> {
  const workspaceDir = resolveWorkspaceDir(flags.workspace as string | undefined);
  // Before the log makes the folder: a workspace this start makes is a new person's.
  const newWorkspace = !existsSync(workspaceDir);
  const port = parsePort(flags.port, 0);
  // To stderr and .tandem/serve.log: the log goes on when no one reads stderr any more.
  const log = processLog(workspaceDir, 'core');
  // A fault in one request must not take down the core others are editing through; whatever was
  // acknowledged is journaled already.
  logUncaughtFaults(log);

  /** Exits once the host has closed; should closing hang, exits anyway after STOP_LIMIT_MS. */
  const exitWhenClosed = (closed: Promise<void>, done: string, failed: string) => {
    setTimeout(() => {
      log(`${failed}: not closed after ${STOP_LIMIT_MS} ms; exiting without waiting`);
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    closed.then(
      () => {
        log(done);
        process.exit(0);
      },
      (err) => {
        log(`${failed}: ${(err as Error).stack ?? err}`);
        process.exit(1);
      },
    );
  };
  // A signal during the handover waits for the same close (host.close() returns it).
  const onTakenOver = (closed: Promise<void>) =>
    exitWhenClosed(
      closed,
      'taken over by another Tandem host: running calls finished, journal flushed, workspace released; exiting',
      'handing the workspace over failed',
    );
  const host = await startStudioHost({ workspaceDir, newWorkspace, port, toolsets, readOnly: flags['read-only'] === true, log, onTakenOver }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') throw new StudioError('port_in_use', `port ${port} on 127.0.0.1 is already in use`, '--port 0 (a free port)');
    throw err;
  });
  // How the Claude Desktop bundle's bridge starts a core where none runs: this same command.
  const recordFailed = (() => {
    try {
      return writeInstallRecord({ version, command: process.execPath, args: [tandemBinPath(), 'serve'] });
    } catch (err) {
      return err as Error; // no bin/tandem.js to record: the core runs all the same
    }
  })();
  if (recordFailed) log(`could not write the install record: ${recordFailed.message}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping`);
    exitWhenClosed(host.close(), 'stopped', 'stopping failed');
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Announced once a stop signal closes it cleanly: whoever waits for this line may send one at once.
  writeStandard(
    process.stdout,
    [
      `Tandem studio ready: ${studioUrl(host.url, host.token)}`,
      `  workspace: ${host.workspace}`,
      `  MCP (HTTP): ${host.url}/mcp   token in ${host.workspace}/.tandem/endpoint.json`,
      `  MCP (socket): ${host.socket}`,
      '',
    ].join('\n'),
  );
}
