/** The architecture domain's tools (contract: specs/loko-mcp-design.md), over the projects its runtime holds open. */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { encode as encodeToon } from '@toon-format/toon';
import { z } from 'zod';
import { type ArchValidationRecord, elementRecordId, validationRecordId } from '../../../shared/architecture-records';
import { writeFileAtomic } from '../../core/files';
import { type ToolCaller, type ToolDomainHost, defineTool } from '../../tool-domain/domain';
import { diagramHash, readManifest, svgFileOf, writeManifest } from './diagrams';
import { type DocFormat, buildDocs, checkWritable, previousManifest, startDiagramRenders } from './docs-build';
import { ArchError, Codes, TEXT_OVERRIDE } from './errors';
import { checkId, initProject } from './model';
import { type ElementData, defaultConfig, ELEMENT_FILES, humanize } from './project';
import { type Detail, queryArchitecture, projectOverview } from './query';
import type { ArchitectureRuntime, OpenProject } from './runtime';
import { validateProject } from './validate';

const tool = defineTool<ArchitectureRuntime>();

/** Largest D2 source a call may send. */
export const MAX_D2_BYTES = 256 * 1024;
const MAX_TEXT = 4_000;
/** How long validate spends compiling diagrams D2 has not seen yet, so that it answers well under 2 s. */
const D2_CHECK_BUDGET_MS = 1_000;

const projectPath = z.string().max(1_000).optional().describe('The loko project folder, absolute or relative to the workspace (default: architecture)');
const elementName = (what: string, example: string) => z.string().min(1).max(64).describe(`${what} id: a letter, then letters, digits, - or _ (e.g. "${example}"); it names its folder`);
const description = z.string().max(MAX_TEXT).optional().describe('One or two sentences: what it is for');
const parentSystem = z.string().min(1).max(200).describe('Parent system id');
const d2Code = z.string().max(MAX_D2_BYTES).describe('D2 diagram source, e.g. "api -> db: reads"');

const findingSchema = z.object({ code: z.string(), message: z.string(), location: z.string(), element: z.string().optional() });
const createdSchema = z.object({ id: z.string(), name: z.string(), path: z.string() });

const SYSTEM_TEMPLATES: Record<string, (id: string, name: string) => string> = {
  system: (id, name) => `# System context of ${name}\nuser: User {shape: person}\n${id}: ${name}\nuser -> ${id}: uses\n`,
  minimal: (id, name) => `${id}: ${name}\n`,
  empty: () => '',
};

function containerDiagram(id: string, name: string, technology?: string): string {
  return `# Components of ${name}\n${id}: ${name}${technology ? ` {\n  tooltip: ${JSON.stringify(technology)}\n}` : ''}\n`;
}

/**
 * Validates an open project and publishes the result as its validation record. With a caller, D2
 * gets D2_CHECK_BUDGET_MS in all for the diagrams it has not compiled yet (D2 still loading, a
 * project just opened); those left are D2_NOT_CHECKED, and once D2 has compiled them the
 * validation runs again by itself, so the view's panel ends up complete without anyone asking.
 */
