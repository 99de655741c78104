/** `tandem mcp-config`: the claude_desktop_config.json entry that starts the bridge for a workspace. */
import { resolveWorkspaceDir } from '../core/workspace';
import { SERVER_NAME, claudeDesktopConfigFile, claudeDesktopEntry } from '../host/claude-desktop';
import type { ParsedFlags } from './usage';

export function runMcpConfig(flags: ParsedFlags): void {
  const workspaceDir = resolveWorkspaceDir(flags.workspace as string | undefined);
  const file = claudeDesktopConfigFile();
  // The JSON alone on stdout (so it can be piped); the explanation on stderr.
  process.stdout.write(JSON.stringify({ mcpServers: { [SERVER_NAME]: claudeDesktopEntry(workspaceDir) } }, null, 2) + '\n');
  process.stderr.write(
    [
      '',
      `Add the "tandem" entry under "mcpServers" in ${file}`,
      '(create the file if it does not exist, keep any other servers), then restart Claude Desktop.',
      '',
    ].join('\n'),
  );
}
