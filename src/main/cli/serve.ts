/**
 * `tandem serve`: hosts the studio core of a workspace headless, until SIGINT or SIGTERM, or until
 * another Tandem host (the app) takes the workspace over. Its ready line is the studio's address:
 * `Tandem studio ready: http://127.0.0.1:PORT/#token=TOKEN`; the fragment never reaches the server,
 * the page's WebSocket client reads the token from it.
 */
import { resolveWorkspaceDir } from '../core/workspace';
import { FcpError } from '../fcp/errors';
import { startStudioHost } from '../mcp/host';
import { type ParsedFlags, parsePort } from './usage';

const stamp = (message: string) => `${new Date().toISOString()} [core ${process.pid}] ${message}\n`;

/** The address that opens the studio in a browser; the token rides in the fragment, which browsers never send. */
export function studioUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/#token=${encodeURIComponent(token)}`;
}

export async function runServe(flags: ParsedFlags, toolsets: string[] | undefined): Promise<void> {
  const workspaceDir = resolveWorkspaceDir(flags.workspace as string | undefined);
  const port = parsePort(flags.port, 0);
  const log = (message: string) => process.stderr.write(stamp(message));
  // A fault in one request must not take down the core others are editing through; whatever was
  // acknowledged is journaled already.
  process.on('uncaughtException', (err) => log(`uncaught: ${err.stack ?? err}`));
  process.on('unhandledRejection', (err) => log(`unhandled rejection: ${(err as Error)?.stack ?? err}`));

  // A signal during the handover waits for the same close (host.close() returns it).
  const onTakenOver = (closed: Promise<void>) => {
    closed.then(
      () => {
        log('taken over by another Tandem host: running calls finished, journal flushed, workspace released; exiting');
        process.exit(0);
      },
      (err) => {
        log(`handing the workspace over failed: ${(err as Error).stack ?? err}`);
        process.exit(1);
      },
    );
  };
  const host = await startStudioHost({ workspaceDir, port, toolsets, log, onTakenOver }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') throw new FcpError('port_in_use', `port ${port} on 127.0.0.1 is already in use`, '--port 0 (a free port)');
    throw err;
  });
  process.stdout.write(
    [
      `Tandem studio ready: ${studioUrl(host.url, host.token)}`,
      `  workspace: ${host.workspace}`,
      `  MCP (HTTP): ${host.url}/mcp   token in ${host.workspace}/.tandem/endpoint.json`,
      `  MCP (socket): ${host.socket}`,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping`);
    host.close().then(
      () => {
        log('stopped');
        process.exit(0);
      },
      (err) => {
        log(`stopping failed: ${(err as Error).stack ?? err}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
