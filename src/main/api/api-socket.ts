/**
 * The renderer's API over a WebSocket, for browser tabs (`tandem serve`). The HTTP endpoint checks
 * Host, Origin and the token before it hands an upgrade here. Each text message is one request
 * `{id, call}`, answered `{id, result}` or `{id, error}`; every change the studio emits is pushed to
 * every socket as `{event}`, in the order the studio emitted them. A message that is not JSON or not
 * a valid call gets an error reply and the socket stays open. A socket that cannot keep up (too much
 * unsent data) is dropped, so one slow tab never holds up the others; its client reconnects and
 * loads a fresh snapshot.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { ChangeEvent } from '../../shared/change-feed';
import {
  API_SUBPROTOCOL,
  type ApiError,
  type ApiReply,
  type ApiRequestId,
  type ApiServerMessage,
  BAD_REQUEST,
  parseRequestEnvelope,
} from '../../shared/api-schema';
import type { PresenceHub } from '../core/presence';
import { toApiError } from './dispatch';

/** Largest message a client may send (a batch of ops); larger ones close the socket (1009). */
export const MAX_API_MESSAGE_BYTES = 8 * 1024 * 1024;
/** Unsent bytes a socket may pile up before it is dropped as too slow. */
export const MAX_API_BUFFERED_BYTES = 16 * 1024 * 1024;
/** Calls one socket may have running at once. */
export const MAX_API_CALLS_PER_SOCKET = 64;
/** Sockets open at once. */
export const MAX_API_SOCKETS = 64;

export interface ApiSocketServerOptions {
  /** The studio's change feed. */
  subscribe: (listener: (event: ChangeEvent) => void) => () => void;
  /** Each socket is one presence window: it gets the presence events and reports its selection. */
  presence: Pick<PresenceHub, 'openWindow' | 'closeWindow' | 'subscribe' | 'clients'>;
  /** Validates and runs one call of `window` (handleApiPayload bound to the studio); never rejects. */
  answer: (payload: unknown, window: string) => Promise<ApiReply>;
  maxMessageBytes?: number;
  maxBufferedBytes?: number;
  maxCallsPerSocket?: number;
  maxSockets?: number;
  log?: (message: string) => void;
}

export interface ApiSocketServer {
  readonly socketCount: number;
  /** Whether another socket may open now (the HTTP endpoint answers 503 otherwise). */
  readonly hasRoom: boolean;
  /** Completes a checked upgrade request on /api. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket (1001 and `reason`) and stops the change feed. */
  close(reason: string): Promise<void>;
}

const SOCKET_CLOSE_WAIT_MS = 2_000;

export function createApiSocketServer(options: ApiSocketServerOptions): ApiSocketServer {
  const log = options.log ?? (() => undefined);
  const maxBuffered = options.maxBufferedBytes ?? MAX_API_BUFFERED_BYTES;
  const maxCalls = options.maxCallsPerSocket ?? MAX_API_CALLS_PER_SOCKET;
  const maxSockets = options.maxSockets ?? MAX_API_SOCKETS;
  const sockets = new Set<WebSocket>();
  let closed = false;

  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: options.maxMessageBytes ?? MAX_API_MESSAGE_BYTES,
    // The HTTP endpoint has made sure the client offered it.
    handleProtocols: () => API_SUBPROTOCOL,
  });

  /** Sends, unless the socket has fallen too far behind: then it is dropped. */
  function send(socket: WebSocket, text: string): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount + Buffer.byteLength(text) > maxBuffered) {
      log(`api: dropping a browser connection that is not keeping up (${socket.bufferedAmount} bytes unsent); it will reconnect and reload`);
      sockets.delete(socket);
      socket.terminate();
      return;
    }
    socket.send(text);
  }

  const reply = (socket: WebSocket, id: ApiRequestId | null, answer: ApiReply) =>
    send(socket, JSON.stringify({ id, ...answer } satisfies ApiServerMessage));
  const replyError = (socket: WebSocket, id: ApiRequestId | null, error: ApiError) => reply(socket, id, { error });

  const broadcast = (message: ApiServerMessage) => {
    if (sockets.size === 0) return;
    const text = JSON.stringify(message);
    for (const socket of [...sockets]) send(socket, text);
  };
  const unsubscribe = options.subscribe((event) => broadcast({ event }));
  const stopPresence = options.presence.subscribe((presence) => broadcast({ presence }));

  function accept(socket: WebSocket): void {
    sockets.add(socket);
    const window = options.presence.openWindow('browser');
    send(socket, JSON.stringify({ presence: { type: 'clients', clients: options.presence.clients() } } satisfies ApiServerMessage));
    let running = 0;
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        replyError(socket, null, { code: BAD_REQUEST, message: 'binary messages are not understood', suggestion: 'send JSON text: {"id":1,"call":{"method":"info"}}' });
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(rawText(data));
      } catch (err) {
        replyError(socket, null, {
          code: BAD_REQUEST,
          message: `the message is not JSON: ${(err as Error).message}`,
          suggestion: '{"id":1,"call":{"method":"info"}}',
        });
        return;
      }
      let request: { id: ApiRequestId; call: unknown };
      try {
        request = parseRequestEnvelope(message);
      } catch (err) {
        const id = (message as { id?: unknown } | null)?.id;
        replyError(socket, typeof id === 'number' || typeof id === 'string' ? id : null, toApiError(err, log));
        return;
      }
      if (running >= maxCalls) {
        replyError(socket, request.id, {
          code: 'too_many_calls',
          message: `more than ${maxCalls} calls are running on this connection`,
          suggestion: 'wait for answers before sending more',
        });
        return;
      }
      running++;
      void options
        .answer(request.call, window)
        .catch((err: unknown) => ({ error: toApiError(err, log) }))
        .then((answer) => {
          running--;
          reply(socket, request.id, answer);
        });
    });
    socket.on('error', (err) => log(`api: browser connection: ${err.message}`));
    socket.on('close', () => {
      sockets.delete(socket);
      options.presence.closeWindow(window);
    });
  }

  return {
    get socketCount() {
      return sockets.size;
    },
    get hasRoom() {
      return !closed && sockets.size < maxSockets;
    },
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => {
        if (closed) {
          ws.close(1001, 'the studio core is closing');
          return;
        }
        accept(ws);
      });
    },
    async close(reason) {
      if (closed) return;
      closed = true;
      unsubscribe();
      stopPresence();
      const open = [...sockets];
      sockets.clear();
      // A close frame goes after whatever is still queued, so last answers arrive first.
      await Promise.all(
        open.map(
          (socket) =>
            new Promise<void>((done) => {
              if (socket.readyState === WebSocket.CLOSED) return done();
              const timer = setTimeout(() => {
                socket.terminate();
                done();
              }, SOCKET_CLOSE_WAIT_MS);
              socket.once('close', () => {
                clearTimeout(timer);
                done();
              });
              socket.close(1001, reason.slice(0, 120));
            }),
        ),
      );
      wss.close();
    },
  };
}

/** A text frame's payload (ws hands over a Buffer, fragments as an array of them). */
function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}
