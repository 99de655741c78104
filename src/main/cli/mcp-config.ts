/** `tandem mcp-config`: the claude_desktop_config.json entry that starts the bridge for a workspace. */
import { join } from 'node:path';
import { resolveWorkspaceDir } from '../core/workspace';
import { claudeConfigDir, tandemBinPath } from './paths';
import type { ParsedFlags } from './usage';

export interface McpServerEntry {
  command: string;
  args: string[];
}

export function claudeDesktopEntry(workspaceDir: string, tandemBin = tandemBinPath()): { mcpServers: Record<string, McpServerEntry> } {
  return { mcpServers: { tandem: { command: process.execPath, args: [tandemBin, 'mcp', '--workspace', workspaceDir] } } };
}

export function runMcpConfig(flags: ParsedFlags): void {
  const workspaceDir = resolveWorkspaceDir(flags.workspace as string | undefined);
  const file = join(claudeConfigDir(), 'claude_desktop_config.json');
  // The JSON alone on stdout (so it can be piped); the explanation on stderr.
  process.stdout.write(JSON.stringify(claudeDesktopEntry(workspaceDir), null, 2) + '\n');
  process.stderr.write(
    [
      '',
      `Add the "tandem" entry under "mcpServers" in ${file}`,
      '(create the file if it does not exist, keep any other servers), then restart Claude Desktop.',
      '',
    ].join('\n'),
  );
}
