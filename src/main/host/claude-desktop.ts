/**
 * "Connect Claude Desktop" in the studio window: the bundle to install (dist/tandem.mcpb, opened
 * or shown in its folder by the Electron window), and for people who prefer the config file, the
 * `mcpServers` entry that `tandem mcp-config` prints, written into claude_desktop_config.json after
 * the window has shown it. The file is changed only when it is valid JSON; the previous one is kept
 * beside it as a backup; other servers and settings stay as they were.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ClaudeDesktopInfo, ClaudeDesktopWritten, McpServerEntry } from '../../shared/tandem-api';
import { StudioError } from '../kernel/errors';
import { claudeConfigDir, tandemBinPath } from '../cli/paths';
import type { ClaudeDesktopConnector } from '../api/dispatch';

/** The name of the studio's entry under mcpServers. */
export const SERVER_NAME = 'tandem';
export const CLAUDE_CONFIG_INVALID = 'claude_config_invalid';

export interface ClaudeDesktopSetup {
  workspace: string;
  /** claude_desktop_config.json (TANDEM_CLAUDE_CONFIG points tests elsewhere). */
  configFile: string;
  /** The built bundle, if there is one. */
  bundleFile?: string;
  tandemBin: string;
  /** The Node.js that runs `tandem mcp` (the window's own process is Electron, not Node). */
  node: string;
}

export function claudeDesktopConfigFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.TANDEM_CLAUDE_CONFIG || join(claudeConfigDir(process.platform, env), 'claude_desktop_config.json');
}

/** The entry that starts the stdio bridge for `workspace`. */
export function claudeDesktopEntry(workspace: string, tandemBin = tandemBinPath(), node = process.execPath): McpServerEntry {
  return { command: node, args: [tandemBin, 'mcp', '--workspace', workspace] };
}

/** The setup of this studio: its bundle beside bin/ (dist/tandem.mcpb), its bridge, Claude Desktop's config file. */
export function claudeDesktopSetup(workspace: string, env: NodeJS.ProcessEnv = process.env): ClaudeDesktopSetup {
  const tandemBin = tandemBinPath();
  const bundle = join(dirname(dirname(tandemBin)), 'dist', 'tandem.mcpb');
  return {
    workspace,
    configFile: claudeDesktopConfigFile(env),
    bundleFile: existsSync(bundle) ? bundle : undefined,
    tandemBin,
    node: process.versions.electron ? 'node' : process.execPath,
  };
}

type ConfigRead = { state: 'absent' } | { state: 'valid'; config: Record<string, unknown>; servers: Record<string, unknown> } | { state: 'invalid'; problem: string };

function readConfig(file: string): ConfigRead {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'absent' };
    return { state: 'invalid', problem: `cannot read it: ${(err as Error).message}` };
  }
  let config: unknown;
  try {
    config = text.trim() === '' ? {} : JSON.parse(text);
  } catch (err) {
    return { state: 'invalid', problem: `it is not valid JSON (${(err as Error).message})` };
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) return { state: 'invalid', problem: 'it holds no JSON object' };
  const servers = (config as Record<string, unknown>).mcpServers ?? {};
  if (servers === null || typeof servers !== 'object' || Array.isArray(servers)) return { state: 'invalid', problem: '"mcpServers" in it is not an object' };
  return { state: 'valid', config: config as Record<string, unknown>, servers: servers as Record<string, unknown> };
}

const sameEntry = (a: unknown, b: McpServerEntry) => JSON.stringify(a) === JSON.stringify(b);

export function describeClaudeDesktop(setup: ClaudeDesktopSetup): ClaudeDesktopInfo {
  const entry = claudeDesktopEntry(setup.workspace, setup.tandemBin, setup.node);
  const read = readConfig(setup.configFile);
  return {
    workspace: setup.workspace,
    bundleFile: setup.bundleFile,
    configFile: setup.configFile,
    entry: { mcpServers: { [SERVER_NAME]: entry } },
    config:
      read.state === 'invalid'
        ? { state: 'invalid', problem: read.problem }
        : read.state === 'absent' || !(SERVER_NAME in read.servers)
          ? { state: read.state === 'absent' ? 'absent' : 'without-entry' }
          : { state: sameEntry(read.servers[SERVER_NAME], entry) ? 'connected' : 'other-entry' },
  };
}

/** Writes the entry into the config file (keeping everything else), after a backup of the file it changes. */
export function writeClaudeDesktopConfig(setup: ClaudeDesktopSetup, now = new Date()): ClaudeDesktopWritten {
  const entry = claudeDesktopEntry(setup.workspace, setup.tandemBin, setup.node);
  const file = setup.configFile;
  const read = readConfig(file);
  if (read.state === 'invalid') {
    throw new StudioError(CLAUDE_CONFIG_INVALID, `${file} was left unchanged: ${read.problem}`, `fix ${file} in an editor (or move it away), then connect again`);
  }
  if (read.state === 'valid' && sameEntry(read.servers[SERVER_NAME], entry)) return { configFile: file, changed: false };
  const config = read.state === 'valid' ? read.config : {};
  const next = { ...config, mcpServers: { ...(read.state === 'valid' ? read.servers : {}), [SERVER_NAME]: entry } };
  let backupFile: string | undefined;
  if (read.state === 'valid') {
    backupFile = `${file}.${now.toISOString().replace(/[:.]/g, '-')}.bak`;
    copyFileSync(file, backupFile);
  } else {
    mkdirSync(dirname(file), { recursive: true });
  }
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(next, null, 2) + '\n');
  renameSync(temp, file);
  return { configFile: file, changed: true, ...(backupFile ? { backupFile } : {}) };
}

/** The renderer API's side of it; the setup is looked at anew on every call (the bundle may be built meanwhile). */
export function claudeDesktopConnector(workspace: string, env: NodeJS.ProcessEnv = process.env): ClaudeDesktopConnector {
  return {
    describe: () => describeClaudeDesktop(claudeDesktopSetup(workspace, env)),
    writeConfig: () => writeClaudeDesktopConfig(claudeDesktopSetup(workspace, env)),
  };
}
