/**
 * One SSH link to the machine a remote Docker engine runs on, made with ssh2 (the SSH library the
 * Docker client library, dockerode, already depends on) and the user's own setup (ssh-settings.ts):
 * keys from ~/.ssh and the agent, the host key checked against known_hosts (never skipped).
 *
 * Over it go:
 * - the Docker API: each HTTP connection is `docker system dial-stdio` run on the remote host, as
 *   the Docker CLI does for `ssh://`, so the remote's own engine settings apply. An OpenSSH server
 *   allows 10 sessions per connection (MaxSessions), so past SESSIONS_PER_CONNECTION at once a
 *   further connection is opened;
 * - local forwards (a port on this machine's 127.0.0.1 to a port on the remote's loopback), for
 *   the services' published ports;
 * - remote forwards (a port the remote's sshd listens on, to a port on this machine's 127.0.0.1),
 *   for the mocks, which containers reach through the project network's gateway.
 *
 * A link whose main connection drops says so once (`onLost`), closes its forwards, and connects
 * afresh on its next use.
 */
import { readFileSync } from 'node:fs';
import { type ClientRequestArgs, Agent as HttpAgent } from 'node:http';
import { type Server, type Socket, connect, createServer } from 'node:net';
import type { Duplex } from 'node:stream';
import type { AuthenticationType, AuthMethod, Client, ClientChannel, ConnectConfig, ParsedKey } from 'ssh2';
import { commonJsExports } from '../../../kernel/packages';
import { ToolError } from '../../../tool-domain/domain';
import { TestenvErrorCode, portConflict } from '../errors';
import { checkHostKey, describeKey, type HostKeyVerdict, hostKeyAlgorithms, knownKeyTypes } from './known-hosts';
import type { SshSettings } from './ssh-settings';

/** Exec sessions one connection carries at once (OpenSSH's MaxSessions is 10 by default). */
const SESSIONS_PER_CONNECTION = 8;
/** How long the SSH handshake and login may take. */
const READY_TIMEOUT_MS = 15_000;
/** Keepalives every 5 s, the link counted lost after 3 unanswered (as ServerAliveInterval/CountMax). */
const KEEPALIVE_MS = 5_000;
const KEEPALIVE_COUNT = 3;
/** Docker API streams kept open between requests, and for how long. */
const IDLE_STREAMS = 4;
const IDLE_STREAM_MS = 15_000;

interface Pooled {
  client: Client;
  /** The TCP connection under it (the studio's own, so its port is known). */
  socket: Socket;
  sessions: number;
  /** Its Docker API streams: ended with it, so that no kept-alive one is used after the connection died. */
  channels: Set<ClientChannel>;
  closed: boolean;
}

export interface Forward {
  /** `127.0.0.1:8080 → host:127.0.0.1:8080` and the like. */
  readonly description: string;
  close(): Promise<void>;
}

export class SshLink {
  /** `user@host:port`, as messages name the link. */
  readonly label: string;
  private main?: Promise<Pooled>;
  private readonly extra = new Set<Pooled>();
  /** A further connection being opened, for the callers waiting on a session. */
  private opening?: Promise<void>;
  /** The main connection once logged in (the forwards' and the first sessions'). */
  private currentMain?: Pooled;
  private readonly localForwards = new Set<Server>();
  /** `address:port` the remote listens on → that address and port, and the local port its connections go to. */
  private readonly remoteForwards = new Map<string, { address: string; port: number; localPort: number }>();
  private readonly lostListeners = new Set<(error: ToolError) => void>();
  private closed = false;

  constructor(
    readonly settings: SshSettings,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.label = `${settings.user}@${settings.hostName}:${settings.port}`;
  }

