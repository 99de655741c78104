/**
 * The one selector evaluator (style, remove, move, group, layout, list all use it).
 * Each selector is a test on a shape; several intersect; `@not:` negates one. The shapes tested
 * are those of the active page, or of the whole document when a positive `@page:` is present.
 */
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { Selector } from '../../fcp/grammar';
import { SELECTED_SELECTOR, isSelected } from '../../fcp/presence';
import { closestMatches } from '../../kernel/suggest';
import type { ShapeRecord } from '../../../shared/drawio/model';
import { quoteName, resolveGroup, resolveLayer, resolvePage, resolveShape } from './refs';
import { badParam, parsePositiveInt, parseType } from './values';
import { DrawioView, byOrder } from './view';

export const SELECTOR_SYNTAX = [
  '@all',
  '@recent',
  '@recent:N',
  '@orphan',
  '@type:T',
  '@group:NAME',
  '@page:NAME',
  '@layer:NAME',
  '@connected:REF',
  '@selected',
] as const;

const SELECTOR_KINDS = ['all', 'recent', 'orphan', 'type', 'group', 'page', 'layer', 'connected', SELECTED_SELECTOR];
const MAX_RECENT = 100_000;

type Test = (shape: ShapeRecord) => boolean;

function valueOf(selector: Selector): string {
  const value = selector.value?.trim();
  if (!value) {
    throw new StudioError(ErrorCode.missingArg, `${selector.raw} needs a value`, `@${selector.kind}:${example(selector.kind)}`);
  }
  return value;
}

function example(kind: string): string {
  return { type: 'db', group: 'Backend', page: 'Page-1', layer: 'Default', connected: 'AuthService' }[kind] ?? '';
}

/** The shapes that pass every selector, in creation order; empty_selection when none do. */
export function selectShapes(view: DrawioView, selectors: readonly Selector[]): ShapeRecord[] {
  for (const s of selectors) {
    if (!SELECTOR_KINDS.includes(s.kind)) {
      const near = closestMatches(s.kind, SELECTOR_KINDS, 1);
      throw badParam(`unknown selector ${s.raw}${near.length ? `. Did you mean @${near[0]}?` : ''}`, SELECTOR_SYNTAX.join(' '));
    }
  }
  const positivePages = selectors.filter((s) => s.kind === 'page' && !s.negated).map((s) => resolvePage(view, valueOf(s)));
  const scopePageId = positivePages[0]?.id ?? view.meta.activePageId;
  // The person's selection is taken from whichever page they are on.
  const selection = selectors.find((s) => s.kind === SELECTED_SELECTOR && !s.negated)?.selection;
  const universe = positivePages.length
    ? view.pages().flatMap((p) => [...view.pageIndex(p.id).shapes.values()])
    : selection
      ? [...selection.ids].map((id) => view.store.get(id)).filter((r): r is ShapeRecord => r?.kind === 'shape')
      : [...view.page.shapes.values()];

  const tests = selectors.map((selector) => {
    const test = testFor(view, selector, universe, scopePageId);
    return selector.negated ? (shape: ShapeRecord) => !test(shape) : test;
  });
  const selected = universe.filter((shape) => tests.every((t) => t(shape))).sort(byOrder);
  if (selected.length === 0) throw nothingSelected(view, selectors, scopePageId);
  return selected;
}

