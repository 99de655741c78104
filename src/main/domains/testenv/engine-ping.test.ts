/**
 * The engine asked with node:http alone (issue 23: loading dockerode stalls the core 100 ms and
 * more): where the plain ping goes for each engine address, what it says of each answer, and the
 * studio whose engine watch checks the real engine and a socket where none listens without
 * loading dockerode (nor ssh2). This file imports nothing that loads either: the studio tests read
 * the module cache to see whether anything did.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestenvEngineRecord } from '../../../shared/testenv-records';
import { Workspace } from '../../core/workspace';
import { openStudio } from '../../host/domains';
import { ToolError } from '../../tool-domain/domain';
import { DockerEngine, engineAddress } from './engine';
import { engineTarget, plainEndpoint } from './remote/engine-target';
import { dockerForTests } from './testing/docker-fixtures';
import { freePort } from './testing/ports';
import { testenvDomain } from '.';

const require = createRequire(import.meta.url);
const DOCKERODE = require.resolve('dockerode');
const dockerodeLoaded = () => DOCKERODE in require.cache;
/** ssh2 is loaded when an engine is first reached over SSH, not when the domain loads (40-50 ms of every start). */
const SSH2 = require.resolve('ssh2');
const ssh2Loaded = () => SSH2 in require.cache;

const { skip } = await dockerForTests();
const dir = mkdtempSync(join(tmpdir(), 'tandem-engine-ping-'));
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  rmSync(dir, { recursive: true, force: true });
});

/** A stand-in engine on a socket in the test's folder (or 127.0.0.1:port), answering as `answer` does. */
async function fakeEngine(where: string | number, answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    answer(req, res);
  });
  servers.push(server);
  await new Promise<void>((listening) => (typeof where === 'number' ? server.listen(where, '127.0.0.1', listening) : server.listen(where, listening)));
  return { asked };
}

/** The engine of DOCKER_HOST `dockerHost`, named as the studio names it. */
const engineAt = (dockerHost: string) => new DockerEngine(`${dockerHost} (DOCKER_HOST)`, undefined, { target: engineTarget({ DOCKER_HOST: dockerHost }) });

async function caught(promise: Promise<unknown>): Promise<ToolError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ToolError);
  return err as ToolError;
}