  /** Calls `listener` each time the main connection drops while the link is in use. */
  onLost(listener: (error: ToolError) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Connects now (if not connected), so a bad host, key or login shows before any work. */
  async check(): Promise<void> {
    await this.mainConnection();
  }

  /**
   * An http.Agent whose connections are `docker system dial-stdio` on the remote: dockerode's
   * transport. Connections are kept between requests (starting the remote CLI costs a few hundred
   * ms), at most IDLE_STREAMS of them idle, each for IDLE_STREAM_MS.
   */
  dockerAgent(): HttpAgent {
    const agent = new HttpAgent({ keepAlive: true, maxFreeSockets: IDLE_STREAMS });
    const idle = new WeakMap<object, NodeJS.Timeout>();
    // http.Agent's documented hook: a connection made asynchronously, handed back through the callback.
    (agent as unknown as { createConnection: (options: ClientRequestArgs, done: (err: Error | null, socket?: Duplex) => void) => void }).createConnection = (_options, done) => {
      this.dialDocker().then(
        (stream) => done(null, asSocket(stream)),
        (err: Error) => done(err),
      );
    };
    agent.on('free', (socket: Duplex) => {
      if (socket.destroyed) return;
      idle.set(socket, setTimeout(() => socket.destroy(), IDLE_STREAM_MS).unref());
    });
    const reuse = agent.reuseSocket.bind(agent);
    agent.reuseSocket = (socket, request) => {
      clearTimeout(idle.get(socket));
      reuse(socket, request);
    };
    return agent;
  }

  /** A stream to the remote engine's API (`docker system dial-stdio`), on a connection with a free session. */
  async dialDocker(): Promise<ClientChannel> {
    const pooled = await this.reserveSession();
    const channel = await new Promise<ClientChannel>((resolve, reject) => {
      pooled.client.exec('docker system dial-stdio', (err, stream) => (err ? reject(this.linkError(err, 'starting `docker system dial-stdio`')) : resolve(stream)));
    }).catch((err: unknown) => {
      pooled.sessions--;
      throw err;
    });
    pooled.channels.add(channel);
    let stderr = '';
    channel.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2_000) stderr += chunk.toString('utf8');
    });
    channel.once('exit', (code: number | null) => {
      if (code && code !== 0) {
        const why = stderr.trim() || `exit code ${code}`;
        const hint = /not found|no such file/i.test(why) ? `; try: install the Docker CLI on ${this.settings.hostName}, on the PATH of ${this.settings.user}'s non-interactive shell` : '';
        (channel as Duplex).destroy(new Error(`\`docker system dial-stdio\` failed on ${this.label}: ${why}${hint}`));
      }
    });
    channel.once('close', () => {
      pooled.channels.delete(channel);
      pooled.sessions--;
      if (pooled !== this.currentMain && pooled.sessions === 0) {
        pooled.client.end();
        this.extra.delete(pooled);
      }
    });
    return channel;
  }

  /**
   * Listens on this machine's 127.0.0.1:localPort and carries each connection to
   * remotePort on the remote host's loopback. A local port in use is PORT_CONFLICT.
   */
  async forwardLocal(localPort: number, remotePort: number, who: string): Promise<Forward> {
    await this.mainConnection();
    const server = createServer((socket) => void this.carryOut(socket, remotePort));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? portConflict(localPort, `the forward of ${who}`) : err));
      server.listen({ port: localPort, host: '127.0.0.1', exclusive: true }, () => resolve());
    });
    this.localForwards.add(server);
    return {
      description: `127.0.0.1:${localPort} → ${this.settings.hostName}:127.0.0.1:${remotePort}`,
      close: () => this.closeServer(server),
    };
  }

  /**
   * Has the remote's sshd listen on bindAddress:bindPort and carry each connection to this
   * machine's 127.0.0.1:localPort. Then proves the path from the remote side: an sshd that binds
   * remote forwards to its loopback only (GatewayPorts no, its default) would leave containers
   * unable to reach the address, and the setup says so rather than timing out in a test.
   */
  async forwardRemote(bindAddress: string, bindPort: number, localPort: number, who: string): Promise<Forward> {
    const { client } = await this.mainConnection();
    const key = `${bindAddress}:${bindPort}`;
    this.remoteForwards.set(key, { address: bindAddress, port: bindPort, localPort });
    try {
      await new Promise<void>((resolve, reject) => client.forwardIn(bindAddress, bindPort, (err) => (err ? reject(err) : resolve())));
    } catch (err) {
      this.remoteForwards.delete(key);
      throw new ToolError(
        TestenvErrorCode.dockerError,
        `the SSH server on ${this.settings.hostName} refused to listen on ${key} for ${who}: ${(err as Error).message}`,
        `in the remote's sshd_config, allow TCP forwarding (AllowTcpForwarding yes) and set "GatewayPorts clientspecified", reload sshd; and check nothing else listens on ${key} there`,
        { host: this.settings.hostName, bind: key },
      );
    }
    const forward: Forward = {
      description: `${this.settings.hostName}:${key} → 127.0.0.1:${localPort}`,
      close: () => this.unforwardRemote(bindAddress, bindPort),
    };
    const reachable = await new Promise<boolean>((resolve) =>
      client.forwardOut('127.0.0.1', 0, bindAddress, bindPort, (err, channel) => {
        if (err) return resolve(false);
        channel.close();
        resolve(true);
      }),
    );
    if (!reachable) {
      await forward.close();
      throw new ToolError(
        TestenvErrorCode.dockerError,
        `the SSH server on ${this.settings.hostName} accepted the forward for ${who} but does not listen on ${key} (it binds forwards to its loopback), so containers there cannot reach it`,
        'set "GatewayPorts clientspecified" in the remote\'s sshd_config and reload sshd, then call preflight_setup again',
        { host: this.settings.hostName, bind: key },
      );
    }
    return forward;
  }

  /** This machine's ports of the link's open connections (what `ss` shows of them): for diagnostics and tests. */
  connectionPorts(): number[] {
    return [this.currentMain, ...this.extra].flatMap((pooled) => (pooled && !pooled.closed && pooled.socket.localPort ? [pooled.socket.localPort] : []));
  }

  /** Closes every forward and connection; the link connects again on its next use. */
  async close(): Promise<void> {
    this.closed = true;
    await this.dropForwards();
    const main = this.main;
    this.main = undefined;
    this.currentMain = undefined;
    (await main?.catch(() => undefined))?.client.end();
    for (const pooled of this.extra) pooled.client.end();
    this.extra.clear();
    this.closed = false;
  }

  // ------------------------------------------------------------------------------------------

  private mainConnection(): Promise<Pooled> {
    if (!this.main) {
      const opening = this.open().then((pooled) => {
        this.currentMain = pooled;
        pooled.client.on('tcp connection', (details, accept, reject) => {
          const forward = this.remoteForwards.get(`${details.destIP}:${details.destPort}`);
          if (!forward) return reject();
          pipeBoth(accept(), connect({ port: forward.localPort, host: '127.0.0.1' }));
        });
        pooled.client.once('close', () => {
          if (this.currentMain !== pooled) return;
          this.main = undefined;
          this.currentMain = undefined;
          if (this.closed) return;
          const error = new ToolError(TestenvErrorCode.dockerError, `the SSH connection to ${this.label} was lost`, 'check the network and the remote host; the next preflight_setup connects again', {
            host: this.settings.hostName,
            cause: 'SSH_CONNECTION_LOST',
          });
          this.log(error.message);
          void this.dropForwards();
          for (const listener of this.lostListeners) listener(error);
        });
        return pooled;
      });
      this.main = opening;
      opening.catch(() => {
        if (this.main === opening) this.main = undefined;
      });
    }
    return this.main;
  }

  /**
   * A connection with a session free, the session taken at once (callers at the same moment must
   * not all see the same free one); past the limit, one further connection is opened for all waiting.
   */
  private async reserveSession(): Promise<Pooled> {
    const main = await this.mainConnection();
    for (;;) {
      const room = [main, ...this.extra].find((pooled) => !pooled.closed && pooled.sessions < SESSIONS_PER_CONNECTION);
      if (room) {
        room.sessions++;
        return room;
      }
      this.opening ??= this.open()
        .then((pooled) => {
          this.extra.add(pooled);
          pooled.client.once('close', () => this.extra.delete(pooled));
        })
        .finally(() => (this.opening = undefined));
      await this.opening;
    }
  }

  /** One connection, logged in and its host key checked. */
  private async open(): Promise<Pooled> {
    const { settings } = this;
    // Refused before any connection is made: the host may be reachable only through the proxy.
    if (settings.unsupported) {
      const suggestion = settings.unsupported.startsWith('Include')
        ? `move those Host blocks out of the enclosing block, or write ${settings.alias}'s settings in ~/.ssh/config itself`
        : `give DOCKER_HOST a host the studio can reach directly, or forward the engine's SSH port to this machine and name it in DOCKER_HOST`;
      throw new ToolError(TestenvErrorCode.dockerError, `~/.ssh/config has ${settings.unsupported} for ${settings.alias}, which the studio does not follow`, suggestion, { host: settings.hostName, cause: 'SSH_CONFIG_UNSUPPORTED' });
    }
    const { Client, utils } = await loadSsh2();
    const client = new Client();
    let hostKey: { verdict: HostKeyVerdict; offered: Buffer } | undefined;
    const { methods, skipped } = authMethods(settings, utils.parseKey);
    const socket = connect({ host: settings.hostName, port: settings.port });
    const config: ConnectConfig = {
      sock: socket,
      username: settings.user,
      readyTimeout: READY_TIMEOUT_MS,
      keepaliveInterval: KEEPALIVE_MS,
      keepaliveCountMax: KEEPALIVE_COUNT,
      authHandler: methods,
      ...withHostKeyOrder(knownKeyTypes(settings.knownHostsFiles, settings.hostKeyName, settings.port)),
      hostVerifier: (offered: Buffer) => {
        hostKey = { verdict: checkHostKey(settings.knownHostsFiles, settings.hostKeyName, settings.port, offered), offered };
        return hostKey.verdict.verdict === 'known';
      },
    };
    return new Promise<Pooled>((resolve, reject) => {
      const pooled: Pooled = { client, socket, sessions: 0, channels: new Set(), closed: false };
      client.once('ready', () => resolve(pooled));
      client.on('error', (err: Error & { level?: string }) => {
        if (hostKey && hostKey.verdict.verdict !== 'known') return reject(hostKeyError(settings, hostKey.verdict, hostKey.offered));
        if (err.level === 'client-authentication') {
          return reject(
            new ToolError(
              TestenvErrorCode.dockerError,
              `could not log in to ${this.label}: the server accepted none of the keys tried (${methods.length ? methods.map(describeMethod).join(', ') : 'none found'})${skipped.length ? `; not tried: ${skipped.join('; ')}` : ''}`,
              `check that \`ssh ${settings.alias}\` logs in without a password; add the key to the agent (ssh-add) or name it with IdentityFile in ~/.ssh/config`,
              { host: settings.hostName, cause: 'SSH_AUTH_FAILED' },
            ),
          );
        }
        reject(this.linkError(err, 'connecting'));
      });
      client.once('close', () => {
        pooled.closed = true;
        for (const channel of pooled.channels) (channel as Duplex).destroy(new Error(`the SSH connection to ${this.label} closed`));
        reject(new ToolError(TestenvErrorCode.dockerError, `the SSH server at ${this.label} closed the connection during login`, `check that \`ssh ${settings.alias}\` works`, { host: settings.hostName }));
      });
      try {
        client.connect(config);
      } catch (err) {
        reject(this.linkError(err as Error, 'connecting'));
      }
    });
  }

  private linkError(err: Error & { code?: string; level?: string }, doing: string): ToolError {
    const code = err.code ?? (err.level === 'client-timeout' ? 'ETIMEDOUT' : undefined);
    return new ToolError(TestenvErrorCode.dockerError, `SSH to ${this.label} failed while ${doing}: ${err.message}`, `check that \`ssh ${this.settings.alias}\` works from this machine`, {
      host: this.settings.hostName,
      ...(code ? { cause: code } : {}),
    });
  }

  private async carryOut(socket: Socket, remotePort: number): Promise<void> {
    socket.on('error', () => undefined);
    try {
      const { client } = await this.mainConnection();
      client.forwardOut('127.0.0.1', socket.remotePort ?? 0, '127.0.0.1', remotePort, (err, channel) => (err ? socket.destroy() : pipeBoth(channel, socket)));
    } catch {
      socket.destroy();
    }
  }

  private async unforwardRemote(address: string, port: number): Promise<void> {
    this.remoteForwards.delete(`${address}:${port}`);
    const main = this.currentMain;
    if (!main || main.closed) return;
    await new Promise<void>((resolve) => main.client.unforwardIn(address, port, () => resolve()));
  }

  private async closeServer(server: Server): Promise<void> {
    this.localForwards.delete(server);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async dropForwards(): Promise<void> {
    await Promise.all([
      ...[...this.localForwards].map((server) => this.closeServer(server)),
      ...[...this.remoteForwards.values()].map(({ address, port }) => this.unforwardRemote(address, port)),
    ]);
  }
}

