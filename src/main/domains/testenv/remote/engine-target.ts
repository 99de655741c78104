/**
 * Where the Docker engine is, read from DOCKER_HOST as the Docker CLI reads it: on this machine (a
 * socket, a pipe, or tcp:// to a loopback address), on another machine over SSH (`ssh://[user@]host[:port]`,
 * what `docker context` makes), or on another machine over TCP (`tcp://host:port`, with TLS when
 * DOCKER_TLS_VERIFY is set). What the testenv does differs by it: a remote engine's ports and
 * folders are not this machine's, and only an SSH connection has a way back to the mocks.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type EngineTarget =
  /**
   * On this machine; `invalid` says why a DOCKER_HOST given could not be read (every call then fails
   * with it); `byDefault` when DOCKER_HOST is not set (the address is then the usual socket's).
   */
  | { kind: 'local'; address: string; invalid?: string; byDefault?: true }
  | { kind: 'ssh'; address: string; host: string; user?: string; port?: number }
  | { kind: 'tcp'; address: string; host: string; port: number; tls: boolean };

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/** The engine DOCKER_HOST names (the default socket when it is unset). */
export function engineTarget(env: NodeJS.ProcessEnv = process.env): EngineTarget {
  const given = env.DOCKER_HOST?.trim();
  if (!given) {
    return { kind: 'local', address: process.platform === 'win32' ? 'npipe:////./pipe/docker_engine' : 'unix:///var/run/docker.sock', byDefault: true };
  }
  if (/^(unix|npipe):\/\//i.test(given)) return { kind: 'local', address: given };
  const url = parseAddress(given);
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
  if (LOOPBACK.test(url.hostname)) return { kind: 'local', address: given };
  return { kind: 'tcp', address: given, ...tcpOf(url, env) };
}

/** A tcp:// engine's host and port, and whether it is spoken to over TLS (as the Docker CLI and dockerode decide). */
function tcpOf(url: URL, env: NodeJS.ProcessEnv): { host: string; port: number; tls: boolean } {
  const tls = env.DOCKER_TLS_VERIFY === '1' || url.port === '2376';
  return { host: url.hostname, port: Number(url.port || (tls ? 2376 : 2375)), tls };
}

/** DOCKER_HOST as a URL (tcp:// when it names no scheme); undefined when it is none. */
function parseAddress(text: string): URL | undefined {
  try {
    return new URL(text.includes('//') ? text : `tcp://${text}`);
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

/** Where a plain HTTP request reaches the engine: its socket (or pipe), or a host and port. */
export type PlainEndpoint = { socketPath: string } | { host: string; port: number };

/**
 * Where a plain HTTP request (node:http, no Docker client loaded) reaches the engine, the same place
 * dockerode connects to: the socket or pipe of DOCKER_HOST (unset: ~/.docker/run/docker.sock when
 * there is one, as Docker Desktop makes, else the usual socket), or tcp://host:port without TLS.
 * Undefined where only dockerode can speak to it: TLS (DOCKER_TLS_VERIFY, DOCKER_CERT_PATH, port
 * 2376), a path prefix, SSH (over the studio's link), or an address that is none.
 */
export function plainEndpoint(target: EngineTarget, env: NodeJS.ProcessEnv = process.env, home = homedir()): PlainEndpoint | undefined {
  if (target.kind === 'ssh' || (target.kind === 'local' && target.invalid)) return undefined;
  const socket = target.kind === 'local' && /^(?:unix|npipe):\/\/(.*)$/i.exec(target.address);
  if (socket) return { socketPath: socket[1] && !target.byDefault ? socket[1] : defaultSocket(home) };
  // dockerode reads the certificates and the path prefix for tcp:// only.
  if (env.DOCKER_CERT_PATH || env.DOCKER_PATH_PREFIX) return undefined;
  const url = target.kind === 'tcp' ? undefined : parseAddress(target.address);
  const tcp = target.kind === 'tcp' ? target : url && tcpOf(url, env);
  return tcp && !tcp.tls ? { host: tcp.host.replace(/^\[|\]$/g, ''), port: tcp.port } : undefined;
}

/** The socket dockerode connects to when DOCKER_HOST names none: Docker Desktop's of the user when there is one. */
function defaultSocket(home: string): string {
  if (process.platform === 'win32') return '//./pipe/docker_engine';
  const own = join(home, '.docker', 'run', 'docker.sock');
  return existsSync(own) ? own : '/var/run/docker.sock';
}
