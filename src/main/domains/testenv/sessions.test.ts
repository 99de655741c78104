/**
 * The testenv sessions hosted by a real Studio on a real workspace and SQLite file, against the real
 * Docker engine: the environment's life (build, parallel start with dependsOn, mocks reached from
 * the containers, health, logs, clean), what the dashboard receives, failures that leave nothing
 * behind, and the studio's endings: stop cleans, handover is adopted, a crash is reaped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../../shared/change-feed';
import { Studio } from '../../core/studio';
import { openStudio } from '../../host/domains';
import { Workspace } from '../../core/workspace';
import type { CallerInfo } from '../../tool-domain/hosted-domain';
import { LABEL } from './engine';
import { testenvDomain } from '.';
import { dockerForTests, leftovers, removeImages, removeLabelled, writeFixtureProject } from './testing/docker-fixtures';
import { freePort, occupyPort } from './testing/ports';

const { engine, skip } = await dockerForTests();

let dir: string;
const open: Array<{ studio: Studio; ws: Workspace }> = [];
const workspaces: string[] = [];
let logged: string[];

async function start(): Promise<Studio> {
  const ws = await Workspace.acquire(dir);
  const studio = await openStudio(ws, { domains: [], toolDomains: [testenvDomain], log: (m) => logged.push(m) });
  open.push({ studio, ws });
  return studio;
}

/** Closes a studio as it ends: `stop`, `handover`, or `crash` (nothing closed, the lock released as by the OS). */
async function end(studio: Studio, how: 'stop' | 'handover' | 'crash'): Promise<void> {
  const i = open.findIndex((o) => o.studio === studio);
  const { ws } = open.splice(i, 1)[0];
  if (how !== 'crash') await studio.close(how);
  ws.release();
}

interface Envelope {
  success: boolean;
  data?: any;
  error?: { code: string; message: string; suggestion?: string; details?: any };
  timestamp: number;
}

const parse = (result: CallToolResult): Envelope => JSON.parse((result.content[0] as { text: string }).text);

async function call(studio: Studio, tool: string, args: Record<string, unknown>, caller: Partial<CallerInfo> = {}): Promise<Envelope> {
  const result = await studio.callTool('testenv', tool, args, { origin: 'claude', ...caller });
  const answer = parse(result);
  expect(result.isError ?? false).toBe(!answer.success);
  return answer;
}

const codeOf = async (answer: Promise<Envelope>) => (await answer).error?.code;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-testenv-'));
  workspaces.push(dir);
  logged = [];
});
afterEach(async () => {
  for (const { studio, ws } of open.splice(0)) {
    await studio.close();
    ws.release();
  }
});
afterAll(async () => {
  for (const ws of workspaces) {
    if (!skip) await removeLabelled(engine, ws);
    rmSync(ws, { recursive: true, force: true });
  }
  if (!skip) await removeImages(engine, `tandem-test-sess${process.pid}`);
});

let projects = 0;
/** A unique project name: container names are global in the engine. */
const projectName = () => `sess${process.pid}x${++projects}`;

