/**
 * The remote-engine harness itself (scripts/remote-engine.sh), through the real OpenSSH client and
 * docker CLI: only the properties the remote-engine tests rely on. The remote is a network namespace
 * on this machine, so each check that something is NOT reachable has a control showing it is there.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerForTests, writeBusyboxImage } from './docker-fixtures';
import { freePort } from './ports';
import { cutRemoteConnections, remoteClientEnv, remoteEngineForTests, type RemoteEngine } from './remote-engine';

const { remote, skip } = remoteEngineForTests();
const local = await dockerForTests();

const exec = promisify(execFile);

/** Runs a command as that person; answers its output. */
async function asClient(remote: RemoteEngine, file: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  // Generous: each call logs in and starts the remote's docker CLI, slow on a busy machine (never a measure).
  const { stdout } = await exec(file, args, { env: remoteClientEnv(remote, env), timeout: 90_000 });
  return stdout.trim();
}

/** The docker CLI straight at the remote dockerd's socket (assertions and setup, not the path under test). */
async function engineDocker(remote: RemoteEngine, args: string[]): Promise<string> {
  const { stdout } = await exec('docker', ['-H', remote.engineSocket, ...args], { timeout: 60_000 });
  return stdout.trim();
}

/** This machine's end of the veth pair: the remote's address less one (the pair is a /30). */
function thisMachineEnd(remote: RemoteEngine): string {
  return remote.address.replace(/\d+$/, (last) => String(Number(last) - 1));
}

/** What answers an HTTP GET at url: the body, or the error's code. */
async function answerAt(url: string): Promise<string> {
  try {
    return await (await fetch(url, { signal: AbortSignal.timeout(3_000) })).text();
  } catch (err) {
    return `unreachable (${((err as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? (err as Error).name})`;
  }
}

describe('remoteEngineForTests', () => {
  const complete = {
    TANDEM_TEST_REMOTE_DIR: '/tmp/h',
    TANDEM_TEST_REMOTE_DOCKER_HOST: 'ssh://tandem-remote',
    TANDEM_TEST_REMOTE_HOME: '/tmp/h/home',
    TANDEM_TEST_REMOTE_ADDRESS: '10.213.1.2',
    TANDEM_TEST_REMOTE_AGENT_SOCK: '/tmp/h/agent.sock',
    TANDEM_TEST_REMOTE_ENGINE: 'unix:///tmp/h/remote/docker.sock',
    TANDEM_TEST_REMOTE_NETNS: 'tandem-remote-1',
    TANDEM_TEST_REMOTE_HOST_KEY: 'ssh-ed25519 AAAA',
    TANDEM_TEST_REMOTE_BIN: '/tmp/h/bin',
    TANDEM_TEST_REMOTE_TCP_HOST: 'tcp://10.213.1.2:2376',
    TANDEM_TEST_REMOTE_CERT_PATH: '/tmp/h/tls',
  };

  it('reads every field from its variable', () => {
    expect(remoteEngineForTests(complete)).toEqual({
      remote: {
        dir: '/tmp/h',
        dockerHost: 'ssh://tandem-remote',
        home: '/tmp/h/home',
        address: '10.213.1.2',
        agentSock: '/tmp/h/agent.sock',
        engineSocket: 'unix:///tmp/h/remote/docker.sock',
        netns: 'tandem-remote-1',
        hostKey: 'ssh-ed25519 AAAA',
        bin: '/tmp/h/bin',
        tcpHost: 'tcp://10.213.1.2:2376',
        certPath: '/tmp/h/tls',
      },
    });
  });

  it('under CI throws naming what is missing; elsewhere says why the tests are skipped', () => {
    const { TANDEM_TEST_REMOTE_HOST_KEY: _key, ...withoutKey } = complete;
    expect(() => remoteEngineForTests({ ...withoutKey, CI: 'true' })).toThrow(/CI is set and the remote-engine tests cannot run: .*TANDEM_TEST_REMOTE_HOST_KEY is not set/);
    expect(remoteEngineForTests(withoutKey)).toEqual({ skip: expect.stringMatching(/TANDEM_TEST_REMOTE_HOST_KEY is not set.*try: scripts\/remote-engine.sh up/) });
  });
});

