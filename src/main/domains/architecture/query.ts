/**
 * The answers of query_project and query_architecture, built from the model: query_architecture's
 * scope (project, system, container), target and detail (summary, structure, full) as the contract
 * shows them, each level of detail a superset of the one before.
 */
import type { ElementData } from './project';
import { ArchError, Codes } from './errors';
import type { ProjectModel } from './model';

export type Scope = 'project' | 'system' | 'container';
export type Detail = 'summary' | 'structure' | 'full';

export function projectOverview(model: ProjectModel, times: { created_at?: string; updated_at?: string }) {
  const systems = model.ofKind('system');
  return {
    name: model.config.name,
    description: model.config.description,
    version: model.config.version,
    system_count: systems.length,
    total_containers: model.ofKind('container').length,
    ...times,
    systems: systems.map((s) => ({ id: s.id, name: s.name, container_count: model.childrenOf(s.key).length })),
  };
}

const optional = (field: string, value: string | undefined) => (value ? { [field]: value } : {});

/** As loko's graph has them: the target's path, what the relationship does, where it was declared. */
function relationshipsOf(model: ProjectModel, element: ElementData) {
  const merged = model.relationshipsOf(element);
  if (!merged.length) return {};
  return {
    relationships: merged.map((r) => ({
      target: r.target,
      ...optional('description', r.description),
      ...optional('technology', r.technology),
      declared_in: r.declaredIn,
      ...(r.targetKey ? {} : { unresolved: true }),
    })),
  };
}

/** An element at `structure` detail: id, name, description; at `full`: everything the frontmatter says, and its relationships merged with its diagram's arrows. */
function describe(model: ProjectModel, element: ElementData, detail: Detail) {
  const base = { id: element.id, name: element.name, ...optional('description', element.description) };
  if (detail !== 'full') return base;
  return {
    ...base,
    ...optional('technology', element.technology),
    ...(element.tags.length ? { tags: element.tags } : {}),
    ...relationshipsOf(model, element),
    path: element.dir,
  };
}

function container(model: ProjectModel, element: ElementData, detail: Detail) {
  const components = model.childrenOf(element.key);
  if (detail === 'summary') return { id: element.id, name: element.name, components: components.length };
  return { ...describe(model, element, detail), components: components.map((c) => describe(model, c, detail)) };
}

function system(model: ProjectModel, element: ElementData, detail: Detail) {
  const containers = model.childrenOf(element.key);
  if (detail === 'summary') {
    return { id: element.id, name: element.name, containers: containers.length, components: containers.reduce((n, c) => n + model.childrenOf(c.key).length, 0) };
  }
  const children = containers.map((c) => (detail === 'full' ? container(model, c, detail) : { id: c.id, name: c.name }));
  return { ...describe(model, element, detail), containers: children };
}

export function queryArchitecture(model: ProjectModel, scope: Scope, target: string | undefined, detail: Detail) {
  if (scope === 'project') {
    if (target) throw new ArchError(Codes.invalidInput, 'target is for system or container scope; the project scope covers everything', 'leave target out, or set scope: "system"');
    if (detail === 'full') throw new ArchError(Codes.invalidInput, 'full detail requires target (system or container)', 'scope: "system", target: "<SystemId>", detail: "full"; or detail: "structure" for the whole project');
    const systems = model.ofKind('system');
    if (detail === 'summary') {
      return { type: 'summary', systems: systems.length, containers: model.ofKind('container').length, components: model.ofKind('component').length, system_names: systems.map((s) => s.id) };
    }
    return { type: 'structure', systems: systems.map((s) => system(model, s, 'structure')) };
  }
  if (!target) throw new ArchError(Codes.invalidInput, `${scope} scope requires target (the ${scope}'s id)`, `target: "${model.ofKind(scope)[0]?.key ?? (scope === 'system' ? 'PaymentService' : 'PaymentService/API')}"`);
  const element = model.require(target, [scope], scope === 'system' ? 'system' : 'container');
  // In full, the target's diagram as it is on disk (what the person may have just edited in the view).
  const diagram = detail === 'full' && element.d2 !== undefined ? { diagram: { path: element.d2Path, d2: element.d2 } } : {};
  return scope === 'system'
    ? { type: detail, system: { ...system(model, element, detail), ...diagram } }
    : { type: detail, system_id: element.key.split('/')[0], container: { ...container(model, element, detail), ...diagram } };
}
