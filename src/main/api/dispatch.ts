/**
 * The renderer's API on the main side: one dispatcher for every transport (the Electron IPC
 * handler and the browser's WebSocket). Edits, session actions and tool calls go to the core as the
 * person (origin `person`), so history attributes them the way it attributes an MCP client's. Nothing is
 * thrown across a transport: every outcome is an ApiReply, failures as `{code, message, suggestion?}`.
 */
import { ApiCallError, type ApiError, type ApiReply, parseApiCall } from '../../shared/api-schema';
import { type ApiCall, type ClaudeDesktopInfo, type ClaudeDesktopWritten, PERSON_ORIGIN, type StudioInfo } from '../../shared/tandem-api';
import type { StudioCore } from '../core/studio-api';
import { StudioError } from '../kernel/errors';
import type { InFlightCalls } from '../core/in-flight-calls';
import { listDomainFiles } from '../core/list-files';
import { describeExample, dismissWelcome, openExample } from '../core/example-workspace';
import type { AppearanceStore } from '../core/appearance-store';

/** What "Connect Claude Desktop" does (the host's: it knows where the bundle and Claude Desktop's config are). */
export interface ClaudeDesktopConnector {
  describe(): ClaudeDesktopInfo;
  writeConfig(): ClaudeDesktopWritten;
}

export interface ApiCallContext {
  /** Which window the call came from: the Electron app or a browser tab served by `tandem serve`. */
  host: StudioInfo['host'];
  claudeDesktop?: ClaudeDesktopConnector;
  /** The studio-wide appearance in the user's config folder. */
  appearance?: AppearanceStore;
  /** The window's presence id (PresenceHub.openWindow); a call without one reports no presence. */
  window?: string;
}

export interface ApiPayloadContext extends ApiCallContext {
  /** The host's running calls: a closing host refuses new ones and waits for these. */
  calls?: InFlightCalls;
  log?: (message: string) => void;
}

export const STUDIO_CLOSING: ApiError = {
  code: 'studio_closing',
  message: 'the studio is shutting down; the call was not applied',
  suggestion: 'send it again once the studio is back (reload the page)',
};

/** Any failure as the error object a transport sends; unexpected ones become internal_error. */
export function toApiError(err: unknown, log?: (message: string) => void): ApiError {
  if (err instanceof StudioError || err instanceof ApiCallError) {
    return err.suggestion ? { code: err.code, message: err.message, suggestion: err.suggestion } : { code: err.code, message: err.message };
  }
  log?.(`api: internal error: ${(err as Error)?.stack ?? err}`);
  return { code: 'internal_error', message: `internal error: ${(err as Error)?.message ?? String(err)}`, suggestion: 'try again; if it persists, see the core log' };
}

async function run(studio: StudioCore, call: ApiCall, ctx: ApiCallContext): Promise<unknown> {
  switch (call.method) {
    case 'info':
      return { workspace: studio.workspace, domains: [...studio.fcpDomains], toolDomains: [...studio.toolDomains], host: ctx.host } satisfies StudioInfo;
    case 'snapshot':
      return studio.snapshot(call.domain);
    case 'mutate':
      return studio.fcp(call.domain).mutate(call.ops, PERSON_ORIGIN);
    case 'query':
      return studio.fcp(call.domain).query(call.q, PERSON_ORIGIN);
    case 'session':
      return studio.fcp(call.domain).session(call.action, PERSON_ORIGIN);
    case 'listFiles':
      return listDomainFiles(studio.workspace, studio.fcp(call.domain).domain);
    case 'callTool':
      return studio.callTool(call.domain, call.tool, call.args ?? {}, { origin: PERSON_ORIGIN });
    case 'presence':
      if (ctx.window) studio.presence.report(ctx.window, call.report);
      return null;
    case 'claudeDesktop':
      if (!ctx.claudeDesktop) throw new StudioError('not_available', 'this studio cannot connect Claude Desktop', 'npx tandem mcp-config prints the entry to add by hand');
      return call.action === 'describe' ? ctx.claudeDesktop.describe() : ctx.claudeDesktop.writeConfig();
    case 'example':
      if (call.action === 'open') return openExample(studio, call.folder);
      if (call.action === 'dismissWelcome') return dismissWelcome(studio.workspace), null;
      return describeExample(studio.workspace, call.folder);
    case 'appearance':
      if (!ctx.appearance) throw new StudioError('not_available', 'this studio keeps no appearance', 'the theme switch still works in this window');
      return call.theme ? ctx.appearance.choose(call.theme) : ctx.appearance.current();
  }
}

/** Runs one validated call on the core; never rejects. */
export async function handleApiCall(studio: StudioCore, call: ApiCall, ctx: ApiCallContext & { log?: (message: string) => void }): Promise<ApiReply> {
  try {
    return { result: await run(studio, call, ctx) };
  } catch (err) {
    return { error: toApiError(err, ctx.log) };
  }
}

/**
 * What a transport calls with whatever arrived: validates it (bad_request naming the field), refuses
 * it while the host is closing, and runs it as one of the host's tracked calls. Never rejects.
 */
export async function handleApiPayload(studio: StudioCore, payload: unknown, ctx: ApiPayloadContext): Promise<ApiReply> {
  let call: ApiCall;
  try {
    call = parseApiCall(payload);
  } catch (err) {
    return { error: toApiError(err, ctx.log) };
  }
  if (!ctx.calls) return handleApiCall(studio, call, ctx);
  if (ctx.calls.isClosing) return { error: STUDIO_CLOSING };
  return ctx.calls.track(() => handleApiCall(studio, call, ctx));
}
