/**
 * diagrams.net's stencils drawn in Node, for the export: maxGraph's StencilShape and SvgCanvas2D
 * (the canvas's own drawing, see stencil-figure.ts) on linkedom's DOM. maxGraph reads the browser's
 * globals (window, document, location, navigator), so they are set only while it is imported and while a
 * page is drawn, and taken away after: the worker's other tasks never see a browser. The export
 * runs in the offload worker, never on the core's thread. Each library is read (stencil-source.ts) when a page first needs it.
 */
import { stencilMarkup, type StencilEngine, type StencilPaint } from '../../../../shared/drawio/render/stencil-figure';
import { libraryXmlSync, shapeElementText, stencilCatalog } from './stencil-source';

const SVG_NS = 'http://www.w3.org/2000/svg';

export type StencilDraw = (box: readonly [number, number, number, number], paint: StencilPaint) => string;

export interface NodeStencils {
  /** The key diagrams.net registers the stencil under and its drawing, or undefined when no library has it. */
  stencil(name: string): { key: string; draw: StencilDraw } | undefined;
  /** Runs `draw` (which may call stencil()) with the browser globals maxGraph reads in place, and takes them away after. */
  drawing<T>(draw: () => T): T;
}

type Globals = Record<'window' | 'document' | 'location' | 'navigator', unknown>;
const GLOBAL_NAMES = ['window', 'document', 'location', 'navigator'] as const;

/** Sets the browser globals; answers how to put back what was there (other tasks of the worker, ELK, the synthesizer, never see a browser). */
function installGlobals(globals: Globals): () => void {
  const target = globalThis as Record<string, unknown>;
  const before = GLOBAL_NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(target, name)] as const);
  for (const name of GLOBAL_NAMES) Object.defineProperty(target, name, { value: globals[name], configurable: true, writable: true });
  return () => {
    for (const [name, descriptor] of before) {
      if (descriptor) Object.defineProperty(target, name, descriptor);
      else delete target[name];
    }
  };
}

/** What maxGraph needs of a browser, from linkedom; an SVG XML document, whose element names stay lower case. */
async function domEngine(): Promise<{ maxgraph: typeof import('@maxgraph/core'); engine: StencilEngine; globals: Globals; parseXml(xml: string): Document }> {
  const { DOMParser, parseHTML } = await import('linkedom');
  const { window, document } = parseHTML('<html><head></head><body></body></html>');
  const location = { href: 'file:///', protocol: 'file:', host: '', hostname: '', pathname: '/', search: '', hash: '' };
  Object.defineProperty(document, 'location', { value: location, configurable: true });
  // A stencil's text measures itself in the page for its background box: linkedom lays nothing out.
  for (const size of ['offsetWidth', 'offsetHeight']) Object.defineProperty(window.HTMLElement.prototype, size, { get: () => 0, configurable: true });
  // Node 21 and later have a navigator of their own; 20 has none.
  const navigator = (globalThis as { navigator?: unknown }).navigator ?? { userAgent: 'node', platform: process.platform, language: 'en' };
  const globals: Globals = { window, document, location, navigator };
  // maxGraph reads navigator and document.location when it is imported.
  const restore = installGlobals(globals);
  let maxgraph: typeof import('@maxgraph/core');
  try {
    maxgraph = await import('@maxgraph/core');
  } finally {
    restore();
  }
  const parser = new DOMParser();
  // SvgCanvas2D tells paths by nodeName === 'path': an HTML document would name them PATH.
  const svgDocument = parser.parseFromString(`<svg xmlns="${SVG_NS}"/>`, 'image/svg+xml');
  const engine: StencilEngine = { Canvas: maxgraph.SvgCanvas2D, group: () => svgDocument.createElementNS(SVG_NS, 'g', undefined) as unknown as SVGElement };
  return { maxgraph, engine, globals, parseXml: (xml) => parser.parseFromString(xml, 'text/xml') as unknown as Document };
}

let loading: Promise<NodeStencils> | undefined;

/** The stencils, loaded once per worker. */
export function nodeStencils(): Promise<NodeStencils> {
  loading ??= (async () => {
    const { maxgraph, engine, globals, parseXml } = await domEngine();
    const catalog = stencilCatalog();
    const libraries = new Map<string, string | undefined>();
    const shapes = new Map<string, InstanceType<typeof maxgraph.StencilShape> | null>();
    const shapeOf = (name: string) => {
      if (shapes.has(name)) return shapes.get(name) ?? undefined;
      const entry = catalog.resolve(name);
      let shape: InstanceType<typeof maxgraph.StencilShape> | null = null;
      if (entry) {
        if (!libraries.has(entry.library)) libraries.set(entry.library, libraryXmlSync(entry.library));
        const xml = libraries.get(entry.library);
        const text = xml && shapeElementText(xml, entry.name);
        if (text) shape = new maxgraph.StencilShape(parseXml(text).documentElement);
      }
      shapes.set(name, shape);
      return shape ?? undefined;
    };
    return {
      stencil(name) {
        const shape = shapeOf(name);
        const entry = catalog.resolve(name);
        if (!shape || !entry) return undefined;
        return { key: entry.key, draw: (box, paint) => stencilMarkup(engine, shape, box, paint) };
      },
      drawing(draw) {
        const restore = installGlobals(globals);
        try {
          return draw();
        } finally {
          restore();
        }
      },
    };
  })();
  return loading;
}
