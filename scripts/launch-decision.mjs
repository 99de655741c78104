/**
 * How `npm start` decides between the studio window (Electron) and `tandem serve` (the same studio
 * in a browser). Pure apart from checking that files exist: start.mjs and the Electron e2e test
 * use it, and it is tested on its own. Types: launch-decision.d.mts.
 *
 * It never loads the `electron` package: its index.js downloads the binary when it is missing, and
 * this check must not reach the network.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where `npm run rebuild:electron` puts better-sqlite3 built for Electron (src/main/electron/start-failure.ts). */
export function electronSqliteBindingPath(projectRoot) {
  return join(projectRoot, 'build', 'electron', 'better_sqlite3.node');
}

/**
 * The Electron executable in node_modules/electron, as its index.js would name it (path.txt under
 * dist/, or under ELECTRON_OVERRIDE_DIST_PATH), if that file exists.
 * @returns {{ found: true, path: string } | { found: false, reason: string }}
 */
export function findElectronBinary(projectRoot, env = process.env) {
  const packageDir = join(projectRoot, 'node_modules', 'electron');
  if (!existsSync(join(packageDir, 'package.json'))) {
    return { found: false, reason: 'the electron package is not installed (run npm install)' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
    return existsSync(candidate)
      ? { found: true, path: candidate }
      : { found: false, reason: `ELECTRON_OVERRIDE_DIST_PATH names no Electron binary (${candidate} does not exist)` };
  }
  if (!relative) {
    return {
      found: false,
      reason: 'the Electron binary was never downloaded (installed offline or with ELECTRON_SKIP_BINARY_DOWNLOAD=1); "npx install-electron" downloads it',
    };
  }
  const candidate = join(packageDir, 'dist', relative);
  return existsSync(candidate)
    ? { found: true, path: candidate }
    : { found: false, reason: `the Electron binary is missing (${candidate}); "npx install-electron" downloads it` };
}

/** macOS and Windows always have a display; elsewhere a window needs X11 (DISPLAY) or Wayland. */
export function hasDisplay(platform = process.platform, env = process.env) {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * @param {{ electron: { found: true, path: string } | { found: false, reason: string }, display: boolean, platform: string, sqliteBindingBuilt: boolean }} facts
 * @returns {{ mode: 'electron', electronPath: string } | { mode: 'serve', reasons: string[] }}
 */
export function decideLaunch(facts) {
  const reasons = [];
  if (!facts.electron.found) reasons.push(`no Electron binary: ${facts.electron.reason}`);
  if (!facts.display) {
    reasons.push(`no display: ${facts.platform} needs DISPLAY (X11) or WAYLAND_DISPLAY set to open a window`);
  }
  if (facts.electron.found && facts.display && !facts.sqliteBindingBuilt) {
    reasons.push('the database addon for Electron is not built: "npm run rebuild:electron" builds it (needs the network once)');
  }
  if (reasons.length === 0 && facts.electron.found) return { mode: 'electron', electronPath: facts.electron.path };
  return { mode: 'serve', reasons };
}

/** What `npm start` will do on this machine. */
export function decideLaunchHere(projectRoot, env = process.env, platform = process.platform) {
  return decideLaunch({
    electron: findElectronBinary(projectRoot, env),
    display: hasDisplay(platform, env),
    platform,
    sqliteBindingBuilt: existsSync(electronSqliteBindingPath(projectRoot)),
  });
}