async function validateOpen(
  runtime: ArchitectureRuntime,
  open: OpenProject,
  options: { strict: boolean; origin: string; caller?: Pick<ToolCaller, 'signal' | 'progress'> },
): Promise<ArchValidationRecord> {
  const { model } = open;
  const { caller } = options;
  const outAbs = join(model.root, model.config.outputDir);
  const manifest = readManifest(outAbs);
  const d2Errors = new Map();
  const unchecked: ElementData[] = [];
  const diagrams = model.elements.filter((e) => e.d2 !== undefined && e.d2Path);
  // D2 gets this long in all: a diagram still compiling then goes on in the background.
  const outOfTime = caller ? sleep(D2_CHECK_BUDGET_MS, undefined, { ref: false }) : new Promise<undefined>(() => undefined);
  let timeLeft = true;
  let checked = 0;
  // As many at once as keep D2 busy (with the native binary, runs of several a core), in order.
  const width = await runtime.d2.parallelism();
  for (let start = 0; start < diagrams.length; start += width) {
    caller?.signal.throwIfAborted();
    const batch = diagrams.slice(start, start + width).map((element) => {
      // A diagram the last build rendered from this very source compiles: no need to ask D2 again.
      const known = runtime.diagrams.peek(element.d2!, model.config) ?? (manifest.files[svgFileOf(element)] === diagramHash(element.d2!, model.config) ? { svg: '' } : undefined);
      const result = known ?? (timeLeft ? Promise.race([runtime.diagrams.render(element.d2!, model.config, !caller), outOfTime]) : undefined);
      return { element, known, result };
    });
    for (const { element, known, result: pending } of batch) {
      const result = await pending;
      if (!result) {
        timeLeft = false;
        unchecked.push(element);
        continue;
      }
      if ('error' in result) d2Errors.set(element.key, result.error);
      if (!known) caller?.progress(++checked, diagrams.length, `checked ${element.d2Path}`);
    }
  }
  const { errors, warnings } = validateProject(model, { d2Errors, renderedSvg: (e) => join(outAbs, svgFileOf(e)) });
  // Out of time for D2 (a project opened a moment ago, its diagrams still rendering): said, not hidden.
  for (const element of unchecked) {
    warnings.push({ code: 'D2_NOT_CHECKED', message: `not compiled yet: D2 is still rendering the project's diagrams; validate again in a moment`, location: element.d2Path!, element: elementRecordId(element.kind, model.rel, element.key) });
  }
  const success = errors.length === 0 && (!options.strict || warnings.length === 0);
  const record: ArchValidationRecord = { id: validationRecordId(model.rel), kind: 'validation', project: model.rel, errors, warnings, strict: options.strict, success, at: Date.now(), origin: options.origin };
  open.validation = record;
  runtime.sync(open, options.origin, caller ? 'validate' : 'validate (D2 caught up)', [`${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`]);
  if (unchecked.length) {
    const rendered = unchecked.map((e) => runtime.diagrams.render(e.d2!, model.config, true));
    void Promise.all(rendered)
      .then(() => {
        // Unless the project closed or someone validated again meanwhile.
        if (open.validation === record && runtime.projects.get(model.rel) === open) return validateOpen(runtime, open, { strict: options.strict, origin: options.origin });
      })
      .catch((err) => runtime.host.log(`validating ${model.rel} again failed: ${(err as Error).message}`));
  }
  return record;
}

/** Answers link the project's files a call wrote (`files` relative to the project folder). */
function noteFiles(caller: ToolCaller, open: OpenProject, files: readonly string[]): void {
  for (const file of files) caller.noteChanged(open.model.rel === '.' ? file : `${open.model.rel}/${file}`, 'a file of the loko project this call wrote');
}

/** Parents of a new container or component, resolved by key or unique id. */
function parentOf(open: OpenProject, system: string, container?: string): ElementData {
  const sys = open.model.require(system, ['system'], 'system');
  if (container === undefined) return sys;
  const key = container.includes('/') ? container : `${sys.key}/${container}`;
  const found = open.model.get(key);
  if (!found || found.kind !== 'container' || !found.key.startsWith(`${sys.key}/`)) {
    const there = open.model.childrenOf(sys.key).map((c) => c.id);
    throw new ArchError(Codes.notFound, `Container '${container}' not found in system '${sys.key}'`, there.length ? `one of: ${there.join(', ')}` : 'create_container creates one');
  }
  return found;
}

/**
 * Presence: the element of this project the person has selected in the Architecture view, by key
 * (`{selected_by_person: "Payments/API"}`), or nothing when no view shows one.
 */
function personSelection(open: OpenProject, host: ToolDomainHost): { selected_by_person?: string } {
  const ids = host.selection()?.ids;
  if (!ids?.size) return {};
  const { model } = open;
  const selected = model.elements.find((e) => ids.has(elementRecordId(e.kind, model.rel, e.key)));
  return selected ? { selected_by_person: selected.key } : {};
}

/** The record ids of an element and of the elements a query_architecture answer lists under it. */
function readRecords(open: OpenProject, key: string, detail: Detail): string[] {
  const { model } = open;
  const element = model.get(key);
  if (!element) return [];
  const shown = detail === 'summary' ? [element] : [element, ...model.childrenOf(key), ...(detail === 'full' ? model.childrenOf(key).flatMap((c) => model.childrenOf(c.key)) : [])];
  return shown.map((e) => elementRecordId(e.kind, model.rel, e.key));
}

