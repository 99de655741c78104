/**
 * The studio's views inside a chat (MCP Apps, the `io.modelcontextprotocol/ui` extension): every
 * domain's apps (kernel/chat-apps.ts) offered as `ui://` resources of type text/html;profile=mcp-app,
 * the tools that show them marked with `_meta.ui.resourceUri`, and two tools only the apps call
 * (`_meta.ui.visibility: ["app"]`, so hosts hide them from the model): tandem_view_changes, which
 * answers what changed in a domain's live document since a sequence number (waiting a while for the
 * next change when nothing did: a host gives an app no connection of its own, so it long-polls
 * through the host), tandem_view_select, which makes the person's selection in the app presence,
 * and tandem_view_assets, which hands an app what its document names but does not hold (a
 * diagram's stencils and image files), so it draws the page as the studio window does.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { VIEW_ASSETS_TOOL, VIEW_ASSET_LIMITS, VIEW_CHANGES_TOOL, VIEW_SELECT_TOOL, VIEW_WAIT_LIMIT_MS, type ViewAssets, type ViewChange, type ViewChanges } from '../../shared/chat-views';
import type { ChangeEvent } from '../../shared/change-feed';
import { PRESENCE_LIMITS } from '../../shared/presence';
import { findBuiltDir } from '../core/built-files';
import type { StudioCore } from '../core/studio-api';
import { CHAT_APP_MIME, type ChatAppSpec, chatAppFile, chatAppUri } from '../kernel/chat-apps';
import { ErrorCode, StudioError, formatError } from '../kernel/errors';
import type { ToolDefinition } from './tool-definition';

export interface OfferedApp {
  domain: string;
  spec: ChatAppSpec;
  uri: string;
}

export type ViewToolKind = 'changes' | 'select' | 'assets';

export interface ViewTool extends ToolDefinition {
  family: 'view';
  kind: ViewToolKind;
}

/** How long a changes call waits for a change when the app gives no wait_ms. */
const DEFAULT_WAIT_MS = 20_000;
/** How far back a fresh start's edits are given, for the app to mark them as the window does. */
const RECENT_EDITS_MS = 10_000;

export function offeredApps(domain: string, apps: readonly ChatAppSpec[] | undefined): OfferedApp[] {
  return (apps ?? []).map((spec) => ({ domain, spec, uri: chatAppUri(domain, spec.view) }));
}

/** Marks each tool an app is shown by with that app's URI (a tool shows at most one). */
export function markToolsShowingApps<T extends ToolDefinition>(tools: T[], apps: readonly OfferedApp[]): T[] {
  return tools.map((tool) => {
    const app = apps.find((a) => a.domain === tool.domain && a.spec.shownBy.includes(tool.name));
    return app ? { ...tool, ui: { resourceUri: app.uri } } : tool;
  });
}

function errorResult(err: StudioError): CallToolResult {
  return { content: [{ type: 'text', text: formatError(err).join('\n') }], isError: true };
}

const codes = { invalidInput: 'bad_arguments', internal: ErrorCode.internal, closing: 'studio_closing' };

