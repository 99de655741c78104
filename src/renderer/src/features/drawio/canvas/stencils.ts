/**
 * diagrams.net's stencils on the canvas: the catalog and a library are loaded when a page first
 * draws one of their shapes, a stencil is parsed once, and its drawing at a size and in colours is
 * made once (a thousand routers of one size are one drawing). The drawing itself is
 * shared with the export (see stencil-figure).
 */
import type { StencilShape, SvgCanvas2D } from '@maxgraph/core';
import { StencilCatalog, type ResolvedStencil } from '../../../../../shared/drawio/stencils';
import type { StencilConstraint } from '../../../../../shared/drawio/render/connection-points';
import { stencilMarkup, type StencilEngine, type StencilPaint } from '../../../../../shared/drawio/render/stencil-figure';

interface Stencils {
  catalog: StencilCatalog;
  loadLibrary(library: string): Promise<string>;
  /** maxGraph's stencil interpreter, loaded with the catalog (a chunk of its own, as the index is). */
  StencilShape: typeof StencilShape;
}

/** Set when the first stencil has loaded; drawing only ever happens after that. */
let Canvas: typeof SvgCanvas2D | undefined;

let stencilsModule: Promise<Stencils> | undefined;
const libraries = new Map<string, Promise<Map<string, Element>>>();
/** Settled look-ups by stencil name: the stencil, or null when no library has it. */
const settled = new Map<string, LoadedStencil | null>();
const pending = new Map<string, Promise<LoadedStencil | null>>();

export interface LoadedStencil {
  readonly entry: ResolvedStencil;
  readonly shape: StencilShape;
}

function stencils(): Promise<Stencils> {
  stencilsModule ??= Promise.all([import('virtual:drawio-stencils'), import('./stencil-engine')]).then(([module, maxgraph]) => {
    Canvas = maxgraph.SvgCanvas2D;
    return { catalog: new StencilCatalog(module.index), loadLibrary: module.loadLibrary, StencilShape: maxgraph.StencilShape };
  });
  return stencilsModule;
}

/** A library's XML from its module (gzipped, in base64), with the browser's own gunzip. */
async function inflate(base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
}

/** A library's `<shape>` elements by name, parsed once. */
function libraryShapes(load: Stencils['loadLibrary'], library: string): Promise<Map<string, Element>> {
  let shapes = libraries.get(library);
  if (!shapes) {
    shapes = load(library).then(inflate).then((xml) => {
      const document = new DOMParser().parseFromString(xml, 'application/xml');
      const byName = new Map<string, Element>();
      for (const element of Array.from(document.getElementsByTagName('shape'))) {
        const name = element.getAttribute('name');
        if (name !== null && !byName.has(name)) byName.set(name, element);
      }
      return byName;
    });
    libraries.set(library, shapes);
  }
  return shapes;
}

/** The catalog of every library's shape names (loaded with the first stencil, or by this). */
export function loadStencilCatalog(): Promise<StencilCatalog> {
  return stencils().then((loaded) => loaded.catalog);
}

/** The stencil a style names, if it is already loaded (undefined: not yet asked or still loading). */
export function settledStencil(name: string): LoadedStencil | null | undefined {
  return settled.get(name);
}

/** The `<connections>` of a loaded stencil (see connectionPointsOf); undefined while it is not loaded. */
export function settledStencilConstraints(name: string): StencilConstraint[] | undefined {
  return settled.get(name)?.shape.constraints?.flatMap(({ point, perimeter }) => (point ? [{ x: point.x, y: point.y, perimeter }] : []));
}

/** Loads the stencil a style names; null when no library of diagrams.net's has that name. */
export function loadStencil(name: string): Promise<LoadedStencil | null> {
  const known = settled.get(name);
  if (known !== undefined) return Promise.resolve(known);
  let loading = pending.get(name);
  if (!loading) {
    loading = (async () => {
      const { catalog, loadLibrary, StencilShape } = await stencils();
      const entry = catalog.resolve(name);
      if (!entry) return null;
      const element = (await libraryShapes(loadLibrary, entry.library)).get(entry.name);
      return element ? { entry, shape: new StencilShape(element) } : null;
    })()
      .catch(() => null)
      .then((stencil) => {
        settled.set(name, stencil);
        pending.delete(name);
        return stencil;
      });
    pending.set(name, loading);
  }
  return loading;
}

const MAX_DRAWINGS = 4000;
const drawings = new Map<string, string>();

/** The browser's side of drawing: maxGraph's canvas class (loaded with the first stencil) and a `<g>`. */
const engine: StencilEngine = {
  get Canvas() {
    return Canvas!;
  },
  group: () => document.createElementNS('http://www.w3.org/2000/svg', 'g'),
};

/** A stencil drawn in a box (see stencilMarkup), made once per box, colours and turn. */
export function drawStencil(stencil: LoadedStencil, box: readonly [number, number, number, number], paint: StencilPaint): string {
  const cacheKey = `${stencil.entry.key}|${box.join(',')}|${Object.values(paint).join('|')}`;
  const cached = drawings.get(cacheKey);
  if (cached !== undefined) return cached;
  const markup = stencilMarkup(engine, stencil.shape, box, paint);
  if (drawings.size >= MAX_DRAWINGS) drawings.delete(drawings.keys().next().value!);
  drawings.set(cacheKey, markup);
  return markup;
}
