#!/usr/bin/env node
/**
 * `npm start [-- --workspace DIR ...]`: opens the studio window (Electron) where it can, else says
 * why not and runs `tandem serve`, which serves the same studio to a browser at the URL it prints.
 * Arguments pass through to either; Ctrl-C and termination signals reach the child once, and this
 * process exits with the child's code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideLaunchHere } from './launch-decision.mjs';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

/** Runs electron-vite's build (what `electron-vite preview` does before it starts the app), then the chat views'. */
function build() {
  const cli = join(projectRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  let result = spawnSync(process.execPath, [cli, 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status === 0) result = spawnSync(process.execPath, [join(projectRoot, 'scripts', 'build-apps.mjs')], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('npm start: the build failed (see above) [build_failed]\n  try: npm run build, fix what it reports, then npm start\n');
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs `command` in a process group of its own, so that Ctrl-C in the terminal reaches it only
 * through this process, once (`tandem serve` takes a second SIGINT as "exit without waiting").
 */
function runChild(command, commandArgs, env) {
  const ownGroup = process.platform !== 'win32';
  const child = spawn(command, commandArgs, { cwd: projectRoot, env, stdio: ['ignore', 'inherit', 'inherit'], detached: ownGroup });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
  child.on('error', (err) => {
    process.stderr.write(`npm start: could not run ${command}: ${err.message} [spawn_failed]\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const decision = decideLaunchHere(projectRoot);

if (decision.mode === 'electron') {
  build();
  const env = { ...process.env };
  // Inherited, it would make Electron run as plain Node instead of opening the app.
  delete env.ELECTRON_RUN_AS_NODE;
  process.stdout.write(`Opening the Tandem Studio window (Electron: ${decision.electronPath})\n`);
  runChild(decision.electronPath, [projectRoot, ...args], env);
} else {
  process.stdout.write(
    [
      'The studio window cannot open here:',
      ...decision.reasons.map((reason) => `  - ${reason}`),
      'Running "tandem serve" instead: it serves the same studio to a browser; open the URL it prints.',
      '',
    ].join('\n'),
  );
  if (!existsSync(join(projectRoot, 'out', 'main', 'cli.js'))) build();
  runChild(process.execPath, [join(projectRoot, 'bin', 'tandem.js'), 'serve', ...args], process.env);
}
