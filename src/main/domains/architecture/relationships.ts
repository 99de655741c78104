/**
 * The relationship graph as loko builds it: an element's frontmatter relationships and, for a
 * component, the arrows of its component.d2 that leave it, merged into one edge per source →
 * target (the frontmatter's edge, with its description, wins over an arrow to the same target).
 *
 * A target is an element's path (`system/container/component`), or a bare id: a component of the
 * same container first, then the one element of the project with that id (loko's short ids; when
 * several have it, the one that is not the source itself). D2 ids match without regard to case.
 * A frontmatter target that names nothing is kept, unresolved, for validate to report; so is a
 * diagram arrow to a path (`a/b`); an arrow to a plain name that is no element is a shape of the
 * diagram only (a queue, a database, a person), not a relationship, as in loko.
 */
import type { Relationship } from '../../../shared/architecture-records';
import type { ElementData } from './project';

export interface ResolvedRelationship extends Relationship {
  /** Where it was declared: the frontmatter, or an arrow of the component's diagram. */
  readonly declaredIn: 'frontmatter' | 'diagram';
  /** The target element's key; absent when the target names no element (a dangling reference). */
  readonly targetKey?: string;
  /** As written, when it differs from the key it resolved to. */
  readonly written?: string;
  /** The .d2 line of an arrow. */
  readonly line?: number;
}

export interface ElementIndex {
  get(key: string): ElementData | undefined;
  readonly elements: readonly ElementData[];
}

const parentKey = (key: string) => (key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '');

/** The element a relationship of `from` names, or undefined when it names none (or several). */
export function resolveTarget(index: ElementIndex, from: ElementData, target: string): ElementData | undefined {
  const exact = index.get(target);
  if (exact) return exact;
  const lower = target.toLowerCase();
  const like = (e: ElementData) => (target.includes('/') ? e.key.toLowerCase() === lower : e.id.toLowerCase() === lower);
  const matches = index.elements.filter(like);
  if (matches.length <= 1) return matches[0];
  if (target.includes('/')) return undefined;
  // A short id: a sibling component first, then the one element that is not the source itself.
  const siblings = matches.filter((e) => e !== from && from.kind === 'component' && e.kind === 'component' && parentKey(e.key) === parentKey(from.key));
  if (siblings.length === 1) return siblings[0];
  const others = matches.filter((e) => e !== from);
  return others.length === 1 ? others[0] : undefined;
}

/** An element's relationships, merged and resolved, in order: frontmatter first, then the diagram's arrows. */
export function mergedRelationships(index: ElementIndex, element: ElementData): ResolvedRelationship[] {
  const out: ResolvedRelationship[] = [];
  const seen = new Set<string>();
  const add = (relationship: Relationship, target: ElementData | undefined, declaredIn: ResolvedRelationship['declaredIn'], line?: number) => {
    const edge = target ? target.key : `?${relationship.target}`;
    if (seen.has(edge)) return;
    seen.add(edge);
    out.push({
      ...relationship,
      target: target?.key ?? relationship.target,
      declaredIn,
      ...(target ? { targetKey: target.key } : {}),
      ...(target && target.key !== relationship.target ? { written: relationship.target } : {}),
      ...(line !== undefined ? { line } : {}),
    });
  };
  for (const relationship of element.relationships) add(relationship, resolveTarget(index, element, relationship.target), 'frontmatter');
  for (const arrow of element.diagramRelationships) {
    const target = resolveTarget(index, element, arrow.target);
    // An arrow to a plain name that is no element: a shape of the diagram only.
    if (target || arrow.target.includes('/')) add({ target: arrow.target, ...(arrow.label ? { description: arrow.label } : {}) }, target, 'diagram', arrow.line);
  }
  return out;
}
