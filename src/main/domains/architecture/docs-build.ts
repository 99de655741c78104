/**
 * build_docs: renders the diagrams (D2, in its own process), then builds each file of the chosen formats from its
 * DocSpec in the offload pool, skipping what is up to date by content hash (the build manifest),
 * removing what no longer belongs, and reporting progress after each diagram and each file.
 */
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DurableWrites } from '../../core/durable-writes';
import { type DiagramCache, diagramHash, readManifest, sha256, svgFileOf, upToDate, writeManifest, BUILD_VERSION, type BuildManifest } from './diagrams';
import type { DocElement, DocSpec, NavEntry, RenderDocsFileInput } from './docs-render';
import { markdownFileOf } from './docs-render';
import { ArchError, Codes } from './errors';
import type { ProjectModel } from './model';
import { type ElementData, elementFacts } from './project';

export type DocFormat = 'html' | 'markdown' | 'pdf';
export const RENDER_DOCS_TASK = 'renderDocsFile';
export const PREPARE_DOCS_TASK = 'prepareDocs';
export const PDF_FILE = 'architecture.pdf';

export interface BuildRequest {
  formats: readonly DocFormat[];
  incremental: boolean;
  signal: AbortSignal;
  progress(done: number, total: number, message: string): void;
}

export interface BuildDeps {
  diagrams: DiagramCache;
  offload(task: string, input: unknown): Promise<unknown>;
}

export interface BuildResult {
  filesGenerated: number;
  diagramsRendered: number;
  cacheHits: number;
  durationMs: number;
  /** Diagrams that do not compile: their element key and D2's message. */
  failedDiagrams: { key: string; file: string; message: string; line?: number }[];
  files: string[];
}

/** How many files are built at once: the offload pool has two workers. */
const PARALLEL = 2;

const pageOf = (element: Pick<ElementData, 'kind' | 'key' | 'id'>): string => {
  const parts = element.key.split('/');
  if (element.kind === 'system') return `system-${element.key}.html`;
  if (element.kind === 'container') return `container-${parts[0]}.${parts[1]}.html`;
  return `container-${parts[0]}.${parts[1]}.html#${element.id}`;
};

/** Throws PERMISSION_DENIED when the output folder cannot be made or written. */
export function checkWritable(outAbs: string, outRel: string): void {
  try {
    mkdirSync(outAbs, { recursive: true });
    accessSync(outAbs, constants.W_OK);
    // A plain write: the probe only shows a file can be made there, and is gone at once (no fsync to wait for).
    const probe = join(outAbs, `.write-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    throw new ArchError(Codes.permissionDenied, `Cannot write to output directory ${outRel}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 'make it writable, or set [paths] output_dir in loko.toml to another folder');
  }
}

const hasDiagram = (element: ElementData) => element.d2Path !== undefined && element.d2 !== undefined;

/**
 * Asks D2 for every diagram of the project a build needs, all at once, but those the output folder
 * holds from the very same source (per `previous`, the last build's manifest): each element's
 * render, or none when up to date. Started again with the same project, the renders are the same
 * (the cache joins a render under way), so a call may start them while it catches up with the disk.
 */
export function startDiagramRenders(model: ProjectModel, outAbs: string, previous: BuildManifest, diagrams: DiagramCache) {
  return model.elements.filter(hasDiagram).map((element) => {
    const file = svgFileOf(element);
    const hash = diagramHash(element.d2!, model.config);
    const rendering = upToDate(outAbs, previous, file, hash) ? undefined : diagrams.render(element.d2!, model.config);
    // Awaited in order: one that fails while an earlier one is awaited is not an unhandled rejection.
    rendering?.catch(() => undefined);
    return { element, file, hash, rendering };
  });
}

/** The manifest a build compares with: the last build's, or none for a build of everything. */
export const previousManifest = (outAbs: string, incremental: boolean): BuildManifest => (incremental ? readManifest(outAbs) : { version: BUILD_VERSION, files: {} });

