/**
 * A project laid out as Preflight's own examples are, run through `tandem mcp` (the BUILT cli, the
 * SDK's stdio client) against the real Docker engine: one `service:`, `repos:` (one there, one
 * missing), `dashboard:`, a named volume, and a `cases:` suite with setup (waitHealthy, waitForPort,
 * delay), teardown, body operators with `$exists` / `$regex:`, `save` and variables, `expr`, and
 * `exec` steps in the service's container; then a container that exits after setup, seen as exited
 * with its code, and its logs read; and a named volume reaped after the core is killed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Harness, readEndpointFile } from '../../cli/test-harness';
import { isAlive, waitFor } from '../../mcp/test-fixtures';
import { dockerForTests, leftovers, removeImages, removeLabelled, writeBusyboxImage } from './testing/docker-fixtures';
import { freePort } from './testing/ports';
import { callTool } from './testing/tool-calls';

const { engine, skip } = await dockerForTests();
const harness = new Harness();
const workspaces: string[] = [];
const prefix = `tandem-test-pf${process.pid}`;
afterEach(async () => {
  await harness.cleanup().catch(() => undefined);
});
afterAll(async () => {
  if (skip) return;
  for (const ws of workspaces) await removeLabelled(engine, ws);
  await removeImages(engine, prefix);
});

const call = (client: Client, name: string, args: Record<string, unknown>) => callTool(client, name, args);

const dockerEnv = () => (process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : ({} as Record<string, string>));

/** A users API in busybox (httpd and CGI, FROM scratch), keeping its users on /workspace. */
const USERS_CGI = `#!/bin/sh
if [ "$REQUEST_METHOD" = POST ]; then
  body=$(head -c "\${CONTENT_LENGTH:-0}")
  id="u$$"
  mkdir -p /workspace/users
  echo "$body" > /workspace/users/$id.json
  printf 'Status: 201 Created\\r\\nContent-Type: application/json\\r\\n\\r\\n{"id":"%s","stored":%s}' "$id" "$body"
else
  list=$(ls /workspace/users 2>/dev/null | sed 's/.json$//' | sed 's/.*/"&"/' | paste -sd, -)
  printf 'Content-Type: application/json\\r\\n\\r\\n{"users":[%s],"greeting":"%s"}' "$list" "$GREETING"
fi
`;

const SUITE = (port: number) => `name: Users
description: the users API, as a Preflight suite
sequential: true
variables:
  user_name: "ada-{{timestamp}}"
setup:
  - waitHealthy:
      timeout: 30s
  - waitForPort: { host: 127.0.0.1, port: ${port}, timeout: 10s }
  - delay: 100ms
cases:
  - name: create a user
    request:
      method: POST
      path: "{{config.api_prefix}}/users"
      body: { name: "{{user_name}}", roles: [admin, dev] }
    expect:
      status: [200, 201]
      headers:
        content-type: { contains: json }
      body:
        id: $exists
        missing: { exists: false }
        stored:
          name: "$regex:^ada-\\\\d+$"
          roles: { length: 2, contains: admin, every: { type: string }, not: { contains: root } }
      expr: 'status == 201 && body.stored.roles.length == 2'
      responseTime: { lt: 30000 }
    save:
      user_id: id
  - name: a page that is not there
    request: { path: /nope.html }
    expect: { status: 200 }
  - name: the user is listed
    delay: 50ms
    request: { path: "/cgi-bin/users" }
    expect:
      body:
        users: { some: "{{runtime.user_id}}", length: { gte: 1 } }
        greeting: { in: [hello, hi], startsWith: hel, endsWith: lo }
      any:
        - greeting: nope
        - greeting: hello
  - name: the user is on the volume
    exec: { command: "cat /workspace/users/{{user_id}}.json" }
    expect:
      exitCode: 0
      output:
        contains: ["{{user_name}}", admin]
        notContains: ERROR
        matches: '"roles"'
        json: { name: { startsWith: ada- }, roles: { every: { in: [admin, dev] } } }
        length: "==1"
teardown:
  - name: mark the end
    exec: { command: "touch /workspace/torn-down" }
  - name: a cleanup that fails
    request: { method: DELETE, path: /cgi-bin/nothing }
    expect: { status: 204 }
    ignoreError: true
`;

const AFTER = `name: After
cases:
  - name: the teardown ran after the failing case
    exec: { command: "test -f /workspace/torn-down && echo yes" }
    expect: { output: { contains: "yes" } }
  - name: an exit code that is expected
    exec: { command: "exit 3" }
    expect: { exitCode: 3 }
`;

