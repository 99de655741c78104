/**
 * A domain's views inside a chat (MCP Apps): each one a self-contained HTML page, built into
 * out/apps/ by apps.vite.config.mts from src/apps/<domain>-<view>/, that a host such as Claude
 * Desktop draws under the call of a tool that shows it. A domain lists them in its own table
 * (`apps`); the MCP layer offers them as `ui://tandem/<domain>/<view>` resources and marks the
 * tools that show them, without naming a domain.
 */

import type { AssetContext } from './side-channels';

/** The MIME type of an MCP App's HTML (the ext-apps extension's RESOURCE_MIME_TYPE). */
export const CHAT_APP_MIME = 'text/html;profile=mcp-app';

export interface ChatAppSpec {
  /** The view's name in its URI, e.g. `diagram`. */
  readonly view: string;
  readonly title: string;
  /** One line for resources/list: what it shows and what a person can do in it. */
  readonly description: string;
  /** The domain's tools whose calls show the view (their tools/list entry carries `_meta.ui`). */
  readonly shownBy: readonly string[];
  /**
   * What the view may ask for (tandem_view_assets) to draw its document, by the keys the view and
   * the domain agree on: each key's text, absent for a key there is none for. Reads files
   * asynchronously (the core's event loop is not held) and keeps to VIEW_ASSET_LIMITS.
   */
  assets?(keys: readonly string[], context: AssetContext): Promise<Record<string, string>>;
}

export { chatViewUri as chatAppUri } from '../../shared/chat-views';

/** The built page's file name in out/apps/ (and its source folder's name in src/apps/). */
export const chatAppFile = (domain: string, view: string): string => `${domain}-${view}.html`;
