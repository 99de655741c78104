/**
 * Loading a project's e2e.yaml: read (bounded), parse with line positions kept, load the `.env`
 * beside it, substitute `{{env.X}}` and `{{config.x}}`, validate against the schema, then check what
 * the schema cannot (unique names, dependsOn, cycles, paths inside the project). Every problem is
 * reported at once, each with its path in the file (`services[1].container.ports[0]`) and its line,
 * as one CONFIG_INVALID.
 *
 * Substitution works on the parsed document, not on the text, so a value can never break the YAML
 * around it. A placeholder that is a whole unquoted value takes the type of what it stands for:
 * `port: {{env.PORT}}` with PORT=8080 is the number 8080 (YAML reads an unquoted `{{x}}` as a flow
 * map, which is recognised as the placeholder it was meant to be); a quoted one stays a string.
 * Other `{{...}}` (the mocks' `{{request.body.x}}`, `{{uuid}}`) are left for their own time.
 */
import { realpathSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { Document, isMap, isNode, isPair, isScalar, isSeq, LineCounter, parseDocument, Scalar, visit, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { closestMatches } from '../../kernel/suggest';
import { ToolError } from '../../tool-domain/domain';
import type { PortMapping } from '../../../shared/testenv-records';
import { type E2eConfig, e2eConfigSchema, type ServiceConfig, type SuiteConfig } from './config-schema';
import { TestenvErrorCode } from './errors';
import { renderString, type TemplateLookup, textOf, valueAt, wholePlaceholder } from './template';

export const DEFAULT_CONFIG_FILE = 'e2e.yaml';
/** Largest e2e.yaml (and .env) read; a bigger one is refused before it is parsed. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface LoadedConfig {
  config: E2eConfig;
  /** Absolute path of the e2e.yaml. */
  configPath: string;
  /** Absolute path of the folder the e2e.yaml is in: relative paths in it resolve against it. */
  projectDir: string;
  /** The values of the `.env` beside the e2e.yaml (empty without one); process.env is not included. */
  env: Record<string, string>;
}

export interface ConfigProblem {
  /** Where in the file, e.g. `services[1].container.ports[0]`; empty for the whole file. */
  path: string;
  /** 1-based line of that place, where the document has it. */
  line?: number;
  message: string;
}

export type PathKey = string | number;

/** `services[1].container.ports[0]`, `mocks.payments.routes[2]`. */
export function formatPath(path: readonly PathKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** A suite's id: its `id`, else its name in kebab case (`Users API` → `users-api`). */
export function suiteIdOf(suite: Pick<SuiteConfig, 'id' | 'name'>): string {
  if (suite.id) return suite.id;
  return suite.name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A service's `HOST:CONTAINER` ports, as numbers. */
export function portMappings(service: Pick<ServiceConfig, 'container'>): PortMapping[] {
  return service.container.ports.map((mapping) => {
    const [host, container] = mapping.split(':').map(Number);
    return { host, container };
  });
}

/** What a yaml step's path is taken against: `http://127.0.0.1:<first host port of the first service>`. */
export function baseUrlOf(config: Pick<E2eConfig, 'services'>): string | undefined {
  const first = config.services[0] && portMappings(config.services[0])[0];
  return first ? `http://127.0.0.1:${first.host}` : undefined;
}

/**
 * The absolute path of `relPath` (a build context, a volume's host path, a suite's file) taken
 * against `baseDir` (the e2e.yaml's folder); throws CONFIG_INVALID when it leaves that folder, also
 * through a link.
 */
export function resolveInside(baseDir: string, relPath: string): string {
  const problem = outsideProblem(baseDir, relPath);
  if (problem) {
    throw new ToolError(TestenvErrorCode.configInvalid, problem, `use a path inside ${baseDir}`, { path: relPath, baseDir });
  }
  return resolve(baseDir, relPath);
}

function outsideProblem(baseDir: string, relPath: string): string | undefined {
  const base = resolve(baseDir);
  const target = resolve(base, relPath);
  const inside = (root: string, p: string) => p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);
  if (!inside(base, target)) return `${relPath} leaves the project folder ${base}`;
  const realBase = realPathOf(base);
  if (!inside(realBase, realPathOf(target))) return `${relPath} leads out of the project folder ${base} through a link`;
  return undefined;
}

/** The real path of `path`, links resolved; for a path not there (yet), its nearest existing folder's. */
function realPathOf(path: string): string {
  let rest = '';
  for (let at = path; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), rest);
    } catch {
      if (dirname(at) === at) return path;
      rest = join(basename(at), rest);
    }
  }
}

