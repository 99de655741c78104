/** The `tandem` commands: their flags and help. The code that runs each is loaded only when used. */
import { readOnlyFlag, toolsetsFlag, workspaceFlag } from './common-flags';
import type { CommandSpec } from './usage';

export const serveCommand: CommandSpec = {
  name: 'serve',
  summary: 'run the studio core for a workspace (MCP over a local socket and HTTP on 127.0.0.1)',
  details: [
    'Takes the workspace lock (one core per workspace) and writes <workspace>/.tandem/endpoint.json',
    '(socket path, HTTP URL and bearer token, mode 0600). MCP over HTTP is at <url>/mcp and needs',
    '"Authorization: Bearer <token>". The printed URL (with #token=...) opens the studio in a',
    'browser. When the studio app opens the same workspace it takes over: this core finishes its',
    'running calls, flushes and exits. Ctrl-C or SIGTERM stops it cleanly. Logs go to stderr and',
    '<workspace>/.tandem/serve.log (which goes on when no one reads stderr any more).',
  ],
  flags: {
    workspace: workspaceFlag,
    port: { type: 'string', value: 'N', summary: 'HTTP port on 127.0.0.1 (default 0: a free port)' },
    toolsets: toolsetsFlag,
    'read-only': readOnlyFlag,
  },
  examples: ['tandem serve', 'tandem serve --workspace ~/Tandem/demo --port 8765', 'tandem serve --toolsets drawio --read-only'],
};

export const mcpCommand: CommandSpec = {
  name: 'mcp',
  summary: 'the stdio MCP server for Claude Desktop (a bridge to the studio core)',
  details: [
    'Speaks MCP on stdin/stdout and forwards tool calls to the core of the workspace, starting one in',
    'the background if none runs (its log: <workspace>/.tandem/serve.log). If the core restarts, the',
    'bridge reconnects and the session goes on. Logs go to stderr and <workspace>/.tandem/bridge.log.',
    'TANDEM_BRIDGE_WAIT_MS sets how long a call waits for a core (default 30000).',
  ],
  flags: { workspace: workspaceFlag, toolsets: toolsetsFlag, 'read-only': readOnlyFlag },
  examples: ['tandem mcp', 'tandem mcp --workspace ~/Tandem/demo --toolsets drawio', 'tandem mcp --read-only'],
};

export const mcpConfigCommand: CommandSpec = {
  name: 'mcp-config',
  summary: 'print the Claude Desktop configuration entry for this workspace',
  details: ['Prints the "mcpServers" entry (absolute paths) for claude_desktop_config.json and says where that file is.'],
  flags: { workspace: workspaceFlag },
  examples: ['tandem mcp-config', 'tandem mcp-config --workspace ~/Tandem/demo'],
};

export const bundleCommand: CommandSpec = {
  name: 'bundle',
  summary: 'build the Claude Desktop bundle (dist/tandem.mcpb) from the built bridge',
  details: [
    'Writes the MCP Bundle that Claude Desktop installs with a double click: the stdio bridge (out/bundle, built',
    'by npm run bundle), its manifest (tools and prompts of every toolset) and icon, validated and packed with mcpb.',
  ],
  flags: { out: { type: 'string', value: 'FILE', summary: 'where to write it (default: dist/tandem.mcpb in the studio folder)' } },
  examples: ['tandem bundle', 'tandem bundle --out /tmp/tandem.mcpb'],
};

export const commands: readonly CommandSpec[] = [serveCommand, mcpCommand, mcpConfigCommand, bundleCommand];
