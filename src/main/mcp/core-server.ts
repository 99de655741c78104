/**
 * The core's side of MCP: one McpServer per client session (socket or HTTP), all bound to the one
 * studio core. Every call is attributed to the client that made it (its clientInfo.name), so the
 * history the AI reads and the editor's "who changed what" name the real client. A session that
 * subscribed to a tool domain's resources is told (notifications/resources/updated) whenever that
 * domain publishes a change.
 */
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { InFlightCalls } from '../core/in-flight-calls';
import type { StudioCore, ToolAnswer } from '../core/studio-api';
import { StudioError, formatError, toStudioError } from '../kernel/errors';
import type { DomainTool } from './domain-tools';
import { documentState, readLinked, withDocumentLink } from './document-links';
import { type FcpTool, type FcpToolArguments, toolResult } from './fcp-tools';
import { type CallContext, type Offer, type OfferedTool, createOfferServer } from './toolsets';
import { NOT_APPLIED_META } from './wire';
import { PERSON_ORIGIN } from '../../shared/tandem-api';
import { type ViewTool, readChatApp, viewAssets, viewChanges, viewSelect } from './chat-apps';

export const DEFAULT_ORIGIN = 'mcp-client';
const MAX_ORIGIN_LENGTH = 64;

export { NOT_APPLIED_META };

/** A client's name as history shows it: one line of printable text, bounded, never empty. */
export function originOf(clientName: string | undefined): string {
  const cleaned = (clientName ?? '').replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim().slice(0, MAX_ORIGIN_LENGTH);
  return cleaned || DEFAULT_ORIGIN;
}

function errorAnswer(err: unknown): ToolAnswer {
  return { text: formatError(toStudioError(err)).join('\n'), isError: true };
}

async function runFcpOnCore(studio: StudioCore, tool: FcpTool, args: FcpToolArguments, origin: string, requestId: string | undefined): Promise<ToolAnswer> {
  try {
    const endpoint = studio.fcp(tool.domain);
    switch (tool.kind) {
      case 'mutate':
        return await endpoint.mutate(args.ops ?? [], origin, requestId);
      case 'query':
        return await endpoint.query(args.q ?? '', origin);
      case 'session':
        return await endpoint.session(args.action ?? '', origin, requestId);
      case 'help':
        return await endpoint.help();
    }
  } catch (err) {
    return errorAnswer(err);
  }
}

async function runDomainToolOnCore(studio: StudioCore, tool: DomainTool, args: Record<string, unknown>, origin: string, call: CallContext): Promise<CallToolResult> {
  try {
    return await studio.callTool(tool.domain, tool.name, args, { origin, signal: call.signal, progress: call.progress });
  } catch (err) {
    return tool.errorResult(new StudioError(tool.codes.internal, toStudioError(err).message));
  }
}

/** An app-only tool (chat-apps.ts): its answer as JSON text and structuredContent. */
async function runViewToolOnCore(studio: StudioCore, offer: Offer, tool: ViewTool, args: Record<string, unknown>, call: CallContext, chatWindow: () => string): Promise<CallToolResult> {
  try {
    const answer =
      tool.kind === 'changes'
        ? await viewChanges(studio, args as { document: string }, call.signal)
        : tool.kind === 'assets'
          ? await viewAssets(studio, offer.apps, args as { document: string; keys: string[] })
          : viewSelect(studio, chatWindow(), args as { document: string; ids: string[] });
    return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer as unknown as Record<string, unknown> };
  } catch (err) {
    return tool.errorResult(toStudioError(err));
  }
}

function shuttingDown(tool: OfferedTool): CallToolResult {
  const refusal = new StudioError(tool.codes.closing, 'the studio is shutting down; the call was not applied', 'send it again in a moment');
  return { ...tool.errorResult(refusal), _meta: { [NOT_APPLIED_META]: true } };
}

/**
 * The resources one session subscribed to, by domain; a change a domain publishes becomes one
 * notifications/resources/updated per subscribed resource of that domain (those of one tick sent once).
 */
class ResourceSubscriptions {
  private readonly domainOf = new Map<string, string>();
  private readonly due = new Set<string>();
  private stopFeed?: () => void;

  constructor(
    private readonly studio: StudioCore,
    private readonly notify: (uri: string) => void,
  ) {}

