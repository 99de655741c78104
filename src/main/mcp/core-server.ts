/**
 * The core's side of MCP: one McpServer per client session (socket or HTTP), all bound to the one
 * studio core. Every call is attributed to the client that made it (its clientInfo.name), so the
 * history the AI reads and the editor's "who changed what" name the real client.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { StudioCore, ToolAnswer } from '../core/studio-api';
import { formatError, toFcpError } from '../fcp/errors';
import { withRequestId } from '../fcp/request-context';
import { type FcpTool, type FcpToolArguments, createToolServer, toolResult } from './fcp-tools';

export const DEFAULT_ORIGIN = 'mcp-client';
const MAX_ORIGIN_LENGTH = 64;

/**
 * `_meta` key set on a tool error when the call was certainly not applied (the core was shutting
 * down), so a bridge may send it again to the next core.
 */
export const NOT_APPLIED_META = 'tandem.studio/not-applied';

/** A client's name as history shows it: one line of printable text, bounded, never empty. */
export function originOf(clientName: string | undefined): string {
  const cleaned = (clientName ?? '').replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim().slice(0, MAX_ORIGIN_LENGTH);
  return cleaned || DEFAULT_ORIGIN;
}

/** Counts the tool calls in progress so a closing host can let them finish, and refuses new ones. */
export class InFlightCalls {
  private running = 0;
  private closing = false;
  private idleWaiters: (() => void)[] = [];

  get isClosing(): boolean {
    return this.closing;
  }

  get count(): number {
    return this.running;
  }

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      if (--this.running === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  /** Refuses new calls from now on; resolves once the running ones are done, or after `limitMs`. */
  drain(limitMs: number): Promise<void> {
    this.closing = true;
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, limitMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

function errorAnswer(err: unknown): ToolAnswer {
  return { text: formatError(toFcpError(err)).join('\n'), isError: true };
}

async function runOnCore(studio: StudioCore, tool: FcpTool, args: FcpToolArguments, origin: string): Promise<ToolAnswer> {
  try {
    const endpoint = studio.fcp(tool.domain);
    switch (tool.kind) {
      case 'mutate':
        return await endpoint.mutate(args.ops ?? [], origin);
      case 'query':
        return await endpoint.query(args.q ?? '', origin);
      case 'session':
        return await endpoint.session(args.action ?? '', origin);
      case 'help':
        return await endpoint.help();
    }
  } catch (err) {
    return errorAnswer(err);
  }
}

function shuttingDown(): CallToolResult {
  return {
    content: [{ type: 'text', text: '! the studio is shutting down; the call was not applied [studio_closing]\n  try: send it again in a moment' }],
    isError: true,
    _meta: { [NOT_APPLIED_META]: true },
  };
}

/** A new McpServer for one client session, offering `tools` on `studio`. */
export function createCoreMcpServer(studio: StudioCore, tools: readonly FcpTool[], calls: InFlightCalls): McpServer {
  const server: McpServer = createToolServer(tools, async (tool, args, { requestId }) => {
    if (calls.isClosing) return shuttingDown();
    const origin = originOf(server.server.getClientVersion()?.name);
    return toolResult(await calls.track(() => withRequestId(requestId, () => runOnCore(studio, tool, args, origin))));
  });
  return server;
}
