/**
 * How an FCP document meets presence (issue 14): the `@selected` selector, bound to the person's
 * selection in the domain's view before a verb or query sees it, and the reads a query reports so
 * the view can mark what an MCP client looked at. The studio supplies a DocumentPresence
 * (core/presence.ts); a document standing alone has none, and `@selected` then says so.
 */
import { ErrorCode, StudioError } from '../kernel/errors';
import type { ParsedOp, SelectedRecords } from './grammar';

export type { SelectedRecords };

/** `@selected`: the person's selection in the domain's view. */
export const SELECTED_SELECTOR = 'selected';

export interface DocumentPresence {
  /** The selection `@selected` means; throws StudioError(no_selection) saying why there is none. */
  selected(): SelectedRecords;
  /** A client (not the person) read these records with the query `what`. */
  read(origin: string, ids: readonly string[], what: string): void;
}

/** A document outside a studio: nobody is looking at it. */
export const NO_PRESENCE: DocumentPresence = {
  selected() {
    throw new StudioError(ErrorCode.noSelection, '@selected: no studio window is open, so nothing is selected', 'name the things instead');
  },
  read() {},
};

/** Binds every `@selected` of `op` to the person's selection; throws no_selection when there is none. */
export function bindSelected(op: ParsedOp, selected: () => SelectedRecords): ParsedOp {
  for (const selector of op.selectors) {
    if (selector.kind !== SELECTED_SELECTOR) continue;
    if (selector.value) throw new StudioError(ErrorCode.badParam, `@selected takes no value ("${selector.raw}")`, '@selected');
    selector.selection = selected();
  }
  return op;
}

/**
 * The `selection` queries' shared parts: they take no arguments, and a summarized selection (more
 * selected than the ids kept) ends with a line saying how many were left out.
 */
export function checkNoArguments(query: string, args: string): void {
  if (args) throw new StudioError(ErrorCode.badParam, `${query} takes no arguments, not "${args}"`, query);
}

export function summarizedLines(selected: SelectedRecords): string[] {
  const more = selected.count - selected.ids.size;
  return more > 0 ? [`  (and ${more} more selected, not listed: the selection is summarized)`] : [];
}

/** The records of `all` that a bound `@selected` picks, by id. */
export function isSelected(selector: { selection?: SelectedRecords }, id: string): boolean {
  return selector.selection?.ids.has(id) ?? false;
}
