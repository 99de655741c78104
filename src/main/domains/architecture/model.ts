/**
 * The one model of a loko project the domain keeps in memory: the ProjectData read from disk,
 * indexed by key, with lookups by what clients pass (`System/Container`, or a bare id where it is
 * unique), and the writes of the tools and the view. Every write goes to disk first, atomically
 * (a new element is written in a hidden folder and renamed into place; a changed file is written
 * to a temp file and renamed), then the element is read back into the model: the files stay the
 * source of truth and nothing is ever half written.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ElementKind } from '../../../shared/architecture-records';
import { writeFileAtomic } from '../../core/files';
import { ArchError, Codes } from './errors';
import { updateFrontmatter, writeFrontmatter } from './frontmatter';
import { CONFIG_FILE } from './project-files';
import {
  ELEMENT_FILES,
  ELEMENT_ID,
  ELEMENT_ID_RULE,
  type ElementData,
  type LokoConfig,
  type ProjectData,
  readElement,
  sourceFolder,
  writeConfig,
} from './project';
import { mergedRelationships, type ResolvedRelationship } from './relationships';
import { restampFolder } from './stamp';

export interface NewElement {
  kind: ElementKind;
  /** Key of the parent (none for a system). */
  parent?: string;
  id: string;
  name: string;
  description?: string;
  technology?: string;
  tags?: string[];
  /** The diagram source; none: no .d2 file (components have none unless given). */
  d2?: string;
}

export class ProjectModel {
  private byKey = new Map<string, ElementData>();
  /** Each element's merged relationships, by key, worked out when first asked for after a change. */
  private merged?: Map<string, readonly ResolvedRelationship[]>;
  /** The last lists given out, kept while equal so that a list's identity says it has not changed. */
  private lastMerged = new Map<string, readonly ResolvedRelationship[]>();

  constructor(
    /** The project folder as the workspace names it (`architecture`). */
    readonly rel: string,
    public data: ProjectData,
  ) {
    this.index();
  }

  get root(): string {
    return this.data.root;
  }

  get config(): LokoConfig {
    return this.data.config;
  }

  get elements(): readonly ElementData[] {
    return this.data.elements;
  }

  /** Replaces the whole model (a fresh read of the disk). */
  replace(data: ProjectData): void {
    this.data = data;
    this.index();
  }

  private index(): void {
    this.byKey = new Map(this.data.elements.map((e) => [e.key, e]));
    this.merged = undefined;
  }

  /**
   * An element's relationships as loko's graph has them: frontmatter and its diagram's arrows,
   * merged, each target resolved (see relationships.ts). The same array until they change.
   */
  relationshipsOf(element: ElementData): readonly ResolvedRelationship[] {
    if (!this.merged) {
      this.merged = new Map();
      const previous = this.lastMerged;
      for (const each of this.data.elements) {
        const fresh = mergedRelationships(this, each);
        const before = previous.get(each.key);
        this.merged.set(each.key, before && JSON.stringify(before) === JSON.stringify(fresh) ? before : fresh);
      }
      this.lastMerged = this.merged;
    }
    return this.merged.get(element.key) ?? mergedRelationships(this, element);
  }

  get(key: string): ElementData | undefined {
    return this.byKey.get(key);
  }

  ofKind(kind: ElementKind): ElementData[] {
    return this.data.elements.filter((e) => e.kind === kind);
  }

  childrenOf(key: string): ElementData[] {
    const prefix = `${key}/`;
    return this.data.elements.filter((e) => e.key.startsWith(prefix) && !e.key.slice(prefix.length).includes('/'));
  }

  /**
   * The element `target` names: its key (`System/Container`), or a bare id where exactly one element
   * of the kinds wanted has it. Undefined when none; throws INVALID_INPUT when the bare id is ambiguous.
   */
  find(target: string, kinds: readonly ElementKind[]): ElementData | undefined {
    const exact = this.byKey.get(target);
    if (exact && kinds.includes(exact.kind)) return exact;
    if (target.includes('/')) return undefined;
    const matches = this.data.elements.filter((e) => kinds.includes(e.kind) && e.id === target);
    if (matches.length > 1) {
      throw new ArchError(Codes.invalidInput, `"${target}" names more than one element: ${matches.map((m) => m.key).join(', ')}`, `name it by its path, e.g. ${matches[0].key}`);
    }
    return matches[0];
  }

  /** Like find, but a missing element is NOT_FOUND naming the ones there are. */
  require(target: string, kinds: readonly ElementKind[], label = kinds.join('/')): ElementData {
    const found = this.find(target, kinds);
    if (found) return found;
    const there = this.data.elements.filter((e) => kinds.includes(e.kind)).map((e) => e.key);
    const capital = label.charAt(0).toUpperCase() + label.slice(1);
    throw new ArchError(Codes.notFound, `${capital} '${target}' not found`, there.length ? `one of: ${there.slice(0, 12).join(', ')}${there.length > 12 ? ', ...' : ''}` : `create_${kinds[0]} creates one`);
  }

