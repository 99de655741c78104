/**
 * The Docker layer against the real engine (DOCKER_HOST): builds streamed and failing, labelled
 * networks and containers published on 127.0.0.1 only, port conflicts, health probed from the host,
 * logs, and removal with and without force.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '../../tool-domain/domain';
import { DockerEngine, LABEL, LogLines, conflictingPort, engineAddress, sinceSeconds } from './engine';
import { assertPortsFree, waitHealthy } from './health-probes';
import { engineTarget } from './remote/engine-target';
import { dockerForTests, leftovers, removeImages, removeLabelled, writeFixtureProject } from './testing/docker-fixtures';
import { freePort } from './testing/ports';

const { engine, skip } = await dockerForTests();
const dir = mkdtempSync(join(tmpdir(), 'tandem-engine-'));
const workspace = dir;
const project = `eng${process.pid}`;
const labels = { [LABEL.workspace]: workspace, [LABEL.project]: project, [LABEL.session]: 'engine-test' };
const image = (service: string) => `tandem-test-${project}-${service}:e2e`;
const never = new AbortController().signal;

async function caught(promise: Promise<unknown>): Promise<ToolError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ToolError);
  return err as ToolError;
}

/** Builds the fixture image of `service` (its context under the project folder). */
const build = (service: string, lines: string[] = []) =>
  engine.build({ context: join(dir, 'services', service), dockerfile: 'Dockerfile', tag: image(service) }, (l) => lines.push(l));

