/**
 * For the tests (not part of the app): a real `ws` client speaking the studio's WebSocket protocol
 * the way the renderer's browser client does, with helpers to send calls and wait for messages.
 */
import WebSocket from 'ws';
import type { ChangeEvent } from '../../shared/change-feed';
import { API_SUBPROTOCOL, API_TOKEN_SUBPROTOCOL_PREFIX, type ApiError, type ApiServerMessage } from '../../shared/api-schema';
import type { ApiCall } from '../../shared/tandem-api';
import { waitFor } from '../mcp/test-fixtures';

export interface SocketClientOptions {
  /** Subprotocols offered; by default `tandem.v1` and the token's. */
  protocols?: string[];
  origin?: string;
  headers?: Record<string, string>;
}

export class TestSocketClient {
  readonly messages: ApiServerMessage[] = [];
  closed?: { code: number; reason: string };
  private nextId = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as ApiServerMessage));
    ws.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
    ws.on('error', () => undefined);
  }

  /** Connects to `${baseUrl}/api`; rejects with the HTTP status when the upgrade is refused. */
  static connect(baseUrl: string, token: string | undefined, options: SocketClientOptions = {}): Promise<TestSocketClient> {
    const protocols = options.protocols ?? [API_SUBPROTOCOL, ...(token === undefined ? [] : [`${API_TOKEN_SUBPROTOCOL_PREFIX}${token}`])];
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api`, protocols, { origin: options.origin, headers: options.headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocketClient(ws)));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => reject(Object.assign(new Error(`refused with ${res.statusCode}: ${body}`), { status: res.statusCode, body })));
      });
      ws.once('error', reject);
    });
  }

  get events(): ChangeEvent[] {
    return this.messages.flatMap((m) => ('event' in m ? [m.event] : []));
  }

  /** Sends raw text (for malformed messages). */
  sendRaw(text: string): void {
    this.ws.send(text);
  }

  /** Sends `{id, call}` (a valid call, or any object to see it refused) and waits for its reply. */
  async call(call: ApiCall | object): Promise<{ result?: unknown; error?: ApiError }> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, call }));
    return this.reply(id);
  }

  async reply(id: number | null, after = 0): Promise<{ result?: unknown; error?: ApiError }> {
    return waitFor(
      () => this.messages.slice(after).find((m): m is Extract<ApiServerMessage, { id: unknown }> => 'id' in m && m.id === id),
      10_000,
      `the reply to request ${id}`,
    );
  }

  close(): void {
    this.ws.close();
  }
}
