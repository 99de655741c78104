/**
 * The studio's top-level resources/ folder (icons, the example workspace), found by walking up from
 * the calling module: out/main when built, src/main/... in tests, the app's folder when packaged.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** resources/`name` where it holds `marker` (a file that proves it is ours), or undefined. */
export function resourceDir(name: string, marker: string, from = __dirname): string | undefined {
  let dir = from;
  for (let depth = 0; depth < 6; depth++) {
    const candidate = join(dir, 'resources', name);
    if (existsSync(join(candidate, marker))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}
