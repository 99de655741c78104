#!/usr/bin/env node
/**
 * `npm run rebuild:electron`: builds better-sqlite3's addon for the installed Electron into
 * build/electron/better_sqlite3.node, apart from node_modules' build for Node that the CLI and the
 * tests use (the two ABIs differ; one file cannot serve both). The app passes this file to
 * better-sqlite3 as its `nativeBinding`.
 *
 * It works on a copy of the package in build/electron/better-sqlite3/: first a prebuilt addon for
 * Electron (prebuild-install --runtime electron), else a build from source against Electron's
 * headers (node-gyp). Both need the network once, unless ELECTRON_HEADERS_DIR names a folder of
 * Electron's headers already on this machine. With the Electron binary present, it then loads the
 * result in Electron to prove it fits.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronSqliteBindingPath, findElectronBinary } from './launch-decision.mjs';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = join(projectRoot, 'build', 'electron');
const stagingDir = join(outputDir, 'better-sqlite3');
const bindingPath = electronSqliteBindingPath(projectRoot);
const HEADERS_URL = process.env.ELECTRON_HEADERS_URL || 'https://electronjs.org/headers';

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function fail(message, suggestion) {
  rmSync(stagingDir, { recursive: true, force: true });
  process.stderr.write(`rebuild:electron: ${message} [electron_addon_not_built]\n${suggestion ? `  try: ${suggestion}\n` : ''}`);
  process.exit(1);
}

/** Runs a step; answers whether it succeeded. */
function run(label, command, args, options) {
  process.stdout.write(`rebuild:electron: ${label}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) process.stderr.write(`rebuild:electron: ${label} could not run: ${result.error.message}\n`);
  return result.status === 0;
}

/**
 * The environment without npm's settings that would redirect the build: nodedir (set on some
 * machines to Node's own headers) would make node-gyp build for Node, not Electron; the project's
 * npm_package_* would be read by prebuild-install as if they described better-sqlite3.
 */
function buildEnvironment() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch)$/i.test(key) || /^npm_package_/i.test(key)) delete env[key];
  }
  return env;
}

function nodeGypScript() {
  const candidates = [
    process.env.npm_config_node_gyp,
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    join(projectRoot, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

const electronPackage = join(projectRoot, 'node_modules', 'electron', 'package.json');
const sqlitePackageDir = join(projectRoot, 'node_modules', 'better-sqlite3');
if (!existsSync(electronPackage) || !existsSync(join(sqlitePackageDir, 'package.json'))) {
  fail('electron or better-sqlite3 is not installed', 'npm install');
}
const electronVersion = readJson(electronPackage).version;
const sqliteVersion = readJson(join(sqlitePackageDir, 'package.json')).version;
const arch = process.env.ELECTRON_ARCH || process.arch;

process.stdout.write(`rebuild:electron: better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (${process.platform}-${arch})\n`);
rmSync(stagingDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });
const nodeBuildDir = join(sqlitePackageDir, 'build');
cpSync(sqlitePackageDir, stagingDir, { recursive: true, filter: (source) => source !== nodeBuildDir && !source.startsWith(nodeBuildDir + sep) });

const env = buildEnvironment();
const attempts = [];
const prebuildInstall = join(projectRoot, 'node_modules', 'prebuild-install', 'bin.js');
let built = false;
if (!process.env.ELECTRON_HEADERS_DIR && existsSync(prebuildInstall)) {
  built = run('fetching a prebuilt addon for Electron', process.execPath, [prebuildInstall, '--runtime', 'electron', '--target', electronVersion, '--arch', arch, '--verbose'], {
    cwd: stagingDir,
    env,
  });
  if (!built) attempts.push('no prebuilt addon could be fetched');
}
if (!built) {
  const nodeGyp = nodeGypScript();
  if (!nodeGyp) {
    attempts.push('node-gyp was not found (it ships with npm: run this through "npm run rebuild:electron")');
  } else {
    const headers = process.env.ELECTRON_HEADERS_DIR ? [`--nodedir=${process.env.ELECTRON_HEADERS_DIR}`] : [`--dist-url=${HEADERS_URL}`];
    built = run('building from source against Electron\'s headers', process.execPath, [nodeGyp, 'rebuild', '--release', `--target=${electronVersion}`, `--arch=${arch}`, ...headers], {
      cwd: stagingDir,
      env,
    });
    if (!built) attempts.push(process.env.ELECTRON_HEADERS_DIR ? `the build against ${process.env.ELECTRON_HEADERS_DIR} failed` : `the build from source failed (Electron's headers come from ${HEADERS_URL})`);
  }
}
const stagedAddon = join(stagingDir, 'build', 'Release', 'better_sqlite3.node');
if (!built || !existsSync(stagedAddon)) {
  fail(
    `could not build better-sqlite3 for Electron ${electronVersion}: ${attempts.join('; ') || 'no addon was produced'}`,
    'run "npm run rebuild:electron" on a machine with network access, or set ELECTRON_HEADERS_DIR to a folder holding Electron\'s headers; the CLI and "npm start" without Electron (tandem serve) do not need it',
  );
}

rmSync(bindingPath, { force: true });
copyFileSync(stagedAddon, bindingPath);
rmSync(stagingDir, { recursive: true, force: true });
writeFileSync(
  join(outputDir, 'better_sqlite3.json'),
  JSON.stringify({ electron: electronVersion, betterSqlite3: sqliteVersion, platform: process.platform, arch, builtAt: new Date().toISOString() }, null, 2) + '\n',
);
process.stdout.write(`rebuild:electron: wrote ${bindingPath}\n`);

// Prove it loads in Electron, where the binary is here.
const electron = findElectronBinary(projectRoot);
if (electron.found) {
  const probe = `const Database = require(${JSON.stringify(sqlitePackageDir)}); const db = new Database(':memory:', { nativeBinding: ${JSON.stringify(bindingPath)} }); db.prepare('select 1').get(); db.close();`;
  const loaded = run('loading it in Electron', electron.path, ['-e', probe], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
  if (!loaded) {
    rmSync(bindingPath, { force: true });
    fail(`the addon was built but does not load in Electron ${electronVersion}; removed it`, 'delete build/electron and run "npm run rebuild:electron" again');
  }
  process.stdout.write('rebuild:electron: it loads in Electron\n');
} else {
  process.stdout.write(`rebuild:electron: not loaded in Electron to check it (${electron.reason})\n`);
}
