/**
 * References: how a word in an op names a shape, a group, a page or a layer.
 *
 * A plain shape ref matches on the active page, in order: the alias (case-insensitive), the
 * display text, the normalized name (no `-`, `_` or spaces), a unique normalized prefix.
 * Qualified forms: `db:UserDB` (type), `Backend/UserDB` (group or page), `#s12` (stable id).
 */
import { ErrorCode, StudioError } from '../../kernel/errors';
import { closestMatches } from '../../kernel/suggest';
import type { EdgeRecord, GroupRecord, LayerRecord, PageRecord, ShapeRecord } from '../../../shared/drawio/model';
import { findType } from './values';
import type { DrawioView } from './view';

export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

/**
 * The items matching `query` in the first tier that matches anything: exact (ignoring case),
 * normalized, then normalized prefix. More than one result means the query is ambiguous.
 */
export function matchNames<T>(items: Iterable<T>, namesOf: (item: T) => readonly string[], query: string): T[] {
  const lower = query.toLowerCase();
  const normalized = normalizeName(query);
  const tiers: T[][] = [[], [], []];
  for (const item of items) {
    const names = namesOf(item);
    if (names.some((n) => n.toLowerCase() === lower)) tiers[0].push(item);
    else if (normalized && names.some((n) => normalizeName(n) === normalized)) tiers[1].push(item);
    else if (normalized && names.some((n) => normalizeName(n).startsWith(normalized))) tiers[2].push(item);
  }
  return tiers.find((t) => t.length > 0) ?? [];
}