/**
 * An SSH channel as http.Agent handles a kept-alive socket: the TCP tuning calls it makes on a
 * socket have nothing to tune on a channel, so they do nothing.
 */
function asSocket(channel: ClientChannel): Duplex {
  const socket = channel as ClientChannel & Record<'setKeepAlive' | 'setNoDelay' | 'setTimeout' | 'ref' | 'unref', () => ClientChannel>;
  for (const method of ['setKeepAlive', 'setNoDelay', 'setTimeout', 'ref', 'unref'] as const) socket[method] ??= () => channel;
  return channel;
}

/** Two streams joined both ways; either ending or failing ends the other. */
function pipeBoth(a: Duplex, b: Duplex): void {
  a.pipe(b).pipe(a);
  const end = () => {
    a.destroy();
    b.destroy();
  };
  a.once('error', end).once('close', end);
  b.once('error', end).once('close', end);
}

/**
 * ssh2, loaded on first use: it takes 40-50 ms to load, which every core's start (and every offload
 * worker's) paid though few engines are reached over SSH (issue 23).
 */
let ssh2: Promise<typeof import('ssh2')> | undefined;
const loadSsh2 = () => (ssh2 ??= commonJsExports<typeof import('ssh2')>(import('ssh2')));

/** The logins ssh would try: each identity file that reads as a key (`parseKey`, ssh2's), then the agent (unless IdentitiesOnly). */
function authMethods(settings: SshSettings, parseKey: (data: Buffer) => ParsedKey | ParsedKey[] | Error): { methods: AuthMethod[]; skipped: string[] } {
  const methods: AuthMethod[] = [];
  const skipped: string[] = [];
  for (const file of settings.identityFiles) {
    let parsed: ParsedKey | ParsedKey[] | Error;
    try {
      parsed = parseKey(readFileSync(file));
    } catch (err) {
      skipped.push(`${file} (${(err as Error).message})`);
      continue;
    }
    if (parsed instanceof Error) {
      skipped.push(/encrypt|passphrase/i.test(parsed.message) ? `${file} (encrypted: add it to the agent with ssh-add)` : `${file} (${parsed.message})`);
      continue;
    }
    const key = Array.isArray(parsed) ? parsed[0] : parsed;
    methods.push({ type: 'publickey', username: settings.user, key, label: file } as AuthMethod);
  }
  if (settings.agentSocket && (!settings.identitiesOnly || methods.length === 0)) {
    methods.push({ type: 'agent', username: settings.user, agent: settings.agentSocket, label: `the agent at ${settings.agentSocket}` } as AuthMethod);
  }
  return { methods, skipped };
}

