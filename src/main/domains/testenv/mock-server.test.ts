import type { Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockRequest } from '../../../shared/testenv-records';
import { ToolError } from '../../tool-domain/domain';
import { mockSchema } from './config-schema';
import { MAX_MOCK_BODY_BYTES, MockServer } from './mock-server';
import { startTestMock } from './testing/mock';
import { freePort, occupyPort } from './testing/ports';

const started: MockServer[] = [];
const held: Server[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((m) => m.stop()));
  await Promise.all(held.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function start(routes: unknown[], options?: Parameters<typeof MockServer.start>[2]): Promise<MockServer> {
  const mock = await startTestMock('payments', routes, options);
  started.push(mock);
  return mock;
}

async function call(mock: MockServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    if (typeof body !== 'string') (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(`http://127.0.0.1:${mock.port}${path}`, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

describe('MockServer', () => {
  it('answers routes with params, status, headers and a templated body', async () => {
    const mock = await start([
      {
        method: 'post',
        path: '/users/:id/charges',
        response: {
          status: 201,
          headers: { 'x-mock': 'yes' },
          body: {
            id: '{{uuid}}',
            user: '{{request.params.id}}',
            amount: '{{request.body.payment.amount}}',
            note: 'for {{request.body.payment.currency}} via {{request.query.via}} by {{request.headers.x-caller}}',
            at: '{{timestamp}}',
            nested: ['{{request.method}} {{request.path}}'],
            missing: '{{request.body.nope}}',
          },
        },
      },
      { path: '/text', response: { body: 'plain {{request.query.q}}' } },
    ]);
    const res = await call(mock, 'POST', '/users/u%2042/charges?via=card', { payment: { amount: 12.5, currency: 'EUR' } }, { 'x-caller': 'tests' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-mock')).toBe('yes');
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = res.json as Record<string, unknown>;
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user).toBe('u 42');
    expect(body.amount).toBe(12.5); // one placeholder alone keeps the value's type
    expect(body.note).toBe('for EUR via card by tests');
    expect(Date.parse(body.at as string)).not.toBeNaN();
    expect(body.nested).toEqual(['POST /users/u%2042/charges']);
    expect(body.missing).toBeNull();
    const second = (await call(mock, 'POST', '/users/1/charges', { payment: {} })).json as Record<string, unknown>;
    expect(second.id).not.toBe(body.id);

    const text = await call(mock, 'GET', '/text?q=hi');
    expect(text.text).toBe('plain hi');
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('tries conditional routes first and falls back to the plain one', async () => {
    const mock = await start([
      { method: 'POST', path: '/pay', response: { status: 200, body: { result: 'ok' } } },
      { method: 'POST', path: '/pay', when: { body: { card: '4000' } }, response: { status: 402, body: { result: 'declined' } } },
      { method: 'POST', path: '/pay', when: { headers: { 'X-Mode': 'slow' } }, response: { status: 202, body: { result: 'queued' } } },
      { method: 'POST', path: '/pay', when: { query: { fail: 'yes' } }, response: { status: 500, body: { result: 'boom' } } },
    ]);
    expect(mock.routes()).toEqual([
      { method: 'POST', path: '/pay', conditional: true },
      { method: 'POST', path: '/pay', conditional: true },
      { method: 'POST', path: '/pay', conditional: true },
      { method: 'POST', path: '/pay', conditional: false },
    ]);
    expect((await call(mock, 'POST', '/pay', { card: '4000', amount: 3 })).status).toBe(402);
    expect((await call(mock, 'POST', '/pay', { card: '4242' })).status).toBe(200);
    expect((await call(mock, 'POST', '/pay', { card: '4242' }, { 'x-mode': 'slow' })).status).toBe(202);
    expect((await call(mock, 'POST', '/pay?fail=yes', 'not json')).status).toBe(500);
    expect((await call(mock, 'POST', '/pay?fail=no')).status).toBe(200);
  });

  it('delays a response as configured', async () => {
    const mock = await start([
      { path: '/slow', response: { delay: '150ms', body: { slow: true } } },
      { path: '/fast', response: { body: { slow: false } } },
    ]);
    const began = Date.now();
    const slow = call(mock, 'GET', '/slow');
    const fast = await call(mock, 'GET', '/fast');
    expect(fast.json).toEqual({ slow: false });
    let slowDone = false;
    void slow.then(() => (slowDone = true));
    expect(slowDone).toBe(false); // the fast one came back while the slow one still waits
    expect((await slow).json).toEqual({ slow: true });
    expect(Date.now() - began).toBeGreaterThanOrEqual(140);
  });

  it('answers 404 naming the routes there are', async () => {
    const mock = await start([{ path: '/a' }, { method: 'DELETE', path: '/b/:id' }]);
    const res = await call(mock, 'GET', '/nope');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'mock "payments" has no route for GET /nope', routes: ['GET /a', 'DELETE /b/:id'] });
    expect((await call(mock, 'POST', '/a')).status).toBe(404); // the method counts
    expect(mock.requests().map((r) => [r.status, r.route])).toEqual([
      [404, undefined],
      [404, undefined],
    ]);
  });

  it('records method, url, headers, parsed bodies, status and route, bounded in body size', async () => {
    const seen: MockRequest[] = [];
    const mock = await start([{ method: 'POST', path: '/in', response: { status: 204 } }], { onRequest: (r) => seen.push(r) });
    await call(mock, 'POST', '/in?x=1', { order: { id: 7 } }, { 'x-trace': 'abc' });
    await call(mock, 'POST', '/in', 'plain words');
    await call(mock, 'POST', '/in');
    await fetch(`http://127.0.0.1:${mock.port}/in`, { method: 'POST', body: 'a=1&b=two', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const big = await call(mock, 'POST', '/in', 'x'.repeat(MAX_MOCK_BODY_BYTES + 10));
    expect(big.status).toBe(413);

    const requests = mock.requests();
    expect(requests.map((r) => r.body)).toEqual([{ order: { id: 7 } }, 'plain words', null, { a: '1', b: 'two' }, null]);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/in?x=1', status: 204, route: 'POST /in' });
    expect(requests[0].headers['x-trace']).toBe('abc');
    expect(requests[4].status).toBe(413);
    expect(mock.requestCount).toBe(5);
    expect(seen).toHaveLength(5);
    expect(mock.requests(new Date(Date.now() + 60_000))).toEqual([]);
    mock.clear();
    expect(mock.requestCount).toBe(0);
    expect(mock.requests()).toEqual([]);
  });

  it('serves the built-ins without recording them', async () => {
    const mock = await start([{ path: '/a' }, { path: '/b', when: { query: { x: '1' } } }]);
    expect((await call(mock, 'GET', '/_mock/health')).json).toEqual({ status: 'ok', name: 'payments', port: mock.port, routes: 2, requestCount: 0 });
    expect((await call(mock, 'GET', '/_mock/routes')).json).toEqual({
      routes: [
        { method: 'GET', path: '/b', conditional: true },
        { method: 'GET', path: '/a', conditional: false },
      ],
    });
    await call(mock, 'GET', '/a');
    const listed = (await call(mock, 'GET', '/_mock/requests')).json as { total: number; requests: MockRequest[] };
    expect(listed.total).toBe(1);
    expect(listed.requests.map((r) => r.url)).toEqual(['/a']);
    expect((await call(mock, 'GET', '/_mock/requests?since=garbage')).status).toBe(400);
    expect((await call(mock, 'DELETE', '/_mock/requests')).json).toEqual({ cleared: 1 });
    expect(mock.requestCount).toBe(0);
    expect((await call(mock, 'GET', '/_mock/nothing')).status).toBe(404);
  });

  it('gives PORT_CONFLICT naming a port that is taken, and frees its port when stopped', async () => {
    const server = await occupyPort(0);
    held.push(server);
    const port = (server.address() as { port: number }).port;
    const err = await MockServer.start('payments', mockSchema.parse({ port, routes: [] })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).code).toBe('PORT_CONFLICT');
    expect((err as ToolError).message).toContain(String(port));
    expect((err as ToolError).suggestion).toContain('mocks.payments.port');
    expect((err as ToolError).details).toMatchObject({ port, mock: 'payments' });

    const mock = await start([{ path: '/a' }]);
    expect(mock.running).toBe(true);
    await mock.stop();
    expect(mock.running).toBe(false);
    const reuse = await occupyPort(mock.port);
    held.push(reuse);
  });

  it('listens on the extra hosts given, and gives up whole when one cannot be had', async () => {
    const mock = await start([{ path: '/a', response: { body: 'here' } }], { hosts: ['127.0.0.2'] });
    expect(await (await fetch(`http://127.0.0.2:${mock.port}/a`)).text()).toBe('here');
    expect(await (await fetch(`http://127.0.0.1:${mock.port}/a`)).text()).toBe('here');

    const port = mock.port;
    await mock.stop();
    // 192.0.2.1 (TEST-NET-1) is no address of this machine.
    const err = await MockServer.start('payments', mockSchema.parse({ port, routes: [] }), { hosts: ['192.0.2.1'] }).catch((e: unknown) => e);
    expect((err as ToolError).code).toBe('MOCKS_NOT_RUNNING');
    expect((err as ToolError).message).toContain(`192.0.2.1:${port}`);
    held.push(await occupyPort(port)); // 127.0.0.1 was let go again
  });

  it('answers containers at its containerPort on the extra hosts, and the host at its port', async () => {
    const [port, containerPort] = [await freePort(), await freePort()];
    const mock = await MockServer.start('payments', mockSchema.parse({ port, containerPort, routes: [{ path: '/a', response: { body: 'here' } }] }), { hosts: ['127.0.0.2'] });
    started.push(mock);
    expect(await (await fetch(`http://127.0.0.1:${port}/a`)).text()).toBe('here');
    expect(await (await fetch(`http://127.0.0.2:${containerPort}/a`)).text()).toBe('here');
    await expect(fetch(`http://127.0.0.2:${port}/a`)).rejects.toThrow();
    expect(mock.requestCount).toBe(2);
  });

  it('stops cleanly while a delayed answer is pending', async () => {
    const mock = await start([{ path: '/slow', response: { delay: '10s' } }]);
    const pending = fetch(`http://127.0.0.1:${mock.port}/slow`).then(
      () => 'answered',
      () => 'closed',
    );
    await new Promise((r) => setTimeout(r, 50));
    await mock.stop();
    expect(await pending).toBe('closed');
  });
});