/** Loads, substitutes and validates `<projectDir>/<configFile>`; throws CONFIG_NOT_FOUND or CONFIG_INVALID. */
export async function loadConfig(projectDir: string, configFile = DEFAULT_CONFIG_FILE): Promise<LoadedConfig> {
  const configPath = resolveInside(projectDir, configFile);
  const source = await readBounded(configPath, true);
  const folder = dirname(configPath);
  const env = await loadDotenv(folder);

  const { doc, lineAt: lookup, syntaxProblems } = parseYaml(source);
  if (syntaxProblems.length) throw invalid(configPath, syntaxProblems, 'fix the YAML syntax at the line given');
  if (!isMap(doc.contents)) {
    throw invalid(configPath, [{ path: '', line: 1, message: 'the file must be a mapping with project, services, mocks and tests' }]);
  }

  let data: unknown;
  try {
    const problems = substitute(doc, env, lookup);
    if (problems.length) throw invalid(configPath, problems);
    data = doc.toJS();
  } catch (err) {
    if (err instanceof ToolError) throw err;
    // The yaml package refuses alias bombs (an alias count out of proportion to the document).
    throw invalid(configPath, [{ path: '', message: (err as Error).message }], 'write the values out rather than through so many aliases');
  }
  const parsed = e2eConfigSchema.safeParse(data);
  if (!parsed.success) throw invalid(configPath, schemaProblems(parsed.error, lookup));

  const semantic = checkConsistency(parsed.data, folder, lookup);
  if (semantic.length) throw invalid(configPath, semantic);
  return { config: parsed.data, configPath, projectDir: folder, env };
}

export interface ParsedYaml {
  doc: Document;
  /** The line of the node at a path (or of the deepest one on the way, for a key that is missing). */
  lineAt(path: readonly PathKey[]): number | undefined;
  /** Syntax errors, each with its line; the document is not to be used when there are any. */
  syntaxProblems: ConfigProblem[];
}

/** Parses YAML keeping line positions, so that problems found later can name their lines. */
export function parseYaml(source: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line);
  return {
    doc,
    lineAt: (path) => lineOf(nodeAt(doc, path)?.range?.[0]),
    syntaxProblems: doc.errors.map((e) => ({ path: '', line: lineOf(e.pos[0]), message: e.message.split('\n')[0] })),
  };
}

/** A file's text, at most MAX_CONFIG_BYTES; `isConfig`: a missing file is CONFIG_NOT_FOUND, as the e2e.yaml. */
export async function readBounded(path: string, isConfig = false): Promise<string> {
  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
    size = info.size;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (isConfig && (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR')) {
      const folder = dirname(path);
      throw new ToolError(
        TestenvErrorCode.configNotFound,
        code === 'EISDIR' ? `${path} is a folder, not an e2e.yaml` : `no ${relative(folder, path) || path} in ${folder} (looked for ${path})`,
        `create ${join(folder, DEFAULT_CONFIG_FILE)} (project, services, mocks, tests), or pass configFile naming the config file in that folder`,
        { configPath: path },
      );
    }
    throw new ToolError(TestenvErrorCode.configInvalid, `cannot read ${path}: ${(err as Error).message}`, undefined, { configPath: path });
  }
  if (size > MAX_CONFIG_BYTES) {
    throw new ToolError(
      TestenvErrorCode.configInvalid,
      `${path} is ${(size / 1048576).toFixed(1)} MB, over the limit of ${MAX_CONFIG_BYTES / 1048576} MB`,
      isConfig ? 'keep the file to services, mocks and suites; put large mock bodies and test steps in files of their own' : 'split the file into smaller ones',
      { configPath: path, size, limit: MAX_CONFIG_BYTES },
    );
  }
  return readFile(path, 'utf8');
}

/** The `.env` beside the e2e.yaml, parsed (dotenv's own parser); process.env is left alone. */
async function loadDotenv(folder: string): Promise<Record<string, string>> {
  const path = join(folder, '.env');
  try {
    await stat(path);
  } catch {
    return {};
  }
  return parseDotenv(await readBounded(path));
}