describe.skipIf(skip)('a Preflight-layout project through tandem mcp', () => {
  it('inits, builds, sets up, runs a cases suite with setup, teardown, operators and exec, and clean removes the named volume', async () => {
    const ws = harness.tempWorkspace('testenv');
    workspaces.push(ws);
    const name = `pf${process.pid}a`;
    const port = await freePort();
    const dir = join(ws, 'users-app');
    writeBusyboxImage(join(dir, 'repos', 'api'), 'mkdir -p /workspace && exec httpd -f -v -p 8080 -h /www', { 'cgi-bin/users': USERS_CGI });
    mkdirSync(join(dir, 'tests'));
    writeFileSync(join(dir, 'tests', 'users.yaml'), SUITE(port));
    writeFileSync(join(dir, 'tests', 'after.yaml'), AFTER);
    writeFileSync(
      join(dir, 'e2e.yaml'),
      `version: "1"
project:
  name: ${name}
  description: laid out as Preflight's examples are
repos:
  - name: api
    url: https://example.com/api.git
  - name: web
    url: https://example.com/web.git
service:
  build:
    dockerfile: Dockerfile
    context: repos/api
    image: ${prefix}-app:e2e
  container:
    name: ${name}-app
    ports:
      - "${port}:8080"
    environment:
      GREETING: hello
    volumes:
      - data:/workspace
    healthcheck:
      path: /health
      interval: 200ms
      timeout: 2s
      retries: 50
  vars:
    api_prefix: /cgi-bin
dashboard:
  port: 9095
  uiPort: 9091
tests:
  suites:
    - name: Users
      id: users
      file: tests/users.yaml
    - name: After
      id: after
      file: tests/after.yaml
`,
    );
    const { client } = await harness.bridgeClient(ws, 'claude-ai', dockerEnv());

    const init = await call(client, 'preflight_init', { projectPath: 'users-app' });
    expect(init.error).toBeUndefined();
    expect(init.data).toMatchObject({
      projectName: name,
      layout: 'service',
      services: [{ name, image: `${prefix}-app:e2e`, ports: [`${port}:8080`], hasHealthcheck: true }],
      suites: [{ id: 'users', runner: 'yaml', file: 'tests/users.yaml' }, { id: 'after', runner: 'yaml' }],
      repos: [
        { name: 'api', path: 'repos/api', present: true },
        { name: 'web', path: 'repos/web', present: false },
      ],
      volumes: [{ name: 'data', dockerVolume: expect.stringMatching(new RegExp(`^tandem-${name}-[0-9a-f]{8}-data$`)) }],
    });
    expect(init.data.notes.join('\n')).toMatch(/dashboard: ignored/);
    expect(init.data.notes.join('\n')).toContain('web at repos/web (clone https://example.com/web.git there)');
    const volume: string = init.data.volumes[0].dockerVolume;

    expect((await call(client, 'preflight_build', { projectPath: 'users-app' })).data.services[0].status).toBe('success');
    const setup = await call(client, 'preflight_setup', { projectPath: 'users-app' });
    expect(setup.data.services).toMatchObject([{ name, status: 'healthy' }]);
    const docker = await engine.api();
    const info = await docker.getVolume(volume).inspect();
    expect(info.Labels).toMatchObject({ 'tandem.workspace': ws, 'tandem.project': name });

    const run = await call(client, 'preflight_run', { projectPath: 'users-app' });
    const [users, after] = run.data.suites;
    expect(users.cases.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ['create a user', 'passed'],
      ['a page that is not there', 'failed'],
      ['the user is listed', 'passed'],
      ['the user is on the volume', 'passed'],
    ]);
    expect(users.cases[1].failure.assertions[0]).toMatchObject({ target: 'status', expected: 200, actual: 404, passed: false });
    expect(after).toMatchObject({ status: 'passed', passed: 2 });
    expect(run.data.totals).toMatchObject({ passed: 5, failed: 1, skipped: 0 });

    // The users live in the named volume, not in a folder of the project.
    const listed = await fetch(`http://127.0.0.1:${port}/cgi-bin/users`).then((r) => r.json());
    expect(listed.users).toHaveLength(1);

    const clean = await call(client, 'preflight_clean', { projectPath: 'users-app' });
    expect(clean.data).toMatchObject({ sessionRemoved: true, volumes: [{ name: volume, action: 'removed' }] });
    expect(await docker.getVolume(volume).inspect().then(() => 'there', (err: { statusCode?: number }) => err.statusCode)).toBe(404);
    expect(await leftovers(engine, ws)).toEqual({ containers: [], networks: [] });
  }, 240_000);

  it('shows a container that exits after setup as exited and unhealthy with its code, and reads its logs', async () => {
    const ws = harness.tempWorkspace('testenv');
    workspaces.push(ws);
    const name = `pf${process.pid}b`;
    const port = await freePort();
    const dir = join(ws, 'worker');
    writeBusyboxImage(dir, 'echo "worker started"; httpd -p 8080 -h /www; sleep 2; echo "worker: out of work"; exit 7');
    writeFileSync(
      join(dir, 'e2e.yaml'),
      `project: { name: ${name} }\nservice:\n  build: { image: ${prefix}-worker:e2e }\n  container:\n    ports: ["${port}:8080"]\n    healthcheck: { path: /health, interval: 100ms, timeout: 20s }\n` +
        'tests:\n  suites:\n    - { name: Check, file: check.yaml }\n',
    );
    writeFileSync(join(dir, 'check.yaml'), 'cases:\n  - name: look inside\n    exec: { command: "ls /" }\n');
    const { client } = await harness.bridgeClient(ws, 'claude-ai', dockerEnv());
    await call(client, 'preflight_init', { projectPath: 'worker' });
    await call(client, 'preflight_build', { projectPath: 'worker' });
    expect((await call(client, 'preflight_setup', { projectPath: 'worker' })).data.services[0].status).toBe('healthy');

    const exited = await waitFor(
      async () => {
        const status = await call(client, 'preflight_status', { projectPath: 'worker' });
        if (status.data.services[0].status === 'exited') return status.data.services[0];
        await new Promise((resolve) => setTimeout(resolve, 250));
        return undefined;
      },
      20_000,
      'the worker to exit',
    );
    expect(exited).toMatchObject({ name, status: 'exited', health: 'unhealthy', exitCode: 7 });

    const logs = await call(client, 'preflight_logs', { projectPath: 'worker', container: name });
    expect(logs.success).toBe(true);
    expect(logs.data).toMatchObject({ container: `${name}-${name}`, containerStatus: 'exited', exitCode: 7 });
    expect(logs.data.lines).toEqual(['worker started', 'worker: out of work']);
    // An exec step in a container that stopped fails, saying so.
    const check = (await call(client, 'preflight_run', { projectPath: 'worker' })).data.suites[0].cases[0];
    expect(check.failure).toMatchObject({ error: `${name}-${name} is not running (exited, exit code 7)`, suggestedFix: expect.stringContaining('preflight_logs') });

    expect((await call(client, 'preflight_clean', { projectPath: 'worker' })).data.sessionRemoved).toBe(true);
    expect(await leftovers(engine, ws)).toEqual({ containers: [], networks: [] });
  }, 180_000);

  it('reaps a named volume with the containers when the core was killed with SIGKILL', async () => {
    const ws = harness.tempWorkspace('testenv');
    workspaces.push(ws);
    const name = `pf${process.pid}c`;
    const dir = join(ws, 'store');
    writeBusyboxImage(dir, 'exec httpd -f -p 8080 -h /www');
    writeFileSync(join(dir, 'e2e.yaml'), `project: { name: ${name} }\nservice:\n  build: { image: ${prefix}-store:e2e }\n  container:\n    volumes: ["cache:/cache"]\n`);
    const { client } = await harness.bridgeClient(ws, 'claude-ai', dockerEnv());
    const volume: string = (await call(client, 'preflight_init', { projectPath: 'store' })).data.volumes[0].dockerVolume;
    await call(client, 'preflight_build', { projectPath: 'store' });
    expect((await call(client, 'preflight_setup', { projectPath: 'store' })).success).toBe(true);
    expect(await leftovers(engine, ws)).toMatchObject({ containers: [`${name}-${name}`], volumes: [volume] });

    const first = readEndpointFile(ws)!.pid;
    process.kill(first, 'SIGKILL');
    await waitFor(() => !isAlive(first), 10_000, 'the core to die');
    // The next call starts a new core, whose reaper runs before it answers.
    expect((await call(client, 'preflight_status', { projectPath: 'store' })).error?.code).toBe('SESSION_NOT_FOUND');
    harness.track(await waitFor(() => readEndpointFile(ws)?.pid !== first && readEndpointFile(ws)?.pid, 15_000, 'the new core'));
    expect(await leftovers(engine, ws)).toEqual({ containers: [], networks: [] });
  }, 180_000);
});
