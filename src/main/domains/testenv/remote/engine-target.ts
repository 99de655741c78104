/**
 * Where the Docker engine is, read from DOCKER_HOST as the Docker CLI reads it: on this machine (a
 * socket, a pipe, or tcp:// to a loopback address), on another machine over SSH (`ssh://[user@]host[:port]`,
 * what `docker context` makes), or on another machine over TCP (`tcp://host:port`, with TLS when
 * DOCKER_TLS_VERIFY is set). What the testenv does differs by it: a remote engine's ports and
 * folders are not this machine's, and only an SSH connection has a way back to the mocks.
 */

export type EngineTarget =
  /** On this machine; `invalid` says why a DOCKER_HOST given could not be read (every call then fails with it). */
  | { kind: 'local'; address: string; invalid?: string }
  | { kind: 'ssh'; address: string; host: string; user?: string; port?: number }
  | { kind: 'tcp'; address: string; host: string; port: number; tls: boolean };

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/** The engine DOCKER_HOST names (the default socket when it is unset). */
export function engineTarget(env: NodeJS.ProcessEnv = process.env): EngineTarget {
  const given = env.DOCKER_HOST?.trim();
  if (!given) {
    return { kind: 'local', address: process.platform === 'win32' ? 'npipe:////./pipe/docker_engine' : 'unix:///var/run/docker.sock' };
  }
  if (/^(unix|npipe):\/\//i.test(given)) return { kind: 'local', address: given };
  const url = parseUrl(given.includes('//') ? given : `tcp://${given}`);
  // Read at the studio's start: a value that is no address is said at the first call, not thrown here.
  if (!url) return { kind: 'local', address: given, invalid: `DOCKER_HOST "${given}" is not an engine address` };
  if (url.protocol === 'ssh:') {
    return {
      kind: 'ssh',
      address: given,
      host: url.hostname.replace(/^\[|\]$/g, ''),
      ...(url.username ? { user: decodeURIComponent(url.username) } : {}),
      ...(url.port ? { port: Number(url.port) } : {}),
    };
  }
  const tls = env.DOCKER_TLS_VERIFY === '1' || url.port === '2376';
  const port = Number(url.port || (tls ? 2376 : 2375));
  if (LOOPBACK.test(url.hostname)) return { kind: 'local', address: given };
  return { kind: 'tcp', address: given, host: url.hostname, port, tls };
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Whether the engine's ports, folders and gateway are another machine's. */
export function isRemote(target: EngineTarget): target is Exclude<EngineTarget, { kind: 'local' }> {
  return target.kind !== 'local';
}

/** Where the engine is when that is another machine (its address, host and way in), for answers and records; undefined on this one. */
export function remoteOf(target: EngineTarget): { address: string; host: string; via: 'ssh' | 'tcp' } | undefined {
  return isRemote(target) ? { address: target.address, host: target.host, via: target.kind } : undefined;
}