// Each test logs in over SSH and starts the remote's CLI a few times: slow on a busy machine, never measured.
describe.skipIf(skip || local.skip)('the remote-engine harness', { timeout: 120_000 }, () => {
  const r = remote as RemoteEngine;
  const tag = `tandem-remote-harness-test-${process.pid}`;
  const image = `${tag}:1`;
  const context = mkdtempSync(join(tmpdir(), 'tandem-remote-harness-'));
  let server: Server;
  /** `docker run` arguments that run a shell script in the image instead of its server. */
  const script = (text: string) => ['--entrypoint', '/bin/busybox', image, 'sh', '-c', `/bin/busybox --install -s /bin && ${text}`];

  beforeAll(async () => {
    writeBusyboxImage(context, 'httpd -f -p 8080 -h /www', { token: `${tag}\n` });
    await engineDocker(r, ['build', '-q', '-t', image, context]);
    server = createServer((_request, response) => response.end(`${tag} from this machine\n`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }, 60_000);

  afterAll(async () => {
    await engineDocker(r, ['rm', '-f', `${tag}-published`]).catch(() => undefined);
    await engineDocker(r, ['network', 'rm', `${tag}-net`]).catch(() => undefined);
    await engineDocker(r, ['rmi', '-f', image]).catch(() => undefined);
    server?.close();
    rmSync(context, { recursive: true, force: true });
  });

  it('the docker CLI over ssh:// with the client HOME reaches the namespace engine, not the local one', async () => {
    const format = ['info', '--format', '{{.Name}} {{.ID}}'];
    const overSsh = await asClient(r, 'docker', format, { DOCKER_HOST: r.dockerHost });
    expect(overSsh).toBe(await engineDocker(r, format));
    const localInfo = await (await local.engine.api()).info();
    expect(overSsh).not.toBe(`${localInfo.Name} ${localInfo.ID}`);
  });

  it('logs in through the agent alone, and not without it', async () => {
    const login = ['-o', 'BatchMode=yes', 'tandem-remote-agent', 'echo', 'in'];
    expect(await asClient(r, 'ssh', login, { SSH_AUTH_SOCK: r.agentSock })).toBe('in');
    await expect(asClient(r, 'ssh', login)).rejects.toThrow(/Permission denied/);
  });

  it('a port published on the remote loopback is not reachable from here; a reverse forward on the network gateway is reachable from there', async () => {
    await engineDocker(r, ['network', 'create', `${tag}-net`]);
    const gateway = await engineDocker(r, ['network', 'inspect', `${tag}-net`, '--format', '{{(index .IPAM.Config 0).Gateway}}']);
    const port = await freePort();
    await engineDocker(r, ['run', '-d', '--name', `${tag}-published`, '--network', `${tag}-net`, '-p', `127.0.0.1:${port}:8080`, image]);

    // Control: on the remote itself the published port answers.
    expect(await engineDocker(r, ['run', '--rm', '--network', 'host', ...script(`wget -qO- http://127.0.0.1:${port}/token`)])).toBe(tag);
    expect(await answerAt(`http://${r.address}:${port}/token`)).toMatch(/^unreachable/);
    expect(await answerAt(`http://127.0.0.1:${port}/token`)).not.toContain(tag);

    // A remote forward bound on the gateway (GatewayPorts clientspecified) reaches this machine's server.
    const remotePort = 20_000 + (process.pid % 20_000);
    const localPort = (server.address() as { port: number }).port;
    const forward = spawn('ssh', ['-o', 'BatchMode=yes', '-o', 'ExitOnForwardFailure=yes', '-N', '-R', `${gateway}:${remotePort}:127.0.0.1:${localPort}`, 'tandem-remote'], {
      env: remoteClientEnv(r),
      stdio: 'ignore',
    });
    try {
      const fetchThroughForward = `for i in $(seq 50); do wget -qO- http://${gateway}:${remotePort}/ && exit 0; sleep 0.1; done; exit 1`;
      expect(await engineDocker(r, ['run', '--rm', '--network', `${tag}-net`, ...script(fetchThroughForward)])).toBe(`${tag} from this machine`);
    } finally {
      forward.kill();
    }
  });

  it('a container on the remote does not reach this machine, though the remote host itself does', async () => {
    const here = thisMachineEnd(r);
    const direct = createServer((_request, response) => response.end('direct\n'));
    await new Promise<void>((resolve) => direct.listen(0, here, resolve));
    const port = (direct.address() as { port: number }).port;
    try {
      expect(await asClient(r, 'ssh', ['-o', 'BatchMode=yes', 'tandem-remote', `bash -c '</dev/tcp/${here}/${port}' && echo reached`])).toBe('reached');
      await engineDocker(r, ['network', 'create', `${tag}-isolated`]);
      const attempt = `wget -T 2 -qO- http://${here}:${port}/ || echo unreachable`;
      expect(await engineDocker(r, ['run', '--rm', '--network', `${tag}-isolated`, ...script(attempt)])).toBe('unreachable');
    } finally {
      direct.close();
      await engineDocker(r, ['network', 'rm', `${tag}-isolated`]).catch(() => undefined);
    }
  });

  it('the remote has no route past this machine\'s end of its link, and no way to this machine\'s other addresses', async () => {
    const routes = async (family: '-4' | '-6') => (await exec('ip', ['netns', 'exec', r.netns, 'ip', family, 'route'])).stdout.split('\n').filter(Boolean);
    const link = `${r.address.replace(/\d+$/, (last) => String(Number(last) - 2))}/30`;
    const ipv4 = await routes('-4');
    // Its link, and the bridges of networks its engine may have made; no default route, no other way out.
    expect(ipv4.filter((route) => !route.startsWith(`${link} `) && !/ dev br-[0-9a-f]+ /.test(route))).toEqual([]);
    expect(ipv4.some((route) => route.startsWith(`${link} `))).toBe(true);
    expect((await routes('-6')).filter((route) => !route.startsWith('fe80::/64 '))).toEqual([]);
    // A server on every address of this machine: reached from the remote at this machine's end of the
    // link (the control), and at no other address of this machine.
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal && a.address !== thisMachineEnd(r))
      .map((a) => a!.address);
    const everywhere = createServer((_request, response) => response.end('here\n'));
    await new Promise<void>((resolve) => everywhere.listen(0, '0.0.0.0', resolve));
    const port = (everywhere.address() as { port: number }).port;
    const tryFromRemote = (address: string) => asClient(r, 'ssh', ['-o', 'BatchMode=yes', 'tandem-remote', `timeout 3 bash -c '</dev/tcp/${address}/${port}' 2>/dev/null && echo reached || echo unreachable`]);
    try {
      expect(await tryFromRemote(thisMachineEnd(r))).toBe('reached');
      for (const address of others) expect(`${address}: ${await tryFromRemote(address)}`).toBe(`${address}: unreachable`);
    } finally {
      everywhere.close();
    }
  });

  it('does not show this machine\'s folders to the remote engine', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tandem-remote-local-'));
    try {
      await expect(engineDocker(r, ['create', '--mount', `type=bind,source=${folder},target=/x`, image])).rejects.toThrow(/bind source path does not exist/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('cut ends the live connection from a port and leaves the others; the next one logs in', async () => {
    // Each session prints its $SSH_CONNECTION (client address and port), then answers one line.
    const connect = () => {
      const live = spawn('ssh', ['-o', 'BatchMode=yes', 'tandem-remote', 'echo $SSH_CONNECTION; read line; echo "got $line"'], { env: remoteClientEnv(r) });
      let output = '';
      live.stdout.on('data', (chunk) => (output += chunk));
      live.stderr.on('data', (chunk) => (output += chunk));
      const ended = new Promise<string>((resolve) => live.once('close', (code) => resolve(`${code} ${output.trim()}`)));
      const clientPort = new Promise<number>((resolve) => live.stdout.once('data', (line) => resolve(Number(String(line).split(' ')[1]))));
      return { live, ended, clientPort };
    };
    const cut = connect();
    const kept = connect();
    const keptPort = await kept.clientPort;
    await cutRemoteConnections(await cut.clientPort);
    // 255 is ssh's own failure (the remote command was never asked to end). Its "closed by remote
    // host" line is written only when the client sees the close before its stderr is torn down.
    expect(await cut.ended).toMatch(/^255 /);
    kept.live.stdin.end('still there\n');
    expect(await kept.ended).toBe(`0 ${thisMachineEnd(r)} ${keptPort} ${r.address} 22\ngot still there`);
    expect(await asClient(r, 'ssh', ['-o', 'BatchMode=yes', 'tandem-remote', 'echo', 'again'])).toBe('again');
  });
});
