/** Where the build's outputs are at run time (the renderer's files, the chat apps' pages). */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * out/<name>, found by walking up from `start`: out/main (or out/main/chunks) in the built CLI and
 * the Electron app, a source folder in tests (the repo root holds out/, with `marker` in out/<name>).
 */
export function findBuiltDir(name: string, marker: string, start: string): string {
  let dir = start;
  for (let depth = 0; depth < 6; depth++) {
    if (basename(dir) === 'out') return join(dir, name);
    const beside = join(dir, 'out', name);
    if (existsSync(join(beside, marker))) return beside;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return resolve(start, '..', name);
}
