/**
 * The testenv domain through `tandem mcp` as an AI client uses it: the BUILT cli, the core the
 * bridge starts, the SDK's stdio client, the real Docker engine. The whole flow, every error code
 * of the contract, and the reaper after the core is killed with SIGKILL.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Harness, readEndpointFile } from '../../cli/test-harness';
import { type StudioHost, startStudioHost } from '../../host/studio-host';
import { isAlive, recordProgress, waitFor } from '../../mcp/test-fixtures';
import { dockerForTests, leftovers, removeImages, removeLabelled, writeFixtureProject } from './testing/docker-fixtures';
import { freePort, occupyPort } from './testing/ports';

const { engine, skip } = await dockerForTests();
const harness = new Harness();
const workspaces: string[] = [];
let host: StudioHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
  await harness.cleanup().catch(() => undefined);
});
afterAll(async () => {
  if (skip) return;
  for (const ws of workspaces) await removeLabelled(engine, ws);
  await removeImages(engine, `tandem-test-mcp${process.pid}`);
});

interface Envelope {
  success: boolean;
  data?: any;
  error?: { code: string; message: string; suggestion?: string; details?: any };
  timestamp: number;
}

const envelope = (result: unknown): Envelope => JSON.parse(((result as CallToolResult).content[0] as { text: string }).text);
const dockerEnv = () => (process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : ({} as Record<string, string>));

/** Calls a tool; with `progressToken`, asks for progress (read it with recordProgress). */
async function call(client: Client, name: string, args: Record<string, unknown>, progressToken?: string): Promise<Envelope> {
  const result = await client.callTool({ name, arguments: args, ...(progressToken ? { _meta: { progressToken } } : {}) }, undefined, { timeout: 120_000 });
  const answer = envelope(result);
  expect(typeof answer.timestamp).toBe('number');
  expect(Boolean(result.isError)).toBe(!answer.success);
  return answer;
}

const codeOf = async (answer: Promise<Envelope>) => (await answer).error?.code;

let projects = 0;
const projectName = () => `mcp${process.pid}x${++projects}`;

function workspace(): string {
  const ws = harness.tempWorkspace('testenv');
  workspaces.push(ws);
  return ws;
}

/** A project whose api reaches the mock at start, and two yaml suites: one passes, one fails. */
async function shopProject(ws: string) {
  const name = projectName();
  const [apiPort, webPort, mockPort] = [await freePort(), await freePort(), await freePort()];
  writeFixtureProject(join(ws, 'shop'), {
    name,
    services: [
      { name: 'api', hostPort: apiPort, callsMock: { port: mockPort, path: '/hooks/started' } },
      { name: 'web', hostPort: webPort, dependsOn: ['api'] },
    ],
    mocks: { payments: { port: mockPort, routes: [{ method: 'POST', path: '/charges', response: { status: 201, body: { id: 'ch_1', amount: '{{request.body.amount}}' } } }] } },
    suites: [
      { name: 'Smoke', runner: 'yaml', file: 'smoke.yaml' },
      { name: 'Broken page', id: 'broken', runner: 'yaml', file: 'broken.yaml' },
    ],
    files: {
      'smoke.yaml': JSON.stringify({
        steps: [
          { waitHealthy: 'api' },
          { name: 'api health answers', request: { path: '/health' }, expect: { status: 200 } },
          { name: 'a charge is recorded', request: { method: 'POST', url: `http://127.0.0.1:${mockPort}/charges`, body: { amount: 42 } }, expect: { status: 201, body: { id: 'ch_1' } } },
        ],
      }),
      'broken.yaml': JSON.stringify({ steps: [{ name: 'a page that is not there', request: { path: '/missing' }, expect: { status: 200 } }] }),
    },
  });
  return { name, apiPort, webPort, mockPort };
}

