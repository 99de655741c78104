/**
 * The renderer's API over a WebSocket: a real host (Studio, Workspace, HTTP server), real `ws`
 * clients the way the browser connects, and a real SDK MCP client for the AI's side.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent, DomainSnapshot } from '../../shared/change-feed';
import { API_SUBPROTOCOL } from '../../shared/api-schema';
import type { ApiAnswer, StudioInfo } from '../../shared/tandem-api';
import { PresenceHub } from '../core/presence';
import { toolDomains as registeredToolDomains } from '../host/domains';
import type { StudioHost } from '../host/studio-host';
import { temporaryWorkspace } from '../testing/temporary-studio';
import { JsonLineTransport } from '../mcp/json-line-transport';
import { connectLocalSocket } from '../mcp/local-socket';
import { waitFor } from '../mcp/test-fixtures';
import { createApiSocketServer } from './api-socket';
import { TestSocketClient } from './test-socket-client';

const text = (result: unknown) => ((result as { content: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');

describe('the studio WebSocket at /api', () => {
  const temp = temporaryWorkspace('tandem-api-');
  let host: StudioHost;
  const sockets: TestSocketClient[] = [];
  const clients: Client[] = [];

  beforeEach(async () => {
    host = await temp.startHost();
  });

  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  });

  /** Connects with the host's token unless the test names another (or none: `null`). */
  async function connect(token: string | null = host.token, options = {}): Promise<TestSocketClient> {
    const socket = await TestSocketClient.connect(host.url, token ?? undefined, options);
    sockets.push(socket);
    return socket;
  }

  async function mcpClient(name: string): Promise<Client> {
    const client = new Client({ name, version: '1' });
    await client.connect(JsonLineTransport.overSocket(await connectLocalSocket(host.socket), 'client'));
    clients.push(client);
    return client;
  }

  it('with the right token: answers info, snapshot, a mutate as the person, and history names the person', async () => {
    const socket = await connect();
    expect(socket.ws.protocol).toBe(API_SUBPROTOCOL);

    const info = await socket.call({ method: 'info' });
    expect(info.result).toEqual({ workspace: host.workspace, domains: ['drawio', 'midi'], toolDomains: registeredToolDomains.map((d) => d.name), host: 'browser' } satisfies StudioInfo);

    const before = (await socket.call({ method: 'snapshot', domain: 'drawio' })).result as DomainSnapshot;
    expect(before).toMatchObject({ domain: 'drawio', seq: 0, title: 'Untitled' });

    const edit = (await socket.call({ method: 'mutate', domain: 'drawio', ops: ['add svc Gateway', 'add db Orders'] })).result as ApiAnswer;
    expect(edit.isError).toBe(false);
    expect(edit.text.split('\n')[0]).toMatch(/^\+svc Gateway /);

    const after = (await socket.call({ method: 'snapshot', domain: 'drawio' })).result as DomainSnapshot;
    expect(after.seq).toBe(1);
    expect(after.documentId).toBe(before.documentId);
    expect(JSON.stringify(after.records)).toContain('Gateway');

    const history = (await socket.call({ method: 'query', domain: 'drawio', q: 'history 5' })).result as ApiAnswer;
    expect(history.text).toContain('#1 person batch: add svc Gateway | add db Orders');
    // The AI sees the person's edit in the same words.
    const ai = await mcpClient('claude-ai');
    expect(text(await ai.callTool({ name: 'drawio_query', arguments: { q: 'history 5' } }))).toContain('#1 person batch: add svc Gateway');

    const undo = (await socket.call({ method: 'session', domain: 'drawio', action: 'undo' })).result as ApiAnswer;
    expect(undo.isError).toBe(false);
    expect(((await socket.call({ method: 'snapshot', domain: 'drawio' })).result as DomainSnapshot).seq).toBe(2);

    // A failing op is the core's answer, not a transport error.
    const bad = (await socket.call({ method: 'mutate', domain: 'drawio', ops: ['ad svc X'] })).result as ApiAnswer;
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/\[unknown_verb\]/);
  });

  it('pushes every change, the AI\'s and the person\'s, to every socket in sequence order', async () => {
    const first = await connect();
    const second = await connect();
    const ai = await mcpClient('claude-ai');

    await ai.callTool({ name: 'drawio', arguments: { ops: ['add svc Api'] } });
    await first.call({ method: 'mutate', domain: 'drawio', ops: ['add db Store'] });
    await ai.callTool({ name: 'drawio', arguments: { ops: ['connect Api -> Store'] } });
    await second.call({ method: 'session', domain: 'drawio', action: 'checkpoint wired' });
    await first.call({ method: 'session', domain: 'drawio', action: 'undo' });

    for (const socket of [first, second]) {
      const events = await waitFor(() => (socket.events.length >= 5 ? socket.events : undefined), 10_000, 'five change events');
      expect(events.map((e: ChangeEvent) => [e.kind, e.origin, e.seq])).toEqual([
        ['batch', 'claude-ai', 1],
        ['batch', 'person', 2],
        ['batch', 'claude-ai', 3],
        ['checkpoint', 'person', 3],
        ['undo', 'person', 4],
      ]);
      expect(events[0].ops).toEqual(['add svc Api']);
      expect(JSON.stringify(events[0].put)).toContain('Api');
      expect(events.every((e) => e.domain === 'drawio')).toBe(true);
    }
  });

  it('refuses a missing or wrong token with 401 at the upgrade', async () => {
    await expect(connect(null)).rejects.toMatchObject({ status: 401, body: expect.stringContaining('missing token subprotocol') });
    await expect(connect(`${host.token}x`)).rejects.toMatchObject({ status: 401, body: expect.stringContaining('wrong token subprotocol') });
    await expect(connect('', { protocols: ['tandem.token.' + host.token] })).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a foreign Origin or Host with 403, and accepts its own origin', async () => {
    const port = new URL(host.url).port;
    await expect(connect(host.token, { origin: 'http://evil.example' })).rejects.toMatchObject({ status: 403, body: expect.stringContaining('forbidden_origin') });
    await expect(connect(host.token, { origin: 'http://127.0.0.1:1' })).rejects.toMatchObject({ status: 403 });
    await expect(connect(host.token, { headers: { Host: `evil.example:${port}` } })).rejects.toMatchObject({ status: 403, body: expect.stringContaining('forbidden_host') });
    const own = await connect(host.token, { origin: `http://localhost:${port}`, headers: { Host: `localhost:${port}` } });
    expect((await own.call({ method: 'info' })).result).toMatchObject({ host: 'browser' });
  });

  it('answers malformed messages and invalid calls with bad_request, and the socket stays open', async () => {
    const socket = await connect();
    socket.sendRaw('{not json');
    const notJson = await socket.reply(null);
    expect(notJson.error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('not JSON') });
    expect(notJson.error?.suggestion).toContain('"method":"info"');

    const count = socket.messages.length;
    socket.sendRaw(JSON.stringify({ call: { method: 'info' } }));
    expect((await socket.reply(null, count)).error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('id') });

    const opsNotStrings = await socket.call({ method: 'mutate', domain: 'drawio', ops: [1, 2] });
    expect(opsNotStrings.error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('ops[0]: expected a string, got a number') });
    expect(opsNotStrings.error?.suggestion).toContain('"ops":["add svc AuthService theme:blue"]');

    const unknownMethod = await socket.call({ method: 'dropTables', domain: 'drawio' });
    expect(unknownMethod.error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('unknown method "dropTables"') });

    const extraField = await socket.call({ method: 'info', admin: true });
    expect(extraField.error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('admin: unknown field') });

    const unknownDomain = await socket.call({ method: 'snapshot', domain: 'nonesuch' });
    expect(unknownDomain.error).toMatchObject({ code: 'unknown_domain', suggestion: 'one of: drawio, midi' });

    expect(socket.closed).toBeUndefined();
    expect((await socket.call({ method: 'info' })).result).toMatchObject({ domains: ['drawio', 'midi'] });
  });

  it('lists the workspace files of the domain', async () => {
    const socket = await connect();
    await socket.call({ method: 'mutate', domain: 'drawio', ops: ['add svc One'] });
    expect((await socket.call({ method: 'session', domain: 'drawio', action: 'save as:diagrams/one' })).result).toMatchObject({ isError: false });
    const files = (await socket.call({ method: 'listFiles', domain: 'drawio' })).result as { path: string }[];
    expect(files.map((f) => f.path)).toEqual(['diagrams/one.drawio']);
  });

  it('closes its sockets with 1001 when the host closes, after answering what was asked', async () => {
    const socket = await connect();
    expect((await socket.call({ method: 'info' })).result).toBeTruthy();
    await host.close();
    await waitFor(() => socket.closed, 5_000, 'the socket to close');
    expect(socket.closed).toMatchObject({ code: 1001 });
  });
});

