/**
 * What a session does differently when its Docker engine is on another machine (DOCKER_HOST
 * ssh://...). Everything people and suites use stays on this machine's 127.0.0.1, as with a local
 * engine:
 * - a service's published ports (on the remote's loopback only) are forwarded here over SSH;
 * - the mocks still run in the studio; the remote's sshd listens for them on the project network's
 *   gateway (what host.docker.internal names in the containers) and carries connections back here;
 * - a project folder mounted into a container is copied into a Docker volume of the session's,
 *   since the remote host has no such folder; named volumes are the engine's own, as locally.
 * An engine over plain tcp:// has no way back to the studio: what needs one is refused with why.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ToolError } from '../../../tool-domain/domain';
import { isNamedVolume, resolveInside } from '../config';
import type { CopyIn } from './copy-in';
import { TestenvErrorCode as Code } from '../errors';
import type { ServiceState, Session } from '../session';
import type { SessionContext } from '../session-context';
import type { EngineTarget } from './engine-target';

/** The most a project folder copied to a remote engine may hold. */
export const MAX_COPY_BYTES = 256 * 1024 * 1024;
export const MAX_COPY_FILES = 50_000;

/** What init says about where the environment will run, when that is not this machine. */
export function engineNotes(target: EngineTarget, session: Session): string[] {
  if (target.kind === 'ssh') {
    const copied = session.folderVolumes;
    return [
      `the Docker engine is on ${target.host} (DOCKER_HOST ${target.address}): service ports are forwarded to this machine's 127.0.0.1 over SSH, and the mocks are reached from its containers through the same connection` +
        (copied.length ? `; the project folders ${copied.join(', ')} are copied into Docker volumes there at setup (edits here reach them at the next setup)` : ''),
    ];
  }
  if (target.kind === 'tcp') {
    const needs = backPathNeeds(session);
    return [
      `the Docker engine is on ${target.host} over TCP${target.tls ? ' (TLS)' : ''}: images build and containers run there, but it has no way back to this machine` +
        (needs.length ? `, so ${needs.join(' and ')} cannot work; try: DOCKER_HOST=ssh://user@${target.host}` : ''),
    ];
  }
  return [];
}

/** Refuses a setup that needs a way back to the studio on an engine that has none (tcp://). */
export function assertReachable(target: EngineTarget, session: Session): void {
  if (target.kind !== 'tcp') return;
  const needs = backPathNeeds(session);
  if (!needs.length) return;
  throw new ToolError(
    Code.dockerError,
    `the Docker engine at ${target.address} is another machine reached over TCP: ${needs.join(' and ')} need a way back to this machine, which TCP does not give`,
    `set DOCKER_HOST=ssh://user@${target.host} (the engine over SSH: ports and mocks are forwarded), then start the studio again`,
    { engine: target.address, needs },
  );
}

function backPathNeeds(session: Session): string[] {
  const needs: string[] = [];
  const mocks = Object.keys(session.config.mocks);
  if (mocks.length) needs.push(`the mocks (${mocks.join(', ')})`);
  const published = [...session.services.values()].filter((s) => s.ports.length).map((s) => s.config.name);
  if (published.length) needs.push(`the published ports of ${published.join(', ')}`);
  return needs;
}

/** The Docker volume a project folder is copied into on a remote engine. */
export function copyVolumeName(session: Session, source: string): string {
  return session.volumeName(`copy-${createHash('sha256').update(source).digest('hex').slice(0, 8)}`);
}

/**
 * A service's mounts: named volumes as the session names them; project folders bound from this
 * machine, or, on an engine of another machine (`remote`), copied (a folder into a volume of the
 * session's mounted in its place, a file into the container itself).
 */
export function serviceMounts(session: Session, service: ServiceState, remote: boolean): { binds: string[]; copies: CopyIn[]; volumes: string[] } {
  const binds: string[] = [];
  const copies: CopyIn[] = [];
  const volumes: string[] = [];
  for (const entry of service.config.container.volumes) {
    const [source, target, ...rest] = entry.split(':');
    const mount = (from: string) => binds.push([from, target, ...rest].join(':'));
    if (isNamedVolume(source)) {
      mount(session.volumeName(source));
      continue;
    }
    const path = resolveInside(session.loaded.projectDir, source);
    if (!remote) {
      mount(path);
      continue;
    }
    const volume = measure(path, source).directory ? copyVolumeName(session, source) : undefined;
    if (volume) {
      volumes.push(volume);
      mount(volume);
    }
    copies.push({ source: path, target, label: source, ...(volume ? { volume } : {}) });
  }
  return { binds, copies, volumes };
}

/** A folder's (or file's) size, refused past the copy limits with what to do. */
function measure(path: string, shown: string): { directory: boolean; bytes: number; files: number } {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    throw new ToolError(Code.configInvalid, `the volume source ${shown} does not exist, so it cannot be copied to the remote engine`, 'fix the volume in e2e.yaml, or create the folder');
  }
  if (!stat.isDirectory()) return { directory: false, bytes: stat.size, files: 1 };
  let bytes = 0;
  let files = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      files++;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) bytes += lstatSync(full).size;
      if (bytes > MAX_COPY_BYTES || files > MAX_COPY_FILES) {
        throw new ToolError(
          Code.configInvalid,
          `the volume source ${shown} holds more than ${files > MAX_COPY_FILES ? `${MAX_COPY_FILES} files` : `${MAX_COPY_BYTES / 1024 / 1024} MB`}, too much to copy to the remote engine at each setup`,
          'mount a smaller folder, or use a named volume (e.g. data:/path) filled by the service itself',
          { source: shown },
        );
      }
    }
  };
  walk(path);
  return { directory: true, bytes, files };
}

/** Forwards a running service's published ports to this machine's 127.0.0.1 (same port numbers). */
export async function forwardServicePorts(ctx: SessionContext, session: Session, service: ServiceState): Promise<void> {
  const link = ctx.engine.link();
  if (!link) return;
  for (const { host } of service.ports) {
    const key = forwardKey('service', service.config.name, host);
    if (session.forwards.has(key)) continue;
    session.forwards.set(key, await link.forwardLocal(host, host, `the service ${service.config.name}`));
  }
}

/** Has the remote listen for each mock on the project network's gateway, carried back to the mock here. */
export async function forwardMocks(ctx: SessionContext, session: Session): Promise<void> {
  const link = ctx.engine.link();
  if (!link || !session.gateway) return;
  for (const [name, config] of Object.entries(session.config.mocks)) {
    const key = forwardKey('mock', name, config.port);
    if (session.forwards.has(key)) continue;
    session.forwards.set(key, await link.forwardRemote(session.gateway, config.containerPort ?? config.port, config.port, `the mock ${name}`));
  }
}

/** Closes the session's forwards (the remote containers are left to teardown). */
export async function closeForwards(session: Session): Promise<void> {
  const forwards = [...session.forwards.values()];
  session.forwards.clear();
  await Promise.all(forwards.map((forward) => forward.close().catch(() => undefined)));
}

export function forwardKey(kind: 'service' | 'mock', name: string, port: number): string {
  return `${kind} ${name} ${port}`;
}