describe.skipIf(skip)('testenv through tandem mcp', () => {
  it('runs the whole flow: init, build with progress, setup, run, logs, mock requests, clean', async () => {
    const ws = workspace();
    const { name, mockPort } = await shopProject(ws);
    const { client } = await harness.bridgeClient(ws, 'claude-ai', dockerEnv());
    const tools = (await client.listTools()).tools.filter((t) => t.name.startsWith('preflight_')).map((t) => t.name);
    expect(tools).toEqual(['preflight_init', 'preflight_build', 'preflight_setup', 'preflight_run', 'preflight_run_suite', 'preflight_status', 'preflight_logs', 'preflight_clean', 'preflight_mock_requests']);

    const init = await call(client, 'preflight_init', { projectPath: 'shop' });
    expect(init.data).toMatchObject({ projectName: name, suites: [{ id: 'smoke', runner: 'yaml', file: 'smoke.yaml' }, { id: 'broken' }] });

    const progress = recordProgress(client, 'build');
    const built = await call(client, 'preflight_build', { projectPath: 'shop' }, 'build');
    expect(built.data.services.map((s: { status: string }) => s.status)).toEqual(['success', 'success']);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p, i) => i === 0 || p.progress > progress[i - 1].progress)).toBe(true);
    expect(progress.some((p) => /Step|COPY|Successfully/.test(p.message ?? ''))).toBe(true);

    const setup = await call(client, 'preflight_setup', { projectPath: 'shop' });
    expect(setup.success, JSON.stringify(setup.error)).toBe(true);
    expect(setup.data.services.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([['api', 'healthy'], ['web', 'healthy']]);

    const run = await call(client, 'preflight_run', { projectPath: 'shop' });
    expect(run.data).toMatchObject({ status: 'failed', totals: { passed: 3, failed: 1 } });
    const [smoke, broken] = run.data.suites;
    expect(smoke).toMatchObject({ id: 'smoke', status: 'passed', passed: 3, failed: 0 });
    expect(smoke.cases.every((c: { failure?: unknown }) => c.failure === undefined)).toBe(true);
    expect(broken).toMatchObject({ id: 'broken', status: 'failed', failed: 1 });
    const failure = broken.cases[0].failure;
    expect(failure).toMatchObject({ response: { status: 404 }, assertions: expect.arrayContaining([expect.objectContaining({ passed: false })]) });
    expect(failure.diagnostics).toMatchObject({
      containerLogs: expect.arrayContaining([expect.objectContaining({ containerName: `${name}-api` })]),
      containerHealth: { [`${name}-api`]: 'healthy', [`${name}-web`]: 'healthy' },
      mockRequests: { payments: expect.any(Array) },
      networkInfo: { exists: true, containers: expect.arrayContaining([`${name}-api`, `${name}-web`]) },
      collectedAt: expect.any(String),
    });
    const apiLogs = failure.diagnostics.containerLogs.find((l: { containerName: string }) => l.containerName === `${name}-api`);
    expect(apiLogs.lines).toContain('service api starting (healthy)');

    const single = await call(client, 'preflight_run_suite', { projectPath: 'shop', suiteId: 'smoke' });
    expect(single.data).toMatchObject({ status: 'passed', suites: [{ id: 'smoke' }] });

    const logs = await call(client, 'preflight_logs', { projectPath: 'shop', container: `${name}-web`, lines: 20, since: '5m' });
    expect(logs.data).toMatchObject({ container: `${name}-web`, containerStatus: 'running' });
    expect(logs.data.lines).toContain('service web listening on 8080');

    const requests = await call(client, 'preflight_mock_requests', { projectPath: 'shop', clear: true });
    const payments = requests.data.mocks[0];
    expect(payments).toMatchObject({ name: 'payments', port: mockPort });
    const bodies = payments.requests.map((r: { method: string; url: string; body: unknown }) => [r.method, r.url, r.body]);
    expect(bodies).toEqual(expect.arrayContaining([['POST', '/hooks/started', { from: 'api' }], ['POST', '/charges', { amount: 42 }]]));
    expect((await call(client, 'preflight_mock_requests', { projectPath: 'shop' })).data.mocks[0]).toMatchObject({ totalRequests: 0, requests: [] });

    const clean = await call(client, 'preflight_clean', { projectPath: 'shop' });
    expect(clean.data).toMatchObject({ sessionRemoved: true, network: { action: 'removed' }, mocks: [{ name: 'payments', action: 'stopped' }] });
    expect(clean.data.containers.map((c: { action: string }) => c.action)).toEqual(['removed', 'removed']);
    // Checked against the engine itself: nothing with this workspace's label, and no container by those names.
    expect(await leftovers(engine, ws)).toEqual({ containers: [], networks: [] });
    const named = await (await engine.api()).listContainers({ all: true, filters: JSON.stringify({ name: [name] }) });
    expect(named).toEqual([]);
    expect(await codeOf(call(client, 'preflight_status', { projectPath: 'shop' }))).toBe('SESSION_NOT_FOUND');
  }, 240_000);

  it('answers every error code of the contract in its envelope', async () => {
    const ws = workspace();
    const { client } = await harness.bridgeClient(ws, 'claude-ai', dockerEnv());
    const seen = new Set<string>();
    const expectCode = async (code: string, tool: string, args: Record<string, unknown>) => {
      const answer = await call(client, tool, args);
      expect(answer.error, `${tool} ${JSON.stringify(args)}`).toMatchObject({ code, message: expect.any(String) });
      seen.add(code);
      return answer.error!;
    };

    await expectCode('CONFIG_NOT_FOUND', 'preflight_init', { projectPath: 'nothing-here' });
    mkdirSync(join(ws, 'bad'));
    writeFileSync(join(ws, 'bad', 'e2e.yaml'), 'project:\n  name: ok\nservices:\n  - name: api\n    image: x\n    container: { ports: [nope] }\n');
    const invalid = await expectCode('CONFIG_INVALID', 'preflight_init', { projectPath: 'bad' });
    expect(JSON.stringify(invalid)).toContain('services[0].container.ports[0]');
    const outside = await expectCode('OUTSIDE_WORKSPACE', 'preflight_init', { projectPath: '/etc' });
    expect(outside.suggestion).toBeTruthy();
    await expectCode('SESSION_NOT_FOUND', 'preflight_build', { projectPath: 'shop' });

    const { name, apiPort } = await shopProject(ws);
    await call(client, 'preflight_init', { projectPath: 'shop' });
    await expectCode('SESSION_EXISTS', 'preflight_init', { projectPath: 'shop' });
    const notBuilt = await expectCode('NOT_BUILT', 'preflight_setup', { projectPath: 'shop' });
    expect(notBuilt.suggestion).toContain('preflight_build');
    const notRunning = await expectCode('NOT_RUNNING', 'preflight_run', { projectPath: 'shop' });
    expect(notRunning.suggestion).toContain('preflight_setup');
    await expectCode('SUITE_NOT_FOUND', 'preflight_run_suite', { projectPath: 'shop', suiteId: 'smok' });
    await expectCode('SUITE_NOT_FOUND', 'preflight_run', { projectPath: 'shop', filter: 'smoke,nope' });
    await expectCode('MOCKS_NOT_RUNNING', 'preflight_mock_requests', { projectPath: 'shop' });
    await expectCode('MOCK_NOT_FOUND', 'preflight_mock_requests', { projectPath: 'shop', mockName: 'stripe' });
    await expectCode('CONTAINER_NOT_FOUND', 'preflight_logs', { projectPath: 'shop', container: 'db' });
    await expectCode('CONTAINER_NOT_RUNNING', 'preflight_logs', { projectPath: 'shop', container: 'api' });
    await expectCode('INVALID_INPUT', 'preflight_logs', { projectPath: 'shop', container: 'api', lines: 100_000 });

    // Two calls at once on one project: one runs, the other is INVALID_STATE.
    const both = await Promise.all([call(client, 'preflight_build', { projectPath: 'shop' }), call(client, 'preflight_build', { projectPath: 'shop' })]);
    expect(both.map((a) => a.success).sort()).toEqual([false, true]);
    expect(both.find((a) => !a.success)!.error!.code).toBe('INVALID_STATE');
    seen.add('INVALID_STATE');

    const holder = await occupyPort(apiPort);
    try {
      const conflict = await expectCode('PORT_CONFLICT', 'preflight_setup', { projectPath: 'shop' });
      expect(conflict.details).toMatchObject({ port: apiPort });
    } finally {
      holder.close();
    }
    expect(await leftovers(engine, ws)).toEqual({ containers: [], networks: [] });
    await call(client, 'preflight_clean', { projectPath: 'shop' });

    const sick = projectName();
    writeFixtureProject(join(ws, 'sick'), { name: sick, services: [{ name: 'api', hostPort: await freePort(), behaviour: 'never-healthy' }] });
    await call(client, 'preflight_init', { projectPath: 'sick' });
    await call(client, 'preflight_build', { projectPath: 'sick' });
    const unhealthy = await expectCode('HEALTH_CHECK_TIMEOUT', 'preflight_setup', { projectPath: 'sick', timeout: '1s' });
    expect(unhealthy.details).toMatchObject({ service: 'api', logs: expect.arrayContaining(['service api starting (never-healthy)']) });
    expect(await leftovers(engine, ws)).toEqual({ containers: [], networks: [] });

    writeFixtureProject(join(ws, 'nofile'), { name: projectName(), services: [{ name: 'api', noDockerfile: true }] });
    await call(client, 'preflight_init', { projectPath: 'nofile' });
    await expectCode('DOCKERFILE_NOT_FOUND', 'preflight_build', { projectPath: 'nofile' });
    writeFixtureProject(join(ws, 'broken'), { name: projectName(), services: [{ name: 'api', brokenBuild: true }] });
    await call(client, 'preflight_init', { projectPath: 'broken' });
    const failed = await expectCode('BUILD_FAILED', 'preflight_build', { projectPath: 'broken' });
    expect(failed.details.lastLines.length).toBeGreaterThan(0);

    // The engine unreachable: another core, told to look where no engine is.
    const elsewhere = workspace();
    writeFixtureProject(join(elsewhere, 'shop'), { name: `${name}-nodocker`, services: [{ name: 'api' }] });
    const { client: lost } = await harness.bridgeClient(elsewhere, 'claude-ai', { DOCKER_HOST: 'unix:///tmp/tandem-no-docker-here.sock' });
    await call(lost, 'preflight_init', { projectPath: 'shop' });
    const noEngine = envelope(await lost.callTool({ name: 'preflight_build', arguments: { projectPath: 'shop' } }));
    expect(noEngine.error).toMatchObject({ code: 'DOCKER_ERROR', message: expect.stringContaining('unix:///tmp/tandem-no-docker-here.sock') });
    seen.add('DOCKER_ERROR');

    expect([...seen].sort()).toEqual(
      [
        'CONFIG_NOT_FOUND', 'CONFIG_INVALID', 'SESSION_EXISTS', 'SESSION_NOT_FOUND', 'BUILD_FAILED', 'DOCKERFILE_NOT_FOUND', 'NOT_BUILT', 'HEALTH_CHECK_TIMEOUT',
        'PORT_CONFLICT', 'DOCKER_ERROR', 'NOT_RUNNING', 'SUITE_NOT_FOUND', 'CONTAINER_NOT_FOUND', 'CONTAINER_NOT_RUNNING', 'MOCK_NOT_FOUND', 'MOCKS_NOT_RUNNING',
        'INVALID_STATE', 'OUTSIDE_WORKSPACE', 'INVALID_INPUT',
      ].sort(),
    );
  }, 300_000);

  it('hands a running environment over to the window that takes the workspace over, which cleans it when it stops', async () => {
    const ws = workspace();
    const { name, mockPort } = await shopProject(ws);
    const headless = await harness.serve(ws);
    const { client } = await harness.bridgeClient(ws, 'claude-ai', dockerEnv());
    await call(client, 'preflight_init', { projectPath: 'shop' });
    await call(client, 'preflight_build', { projectPath: 'shop' });
    const setup = await call(client, 'preflight_setup', { projectPath: 'shop' });
    // A failed setup says why (CI once saw it fail on a loaded machine, without a word).
    expect(setup.success, JSON.stringify(setup.error)).toBe(true);
    const ids = setup.data.services.map((s: { containerId: string }) => s.containerId);

    // The takeover: the headless core hands over (its containers stay) and exits; this process hosts the studio now.
    host = await startStudioHost({ workspaceDir: ws, takeover: true });
    expect(await headless.exited).toBe(0);
    expect((await leftovers(engine, ws)).containers.sort()).toEqual([`${name}-api`, `${name}-web`]);
    const status = await call(client, 'preflight_status', { projectPath: 'shop' });
    expect(status.data).toMatchObject({ state: 'running', network: { exists: true }, mocks: [{ name: 'payments', status: 'running' }] });
    expect(status.data.services.map((s: { containerId: string; status: string; health: string }) => [s.containerId, s.status, s.health])).toEqual(ids.map((id: string) => [id, 'running', 'healthy']));
    // The mock runs in the new core, on the same port, and the suites run against the adopted containers.
    expect((await fetch(`http://127.0.0.1:${mockPort}/charges`, { method: 'POST', body: '{"amount":1}' })).status).toBe(201);
    expect((await call(client, 'preflight_run_suite', { projectPath: 'shop', suiteId: 'smoke' })).data.status).toBe('passed');

    // A host that stops (not handing over) removes the environment.
    await host.close();
    host = undefined;
    expect(await leftovers(engine, ws)).toEqual({ containers: [], networks: [] });
  }, 240_000);

  it('reaps what a core killed with SIGKILL left, when the next core starts and before any tool answers', async () => {
    const ws = workspace();
    const { name } = await shopProject(ws);
    const { client } = await harness.bridgeClient(ws, 'claude-ai', dockerEnv());
    await call(client, 'preflight_init', { projectPath: 'shop' });
    await call(client, 'preflight_build', { projectPath: 'shop' });
    expect((await call(client, 'preflight_setup', { projectPath: 'shop' })).success).toBe(true);
    expect((await leftovers(engine, ws)).containers.sort()).toEqual([`${name}-api`, `${name}-web`]);

    const first = readEndpointFile(ws)!.pid;
    process.kill(first, 'SIGKILL');
    await waitFor(() => !isAlive(first), 10_000, 'the core to die');
    // Nothing cleaned up after a kill -9: the containers are still there.
    expect((await leftovers(engine, ws)).containers.sort()).toEqual([`${name}-api`, `${name}-web`]);

    // The next call starts a new core; its first answer comes after the reaper ran.
    const status = await call(client, 'preflight_status', { projectPath: 'shop' });
    expect(status.error?.code).toBe('SESSION_NOT_FOUND');
    const second = await waitFor(() => {
      const pid = readEndpointFile(ws)?.pid;
      return pid !== first ? pid : undefined;
    }, 15_000, 'the new core');
    harness.track(second);
    expect(await leftovers(engine, ws)).toEqual({ containers: [], networks: [] });
    // And the project can be set up again at once (ports and names free).
    await call(client, 'preflight_init', { projectPath: 'shop' });
    await call(client, 'preflight_build', { projectPath: 'shop' });
    expect((await call(client, 'preflight_setup', { projectPath: 'shop' })).success).toBe(true);
    expect((await call(client, 'preflight_clean', { projectPath: 'shop' })).data.sessionRemoved).toBe(true);
  }, 240_000);
});