/** Where the project's output goes (inside the workspace, or PERMISSION_DENIED), absolute and as answered. */
function outputOf(runtime: ArchitectureRuntime, open: OpenProject): { abs: string; rel: string } {
  const { model } = open;
  const resolved = runtime.host.resolvePath(join(model.root, model.config.outputDir));
  return { abs: resolved.abs, rel: `${model.config.outputDir.replace(/\/+$/, '')}/` };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const architectureTools = [
  tool({
    name: 'query_project',
    title: 'Project overview',
    description:
      'High-level metadata of a loko project: name, description, version, counts, and each system with its container count. Start here. ' +
      'Every tool sees the files as they are on disk now, edits made in an editor included. ' +
      'Errors: NOT_FOUND (no project or no loko.toml there), PERMISSION_DENIED (path outside the workspace), INVALID_SYNTAX (loko.toml does not parse: its line; every tool says so until it is fixed).',
    access: 'read',
    input: { project_path: projectPath },
    output: {
      name: z.string(),
      description: z.string(),
      version: z.string(),
      system_count: z.number().int(),
      total_containers: z.number().int(),
      created_at: z.string().optional(),
      updated_at: z.string().optional(),
      systems: z.array(z.object({ id: z.string(), name: z.string(), container_count: z.number().int() })),
      selected_by_person: z.string().optional().describe('The element (System, System/Container, ...) the person has selected in the studio now'),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: async ({ project_path }, { runtime }) => {
      const open = await runtime.project(project_path);
      return { ...projectOverview(open.model, runtime.times(open.model)), ...personSelection(open, runtime.host) };
    },
  }),
  tool({
    name: 'query_architecture',
    title: 'Query the architecture',
    description:
      'Token-efficient view of the architecture. scope: project (default) | system | container; target: the system or container id ' +
      '(System/Container, or a unique bare id) for those scopes; detail: summary (default, counts and names) | structure (ids, names, descriptions, containers) | full ' +
      '(everything, with the target\'s diagram source and each element\'s relationships as loko merges them: frontmatter and its component.d2 arrows, declared_in saying which, ' +
      'needs a target). format: json (default) or toon (the same answer in TOON, fewer tokens).',
    access: 'read',
    input: {
      project_path: projectPath,
      scope: z.enum(['project', 'system', 'container']).optional().describe('Scope of the query (default: project)'),
      target: z.string().max(200).optional().describe('For system/container scope: the entity id'),
      detail: z.enum(['summary', 'structure', 'full']).optional().describe('Detail level (default: summary)'),
      format: z.enum(['json', 'toon']).optional().describe('Output format of the text (default: json)'),
    },
    output: {
      type: z.enum(['summary', 'structure', 'full']),
      systems: z.union([z.number().int(), z.array(z.any())]).optional(),
      containers: z.number().int().optional(),
      components: z.number().int().optional(),
      system_names: z.array(z.string()).optional(),
      system: z.any().optional(),
      system_id: z.string().optional(),
      container: z.any().optional(),
      selected_by_person: z.string().optional().describe('The element the person has selected in the studio now'),
    },
    example: { scope: 'system', target: 'PaymentService', detail: 'structure' },
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: async ({ project_path, scope, target, detail, format }, { runtime, caller }) => {
      const open = await runtime.project(project_path);
      const found = queryArchitecture(open.model, scope ?? 'project', target?.trim() || undefined, detail ?? 'summary');
      const answer = { ...found, ...personSelection(open, runtime.host) };
      // The person's view marks what the AI read: the target and what the answer lists under it.
      const read = target?.trim() && scope && scope !== 'project' ? open.model.find(target.trim(), [scope]) : undefined;
      if (read) caller.noteRead(readRecords(open, read.key, detail ?? 'summary'), `query_architecture ${read.key}`);
      return format === 'toon' ? { ...answer, [TEXT_OVERRIDE]: encodeToon(answer) } : answer;
    },
  }),
  tool({
    name: 'create_system',
    title: 'Create a system',
    description:
      'Scaffolds a C4 system: src/<system_name>/system.md (frontmatter name, description) and system.d2 from a template (system: the system and its user; minimal; empty). ' +
      'system_name is the id (PaymentService); its display name is derived (Payment Service). Errors: ALREADY_EXISTS, INVALID_INPUT (not an id), NOT_FOUND (template, project).',
    access: 'write',
    input: { project_path: projectPath, system_name: elementName('System', 'PaymentService'), description, template: z.string().max(40).optional().describe('system (default), minimal or empty') },
    output: { success: z.boolean(), system: createdSchema, files_created: z.array(z.string()), message: z.string() },
    example: { system_name: 'PaymentService', description: 'Takes payments' },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    handler: async ({ project_path, system_name, description, template }, { runtime, caller }) => {
      const id = system_name.trim();
      checkId(id, 'system');
      const scaffold = SYSTEM_TEMPLATES[template ?? 'system'];
      if (!scaffold) throw new ArchError(Codes.notFound, `Template '${template}' not found`, `one of: ${Object.keys(SYSTEM_TEMPLATES).join(', ')}`);
      const open = await runtime.project(project_path);
      const name = humanize(id);
      const { element, files } = open.model.create({ kind: 'system', id, name, description: description?.trim(), d2: scaffold(id, name) });
      runtime.syncCall(open, caller.origin, `create_system ${id}`, files);
      noteFiles(caller, open, files);
      runtime.renderAhead(open);
      return { success: true, system: { id, name, path: element.dir }, files_created: files, message: `System '${id}' created successfully` };
    },
  }),
  tool({
    name: 'create_container',
    title: 'Create a container',
    description:
      'Scaffolds a C4 container in a system: src/<System>/<container_name>/container.md and container.d2. type is its technology or kind (Web Service, PostgreSQL). ' +
      'Errors: NOT_FOUND (system), ALREADY_EXISTS, INVALID_INPUT.',
    access: 'write',
    input: {
      project_path: projectPath,
      system_name: parentSystem,
      container_name: elementName('Container', 'API'),
      description,
      type: z.string().max(200).optional().describe("Container type or technology (e.g. 'Web Service', 'PostgreSQL')"),
    },
    output: { success: z.boolean(), container: createdSchema, files_created: z.array(z.string()), message: z.string() },
    example: { system_name: 'PaymentService', container_name: 'API', type: 'Node.js' },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    handler: async ({ project_path, system_name, container_name, description, type }, { runtime, caller }) => {
      const id = container_name.trim();
      checkId(id, 'container');
      const open = await runtime.project(project_path);
      const system = parentOf(open, system_name.trim());
      const name = humanize(id);
      const technology = type?.trim() || undefined;
      const { element, files } = open.model.create({ kind: 'container', parent: system.key, id, name, description: description?.trim(), technology, d2: containerDiagram(id, name, technology) });
      runtime.syncCall(open, caller.origin, `create_container ${element.key}`, files);
      noteFiles(caller, open, files);
      runtime.renderAhead(open);
      return { success: true, container: { id, name, path: element.dir }, files_created: files, message: `Container '${id}' created in system '${system.key}'` };
    },
  }),
  tool({
    name: 'create_component',
    title: 'Create a component',
    description: 'Adds a component to a container: src/<System>/<Container>/<component_name>/component.md. Errors: NOT_FOUND (system, container), ALREADY_EXISTS, INVALID_INPUT.',
    access: 'write',
    input: {
      project_path: projectPath,
      system_name: parentSystem,
      container_name: z.string().min(1).max(200).describe('Parent container id'),
      component_name: elementName('Component', 'PaymentHandler'),
      description,
    },
    output: { success: z.boolean(), component: z.object({ id: z.string(), name: z.string() }), message: z.string() },
    example: { system_name: 'PaymentService', container_name: 'API', component_name: 'PaymentHandler' },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    handler: async ({ project_path, system_name, container_name, component_name, description }, { runtime, caller }) => {
      const id = component_name.trim();
      checkId(id, 'component');
      const open = await runtime.project(project_path);
      const container = parentOf(open, system_name.trim(), container_name.trim());
      const { element, files } = open.model.create({ kind: 'component', parent: container.key, id, name: humanize(id), description: description?.trim() });
      runtime.syncCall(open, caller.origin, `create_component ${element.key}`, files);
      noteFiles(caller, open, files);
      return { success: true, component: { id, name: element.name }, message: `Component '${id}' created in container '${container.key}'` };
    },
  }),
  tool({
    name: 'update_diagram',
    title: 'Update a diagram',
    description:
      'Replaces the D2 source of a system or container diagram. The D2 is compiled first: if it does not compile, nothing is written and the answer is INVALID_SYNTAX ' +
      'with D2\'s message and line; empty or blank d2_code is INVALID_INPUT (the diagram is kept). ' +
      'Otherwise the .d2 file is written and the diagram rendered to <output>/diagrams/<kind>-<id>.svg.',
    access: 'write',
    input: { project_path: projectPath, scope: z.enum(['system', 'container']).describe('What to diagram'), target: z.string().min(1).max(200).describe('System or container id (System/Container)'), d2_code: d2Code },
    output: { success: z.boolean(), diagram: z.object({ path: z.string(), rendered_to: z.string() }), message: z.string() },
    example: { scope: 'system', target: 'PaymentService', d2_code: 'api: API\ndb: Database {shape: cylinder}\napi -> db: reads' },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async ({ project_path, scope, target, d2_code }, { runtime, caller }) => {
      // D2 compiles an empty source to an empty diagram: written, it would wipe the diagram out.
      if (!d2_code.trim()) throw new ArchError(Codes.invalidInput, 'd2_code is empty: update_diagram replaces the whole diagram, and an empty one would lose it', 'send the whole diagram source, e.g. "api -> db: reads"; the file on disk is unchanged');
      runtime.renderWhileCatchingUp(project_path, d2_code);
      const open = await runtime.project(project_path);
      const element = open.model.require(target.trim(), [scope], scope);
      const rendered = await runtime.diagrams.render(d2_code, open.model.config);
      if ('error' in rendered) {
        const where = element.d2Path ?? `${element.dir}/${ELEMENT_FILES[element.kind].d2}`;
        throw new ArchError(Codes.invalidSyntax, `D2 syntax error: ${rendered.error.message}`, 'fix the D2 at that line; the file on disk is unchanged', `${where}${rendered.error.line ? `:${rendered.error.line}` : ''}`);
      }
      const out = outputOf(runtime, open);
      checkWritable(out.abs, out.rel);
      const updated = open.model.writeDiagram(element.key, d2_code);
      const svgFile = svgFileOf(updated);
      writeFileAtomic(join(out.abs, svgFile), rendered.svg);
      const manifest = readManifest(out.abs);
      manifest.files[svgFile] = diagramHash(d2_code, open.model.config);
      writeManifest(out.abs, manifest);
      runtime.syncCall(open, caller.origin, `update_diagram ${updated.key}`, [updated.d2Path!]);
      noteFiles(caller, open, [updated.d2Path!]);
      caller.noteChanged(`${out.rel}${svgFile}`, 'the diagram rendered from it');
      return { success: true, diagram: { path: updated.d2Path!, rendered_to: `${out.rel}${svgFile}` }, message: 'Diagram updated and rendered successfully' };
    },
  }),
  tool({
    name: 'build_docs',
    title: 'Build the docs',
    description:
      'Builds the documentation into the output folder: html (a site with every diagram, navigation and search), markdown, pdf, or all. Without format, loko.toml\'s ' +
      '[outputs] decide. Incremental by content hash (cache_hits counts what was up to date); incremental: false rebuilds everything. Reports progress per file.',
    access: 'write',
    input: {
      project_path: projectPath,
      format: z.enum(['html', 'markdown', 'pdf', 'all']).optional().describe('Output format (default: loko.toml [outputs], else all)'),
      incremental: z.boolean().optional().describe('Only build changed files (default: true)'),
    },
    output: {
      success: z.boolean(),
      build: z.object({
        output_dir: z.string(),
        duration_ms: z.number().int(),
        files_generated: z.number().int(),
        diagrams_rendered: z.number().int(),
        cache_hits: z.number().int(),
        formats: z.array(z.string()),
        index: z.string().optional(),
      }),
      errors: z.array(findingSchema).optional(),
      message: z.string(),
    },
    example: { format: 'html' },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async ({ project_path, format, incremental }, { runtime, caller }) => {
      // D2 draws the project's diagrams while the call catches up with the disk (the build joins those renders).
      const open = await runtime.project(project_path, (known) => {
        const out = outputOf(runtime, known);
        startDiagramRenders(known.model, out.abs, previousManifest(out.abs, incremental ?? true), runtime.diagrams);
      });
      const { model } = open;
      const configured = (['html', 'markdown', 'pdf'] as const).filter((f) => model.config.outputs[f]);
      const formats: DocFormat[] = format === 'all' || (!format && configured.length === 0) ? ['html', 'markdown', 'pdf'] : format ? [format] : configured;
      const out = outputOf(runtime, open);
      checkWritable(out.abs, out.rel);
      let published = 0;
      try {
        const result = await buildDocs(model, out.abs, {
          formats,
          incremental: incremental ?? true,
          signal: caller.signal,
          progress: (done, total, message) => {
            caller.progress(done, total, message);
            // The view's progress bar: a record update now and then, not one per file.
            if (Date.now() - published > 200 || done === total) {
              published = Date.now();
              open.building = { done, total, origin: caller.origin };
              runtime.syncProject(open, caller.origin, 'build_docs');
            }
          },
        }, { diagrams: runtime.diagrams, offload: (task, input) => runtime.host.offload(task, input) });
        const index = formats.includes('html') ? runtime.workspacePath(join(out.abs, 'index.html')) : undefined;
        if (index) caller.noteChanged(index, "the built site's front page");
        open.lastBuild = { outputDir: out.rel, formats, filesGenerated: result.filesGenerated, diagramsRendered: result.diagramsRendered, cacheHits: result.cacheHits, durationMs: result.durationMs, at: Date.now(), origin: caller.origin, ...(index ? { indexHtml: index } : {}) };
        const errors = result.failedDiagrams.map((f) => ({ code: 'D2_SYNTAX_ERROR', message: `D2 syntax error: ${f.message}`, location: `${f.file}${f.line ? `:${f.line}` : ''}` }));
        const message = errors.length
          ? `Failed to render diagrams (see details): ${errors.map((e) => e.location).join(', ')}; the rest was built`
          : `Build complete: ${formats.join(', ')}; ${plural(result.filesGenerated, 'file')} generated, ${plural(result.diagramsRendered, 'diagram')} rendered, ${result.cacheHits} up to date`;
        return {
          success: errors.length === 0,
          build: { output_dir: out.rel, duration_ms: result.durationMs, files_generated: result.filesGenerated, diagrams_rendered: result.diagramsRendered, cache_hits: result.cacheHits, formats, ...(index ? { index } : {}) },
          ...(errors.length ? { errors } : {}),
          message,
        };
      } finally {
        open.building = undefined;
        runtime.syncCall(open, caller.origin, 'build_docs', open.lastBuild ? [`${open.lastBuild.filesGenerated} files, ${open.lastBuild.cacheHits} up to date`] : []);
      }
    },
  }),
  tool({
    name: 'validate',
    title: 'Validate the architecture',
    description:
      'Checks the project for consistency and completeness; every finding has a stable code and a location (file:line where known). Errors: duplicate ids, dangling references ' +
      '(of the relationships merged from frontmatter and component diagrams), ' +
      'missing system.md/container.md, invalid frontmatter, D2 syntax errors, circular dependencies (a loko.toml that does not parse is INVALID_SYNTAX). Warnings: orphaned files, unreferenced systems/containers, ' +
      'missing descriptions, empty systems/containers, missing or outdated diagrams, D2_NOT_CHECKED (a diagram D2 had no time for yet: validate again). success is false with any error, or any warning when strict.',
    access: 'read',
    input: { project_path: projectPath, strict: z.boolean().optional().describe('Treat warnings as errors (default: false)') },
    output: {
      success: z.boolean(),
      validation: z.object({ errors: z.array(findingSchema), warnings: z.array(findingSchema) }),
      d2_engine: z.string().describe("The D2 that compiled the project's diagrams: the native binary or the WASM build"),
      message: z.string(),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: async ({ project_path, strict }, { runtime, caller }) => {
      const open = await runtime.project(project_path);
      const { success, errors, warnings } = await validateOpen(runtime, open, { strict: strict ?? false, origin: caller.origin, caller });
      const message = success
        ? `Validation passed${warnings.length ? ` with ${plural(warnings.length, 'warning')}` : ''}`
        : `Validation failed: ${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}${strict && warnings.length ? ' (strict: warnings count as errors)' : ''}`;
      return { success, validation: { errors, warnings }, d2_engine: await runtime.d2.engine(open.model.config.layout), message };
    },
  }),
  tool({
    name: 'init_project',
    title: 'Create a loko project',
    description: 'Creates a loko project: loko.toml ([project], [paths], [d2], [outputs]) and an empty src/ in project_path (default: architecture). ALREADY_EXISTS when there is one.',
    access: 'write',
    input: { project_path: projectPath, name: z.string().min(1).max(200).optional().describe('Project name (default: from the folder)'), description },
    output: { success: z.boolean(), project: z.object({ name: z.string(), path: z.string() }), files_created: z.array(z.string()), message: z.string() },
    example: { project_path: 'architecture', name: 'Payments Platform' },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    handler: async ({ project_path, name, description }, { runtime, caller }) => {
      const resolved = runtime.host.resolvePath(project_path?.trim() || 'architecture');
      const config = { ...defaultConfig(name?.trim() || humanize(resolved.rel.split('/').pop() || 'architecture')), description: description?.trim() ?? '' };
      const files = initProject(resolved.abs, config);
      const open = await runtime.project(resolved.rel);
      runtime.syncCall(open, caller.origin, `init_project ${resolved.rel}`, files);
      noteFiles(caller, open, files.filter((file) => !file.endsWith('/')));
      return { success: true, project: { name: config.name, path: resolved.rel }, files_created: files, message: `Project '${config.name}' created in ${resolved.rel}` };
    },
  }),
  tool({
    name: 'update_element',
    title: 'Rename or describe an element',
    description: "Changes a system's, container's or component's frontmatter: name (its display name; the id stays), description, technology, tags. Other fields and the body are kept.",
    access: 'write',
    input: {
      project_path: projectPath,
      target: z.string().min(1).max(200).describe('The element: System, System/Container or System/Container/Component'),
      name: z.string().min(1).max(200).optional(),
      description: z.string().max(MAX_TEXT).optional(),
      technology: z.string().max(200).optional().describe('Empty removes it'),
      tags: z.array(z.string().max(60)).max(50).optional(),
    },
    output: { success: z.boolean(), element: z.object({ id: z.string(), key: z.string(), kind: z.string(), name: z.string(), path: z.string() }), message: z.string() },
    example: { target: 'PaymentService', description: 'Takes card payments' },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async ({ project_path, target, name, description, technology, tags }, { runtime, caller }) => {
      const open = await runtime.project(project_path);
      const element = open.model.require(target.trim(), ['system', 'container', 'component'], 'element');
      const changes: Record<string, unknown> = {};
      if (name !== undefined) changes.name = name.trim();
      if (description !== undefined) changes.description = description.trim();
      if (technology !== undefined) changes.technology = technology.trim() || undefined;
      if (tags !== undefined) changes.tags = tags.length ? tags : undefined;
      if (Object.keys(changes).length === 0) throw new ArchError(Codes.invalidInput, 'nothing to change: give name, description, technology or tags', 'update_element({target, description: "..."})');
      const updated = open.model.describe(element.key, changes);
      runtime.syncCall(open, caller.origin, `update_element ${updated.key}`, Object.keys(changes));
      noteFiles(caller, open, [updated.mdPath]);
      return { success: true, element: { id: updated.id, key: updated.key, kind: updated.kind, name: updated.name, path: updated.dir }, message: `${updated.kind} '${updated.key}' updated` };
    },
  }),
  tool({
    name: 'delete_element',
    title: 'Delete an element',
    description: 'Deletes a system, container or component folder with everything in it (its containers and components too).',
    access: 'write',
    input: { project_path: projectPath, target: z.string().min(1).max(200).describe('The element: System, System/Container or System/Container/Component') },
    output: { success: z.boolean(), deleted: z.array(z.string()), message: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    handler: async ({ project_path, target }, { runtime, caller }) => {
      const open = await runtime.project(project_path);
      const element = open.model.require(target.trim(), ['system', 'container', 'component'], 'element');
      const gone = open.model.remove(element.key).map((e) => e.key);
      runtime.syncCall(open, caller.origin, `delete_element ${element.key}`, gone);
      return { success: true, deleted: gone, message: `${element.kind} '${element.key}' deleted${gone.length > 1 ? ` with ${plural(gone.length - 1, 'element')} inside it` : ''}` };
    },
  }),
  tool({
    name: 'preview_diagram',
    title: 'Preview a diagram',
    description: "Compiles and renders D2 without writing anything: the SVG, or INVALID_SYNTAX with D2's message and line. The project's theme and layout apply.",
    access: 'read',
    input: { project_path: projectPath, d2_code: d2Code },
    output: { svg: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: async ({ project_path, d2_code }, { runtime }) => {
      runtime.renderWhileCatchingUp(project_path, d2_code);
      const config = await runtime.diagramConfig(project_path);
      const rendered = await runtime.diagrams.render(d2_code, config);
      if ('error' in rendered) throw new ArchError(Codes.invalidSyntax, `D2 syntax error: ${rendered.error.message}`, 'fix the D2 at that line', rendered.error.line ? `line ${rendered.error.line}` : undefined);
      return { svg: rendered.svg };
    },
  }),
];
