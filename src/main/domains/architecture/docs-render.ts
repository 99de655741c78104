/**
 * One file of the built docs from its DocSpec: everything the file depends on is in the spec (the
 * diagrams by the path of their rendered SVG and its hash), so the spec's hash says whether the
 * file must be built again, and the file can be built in a worker thread (the domain's
 * `renderDocsFile` task), which answers its content for the build to write (many files at once).
 *
 * The HTML site is flat (index.html, system-<S>.html, container-<S>.<C>.html) so that it works from
 * file:// as well as served; the search index is a script (search-index.js) for the same reason,
 * built with MiniSearch and loaded by the browser build of MiniSearch copied beside it. The PDF is
 * built with pdf-lib: it needs no browser (the core is plain Node and must answer in well under 2 s),
 * and its text (names, descriptions, relationships) is real text a reader can search and copy.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Marked } from 'marked';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { bodyWithoutRepeats } from '../../../shared/architecture-body';
import type { ElementKind, Relationship } from '../../../shared/architecture-records';
import { resolveInstalled } from '../../kernel/packages';

export interface DocElement {
  kind: ElementKind;
  key: string;
  id: string;
  name: string;
  description: string;
  technology?: string;
  tags: string[];
  relationships: Relationship[];
  body: string;
  /** Its page in the HTML site. */
  page: string;
  /** Its rendered diagram (relative to the output folder), or why there is none. */
  diagram?: { file: string; hash: string } | { error: string };
}

export interface DocProject {
  name: string;
  description: string;
  version: string;
}

/** The site's navigation: systems and their containers. */
export interface NavEntry {
  name: string;
  page: string;
  children: { name: string; page: string }[];
}

export type DocSpec =
  | { type: 'html-index'; project: DocProject; nav: NavEntry[]; systems: DocElement[] }
  | { type: 'html-element'; project: DocProject; nav: NavEntry[]; element: DocElement; parent?: DocElement; children: DocElement[]; grandchildren: Record<string, DocElement[]> }
  | { type: 'search-index'; entries: { id: string; title: string; kind: string; text: string; page: string }[] }
  | { type: 'asset'; name: 'style.css' | 'search.js' | 'minisearch.js' }
  | { type: 'markdown-index'; project: DocProject; systems: DocElement[] }
  | { type: 'markdown-system'; system: DocElement; containers: DocElement[]; components: Record<string, DocElement[]> }
  | { type: 'pdf'; project: DocProject; systems: DocElement[]; containers: Record<string, DocElement[]>; components: Record<string, DocElement[]> };

export interface RenderDocsFileInput {
  /** Absolute output folder (the rendered diagrams HTML pages embed are read from it). */
  outDir: string;
  spec: DocSpec;
}

/** The fields MiniSearch indexes and stores, shared by the builder and the page's script. */
export const SEARCH_OPTIONS = { fields: ['title', 'text'], storeFields: ['title', 'kind', 'page'] };

/** Builds one file: its content, which the build writes. */
export function renderDocsFile({ outDir, spec }: RenderDocsFileInput): Promise<string | Uint8Array> {
  return render(spec, outDir);
}

/**
 * Makes a worker ready to build these formats: loads their libraries and builds a small file of
 * each once (pdf-lib's first document compiles it), which a worker's first PDF of a build paid on the
 * build's tail: some 0.3 s of a core to load pdf-lib and as much again for its first document, while
 * the rest of the docs waited for the diagrams. A build asks for it as it starts.
 */
export async function prepareDocs({ formats }: { formats: readonly string[] }): Promise<void> {
  const project = { name: 'ready', description: '', version: '0' };
  const element: DocElement = { kind: 'system', key: 'S', id: 'S', name: 'S', description: 'd', tags: [], relationships: [], body: '# S\n\ntext', page: 'system-S.html' };
  if (formats.includes('pdf')) await pdf({ type: 'pdf', project, systems: [element], containers: { S: [] }, components: {} });
  if (formats.includes('html')) elementBody({ type: 'html-element', project, nav: [], element, children: [], grandchildren: {} }, '', await markdownRenderer());
}

/**
 * The libraries of the docs are loaded when a build needs them, not when the domain module loads:
 * every offload worker and the core load the domain, most of them never build docs.
 */
let markdown: Marked | undefined;
async function markdownRenderer(): Promise<Marked> {
  if (!markdown) {
    const { Marked } = await import('marked');
    // Raw HTML in the markdown is shown as text, never run.
    markdown = new Marked({ renderer: { html: ({ text }) => escapeHtml(text) } });
  }
  return markdown;
}

