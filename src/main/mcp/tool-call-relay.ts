/**
 * The bridge's side of the direct tools/call path (issue 23): a call goes to the core as one
 * JSON-RPC line on the link's connection and its answer comes back as the core sent it, without the
 * SDK client's request machinery and its schema rounds over the answer. It fails as the SDK
 * client's callTool fails, so the link's retry rules (core-link.ts) hold as they are: a message
 * that could not be sent rejects with TransportClosedError, a connection lost mid-call with
 * McpError(ConnectionClosed), an answer that took too long with McpError(RequestTimeout) (progress
 * resets the clock), the core's JSON-RPC error with McpError; a cancelled call tells the core
 * (notifications/cancelled) and rejects with the signal's reason.
 */
import { type CallToolResult, ErrorCode, McpError, type Progress } from '@modelcontextprotocol/sdk/types.js';
import type { JsonLineTransport } from './json-line-transport';
import type { ToolCallParams } from './toolsets';
import { isRecord } from '../../shared/json-values';

export interface RelayedCallOptions {
  timeout: number;
  signal?: AbortSignal;
  onprogress?: (progress: Progress) => void;
}

interface Pending {
  resolve: (result: CallToolResult) => void;
  reject: (error: unknown) => void;
  onprogress?: (progress: Progress) => void;
  restartClock: () => void;
}


export class ToolCallRelay {
  /** Ids of this relay's calls are strings of their own, apart from the SDK client's numbers on the same connection. */
  private next = 0;
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly transport: JsonLineTransport) {
    transport.intercept = (message) => this.take(message);
  }

  call(params: ToolCallParams, options: RelayedCallOptions): Promise<CallToolResult> {
    const id = `relay-${++this.next}`;
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    // With progress asked for, the call's id is its progress token too.
    const meta = options.onprogress ? { ...params._meta, progressToken: id } : params._meta;
    return new Promise<CallToolResult>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = () => {
        clearTimeout(timer);
        this.pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
      };
      const cancel = (reason: unknown) => {
        settle();
        this.transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: String(reason) } }).catch(() => undefined);
        reject(reason);
      };
      const onAbort = () => cancel(signal!.reason);
      const restartClock = () => {
        clearTimeout(timer);
        timer = setTimeout(() => cancel(new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: options.timeout })), options.timeout);
      };
      this.pending.set(id, {
        resolve: (result) => (settle(), resolve(result)),
        reject: (error) => (settle(), reject(error)),
        onprogress: options.onprogress,
        restartClock,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      restartClock();
      const request = { jsonrpc: '2.0' as const, id, method: 'tools/call', params: { ...params, ...(meta ? { _meta: meta } : {}) } };
      this.transport.send(request).catch((err: unknown) => this.pending.get(id)?.reject(err));
    });
  }

  /** The connection is gone: every call still waiting fails as the SDK client's would. */
  closed(): void {
    for (const call of [...this.pending.values()]) call.reject(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'));
  }

  /** Takes the answers and progress notifications of this relay's calls; leaves everything else to the SDK client. */
  private take(message: unknown): boolean {
    if (!isRecord(message)) return false;
    if (message.method === 'notifications/progress' && isRecord(message.params)) {
      const call = typeof message.params.progressToken === 'string' ? this.pending.get(message.params.progressToken) : undefined;
      if (!call) return false;
      const { progressToken: _token, ...progress } = message.params;
      call.restartClock();
      call.onprogress?.(progress as Progress);
      return true;
    }
    const call = typeof message.id === 'string' && !('method' in message) ? this.pending.get(message.id) : undefined;
    if (!call) return false;
    if (isRecord(message.result)) {
      call.resolve({ ...message.result, content: Array.isArray(message.result.content) ? message.result.content : [] } as CallToolResult);
    } else {
      const error = isRecord(message.error) ? message.error : {};
      const code = Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError;
      call.reject(new McpError(code, typeof error.message === 'string' ? error.message : 'the core answered neither a result nor an error', error.data));
    }
    return true;
  }
}
