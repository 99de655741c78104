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
export function findElectronBinary(projectRoot, env = process.env, nodeVersion = process.versions.node) {
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
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    const needed = minimumNode(pkg.engines?.node);
    if (needed && compareVersions(nodeVersion, needed) < 0) {
      return {
        found: false,
        reason:
          `Electron ${pkg.version} needs Node.js ${needed} or newer to download and run its binary, and this is Node.js ${nodeVersion}: ` +
          'install Node.js 22.12 or newer, then "npx install-electron" downloads the binary (once, from the network)',
      };
    }
    return {
      found: false,
      reason: `the Electron binary has not been downloaded yet: Electron ${pkg.version} fetches it on first use, with "npx install-electron" (once, from the network)`,
    };
  }
  const candidate = join(packageDir, 'dist', relative);
  return existsSync(candidate)
    ? { found: true, path: candidate }
    : { found: false, reason: `the Electron binary is missing (${candidate}); "npx install-electron" downloads it` };
}

/** `>= 22.12.0` → `22.12.0`: the lower bound of a package's engines.node, when it has one. */
export function minimumNode(range) {
  const match = /^\s*>=?\s*v?(\d+(?:\.\d+){0,2})\s*$/.exec(range ?? '');
  return match ? match[1] : undefined;
}

/** Compares dotted version numbers (`20.20.2` < `22.12.0`); missing parts count as 0. */
export function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
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
