/**
 * An MCP transport over a byte stream carrying newline-delimited JSON-RPC: the local socket between
 * bridge and core (both ends), and the bridge's stdio. Unlike the SDK's stdio transport it answers
 * bad input instead of dropping it: a line that is not JSON gets a parse error, a JSON value that
 * is not a JSON-RPC message gets an invalid-request error, and a line longer than the limit is
 * discarded and refused. None of them closes the connection.
 */
import type { Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { rawJsonOf } from './encoded-result';

/** Largest message accepted on a line (the document's own batch limits are far below this). */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
const NEWLINE = 0x0a;

/** A server answers malformed requests; a client only reports them (it has no one to answer). */
export type LineTransportRole = 'server' | 'client';

export interface JsonLineTransportOptions {
  input: Readable;
  output: Writable;
  role: LineTransportRole;
  maxMessageBytes?: number;
  /** Ends the underlying stream when the transport is closed (a socket's end(); nothing for stdio). */
  shutdown?: () => void;
}

/** Sending after the connection closed: the message certainly did not leave. */
export class TransportClosedError extends Error {
  constructor() {
    super('the connection is closed; the message was not sent');
    this.name = 'TransportClosedError';
  }
}

/** A message as one line of JSON; a result carried as the core's text (encoded-result.ts) is written as it came. */
function serialise(message: JSONRPCMessage): string {
  const raw = 'result' in message ? rawJsonOf(message.result) : undefined;
  return raw === undefined ? JSON.stringify(message) : `{"jsonrpc":"2.0","id":${JSON.stringify((message as { id: string | number }).id)},"result":${raw}}`;
}

export class JsonLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /**
   * Offered every message read (a parsed JSON value, not yet checked) before the MCP session sees
   * it; returns true when it took the message. The direct tools/call path (direct-tool-calls.ts,
   * tool-call-relay.ts) takes its own messages here, so they skip the session's second round of
   * schema checks; it checks what it takes itself.
   */
  intercept?: (message: unknown) => boolean;
  /**
   * Offered every line read before it is parsed (after the lines before it were handed over);
   * returns true when it took the line. The relay takes its calls' answers here (tool-call-relay.ts).
   */
  interceptLine?: (line: string) => boolean;
  /** Client role: the hand-over of the last message read (see deliver). */
  private delivery: Promise<void> = Promise.resolve();

  private readonly maxBytes: number;
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** True while skipping the rest of an oversized line. */
  private discarding = false;
  private started = false;
  private closed = false;
  /** Ids of requests received and not yet answered (server role), so a closing host can wait for the answers. */
  private readonly unanswered = new Set<string | number>();
  private answeredWaiters: (() => void)[] = [];

  constructor(private readonly options: JsonLineTransportOptions) {
    this.maxBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  }

  /** Both directions of one socket; closing the transport ends the socket. */
  static overSocket(socket: Socket, role: LineTransportRole, maxMessageBytes?: number): JsonLineTransport {
    return new JsonLineTransport({ input: socket, output: socket, role, maxMessageBytes, shutdown: () => socket.end() });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('JsonLineTransport already started');
    this.started = true;
    const { input, output } = this.options;
    input.on('data', this.onData);
    input.on('end', this.onEnd);
    input.on('close', this.onEnd);
    input.on('error', this.onStreamError);
    if ((output as unknown) !== input) output.on('error', this.onStreamError);
    if (input.readableEnded || input.destroyed) this.onEnd();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new TransportClosedError());
    const line = serialise(message) + '\n';
    const answers = 'id' in message && message.id !== undefined && !('method' in message) ? message.id : undefined;
    // One promise a message: the write's callback settles it and marks the request answered.
    return new Promise<void>((resolve, reject) => {
      this.options.output.write(line, (err) => {
        if (answers !== undefined) this.markAnswered(answers);
        if (err) reject(err);
        else resolve();
      });
    });
  }

  /** Resolves once every request received so far has been answered (or the connection closed). */
  whenAnswered(): Promise<void> {
    if (this.unanswered.size === 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.answeredWaiters.push(resolve));
  }

  private markAnswered(id: string | number): void {
    this.unanswered.delete(id);
    if (this.unanswered.size === 0) for (const wake of this.answeredWaiters.splice(0)) wake();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.options.shutdown?.();
    this.finish();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start < data.length && !this.closed) {
      const newline = data.indexOf(NEWLINE, start);
      const end = newline === -1 ? data.length : newline;
      if (!this.discarding) {
        if (this.partialBytes + (end - start) > this.maxBytes) {
          this.partial = [];
          this.partialBytes = 0;
          this.discarding = true;
          this.refuse(
            ErrorCode.InvalidRequest,
            `message refused: longer than ${this.maxBytes} bytes; send smaller batches`,
          );
        } else {
          this.partial.push(data.subarray(start, end));
          this.partialBytes += end - start;
        }
      }
      if (newline === -1) break;
      if (!this.discarding) {
        // A line that came whole in this chunk (nearly every one) is read straight from it.
        const line = this.partial.length === 1 ? data.toString('utf8', start, end) : Buffer.concat(this.partial).toString('utf8');
        this.partial = [];
        this.partialBytes = 0;
        this.handleLine(line);
      }
      this.discarding = false;
      start = newline + 1;
    }
  };

  private handleLine(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    if (this.options.role === 'client') {
      // The SDK handles a notification one microtask after it arrives, but a response at once, and a
      // response drops its call's progress handler: a progress notification read in the same chunk
      // as the answer would be lost. Handing each message over one microtask after the last keeps
      // them in the order they were sent.
      this.delivery = this.delivery.then(() => this.acceptLine(line));
      return;
    }
    this.acceptLine(line);
  }

  private acceptLine(line: string): void {
    if (this.interceptLine?.(line)) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      this.refuse(ErrorCode.ParseError, `parse error: not JSON (${(err as Error).message})`);
      return;
    }
    this.accept(value);
  }

  private accept(value: unknown): void {
    if (this.intercepted(value)) return;
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = (value as { id?: unknown } | null)?.id;
      const validId = typeof id === 'string' || typeof id === 'number' ? id : null;
      this.refuse(
        ErrorCode.InvalidRequest,
        'invalid request: not a JSON-RPC 2.0 message (expected {"jsonrpc":"2.0","id":…,"method":…})',
        validId,
      );
      return;
    }
    const message = parsed.data;
    if (this.options.role === 'server' && 'method' in message && 'id' in message && message.id !== undefined) {
      this.unanswered.add(message.id);
    }
    this.deliver(message);
  }

  /** Whether `intercept` took the message; a request it took is awaited by whenAnswered like any other. */
  private intercepted(value: unknown): boolean {
    let taken = false;
    try {
      taken = this.intercept?.(value) === true;
    } catch (err) {
      // A fault of the direct path: the session answers the message the ordinary way.
      this.onerror?.(err instanceof Error ? err : new Error(String(err)));
      return false;
    }
    if (taken && this.options.role === 'server') {
      const { id, method } = value as { id?: unknown; method?: unknown };
      if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) this.unanswered.add(id);
    }
    return taken;
  }

  private deliver(message: JSONRPCMessage): void {
    try {
      this.onmessage?.(message);
    } catch (err) {
      this.onerror?.(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /** Answers (server) or reports (client) a message that could not be accepted. */
  private refuse(code: number, message: string, id: string | number | null = null): void {
    this.onerror?.(new Error(message));
    if (this.options.role !== 'server' || this.closed) return;
    const reply = JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) + '\n';
    this.options.output.write(reply, () => undefined);
  }

  private readonly onEnd = (): void => this.finish();

  private readonly onStreamError = (err: Error): void => {
    this.onerror?.(err);
    // A broken pipe or reset socket will not carry anything more.
    this.finish();
  };

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    const { input } = this.options;
    input.off('data', this.onData);
    input.off('end', this.onEnd);
    input.off('close', this.onEnd);
    // The error listeners stay: a late EPIPE or reset after the peer left must not go unhandled.
    this.partial = [];
    this.partialBytes = 0;
    this.unanswered.clear();
    for (const wake of this.answeredWaiters.splice(0)) wake();
    // After the messages read before the end have been handed over.
    void this.delivery.then(() => this.onclose?.());
  }
}