/** The connection's host key algorithms, the known types' first (none given when nothing is known). */
function withHostKeyOrder(knownTypes: string[]): Pick<ConnectConfig, 'algorithms'> {
  const serverHostKey = hostKeyAlgorithms(knownTypes);
  return serverHostKey ? { algorithms: { serverHostKey: serverHostKey as NonNullable<ConnectConfig['algorithms']>['serverHostKey'] } } : {};
}

function describeMethod(method: AuthMethod): string {
  return (method as AuthMethod & { label?: string }).label ?? (method.type as AuthenticationType);
}

function hostKeyError(settings: SshSettings, verdict: HostKeyVerdict, offered: Buffer): ToolError {
  const key = describeKey(offered);
  const name = settings.port === 22 ? settings.hostKeyName : `[${settings.hostKeyName}]:${settings.port}`;
  const details = { host: settings.hostName, fingerprint: key.fingerprint, keyType: key.type };
  switch (verdict.verdict) {
    case 'changed':
      return new ToolError(
        TestenvErrorCode.dockerError,
        `the host key of ${name} does not match the one in ${verdict.file}:${verdict.line} (offered ${key.type} ${key.fingerprint}): someone may be in between, or the host was reinstalled`,
        `if the host's key did change, check its fingerprint with its administrator, then \`ssh-keygen -R ${name}\` and \`ssh ${settings.alias}\` once to accept the new key`,
        { ...details, cause: 'HOST_KEY_MISMATCH', knownAt: `${verdict.file}:${verdict.line}` },
      );
    case 'revoked':
      return new ToolError(TestenvErrorCode.dockerError, `the host key of ${name} (${key.fingerprint}) is marked @revoked in ${verdict.file}:${verdict.line}`, 'ask the host\'s administrator for its current key', {
        ...details,
        cause: 'HOST_KEY_REVOKED',
      });
    default:
      return new ToolError(
        TestenvErrorCode.dockerError,
        `the host ${name} is not in known_hosts (${settings.knownHostsFiles.join(', ')}); it offered ${key.type} ${key.fingerprint}`,
        `run \`ssh ${settings.alias}\` once in a terminal, check the fingerprint and accept it; the studio never accepts an unknown host key by itself`,
        { ...details, cause: 'HOST_KEY_UNKNOWN' },
      );
  }
}