describe.skipIf(skip)('the Docker engine layer', () => {
  let network: { id: string; gateway: string };

  beforeAll(async () => {
    writeFixtureProject(dir, {
      name: project,
      services: [{ name: 'web' }, { name: 'nofile', noDockerfile: true }, { name: 'broken', brokenBuild: true }],
    });
    network = await engine.createNetwork(`tandem-${project}`, labels);
  }, 60_000);

  afterAll(async () => {
    await removeLabelled(engine, workspace);
    await removeImages(engine, `tandem-test-${project}`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds an image, handing over each line of the build log as it comes', async () => {
    const lines: string[] = [];
    const { lines: count } = await build('web', lines);
    expect(count).toBe(lines.length);
    expect(lines.some((l) => /COPY busybox/.test(l))).toBe(true);
    expect(lines.some((l) => /Successfully (built|tagged)/.test(l))).toBe(true);
    expect(await engine.imageExists(image('web'))).toBe(true);
    expect(await engine.imageExists('tandem-test-nothing:never')).toBe(false);
  }, 60_000);

  it('refuses a missing Dockerfile before building, and fails a broken build with its last lines', async () => {
    const missing = await caught(build('nofile'));
    expect(missing.code).toBe('DOCKERFILE_NOT_FOUND');
    expect(missing.message).toContain(join(dir, 'services', 'nofile', 'Dockerfile'));

    const lines: string[] = [];
    const broken = await caught(build('broken', lines));
    expect(broken.code).toBe('BUILD_FAILED');
    const lastLines = (broken.details as { lastLines: string[] }).lastLines;
    expect(lastLines.length).toBeGreaterThan(0);
    expect(lastLines.at(-1)).toBe(lines.at(-1));
    expect(lastLines.join('\n')).toMatch(/does-not-exist|no such file/i);
    expect(await engine.imageExists(image('broken'))).toBe(false);
  }, 60_000);

  it('runs a labelled container published on 127.0.0.1 only, probes its health from the host and reads its log', async () => {
    const port = await freePort();
    const id = await engine.runContainer({
      name: `${project}-web`,
      image: image('web'),
      labels,
      network: network.id,
      alias: 'web',
      ports: [{ host: port, container: 8080 }],
      environment: { SERVICE: 'web', BEHAVIOUR: 'healthy' },
      extraHosts: [`host.docker.internal:${network.gateway}`],
    });
    const info = await (await engine.api()).getContainer(id).inspect();
    expect(info.HostConfig.PortBindings).toEqual({ '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: String(port) }] });
    expect(info.Config.Labels).toMatchObject(labels);
    expect(info.HostConfig.ExtraHosts).toEqual([`host.docker.internal:${network.gateway}`]);

    const health = await waitHealthy({ url: `http://127.0.0.1:${port}/health`, intervalMs: 100, timeoutMs: 15_000, startPeriodMs: 0 }, async () => undefined, never);
    expect(health).toMatchObject({ healthy: true });
    expect((await engine.inspect(id))?.status).toBe('running');
    expect((await leftovers(engine, workspace)).containers).toContain(`${project}-web`);
    expect((await engine.networkInfo(network.id)).containers).toEqual([`${project}-web`]);

    const lines = await engine.logs(id, { tail: 100 });
    expect(lines).toContain('service web starting (healthy)');
    expect(await engine.logs(id, { tail: 1 })).toHaveLength(1);
    // `since` in the future: nothing yet.
    expect(await engine.logs(id, { since: Math.floor(Date.now() / 1000) + 60 })).toEqual([]);

    // The port is taken now: the check before starting, and the engine's own refusal, both name it.
    const taken = await caught(assertPortsFree([{ port, who: 'the service api' }]));
    expect(taken).toMatchObject({ code: 'PORT_CONFLICT', details: { port } });
    expect(taken.message).toContain(`port ${port}`);
    const clash = await caught(
      engine.runContainer({ name: `${project}-clash`, image: image('web'), labels, network: network.id, alias: 'clash', ports: [{ host: port, container: 8080 }] }),
    );
    expect(clash).toMatchObject({ code: 'PORT_CONFLICT', details: { port } });
    // The container that could not start was not left behind.
    expect((await leftovers(engine, workspace)).containers).not.toContain(`${project}-clash`);

    expect(await engine.removeContainer(id)).toBe('removed');
    expect(await engine.removeContainer(id)).toBe('not_found');
  }, 60_000);

  it('gives up on health when the container dies or the retries run out', async () => {
    const crashed = await engine.runContainer({ name: `${project}-crash`, image: image('web'), labels, network: network.id, alias: 'crash', ports: [], environment: { SERVICE: 'crash', BEHAVIOUR: 'crashes' } });
    const port = await freePort();
    const gone = async () => {
      const state = await engine.inspect(crashed);
      return state?.status === 'exited' ? `exited with ${state.exitCode}` : undefined;
    };
    const died = await waitHealthy({ url: `http://127.0.0.1:${port}/health`, intervalMs: 100, timeoutMs: 15_000, startPeriodMs: 0 }, gone, never);
    expect(died).toMatchObject({ healthy: false, reason: 'exited with 3' });
    expect(await engine.logs(crashed)).toContain('fatal: crash cannot start');

    const retried = await waitHealthy({ url: `http://127.0.0.1:${port}/health`, intervalMs: 50, timeoutMs: 15_000, retries: 3, startPeriodMs: 0 }, async () => undefined, never);
    expect(retried).toMatchObject({ healthy: false, reason: expect.stringContaining('3 health probes') });
    const timedOut = await waitHealthy({ url: `http://127.0.0.1:${port}/health`, intervalMs: 50, timeoutMs: 300, startPeriodMs: 0 }, async () => undefined, never);
    expect(timedOut).toMatchObject({ healthy: false, reason: expect.stringContaining('within 300 ms') });
    expect(await engine.removeContainer(crashed)).toBe('removed');
  }, 60_000);

  it('removes by force a container that ignores SIGTERM, and says so', async () => {
    const stubborn = await engine.runContainer({ name: `${project}-stubborn`, image: image('web'), labels, network: network.id, alias: 'stubborn', ports: [], environment: { SERVICE: 'stubborn', BEHAVIOUR: 'stubborn' } });
    // Let the script set its trap before it is signalled.
    await waitHealthy({ url: 'http://127.0.0.1:1/', intervalMs: 100, timeoutMs: 5_000, startPeriodMs: 0 }, async () => ((await engine.logs(stubborn)).some((l) => l.includes('listening')) ? 'ready' : undefined), never);
    expect(await engine.removeContainer(stubborn)).toBe('force_removed');
    expect(await engine.inspect(stubborn)).toBeUndefined();
  }, 60_000);

  it('finds what carries its labels and nothing else, and removes the network', async () => {
    const other = await engine.createNetwork(`tandem-${project}-other`, { [LABEL.workspace]: `${workspace}-elsewhere` });
    try {
      const found = await engine.findLabelled({ [LABEL.workspace]: workspace });
      expect(found.networks.map((n) => n.name)).toEqual([`tandem-${project}`]);
      expect(found.networks[0].labels).toMatchObject(labels);
    } finally {
      await engine.removeNetwork(other.id);
    }
    expect(await engine.removeNetwork(network.id)).toBe('removed');
    expect(await engine.removeNetwork(network.id)).toBe('not_found');
    expect((await engine.networkInfo(network.id)).exists).toBe(false);
  }, 30_000);
});

describe('an engine that is not there', () => {
  it('is DOCKER_ERROR saying where the studio looked', async () => {
    const nowhere = new DockerEngine('unix:///tmp/tandem-no-such-docker.sock (DOCKER_HOST)', new Docker({ socketPath: '/tmp/tandem-no-such-docker.sock' }));
    const err = await caught(nowhere.ping());
    expect(err.code).toBe('DOCKER_ERROR');
    expect(err.message).toContain('unix:///tmp/tandem-no-such-docker.sock');
    expect(err.suggestion).toContain('DOCKER_HOST');
    expect((await caught(nowhere.findLabelled({ a: 'b' }))).code).toBe('DOCKER_ERROR');
  });

  it('names DOCKER_HOST, or the default socket when it is not set', () => {
    expect(engineAddress({ DOCKER_HOST: 'tcp://10.0.0.5:2376' })).toBe('tcp://10.0.0.5:2376 (DOCKER_HOST)');
    expect(engineAddress({})).toContain('/var/run/docker.sock');
  });
});

describe('an engine given where it listens', () => {
  it('is reached there, not where DOCKER_HOST points', async () => {
    const asked: string[] = [];
    const standIn = createHttpServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Version: 'stand-in' }));
    });
    const port = await freePort();
    await new Promise<void>((listening) => standIn.listen(port, '127.0.0.1', listening));
    try {
      const given = new DockerEngine('stand-in', undefined, { target: engineTarget({ DOCKER_HOST: `tcp://127.0.0.1:${port}` }) });
      const version = await (await given.api()).version();
      expect(version.Version).toBe('stand-in');
      expect(asked).toEqual(['GET /version']);
    } finally {
      await new Promise((closed) => standIn.close(closed));
    }
  });
});

