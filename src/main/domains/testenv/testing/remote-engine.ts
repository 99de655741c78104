/**
 * TEST ONLY. The "other machine" of the remote-engine tests (issue 25): a network namespace on this
 * machine with its own dockerd and sshd, made by `scripts/remote-engine.sh up DIR` (.ci/run does it
 * and exports DIR/env; for development, `set -a; . /tmp/tandem-remote/env; set +a`). This module
 * reads that environment: under CI a missing harness throws (the tests fail); elsewhere the answer
 * says why they are skipped, as `dockerForTests` does for the local engine.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** The script that makes, cuts and removes the harness (this file is src/main/domains/testenv/testing/). */
export const REMOTE_ENGINE_SCRIPT = resolve(__dirname, '../../../../../scripts/remote-engine.sh');

export interface RemoteEngine {
  /** `ssh://tandem-remote`: a Host of `home`/.ssh/config (its HostName, User, key and known hosts). */
  dockerHost: string;
  /** A HOME for the client side: .ssh/{config,id_ed25519,known_hosts}. */
  home: string;
  /** The remote's address (its end of the veth pair); its sshd listens on port 22 there. */
  address: string;
  /** An ssh-agent holding a second authorized key (not in `home`/.ssh): for SSH_AUTH_SOCK. */
  agentSock: string;
  /**
   * The remote dockerd's socket as this machine's filesystem sees it (`unix://...`), for test
   * assertions only: the studio under test must reach the engine through `dockerHost`.
   */
  engineSocket: string;
  /** The network namespace's name (`ip netns exec <netns> ...` runs a command "on the remote"). */
  netns: string;
  /** The remote's host key, `ssh-ed25519 AAAA...` (also in `home`/.ssh/known_hosts for `address`). */
  hostKey: string;
  /** The harness's folder (DIR of the script). */
  dir: string;
  /**
   * A folder to put first on PATH when running the real OpenSSH client (or the docker CLI, which runs
   * `ssh`): OpenSSH takes ~ from the password database, not HOME, and its `ssh` there reads HOME/.ssh/config.
   */
  bin: string;
  /** `tcp://<address>:2376`: the same engine over TCP with TLS (--tlsverify), for the tcp:// tests. */
  tcpHost: string;
  /** A DOCKER_CERT_PATH for it: ca.pem, cert.pem and key.pem of a client certificate. */
  certPath: string;
}

export interface RemoteEngineForTests {
  remote?: RemoteEngine;
  /** Why the remote-engine tests are skipped; undefined when the harness is there. */
  skip?: string;
}

/** Each field and the variable of DIR/env it comes from. */
const VARIABLES: Record<keyof RemoteEngine, string> = {
  dockerHost: 'TANDEM_TEST_REMOTE_DOCKER_HOST',
  home: 'TANDEM_TEST_REMOTE_HOME',
  address: 'TANDEM_TEST_REMOTE_ADDRESS',
  agentSock: 'TANDEM_TEST_REMOTE_AGENT_SOCK',
  engineSocket: 'TANDEM_TEST_REMOTE_ENGINE',
  netns: 'TANDEM_TEST_REMOTE_NETNS',
  hostKey: 'TANDEM_TEST_REMOTE_HOST_KEY',
  dir: 'TANDEM_TEST_REMOTE_DIR',
  bin: 'TANDEM_TEST_REMOTE_BIN',
  tcpHost: 'TANDEM_TEST_REMOTE_TCP_HOST',
  certPath: 'TANDEM_TEST_REMOTE_CERT_PATH',
};

/**
 * The harness the remote-engine tests use, read from the environment. Under CI a missing variable
 * throws, naming it; elsewhere the answer says why the tests are skipped (and prints it once, when
 * read from this process's environment).
 */
export function remoteEngineForTests(env: NodeJS.ProcessEnv = process.env): RemoteEngineForTests {
  const missing = Object.values(VARIABLES).filter((name) => !env[name]);
  if (missing.length === 0) {
    const remote = Object.fromEntries(Object.entries(VARIABLES).map(([field, name]) => [field, env[name]])) as unknown as RemoteEngine;
    return { remote };
  }
  const what = missing.length === Object.keys(VARIABLES).length ? 'TANDEM_TEST_REMOTE_* are' : `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'}`;
  const reason = `no remote engine: ${what} not set (try: scripts/remote-engine.sh up /tmp/tandem-remote && set -a && . /tmp/tandem-remote/env && set +a)`;
  if (env.CI) throw new Error(`CI is set and the remote-engine tests cannot run: ${reason}`);
  if (env === process.env) warnOnce(reason);
  return { skip: reason };
}

let warned = false;
function warnOnce(reason: string): void {
  if (warned) return;
  warned = true;
  console.warn(`remote-engine tests skipped: ${reason}`);
}

/**
 * The environment of a person whose HOME is the harness's client side, for the studio under test and
 * for the real OpenSSH client and docker CLI: HOME, the harness's `ssh` first on PATH, and no
 * SSH_AUTH_SOCK (this machine's agent is not theirs), then `extra` (e.g. DOCKER_HOST, or
 * SSH_AUTH_SOCK: remote.agentSock).
 */
export function remoteClientEnv(remote: Pick<RemoteEngine, 'home' | 'bin'>, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: remote.home, PATH: `${remote.bin}:${process.env.PATH}` };
  delete env.SSH_AUTH_SOCK;
  return { ...env, ...extra };
}

const run = promisify(execFile);

/**
 * Cuts live SSH connections to the remote (kills the sshd processes serving them; the listener stays,
 * so a later connect works): what a dropped network does to a run, seen from the studio. Without
 * `clientPort` it cuts every connection, those of test files running beside this one too; with it,
 * only the connection from that port of this machine (a session's `$SSH_CONNECTION` names it, and a
 * socket's `localPort`).
 */
export async function cutRemoteConnections(clientPort?: number, dir = process.env.TANDEM_TEST_REMOTE_DIR): Promise<void> {
  await harness('cut', dir, ...(clientPort === undefined ? [] : [String(clientPort)]));
}

/**
 * Stops (SIGSTOP) the sshd processes serving the connection from this machine's `clientPort`: its
 * TCP connection stays up but nothing answers on it, as when a network drops packets silently.
 * `cutRemoteConnections(clientPort)` ends them.
 */
export async function freezeRemoteConnection(clientPort: number, dir = process.env.TANDEM_TEST_REMOTE_DIR): Promise<void> {
  await harness('freeze', dir, String(clientPort));
}

async function harness(action: 'cut' | 'freeze', dir: string | undefined, ...args: string[]): Promise<void> {
  if (!dir) throw new Error(`cannot ${action} the remote connections: TANDEM_TEST_REMOTE_DIR is not set`);
  await run(REMOTE_ENGINE_SCRIPT, [action, dir, ...args]);
}
