/**
 * The SSH link against a real OpenSSH server and Docker engine on "another machine" (a network
 * namespace of this one, scripts/remote-engine.sh): logins with a key file and with the agent,
 * host keys checked against known_hosts, the Docker API over `docker system dial-stdio`, forwards
 * both ways, and a cut connection said once.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '../../../tool-domain/domain';
import { DockerEngine } from '../engine';
import { cutRemoteConnections, freezeRemoteConnection, remoteEngineForTests } from '../testing/remote-engine';
import { freePort } from '../testing/ports';
import { engineTarget } from './engine-target';
import { SshLink } from './ssh-link';
import { sshSettings } from './ssh-settings';

const { remote, skip } = remoteEngineForTests();

/** The engine's own ID, asked through its socket on this machine's filesystem (not over SSH). */
async function engineIdAtSocket(socket: string): Promise<string> {
  const Dockerode = (await import('dockerode')).default as unknown as typeof Docker;
  return (await new Dockerode({ socketPath: socket.replace(/^unix:\/\//, '') }).info()).ID;
}

/** A HOME whose known_hosts lists `address` with `key`, and with the harness's key as its default identity unless `withoutKey`. */
function homeWithKnownHost(address: string, keyLine: string, withoutKey = false): string {
  const home = mkdtempSync(join(tmpdir(), 'tandem-ssh-home-'));
  mkdirSync(join(home, '.ssh'), { mode: 0o700 });
  if (!withoutKey) copyFileSync(join(remote!.home, '.ssh', 'id_ed25519'), join(home, '.ssh', 'id_ed25519'));
  writeFileSync(join(home, '.ssh', 'known_hosts'), `${address} ${keyLine}\n`);
  return home;
}

describe.skipIf(skip)('the SSH link to a remote engine', () => {
  const links: SshLink[] = [];
  const servers: Server[] = [];
  const linkTo = (host: string, home: string, env: NodeJS.ProcessEnv = {}) => {
    const link = new SshLink(sshSettings({ host, user: 'root' }, { home, env }));
    links.push(link);
    return link;
  };

  afterAll(async () => {
    await Promise.all(links.map((link) => link.close()));
    for (const server of servers) server.close();
  });

  it('reaches the remote engine through ~/.ssh/config, its key file and known_hosts', async () => {
    const engine = new DockerEngine('test', undefined, { target: engineTarget({ DOCKER_HOST: remote!.dockerHost }), home: remote!.home });
    try {
      await engine.ping();
      const info = await (await engine.api()).info();
      expect(info.ID).toBe(await engineIdAtSocket(remote!.engineSocket));
      // Many calls at once open further connections past the server's session limit, and all answer.
      const lists = await Promise.all(Array.from({ length: 24 }, () => engine.findLabelled({ 'tandem.none': 'x' })));
      expect(lists.every((found) => found.containers.length === 0)).toBe(true);
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('finds the host in a file ~/.ssh/config includes', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tandem-ssh-home-'));
    mkdirSync(join(home, '.ssh', 'hosts.d'), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, '.ssh', 'config'), 'Include hosts.d/*\n');
    // The harness's own config (Host tandem-remote and its key, known_hosts), moved into the included file.
    writeFileSync(join(home, '.ssh', 'hosts.d', 'remote'), readFileSync(join(remote!.home, '.ssh', 'config'), 'utf8'));
    const link = new SshLink(sshSettings({ host: 'tandem-remote' }, { home, env: {} }));
    links.push(link);
    expect(link.settings).toMatchObject({ hostName: remote!.address, user: 'root' });
    await expect(link.check()).resolves.toBeUndefined();
  });

  it('logs in through the agent alone when ~/.ssh holds no key', async () => {
    const home = homeWithKnownHost(remote!.address, remote!.hostKey, true);
    const link = linkTo(remote!.address, home, { SSH_AUTH_SOCK: remote!.agentSock });
    await expect(link.check()).resolves.toBeUndefined();
    // Without the agent there is nothing to log in with, and the error says what was tried.
    const without = linkTo(remote!.address, home, {});
    const error = await without.check().then(
      () => undefined,
      (err: ToolError) => err,
    );
    expect(error).toBeInstanceOf(ToolError);
    expect(error!.code).toBe('DOCKER_ERROR');
    expect((error!.details as { cause?: string }).cause).toBe('SSH_AUTH_FAILED');
    expect(error!.suggestion).toMatch(/ssh-add|IdentityFile/);
  });

  it('refuses a host whose key differs from known_hosts, and one not in it', async () => {
    // A key of the right type that is not the host's.
    const otherKey = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBUrq2TqG/E1+9a7ueOUlI7F7I35IrmV5ymcKRfmS3ZP';
    const changed = linkTo(remote!.address, homeWithKnownHost(remote!.address, otherKey));
    const mismatch = await changed.check().then(
      () => undefined,
      (err: ToolError) => err,
    );
    expect((mismatch!.details as { cause: string }).cause).toBe('HOST_KEY_MISMATCH');
    expect(mismatch!.message).toMatch(/does not match/);
    expect(mismatch!.suggestion).toMatch(/ssh-keygen -R/);

    const unknown = linkTo(remote!.address, homeWithKnownHost('192.0.2.1', remote!.hostKey));
    const notKnown = await unknown.check().then(
      () => undefined,
      (err: ToolError) => err,
    );
    expect((notKnown!.details as { cause: string }).cause).toBe('HOST_KEY_UNKNOWN');
    expect(notKnown!.message).toContain((notKnown!.details as { fingerprint: string }).fingerprint);

    // The same host listed under its own address with its real key is let in.
    await expect(linkTo(remote!.address, homeWithKnownHost(remote!.address, remote!.hostKey)).check()).resolves.toBeUndefined();
  });

  it('asks a server with several host keys for the one known_hosts holds, as ssh does', async () => {
    // The harness's sshd has an ed25519 and an ECDSA key; the library's own first choice is ed25519.
    const ecdsa = readFileSync(join(remote!.dir, 'remote', 'ssh_host_ecdsa_key.pub'), 'utf8').split(' ').slice(0, 2).join(' ');
    expect(ecdsa).toMatch(/^ecdsa-sha2-nistp256 /);
    await expect(linkTo(remote!.address, homeWithKnownHost(remote!.address, ecdsa)).check()).resolves.toBeUndefined();
    // And another ECDSA key there is still a changed key, not let in through the ed25519 one.
    const otherEcdsa = 'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEmKSENjQEezOmxkZMy7opKgwFB9nkt5YRrYMjNuG5N87uRgg6CLrbo5wAdT/y6v0mKV0U2w0WZ2YOGq1QvFFIs=';
    const mismatch = await linkTo(remote!.address, homeWithKnownHost(remote!.address, otherEcdsa))
      .check()
      .then(
        () => undefined,
        (err: ToolError) => err,
      );
    expect(mismatch?.details).toMatchObject({ cause: 'HOST_KEY_MISMATCH', keyType: 'ecdsa-sha2-nistp256' });
  });

  it('forwards a local port to the remote loopback, and a remote address back to this machine', async () => {
    const link = linkTo('tandem-remote', remote!.home);
    // Back: something on this machine, reached from the remote side at its own loopback.
    const here = await new Promise<Server>((resolve) => {
      const server = createServer((socket) => socket.end('from this machine\n')).listen(0, '127.0.0.1', () => resolve(server));
    });
    servers.push(here);
    const herePort = (here.address() as { port: number }).port;
    const remotePort = 20_000 + (herePort % 20_000);
    const back = await link.forwardRemote('127.0.0.1', remotePort, herePort, 'a test');
    expect(back.description).toContain(`127.0.0.1:${remotePort} → 127.0.0.1:${herePort}`);
    // Out: a local port carried to the remote's loopback, where the forward above answers.
    const localPort = await freePort();
    const out = await link.forwardLocal(localPort, remotePort, 'a test');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = require('node:net').connect(localPort, '127.0.0.1') as import('node:net').Socket;
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toBe('from this machine\n');
    await out.close();
    await back.close();
  });

  it('refuses a mock forward on a server that binds remote forwards to its loopback only, saying what to set', async () => {
    // The harness's sshd answers on port 2222 with GatewayPorts no (sshd's default).
    const home = homeWithKnownHost(`[${remote!.address}]:2222`, remote!.hostKey);
    const link = new SshLink(sshSettings({ host: remote!.address, user: 'root', port: 2222 }, { home, env: {} }));
    links.push(link);
    const remotePort = 20_000 + ((process.pid + 7) % 20_000);
    const error = await link.forwardRemote(remote!.address, remotePort, 9, 'the mock payments').then(
      () => undefined,
      (err: ToolError) => err,
    );
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ code: 'DOCKER_ERROR', details: { host: remote!.address, bind: `${remote!.address}:${remotePort}` } });
    expect(error!.message).toMatch(/does not listen on .* containers there cannot reach it/);
    expect(error!.suggestion).toMatch(/GatewayPorts clientspecified/);
    // Control: the same forward on port 22 (GatewayPorts clientspecified) is made.
    const open = await linkTo(remote!.address, homeWithKnownHost(remote!.address, remote!.hostKey)).forwardRemote(remote!.address, remotePort, 9, 'the mock payments');
    await open.close();
  });

  it('says once that a cut connection was lost, closes its forwards, and connects again on the next use', async () => {
    const link = linkTo('tandem-remote', remote!.home);
    const localPort = await freePort();
    await link.forwardLocal(localPort, 9, 'a test');
    const lost: ToolError[] = [];
    const said = new Promise<void>((resolve) => link.onLost((error) => (lost.push(error), resolve())));
    await cutRemoteConnections(link.connectionPorts()[0]);
    await said;
    expect(lost).toHaveLength(1);
    expect(lost[0].message).toContain(`root@${remote!.address}:22`);
    expect((lost[0].details as { cause: string }).cause).toBe('SSH_CONNECTION_LOST');
    // The forward's port is free again: the forward went with the connection.
    const reuse = await new Promise<boolean>((resolve) => {
      const server = createServer().once('error', () => resolve(false));
      server.listen(localPort, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    expect(reuse).toBe(true);
    await expect(link.check()).resolves.toBeUndefined();
  });

  it('counts a connection whose far end stops answering as lost, though its TCP connection stays up', async () => {
    const link = linkTo('tandem-remote', remote!.home);
    const localPort = await freePort();
    await link.forwardLocal(localPort, 9, 'a test');
    const said = new Promise<ToolError>((resolve) => link.onLost(resolve));
    const [port] = link.connectionPorts();
    await freezeRemoteConnection(port);
    try {
      // Nothing closed it: the keepalives went unanswered.
      const lost = await said;
      expect((lost.details as { cause: string }).cause).toBe('SSH_CONNECTION_LOST');
      expect(link.connectionPorts()).toEqual([]);
      await expect(link.check()).resolves.toBeUndefined();
      expect(link.connectionPorts()).not.toContain(port);
    } finally {
      await cutRemoteConnections(port).catch(() => undefined);
    }
  }, 60_000);
});

beforeAll(() => {
  if (skip) console.warn(`SSH link tests skipped: ${skip}`);
});
