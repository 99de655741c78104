import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API_PATH, API_SUBPROTOCOL, API_TOKEN_SUBPROTOCOL_PREFIX } from '../../shared/api-schema';
import { TestSocketClient } from '../api/test-socket-client';
import { buildOffer, createOfferServer } from '../mcp/toolsets';
import { tokenMatches } from '../core/tokens';
import { SSE_MESSAGES_PATH, SSE_PATH } from '../mcp/http-transports';
import { CONTROL_SHUTDOWN_PATH, type HttpEndpoint, startHttpEndpoint } from './http-endpoint';
import { echoDomain, rawRequest, recordProgress, waitFor } from '../mcp/test-fixtures';

const TOKEN = 'test-token-0123456789abcdef0123456789abcdef';
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-http', version: '1' } },
});
const mcpHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

describe('HTTP endpoint', () => {
  let endpoint: HttpEndpoint;
  const origins: string[] = [];

  beforeEach(async () => {
    origins.length = 0;
    endpoint = await startHttpEndpoint({
      port: 0,
      token: TOKEN,
      maxBodyBytes: 64 * 1024,
      maxSessions: 3,
      createSessionServer: () => {
        const server: McpServer = createOfferServer(buildOffer({ fcp: [echoDomain], tool: [] }), {
          callTool: async (tool) => {
            origins.push(server.server.getClientVersion()?.name ?? '?');
            return { content: [{ type: 'text', text: `ran ${tool.name}` }], isError: false };
          },
        });
        return server;
      },
    });
  });

  afterEach(async () => {
    await endpoint.stopAccepting();
    await endpoint.closeSessions();
  });

  const host = () => `127.0.0.1:${endpoint.port}`;

  it('listens on 127.0.0.1 only', () => {
    expect(endpoint.url).toBe(`http://127.0.0.1:${endpoint.port}`);
  });

  it('refuses a missing or wrong token with 401, a JSON body and WWW-Authenticate', async () => {
    const missing = await rawRequest(endpoint.port, { headers: { ...mcpHeaders, Host: host() }, body: initialize });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(JSON.parse(missing.body).error).toMatchObject({ code: 'unauthorized', message: 'missing bearer token' });

    const wrong = await rawRequest(endpoint.port, {
      headers: { ...mcpHeaders, Host: host(), Authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      body: initialize,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/invalid_token/);
    expect(JSON.parse(wrong.body).error.code).toBe('unauthorized');
  });

  it('refuses a foreign Origin or Host with 403 even with the right token', async () => {
    const auth = { ...mcpHeaders, Authorization: `Bearer ${TOKEN}` };
    const foreignOrigin = await rawRequest(endpoint.port, { headers: { ...auth, Host: host(), Origin: 'http://evil.example' }, body: initialize });
    expect(foreignOrigin.status).toBe(403);
    expect(JSON.parse(foreignOrigin.body).error.code).toBe('forbidden_origin');

    const otherPort = await rawRequest(endpoint.port, { headers: { ...auth, Host: host(), Origin: 'http://127.0.0.1:1' }, body: initialize });
    expect(otherPort.status).toBe(403);

    const rebound = await rawRequest(endpoint.port, { headers: { ...auth, Host: `evil.example:${endpoint.port}` }, body: initialize });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).error.code).toBe('forbidden_host');

    const ownOrigin = await rawRequest(endpoint.port, {
      headers: { ...auth, Host: `localhost:${endpoint.port}`, Origin: `http://localhost:${endpoint.port}` },
      body: initialize,
    });
    expect(ownOrigin.status).toBe(200);
  });

  it('refuses bodies over the limit with 413 and bad JSON with a parse error', async () => {
    const auth = { ...mcpHeaders, Host: host(), Authorization: `Bearer ${TOKEN}` };
    const big = await rawRequest(endpoint.port, { headers: auth, body: 'x'.repeat(65 * 1024) });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.code).toBe('body_too_large');
    const bad = await rawRequest(endpoint.port, { headers: auth, body: '{oops' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe(-32700);
    const noSession = await rawRequest(endpoint.port, { headers: auth, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    expect(noSession.status).toBe(400);
    const unknownSession = await rawRequest(endpoint.port, {
      headers: { ...auth, 'Mcp-Session-Id': 'no-such-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(unknownSession.status).toBe(404);
  });

  it('serves an SDK client with the right token; DELETE closes its session', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${endpoint.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
    });
    const client = new Client({ name: 'http-test-client', version: '1' });
    await client.connect(transport);
    expect(transport.sessionId).toBeTruthy();
    expect(endpoint.sessionCount).toBe(1);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'echo_query')?.annotations?.readOnlyHint).toBe(true);
    const result = await client.callTool({ name: 'echo_help', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'ran echo_help' }]);
    expect(origins).toEqual(['http-test-client']);
    await transport.terminateSession();
    expect(endpoint.sessionCount).toBe(0);
    await client.close();
  });

  it('keeps at most maxSessions sessions, closing the least recently used', async () => {
    const clients: Client[] = [];
    for (let i = 0; i < 4; i++) {
      const client = new Client({ name: `c${i}`, version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${endpoint.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
      clients.push(client);
    }
    expect(endpoint.sessionCount).toBe(3);
    await expect(clients[0].listTools()).rejects.toThrow();
    await expect(clients[3].listTools()).resolves.toBeTruthy();
    await Promise.all(clients.map((c) => c.close()));
  });

  it('compares tokens by value', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches('short', TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
  });

  it('answers / with a page and unknown paths with 404', async () => {
    const root = await rawRequest(endpoint.port, { method: 'GET', path: '/', headers: { Host: host() } });
    expect(root.status).toBe(200);
    expect(root.body).toMatch(/Tandem Studio/);
    const missing = await rawRequest(endpoint.port, { method: 'GET', path: '/etc/passwd', headers: { Host: host() } });
    expect(missing.status).toBe(404);
  });

  describe('the legacy SSE transport', () => {
    const sseClient = async (name: string, token = TOKEN) => {
      const client = new Client({ name, version: '1' });
      await client.connect(new SSEClientTransport(new URL(`${endpoint.url}${SSE_PATH}`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      return client;
    };

    it('serves several clients at once, each in a session of its own', async () => {
      const clients = await Promise.all(['sse-a', 'sse-b', 'sse-c'].map((name) => sseClient(name)));
      expect(endpoint.sseSessionCount).toBe(3);
      const answers = await Promise.all(clients.flatMap((client) => [client.callTool({ name: 'echo', arguments: { ops: ['x'] } }), client.callTool({ name: 'echo_query', arguments: { q: 'y' } })]));
      expect(answers.map((a) => (a.content as { text: string }[])[0].text)).toEqual(['ran echo', 'ran echo_query', 'ran echo', 'ran echo_query', 'ran echo', 'ran echo_query']);
      expect([...origins].sort()).toEqual(['sse-a', 'sse-a', 'sse-b', 'sse-b', 'sse-c', 'sse-c']);
      await clients[0].close();
      await waitFor(() => endpoint.sseSessionCount === 2, 5_000, 'the closed SSE session to go');
      // The others go on.
      expect((await clients[1].callTool({ name: 'echo', arguments: { ops: ['z'] } })).isError).toBeFalsy();
      await Promise.all(clients.slice(1).map((c) => c.close()));
    });

    it('checks the token, Origin and Host on the stream and on its messages', async () => {
      const auth = { Authorization: `Bearer ${TOKEN}`, Host: host() };
      const noToken = await rawRequest(endpoint.port, { method: 'GET', path: SSE_PATH, headers: { Host: host() } });
      expect(noToken.status).toBe(401);
      expect(noToken.headers['www-authenticate']).toMatch(/^Bearer/);
      await expect(sseClient('wrong', 'not-the-token')).rejects.toThrow();
      expect((await rawRequest(endpoint.port, { method: 'GET', path: SSE_PATH, headers: { ...auth, Origin: 'http://evil.example' } })).status).toBe(403);
      expect((await rawRequest(endpoint.port, { method: 'GET', path: SSE_PATH, headers: { ...auth, Host: `evil.example:${endpoint.port}` } })).status).toBe(403);
      expect((await rawRequest(endpoint.port, { method: 'POST', path: SSE_PATH, headers: auth })).status).toBe(405);

      const client = await sseClient('sse-ok');
      const post = (headers: Record<string, string>, path = `${SSE_MESSAGES_PATH}?sessionId=nope`) =>
        rawRequest(endpoint.port, { method: 'POST', path, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }) });
      expect((await post({ Host: host() })).status).toBe(401);
      expect((await post({ ...auth, Origin: 'http://evil.example' })).status).toBe(403);
      const unknown = await post(auth);
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body).error).toMatchObject({ code: 'session_not_found', try: `open one with GET ${SSE_PATH}` });
      expect((await rawRequest(endpoint.port, { method: 'POST', path: `${SSE_MESSAGES_PATH}?sessionId=x`, headers: auth, body: 'x'.repeat(70 * 1024) })).status).toBe(413);
      await client.ping();
      await client.close();
    });

    it('keeps at most maxSessions streams, closing the least recently used', async () => {
      const clients = [];
      for (const name of ['s1', 's2', 's3', 's4']) clients.push(await sseClient(name));
      expect(endpoint.sseSessionCount).toBe(3);
      expect((await clients[3].callTool({ name: 'echo', arguments: { ops: ['x'] } })).isError).toBeFalsy();
      await Promise.all(clients.map((c) => c.close()));
    });
  });
});

describe('HTTP endpoint: control and WebSocket routes', () => {
  let endpoint: HttpEndpoint;
  let shutdownRequests = 0;

  beforeEach(async () => {
    shutdownRequests = 0;
    endpoint = await startHttpEndpoint({
      port: 0,
      token: TOKEN,
      createSessionServer: () => createOfferServer(buildOffer({ fcp: [echoDomain], tool: [] }), { callTool: async () => ({ content: [], isError: false }) }),
      onShutdownRequest: () => shutdownRequests++,
    });
  });

  afterEach(async () => {
    await endpoint.stopAccepting();
    await endpoint.closeSessions();
  });

  const host = () => `127.0.0.1:${endpoint.port}`;
  const shutdown = (headers: Record<string, string>, method = 'POST') =>
    rawRequest(endpoint.port, { method, path: CONTROL_SHUTDOWN_PATH, headers: { Host: host(), ...headers } });

  it('POST /control/shutdown needs the bearer token, this Host and Origin, and POST', async () => {
    expect((await shutdown({})).status).toBe(401);
    expect((await shutdown({ Authorization: 'Bearer nope' })).status).toBe(401);
    const foreign = await shutdown({ Authorization: `Bearer ${TOKEN}`, Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await shutdown({ Authorization: `Bearer ${TOKEN}`, Host: `evil.example:${endpoint.port}` })).status).toBe(403);
    const get = await shutdown({ Authorization: `Bearer ${TOKEN}` }, 'GET');
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(shutdownRequests).toBe(0);

    const accepted = await shutdown({ Authorization: `Bearer ${TOKEN}` });
    expect(accepted.status).toBe(202);
    expect(JSON.parse(accepted.body)).toEqual({ shuttingDown: true, pid: process.pid });
    await waitFor(() => shutdownRequests === 1, 5_000, 'the owner to hear the request');
    // Asking twice closes once.
    expect((await shutdown({ Authorization: `Bearer ${TOKEN}` })).status).toBe(202);
    expect(shutdownRequests).toBe(1);
  });

  it('answers a plain GET on /api with 426, and refuses WebSocket upgrades elsewhere or without an API', async () => {
    const plain = await rawRequest(endpoint.port, { method: 'GET', path: API_PATH, headers: { Host: host() } });
    expect(plain.status).toBe(426);
    expect(JSON.parse(plain.body).error.code).toBe('upgrade_required');
    const protocols = [API_SUBPROTOCOL, `${API_TOKEN_SUBPROTOCOL_PREFIX}${TOKEN}`];
    // This endpoint has no API sockets: /api is not there.
    await expect(TestSocketClient.connect(endpoint.url, TOKEN)).rejects.toMatchObject({ status: 404 });
    const elsewhere = new WebSocket(`ws://${host()}/mcp`, protocols);
    const status = await new Promise<number>((resolve) => {
      elsewhere.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      elsewhere.once('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });
});

describe('HTTP endpoint: when the answer to a call goes out', () => {
  let endpoint: HttpEndpoint;
  /** Whether the client had the head of the call's answer when the tool finished its work. */
  let headBeforeAnswer: boolean | undefined;
  let callHeadArrived = false;

  beforeEach(async () => {
    headBeforeAnswer = undefined;
    callHeadArrived = false;
    endpoint = await startHttpEndpoint({
      port: 0,
      token: TOKEN,
      createSessionServer: () => {
        const server = new McpServer({ name: 'slow', version: '1' });
        server.registerTool('slow', { description: 'works a while, reporting progress if asked' }, async (extra) => {
          const progressToken = extra._meta?.progressToken;
          for (let step = 1; step <= 2; step++) {
            await new Promise((r) => setTimeout(r, 150));
            if (progressToken !== undefined) {
              await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: step, total: 2 } });
              // The stream has started: its head reaches the client with the first notification.
              await waitFor(() => callHeadArrived, 5_000, 'the head of the answer');
            }
          }
          headBeforeAnswer = callHeadArrived;
          return { content: [{ type: 'text', text: 'done' }] };
        });
        return server;
      },
    });
  });

  afterEach(async () => {
    await endpoint.stopAccepting();
    await endpoint.closeSessions();
  });

  /** An SDK client whose fetch notes when the head of a tools/call answer arrives. */
  async function watchingClient(): Promise<Client> {
    const watchingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (typeof init?.body === 'string' && init.body.includes('"tools/call"')) callHeadArrived = true;
      return response;
    };
    const client = new Client({ name: 'watcher', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${endpoint.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } }, fetch: watchingFetch }),
    );
    return client;
  }

  it('sends nothing of a plain call until its answer, so a client whose core dies sees its request fail', async () => {
    const client = await watchingClient();
    const result = await client.callTool({ name: 'slow', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(headBeforeAnswer).toBe(false);
    expect(callHeadArrived).toBe(true);
    await client.close();
  });

  it('streams a call whose client asked for progress, from its first notification on', async () => {
    const client = await watchingClient();
    const progress = recordProgress(client, 'slow-1');
    const result = await client.callTool({ name: 'slow', arguments: {}, _meta: { progressToken: 'slow-1' } });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    await waitFor(() => progress.length >= 2, 5_000, 'two progress notifications');
    expect(progress.map((p) => p.progress)).toEqual([1, 2]);
    expect(headBeforeAnswer).toBe(true);
    await client.close();
  });

});
