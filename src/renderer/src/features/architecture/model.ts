/**
 * The Architecture view's reading of the architecture domain's records (shared/architecture-records.ts)
 * and of its answers: the projects, the C4 tree, what a reveal target names, where an error points.
 * Pure functions, tested on their own.
 */
import {
  type ArchElementRecord,
  type ArchProjectRecord,
  type ArchValidationRecord,
  ARCHITECTURE_DOMAIN,
  type ElementKind,
  type Finding,
  validationRecordId,
} from '../../../../shared/architecture-records';
import type { ActivityEntry } from '../../stores/document-store';
import { type ToolCallError, type ToolDomainState, recordsOf } from '../../stores/tool-domain-store';

export { ARCHITECTURE_DOMAIN };

/** The tools the view calls, as an MCP client would. */
export const ARCH_TOOLS = {
  init: 'init_project',
  createSystem: 'create_system',
  createContainer: 'create_container',
  createComponent: 'create_component',
  update: 'update_element',
  remove: 'delete_element',
  preview: 'preview_diagram',
  saveDiagram: 'update_diagram',
  validate: 'validate',
  build: 'build_docs',
} as const;

/** The project a workspace's view shows without being told: `architecture/` (loko's default). */
export const DEFAULT_PROJECT = 'architecture';

type Records = Pick<ToolDomainState, 'records'>;

/** The projects open in the core, by folder. */
export function projectsOf(s: Records): ArchProjectRecord[] {
  return [...recordsOf<ArchProjectRecord>(s, 'project').values()].sort((a, b) => a.project.localeCompare(b.project));
}

/** The project on screen: the chosen one, else the default one, else the first; undefined when none is open. */
export function shownProject(s: Records, chosen?: string): ArchProjectRecord | undefined {
  const projects = projectsOf(s);
  return projects.find((p) => p.project === chosen) ?? projects.find((p) => p.project === DEFAULT_PROJECT) ?? projects[0];
}

const ELEMENT_KINDS: readonly ElementKind[] = ['system', 'container', 'component'];

/** Every element of `project`, systems first, in key order. */
export function elementsOf(s: Records, project: string | undefined): ArchElementRecord[] {
  if (project === undefined) return [];
  return ELEMENT_KINDS.flatMap((kind) => [...recordsOf<ArchElementRecord>(s, kind).values()].filter((e) => e.project === project)).sort((a, b) => a.key.localeCompare(b.key));
}

export function validationOf(s: Records, project: string | undefined): ArchValidationRecord | undefined {
  return project === undefined ? undefined : recordsOf<ArchValidationRecord>(s, 'validation').get(validationRecordId(project));
}

/** The element with this record id, whatever its kind. */
export function elementById(s: Records, id: string | undefined): ArchElementRecord | undefined {
  if (!id) return undefined;
  const kind = id.slice(0, id.indexOf(':')) as ElementKind;
  return ELEMENT_KINDS.includes(kind) ? recordsOf<ArchElementRecord>(s, kind).get(id) : undefined;
}

export interface TreeNode {
  element: ArchElementRecord;
  children: TreeNode[];
}

/**
 * The C4 tree of a project's elements: systems at the top, containers under their system, components
 * under their container, each level by name. An element whose parent is missing (a record not
 * arrived yet) shows at the top rather than not at all.
 */