function invalid(configPath: string, problems: ConfigProblem[], suggestion?: string): ToolError {
  const shown = problems.slice(0, 5).map((p) => `${p.path ? `${p.path}: ` : ''}${p.message}${p.line ? ` (line ${p.line})` : ''}`);
  const more = problems.length > shown.length ? `; and ${problems.length - shown.length} more` : '';
  const noun = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
  return new ToolError(
    TestenvErrorCode.configInvalid,
    `${configPath} has ${noun}: ${shown.join('; ')}${more}`,
    suggestion ?? 'fix each problem at the path and line given, then call preflight_init again',
    { configPath, problems },
  );
}

/** The node at `path`, or the deepest one on the way there (for a key that is missing). */
function nodeAt(doc: Document, path: readonly PathKey[]): YamlNode | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    if (isNode(node)) {
      if (n < path.length && isMap(node)) {
        // A key the map has but whose value is missing (`image:` with nothing): its key's line.
        const pair = node.items.find((p) => isScalar(p.key) && p.key.value === path[n]);
        if (pair && isNode(pair.key)) return pair.key;
      }
      return node;
    }
  }
  return undefined;
}

/**
 * Replaces `{{env.X}}` (the .env, then process.env) and `{{config.x}}` (the file's `config:` map,
 * itself substituted from env first) in every value; answers the placeholders that name nothing.
 */
function substitute(doc: Document, env: Record<string, string>, lineAt: (path: readonly PathKey[]) => number | undefined): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  let configValues: unknown = {};
  /** The lookup for one value at `path`: env and config names, the others left alone. */
  const lookupAt = (path: PathKey[]): TemplateLookup => (name) => {
    const [kind, ...rest] = name.split('.');
    if ((kind !== 'env' && kind !== 'config') || !rest.length) return undefined;
    const found = kind === 'env' ? { found: true, value: env[rest.join('.')] ?? process.env[rest.join('.')] } : valueAt(configValues, rest);
    if (found.found && found.value !== undefined) return { value: found.value };
    problems.push({
      path: formatPath(path),
      line: lineAt(path),
      message:
        kind === 'env'
          ? `{{${name}}} names no variable: set ${rest.join('.')} in the .env beside the file or in the environment`
          : `{{${name}}} names nothing in the file's config: map`,
    });
    return undefined;
  };
  const replacement = (text: string, plain: boolean, range: YamlNode['range'], path: PathKey[]): YamlNode | undefined => {
    const before = problems.length;
    const rendered = renderString(text, lookupAt(path));
    if (problems.length > before || rendered === text) return undefined;
    const out = wholePlaceholder(text) !== undefined && plain ? typed(rendered) : textOf(rendered);
    const node = out !== null && typeof out === 'object' ? doc.createNode(out) : new Scalar(out);
    node.range = range;
    return node;
  };
  const replaceIn = (root: YamlNode | Document, rootPath: PathKey[]) => {
    visit(root, {
      Map(key, node, path) {
        const placeholder = unquotedPlaceholder(node);
        if (placeholder === undefined || key === 'key') return undefined;
        return replacement(placeholder, true, node.range, pathOf(rootPath, path, key));
      },
      Scalar(key, node, path) {
        if (key === 'key' || typeof node.value !== 'string' || !node.value.includes('{{')) return undefined;
        const plain = node.type === Scalar.PLAIN || node.type === undefined;
        return replacement(node.value, plain, node.range, pathOf(rootPath, path, key));
      },
    });
  };

  // `{{config.x}}` names the file's config: map, and (as in Preflight) the services' vars.
  const services = doc.get('services', true);
  const sources: PathKey[][] = [['service', 'vars'], ...(isSeq(services) ? services.items.map((_, i) => ['services', i, 'vars']) : []), ['config']];
  for (const path of sources) {
    const node = doc.getIn(path, true);
    if (!isMap(node)) continue;
    replaceIn(node, path);
    configValues = { ...(configValues as object), ...(node.toJS(doc) as object) };
  }
  replaceIn(doc, []);
  // Once each (the values `{{config.x}}` names are visited twice), in the file's order.
  const once = [...new Map(problems.map((p) => [`${p.path}\n${p.message}`, p])).values()];
  return once.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** The document path of a visited node: pair keys and sequence indexes from the root down. */
