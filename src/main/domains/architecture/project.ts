/**
 * A loko project on disk, read into plain data and written back as loko writes it: `loko.toml`
 * ([project], [paths], [d2], [outputs]) and under the source folder src/<System>/system.md + system.d2,
 * src/<System>/<Container>/container.md + container.d2, src/<System>/<Container>/<Component>/component.md,
 * each markdown file opening with YAML frontmatter (name, description, technology, tags,
 * relationships). Files on disk are the source of truth: the reader keeps what it cannot understand
 * as a problem of the element or a stray file, for validate to report, and never fails on them.
 *
 * Synchronous and pure (plain data in and out), so that a whole read can run in a worker thread.
 */
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml, stringify as stringifyToml, TomlError } from 'smol-toml';
import type { ElementKind, Relationship } from '../../../shared/architecture-records';
import { d2Arrows } from './d2-arrows';
import { type Frontmatter, parseFrontmatter } from './frontmatter';
import { CONFIG_FILE, listFolder } from './project-files';
import { type FilesStamp, stampFiles } from './stamp';

/** The project a call without project_path works on, relative to the workspace. */
export const DEFAULT_PROJECT = 'architecture';
/** Largest markdown or D2 file read; bigger ones are a problem of their element, not read. */
export const MAX_SOURCE_BYTES = 1024 * 1024;

/** An element id: its folder name. loko projects use both `PaymentService` and `order-processing`. */
export const ELEMENT_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const ELEMENT_ID_RULE = 'a letter, then letters, digits, - or _ (at most 64), e.g. PaymentService';

export interface LokoConfig {
  name: string;
  description: string;
  version: string;
  /** Relative to the project folder. */
  sourceDir: string;
  outputDir: string;
  /** A D2 theme: its name as loko writes it (`neutral-default`) or D2's number. */
  theme: string | number;
  layout: 'dagre' | 'elk';
  outputs: { html: boolean; markdown: boolean; pdf: boolean };
}

/** The file names of each kind of element, as loko lays them out. */
export const ELEMENT_FILES: Record<ElementKind, { md: string; d2: string }> = {
  system: { md: 'system.md', d2: 'system.d2' },
  container: { md: 'container.md', d2: 'container.d2' },
  component: { md: 'component.md', d2: 'component.d2' },
};

const CHILD_KIND: Partial<Record<ElementKind, ElementKind>> = { system: 'container', container: 'component' };

export interface ElementProblem {
  code: 'MISSING_REQUIRED_FILE' | 'INVALID_FRONTMATTER' | 'FILE_TOO_LARGE' | 'INVALID_ELEMENT_ID';
  message: string;
  /** Relative to the project, with the line where known. */
  location: string;
}

export interface ElementData {
  kind: ElementKind;
  /** Its folder name. */
  id: string;
  /** `System`, `System/Container`, `System/Container/Component`. */
  key: string;
  /** Its folder and its markdown file, relative to the project. */
  dir: string;
  mdPath: string;
  /** Its diagram file, relative to the project, when there is one, and the source. */
  d2Path?: string;
  d2?: string;
  name: string;
  description: string;
  technology?: string;
  tags: string[];
  /** The relationships its frontmatter declares, targets as written. */
  relationships: Relationship[];
  /** A component's arrows in its own component.d2 that leave it (loko's second source of relationships). */
  diagramRelationships: DiagramRelationship[];
  /** Frontmatter fields besides the known ones, as they were (e.g. a container's `system:`). */
  extra: Record<string, unknown>;
  body: string;
  problems: ElementProblem[];
  /** Modification times (ms) of the markdown and the diagram, for validate's outdated check. */
  mdMtime?: number;
  d2Mtime?: number;
}

export interface DiagramRelationship {
  /** The arrow's other end as written (a shape of the diagram, or an element's id or path). */
  target: string;
  label?: string;
  /** Its line in the .d2 file. */
  line: number;
}

/** What an element says of itself (its frontmatter and body, its relationships as resolved), as records and docs show it. */
export function elementFacts(element: ElementData, relationships: readonly Relationship[]) {
  return {
    name: element.name,
    description: element.description,
    ...(element.technology ? { technology: element.technology } : {}),
    tags: element.tags,
    // Plain relationships (target, description, technology) for records and docs.
    relationships: relationships.map(({ target, description, technology }) => ({ target, ...(description ? { description } : {}), ...(technology ? { technology } : {}) })),
    body: element.body,
  };
}

