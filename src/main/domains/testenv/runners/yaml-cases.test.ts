/**
 * The yaml runner on suites in Preflight's form (`setup`, `cases`, `teardown`), against a real HTTP
 * service (a mock server) and, for `exec` steps, commands really run (the run context's exec runs
 * `sh -c` here, as the session runs it in a container).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '../mock-server';
import { runSuites } from '../run';
import { startTestMock } from '../testing/mock';
import { runContext, suite } from '../testing/run-context';
import { lineCountCheck, lineCountOf } from './exec-step';
import type { RunContext } from './types';

let dir: string;
let api: MockServer;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'testenv-cases-'));
  api = await startTestMock('api', [
    { method: 'GET', path: '/health', response: { body: { status: 'ok' } } },
    { method: 'POST', path: '/api/users', response: { status: 201, body: { success: true, user: { id: 42, name: '{{request.body.name}}', roles: ['admin', 'dev'] }, token: 'tok-123456789' } } },
    { method: 'GET', path: '/api/users/:id', response: { body: { id: '{{request.params.id}}', status: 'active', items: [{ v: 1 }, { v: 5 }] } } },
    { method: 'DELETE', path: '/api/test-data', response: { status: 204 } },
    { method: 'GET', path: '/slow', response: { delay: '600ms', body: { slow: true } } },
  ]);
});
afterEach(async () => {
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `sh -c command` on this machine: the same contract as the session's exec in a container. */
const localExec: RunContext['exec'] = (container, command, signal) =>
  new Promise((resolve) => {
    execFile('sh', ['-c', command], { signal, cwd: dir }, (err, stdout, stderr) => {
      const code = (err as { code?: unknown } | null)?.code;
      resolve({ container, exitCode: typeof code === 'number' ? code : 0, output: stdout + stderr, truncated: false });
    });
  });

const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
const run = async (file: string, extra: Parameters<typeof runContext>[1] = {}, suiteInput: Record<string, unknown> = {}) => {
  const ctx = runContext(dir, {
    baseUrl: `http://127.0.0.1:${api.port}`,
    services: [{ name: 'app', containerName: 'app-e2e', ports: [{ host: api.port, container: 80 }], healthPath: '/health' }],
    configInput: { services: [{ name: 'app', image: 'x', vars: { api_base: '/api' } }] },
    exec: localExec,
    ...extra,
  });
  return (await runSuites([suite({ name: 'users', file, ...suiteInput })], ctx)).suites[0];
};
const outcomes = (result: Awaited<ReturnType<typeof run>>) => result.cases.map((c) => [c.name, c.status]);