describe('engine helpers', () => {
  it('cuts Docker\'s multiplexed log frames into lines across chunk boundaries', () => {
    const frame = (stream: number, text: string) => {
      const body = Buffer.from(text);
      const header = Buffer.alloc(8);
      header[0] = stream;
      header.writeUInt32BE(body.length, 4);
      return Buffer.concat([header, body]);
    };
    const all = Buffer.concat([frame(1, 'one\ntw'), frame(2, 'o\nthree')]);
    const lines = new LogLines(true);
    expect([...lines.push(all.subarray(0, 5)), ...lines.push(all.subarray(5, 17)), ...lines.push(all.subarray(17)), ...lines.end()]).toEqual(['one', 'two', 'three']);
    const raw = new LogLines(false);
    expect([...raw.push(Buffer.from('a\r\nb')), ...raw.end()]).toEqual(['a', 'b']);
  });

  it('reads the engine\'s port-conflict messages and `since` values', () => {
    expect(conflictingPort('driver failed programming external connectivity: Bind for 127.0.0.1:18080 failed: port is already allocated')).toBe(18080);
    expect(conflictingPort('listen tcp4 127.0.0.1:9000: bind: address already in use')).toBe(9000);
    expect(conflictingPort('no such image')).toBeUndefined();
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(sinceSeconds('5m', now)).toBe(now / 1000 - 300);
    expect(sinceSeconds('2h', now)).toBe(now / 1000 - 7200);
    expect(sinceSeconds('2026-01-01T11:00:00Z', now)).toBe(now / 1000 - 3600);
    expect(sinceSeconds('soon', now)).toBeUndefined();
  });

  it('finds a port in use before anything starts', async () => {
    const server: Server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      const err = await caught(assertPortsFree([{ port, who: 'the mock payments' }]));
      expect(err).toMatchObject({ code: 'PORT_CONFLICT', details: { port } });
      expect(err.message).toBe(`port ${port} on 127.0.0.1 is already in use, so the mock payments cannot listen on it`);
    } finally {
      server.close();
    }
    await assertPortsFree([{ port, who: 'the mock payments' }]);
  });
});
