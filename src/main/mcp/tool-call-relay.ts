/**
 * The bridge's side of the direct tools/call path (issue 23): a call goes to the core as one
 * JSON-RPC line on the link's connection and its answer comes back as the core sent it, without the
 * SDK client's request machinery and its schema rounds over the answer. It fails as the SDK
 * client's callTool fails, so the link's retry rules (core-link.ts) hold as they are: a message
 * that could not be sent rejects with TransportClosedError, a connection lost mid-call with
 * McpError(ConnectionClosed), an answer that took too long with McpError(RequestTimeout) (progress
 * resets the clock), the core's JSON-RPC error with McpError; a cancelled call tells the core
 * (notifications/cancelled) and rejects with the cancellation's reason.
 */
import { type CallToolResult, ErrorCode, McpError, type Progress } from '@modelcontextprotocol/sdk/types.js';
import type { Cancellation } from './call-cancellation';
import { encodedResult } from './encoded-result';
import type { JsonLineTransport } from './json-line-transport';
import type { ToolCallParams } from './toolsets';
import { isRecord } from '../../shared/json-values';
import { NOT_APPLIED_META } from './wire';

export interface RelayedCallOptions {
  timeout: number;
  /**
   * Resolve with the core's result as the text it sent (encoded-result.ts), for a caller that
   * passes it on unread; a result the link must read (NOT_APPLIED_META) comes parsed all the same.
   */
  passOn?: boolean;
  cancellation?: Cancellation;
  onprogress?: (progress: Progress) => void;
}

interface Pending {
  resolve: (result: CallToolResult) => void;
  reject: (error: unknown) => void;
  onprogress?: (progress: Progress) => void;
  /** When the call times out (performance.now()); progress moves it on. */
  deadline: number;
  timeout: number;
  passOn: boolean;
}

/** How the core's line transport writes the answer to a relayed call (JSON.stringify of {jsonrpc, id, result}). */
const ANSWER_START = '{"jsonrpc":"2.0","id":"';
const RESULT_KEY = ',"result":';

export class ToolCallRelay {
  /** Ids of this relay's calls are strings of their own, apart from the SDK client's numbers on the same connection. */
  private next = 0;
  private readonly pending = new Map<string, Pending>();
  /** One timer for every call's deadline, rather than a timer made and cleared per call. */
  private sweep?: NodeJS.Timeout;
  /** The deadline `sweep` is set for (Infinity when none is). */
  private sweepAt = Infinity;

  constructor(private readonly transport: JsonLineTransport) {
    transport.intercept = (message) => this.take(message);
    transport.interceptLine = (line) => this.takeAnswerLine(line);
  }

  call(params: ToolCallParams, options: RelayedCallOptions): Promise<CallToolResult> {
    const id = `relay-${++this.next}`;
    const { cancellation, timeout } = options;
    if (cancellation?.aborted) return Promise.reject(cancellation.reason);
    // With progress asked for, the call's id is its progress token too.
    const meta = options.onprogress ? { ...params._meta, progressToken: id } : params._meta;
    return new Promise<CallToolResult>((resolve, reject) => {
      let stopListening: (() => void) | undefined;
      const settle = () => {
        this.pending.delete(id);
        stopListening?.();
      };
      this.pending.set(id, {
        resolve: (result) => (settle(), resolve(result)),
        reject: (error) => (settle(), reject(error)),
        onprogress: options.onprogress,
        deadline: performance.now() + timeout,
        timeout,
        passOn: options.passOn === true,
      });
      stopListening = cancellation?.onAbort((reason) => this.cancel(id, reason));
      this.expireBy(performance.now() + timeout);
      const request = { jsonrpc: '2.0' as const, id, method: 'tools/call', params: meta ? { ...params, _meta: meta } : { ...params } };
      this.transport.send(request).catch((err: unknown) => this.pending.get(id)?.reject(err));
    });
  }

  /** Gives up on a call: tells the core (which stops it and answers nothing) and rejects with `reason`. */
  private cancel(id: string, reason: unknown): void {
    const call = this.pending.get(id);
    if (!call) return;
    call.reject(reason);
    this.transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: String(reason) } }).catch(() => undefined);
  }

  /**
   * Makes the sweep run by `deadline`: a call whose timeout is shorter than the waiting ones' must
   * not wait for their sweep. The timer is unref'd: the socket keeps the process alive while a call waits.
   */
  private expireBy(deadline: number): void {
    if (deadline >= this.sweepAt) return;
    clearTimeout(this.sweep);
    this.sweepAt = deadline;
    this.sweep = setTimeout(this.expire, Math.max(0, Math.ceil(deadline - performance.now()))).unref();
  }

  /** Times out the calls past their deadline, and waits for the next deadline if any call is left. */
  private readonly expire = (): void => {
    this.sweep = undefined;
    this.sweepAt = Infinity;
    const now = performance.now();
    let next = Infinity;
    for (const [id, call] of [...this.pending]) {
      if (call.deadline <= now) this.cancel(id, new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: call.timeout }));
      else next = Math.min(next, call.deadline);
    }
    if (next !== Infinity) this.expireBy(next);
  };

  /** The connection is gone: every call still waiting fails as the SDK client's would. */
  closed(): void {
    for (const call of [...this.pending.values()]) call.reject(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'));
    clearTimeout(this.sweep);
    this.sweep = undefined;
    this.sweepAt = Infinity;
  }

  /**
   * Takes the answer of a call to be passed on unread, from its line as the core wrote it: the
   * result's text is cut out, not parsed. Any other line (or an answer in another shape, an error,
   * one the link must read) is left to be parsed.
   */
  private takeAnswerLine(line: string): boolean {
    if (!line.startsWith(ANSWER_START) || !line.endsWith('}')) return false;
    const idEnd = line.indexOf('"', ANSWER_START.length);
    if (idEnd === -1 || !line.startsWith(RESULT_KEY, idEnd + 1)) return false;
    const call = this.pending.get(line.slice(ANSWER_START.length, idEnd));
    if (!call?.passOn || line.includes(NOT_APPLIED_META)) return false;
    const result = line.slice(idEnd + 1 + RESULT_KEY.length, -1);
    if (!result.startsWith('{')) return false;
    call.resolve(encodedResult(result));
    return true;
  }

  /** Takes the answers and progress notifications of this relay's calls; leaves everything else to the SDK client. */
  private take(message: unknown): boolean {
    if (!isRecord(message)) return false;
    if (message.method === 'notifications/progress' && isRecord(message.params)) {
      const call = typeof message.params.progressToken === 'string' ? this.pending.get(message.params.progressToken) : undefined;
      if (!call) return false;
      const { progressToken: _token, ...progress } = message.params;
      call.deadline = performance.now() + call.timeout;
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