export interface StrayFile {
  /** Relative to the project. */
  path: string;
  why: string;
}

export interface ProjectData {
  /** Absolute path of the project folder. */
  root: string;
  config: LokoConfig;
  configProblem?: { message: string; line?: number };
  /** Systems, each followed by its containers, each followed by its components, in name order. */
  elements: ElementData[];
  strays: StrayFile[];
  /** Why the source folder could not be read, if so. */
  sourceProblem?: string;
  /** The files' stamp (stamp.ts) taken as the read began: a later stamp that differs means a change since. */
  stamp: FilesStamp;
}

export class ProjectReadError extends Error {
  constructor(
    readonly kind: 'no_project' | 'no_config' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

export function defaultConfig(name: string): LokoConfig {
  return {
    name,
    description: '',
    version: '0.1.0',
    sourceDir: 'src',
    outputDir: 'dist',
    theme: 'neutral-default',
    // D2's own default; elk is several times slower to lay out.
    layout: 'dagre',
    outputs: { html: true, markdown: true, pdf: true },
  };
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const table = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/**
 * Reads loko.toml. loko spells the paths `source_dir`/`output_dir` and the outputs `[output]
 * html_enabled`; the contract says `[paths] source/output` and `[outputs] html`: both are read.
 */
export function parseConfig(text: string, fallbackName: string): LokoConfig {
  const doc = parseToml(text) as Record<string, unknown>;
  const base = defaultConfig(fallbackName);
  const project = table(doc.project);
  const paths = table(doc.paths);
  const d2 = table(doc.d2);
  const outputs = table(doc.outputs);
  const output = table(doc.output);
  const layout = str(d2.layout);
  const theme = d2.theme;
  const enabled = (format: 'html' | 'markdown' | 'pdf') => bool(outputs[format]) ?? bool(output[`${format}_enabled`]) ?? bool(output[format]) ?? base.outputs[format];
  return {
    name: str(project.name) ?? base.name,
    description: str(project.description) ?? '',
    version: str(project.version) ?? base.version,
    sourceDir: str(paths.source) ?? str(paths.source_dir) ?? base.sourceDir,
    outputDir: str(paths.output) ?? str(paths.output_dir) ?? base.outputDir,
    theme: typeof theme === 'number' || typeof theme === 'string' ? theme : base.theme,
    layout: layout === 'dagre' || layout === 'elk' ? layout : base.layout,
    outputs: { html: enabled('html'), markdown: enabled('markdown'), pdf: enabled('pdf') },
  };
}

/** loko.toml for a new project, in loko's own keys (plus the contract's [outputs]). */
export function writeConfig(config: LokoConfig): string {
  return stringifyToml({
    project: { name: config.name, description: config.description, version: config.version },
    paths: { source_dir: config.sourceDir, output_dir: config.outputDir },
    d2: { theme: config.theme, layout: config.layout },
    outputs: config.outputs,
  });
}

/** `PaymentService` → `Payment Service`, `order-processing` → `Order Processing`. */
export function humanize(id: string): string {
  return id
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\b([a-z])/g, (c) => c.toUpperCase())
    .trim();
}

const KNOWN_FIELDS = new Set(['name', 'description', 'technology', 'tags', 'relationships']);

/**
 * A frontmatter `relationships:` in either form: loko's map (`"system/container/component": "what
 * it does"`), or a list of targets or `{target, description, technology}`.
 */
function parseRelationships(value: unknown, where: string, problems: ElementProblem[]): Relationship[] {
  if (value === undefined || value === null) return [];
  const out: Relationship[] = [];
  const add = (target: string, description?: string, technology?: string) =>
    out.push({ target: target.trim(), ...(description ? { description } : {}), ...(technology ? { technology } : {}) });
  if (!Array.isArray(value)) {
    if (typeof value !== 'object') {
      problems.push({ code: 'INVALID_FRONTMATTER', message: 'relationships must be a map of target: description (as loko writes it) or a list of targets', location: where });
      return [];
    }
    for (const [target, description] of Object.entries(value as Record<string, unknown>)) {
      if (!target.trim()) problems.push({ code: 'INVALID_FRONTMATTER', message: 'a relationship needs a target', location: where });
      else if (description !== null && str(description) === undefined) problems.push({ code: 'INVALID_FRONTMATTER', message: `the relationship to "${target}" must be described by text, not ${JSON.stringify(description)}`, location: where });
      else add(target, str(description));
    }
    return out;
  }
  for (const item of value) {
    if (typeof item === 'string' && item.trim()) add(item);
    else if (item && typeof item === 'object') {
      const fields = item as Record<string, unknown>;
      const target = str(fields.target) ?? str(fields.to) ?? str(fields.destination);
      if (!target) {
        problems.push({ code: 'INVALID_FRONTMATTER', message: 'a relationship needs a target (target: System/Container)', location: where });
        continue;
      }
      add(target, str(fields.description), str(fields.technology));
    } else problems.push({ code: 'INVALID_FRONTMATTER', message: `a relationship must be a target or {target, description}, not ${JSON.stringify(item)}`, location: where });
  }
  return out;
}

/** The arrows of a component's diagram that leave the component: from its id (or its path), as loko attributes them. */
function arrowsFrom(d2: string | undefined, id: string, key: string): DiagramRelationship[] {
  if (!d2) return [];
  const own = new Set([id.toLowerCase(), key.toLowerCase()]);
  return d2Arrows(d2)
    .filter((arrow) => own.has(arrow.source.toLowerCase()))
    .map((arrow) => ({ target: arrow.target, ...(arrow.label ? { label: arrow.label } : {}), line: arrow.line }));
}

function readSource(abs: string): { text?: string; mtime?: number; tooLarge?: boolean } {
  try {
    const stat = statSync(abs);
    if (!stat.isFile()) return {};
    if (stat.size > MAX_SOURCE_BYTES) return { tooLarge: true, mtime: stat.mtimeMs };
    return { text: readFileSync(abs, 'utf8'), mtime: stat.mtimeMs };
  } catch {
    return {};
  }
}

/** One element from its folder (which exists): its markdown and diagram, problems noted, never thrown. */
export function readElement(root: string, kind: ElementKind, key: string, dir: string): ElementData {
  const id = key.slice(key.lastIndexOf('/') + 1);
  const files = ELEMENT_FILES[kind];
  const mdPath = `${dir}/${files.md}`;
  const problems: ElementProblem[] = [];
  if (!ELEMENT_ID.test(id)) problems.push({ code: 'INVALID_ELEMENT_ID', message: `the folder name "${id}" is not an element id (${ELEMENT_ID_RULE})`, location: `${dir}/` });
  const md = readSource(join(root, mdPath));
  let front: Frontmatter = { data: {}, body: '' };
  if (md.tooLarge) problems.push({ code: 'FILE_TOO_LARGE', message: `${files.md} is over ${MAX_SOURCE_BYTES / 1024} KB and was not read`, location: mdPath });
  else if (md.text === undefined) problems.push({ code: 'MISSING_REQUIRED_FILE', message: `the ${kind} ${key} has no ${files.md}`, location: mdPath });
  else {
    front = parseFrontmatter(md.text);
    if (front.error) problems.push({ code: 'INVALID_FRONTMATTER', message: `invalid YAML frontmatter: ${front.error.message}`, location: `${mdPath}${front.error.line ? `:${front.error.line}` : ''}` });
  }
  const data = front.data;
  const fieldProblem = (field: string, rule: string) => problems.push({ code: 'INVALID_FRONTMATTER', message: `${field} ${rule}`, location: mdPath });
  for (const field of ['name', 'description', 'technology']) {
    if (data[field] !== undefined && data[field] !== null && str(data[field]) === undefined) fieldProblem(field, 'must be text');
  }
  let tags: string[] = [];
  if (Array.isArray(data.tags)) tags = data.tags.filter((t): t is string => typeof t === 'string');
  else if (typeof data.tags === 'string') tags = data.tags.split(',').map((t) => t.trim()).filter(Boolean);
  else if (data.tags !== undefined && data.tags !== null) fieldProblem('tags', 'must be a list of words');
  const d2File = join(root, dir, files.d2);
  const d2 = existsSync(d2File) ? readSource(d2File) : undefined;
  if (d2?.tooLarge) problems.push({ code: 'FILE_TOO_LARGE', message: `${files.d2} is over ${MAX_SOURCE_BYTES / 1024} KB and was not read`, location: `${dir}/${files.d2}` });
  return {
    kind,
    id,
    key,
    dir,
    mdPath,
    ...(d2 ? { d2Path: `${dir}/${files.d2}`, d2: d2.text ?? '', d2Mtime: d2.mtime } : {}),
    name: str(data.name) ?? humanize(id),
    description: str(data.description) ?? '',
    ...(str(data.technology) ? { technology: str(data.technology) } : {}),
    tags,
    relationships: parseRelationships(data.relationships, mdPath, problems),
    diagramRelationships: kind === 'component' ? arrowsFrom(d2?.text, id, key) : [],
    extra: Object.fromEntries(Object.entries(data).filter(([k]) => !KNOWN_FIELDS.has(k))),
    body: front.body,
    problems,
    ...(md.mtime !== undefined ? { mdMtime: md.mtime } : {}),
  };
}


/** Where `root`'s loko.toml is; throws ProjectReadError when the folder or the file is missing. */
export function readConfigFile(root: string, rel: string): { config: LokoConfig; problem?: { message: string; line?: number } } {
  if (!existsSync(root) || !lstatSync(root).isDirectory()) throw new ProjectReadError('no_project', `Project not found at path ${rel}`);
  const file = join(root, CONFIG_FILE);
  if (!existsSync(file)) throw new ProjectReadError('no_config', `Not a valid loko project: ${rel} has no ${CONFIG_FILE}`);
  const fallback = humanize(rel.split('/').pop() || 'architecture');
  try {
    return { config: parseConfig(readFileSync(file, 'utf8'), fallback) };
  } catch (err) {
    const line = err instanceof TomlError ? err.line : undefined;
    return { config: defaultConfig(fallback), problem: { message: (err as Error).message.split('\n')[0], line } };
  }
}

/** Reads the whole project at `root` (absolute; `rel` is how the workspace names it). */
export function readProject(root: string, rel: string): ProjectData {
  const { config, problem } = readConfigFile(root, rel);
  const src = sourceFolder(config);
  const project: ProjectData = { root, config, ...(problem ? { configProblem: problem } : {}), elements: [], strays: [], stamp: stampFiles(root, src) };
  const srcAbs = join(root, src);
  if (!existsSync(srcAbs)) return project;
  try {
    walk(project, 'system', '', src, 1);
  } catch (err) {
    project.sourceProblem = `Unable to read project structure: ${(err as Error).message}`;
  }
  return project;
}

/** Reads the elements of `kind` in the folder `dir` (relative to the project), and their children. */
function walk(project: ProjectData, kind: ElementKind | undefined, parentKey: string, dir: string, depth: number): void {
  const { dirs, files } = listFolder(join(project.root, dir));
  const own = depth === 1 ? [] : [ELEMENT_FILES[parentKind(depth)].md, ELEMENT_FILES[parentKind(depth)].d2];
  for (const file of files) {
    if (!own.includes(file)) project.strays.push({ path: `${dir}/${file}`, why: depth === 1 ? 'a file at the top of the source folder, outside any system' : `not a file of the ${parentKind(depth)} layout (${own.join(', ')})` });
  }
  for (const name of dirs) {
    const path = `${dir}/${name}`;
    if (!kind) {
      project.strays.push({ path: `${path}/`, why: 'a folder below a component: loko has no level under components' });
      continue;
    }
    const key = parentKey ? `${parentKey}/${name}` : name;
    project.elements.push(readElement(project.root, kind, key, path));
    walk(project, CHILD_KIND[kind], key, path, depth + 1);
  }
}

/** The source folder, relative to the project. */
export function sourceFolder(config: Pick<LokoConfig, 'sourceDir'>): string {
  return config.sourceDir.replace(/\/+$/, '') || 'src';
}

function parentKind(depth: number): ElementKind {
  return depth === 2 ? 'system' : depth === 3 ? 'container' : 'component';
}
