/** `tandem serve`: hosts the studio core of a workspace headless, until SIGINT or SIGTERM. */
import { resolveWorkspaceDir } from '../core/workspace';
import { FcpError } from '../fcp/errors';
import { startStudioHost } from '../mcp/host';
import { type ParsedFlags, parsePort } from './usage';

const stamp = (message: string) => `${new Date().toISOString()} [core ${process.pid}] ${message}\n`;

export async function runServe(flags: ParsedFlags, toolsets: string[] | undefined): Promise<void> {
  const workspaceDir = resolveWorkspaceDir(flags.workspace as string | undefined);
  const port = parsePort(flags.port, 0);
  const log = (message: string) => process.stderr.write(stamp(message));
  // A fault in one request must not take down the core others are editing through; whatever was
  // acknowledged is journaled already.
  process.on('uncaughtException', (err) => log(`uncaught: ${err.stack ?? err}`));
  process.on('unhandledRejection', (err) => log(`unhandled rejection: ${(err as Error)?.stack ?? err}`));

  const host = await startStudioHost({ workspaceDir, port, toolsets, log }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') throw new FcpError('port_in_use', `port ${port} on 127.0.0.1 is already in use`, '--port 0 (a free port)');
    throw err;
  });
  process.stdout.write(
    [
      `Tandem studio ready: ${host.url}`,
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
