/** `tandem mcp`: the stdio bridge. Nothing but JSON-RPC may reach stdout from here on. */
import { resolveWorkspaceDir } from '../core/workspace';
import { BRIDGE_WAIT_MS, keepConsoleOffStdout, runStdioBridge, startBackgroundCore } from '../mcp/bridge';
import { fcpDomains, toolDomains } from '../host/domains';
import { tandemBinPath } from './paths';
import { logUncaughtFaults, processLog } from './process-log';
import { writeStandard } from './standard-streams';
import type { ParsedFlags } from './usage';

function waitLimit(env: NodeJS.ProcessEnv): number {
  const ms = Number(env.TANDEM_BRIDGE_WAIT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : BRIDGE_WAIT_MS;
}

export async function runMcpBridge(flags: ParsedFlags, toolsets: string[] | undefined): Promise<void> {
  const workspaceDir = resolveWorkspaceDir(flags.workspace as string | undefined);
  const log = processLog(workspaceDir, 'bridge');
  keepConsoleOffStdout(log);
  logUncaughtFaults(log);
  const tandemBin = tandemBinPath();
  let exiting = false;
  const exit = (code: number) => {
    if (exiting) return;
    exiting = true;
    // Let the last answers reach the client before the process goes (but not wait on a dead pipe).
    writeStandard(process.stdout, '', () => process.exit(code));
    setTimeout(() => process.exit(code), 2_000);
  };
  process.on('SIGTERM', () => exit(0));
  process.on('SIGINT', () => exit(0));

  await runStdioBridge({
    workspaceDir,
    domains: { fcp: fcpDomains, tool: toolDomains },
    toolsets,
    readOnly: flags['read-only'] === true,
    input: process.stdin,
    output: process.stdout,
    startCore: () => startBackgroundCore(workspaceDir, tandemBin),
    waitLimitMs: waitLimit(process.env),
    log,
  });
  exit(0);
}