async function render(spec: DocSpec, outDir: string): Promise<string | Uint8Array> {
  switch (spec.type) {
    case 'html-index':
      return page(spec.project, spec.nav, spec.project.name, indexBody(spec.project, spec.systems));
    case 'html-element':
      return page(spec.project, spec.nav, spec.element.name, elementBody(spec, outDir, await markdownRenderer()));
    case 'search-index': {
      const { default: MiniSearch } = await import('minisearch');
      const search = new MiniSearch(SEARCH_OPTIONS);
      search.addAll(spec.entries);
      return `window.LOKO_SEARCH_INDEX = ${JSON.stringify(JSON.stringify(search))};\n`;
    }
    case 'asset':
      return asset(spec.name);
    case 'markdown-index':
      return markdownIndex(spec.project, spec.systems);
    case 'markdown-system':
      return markdownSystem(spec.system, spec.containers, spec.components);
    case 'pdf':
      return pdf(spec);
  }
}

// HTML ---------------------------------------------------------------------------------------------

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(project: DocProject, nav: NavEntry[], title: string, body: string): string {
  const navigation = nav
    .map((s) => `<li><a href="${s.page}">${escapeHtml(s.name)}</a>${s.children.length ? `<ul>${s.children.map((c) => `<li><a href="${c.page}">${escapeHtml(c.name)}</a></li>`).join('')}</ul>` : ''}</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(project.name)}</title>
<link rel="stylesheet" href="assets/style.css">
</head>
<body>
<header><a class="home" href="index.html">${escapeHtml(project.name)}</a> <span class="version">v${escapeHtml(project.version)}</span>
<form class="search" role="search"><input id="search" type="search" placeholder="Search the architecture" aria-label="Search" autocomplete="off"><ol id="search-results" hidden></ol></form></header>
<nav aria-label="Systems"><ul>
${navigation}
</ul></nav>
<main>
${body}
</main>
<script src="assets/minisearch.js"></script>
<script src="search-index.js"></script>
<script src="assets/search.js"></script>
</body>
</html>
`;
}

function indexBody(project: DocProject, systems: DocElement[]): string {
  const rows = systems.map((s) => `<tr><td><a href="${s.page}">${escapeHtml(s.name)}</a></td><td>${escapeHtml(s.description)}</td><td>${escapeHtml(s.technology ?? '')}</td></tr>`).join('\n');
  return `<h1>${escapeHtml(project.name)}</h1>
<p>${escapeHtml(project.description)}</p>
<h2>Systems</h2>
<table><thead><tr><th>System</th><th>Description</th><th>Technology</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

function diagramHtml(element: DocElement, outDir: string): string {
  const diagram = element.diagram;
  if (!diagram) return '';
  if ('error' in diagram) return `<figure class="diagram error"><figcaption>The diagram does not compile: ${escapeHtml(diagram.error)}</figcaption></figure>`;
  let svg: string;
  try {
    svg = readFileSync(join(outDir, diagram.file), 'utf8');
  } catch {
    return `<figure class="diagram error"><figcaption>The diagram ${escapeHtml(diagram.file)} is missing</figcaption></figure>`;
  }
  return `<figure class="diagram">${svg}<figcaption><a href="${diagram.file}">${escapeHtml(element.name)} diagram (SVG)</a></figcaption></figure>`;
}

function facts(element: DocElement): string {
  const rows: string[] = [];
  if (element.technology) rows.push(`<dt>Technology</dt><dd>${escapeHtml(element.technology)}</dd>`);
  if (element.tags.length) rows.push(`<dt>Tags</dt><dd>${element.tags.map(escapeHtml).join(', ')}</dd>`);
  for (const r of element.relationships) rows.push(`<dt>Uses</dt><dd>${escapeHtml(r.target)}${r.description ? ` — ${escapeHtml(r.description)}` : ''}${r.technology ? ` (${escapeHtml(r.technology)})` : ''}</dd>`);
  return rows.length ? `<dl class="facts">${rows.join('')}</dl>` : '';
}

function elementBody(spec: Extract<DocSpec, { type: 'html-element' }>, outDir: string, markdown: Marked): string {
  const { element, parent, children, grandchildren } = spec;
  const crumbs = `<p class="crumbs"><a href="index.html">${escapeHtml(spec.project.name)}</a>${parent ? ` › <a href="${parent.page}">${escapeHtml(parent.name)}</a>` : ''} › ${escapeHtml(element.name)}</p>`;
  const childKind = element.kind === 'system' ? 'Containers' : 'Components';
  const list = children.length
    ? `<h2>${childKind}</h2><ul class="children">${children
        .map((c) => {
          const inner = grandchildren[c.key] ?? [];
          const link = element.kind === 'system' ? `<a href="${c.page}">${escapeHtml(c.name)}</a>` : `<strong id="${escapeHtml(c.id)}">${escapeHtml(c.name)}</strong>`;
          return `<li>${link}${c.technology ? ` <em>${escapeHtml(c.technology)}</em>` : ''}: ${escapeHtml(c.description)}${inner.length ? ` (${inner.map((k) => escapeHtml(k.name)).join(', ')})` : ''}</li>`;
        })
        .join('')}</ul>`
    : '';
  const ownText = bodyWithoutRepeats(element.body, element.description);
  const body = ownText ? `<section class="body">${markdown.parse(ownText, { async: false }) as string}</section>` : '';
  return `${crumbs}
<h1>${escapeHtml(element.name)} <small>${element.kind}</small></h1>
<p class="description">${escapeHtml(element.description)}</p>
${facts(element)}
${diagramHtml(element, outDir)}
${list}
${body}`;
}

const STYLE = `body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1d2330;display:grid;grid-template-columns:16rem 1fr;grid-template-rows:auto 1fr}
header{grid-column:1/3;display:flex;gap:1rem;align-items:center;padding:.6rem 1rem;background:#1d2330;color:#fff}
header a{color:#fff;text-decoration:none;font-weight:600}.version{opacity:.6}
.search{margin-left:auto;position:relative}.search input{width:18rem;padding:.3rem .5rem}
#search-results{position:absolute;right:0;z-index:2;background:#fff;color:#1d2330;list-style:none;margin:0;padding:.3rem;width:22rem;box-shadow:0 4px 12px #0003}
#search-results a{color:#1d4ed8}nav{padding:1rem;background:#f3f4f6;overflow:auto}nav ul{list-style:none;padding-left:.8rem;margin:0}
nav>ul{padding:0}main{padding:1rem 2rem;max-width:70rem}figure.diagram{margin:1rem 0;border:1px solid #e5e7eb;padding:.5rem}
figure.diagram svg{max-width:100%;height:auto}figure.error{color:#b91c1c}table{border-collapse:collapse}td,th{border:1px solid #e5e7eb;padding:.3rem .6rem;text-align:left}
.facts dt{font-weight:600;float:left;clear:left;width:7rem}.facts dd{margin-left:7.5rem}.crumbs{color:#6b7280}h1 small{font-size:.5em;color:#6b7280;text-transform:uppercase}
`;

/** Searches as the person types: MiniSearch over the index the build wrote, results linked to their pages. */
const SEARCH_SCRIPT = `(function () {
  var input = document.getElementById('search');
  var list = document.getElementById('search-results');
  if (!input) return;
  // Enter does not leave the page (a listener, not an onsubmit attribute: served pages forbid inline script).
  input.form.addEventListener('submit', function (event) { event.preventDefault(); });
  if (!window.MiniSearch || !window.LOKO_SEARCH_INDEX) return;
  var index = MiniSearch.loadJSON(window.LOKO_SEARCH_INDEX, ${JSON.stringify(SEARCH_OPTIONS)});
  input.addEventListener('input', function () {
    var query = input.value.trim();
    list.innerHTML = '';
    if (!query) { list.hidden = true; return; }
    var hits = index.search(query, { prefix: true, fuzzy: 0.2 }).slice(0, 12);
    hits.forEach(function (hit) {
      var item = document.createElement('li');
      var link = document.createElement('a');
      link.href = hit.page;
      link.textContent = hit.title + ' (' + hit.kind + ')';
      item.appendChild(link);
      list.appendChild(item);
    });
    if (!hits.length) { var none = document.createElement('li'); none.textContent = 'No match'; list.appendChild(none); }
    list.hidden = false;
  });
})();
`;

function asset(name: 'style.css' | 'search.js' | 'minisearch.js'): string {
  if (name === 'style.css') return STYLE;
  if (name === 'search.js') return SEARCH_SCRIPT;
  // The browser build of the same MiniSearch that built the index.
  return readFileSync(join(dirname(resolveInstalled('minisearch')), '..', 'umd', 'index.js'), 'utf8');
}

// Markdown -----------------------------------------------------------------------------------------

function markdownFacts(element: DocElement): string {
  const lines: string[] = [];
  if (element.technology) lines.push(`- **Technology:** ${element.technology}`);
  if (element.tags.length) lines.push(`- **Tags:** ${element.tags.join(', ')}`);
  for (const r of element.relationships) lines.push(`- **Uses:** ${r.target}${r.description ? ` — ${r.description}` : ''}`);
  return lines.length ? `${lines.join('\n')}\n\n` : '';
}

function markdownDiagram(element: DocElement): string {
  const diagram = element.diagram;
  if (!diagram) return '';
  if ('error' in diagram) return `> The diagram does not compile: ${diagram.error}\n\n`;
  return `![${element.name} diagram](../${diagram.file})\n\n`;
}

export const markdownFileOf = (system: { id: string }) => `markdown/${system.id}.md`;

function markdownIndex(project: DocProject, systems: DocElement[]): string {
  return `# ${project.name}\n\n${project.description}\n\nVersion ${project.version}\n\n## Systems\n\n${systems.map((s) => `- [${s.name}](${s.id}.md): ${s.description}`).join('\n')}\n`;
}

function markdownSystem(system: DocElement, containers: DocElement[], components: Record<string, DocElement[]>): string {
  const bodyOf = (e: DocElement) => {
    const body = bodyWithoutRepeats(e.body, e.description);
    return body ? `${body}\n\n` : '';
  };
  let text = `# ${system.name}\n\n${system.description}\n\n${markdownFacts(system)}${markdownDiagram(system)}${bodyOf(system)}`;
  for (const container of containers) {
    text += `## ${container.name}\n\n${container.description}\n\n${markdownFacts(container)}${markdownDiagram(container)}${bodyOf(container)}`;
    for (const component of components[container.key] ?? []) text += `### ${component.name}\n\n${component.description}\n\n${markdownFacts(component)}`;
  }
  return text;
}

// PDF ----------------------------------------------------------------------------------------------

/** The standard PDF fonts speak WinAnsi only: other characters are shown as `?` rather than failing the build. */
const winAnsi = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

type PdfLib = typeof import('pdf-lib');

class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly margin = 56;

  constructor(
    private readonly lib: PdfLib,
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([595.28, 841.89]);
    this.y = this.page.getHeight() - this.margin;
  }

  /** Writes `text` wrapped to the page width, starting a new page when the current one is full. */
  text(text: string, size = 11, bold = false, indent = 0): void {
    const font = bold ? this.bold : this.regular;
    const width = this.page.getWidth() - 2 * this.margin - indent;
    const words = winAnsi(text).split(' ');
    let line = '';
    const flush = () => {
      if (this.y < this.margin + size) this.newPage();
      this.page.drawText(line, { x: this.margin + indent, y: this.y, size, font, color: this.lib.rgb(0.1, 0.12, 0.18) });
      this.y -= size * 1.4;
      line = '';
    };
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        flush();
        line = word;
      } else line = candidate;
    }
    if (line) flush();
  }

  gap(points = 8): void {
    this.y -= points;
  }
}

async function pdf(spec: Extract<DocSpec, { type: 'pdf' }>): Promise<Uint8Array> {
  const lib = await import('pdf-lib');
  const { PDFDocument, StandardFonts } = lib;
  const doc = await PDFDocument.create();
  doc.setTitle(`${spec.project.name} architecture`);
  doc.setSubject(spec.project.description);
  doc.setCreator('Tandem Studio');
  const writer = new PdfWriter(lib, doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  writer.text(spec.project.name, 24, true);
  writer.text(`Version ${spec.project.version}`, 10);
  if (spec.project.description) writer.text(spec.project.description, 12);
  writer.gap(12);
  writer.text('Systems', 14, true);
  for (const system of spec.systems) writer.text(`${system.name}: ${system.description}`, 11, false, 12);
  const describe = (element: DocElement, size: number, indent: number) => {
    writer.gap(6);
    writer.text(`${element.name} (${element.kind})`, size, true, indent);
    if (element.description) writer.text(element.description, 11, false, indent);
    if (element.technology) writer.text(`Technology: ${element.technology}`, 10, false, indent);
    for (const r of element.relationships) writer.text(`Uses ${r.target}${r.description ? `: ${r.description}` : ''}`, 10, false, indent);
    if (element.diagram && !('error' in element.diagram)) writer.text(`Diagram: ${element.diagram.file}`, 9, false, indent);
  };
  for (const system of spec.systems) {
    writer.newPage();
    describe(system, 18, 0);
    for (const container of spec.containers[system.key] ?? []) {
      describe(container, 14, 12);
      for (const component of spec.components[container.key] ?? []) describe(component, 11, 24);
    }
  }
  return doc.save();
}
