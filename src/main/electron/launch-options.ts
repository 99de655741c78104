/**
 * What the app reads from its command line and where it keeps its per-workspace state. Pure: no
 * electron import, so it is tested under Node.
 */
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { resolveWorkspaceDir } from '../core/workspace';

/**
 * `--workspace DIR` or `--workspace=DIR` from the process arguments (Electron's argv holds its own
 * and Chromium's switches too; anything else is ignored). The last one given wins.
 */
export function workspaceArgument(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--workspace') {
      const value = argv[i + 1];
      if (value !== undefined && !value.startsWith('--')) {
        found = value;
        i++;
      }
    } else if (arg.startsWith('--workspace=')) {
      found = arg.slice('--workspace='.length) || found;
    }
  }
  return found;
}

/** The workspace folder of this app: the flag, else TANDEM_WORKSPACE, else ~/Tandem; its real path when it exists. */
export function appWorkspaceDir(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  const dir = resolveWorkspaceDir(workspaceArgument(argv), env);
  return existsSync(dir) ? realpathSync(dir) : dir;
}

/**
 * The app's data folder for one workspace, under Electron's appData. Electron's single-instance
 * lock lives in the data folder, so one folder per workspace gives one app instance per workspace:
 * two workspaces can be open at once, the same one only once.
 */
export function instanceDataDir(appDataDir: string, workspaceDir: string): string {
  const key = createHash('sha256').update(workspaceDir).digest('hex').slice(0, 16);
  return join(appDataDir, 'Tandem Studio', 'workspaces', key);
}
