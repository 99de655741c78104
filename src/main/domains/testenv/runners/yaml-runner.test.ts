import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '../mock-server';
import { runSuites } from '../run';
import { runContext, suite } from '../testing/run-context';
import { startTestMock } from '../testing/mock';
import { freePort } from '../testing/ports';

let dir: string;
let api: MockServer;

// The service under test: a mock server (real HTTP) with a small users API.
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'testenv-yaml-'));
  api = await startTestMock('api', [
    { method: 'POST', path: '/users', response: { status: 201, headers: { location: '/users/u-42' }, body: { id: 'u-42', name: '{{request.body.name}}', age: '{{request.body.age}}' } } },
    { method: 'GET', path: '/users/:id', response: { body: { id: '{{request.params.id}}', name: 'ada', tags: ['admin'] } } },
    { method: 'GET', path: '/health', response: { body: 'ok' } },
    { method: 'GET', path: '/slow', response: { delay: '3s', body: 'late' } },
  ]);
});
afterEach(async () => {
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
const ctxFor = (extra: Parameters<typeof runContext>[1] = {}) =>
  runContext(dir, { baseUrl: `http://127.0.0.1:${api.port}`, services: [{ name: 'api', ports: [{ host: api.port, container: 80 }], healthPath: '/health' }], ...extra });
const run = async (file: string, extra?: Parameters<typeof runContext>[1]) => (await runSuites([suite({ name: 'users', runner: 'yaml', file })], ctxFor(extra))).suites[0];

describe('yaml runner', () => {
  it('runs steps in order, saving a value for later steps; passing cases are brief', async () => {
    write(
      'users.yaml',
      `name: Users
vars: { who: ada }
steps:
  - waitHealthy: api
  - waitForPort: ${api.port}
  - name: create a user
    request:
      method: post
      path: /users
      headers: { x-token: "{{env.TOKEN}}" }
      body: { name: "{{who}}", age: 36 }
    expect:
      status: 201
      headers: { location: { $matches: "^/users/" }, content-type: { $contains: json } }
      body: { id: { $type: string }, name: ada, age: 36 }
    save: { userId: body.id, where: headers.location }
  - name: read it back
    request: { url: "{{baseUrl}}{{where}}" }
    expect: { status: [200, 203], body: { id: "{{userId}}", tags: { $contains: admin } } }
`,
    );
    const result = await run('users.yaml', { env: { TOKEN: 'secret' } });
    expect(result.status).toBe('passed');
    expect(result.cases.map((c) => [c.name, c.status])).toEqual([
      ['wait for api to be healthy', 'passed'],
      [`wait for port ${api.port}`, 'passed'],
      ['create a user', 'passed'],
      ['read it back', 'passed'],
    ]);
    expect(result.cases[2]).toEqual({ name: 'create a user', status: 'passed', duration: expect.any(Number), file: 'users.yaml' });
    const [health, created, read] = api.requests();
    expect(health.url).toBe('/health');
    expect(created).toMatchObject({ method: 'POST', url: '/users', body: { name: 'ada', age: 36 } });
    expect(created.headers['x-token']).toBe('secret');
    expect(read.url).toBe('/users/u-42');
  });

  it('fails a step with each assertion, the request and response, a fix and diagnostics; later steps are skipped', async () => {
    write(
      'bad.yaml',
      `- name: create
  request: { method: POST, path: /users, body: { name: bob, age: 5 } }
  expect:
    status: 200
    body: { name: bob, age: { $gt: 18 } }
- name: missing route
  request: { path: /nope }
  expect: { status: 200 }
`,
    );
    const result = await run('bad.yaml');
    expect(result.status).toBe('failed');
    expect(result.cases.map((c) => [c.name, c.status])).toEqual([
      ['create', 'failed'],
      ['missing route', 'skipped'],
    ]);
    const failure = result.cases[0].failure!;
    expect(failure.summary).toBe('POST /users answered 201: 2 of 3 assertions failed (status: expected 200, got 201)');
    expect(failure.assertions!.map((a) => [a.target, a.matcher, a.passed])).toEqual([
      ['status', 'equals', false],
      ['body.name', 'equals', true],
      ['body.age', 'gt', false],
    ]);
    expect(failure.request).toMatchObject({ method: 'POST', url: `http://127.0.0.1:${api.port}/users`, body: { name: 'bob', age: 5 } });
    expect(failure.response).toMatchObject({ status: 201, body: { id: 'u-42', name: 'bob', age: 5 } });
    expect(failure.response!.headers.location).toBe('/users/u-42');
    expect(failure.diagnostics?.collectedAt).toBeDefined();
  });

  it('suggests checking the route on a 404, and the environment when nothing listens', async () => {
    write('notfound.yaml', '- request: { path: /missing }\n  expect: { status: 200 }\n');
    const notFound = (await run('notfound.yaml')).cases[0];
    expect(notFound.name).toBe('GET /missing');
    expect(notFound.failure!.suggestedFix).toMatch(/^GET \/missing answered 404: check the service/);

    const closed = await freePort();
    write('refused.yaml', `- request: { url: "http://127.0.0.1:${closed}/x" }\n`);
    const refused = (await run('refused.yaml')).cases[0].failure!;
    expect(refused.error).toMatch(/ECONNREFUSED/);
    expect(refused.suggestedFix).toContain(`nothing answers at 127.0.0.1:${closed}`);
    expect(refused.suggestedFix).toContain('preflight_setup');
  });

  it('times a request out with its own timeout', async () => {
    write('slow.yaml', '- request: { path: /slow, timeout: 200ms }\n');
    const failure = (await run('slow.yaml')).cases[0].failure!;
    expect(failure.error).toBe('no answer within 200 ms (timed out)');
    expect(failure.suggestedFix).toMatch(/did not finish in time/);
  });

  it('stops at the suite timeout in the middle of a request', async () => {
    write('hang.yaml', '- request: { path: /users/1 }\n- request: { path: /slow }\n- request: { path: /users/2 }\n');
    const result = (await runSuites([suite({ name: 'hang', runner: 'yaml', file: 'hang.yaml', timeout: '300ms' })], ctxFor())).suites[0];
    expect(result.cases.map((c) => [c.name, c.status])).toEqual([
      ['GET /users/1', 'passed'],
      ['hang (timed out)', 'failed'],
    ]);
    expect(result.cases[1].failure!.summary).toBe('suite hang timed out after 300 ms');
  });

  it('names a variable no step saved', async () => {
    write('unset.yaml', '- request: { path: "/users/{{userId}}" }\n');
    const failure = (await run('unset.yaml')).cases[0].failure!;
    expect(failure.error).toBe('the step uses {{userId}}, which is not set');
    expect(failure.suggestedFix).toMatch(/save it in an earlier step/);
  });

  it('says a path needs a service to be taken against', async () => {
    write('nobase.yaml', '- request: { path: /users/1 }\n');
    const failure = (await run('nobase.yaml', { baseUrl: undefined })).cases[0].failure!;
    expect(failure.summary).toBe("the step's target is no URL: the step has the path /users/1 but there is no service with a host port to take it against");
    expect(failure.suggestedFix).toMatch(/give the step a url/);
  });

  it('fails a save that finds nothing', async () => {
    write('save.yaml', '- request: { path: /users/1 }\n  save: { token: body.token }\n');
    expect((await run('save.yaml')).cases[0].failure!.error).toBe('save token: the response has no body.token');
  });

  it('fails waitHealthy and waitForPort that never come, and names unknown services', async () => {
    const closed = await freePort();
    write('wait.yaml', `- waitForPort: ${closed}\n  timeout: 300ms\n`);
    expect((await run('wait.yaml')).cases[0].failure!.summary).toBe(`port 127.0.0.1:${closed} did not open`);
    write('unhealthy.yaml', '- waitHealthy: db\n');
    expect((await run('unhealthy.yaml')).cases[0].failure).toMatchObject({ summary: 'waitHealthy names "db", which is no service here', suggestedFix: 'use one of: api' });
    // Long enough for a local answer however busy the machine: the health path answers 404 throughout.
    write('sick.yaml', '- waitHealthy: api\n  timeout: 3s\n');
    const sick = await run('sick.yaml', { services: [{ name: 'api', ports: [{ host: api.port, container: 80 }], healthPath: '/not-there' }] });
    expect(sick.cases[0].failure!.error).toMatch(/^api was not healthy within 3s: GET .*\/not-there answered 404$/);
  });

  it('reports a broken steps file as one failed case with the problems and their lines', async () => {
    write('broken.yaml', 'steps:\n  - request: { path: /a }\n    expect: { status: 200 }\n  - request: { method: GET }\n  - wat: 1\n');
    const [only] = (await run('broken.yaml')).cases;
    expect(only.name).toBe('users');
    expect(only.failure!.error).toContain('steps[1].request: a request needs a path or a url (line 4)');
    expect(only.failure!.error).toContain('steps[2].wat: unknown key "wat" (line 5)');
    write('syntax.yaml', '- request: { path: /a\n');
    expect((await run('syntax.yaml')).cases[0].failure!.error).toMatch(/line \d/);
    expect((await run('absent.yaml')).cases[0].failure!.error).toMatch(/ENOENT/);
  });
});