describe('yaml suites in Preflight form', () => {
  it('runs setup, each case on its own, and teardown after a failure; saves and variables carry over', async () => {
    write(
      'users.yaml',
      `name: Users
description: create and read a user
variables:
  email: "e2e-{{timestamp}}@example.com"
setup:
  - waitHealthy: { timeout: 5s }
  - waitForPort: { host: 127.0.0.1, port: ${api.port}, timeout: 2s }
  - delay: 10ms
cases:
  - name: create
    request:
      method: POST
      path: "{{config.api_base}}/users"
      body: { name: "{{email}}" }
    expect:
      status: [200, 201]
      headers: { content-type: { contains: json } }
      body:
        success: true
        token: { type: string, length: { gt: 10 } }
        user:
          id: { type: number, gt: 0 }
          name: "$regex:^e2e-\\\\d+@example\\\\.com$"
          roles: { contains: admin, every: { type: string } }
          missing: { exists: false }
      expr: ["status == 201", "body.user.roles.length == 2 && body.success"]
      responseTime: 5000
      all:
        - success: true
        - user: { id: 42 }
      any:
        - user: { name: nobody }
        - token: $exists
    save: { userId: user.id, token: token }
  - name: a wrong expectation
    request: { path: "/api/users/{{userId}}" }
    expect: { body: { status: { in: [deleted, banned] } } }
  - name: read back
    request:
      path: "/api/users/{{runtime.userId}}"
      headers: { authorization: "Bearer {{token}}" }
    expect:
      body:
        id: "42"
        items: { some: { v: { gt: 4 } }, not: { length: 0 } }
teardown:
  - name: delete the test data
    request: { method: DELETE, path: /api/test-data }
    expect: { status: 204 }
  - name: a cleanup that may fail
    request: { path: /nothing }
    expect: { status: 200 }
    ignoreError: true
`,
    );
    const result = await run('users.yaml');
    expect(outcomes(result)).toEqual([
      ['create', 'passed'],
      ['a wrong expectation', 'failed'],
      ['read back', 'passed'],
    ]);
    expect(result.cases[1].failure!.assertions).toEqual([expect.objectContaining({ target: 'body.status', matcher: 'in', actual: 'active', passed: false })]);
    const requests = api.requests().map((r) => `${r.method} ${r.url}`);
    expect(requests).toEqual(['GET /health', 'POST /api/users', 'GET /api/users/42', 'GET /api/users/42', 'DELETE /api/test-data', 'GET /nothing']);
    expect(api.requests()[3].headers.authorization).toBe('Bearer tok-123456789');
    expect((api.requests()[1].body as { name: string }).name).toMatch(/^e2e-\d+@example\.com$/);
  });

  it('fails each kind of expectation that does not hold, recording why', async () => {
    write(
      'wrong.yaml',
      `cases:
  - name: everything wrong
    request: { method: POST, path: /api/users, body: { name: x } }
    expect:
      status: 200
      body: { token: { length: 3 }, user: { roles: { notContains: dev } } }
      expr: "body.user.id > 100"
      responseTime: { lt: 0 }
      all: [{ success: false }]
      any: [{ success: false }, { token: nope }]
`,
    );
    const failure = (await run('wrong.yaml')).cases[0].failure!;
    expect(failure.assertions!.filter((a) => !a.passed).map((a) => [a.target, a.matcher])).toEqual([
      ['status', 'equals'],
      ['body.token', 'length'],
      ['body.user.roles', 'notContains'],
      ['responseTime', 'lt'],
      ['expr', 'expr'],
      ['all[0].body.success', 'equals'],
      ['any', 'any'],
    ]);
    expect(failure.assertions!.find((a) => a.target === 'expr')!.message).toBe('body.user.id > 100 does not hold');
  });

  it('skips the cases when setup fails, and still runs the teardown', async () => {
    write('setup.yaml', `setup:\n  - name: seed\n    request: { method: POST, path: /seed }\n    expect: { status: 201 }\ncases:\n  - request: { path: /health }\nteardown:\n  - request: { method: DELETE, path: /api/test-data }\n`);
    const result = await run('setup.yaml');
    expect(outcomes(result)).toEqual([
      ['setup: seed', 'failed'],
      ['GET /health', 'skipped'],
    ]);
    expect(api.requests().map((r) => r.url)).toEqual(['/seed', '/api/test-data']);
  });

  it('still runs the teardown when the suite runs out of time', async () => {
    write('hang.yaml', 'cases:\n  - name: waits too long\n    request: { path: /slow, timeout: 10s }\nteardown:\n  - request: { method: DELETE, path: /api/test-data }\n    expect: { status: 204 }\n');
    const result = await run('hang.yaml', {}, { timeout: '200ms' });
    expect(result.cases.map((c) => c.name)).toEqual(['users (timed out)']);
    // (the mock records /slow only once it answers, which the aborted request never waits for)
    expect(api.requests().map((r) => `${r.method} ${r.url}`)).toContain('DELETE /api/test-data');
  });

  it('reports a teardown that fails, unless it ignores errors', async () => {
    write('down.yaml', 'cases:\n  - request: { path: /health }\nteardown:\n  - name: reset\n    request: { path: /reset }\n    expect: { status: 200 }\n');
    expect(outcomes(await run('down.yaml'))).toEqual([
      ['GET /health', 'passed'],
      ['teardown: reset', 'failed'],
    ]);
  });

  it('runs the cases at once when sequential is false', async () => {
    write('parallel.yaml', 'sequential: false\ncases:\n  - request: { path: /slow }\n  - request: { path: /slow }\n  - request: { path: /slow }\n');
    const result = await run('parallel.yaml');
    expect(result.cases.map((c) => c.status)).toEqual(['passed', 'passed', 'passed']);
    // All three arrived before the first was answered (each answer takes 600 ms).
    const arrivals = api.requests().map((r) => Date.parse(r.timestamp));
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(600);
  });

  it('runs exec steps: exit code, output expectations, and saves from the output', async () => {
    write('status.json', '{"status":"healthy","uptime":12,"workers":["a","b"]}\n');
    write(
      'exec.yaml',
      `cases:
  - name: the status file
    exec: { command: "cat status.json", container: app }
    expect:
      output:
        contains: [healthy, workers]
        notContains: [ERROR]
        matches: '"uptime":\\d+'
        json: { status: healthy, uptime: { gt: 0 }, workers: { length: 2 } }
        length: "==1"
    save: { uptime: uptime, raw: output }
  - name: the saved value
    exec: { command: "echo {{uptime}}; echo line2" }
    expect: { output: { contains: "12", length: ">=2" } }
  - name: an expected failure
    exec: { command: "echo nope >&2; exit 4" }
    expect: { exitCode: 4, output: { contains: nope } }
  - name: an unexpected failure
    exec: { command: "exit 2" }
  - name: wrong output
    exec: { command: "printf 'a\\\\nb\\\\nc'" }
    expect: { output: { contains: z, notContains: b, matches: "^x", json: { a: 1 }, length: "<2" } }
  - name: a command that is not there
    exec: { command: "no-such-command-here" }
`,
    );
    const result = await run('exec.yaml');
    expect(outcomes(result)).toEqual([
      ['the status file', 'passed'],
      ['the saved value', 'passed'],
      ['an expected failure', 'passed'],
      ['an unexpected failure', 'failed'],
      ['wrong output', 'failed'],
      ['a command that is not there', 'failed'],
    ]);
    expect(result.cases[3].failure!.summary).toBe('exec in app exited 2: 1 of 1 assertions failed (exitCode: expected exit code 0, got 2)');
    expect(result.cases[4].failure!.assertions!.filter((a) => !a.passed).map((a) => `${a.target} ${a.matcher}`)).toEqual([
      'output contains',
      'output notContains',
      'output matches',
      'output.json json',
      'output lines length',
    ]);
    expect(result.cases[5].failure!.suggestedFix).toMatch(/^the command is not in the container app/);
  });

  it('says an exec step needs containers where none run', async () => {
    write('noexec.yaml', 'cases:\n  - exec: { command: "true" }\n');
    const failure = (await run('noexec.yaml', { exec: undefined })).cases[0].failure!;
    expect(failure.summary).toBe('exec true: no container to run it in');
    expect(failure.suggestedFix).toMatch(/preflight_setup/);
  });

  it('reports every problem of a broken file with its line', async () => {
    write(
      'broken.yaml',
      `name: Broken
setup:
  - waitForPort: { host: localhost }
cases:
  - name: bad expr
    request: { path: /a }
    expect: { expr: "status = 200" }
  - name: unknown key
    request: { path: /a }
    expct: { status: 200 }
  - exec: { container: app }
    expect: { output: { length: "lots" } }
`,
    );
    const error = (await run('broken.yaml')).cases[0].failure!.error;
    expect(error).toContain('setup[0].waitForPort');
    expect(error).toContain('(line 3)');
    expect(error).toContain('cases[0].expect.expr: expr: unexpected "=" at column 8 (line 7)');
    expect(error).toContain('cases[1].expct: unknown key "expct" (line 10)');
    expect(error).toContain('cases[2].exec.command');
    expect(error).toContain('cases[2].expect.output.length: a line count such as 5, ">10", "==5" or ">=1" (line 12)');
  });
});

describe('exec output lines', () => {
  it('counts lines and compares them as Preflight writes the count', () => {
    expect([lineCountOf(''), lineCountOf('a'), lineCountOf('a\n'), lineCountOf('a\nb'), lineCountOf('a\r\nb\r\n')]).toEqual([0, 1, 1, 2, 2]);
    const holds = (spec: number | string, lines: number) => lineCountCheck(spec, lines).passed;
    expect([holds(3, 3), holds('==3', 3), holds('>2', 3), holds('>=3', 3), holds('<4', 3), holds('<=3', 3), holds('!=2', 3), holds(' > 1 ', 3)]).toEqual(Array(8).fill(true));
    expect([holds(2, 3), holds('==2', 3), holds('>3', 3), holds('>=4', 3), holds('<3', 3), holds('<=2', 3), holds('!=3', 3)]).toEqual(Array(7).fill(false));
  });
});
