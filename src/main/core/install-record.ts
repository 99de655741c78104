/**
 * The install record: a small file in the user's config folder, written by the studio whenever it
 * starts, that says how to start a studio core for a workspace. The Claude Desktop bundle's bridge
 * has no studio of its own: it reads this file to start the installed one. Plain Node (no SQLite).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface InstallRecord {
  /** The studio's version (the bundle's bridge says so when its own differs). */
  version: string;
  /** The program to run, and its arguments, to which `--workspace DIR` is added. */
  command: string;
  args: string[];
  /** Extra environment for it, if any. */
  env?: Record<string, string>;
}

/**
 * The studio's folder in the user's config: `$TANDEM_CONFIG_DIR` if set (tests), else
 * `$XDG_CONFIG_HOME/tandem` (or ~/.config/tandem) on Linux, `~/Library/Application Support/Tandem`
 * on macOS, `%APPDATA%\Tandem` on Windows.
 */
export function studioConfigDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  if (env.TANDEM_CONFIG_DIR) return env.TANDEM_CONFIG_DIR;
  return join(userConfigDir(platform, env), platform === 'darwin' || platform === 'win32' ? 'Tandem' : 'tandem');
}

/** Where applications keep their configuration on this OS (Claude Desktop's folder is in it too). */
export function userConfigDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  switch (platform) {
    case 'darwin':
      return join(homedir(), 'Library', 'Application Support');
    case 'win32':
      return env.APPDATA ?? join(homedir(), 'AppData', 'Roaming');
    default:
      return env.XDG_CONFIG_HOME || join(homedir(), '.config');
  }
}

export function installRecordFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(studioConfigDir(process.platform, env), 'install.json');
}

/** Writes the record when it differs from the one on disk (atomically); a failure is returned, never thrown. */
export function writeInstallRecord(record: InstallRecord, env: NodeJS.ProcessEnv = process.env): Error | undefined {
  const file = installRecordFile(env);
  const text = JSON.stringify(record, null, 2) + '\n';
  try {
    if (readFileSync(file, 'utf8') === text) return undefined;
  } catch {
    // none yet
  }
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, text, { mode: 0o600 });
    renameSync(temp, file);
    return undefined;
  } catch (err) {
    return err as Error;
  }
}

export type InstallLookup = { record: InstallRecord; file: string } | { problem: 'none' | 'unreadable'; file: string; detail?: string };

/** The record, or why there is none usable. */
export function readInstallRecord(env: NodeJS.ProcessEnv = process.env): InstallLookup {
  const file = installRecordFile(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { problem: 'none', file };
  }
  try {
    const record = JSON.parse(text) as Partial<InstallRecord>;
    if (typeof record.command !== 'string' || !Array.isArray(record.args) || !record.args.every((a) => typeof a === 'string')) {
      return { problem: 'unreadable', file, detail: 'it has no command and args' };
    }
    return { record: { version: String(record.version ?? '?'), command: record.command, args: record.args, env: record.env }, file };
  } catch (err) {
    return { problem: 'unreadable', file, detail: (err as Error).message };
  }
}