/** The app-only tools, offered whenever an app is. */
export function viewTools(): ViewTool[] {
  const common = { family: 'view', domain: 'views', resend: 'safe', codes, errorResult, ui: { visibility: ['app'] } } as const;
  return [
    {
      ...common,
      kind: 'changes',
      name: VIEW_CHANGES_TOOL,
      title: 'Follow a live document (chat views)',
      checkHint: `${VIEW_CHANGES_TOOL} again`,
      description:
        "For the studio's chat views only: what changed in a domain's live document since `since` (records put and removed, who made each change), " +
        'waiting up to wait_ms for the next change when none did; the whole document when `since` is absent or too old.',
      inputSchema: {
        document: z.string().min(1).max(64).describe('The domain whose live document to follow, e.g. "drawio"'),
        since: z.number().int().min(0).optional().describe('The seq of the last answer; absent for the whole document'),
        document_id: z.string().max(128).optional().describe('The documentId of the last answer'),
        wait_ms: z.number().int().min(0).max(VIEW_WAIT_LIMIT_MS).optional().describe(`How long to wait for a change (default ${DEFAULT_WAIT_MS})`),
      },
      outputSchema: {
        document: z.string(),
        documentId: z.string(),
        seq: z.number().int().describe("The next call's since"),
        snapshot: z.object({ title: z.string(), path: z.string().optional(), records: z.array(z.unknown()) }).optional().describe('The whole document, when the view starts over'),
        changes: z.array(z.looseObject({ seq: z.number(), origin: z.string(), kind: z.string(), at: z.number() })).describe('In order; records put and ids removed, who made each'),
      },
      example: { document: 'drawio', since: 12, document_id: 'd1' },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      ...common,
      kind: 'select',
      name: VIEW_SELECT_TOOL,
      title: "The person's selection in a chat view",
      checkHint: 'the selection query of the domain',
      description: "For the studio's chat views only: what the person has selected in the view, so that @selected and the selection queries mean it.",
      inputSchema: {
        document: z.string().min(1).max(64).describe('The domain of the view, e.g. "drawio"'),
        ids: z.array(z.string().max(PRESENCE_LIMITS.maxIdChars)).max(PRESENCE_LIMITS.maxIds).describe('The ids of the selected records; [] when nothing is'),
      },
      outputSchema: { document: z.string(), selected: z.number().int() },
      example: { document: 'drawio', ids: ['s1'] },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      ...common,
      kind: 'assets',
      name: VIEW_ASSETS_TOOL,
      title: 'What a chat view draws with',
      checkHint: `${VIEW_ASSETS_TOOL} again`,
      description:
        "For the studio's chat views only: what the view's document names but does not hold, by key (drawio: `stencil:NAME` a stencil's XML, " +
        '`image:PATH` an image as a data: URL: a workspace file, or one of diagrams.net\'s library as `image:img/lib/...`); keys with nothing to give come back in `missing`.',
      inputSchema: {
        document: z.string().min(1).max(64).describe('The domain of the view, e.g. "drawio"'),
        keys: z.array(z.string().min(1).max(VIEW_ASSET_LIMITS.maxKeyChars)).max(VIEW_ASSET_LIMITS.maxKeys).describe('What to give, e.g. ["stencil:mxgraph.cisco.routers.router"]'),
      },
      outputSchema: { document: z.string(), assets: z.record(z.string(), z.string()), missing: z.array(z.string()) },
      example: { document: 'drawio', keys: ['stencil:mxgraph.cisco.routers.router', 'image:logo.png'] },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
  ];
}

/**
 * What every app's page declares for the host's Content Security Policy (MCP Apps `_meta.ui.csp`):
 * no origin at all, so the host's strict default holds (no network, inline script and style only,
 * no 'unsafe-eval'). The pages need no eval: the eval and `new Function` their bundles hold are
 * never reached. maxGraph's doEval (in the diagram's, through StencilShape) runs only when
 * StencilShapeConfig.allowEval is set, which the studio never does; zod's JIT parser and z.compile
 * (under the MCP SDK) make functions only when zod is not `jitless`, which ext-apps' App sets when
 * it starts. e2e/chat-views loads each page under this policy and sees it draw with no violation.
 */
export const CHAT_APP_CSP = { connectDomains: [], resourceDomains: [] } as const;

/** The app's page, built into out/apps/ (apps.vite.config.ts). */
export async function readChatApp(app: OfferedApp, appsDir = findBuiltDir('apps', chatAppFile(app.domain, app.spec.view), __dirname)): Promise<ReadResourceResult> {
  let text: string;
  try {
    text = await readFile(join(appsDir, chatAppFile(app.domain, app.spec.view)), 'utf8');
  } catch {
    throw new StudioError('app_not_built', `the chat view ${app.uri} is not built (no ${chatAppFile(app.domain, app.spec.view)} in ${appsDir})`, 'npm run build');
  }
  return { contents: [{ uri: app.uri, mimeType: CHAT_APP_MIME, text, _meta: { ui: { prefersBorder: true, csp: CHAT_APP_CSP } } }] };
}

const asChange = ({ seq, origin, kind, ops, put, removed, at }: ChangeEvent): ViewChange => ({ seq, origin, kind, ops, put, removed, at });

interface ChangesArgs {
  document: string;
  since?: number;
  document_id?: string;
  wait_ms?: number;
}

/** tandem_view_changes: the changes after `since`, else the whole document; waits once for a change. */
export async function viewChanges(studio: StudioCore, args: ChangesArgs, signal: AbortSignal): Promise<ViewChanges> {
  const { document: domain, since, document_id: documentId } = args;
  for (let waited = false; ; waited = true) {
    const logged = since !== undefined && documentId !== undefined ? studio.changes.since(domain, documentId, since) : undefined;
    if (logged?.length) return { document: domain, documentId: documentId!, seq: Math.max(since!, ...logged.map((e) => e.seq)), changes: logged.map(asChange) };
    if (!logged) {
      const snapshot = await studio.snapshot(domain);
      const unchanged = since !== undefined && snapshot.documentId === documentId && snapshot.seq === since;
      if (!unchanged) {
        const recent = studio.changes.recent(domain, Date.now() - RECENT_EDITS_MS).filter((e) => e.seq <= snapshot.seq);
        return {
          document: domain,
          documentId: snapshot.documentId,
          seq: snapshot.seq,
          snapshot: { title: snapshot.title, ...(snapshot.path ? { path: snapshot.path } : {}), records: snapshot.records },
          changes: recent.map(asChange),
        };
      }
    }
    if (waited || signal.aborted) return { document: domain, documentId: documentId!, seq: since!, changes: [] };
    await studio.changes.next(domain, args.wait_ms ?? DEFAULT_WAIT_MS, signal);
  }
}

/** tandem_view_select: the app's selection reported as the chat view's (a presence window of its own). */
export function viewSelect(studio: StudioCore, window: string, args: { document: string; ids: string[] }): { document: string; selected: number } {
  if (!studio.fcpDomains.includes(args.document) && !studio.toolDomains.includes(args.document)) {
    throw new StudioError(ErrorCode.unknownDomain, `no domain "${args.document}" in this studio`, `one of: ${[...studio.fcpDomains, ...studio.toolDomains].join(', ')}`);
  }
  studio.presence.report(window, { domain: args.document, ids: args.ids, visible: true });
  return { document: args.document, selected: args.ids.length };
}

/** tandem_view_assets: the domain's answer for each key (its app's `assets` hook), within VIEW_ASSET_LIMITS. */
export async function viewAssets(studio: StudioCore, apps: readonly OfferedApp[], args: { document: string; keys: string[] }): Promise<ViewAssets> {
  const app = apps.find((a) => a.domain === args.document && a.spec.assets);
  if (!app) throw new StudioError(ErrorCode.unknownDomain, `no chat view of "${args.document}" draws with assets`, `one of: ${apps.filter((a) => a.spec.assets).map((a) => a.domain).join(', ') || '(none)'}`);
  const keys = [...new Set(args.keys)];
  const given = await app.spec.assets!(keys, { resolvePath: (path, extension) => studio.resolvePath(path, extension) });
  const assets: Record<string, string> = {};
  let size = 0;
  for (const key of keys) {
    const text = given[key];
    if (text === undefined || size + text.length > VIEW_ASSET_LIMITS.maxAnswerChars) continue;
    assets[key] = text;
    size += text.length;
  }
  return { document: args.document, assets, missing: keys.filter((key) => !(key in assets)) };
}
