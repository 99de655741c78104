/**
 * The Preflight flow on a Docker engine of another machine, over ssh:// (issue 25): the BUILT cli
 * through `tandem mcp`, with DOCKER_HOST=ssh://tandem-remote and a HOME whose ~/.ssh reaches the
 * harness's namespace (scripts/remote-engine.sh). The services' ports are on the remote's loopback
 * only, so every request the suites, the health checks and this test make goes through the
 * studio's forwards; a container reaches the mock (in the studio) through the reverse forward; the
 * project folder mounted into the container is copied there. Then kill -9 of the core and the
 * reaper, and an SSH connection cut during a run.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, it } from 'vitest';
import { readEndpointFile } from '../../../cli/test-harness';
import { isAlive, waitFor } from '../../../mcp/test-fixtures';
import { dockerForTests, leftovers, writeBusyboxImage } from '../testing/docker-fixtures';
import { freePort } from '../testing/ports';
import { remoteStudioTests } from '../testing/remote-studio';
import { callTool } from '../testing/tool-calls';
import { cutRemoteConnections, remoteEngineForTests } from '../testing/remote-engine';

const { remote, skip } = remoteEngineForTests();
const prefix = `tandem-test-rm${process.pid}`;
const { engine: remoteEngine, harness, workspace } = remoteStudioTests(remote, prefix);
/** This machine's own engine: nothing of the flow may land there. */
const localEngine = await dockerForTests();

const call = (client: Client, name: string, args: Record<string, unknown>) => callTool(client, name, args, 180_000);

const remoteEnv = () => ({ DOCKER_HOST: remote!.dockerHost, HOME: remote!.home });

/** Calls the mock from inside the container (a CGI of busybox httpd) and answers what the mock said. */
const CHARGE_CGI = `#!/bin/sh
body='{"amount":42,"from":"'"$SERVICE"'"}'
printf 'Content-Type: application/json\\r\\n\\r\\n'
printf 'POST /charges HTTP/1.0\\r\\nHost: host.docker.internal\\r\\nContent-Type: application/json\\r\\nContent-Length: %s\\r\\n\\r\\n%s' "\${#body}" "$body" | nc host.docker.internal "$MOCK_PORT" | sed '1,/^\\r$/d'
`;

let projects = 0;

/**
 * A shop of two services (api with a CGI that calls the mock, web after it), a mock whose port in
 * the containers differs from its port here, a project folder and a single file mounted into api,
 * and a suite that reads both and calls the mock through api. `slowCase` adds a long wait.
 */