describe('a slow browser connection', () => {
  it('is dropped with a log line while the others get every event in order', async () => {
    const listeners = new Set<(event: ChangeEvent) => void>();
    const logs: string[] = [];
    const api = createApiSocketServer({
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      presence: new PresenceHub(),
      answer: async () => ({ result: null }),
      maxBufferedBytes: 512 * 1024,
      log: (m) => logs.push(m),
    });
    const server = createServer();
    server.on('upgrade', (req, socket, head) => api.handleUpgrade(req, socket, head));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const fast = await TestSocketClient.connect(url, 'unused');
    const slow = await TestSocketClient.connect(url, 'unused');
    try {
      // The slow tab stops reading; the fast one reads as events come.
      (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const payload = 'x'.repeat(32 * 1024);
      let seq = 0;
      const emit = () => {
        seq++;
        const event: ChangeEvent = { domain: 'drawio', documentId: 'd', seq, origin: 'claude', kind: 'batch', ops: [payload], at: 0 };
        for (const listener of listeners) listener(event);
      };
      while (api.socketCount > 1 && seq < 4_000) {
        for (let i = 0; i < 4; i++) emit();
        const expected = seq;
        await waitFor(() => fast.events.length >= expected, 10_000, `event ${expected} at the fast client`);
      }
      expect(api.socketCount).toBe(1);
      expect(logs.some((l) => l.includes('not keeping up'))).toBe(true);
      expect(fast.closed).toBeUndefined();
      expect(fast.events.map((e) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    } finally {
      fast.close();
      slow.ws.terminate();
      await api.close('test over');
      server.closeAllConnections();
      server.close();
    }
  });
});
