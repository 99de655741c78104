import { afterEach, describe, expect, it, vi } from 'vitest';
import * as shared from '../../../shared/api-schema';
import { API_PATH, API_SUBPROTOCOL, API_TOKEN_SUBPROTOCOL_PREFIX, RemoteApiError, createWebSocketApi, type SocketLike } from './ws-api';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Array<{ id: number; call: unknown }> = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup() {
  FakeSocket.all = [];
  const api = createWebSocketApi({
    url: 'ws://127.0.0.1:9/api',
    token: 'secret',
    createSocket: (url, protocols) => new FakeSocket(url, protocols),
    initialDelayMs: 10,
    maxDelayMs: 40,
  });
  return { api, socket: () => FakeSocket.all[FakeSocket.all.length - 1] };
}

afterEach(() => vi.useRealTimers());

describe('WebSocket API', () => {
  it('speaks the protocol of shared/api-schema.ts', () => {
    expect([API_PATH, API_SUBPROTOCOL, API_TOKEN_SUBPROTOCOL_PREFIX]).toEqual([
      shared.API_PATH,
      shared.API_SUBPROTOCOL,
      shared.API_TOKEN_SUBPROTOCOL_PREFIX,
    ]);
  });

  it('offers the protocol and the token as subprotocols', () => {
    const { socket } = setup();
    expect(socket().url).toBe('ws://127.0.0.1:9/api');
    expect(socket().protocols).toEqual(['tandem.v1', 'tandem.token.secret']);
  });

  it('sends calls once open and matches answers by id', async () => {
    const { api, socket } = setup();
    const answer = api.mutate('drawio', ['add svc A']);
    expect(socket().sent).toEqual([]);
    socket().open();
    expect(socket().sent).toEqual([{ id: 1, call: { method: 'mutate', domain: 'drawio', ops: ['add svc A'] } }]);
    socket().receive({ id: 1, result: { text: '+svc A', isError: false } });
    await expect(answer).resolves.toEqual({ text: '+svc A', isError: false });
  });

  it('turns an error answer into an ApiError with its suggestion', async () => {
    const { api, socket } = setup();
    socket().open();
    const answer = api.snapshot('nope');
    socket().receive({ id: 1, error: { code: 'unknown_domain', message: 'no domain "nope"', suggestion: 'one of: drawio' } });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteApiError);
    expect(error).toMatchObject({ code: 'unknown_domain', message: 'no domain "nope"', suggestion: 'one of: drawio' });
  });

  it('feeds pushed events to the change listeners', () => {
    const { api, socket } = setup();
    const seen: number[] = [];
    const off = api.onChange((e) => seen.push(e.seq));
    socket().open();
    socket().receive({ event: { domain: 'drawio', documentId: 'd', seq: 3, origin: 'x', kind: 'batch', at: 0 } });
    off();
    socket().receive({ event: { domain: 'drawio', documentId: 'd', seq: 4, origin: 'x', kind: 'batch', at: 0 } });
    expect(seen).toEqual([3]);
  });

  it('reconnects with backoff, fails calls in flight, and tells the stores to reload', async () => {
    vi.useFakeTimers();
    const { api, socket } = setup();
    const statuses: string[] = [];
    let reconnects = 0;
    api.onStatus((s) => statuses.push(s));
    api.onReconnect(() => reconnects++);
    socket().open();
    const inFlight = api.info();
    socket().drop();
    await expect(inFlight).rejects.toMatchObject({ code: 'disconnected' });
    expect(api.status).toBe('reconnecting');
    vi.advanceTimersByTime(10);
    expect(FakeSocket.all).toHaveLength(2);
    socket().drop(); // still down: the next try waits longer
    vi.advanceTimersByTime(10);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(10);
    expect(FakeSocket.all).toHaveLength(3);
    expect(reconnects).toBe(0);
    socket().open();
    expect(reconnects).toBe(1);
    expect(statuses).toEqual(['open', 'reconnecting', 'open']);
  });

  it('gives up on an unanswered call after the timeout, but lets a tool call run while the connection lives', async () => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    const api = createWebSocketApi({ url: 'ws://127.0.0.1:9/api', token: 't', createSocket: (url, protocols) => new FakeSocket(url, protocols), callTimeoutMs: 1000 });
    const socket = FakeSocket.all[0];
    socket.open();
    const info = api.info().catch((e: unknown) => e);
    const build = api.callTool('testenv', 'preflight_build', { projectPath: 'api' });
    const run = api.callTool('testenv', 'preflight_run', { projectPath: 'api' }).catch((e: unknown) => e);
    vi.advanceTimersByTime(1000);
    expect(await info).toMatchObject({ code: 'timeout' });
    // A build that takes ten minutes is still waited for.
    vi.advanceTimersByTime(600_000);
    socket.receive({ id: 2, result: { content: [{ type: 'text', text: '{"success":true}' }] } });
    await expect(build).resolves.toEqual({ content: [{ type: 'text', text: '{"success":true}' }] });
    // It fails when the connection does.
    socket.drop();
    expect(await run).toMatchObject({ code: 'disconnected' });
  });

  it('stops for good when closed', () => {
    vi.useFakeTimers();
    const { api, socket } = setup();
    socket().open();
    api.close();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(api.status).toBe('closed');
    return expect(api.info()).rejects.toMatchObject({ code: 'closed' });
  });
});