async function shop(ws: string, slowCase = false) {
  const name = `rm${process.pid}x${++projects}`;
  const [apiPort, webPort, mockPort] = [await freePort(), await freePort(), await freePort()];
  const dir = join(ws, 'shop');
  for (const service of ['api', 'web']) writeBusyboxImage(join(dir, 'services', service), 'httpd -f -vv -p 8080 -h /www', service === 'api' ? { 'cgi-bin/charge': CHARGE_CGI } : {});
  mkdirSync(join(dir, 'content', 'docs'), { recursive: true });
  writeFileSync(join(dir, 'content', 'hello.txt'), `hello from the project folder of ${name}\n`);
  writeFileSync(join(dir, 'content', 'docs', 'deep.txt'), 'a nested file\n');
  writeFileSync(join(dir, 'motd.txt'), 'message of the day\n');
  const service = (svc: string, port: number, extra: Record<string, unknown> = {}) => ({
    name: svc,
    build: { context: `services/${svc}`, image: `${prefix}-${name}-${svc}:e2e` },
    container: {
      name: `${name}-${svc}`,
      ports: [`${port}:8080`],
      environment: { SERVICE: svc, MOCK_PORT: '9400' },
      healthcheck: { path: '/health', interval: '200ms', timeout: '60s' },
      ...extra,
    },
  });
  const config = {
    version: '1',
    project: { name, description: 'a shop on a remote engine' },
    services: [
      service('api', apiPort, { volumes: ['./content:/www/content:ro', './motd.txt:/www/motd.txt:ro'] }),
      { ...service('web', webPort, { volumes: ['data:/data'] }), dependsOn: ['api'] },
    ],
    mocks: { payments: { port: mockPort, containerPort: 9400, routes: [{ method: 'POST', path: '/charges', response: { status: 201, body: { id: 'ch_1', amount: '{{request.body.amount}}' } } }] } },
    tests: { suites: [{ name: 'Shop', id: 'shop', runner: 'yaml', file: 'shop.yaml' }] },
  };
  writeFileSync(join(dir, 'e2e.yaml'), JSON.stringify(config, null, 2));
  const steps = [
    { waitHealthy: 'api' },
    { name: 'the copied folder is served', request: { path: '/content/hello.txt' }, expect: { status: 200, body: { $contains: `project folder of ${name}` } } },
    { name: 'a nested file came too', request: { path: '/content/docs/deep.txt' }, expect: { status: 200 } },
    { name: 'the single file is there', request: { path: '/motd.txt' }, expect: { status: 200, body: { $contains: 'message of the day' } } },
    { name: 'the api reaches the mock', request: { method: 'POST', path: '/cgi-bin/charge' }, expect: { status: 200, body: { id: 'ch_1', amount: 42 } } },
    { name: 'web answers', request: { url: `http://127.0.0.1:${webPort}/health` }, expect: { status: 200 } },
    ...(slowCase ? [{ name: 'a long wait', delay: '20s', request: { path: '/health' }, expect: { status: 200 } }] : []),
  ];
  writeFileSync(join(dir, 'shop.yaml'), JSON.stringify({ steps }));
  return { name, apiPort, webPort, mockPort };
}

/** Does something accept connections on host:port (this machine's 127.0.0.1 unless said)? */
const accepts = (port: number, host = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, host);
    socket.setTimeout(3_000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const exec = promisify(execFile);

/** An `ss` column's address without its port (`[::1]:80` → `::1`, `10.0.0.1:22` → `10.0.0.1`). */
const addressOf = (column: string) => column.slice(0, column.lastIndexOf(':')).replace(/^\[|\]$/g, '').replace(/^::ffff:/, '').replace(/%.*$/, '');

/** The TCP sockets of process `pid` on this machine (listening and connected), as `ss` lists them. */
async function socketsOf(pid: number): Promise<Array<{ state: string; local: string; localPort: number; peer: string }>> {
  const { stdout } = await exec('ss', ['-Htanp']);
  return stdout
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => {
      const [state, , , local, peer] = line.trim().split(/\s+/);
      return { state, local: addressOf(local), localPort: Number(local.slice(local.lastIndexOf(':') + 1)), peer: peer.endsWith(':*') ? '*' : addressOf(peer) };
    });
}

/** This machine's ports of the SSH connections process `pid` holds to the remote. */
async function sshPortsOf(pid: number): Promise<number[]> {
  return (await socketsOf(pid)).filter((s) => s.state === 'ESTAB' && s.peer === remote!.address).map((s) => s.localPort);
}

/** The addresses the remote host listens on at `port` (`ss` run in its network namespace). */
async function remoteListeners(port: number): Promise<string[]> {
  const { stdout } = await exec('ip', ['netns', 'exec', remote!.netns, 'ss', '-Htln', `sport = :${port}`]);
  return stdout.split('\n').filter(Boolean).map((line) => addressOf(line.trim().split(/\s+/)[3]));
}