describe('where the plain ping goes', () => {
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  const at = (env: NodeJS.ProcessEnv) => plainEndpoint(engineTarget(env), env, home);

  it('goes where dockerode connects: the socket of DOCKER_HOST, the usual one by default (Docker Desktop\'s when there is one), or host and port', () => {
    expect(at({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' })).toEqual({ socketPath: '/run/user/1000/docker.sock' });
    expect(at({ DOCKER_HOST: 'tcp://127.0.0.1:2375' })).toEqual({ host: '127.0.0.1', port: 2375 });
    expect(at({ DOCKER_HOST: 'localhost' })).toEqual({ host: 'localhost', port: 2375 });
    expect(at({ DOCKER_HOST: 'tcp://[::1]:2380' })).toEqual({ host: '::1', port: 2380 });
    expect(at({ DOCKER_HOST: 'tcp://10.1.2.3:2375' })).toEqual({ host: '10.1.2.3', port: 2375 });
    if (process.platform === 'win32') return;
    expect(at({})).toEqual({ socketPath: '/var/run/docker.sock' });
    expect(at({ DOCKER_HOST: 'unix://' })).toEqual({ socketPath: '/var/run/docker.sock' });
    mkdirSync(join(home, '.docker', 'run'), { recursive: true });
    writeFileSync(join(home, '.docker', 'run', 'docker.sock'), '');
    expect(at({})).toEqual({ socketPath: join(home, '.docker', 'run', 'docker.sock') });
    expect(at({ DOCKER_HOST: 'unix:///var/run/docker.sock' })).toEqual({ socketPath: '/var/run/docker.sock' });
    // Certificates and a path prefix are dockerode's for tcp:// only.
    expect(at({ DOCKER_HOST: 'unix:///run/docker.sock', DOCKER_CERT_PATH: '/certs', DOCKER_PATH_PREFIX: '/docker/' })).toEqual({ socketPath: '/run/docker.sock' });
  });

  it('leaves TLS, a path prefix, SSH and an address that is none to dockerode', () => {
    expect(at({ DOCKER_HOST: 'tcp://10.1.2.3:2376' })).toBeUndefined();
    expect(at({ DOCKER_HOST: 'tcp://127.0.0.1:2376' })).toBeUndefined();
    expect(at({ DOCKER_HOST: 'tcp://10.1.2.3:2375', DOCKER_TLS_VERIFY: '1' })).toBeUndefined();
    expect(at({ DOCKER_HOST: 'tcp://127.0.0.1:2375', DOCKER_TLS_VERIFY: '1' })).toBeUndefined();
    expect(at({ DOCKER_HOST: 'tcp://127.0.0.1:2375', DOCKER_CERT_PATH: '/certs' })).toBeUndefined();
    expect(at({ DOCKER_HOST: 'tcp://127.0.0.1:2375', DOCKER_PATH_PREFIX: '/docker/' })).toBeUndefined();
    expect(at({ DOCKER_HOST: 'tcp://10.1.2.3:2375', DOCKER_CERT_PATH: '/certs' })).toBeUndefined();
    expect(at({ DOCKER_HOST: 'ssh://ci@build' })).toBeUndefined();
    expect(at({ DOCKER_HOST: 'ssh://[bad' })).toBeUndefined();
  });
});

describe('the plain ping', () => {
  it('is answered by an engine that says OK, on a socket or a port', async () => {
    const socket = join(dir, 'ok.sock');
    const onSocket = await fakeEngine(socket, (_req, res) => res.end('OK'));
    await engineAt(`unix://${socket}`).ping();
    const port = await freePort();
    const onPort = await fakeEngine(port, (_req, res) => res.end('OK'));
    await engineAt(`tcp://127.0.0.1:${port}`).ping();
    expect([onSocket.asked, onPort.asked]).toEqual([['GET /_ping'], ['GET /_ping']]);
  });

  it('says where it looked when nothing listens there', async () => {
    const socket = join(dir, 'nothing.sock');
    const missing = await caught(engineAt(`unix://${socket}`).ping());
    expect(missing).toMatchObject({ code: 'DOCKER_ERROR', details: { engine: `unix://${socket} (DOCKER_HOST)`, cause: 'ENOENT' } });
    expect(missing.message).toBe(`the Docker engine at unix://${socket} (DOCKER_HOST) is unreachable (ENOENT) while checking that it runs`);
    expect(missing.suggestion).toContain('DOCKER_HOST');
    const port = await freePort();
    expect((await caught(engineAt(`tcp://127.0.0.1:${port}`).ping())).message).toMatch(/at tcp:\/\/127\.0\.0\.1:\d+ \(DOCKER_HOST\) is unreachable \(ECONNREFUSED\)/);
  });

  it('says the engine\'s own problem, and what answered when it is no engine', async () => {
    const broken = join(dir, 'broken.sock');
    await fakeEngine(broken, (_req, res) => res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"message":"the daemon is shutting down"}'));
    const failed = await caught(engineAt(`unix://${broken}`).ping());
    expect(failed.message).toBe(`the Docker engine at unix://${broken} (DOCKER_HOST) failed while checking that it runs: the daemon is shutting down`);
    expect(failed.details).toMatchObject({ status: 500 });
    const other = join(dir, 'other.sock');
    await fakeEngine(other, (_req, res) => res.end('<h1>hello</h1>'));
    expect((await caught(engineAt(`unix://${other}`).ping())).message).toMatch(/failed while checking that it runs: the answer to \/_ping was HTTP 200 "<h1>hello<\/h1>", not OK$/);
  });

  it('gives up on an engine that does not answer within the ping\'s time', async () => {
    const silent = join(dir, 'silent.sock');
    await fakeEngine(silent, () => undefined);
    const late = await caught(engineAt(`unix://${silent}`).ping());
    expect(late.message).toBe(`the Docker engine at unix://${silent} (DOCKER_HOST) did not answer within 5000 ms`);
    expect(late.details).toEqual({ engine: `unix://${silent} (DOCKER_HOST)` });
  }, 15_000);
});

/** The engine record of a studio opened with DOCKER_HOST `dockerHost` (the test's own when not given), once its engine watch checked. */
async function studioEngineRecord(dockerHost = process.env.DOCKER_HOST): Promise<TestenvEngineRecord> {
  const before = process.env.DOCKER_HOST;
  if (dockerHost !== undefined) process.env.DOCKER_HOST = dockerHost;
  const ws = await Workspace.acquire(mkdtempSync(join(dir, 'ws-')));
  const studio = await openStudio(ws, { domains: [], toolDomains: [testenvDomain], log: () => undefined });
  try {
    const record = () => studio.snapshot('testenv').then((s) => s.records.find((r) => (r as { kind: string }).kind === 'engine') as TestenvEngineRecord | undefined);
    await expect.poll(record, { timeout: 10_000 }).toBeDefined();
    return (await record())!;
  } finally {
    await studio.close();
    ws.release();
    if (before === undefined) delete process.env.DOCKER_HOST;
    else process.env.DOCKER_HOST = before;
  }
}

describe('the studio\'s engine watch', () => {
  it('says a socket where no engine listens is not reachable, and where it looked, without loading dockerode', async () => {
    const socket = join(dir, 'no-engine.sock');
    const record = await studioEngineRecord(`unix://${socket}`);
    expect(record).toMatchObject({ reachable: false, where: `unix://${socket} (DOCKER_HOST)` });
    expect(record.problem).toMatch(/unreachable \(ENOENT\)/);
    expect(dockerodeLoaded()).toBe(false);
    expect(ssh2Loaded()).toBe(false);
  });

  it.skipIf(skip)('says the engine of DOCKER_HOST is reachable without loading dockerode', async () => {
    const record = await studioEngineRecord();
    expect(record).toMatchObject({ reachable: true, where: engineAddress() });
    expect(record.problem).toBeUndefined();
    expect(dockerodeLoaded()).toBe(false);
  });

  // Before dockerode's test: dockerode loads ssh2 itself (docker-modem's SSH support).
  it('would see ssh2 loaded, as the first SSH link loads it', async () => {
    expect(ssh2Loaded()).toBe(false);
    await import('ssh2');
    expect(ssh2Loaded()).toBe(true);
  });

  it('would see dockerode loaded: a tool\'s first use of the engine loads it', async () => {
    expect(dockerodeLoaded()).toBe(false);
    await new DockerEngine().api();
    expect(dockerodeLoaded()).toBe(true);
  });
});