/** A name as it appears in answers: quoted when it would not survive as one bare word. */
export function quoteName(name: string): string {
  return /^[^\s"'@#:]+$/.test(name) && !/(<->|->|--)/.test(name) ? name : JSON.stringify(name);
}

export interface ShapeRefOptions {
  /** Accept a shape on another page (queries); verbs act on the active page only. */
  anyPage?: boolean;
}

export function resolveShape(view: DrawioView, ref: string, options: ShapeRefOptions = {}): ShapeRecord {
  const text = ref.trim();
  if (!text) throw new StudioError(ErrorCode.missingArg, 'empty shape reference', 'AuthService, db:UserDB, Backend/UserDB or #s3');
  const shape = resolveAnyPage(view, text);
  if (!options.anyPage && shape.pageId !== view.meta.activePageId) {
    const page = view.store.get<PageRecord>(shape.pageId);
    throw new StudioError(
      ErrorCode.unknownRef,
      `${quoteName(shape.alias)} is on page "${page?.name}", not on the active page "${view.activePage.name}"`,
      `page switch ${page?.name}`,
    );
  }
  return shape;
}

/** The edge `#ID` names (describe, map and list show edges' ids), else undefined. */
export function edgeById(view: DrawioView, ref: string): EdgeRecord | undefined {
  const text = ref.trim();
  return text.startsWith('#') ? view.edge(text.slice(1)) : undefined;
}

/**
 * What an edge's end is attached to: the shape `ref` names, else the container (group) of that
 * name on the active page; the shape's error when it names neither.
 */
export function resolveEnd(view: DrawioView, ref: string): ShapeRecord | GroupRecord {
  try {
    return resolveShape(view, ref);
  } catch (err) {
    if (!(err instanceof StudioError) || err.code !== ErrorCode.unknownRef) throw err;
    const name = ref.trim().replace(/^group:/, '');
    const group = [...view.page.groups.values()].find((g) => g.name.toLowerCase() === name.toLowerCase() || g.id === name.replace(/^#/, ''));
    if (group) return group;
    throw err;
  }
}

function resolveAnyPage(view: DrawioView, text: string): ShapeRecord {
  const activePageId = view.meta.activePageId;
  if (text.startsWith('#')) {
    const shape = view.shape(text.slice(1));
    if (!shape) throw new StudioError(ErrorCode.unknownRef, `no shape with id ${text}`, 'list (shows every shape)');
    return shape;
  }
  const colon = text.indexOf(':');
  if (colon > 0) {
    const type = findType(view, text.slice(0, colon));
    if (type) {
      const ofType = [...view.pageIndex(activePageId).shapes.values()].filter((s) => s.type === type.name);
      return pick(view, text.slice(colon + 1), text, ofType, `the ${type.name} shapes of page "${view.activePage.name}"`);
    }
  }
  const slash = text.indexOf('/');
  if (slash > 0) {
    const scopeName = text.slice(0, slash);
    const name = text.slice(slash + 1);
    const groups = matchNames(view.pageIndex(activePageId).groups.values(), (g) => [g.name, g.text], scopeName);
    if (groups.length === 1) return pick(view, name, text, view.membersOf(groups[0].id), `group "${groups[0].name}"`);
    const pages = matchNames(view.pages(), (p) => [p.name], scopeName);
    if (pages.length === 1) {
      return pick(view, name, text, view.pageIndex(pages[0].id).shapes.values(), `page "${pages[0].name}"`, pages[0].id);
    }
  }
  return pick(view, text, text, view.pageIndex(activePageId).shapes.values(), `page "${view.activePage.name}"`, activePageId);
}

/**
 * Resolves `name` among `candidates`. `pageId` is set when the candidates are a whole page, so
 * the alias map gives the common case in O(1).
 */
function pick(
  view: DrawioView,
  name: string,
  fullRef: string,
  candidates: Iterable<ShapeRecord>,
  scope: string,
  pageId?: string,
): ShapeRecord {
  if (pageId) {
    const id = view.pageIndex(pageId).aliases.get(name.toLowerCase());
    if (id) return view.shape(id)!;
  }
  const list = [...candidates];
  const matches = matchNames(list, (s) => [s.alias, s.text], name);
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) throw ambiguous(view, fullRef, matches);
  throw unknownShape(view, fullRef, name, list, scope);
}

function ambiguous(view: DrawioView, ref: string, matches: ShapeRecord[]): StudioError {
  const shown = matches.slice(0, 5);
  const typeCounts = new Map<string, number>();
  for (const s of matches) typeCounts.set(s.type, (typeCounts.get(s.type) ?? 0) + 1);
  const qualified = shown.map((s) => {
    if (typeCounts.get(s.type) === 1) return `${s.type}:${quoteName(s.alias)}`;
    const group = s.groupId ? view.group(s.groupId) : undefined;
    return group ? `${quoteName(group.name)}/${quoteName(s.alias)}` : `#${s.id}`;
  });
  const more = matches.length > shown.length ? ` and ${matches.length - shown.length} more` : '';
  return new StudioError(
    ErrorCode.ambiguousRef,
    `ambiguous ref "${ref}": matches ${shown.map((s) => `${quoteName(s.alias)} (${s.type})`).join(', ')}${more}`,
    `use the full name or qualify it: ${qualified.join(', ')}`,
  );
}

function unknownShape(view: DrawioView, ref: string, name: string, candidates: ShapeRecord[], scope: string): StudioError {
  const lower = name.toLowerCase();
  // The name on another page is the likeliest miss after a page switch.
  for (const page of view.pages()) {
    if (page.id === view.meta.activePageId) continue;
    if (view.pageIndex(page.id).aliases.has(lower)) {
      return new StudioError(
        ErrorCode.unknownRef,
        `unknown ref "${ref}" on page "${view.activePage.name}"; it is on page "${page.name}"`,
        `page switch ${page.name}, or ${quoteName(page.name)}/${name}`,
      );
    }
  }
  const group = matchNames(view.page.groups.values(), (g) => [g.name], name)[0];
  if (group) {
    return new StudioError(ErrorCode.unknownRef, `"${ref}" is a group, not a shape`, `@group:${quoteName(group.name)}`);
  }
  const near = closestMatches(name, candidates.map((s) => s.alias));
  if (near.length) {
    return new StudioError(ErrorCode.unknownRef, `unknown ref "${ref}". Did you mean "${near[0]}"?`, near.map(quoteName).join(' or '));
  }
  if (candidates.length === 0) {
    return new StudioError(ErrorCode.unknownRef, `unknown ref "${ref}": there are no shapes in ${scope}`, 'add svc AuthService');
  }
  const names = candidates.slice(0, 8).map((s) => quoteName(s.alias));
  const more = candidates.length > names.length ? ', ...' : '';
  return new StudioError(ErrorCode.unknownRef, `unknown ref "${ref}" in ${scope} (has ${names.join(', ')}${more})`, 'list, or find TEXT');
}

/** Resolves one of a few named things (groups, pages, layers) with the same tiers as shapes. */
function resolveNamed<T extends { name: string }>(kind: string, items: T[], name: string, extraNames: (t: T) => string[], create: string): T {
  const matches = matchNames(items, (t) => [t.name, ...extraNames(t)], name);
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw new StudioError(ErrorCode.ambiguousRef, `ambiguous ${kind} "${name}": matches ${matches.map((m) => m.name).join(', ')}`, 'use the full name');
  }
  const near = closestMatches(name, items.map((t) => t.name));
  if (near.length) throw new StudioError(ErrorCode.unknownRef, `unknown ${kind} "${name}". Did you mean "${near[0]}"?`, near.join(' or '));
  const have = items.length ? ` (have: ${items.map((t) => t.name).join(', ')})` : ' (there are none)';
  throw new StudioError(ErrorCode.unknownRef, `unknown ${kind} "${name}"${have}`, create);
}

export function resolveGroup(view: DrawioView, name: string, pageId = view.meta.activePageId): GroupRecord {
  const groups = [...view.pageIndex(pageId).groups.values()];
  return resolveNamed('group', groups, name, (g) => [g.text], `group REF REF as:${name}`);
}

export function resolvePage(view: DrawioView, name: string): PageRecord {
  return resolveNamed('page', view.pages(), name, () => [], `page add ${name}`);
}

export function resolveLayer(view: DrawioView, pageId: string, name: string): LayerRecord {
  return resolveNamed('layer', view.layers(pageId), name, () => [], `layer create ${name}`);
}
