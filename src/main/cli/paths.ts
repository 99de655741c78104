/** Where the `tandem` command itself lives, and where Claude Desktop keeps its configuration. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { userConfigDir } from '../core/install-record';
import { UsageError } from './usage';

/**
 * The absolute path of bin/tandem.js: the bridge starts cores with it, and Claude Desktop's config
 * names it. Found by walking up from this module (out/main in the built CLI, src/main/cli in tests).
 */
export function tandemBinPath(): string {
  let dir = __dirname;
  for (let depth = 0; depth < 6; depth++) {
    const candidate = join(dir, 'bin', 'tandem.js');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new UsageError('not_installed', `cannot find bin/tandem.js above ${__dirname}`, 'npm install (in the Tandem Studio folder)');
}

/** The folder of claude_desktop_config.json on this OS. */
export function claudeConfigDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  return join(userConfigDir(platform, env), 'Claude');
}