export function buildTree(elements: readonly ArchElementRecord[]): TreeNode[] {
  const nodes = new Map(elements.map((element) => [element.id, { element, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.element.parent ? nodes.get(node.element.parent) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const byName = (a: TreeNode, b: TreeNode) => a.element.name.localeCompare(b.element.name) || a.element.key.localeCompare(b.element.key);
  const sort = (list: TreeNode[]) => {
    list.sort(byName);
    for (const node of list) sort(node.children);
    return list;
  };
  return sort(roots);
}

/** The rows the tree shows, top to bottom: every node whose ancestors are all open. */
export function visibleRows(tree: readonly TreeNode[], collapsed: ReadonlySet<string>): TreeNode[] {
  return tree.flatMap((node) => [node, ...(collapsed.has(node.element.id) ? [] : visibleRows(node.children, collapsed))]);
}

export type TreeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/**
 * What a key does in the tree (as in a file tree): up and down move between the rows shown, right
 * opens a closed branch or goes to its first child, left closes an open branch or goes to the parent.
 */
export function treeKeyAction(rows: readonly TreeNode[], collapsed: ReadonlySet<string>, selected: string | undefined, key: TreeKey): { select: string } | { toggle: string } | undefined {
  const at = rows.findIndex((row) => row.element.id === selected);
  const row = rows[at];
  const select = (target: TreeNode | undefined) => (target ? { select: target.element.id } : undefined);
  switch (key) {
    case 'Home':
      return select(rows[0]);
    case 'End':
      return select(rows[rows.length - 1]);
    case 'ArrowDown':
      return select(at < 0 ? rows[0] : rows[at + 1]);
    case 'ArrowUp':
      return select(at < 0 ? rows[rows.length - 1] : rows[at - 1]);
    case 'ArrowRight':
      if (!row || row.children.length === 0) return undefined;
      return collapsed.has(row.element.id) ? { toggle: row.element.id } : select(row.children[0]);
    case 'ArrowLeft':
      if (!row) return undefined;
      if (row.children.length > 0 && !collapsed.has(row.element.id)) return { toggle: row.element.id };
      return row.element.parent ? { select: row.element.parent } : undefined;
  }
}

/** The record ids of an element's ancestors, the system first: what must be open for it to show. */
export function ancestorIds(elements: readonly ArchElementRecord[], element: ArchElementRecord): string[] {
  const byId = new Map(elements.map((e) => [e.id, e]));
  const out: string[] = [];
  for (let parent = element.parent; parent; parent = byId.get(parent)?.parent) out.unshift(parent);
  return out;
}

/**
 * The element a reveal target names (a link from a task such as `architecture:Payments/API`): its
 * record id, its key (`Payments/API`, any case), or where unique its id (`API`) or display name
 * (`Payments API`). Undefined when nothing, or more than one element, matches.
 */
export function matchTarget(elements: readonly ArchElementRecord[], target: string): ArchElementRecord | undefined {
  const trimmed = target.trim();
  const prefix = `${ARCHITECTURE_DOMAIN}:`;
  const wanted = (trimmed.startsWith(prefix) ? trimmed.slice(prefix.length) : trimmed).replace(/^\/+|\/+$/g, '');
  if (!wanted) return undefined;
  const lower = wanted.toLowerCase();
  const unique = (matches: ArchElementRecord[]) => (matches.length === 1 ? matches[0] : undefined);
  return (
    elements.find((e) => e.id === wanted || e.key === wanted) ??
    unique(elements.filter((e) => e.key.toLowerCase() === lower)) ??
    unique(elements.filter((e) => e.elementId.toLowerCase() === lower)) ??
    unique(elements.filter((e) => e.name.toLowerCase() === lower))
  );
}

/** The arguments that name `element` to the tools: its project and its key. */
export const targetArgs = (element: ArchElementRecord) => ({ project_path: element.project, target: element.key });

/** Whether an element has a diagram the tools can replace (update_diagram takes systems and containers). */
export const hasEditableDiagram = (element: ArchElementRecord) => element.kind !== 'component';

/** The line a D2 error points at: `line 3: ...` in D2's message, or `file.d2:3` in the details. */
export function errorLine(error: Pick<ToolCallError, 'message' | 'details'>): number | undefined {
  const text = `${error.message} ${typeof error.details === 'string' ? error.details : ''}`;
  const match = /\bline (\d+)\b|\.d2:(\d+)/.exec(text);
  return match ? Number(match[1] ?? match[2]) : undefined;
}

/** The line of a finding's location (`src/A/system.d2:4`), if it names one. */
export function findingLine(finding: Finding): number | undefined {
  const match = /:(\d+)$/.exec(finding.location);
  return match ? Number(match[1]) : undefined;
}

/** A finding about D2 source, which the view opens in the D2 editor at its line. */
export const isD2Finding = (finding: Finding) => finding.code.startsWith('D2_') || /\.d2(:\d+)?$/.test(finding.location);

/** The kinds a new element can be, given the element selected: a container needs a system, a component a container. */
export function creatableKinds(selected: ArchElementRecord | undefined): ElementKind[] {
  if (!selected) return ['system'];
  return selected.kind === 'system' ? ['system', 'container'] : ['system', 'container', 'component'];
}

/** Where a new element of `kind` goes, given the element selected: the system and container ids to name. */
export function parentKeys(selected: ArchElementRecord | undefined, kind: ElementKind): { system?: string; container?: string } {
  if (!selected || kind === 'system') return {};
  const [system, container] = selected.key.split('/');
  return kind === 'container' ? { system } : { system, container };
}

/** The SVG of a diagram as an image address: shown in an <img>, no script in it can run. */
export function svgImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The activity (newest first) without the progress ticks of a long call: a build publishes its
 * progress as it goes, each an entry with the call's name and no lines, just before (older than) the
 * entry that ends it. An entry like the newer one kept (same origin and ops) and without lines of its
 * own is left out.
 */
export function foldProgress(activity: readonly ActivityEntry[]): ActivityEntry[] {
  const kept: ActivityEntry[] = [];
  for (const entry of activity) {
    const newer = kept[kept.length - 1];
    const tick = newer && entry.lines.length === 0 && entry.origin === newer.origin && entry.ops.length === newer.ops.length && entry.ops.every((op, i) => op === newer.ops[i]);
    if (!tick) kept.push(entry);
  }
  return kept;
}
