/**
 * validate's rules, each with a stable code and a location (file or folder relative to the project,
 * `:line` where one is known). Errors block a build; warnings do not, unless `strict`.
 *
 * Errors: DUPLICATE_SYSTEM_ID, DUPLICATE_CONTAINER_ID, DUPLICATE_COMPONENT_ID (ids differing only in
 * case clash on case-insensitive disks and in loko's URLs), UNKNOWN_SYSTEM / UNKNOWN_CONTAINER (a
 * frontmatter `system:`/`container:` naming an element that does not exist or is not the parent),
 * DANGLING_RELATIONSHIP, MISSING_REQUIRED_FILE, INVALID_FRONTMATTER, INVALID_ELEMENT_ID,
 * FILE_TOO_LARGE, INVALID_CONFIG, D2_SYNTAX_ERROR, CIRCULAR_DEPENDENCY.
 * Warnings: ORPHANED_FILE, UNREFERENCED_SYSTEM, UNREFERENCED_CONTAINER, MISSING_DESCRIPTION,
 * EMPTY_SYSTEM, EMPTY_CONTAINER, MISSING_DIAGRAM, OUTDATED_DIAGRAM (and, from the tool, D2_NOT_CHECKED).
 */
import { existsSync, statSync } from 'node:fs';
import { elementRecordId, type Finding } from '../../../shared/architecture-records';
import type { D2SyntaxError } from './d2-common';
import type { ProjectModel } from './model';
import type { ElementData } from './project';
import { CONFIG_FILE } from './project-files';

export interface ValidationResult {
  errors: Finding[];
  warnings: Finding[];
}

export interface ValidationInputs {
  /** D2's verdict on each element's diagram, by element key: undefined when it compiles. */
  d2Errors: ReadonlyMap<string, D2SyntaxError>;
  /** Where the rendered SVG of an element's diagram would be (absolute), for the outdated check. */
  renderedSvg(element: ElementData): string;
}

const ID_CLASH: Record<ElementData['kind'], string> = { system: 'DUPLICATE_SYSTEM_ID', container: 'DUPLICATE_CONTAINER_ID', component: 'DUPLICATE_COMPONENT_ID' };