describe.skipIf(skip)('testenv sessions on a real engine', () => {
  it('builds, starts services in dependency order with a mock they reach, reports, and cleans up everything', async () => {
    const studio = await start();
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));
    const [apiPort, webPort, mockPort] = [await freePort(), await freePort(), await freePort()];
    const name = projectName();
    writeFixtureProject(join(dir, 'shop'), {
      name,
      services: [
        { name: 'web', hostPort: webPort, dependsOn: ['api'] },
        { name: 'api', hostPort: apiPort, callsMock: { port: mockPort, path: '/hooks/started' } },
      ],
      mocks: { payments: { port: mockPort, routes: [{ method: 'POST', path: '/hooks/:event', response: { status: 201, body: { seen: '{{request.params.event}}' } } }] } },
    });

    const init = await call(studio, 'preflight_init', { projectPath: 'shop' });
    expect(init).toMatchObject({ success: true, data: { projectName: name, services: [{ name: 'web', ports: [`${webPort}:8080`], hasHealthcheck: true }, { name: 'api' }], mocks: [{ name: 'payments', port: mockPort, routeCount: 1 }] } });
    expect(await codeOf(call(studio, 'preflight_init', { projectPath: join(dir, 'shop') }))).toBe('SESSION_EXISTS');
    expect(await codeOf(call(studio, 'preflight_setup', { projectPath: 'shop' }))).toBe('NOT_BUILT');
    expect(await codeOf(call(studio, 'preflight_run', { projectPath: 'shop' }))).toBe('NOT_RUNNING');

    const progress: Array<{ progress: number; message?: string }> = [];
    const built = await call(studio, 'preflight_build', { projectPath: 'shop' }, { progress: (p, _t, message) => progress.push({ progress: p, message }) });
    expect(built.data.services.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([['web', 'success'], ['api', 'success']]);
    expect(progress.length).toBeGreaterThan(4);
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
    expect(progress.some((p) => /COPY busybox/.test(p.message ?? ''))).toBe(true);

    const setup = await call(studio, 'preflight_setup', { projectPath: 'shop' });
    expect(setup.success).toBe(true);
    expect(setup.data.services).toEqual([
      { name: 'web', containerId: expect.any(String), status: 'healthy', ports: [{ host: webPort, container: 8080 }], healthCheckDuration: expect.any(Number) },
      { name: 'api', containerId: expect.any(String), status: 'healthy', ports: [{ host: apiPort, container: 8080 }], healthCheckDuration: expect.any(Number) },
    ]);
    expect(setup.data.mocks).toEqual([{ name: 'payments', port: mockPort, status: 'running', routeCount: 1 }]);
    // web depends on api: it was started only once api was healthy.
    const startOf = (service: string) => events.findIndex((e) => e.ops?.[0] === `start ${service}`);
    const healthyOf = (service: string) => events.findIndex((e) => e.ops?.[0] === `${service} healthy`);
    expect(healthyOf('api')).toBeGreaterThan(-1);
    expect(startOf('web')).toBeGreaterThan(healthyOf('api'));
    expect(await codeOf(call(studio, 'preflight_setup', { projectPath: 'shop' }))).toBe('INVALID_STATE');
    // While setup ran, the project record said so (the dashboard's progress bar), then it stopped saying it.
    const activities = events.flatMap((e) => (e.put ?? []).filter((r: any) => r.kind === 'project').map((r: any) => r.activity));
    expect(activities).toContainEqual(expect.objectContaining({ tool: 'preflight_setup', origin: 'claude', phase: 'api healthy', total: 3 }));
    expect(activities).toContainEqual(expect.objectContaining({ tool: 'preflight_build', phase: 'building api', done: 1, total: 2 }));
    expect(activities.at(-1)).toBeUndefined();

    // The api container reached the mock (host.docker.internal → the network's gateway) with its body.
    const requests = await call(studio, 'preflight_mock_requests', { projectPath: 'shop', mockName: 'payments' });
    expect(requests.data.mocks[0]).toMatchObject({ name: 'payments', totalRequests: 1, requests: [{ method: 'POST', url: '/hooks/started', body: { from: 'api' } }] });
    expect(await codeOf(call(studio, 'preflight_mock_requests', { projectPath: 'shop', mockName: 'paymnts' }))).toBe('MOCK_NOT_FOUND');

    const status = await call(studio, 'preflight_status', { projectPath: 'shop' });
    expect(status.data).toMatchObject({
      state: 'running',
      network: { exists: true },
      services: [
        { name: 'web', status: 'running', health: 'healthy', ports: [{ host: webPort, container: 8080, accessible: true }], uptime: expect.any(Number) },
        { name: 'api', status: 'running', health: 'healthy' },
      ],
      mocks: [{ name: 'payments', status: 'running', requestCount: 1 }],
    });

    const logs = await call(studio, 'preflight_logs', { projectPath: 'shop', container: 'api', lines: 50, since: '5m' });
    expect(logs.data).toMatchObject({ container: `${name}-api`, containerStatus: 'running' });
    expect(logs.data.lines).toContain('service api starting (healthy)');
    expect(logs.data.lineCount).toBe(logs.data.lines.length);
    expect(await codeOf(call(studio, 'preflight_logs', { projectPath: 'shop', container: 'nope' }))).toBe('CONTAINER_NOT_FOUND');
    expect(await codeOf(call(studio, 'preflight_logs', { projectPath: 'shop', container: 'api', lines: 10_001 }))).toBe('INVALID_INPUT');

    // What the dashboard received: the records, attributed, the log followed live.
    const records = new Map((await studio.snapshot('testenv')).records.map((r: any) => [r.id, r]));
    const shop = join(dir, 'shop');
    expect(records.get(`project:${shop}`)).toMatchObject({ kind: 'project', state: 'running', displayPath: 'shop', network: { exists: true } });
    expect(records.get(`service:${shop}#api`)).toMatchObject({ status: 'running', health: 'healthy', build: { status: 'success' } });
    expect(records.get(`mock:${shop}#payments`)).toMatchObject({ status: 'running', requestCount: 1 });
    expect(events.filter((e) => e.domain === 'testenv' && e.ops?.[0] === 'init ' + name).map((e) => e.origin)).toEqual(['claude']);
    await expect.poll(async () => ((await studio.snapshot('testenv')).records.find((r: any) => r.id === `log:${shop}#api`) as any)?.lines ?? [], { timeout: 5_000 }).toContain('service api listening on 8080');

    const cleaned = await call(studio, 'preflight_clean', { projectPath: 'shop' }, { origin: 'person' });
    expect(cleaned.data).toEqual({
      volumes: [],
      containers: expect.arrayContaining([{ name: `${name}-web`, action: 'removed' }, { name: `${name}-api`, action: 'removed' }]),
      mocks: [{ name: 'payments', action: 'stopped' }],
      network: { name: expect.stringContaining(name), action: 'removed' },
      sessionRemoved: true,
    });
    expect(await leftovers(engine, dir)).toEqual({ containers: [], networks: [] });
    expect(await codeOf(call(studio, 'preflight_status', { projectPath: 'shop' }))).toBe('SESSION_NOT_FOUND');
    expect(await codeOf(call(studio, 'preflight_clean', { projectPath: 'shop' }))).toBe('SESSION_NOT_FOUND');
    // Only the engine's record stays: nothing of the session's.
    expect((await studio.snapshot('testenv')).records.filter((r) => (r as { kind: string }).kind !== 'engine')).toEqual([]);
    // The mock's port is free again.
    (await occupyPort(mockPort)).close();
  }, 120_000);

  it('removes everything it started when a service never turns healthy, and answers with its logs', async () => {
    const studio = await start();
    const name = projectName();
    writeFixtureProject(join(dir, 'p'), {
      name,
      services: [
        { name: 'db', hostPort: await freePort() },
        { name: 'api', hostPort: await freePort(), behaviour: 'never-healthy', healthcheck: { timeout: '1500ms' } },
      ],
      mocks: { m: { port: await freePort(), routes: [] } },
    });
    await call(studio, 'preflight_init', { projectPath: 'p' });
    await call(studio, 'preflight_build', { projectPath: 'p' });
    const failed = await call(studio, 'preflight_setup', { projectPath: 'p' });
    expect(failed.error).toMatchObject({ code: 'HEALTH_CHECK_TIMEOUT', details: { service: 'api', containerName: `${name}-api` } });
    expect(failed.error!.message).toContain('api');
    expect(failed.error!.details.logs).toContain('service api starting (never-healthy)');
    expect(await leftovers(engine, dir)).toEqual({ containers: [], networks: [] });
    const status = await call(studio, 'preflight_status', { projectPath: 'p' });
    expect(status.data).toMatchObject({ state: 'stopped', services: [{ status: 'not_created' }, { status: 'not_created' }], mocks: [{ status: 'stopped' }] });
    expect(await codeOf(call(studio, 'preflight_mock_requests', { projectPath: 'p' }))).toBe('MOCKS_NOT_RUNNING');
    expect(await codeOf(call(studio, 'preflight_logs', { projectPath: 'p', container: 'api' }))).toBe('CONTAINER_NOT_RUNNING');
  }, 120_000);

  it('stops a setup the client cancels, removing what it had started', async () => {
    const studio = await start();
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));
    writeFixtureProject(join(dir, 'p'), { name: projectName(), services: [{ name: 'slow', hostPort: await freePort(), behaviour: 'never-healthy', healthcheck: { timeout: '60s' } }] });
    await call(studio, 'preflight_init', { projectPath: 'p' });
    await call(studio, 'preflight_build', { projectPath: 'p' });
    const cancel = new AbortController();
    const setup = call(studio, 'preflight_setup', { projectPath: 'p' }, { signal: cancel.signal });
    await expect.poll(() => events.some((e) => e.ops?.[0] === 'waiting for slow to be healthy'), { timeout: 20_000 }).toBe(true);
    cancel.abort();
    const answer = await setup;
    expect(answer.error, JSON.stringify(answer.error)).toMatchObject({ code: 'cancelled' });
    expect(await leftovers(engine, dir)).toEqual({ containers: [], networks: [] });
    expect((await call(studio, 'preflight_status', { projectPath: 'p' })).data.state).toBe('stopped');
  }, 120_000);

  it('refuses a port in use, a second call at once, a missing Dockerfile and a failed build, each with its code', async () => {
    const studio = await start();
    const taken = await occupyPort(0);
    const port = (taken.address() as { port: number }).port;
    try {
      const name = projectName();
      writeFixtureProject(join(dir, 'p'), { name, services: [{ name: 'api', hostPort: port }] });
      await call(studio, 'preflight_init', { projectPath: 'p' });
      // Two calls at once on one project: the second is refused, the first goes on.
      const [first, second] = await Promise.all([call(studio, 'preflight_build', { projectPath: 'p' }), call(studio, 'preflight_build', { projectPath: 'p' })]);
      expect(first.success).toBe(true);
      expect(second.error).toMatchObject({ code: 'INVALID_STATE', suggestion: expect.stringContaining('preflight_build') });
      const conflict = await call(studio, 'preflight_setup', { projectPath: 'p' });
      expect(conflict.error).toMatchObject({ code: 'PORT_CONFLICT', details: { port } });
      expect(conflict.error!.message).toContain(String(port));
      // The refused setup leaves no progress bar behind.
      const record = (await studio.snapshot('testenv')).records.find((r: any) => r.id === `project:${join(dir, 'p')}`) as any;
      expect(record).toMatchObject({ state: 'built' });
      expect(record.activity).toBeUndefined();
      expect(await leftovers(engine, dir)).toEqual({ containers: [], networks: [] });
    } finally {
      taken.close();
    }

    writeFixtureProject(join(dir, 'nodockerfile'), { name: projectName(), services: [{ name: 'api', noDockerfile: true }] });
    await call(studio, 'preflight_init', { projectPath: 'nodockerfile' });
    expect(await codeOf(call(studio, 'preflight_build', { projectPath: 'nodockerfile' }))).toBe('DOCKERFILE_NOT_FOUND');

    writeFixtureProject(join(dir, 'broken'), { name: projectName(), services: [{ name: 'api', brokenBuild: true }] });
    await call(studio, 'preflight_init', { projectPath: 'broken' });
    const broken = await call(studio, 'preflight_build', { projectPath: 'broken' });
    expect(broken.error).toMatchObject({ code: 'BUILD_FAILED', details: { lastLines: expect.any(Array), services: [{ name: 'api', status: 'failed' }] } });
    expect(await codeOf(call(studio, 'preflight_setup', { projectPath: 'broken' }))).toBe('NOT_BUILT');
    expect(await codeOf(call(studio, 'preflight_build', { projectPath: 'broken', service: 'apx' }))).toBe('SERVICE_NOT_FOUND');

    expect(await codeOf(call(studio, 'preflight_init', { projectPath: '../elsewhere' }))).toBe('OUTSIDE_WORKSPACE');
    expect(await codeOf(call(studio, 'preflight_init', { projectPath: 'nowhere' }))).toBe('CONFIG_NOT_FOUND');
  }, 120_000);

  it('cleans by force a container that ignores SIGTERM, and reports it force_removed', async () => {
    const studio = await start();
    const name = projectName();
    writeFixtureProject(join(dir, 'p'), { name, services: [{ name: 'stuck', hostPort: await freePort(), behaviour: 'stubborn' }] });
    await call(studio, 'preflight_init', { projectPath: 'p' });
    await call(studio, 'preflight_build', { projectPath: 'p' });
    expect((await call(studio, 'preflight_setup', { projectPath: 'p' })).success).toBe(true);
    const cleaned = await call(studio, 'preflight_clean', { projectPath: 'p' });
    expect(cleaned.data.containers).toEqual([{ name: `${name}-stuck`, action: 'force_removed' }]);
    expect(await leftovers(engine, dir)).toEqual({ containers: [], networks: [] });
  }, 120_000);

  it('answers SESSION_NOT_FOUND to clean without a session, having removed what the project\'s labels still mark', async () => {
    const studio = await start();
    const name = projectName();
    writeFixtureProject(join(dir, 'p'), { name, services: [{ name: 'web' }] });
    await call(studio, 'preflight_init', { projectPath: 'p' });
    await call(studio, 'preflight_build', { projectPath: 'p' });
    await call(studio, 'preflight_clean', { projectPath: 'p' });
    // What a lost session left: labelled with this workspace and project folder.
    const lost = await (await engine.api()).createContainer({
      name: `${name}-lost`,
      Image: `tandem-test-${name}-web:e2e`,
      Labels: { [LABEL.workspace]: dir, [LABEL.projectPath]: join(dir, 'p'), [LABEL.session]: 'lost' },
      HostConfig: { NetworkMode: 'none' },
    });
    await lost.start();
    const answer = await call(studio, 'preflight_clean', { projectPath: 'p' });
    expect(answer.error).toMatchObject({ code: 'SESSION_NOT_FOUND', suggestion: expect.stringContaining('preflight_init'), details: { removed: { containers: [`${name}-lost`] } } });
    expect(await leftovers(engine, dir)).toEqual({ containers: [], networks: [] });
  }, 120_000);

  it('cleans every environment when the studio stops, hands them over to the next core, and reaps what a crash left', async () => {
    const name = projectName();
    const webPort = await freePort();
    const mockPort = await freePort();
    writeFixtureProject(join(dir, 'p'), { name, services: [{ name: 'web', hostPort: webPort }], mocks: { m: { port: mockPort, routes: [{ path: '/ping', response: { body: 'pong' } }] } } });
    const running = async (studio: Studio) => {
      await call(studio, 'preflight_init', { projectPath: 'p' });
      await call(studio, 'preflight_build', { projectPath: 'p' });
      expect((await call(studio, 'preflight_setup', { projectPath: 'p' })).success).toBe(true);
    };

    // stop: nothing left, and the next core starts without a session.
    let studio = await start();
    await running(studio);
    await end(studio, 'stop');
    expect(await leftovers(engine, dir)).toEqual({ containers: [], networks: [] });
    studio = await start();
    expect(await codeOf(call(studio, 'preflight_status', { projectPath: 'p' }))).toBe('SESSION_NOT_FOUND');

    // handover: the containers keep running and the next core adopts them, mocks answering again.
    await running(studio);
    const before = (await call(studio, 'preflight_status', { projectPath: 'p' })).data.services[0].containerId;
    await end(studio, 'handover');
    expect((await leftovers(engine, dir)).containers).toEqual([`${name}-web`]);
    studio = await start();
    const adopted = await call(studio, 'preflight_status', { projectPath: 'p' });
    expect(adopted.data).toMatchObject({ state: 'running', network: { exists: true }, services: [{ containerId: before, status: 'running', health: 'healthy' }], mocks: [{ status: 'running' }] });
    expect(await (await fetch(`http://127.0.0.1:${mockPort}/ping`)).text()).toBe('pong');
    expect((await studio.snapshot('testenv')).records.find((r: any) => r.id === `project:${join(dir, 'p')}`)).toMatchObject({ state: 'running' });

    // crash: the next core's reaper removes this workspace's containers and network, before any tool
    // answers, and leaves another workspace's and unlabelled containers alone.
    const foreign = async (suffix: string, labels: Record<string, string>) => {
      const container = await (await engine.api()).createContainer({ name: `${name}-${suffix}`, Image: `tandem-test-${name}-web:e2e`, Labels: labels, Env: ['SERVICE=x'], HostConfig: { NetworkMode: 'none' } });
      await container.start();
      return container.id;
    };
    try {
      const other = await foreign('other-ws', { [LABEL.workspace]: `${dir}-other`, [LABEL.session]: 'another' });
      const unlabelled = await foreign('unlabelled', {});
      await end(studio, 'crash');
      expect((await leftovers(engine, dir)).containers).toEqual([`${name}-web`]);
      studio = await start();
      expect(await codeOf(call(studio, 'preflight_status', { projectPath: 'p' }))).toBe('SESSION_NOT_FOUND');
      expect(await leftovers(engine, dir)).toEqual({ containers: [], networks: [] });
      expect(logged.some((l) => l.includes('reaped') && l.includes(`${name}-web`))).toBe(true);
      expect((await engine.inspect(other))?.status).toBe('running');
      expect((await engine.inspect(unlabelled))?.status).toBe('running');
    } finally {
      for (const suffix of ['other-ws', 'unlabelled']) await engine.forceRemove(`${name}-${suffix}`).catch(() => undefined);
    }
  }, 180_000);
});