function testFor(view: DrawioView, selector: Selector, universe: readonly ShapeRecord[], scopePageId: string): Test {
  switch (selector.kind) {
    case 'all':
      return () => true;
    case 'recent': {
      const n = selector.value ? parsePositiveInt('@recent', selector.value, MAX_RECENT) : 1;
      const newest = new Set([...universe].sort(byOrder).slice(-n).map((s) => s.id));
      return (s) => newest.has(s.id);
    }
    case 'orphan':
      return (s) => !view.index.edgesByShape.has(s.id);
    case 'type': {
      const type = parseType(view, valueOf(selector), '@type').name;
      return (s) => s.type === type;
    }
    case 'group': {
      const group = resolveGroup(view, valueOf(selector), scopePageId);
      // A container's shapes include those of the containers nested in it.
      const within = new Set(view.groupsWithin(group.id).map((g) => g.id));
      return (s) => s.groupId !== undefined && within.has(s.groupId);
    }
    case 'page': {
      const page = resolvePage(view, valueOf(selector));
      return (s) => s.pageId === page.id;
    }
    case 'layer': {
      const layer = resolveLayer(view, scopePageId, valueOf(selector));
      return (s) => s.layerId === layer.id;
    }
    case 'connected': {
      const center = resolveShape(view, valueOf(selector), { anyPage: true });
      const neighbours = view.neighbours(center.id);
      return (s) => neighbours.has(s.id);
    }
    case SELECTED_SELECTOR:
      return (s) => isSelected(selector, s.id);
    default:
      throw new StudioError(ErrorCode.internal, `selector ${selector.raw} has no test`);
  }
}

/** What the page holds, so that a selector that matched nothing can be corrected in one step. */
export function describePageContents(view: DrawioView, pageId: string): string {
  const shapes = [...view.pageIndex(pageId).shapes.values()];
  if (shapes.length === 0) return 'it has no shapes';
  const types = new Map<string, number>();
  for (const s of shapes) types.set(s.type, (types.get(s.type) ?? 0) + 1);
  const typeList = [...types].map(([t, n]) => `${n} ${t}`).join(', ');
  const groups = [...view.pageIndex(pageId).groups.values()].map((g) => quoteName(g.name));
  const layers = view.layers(pageId).map((l) => quoteName(l.name));
  return (
    `it has ${shapes.length} shape${shapes.length === 1 ? '' : 's'}: ${typeList}` +
    (groups.length ? `; groups: ${groups.join(', ')}` : '; no groups') +
    `; layers: ${layers.join(', ')}`
  );
}

function nothingSelected(view: DrawioView, selectors: readonly Selector[], pageId: string): StudioError {
  const selection = selectors.find((s) => s.kind === SELECTED_SELECTOR)?.selection;
  if (selection && selectors.length === 1) {
    return new StudioError(
      ErrorCode.emptySelection,
      `@selected: the person's selection (${selection.window}) holds no shapes (${selection.count} selected: edges only)`,
      'drawio_query selection (what is selected)',
    );
  }
  const page = view.store.get(pageId);
  const pageName = page?.kind === 'page' ? page.name : pageId;
  const what = selectors.map((s) => s.raw).join(' ') || '(no selector)';
  const empty = view.pageIndex(pageId).shapes.size === 0;
  return new StudioError(
    ErrorCode.emptySelection,
    `${what} matches no shape on page "${pageName}" (${describePageContents(view, pageId)})`,
    empty ? 'add svc AuthService' : 'list (every shape with its type and group)',
  );
}

export interface Targets {
  shapes: ShapeRecord[];
  /** How answers name the targets: the alias of one shape, or the selectors as written. */
  label: string;
}

/**
 * The shapes a `REF|@SEL` verb acts on: the shapes named by `refs` plus those the selectors pick
 * (selectors intersect with each other, refs add to them). Missing both is a missing_arg error.
 */
export function resolveTargets(view: DrawioView, refs: readonly string[], selectors: readonly Selector[], syntax: string): Targets {
  if (refs.length === 0 && selectors.length === 0) {
    throw new StudioError(ErrorCode.missingArg, 'missing the shape(s) to act on: a ref or a @selector', syntax);
  }
  const byId = new Map<string, ShapeRecord>();
  if (selectors.length) for (const s of selectShapes(view, selectors)) byId.set(s.id, s);
  const named = refs.map((ref) => resolveShape(view, ref));
  for (const s of named) byId.set(s.id, s);
  const label = [...named.map((s) => quoteName(s.alias)), ...selectors.map((s) => s.raw)].join(' ');
  return { shapes: [...byId.values()].sort(byOrder), label };
}