  /** Writes a new element's folder whole (markdown, and diagram if any), then reads it in. Returns the files written. */
  create(element: NewElement): { element: ElementData; files: string[] } {
    checkId(element.id, element.kind);
    const parent = element.parent ? this.get(element.parent) : undefined;
    const key = parent ? `${parent.key}/${element.id}` : element.id;
    const dir = parent ? `${parent.dir}/${element.id}` : `${sourceFolder(this.config)}/${element.id}`;
    const clash = (parent ? this.childrenOf(parent.key) : this.ofKind('system')).find((e) => e.id.toLowerCase() === element.id.toLowerCase());
    if (clash || existsSync(join(this.root, dir))) {
      const where = parent ? ` in ${parent.kind} '${parent.key}'` : '';
      throw new ArchError(Codes.alreadyExists, `${capitalize(element.kind)} '${clash?.id ?? element.id}' already exists${where}`, `pick another name, or update the existing one`);
    }
    const files = ELEMENT_FILES[element.kind];
    const md = writeFrontmatter(
      { name: element.name, description: element.description, technology: element.technology, tags: element.tags },
      `# ${element.name}\n\n${element.description ? `${element.description}\n` : ''}`,
    );
    const contents: [string, string][] = [[files.md, md]];
    if (element.d2 !== undefined) contents.push([files.d2, element.d2]);
    writeFolderAtomic(join(this.root, dir), contents);
    this.restamp(dir);
    const created = readElement(this.root, element.kind, key, dir);
    this.insert(created);
    return { element: created, files: contents.map(([name]) => `${dir}/${name}`) };
  }

  /** Writes an element's diagram source (atomically) and reads the element back. */
  writeDiagram(key: string, source: string): ElementData {
    const element = this.get(key)!;
    const path = element.d2Path ?? `${element.dir}/${ELEMENT_FILES[element.kind].d2}`;
    writeFileAtomic(join(this.root, path), source);
    this.restamp(element.dir);
    return this.reread(key);
  }

  /** Changes frontmatter fields of an element (undefined removes one), keeping the rest of the file. */
  describe(key: string, changes: Record<string, unknown>): ElementData {
    const element = this.get(key)!;
    const file = join(this.root, element.mdPath);
    const before = existsSync(file) ? readFileSync(file, 'utf8') : `# ${element.name}\n`;
    let text: string;
    try {
      text = updateFrontmatter(before, changes);
    } catch (err) {
      throw new ArchError(Codes.invalidSyntax, `${element.mdPath}: ${(err as Error).message}`, 'fix the frontmatter by hand first (validate shows where)');
    }
    writeFileAtomic(file, text);
    this.restamp(element.dir);
    return this.reread(key);
  }

  /** Removes an element's folder (and everything under it): renamed aside first, so it goes whole. */
  remove(key: string): ElementData[] {
    const element = this.get(key)!;
    const abs = join(this.root, element.dir);
    const aside = join(dirname(abs), `.${element.id}.removed-${process.pid}-${Date.now()}`);
    renameSync(abs, aside);
    rmSync(aside, { recursive: true, force: true });
    this.restamp(element.dir);
    const gone = this.data.elements.filter((e) => e.key === key || e.key.startsWith(`${key}/`));
    this.data.elements = this.data.elements.filter((e) => !gone.includes(e));
    this.index();
    return gone;
  }

  /**
   * The files' stamp after a write of our own in `dir`, so that the next call does not take our
   * own write for a person's and read the whole project again.
   */
  private restamp(dir: string): void {
    this.data.stamp = restampFolder(this.data.stamp, this.root, sourceFolder(this.config), dir);
  }

  /** Reads one element again from disk and puts it in place. */
  reread(key: string): ElementData {
    const old = this.get(key)!;
    const fresh = readElement(this.root, old.kind, key, old.dir);
    this.data.elements[this.data.elements.indexOf(old)] = fresh;
    this.byKey.set(key, fresh);
    this.merged = undefined;
    return fresh;
  }

  /** Adds a new element where a read of the disk would put it: in tree order, siblings by name. */
  private insert(element: ElementData): void {
    this.data.elements.push(element);
    this.data.elements.sort((a, b) => compareKeys(a.key, b.key));
    this.index();
  }
}

/** Tree order: a parent before its children, siblings by name as the reader lists folders. */
function compareKeys(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const order = x[i].localeCompare(y[i], 'en');
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function checkId(id: string, kind: ElementKind): void {
  if (!ELEMENT_ID.test(id)) {
    const suggestion = id.replace(/[^A-Za-z0-9_-]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : '')).replace(/^[^A-Za-z]+/, '');
    throw new ArchError(Codes.invalidInput, `${capitalize(kind)} name must be alphanumeric: "${id}" is not an id (${ELEMENT_ID_RULE})`, suggestion ? `"${suggestion}"` : undefined);
  }
}

/** Writes the files into a hidden sibling folder, then renames it to `abs`: the folder appears whole or not at all. */
export function writeFolderAtomic(abs: string, files: readonly [string, string][]): void {
  const parent = dirname(abs);
  mkdirSync(parent, { recursive: true });
  const temp = join(parent, `.${abs.slice(parent.length + 1)}.new-${process.pid}-${Date.now()}`);
  mkdirSync(temp);
  try {
    for (const [name, text] of files) writeFileAtomic(join(temp, name), text);
    renameSync(temp, abs);
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    throw err;
  }
}

/** Writes a new project (loko.toml and an empty source folder) at `root`, which must not hold one. */
export function initProject(root: string, config: LokoConfig): string[] {
  if (existsSync(join(root, CONFIG_FILE))) throw new ArchError(Codes.alreadyExists, `a loko project already exists there (${CONFIG_FILE})`, 'query_project reads it');
  mkdirSync(join(root, config.sourceDir), { recursive: true });
  writeFileAtomic(join(root, CONFIG_FILE), writeConfig(config));
  return [CONFIG_FILE, `${config.sourceDir}/`];
}
