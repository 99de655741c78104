/**
 * The direct path of tools/call on a JSON-line connection (issue 23): the bridge's stdio and the
 * core's socket sessions take a well-formed tools/call straight from the transport to the offer's
 * own answer (toolsets.ts), as the SDK's handler would, but without the SDK's three schema rounds
 * over the request and the result (the transport's, the protocol's and the server's), which the
 * edit's round trip paid twice, once in the bridge and once in the core. Everything else (the
 * handshake, lists, reads, a malformed or task-augmented call) goes through the SDK as before.
 *
 * What the SDK's path does for a call, this one does the same way: the arguments are checked by
 * the tool's schema (the offer's answer), progress goes out under the client's token, a
 * notifications/cancelled aborts the call and no answer is sent for it, a closed connection aborts
 * every call still running on it, and a handler that throws answers a JSON-RPC error with the
 * error's code.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, type JSONRPCResponse } from '@modelcontextprotocol/sdk/types.js';
import { LazyCancellation } from './call-cancellation';
import type { JsonLineTransport } from './json-line-transport';
import { type ToolCallParams, toolCallAnswer } from './toolsets';
import { isRecord } from '../../shared/json-values';

type RequestId = string | number;

const isRequestId = (id: unknown): id is RequestId => typeof id === 'string' || Number.isSafeInteger(id);

/** A JSON-RPC tools/call this path answers: well formed, and not a task (which only the SDK knows). */
function directCall(value: unknown): { id: RequestId; params: ToolCallParams } | undefined {
  if (!isRecord(value) || value.jsonrpc !== '2.0' || value.method !== 'tools/call' || !isRequestId(value.id)) return undefined;
  const { params } = value;
  if (!isRecord(params) || typeof params.name !== 'string' || params.task !== undefined) return undefined;
  if (params.arguments !== undefined && !isRecord(params.arguments)) return undefined;
  if (params._meta !== undefined && !isRecord(params._meta)) return undefined;
  return { id: value.id, params: params as unknown as ToolCallParams };
}

/** The request a notifications/cancelled names, if the message is one. */
function cancelledRequest(value: unknown): RequestId | undefined {
  if (!isRecord(value) || value.method !== 'notifications/cancelled' || !isRecord(value.params)) return undefined;
  return isRequestId(value.params.requestId) ? value.params.requestId : undefined;
}

/** The JSON-RPC error a failed handler answers, as the SDK's protocol makes it. */
function errorOf(err: unknown): { code: number; message: string; data?: unknown } {
  const { code, message, data } = (err ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  return {
    code: Number.isSafeInteger(code) ? (code as number) : ErrorCode.InternalError,
    message: typeof message === 'string' && message ? message : 'Internal error',
    ...(data !== undefined ? { data } : {}),
  };
}

/**
 * Connects `server` (made by createOfferServer) to `transport`, its tools/call taken by the direct
 * path. Resolves when the SDK session has started, as server.connect does.
 */
export async function connectOfferServer(server: McpServer, transport: JsonLineTransport): Promise<void> {
  const answer = toolCallAnswer(server);
  if (answer) {
    const running = new Map<RequestId, LazyCancellation>();
    const failed = (what: string) => (err: unknown) => transport.onerror?.(new Error(`${what}: ${(err as Error)?.message ?? err}`));
    transport.intercept = (value) => {
      const cancelled = cancelledRequest(value);
      if (cancelled !== undefined) {
        const call = running.get(cancelled);
        call?.abort((value as { params: { reason?: unknown } }).params.reason);
        return call !== undefined;
      }
      const call = directCall(value);
      if (!call) return false;
      const cancellation = new LazyCancellation();
      running.set(call.id, cancellation);
      const notify = (notification: { method: string; params: Record<string, unknown> }) => transport.send({ jsonrpc: '2.0', ...notification });
      const reply = (response: JSONRPCResponse) => {
        running.delete(call.id);
        // The SDK answers nothing to a call the client cancelled; neither does this path.
        if (!cancellation.aborted) return transport.send(response);
      };
      void answer(call.params, cancellation, notify)
        .then(
          (result) => reply({ jsonrpc: '2.0', id: call.id, result }),
          (err: unknown) => reply({ jsonrpc: '2.0', id: call.id, error: errorOf(err) }),
        )
        .catch(failed(`answering tools/call ${call.params.name}`));
      return true;
    };
    // Set before connecting: the SDK's session calls it first when the connection closes.
    const previous = transport.onclose;
    transport.onclose = () => {
      for (const cancellation of running.values()) cancellation.abort();
      running.clear();
      previous?.();
    };
  }
  await server.connect(transport);
}