function pathOf(rootPath: PathKey[], ancestors: readonly unknown[], key: unknown): PathKey[] {
  const path = [...rootPath];
  ancestors.forEach((ancestor, i) => {
    if (isPair(ancestor)) path.push(isScalar(ancestor.key) ? (ancestor.key.value as PathKey) : String(ancestor.key));
    else if (isSeq(ancestor)) path.push(i + 1 < ancestors.length ? ancestor.items.indexOf(ancestors[i + 1]) : (key as number));
  });
  return path;
}

/** `{{env.X}}` written unquoted, which YAML reads as the flow map `{ { env.X } }`: the placeholder, else undefined. */
function unquotedPlaceholder(node: YamlNode): string | undefined {
  if (!isMap(node) || !node.flow || node.items.length !== 1) return undefined;
  const [outer] = node.items;
  if (!isMap(outer.key) || !outer.key.flow || outer.value !== null || outer.key.items.length !== 1) return undefined;
  const [inner] = outer.key.items;
  if (!isScalar(inner.key) || inner.value !== null || typeof inner.key.value !== 'string') return undefined;
  return /^(env|config)\.[A-Za-z0-9_.-]+$/.test(inner.key.value) ? `{{${inner.key.value}}}` : undefined;
}

/** A whole unquoted placeholder's value: numbers and booleans from strings, as YAML would read them. */
function typed(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (v === 'true' || v === 'false') return v === 'true';
  return v;
}

/** A zod error as problems, each with its path in the file (under `prefix`) and its line. */
export function schemaProblems(error: z.ZodError, lineAt: (path: readonly PathKey[]) => number | undefined, prefix: readonly PathKey[] = []): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path.filter((k): k is PathKey => typeof k !== 'symbol')];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const keyPath = [...path, key];
        problems.push({ path: formatPath(keyPath), line: lineAt(keyPath), message: `unknown key "${key}"` });
      }
      continue;
    }
    problems.push({ path: formatPath(path), line: lineAt(path), message: schemaMessage(issue) });
  }
  return problems;
}

function schemaMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return `missing (${issue.expected} expected)`;
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  return issue.message;
}

/** What the schema cannot see: unique names, dependsOn that name services, no cycle, paths inside the folder. */
function checkConsistency(config: E2eConfig, folder: string, lineAt: (path: readonly PathKey[]) => number | undefined): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  // In the single-service layout, `services[0]...` is written `service...` in the file.
  const inFile = (path: PathKey[]) => (config.layout === 'service' && path[0] === 'services' && path[1] === 0 ? ['service', ...path.slice(2)] : path);
  const problem = (path: PathKey[], message: string) => problems.push({ path: formatPath(inFile(path)), line: lineAt(inFile(path)), message });

  const serviceNames = new Map<string, number>();
  config.services.forEach((service, i) => {
    const first = serviceNames.get(service.name);
    if (first !== undefined) problem(['services', i, 'name'], `service name "${service.name}" is already used by services[${first}]`);
    else serviceNames.set(service.name, i);
    if (!service.build && !service.image) problem(['services', i], `service "${service.name}" has neither build nor image: give one`);
  });

  const hostPorts = new Map<number, string>();
  const claimPort = (port: number, owner: string, path: PathKey[]) => {
    const other = hostPorts.get(port);
    if (other) problem(path, `host port ${port} is also used by ${other}`);
    else hostPorts.set(port, owner);
  };
  config.services.forEach((service, i) => {
    portMappings(service).forEach(({ host, container }, j) => {
      if (host < 1 || host > 65535 || container < 1 || container > 65535) problem(['services', i, 'container', 'ports', j], `${host}:${container}: ports run from 1 to 65535`);
      else claimPort(host, `service ${service.name}`, ['services', i, 'container', 'ports', j]);
    });
    service.dependsOn.forEach((dep, j) => {
      if (!serviceNames.has(dep)) {
        const near = closestMatches(dep, serviceNames.keys());
        problem(['services', i, 'dependsOn', j], `dependsOn names "${dep}", which is no service here${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}`);
      }
    });
    if (service.build) {
      const outside = outsideProblem(folder, service.build.context);
      if (outside) problem(['services', i, 'build', 'context'], outside);
    }
    service.container.volumes.forEach((volume, j) => {
      const source = volume.split(':')[0];
      const outside = volume.split(':').length < 2 ? 'a volume is SOURCE:CONTAINER_PATH[:ro], the source a host path or a volume name' : isNamedVolume(source) ? undefined : outsideProblem(folder, source);
      if (outside) problem(['services', i, 'container', 'volumes', j], outside);
    });
  });
  for (const [name, mock] of Object.entries(config.mocks)) claimPort(mock.port, `mock ${name}`, ['mocks', name, 'port']);

  const repoNames = new Set<string>();
  config.repos.forEach((repo, i) => {
    if (repoNames.has(repo.name)) problem(['repos', i, 'name'], `repo name "${repo.name}" is used twice`);
    repoNames.add(repo.name);
  });

  const cycle = dependencyCycle(config);
  if (cycle) problem(['services', config.services.findIndex((s) => s.name === cycle[0]), 'dependsOn'], `dependsOn forms a cycle: ${cycle.join(' → ')}`);

  const suiteIds = new Map<string, number>();
  config.tests.suites.forEach((suite, i) => {
    const id = suiteIdOf(suite);
    const first = suiteIds.get(id);
    if (!id) problem(['tests', 'suites', i, 'name'], `the name "${suite.name}" gives no id: give the suite an id`);
    else if (first !== undefined) problem(['tests', 'suites', i, suite.id ? 'id' : 'name'], `suite id "${id}" is already used by tests.suites[${first}]`);
    else suiteIds.set(id, i);
    const needsFile = suite.runner === 'yaml' || suite.runner === 'shell';
    if (needsFile && !suite.file) problem(['tests', 'suites', i, 'file'], `a ${suite.runner} suite needs a file`);
    if (suite.runner === 'exec' && !suite.command) problem(['tests', 'suites', i, 'command'], 'an exec suite needs a command');
    for (const key of ['file', 'config'] as const) {
      const value = suite[key];
      const outside = value === undefined ? undefined : outsideProblem(folder, value);
      if (outside) problem(['tests', 'suites', i, key], outside);
    }
  });
  return problems;
}