export function validateProject(model: ProjectModel, inputs: ValidationInputs): ValidationResult {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const at = (element: ElementData) => elementRecordId(element.kind, model.rel, element.key);
  const error = (code: string, message: string, location: string, element?: ElementData) => errors.push({ code, message, location, ...(element ? { element: at(element) } : {}) });
  const warn = (code: string, message: string, location: string, element?: ElementData) => warnings.push({ code, message, location, ...(element ? { element: at(element) } : {}) });

  if (model.data.configProblem) {
    const { message, line } = model.data.configProblem;
    error('INVALID_CONFIG', `${CONFIG_FILE} is not valid TOML: ${message}`, `${CONFIG_FILE}${line ? `:${line}` : ''}`);
  }
  if (model.data.sourceProblem) error('UNREADABLE_SOURCE', model.data.sourceProblem, `${model.config.sourceDir}/`);

  // Ids unique among siblings, whatever their case.
  const siblings = new Map<string, ElementData>();
  for (const element of model.elements) {
    const parent = element.key.includes('/') ? element.key.slice(0, element.key.lastIndexOf('/')) : '';
    const slot = `${element.kind}|${parent}|${element.id.toLowerCase()}`;
    const first = siblings.get(slot);
    if (first) {
      const scope = parent ? ` within ${first.kind === 'container' ? 'system' : 'container'} '${parent}'` : ' within the project';
      error(ID_CLASH[element.kind], `${element.kind} id '${element.id}' is not unique${scope}: it clashes with '${first.id}'`, `${element.dir}/`, element);
    } else siblings.set(slot, element);
  }

  for (const element of model.elements) {
    for (const problem of element.problems) error(problem.code, problem.message, problem.location, element);

    // A container's or component's frontmatter may name its parents: they must be the real ones.
    const [systemId, containerId] = element.key.split('/');
    for (const [field, expected, code] of [['system', systemId, 'UNKNOWN_SYSTEM'], ['container', containerId, 'UNKNOWN_CONTAINER']] as const) {
      const named = element.extra[field];
      if (element.kind === 'system' || (field === 'container' && element.kind !== 'component') || typeof named !== 'string') continue;
      if (named !== expected && model.find(named, [field]) === undefined) error(code, `${element.kind} '${element.key}' references ${field} '${named}', which does not exist`, element.mdPath, element);
      else if (named !== expected && !named.endsWith(`/${expected}`)) error(code, `${element.kind} '${element.key}' says it belongs to ${field} '${named}', but its folder is in '${expected}'`, element.mdPath, element);
    }

    // Frontmatter and diagram arrows merged, as loko's graph has them.
    for (const relation of model.relationshipsOf(element)) {
      if (relation.targetKey) continue;
      const where = relation.declaredIn === 'diagram' ? `${element.d2Path}:${relation.line}` : element.mdPath;
      error('DANGLING_RELATIONSHIP', `${element.kind} '${element.key}' has a relationship to '${relation.target}', which does not exist (or is ambiguous)`, where, element);
    }

    const d2Error = inputs.d2Errors.get(element.key);
    if (d2Error && element.d2Path) error('D2_SYNTAX_ERROR', `D2 syntax error: ${d2Error.message}`, `${element.d2Path}${d2Error.line ? `:${d2Error.line}` : ''}`, element);

    if (!element.description && !element.problems.some((p) => p.code === 'MISSING_REQUIRED_FILE')) warn('MISSING_DESCRIPTION', `${element.kind} '${element.key}' has no description`, element.mdPath, element);
    if (element.kind !== 'component' && !element.d2Path) warn('MISSING_DIAGRAM', `${element.kind} '${element.key}' has no diagram`, `${element.dir}/${element.kind}.d2`, element);
    if (element.d2Path && element.d2Mtime !== undefined && !d2Error) {
      const svg = inputs.renderedSvg(element);
      if (existsSync(svg) && statSync(svg).mtimeMs < element.d2Mtime) warn('OUTDATED_DIAGRAM', `the rendered diagram of '${element.key}' is older than its D2 source`, element.d2Path, element);
    }
  }

  for (const cycle of relationshipCycles(model)) {
    const path = [...cycle, cycle[0]].join(' -> ');
    const first = model.get(cycle[0])!;
    error('CIRCULAR_DEPENDENCY', `circular dependency: ${path}`, first.mdPath, first);
  }

  for (const stray of model.data.strays) warn('ORPHANED_FILE', `${stray.path} is ${stray.why}`, stray.path);

  // Referenced: a relationship touches it, or (for a container) its system's diagram names its id.
  const touched = new Set<string>();
  for (const element of model.elements) {
    for (const relation of model.relationshipsOf(element)) {
      touched.add(element.key);
      if (relation.targetKey) touched.add(relation.targetKey);
    }
  }
  const systems = model.ofKind('system');
  for (const system of systems) {
    const containers = model.childrenOf(system.key);
    if (containers.length === 0) warn('EMPTY_SYSTEM', `system '${system.key}' has no containers`, `${system.dir}/`, system);
    if (systems.length > 1 && !touched.has(system.key) && !containers.some((c) => touched.has(c.key))) {
      warn('UNREFERENCED_SYSTEM', `system '${system.key}' has no relationship to or from any other element`, `${system.dir}/`, system);
    }
    for (const container of containers) {
      const named = system.d2 !== undefined && new RegExp(`(^|[^A-Za-z0-9_-])${escape(container.id)}([^A-Za-z0-9_-]|$)`).test(system.d2);
      if (!touched.has(container.key) && !named) warn('UNREFERENCED_CONTAINER', `Container '${container.id}' exists but not referenced (no relationship, not in ${system.id}'s diagram)`, `${container.dir}/`, container);
    }
  }
  for (const container of model.ofKind('container')) {
    if (model.childrenOf(container.key).length === 0) warn('EMPTY_CONTAINER', `container '${container.key}' has no components`, `${container.dir}/`, container);
  }
  return { errors, warnings };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each cycle of the relationship graph (frontmatter and diagram arrows merged) once (its elements in order), found with Tarjan's strongly connected components. */
export function relationshipCycles(model: ProjectModel): string[][] {
  const edges = new Map<string, string[]>();
  for (const element of model.elements) {
    edges.set(element.key, model.relationshipsOf(element).flatMap((relation) => (relation.targetKey ? [relation.targetKey] : [])));
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = component.length === 1 && (edges.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) cycles.push(orderCycle(component, edges));
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

/** The members of a strongly connected component in the order of one walk through them. */
function orderCycle(component: string[], edges: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const order = [start];
  let at = start;
  while (order.length < component.length) {
    const step = (edges.get(at) ?? []).find((to) => members.has(to) && !order.includes(to));
    if (!step) break;
    order.push(step);
    at = step;
  }
  return order;
}
