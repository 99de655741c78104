/**
 * The studio's views inside a chat (MCP Apps, `ui://tandem/<domain>/<view>`): what the apps and
 * the core's MCP layer agree on. An app follows its document through the app-only tool
 * VIEW_CHANGES_TOOL (hosts give an app no socket of its own), reports the person's selection
 * through VIEW_SELECT_TOOL, and marks its own tool calls with VIEW_META_KEY so the core records
 * them as the person's edits, as it does the studio window's.
 */
import type { ChangeEvent } from './change-feed';

export const VIEW_CHANGES_TOOL = 'tandem_view_changes';
export const VIEW_SELECT_TOOL = 'tandem_view_select';
export const VIEW_ASSETS_TOOL = 'tandem_view_assets';
/** `_meta` key of a tools/call an app makes for the person: its value is the app's `ui://` URI. */
export const VIEW_META_KEY = 'tandem.studio/view';
/** The longest a changes call waits for a change before it answers none. */
export const VIEW_WAIT_LIMIT_MS = 25_000;

/** A domain's view as MCP Apps names it: `ui://tandem/<domain>/<view>`. */
export const chatViewUri = (domain: string, view: string): string => `ui://tandem/${domain}/${view}`;

/** A change as an app applies it: the change feed's event without the domain. */
export type ViewChange = Pick<ChangeEvent, 'seq' | 'origin' | 'kind' | 'ops' | 'put' | 'removed' | 'at'>;

/** tandem_view_changes' structuredContent. */
export interface ViewChanges {
  /** The domain whose live document this is. */
  document: string;
  documentId: string;
  /** The document's sequence number after `changes`: the next call's `since`. */
  seq: number;
  /**
   * The whole document, when `since` was absent, too old, or of another document (one opened
   * since): the app starts over from it, and `changes` are then its latest edits, already in it.
   */
  snapshot?: { title: string; path?: string; records: unknown[] };
  changes: ViewChange[];
}

/**
 * What a view asks its domain for to draw what the document names but does not hold (a stencil's
 * drawing, an image file's bytes): keys the domain defines (drawio: `stencil:NAME`, `image:PATH`).
 */
export const VIEW_ASSET_LIMITS = {
  /** Keys one call may ask for. */
  maxKeys: 200,
  maxKeyChars: 1024,
  /** An image file larger than this is not sent (the view draws its placeholder). */
  maxImageBytes: 2 * 1024 * 1024,
  /** What one answer holds at most; keys past it are answered as `missing` (ask for them again). */
  maxAnswerChars: 8 * 1024 * 1024,
} as const;

/** tandem_view_assets' structuredContent: each key's text (XML, a data: URL), and the keys with none. */
export interface ViewAssets {
  document: string;
  assets: Record<string, string>;
  missing: string[];
}