async function upAndRunning(client: Client) {
  const init = await call(client, 'preflight_init', { projectPath: 'shop' });
  expect(init.success).toBe(true);
  expect(init.data.notes.join(' ')).toMatch(new RegExp(`engine is on ${remote!.address.replace(/\./g, '\\.')}|engine is on tandem-remote`));
  const built = await call(client, 'preflight_build', { projectPath: 'shop' });
  expect(built.data?.services?.map((s: { status: string }) => s.status), JSON.stringify(built.error)).toEqual(['success', 'success']);
  const setup = await call(client, 'preflight_setup', { projectPath: 'shop' });
  expect(setup.success, JSON.stringify(setup.error)).toBe(true);
  return setup;
}

describe.skipIf(skip)('testenv on a remote engine over ssh://', () => {
  it('runs the whole flow there, with ports, mocks and folders as on this machine', async () => {
    const ws = workspace('remote');
    const { name, apiPort, webPort, mockPort } = await shop(ws);
    const { client } = await harness.bridgeClient(ws, 'claude-ai', remoteEnv());
    const setup = await upAndRunning(client);
    expect(setup.data.engine).toMatchObject({ via: 'ssh', host: 'tandem-remote' });
    const api = setup.data.services.find((s: { name: string }) => s.name === 'api');
    expect(api.ports[0].forward).toBe(`127.0.0.1:${apiPort} → ${remote!.address}:127.0.0.1:${apiPort}`);
    expect(api.copied).toEqual([
      { source: './content', target: '/www/content' },
      { source: './motd.txt', target: '/www/motd.txt' },
    ]);
    // The containers run on the remote engine, and not on this machine's loopback: only the forward answers here.
    const there = await leftovers(remoteEngine, ws);
    expect(there.containers.sort()).toEqual([`${name}-api`, `${name}-web`]);
    // Nothing of it on this machine's engine.
    if (!localEngine.skip) expect(await leftovers(localEngine.engine, ws)).toEqual({ containers: [], networks: [] });

    // The mock's reverse forward listens on the project network's gateway there, and on nothing wider
    // (not the remote's own address, which this machine reaches, nor every address).
    const { gateway } = await remoteEngine.networkInfo(there.networks[0]);
    expect(setup.data.mocks[0].forward).toBe(`${remote!.address}:${gateway}:9400 → 127.0.0.1:${mockPort}`);
    expect(await remoteListeners(9400)).toEqual([gateway]);
    expect(await accepts(9400, remote!.address)).toBe(false);
    // Control: the remote's sshd does answer at its own address.
    expect(await accepts(22, remote!.address)).toBe(true);
    // The copy of ./content, and the named volume as the engine's own.
    expect(there.volumes).toHaveLength(2);
    expect(there.volumes!.filter((v) => v.endsWith('-data'))).toHaveLength(1);
    expect(await accepts(apiPort)).toBe(true);
    // Published there on the remote's loopback only: not at its address, which this machine reaches.
    expect(await remoteListeners(apiPort)).toEqual(['127.0.0.1']);
    expect(await accepts(apiPort, remote!.address)).toBe(false);

    const run = await call(client, 'preflight_run', { projectPath: 'shop' });
    expect(run.data?.status, JSON.stringify(run.data?.suites?.[0]?.cases?.filter((c: { status: string }) => c.status !== 'passed'))).toBe('passed');
    expect(run.data.totals).toMatchObject({ passed: 6, failed: 0 });

    const requests = await call(client, 'preflight_mock_requests', { projectPath: 'shop', mockName: 'payments' });
    expect(requests.data.mocks[0].requests).toEqual([expect.objectContaining({ method: 'POST', url: '/charges', status: 201, body: { amount: 42, from: 'api' } })]);

    const logs = await call(client, 'preflight_logs', { projectPath: 'shop', container: 'api' });
    // httpd's log of the requests the suite made through the forward, read from the remote engine.
    expect(logs.data.lines.filter((line: string) => /url:\/(content\/hello\.txt|motd\.txt|cgi-bin\/charge)$/.test(line))).toHaveLength(3);

    // The studio's own traffic stays between this machine's loopback and the remote: every socket of
    // the core listens on or talks to 127.0.0.1, or is a connection to the remote's sshd.
    const core = readEndpointFile(ws)!.pid;
    const sockets = await socketsOf(core);
    expect(sockets.filter((s) => s.peer === remote!.address).length).toBeGreaterThan(0);
    const loopback = (address: string) => address.startsWith('127.') || address === '::1';
    expect(sockets.filter((s) => !(s.peer === '*' ? loopback(s.local) : loopback(s.peer) || s.peer === remote!.address))).toEqual([]);

    const status = await call(client, 'preflight_status', { projectPath: 'shop' });
    expect(status.data).toMatchObject({ state: 'running', engine: { via: 'ssh' } });
    expect(status.data.mocks).toEqual([expect.objectContaining({ name: 'payments', status: 'running', forward: `${remote!.address}:${gateway}:9400 → 127.0.0.1:${mockPort}` })]);
    expect(status.data.services.map((s: { ports: Array<{ accessible: boolean; forward: string }> }) => s.ports[0])).toEqual([
      { host: apiPort, container: 8080, accessible: true, forward: `127.0.0.1:${apiPort} → ${remote!.address}:127.0.0.1:${apiPort}` },
      { host: webPort, container: 8080, accessible: true, forward: `127.0.0.1:${webPort} → ${remote!.address}:127.0.0.1:${webPort}` },
    ]);

    const clean = await call(client, 'preflight_clean', { projectPath: 'shop' });
    expect(clean.data.sessionRemoved).toBe(true);
    expect(await leftovers(remoteEngine, ws)).toEqual({ containers: [], networks: [] });
    // The forwards went with the environment.
    expect(await accepts(apiPort)).toBe(false);
  }, 420_000);

  it('refuses a remote whose host key is not the one in known_hosts, saying which and what to do', async () => {
    const ws = workspace('remote');
    await shop(ws);
    // The harness's ~/.ssh, but known_hosts lists another key for the remote's address.
    const home = join(ws, 'home');
    mkdirSync(join(home, '.ssh'), { recursive: true, mode: 0o700 });
    const config = readFileSync(join(remote!.home, '.ssh', 'config'), 'utf8').replaceAll(remote!.home, home);
    writeFileSync(join(home, '.ssh', 'config'), config);
    copyFileSync(join(remote!.home, '.ssh', 'id_ed25519'), join(home, '.ssh', 'id_ed25519'));
    const knownHosts = join(home, '.ssh', 'known_hosts');
    writeFileSync(knownHosts, `${remote!.address} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBUrq2TqG/E1+9a7ueOUlI7F7I35IrmV5ymcKRfmS3ZP\n`);
    const { client } = await harness.bridgeClient(ws, 'claude-ai', { ...remoteEnv(), HOME: home });
    expect((await call(client, 'preflight_init', { projectPath: 'shop' })).success).toBe(true);
    const built = await call(client, 'preflight_build', { projectPath: 'shop' });
    expect(built.success).toBe(false);
    expect(built.error).toMatchObject({ code: 'DOCKER_ERROR', details: { cause: 'HOST_KEY_MISMATCH', host: remote!.address, knownAt: `${knownHosts}:1` } });
    expect(built.error!.message).toMatch(new RegExp(`host key of ${remote!.address.replace(/\./g, '\\.')} does not match .*offered ssh-ed25519 SHA256:`));
    expect(built.error!.suggestion).toContain(`ssh-keygen -R ${remote!.address}`);
    // Nothing was sent there: no image built, nothing labelled.
    expect(await remoteEngine.imageExists(`${prefix}-rm${process.pid}x${projects}-api:e2e`)).toBe(false);
    expect(await leftovers(remoteEngine, ws)).toEqual({ containers: [], networks: [] });
  }, 120_000);

  it('removes its remote containers, networks, volumes and forwards when the studio stops', async () => {
    const ws = workspace('remote');
    const { name, apiPort } = await shop(ws);
    const { client } = await harness.bridgeClient(ws, 'claude-ai', remoteEnv());
    await upAndRunning(client);
    expect((await leftovers(remoteEngine, ws)).containers.sort()).toEqual([`${name}-api`, `${name}-web`]);
    const core = readEndpointFile(ws)!.pid;
    process.kill(core, 'SIGTERM');
    await waitFor(() => !isAlive(core), 30_000, 'the core to stop');
    expect(await leftovers(remoteEngine, ws)).toEqual({ containers: [], networks: [] });
    expect(await accepts(apiPort)).toBe(false);
    expect(await remoteListeners(9400)).toEqual([]);
  }, 420_000);

  it('reaps the remote containers a core killed with SIGKILL left, when the next core starts', async () => {
    const ws = workspace('remote');
    const { name } = await shop(ws);
    const { client } = await harness.bridgeClient(ws, 'claude-ai', remoteEnv());
    await upAndRunning(client);
    const first = readEndpointFile(ws)!.pid;
    process.kill(first, 'SIGKILL');
    await waitFor(() => !isAlive(first), 10_000, 'the core to die');
    // A kill -9 cleans nothing there; its forwards died with the process, the remote's end of the mock's too.
    expect((await leftovers(remoteEngine, ws)).containers.sort()).toEqual([`${name}-api`, `${name}-web`]);
    await waitFor(async () => (await remoteListeners(9400)).length === 0, 15_000, 'the remote to stop listening for the mock');

    const status = await call(client, 'preflight_status', { projectPath: 'shop' });
    expect(status.error?.code).toBe('SESSION_NOT_FOUND');
    harness.track(await waitFor(() => {
      const pid = readEndpointFile(ws)?.pid;
      return pid !== first ? pid : undefined;
    }, 15_000, 'the new core'));
    expect(await leftovers(remoteEngine, ws)).toEqual({ containers: [], networks: [] });
  }, 420_000);

  it('fails a run whose SSH connection is cut with DOCKER_ERROR naming the host, removes what ran there, and sets up again', async () => {
    const ws = workspace('remote');
    const { name, apiPort, mockPort } = await shop(ws, true);
    const { client } = await harness.bridgeClient(ws, 'claude-ai', remoteEnv());
    await upAndRunning(client);
    const running = call(client, 'preflight_run', { projectPath: 'shop' });
    // Cut once the run is in its long wait (the first cases answer within a few seconds; the wait is 20 s).
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    // Only the core's own connections (other test files use the same remote at the same time).
    const ports = await sshPortsOf(readEndpointFile(ws)!.pid);
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) await cutRemoteConnections(port);
    const run = await running;
    expect(run.success).toBe(false);
    expect(run.error).toMatchObject({ code: 'DOCKER_ERROR', details: { cause: 'SSH_CONNECTION_LOST' } });
    expect(run.error!.message).toContain(remote!.address);
    // Nothing is left forwarded here, and what ran there is removed over a new connection.
    expect(await accepts(apiPort)).toBe(false);
    expect(await remoteListeners(9400)).toEqual([]);
    await waitFor(async () => (await leftovers(remoteEngine, ws)).containers.length === 0, 60_000, 'the remote containers to be removed');
    // Nothing left running here either: the mock stops with the environment.
    await waitFor(async () => !(await accepts(mockPort)), 15_000, 'the mock to stop');
    const status = await call(client, 'preflight_status', { projectPath: 'shop' });
    expect(status.data.state).toBe('stopped');
    // The next setup connects again.
    const again = await call(client, 'preflight_setup', { projectPath: 'shop' });
    expect(again.success, JSON.stringify(again.error)).toBe(true);
    expect((await leftovers(remoteEngine, ws)).containers.sort()).toEqual([`${name}-api`, `${name}-web`]);
    expect((await call(client, 'preflight_clean', { projectPath: 'shop' })).data.sessionRemoved).toBe(true);
  }, 420_000);
});
