/**
 * Scripts that run in a thread or a process of their own are built as entries of their own
 * (out/main/NAME.js, see electron.vite.config.ts). Run from source (tests, tsx) there is no build:
 * the TS file beside the module that starts it runs through tsx.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface EntryPoint {
  file: string;
  /** A .ts file: whoever starts it loads tsx first. */
  fromSource: boolean;
}

/**
 * NAME's file for the module in `moduleDir`: built, that module sits in out/main or in
 * out/main/chunks; from source, NAME.ts sits beside it.
 */
export function entryPoint(moduleDir: string, name: string): EntryPoint {
  for (const dir of [moduleDir, dirname(moduleDir)]) {
    const built = join(dir, `${name}.js`);
    if (existsSync(built)) return { file: built, fromSource: false };
  }
  const source = join(moduleDir, `${name}.ts`);
  if (!existsSync(source)) throw new Error(`${name} is missing next to ${moduleDir}; run npm run build`);
  return { file: source, fromSource: true };
}