export async function buildDocs(model: ProjectModel, outAbs: string, request: BuildRequest, deps: BuildDeps): Promise<BuildResult> {
  const started = Date.now();
  const systems = model.ofKind('system');
  if (systems.length === 0) throw new ArchError(Codes.invalidInput, 'Project has no systems. Create at least one system first', 'create_system({project_path, system_name: "PaymentService"})');
  const previous = previousManifest(outAbs, request.incremental);
  const manifest: BuildManifest = { version: BUILD_VERSION, files: {} };
  const result: BuildResult = { filesGenerated: 0, diagramsRendered: 0, cacheHits: 0, durationMs: 0, failedDiagrams: [], files: [] };

  // The files to build are known before the diagrams are rendered (only their content waits for them).
  const total = model.elements.filter(hasDiagram).length + docSpecs(model, request.formats, new Map()).size;
  let done = 0;
  const step = (message: string) => request.progress(++done, total, message);

  // A pool worker makes ready to build the docs while D2 draws (only a failure to build one is reported).
  deps.offload(PREPARE_DOCS_TASK, { formats: request.formats }).catch(() => undefined);

  // Every file is written as it comes, many at once, and all are on disk before the manifest names them.
  const writes = new DurableWrites();
  const svgsInPlace: Promise<void>[] = [];

  // 1. Diagrams, all asked for at once (with the native binary, D2 draws those waiting as runs of
  // several a core, and a core that ends a run finds the next waiting), each written beside the site.
  const diagramOf = new Map<string, DocElement['diagram']>();
  for (const { element, file, hash, rendering } of startDiagramRenders(model, outAbs, previous, deps.diagrams)) {
    request.signal.throwIfAborted();
    const rendered = rendering ? await rendering : undefined;
    if (!rendered) {
      result.cacheHits++;
      manifest.files[file] = hash;
      diagramOf.set(element.key, { file, hash });
    } else if ('svg' in rendered) {
      svgsInPlace.push(writes.write(join(outAbs, file), rendered.svg));
      manifest.files[file] = hash;
      result.diagramsRendered++;
      diagramOf.set(element.key, { file, hash });
    } else {
      result.failedDiagrams.push({ key: element.key, file: element.d2Path!, message: rendered.error.message, line: rendered.error.line });
      diagramOf.set(element.key, { error: rendered.error.message });
    }
    step(`diagram ${element.d2Path}`);
  }
  // The HTML pages embed the SVGs, read from the output folder.
  await Promise.all(svgsInPlace);

  // 2. The files of each format, from their specs. The PDF, one file of the whole project and the
  // longest to build by far, goes first: last, it was built alone while the other worker idled.
  const queue = [...docSpecs(model, request.formats, diagramOf).entries()].sort(([, a], [, b]) => Number(b.type === 'pdf') - Number(a.type === 'pdf'));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      request.signal.throwIfAborted();
      const [path, spec] = next;
      const hash = sha256(`${BUILD_VERSION}\0${JSON.stringify(spec)}`);
      if (upToDate(outAbs, previous, path, hash)) result.cacheHits++;
      else {
        const data = (await deps.offload(RENDER_DOCS_TASK, { outDir: outAbs, spec } satisfies RenderDocsFileInput)) as string | Uint8Array;
        void writes.write(join(outAbs, path), data);
        result.filesGenerated++;
      }
      manifest.files[path] = hash;
      step(path);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));

  await writes.settle();

  // 3. What the last build wrote and this one did not: gone (a removed system's page).
  for (const file of Object.keys(previous.files)) {
    if (!(file in manifest.files) && !file.includes('..')) rmSync(join(outAbs, file), { force: true });
  }
  writeManifest(outAbs, manifest);
  result.files = Object.keys(manifest.files).sort();
  result.durationMs = Date.now() - started;
  return result;
}

function docElement(model: ProjectModel, element: ElementData, diagram: DocElement['diagram']): DocElement {
  return {
    kind: element.kind,
    key: element.key,
    id: element.id,
    ...elementFacts(element, model.relationshipsOf(element)),
    page: pageOf(element),
    ...(diagram ? { diagram } : {}),
  };
}

/** Every file of the chosen formats (path relative to the output folder → spec). */
export function docSpecs(model: ProjectModel, formats: readonly DocFormat[], diagramOf: ReadonlyMap<string, DocElement['diagram']>): Map<string, DocSpec> {
  const doc = (element: ElementData) => docElement(model, element, diagramOf.get(element.key));
  const project = { name: model.config.name, description: model.config.description, version: model.config.version };
  const systems = model.ofKind('system').map(doc);
  const containers: Record<string, DocElement[]> = {};
  const components: Record<string, DocElement[]> = {};
  for (const system of systems) containers[system.key] = model.childrenOf(system.key).map(doc);
  for (const container of model.ofKind('container')) components[container.key] = model.childrenOf(container.key).map(doc);
  // Only a system's own components go in its specs: a change elsewhere leaves its files up to date.
  const componentsOf = (system: DocElement) => Object.fromEntries(containers[system.key].map((c) => [c.key, components[c.key] ?? []]));
  const specs = new Map<string, DocSpec>();

  if (formats.includes('html')) {
    const nav: NavEntry[] = systems.map((s) => ({ name: s.name, page: s.page, children: containers[s.key].map((c) => ({ name: c.name, page: c.page })) }));
    specs.set('index.html', { type: 'html-index', project, nav, systems });
    for (const system of systems) {
      specs.set(system.page, { type: 'html-element', project, nav, element: system, children: containers[system.key], grandchildren: componentsOf(system) });
      for (const container of containers[system.key]) {
        specs.set(container.page, { type: 'html-element', project, nav, element: container, parent: system, children: components[container.key] ?? [], grandchildren: {} });
      }
    }
    const entries = model.elements.map((e) => {
      const element = doc(e);
      return { id: `${e.kind}:${e.key}`, title: e.name, kind: e.kind, text: [e.description, e.technology ?? '', e.tags.join(' '), e.body].join('\n'), page: element.page };
    });
    specs.set('search-index.js', { type: 'search-index', entries });
    for (const name of ['style.css', 'search.js', 'minisearch.js'] as const) specs.set(`assets/${name}`, { type: 'asset', name });
  }
  if (formats.includes('markdown')) {
    specs.set('markdown/README.md', { type: 'markdown-index', project, systems });
    for (const system of systems) specs.set(markdownFileOf(system), { type: 'markdown-system', system, containers: containers[system.key], components: componentsOf(system) });
  }
  if (formats.includes('pdf')) {
    const text = (e: DocElement): DocElement => ({ ...e, body: '' });
    const strip = (group: Record<string, DocElement[]>) => Object.fromEntries(Object.entries(group).map(([k, list]) => [k, list.map(text)]));
    specs.set(PDF_FILE, { type: 'pdf', project, systems: systems.map(text), containers: strip(containers), components: strip(components) });
  }
  return specs;
}