  add(uri: string, domain: string): void {
    this.domainOf.set(uri, domain);
    this.stopFeed ??= this.studio.subscribe((event) => {
      const before = this.due.size;
      for (const [uri, of] of this.domainOf) if (of === event.domain) this.due.add(uri);
      if (before === 0 && this.due.size > 0) setImmediate(() => this.flush());
    });
  }

  delete(uri: string): void {
    this.domainOf.delete(uri);
  }

  close(): void {
    this.stopFeed?.();
    this.domainOf.clear();
    this.due.clear();
  }

  private flush(): void {
    for (const uri of this.due) if (this.domainOf.has(uri)) this.notify(uri);
    this.due.clear();
  }
}

/** One line saying what a call does, for the presence bar: `drawio_query describe AuthService`. */
function describeCall(tool: OfferedTool, args: Record<string, unknown>): { what: string; read: boolean } {
  if (tool.family === 'domain') return { what: tool.name, read: tool.spec.access === 'read' };
  const fcpArgs = args as FcpToolArguments;
  const detail = fcpArgs.ops?.length ? `${fcpArgs.ops[0]}${fcpArgs.ops.length > 1 ? ` (+${fcpArgs.ops.length - 1})` : ''}` : (fcpArgs.q ?? fcpArgs.action ?? '');
  return { what: `${tool.name} ${detail}`.trim(), read: tool.kind === 'query' || tool.kind === 'help' };
}

/** A new McpServer for one client session, offering `offer` on `studio`. */
export function createCoreMcpServer(studio: StudioCore, offer: Offer, calls: InFlightCalls): McpServer {
  const clientOrigin = () => originOf(server.server.getClientVersion()?.name);
  // A call a chat view makes for the person (VIEW_META_KEY) is theirs, as the studio window's edits are.
  const originOfCall = (call: CallContext) => (call.fromView ? PERSON_ORIGIN : clientOrigin());
  // The session's chat views report the person's selection as one presence window, opened when first used.
  let chatWindow: string | undefined;
  const openChatWindow = () => (chatWindow ??= studio.presence.openWindow('chat'));
  // The session shows in the studio's presence bar from initialize until it closes.
  const presenceId = `mcp-${randomUUID()}`;
  const subscriptions = new ResourceSubscriptions(studio, (uri) => {
    // A session that has gone cannot be told; its subscriptions end with it.
    server.server.sendResourceUpdated({ uri }).catch(() => undefined);
  });
  const server: McpServer = createOfferServer(offer, {
    callTool: async (tool, args, call) => {
      if (calls.isClosing) return shuttingDown(tool);
      if (tool.family === 'view') {
        // A view's long poll ends as soon as the host starts closing, so it never holds the close up.
        const signal = AbortSignal.any([call.signal, calls.closingSignal]);
        return calls.track(() => runViewToolOnCore(studio, offer, tool, args, { ...call, signal }, openChatWindow));
      }
      const origin = originOfCall(call);
      if (!call.fromView) {
        const { what, read } = describeCall(tool, args);
        studio.presence.clientActed(presenceId, what, read);
      }
      return calls.track(async () => {
        if (tool.family !== 'fcp') return runDomainToolOnCore(studio, tool, args, origin, call);
        // Edits and session actions (open, save, undo) answer with a link to the document they changed.
        const before = tool.kind === 'mutate' || tool.kind === 'session' ? documentState(studio, tool.domain) : undefined;
        const answer = await runFcpOnCore(studio, tool, args, origin, call.requestId);
        return withDocumentLink(studio, tool.domain, before, toolResult(answer));
      });
    },
    readResource: (resource, uri) => calls.track(() => studio.readResource(resource.domain, uri)),
    readApp: (app) => readChatApp(app),
    readLink: (uri) => calls.track(() => readLinked(studio, uri)),
    getPrompt: (prompt, args) => calls.track(() => studio.getPrompt(prompt.domain, prompt.spec.name, args)),
    subscribe: async (uri, resource) => subscriptions.add(uri, resource.domain),
    unsubscribe: async (uri) => subscriptions.delete(uri),
  });
  server.server.oninitialized = () => studio.presence.clientConnected(presenceId, clientOrigin());
  const previous = server.server.onclose;
  server.server.onclose = () => {
    subscriptions.close();
    studio.presence.clientDisconnected(presenceId);
    if (chatWindow) studio.presence.closeWindow(chatWindow);
    previous?.();
  };
  return server;
}