/** Whether a volume's source is a Docker volume name (`data`) rather than a host path (`./data`, `/srv/x`), as Docker reads it. */
export function isNamedVolume(source: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(source) && source !== '.' && source !== '..';
}

/** Each of the file's repos: where it is looked for (`repos/<name>` beside the e2e.yaml) and whether it is there. */
export function repoStates(loaded: Pick<LoadedConfig, 'config' | 'projectDir'>): Array<{ name: string; path: string; present: boolean; url?: string }> {
  return loaded.config.repos.map((repo) => {
    const path = join('repos', repo.name);
    let present = false;
    try {
      present = statSync(join(loaded.projectDir, path)).isDirectory();
    } catch {
      present = false;
    }
    return { name: repo.name, path, present, ...(repo.url ? { url: repo.url } : {}) };
  });
}

/** What preflight_init says beside its answer: what of the file is accepted but not acted on, what is missing. */
export function configNotes(loaded: Pick<LoadedConfig, 'config' | 'projectDir'>): string[] {
  const notes: string[] = [];
  if (loaded.config.dashboard !== undefined) notes.push('dashboard: ignored; the studio\'s Test env view is the dashboard (its ports are not opened)');
  const repos = repoStates(loaded);
  const missing = repos.filter((r) => !r.present);
  if (missing.length) {
    notes.push(`repos not found (the studio does not clone them): ${missing.map((r) => `${r.name} at ${r.path}${r.url ? ` (clone ${r.url} there)` : ''}`).join('; ')}`);
  }
  if (repos.length > missing.length) notes.push(`repos found: ${repos.filter((r) => r.present).map((r) => r.path).join(', ')}`);
  return notes;
}

/** A dependency cycle among the services, as names (the first repeated at the end), or undefined. */
export function dependencyCycle(config: Pick<E2eConfig, 'services'>): string[] | undefined {
  const deps = new Map(config.services.map((s) => [s.name, s.dependsOn]));
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visitService = (name: string): string[] | undefined => {
    if (state.get(name) === 'done' || !deps.has(name)) return undefined;
    if (state.get(name) === 'visiting') return [...stack.slice(stack.indexOf(name)), name];
    state.set(name, 'visiting');
    stack.push(name);
    for (const dep of deps.get(name)!) {
      const cycle = visitService(dep);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(name, 'done');
    return undefined;
  };
  for (const name of deps.keys()) {
    const cycle = visitService(name);
    if (cycle) return cycle;
  }
  return undefined;
}

