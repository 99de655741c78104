/**
 * Files and folders of this machine copied into a container of an engine of another machine, which
 * has no such folder to bind: a tar stream, as `docker cp` sends it. A folder goes into a volume
 * (mounted in its place), a file into the created container itself.
 */
import { basename, dirname } from 'node:path';
import type Docker from 'dockerode';

/** A file or folder of this machine copied to a path of a container: a folder into the volume mounted there, a file in place. */
export interface CopyIn {
  source: string;
  target: string;
  /** The volume a folder is copied into (mounted at `target`, read-only perhaps, in the container); none for a file. */
  volume?: string;
  /** As e2e.yaml names the source, for messages. */
  label: string;
}

/** Copies a file to its target path in a created container (parents made by the engine), whatever its own name. */
export async function copyFileInto(docker: Docker, containerId: string, copy: CopyIn): Promise<void> {
  const { pack } = await import('tar-fs');
  const archive = pack(dirname(copy.source), { entries: [basename(copy.source)], map: (header) => ({ ...header, name: copy.target.replace(/^\/+/, '') }) });
  await docker.getContainer(containerId).putArchive(archive, { path: '/' });
}

/**
 * Fills a volume with a folder: through a container created (never started) from the service's own
 * image with the volume mounted writable, as the service may mount it read-only; then removed.
 */
export async function fillVolume(docker: Docker, copy: CopyIn & { volume: string }, image: string, labels: Record<string, string>): Promise<void> {
  const { pack } = await import('tar-fs');
  // An entrypoint, as an image may have none; it never runs.
  const filler = await docker.createContainer({ Image: image, Labels: labels, HostConfig: { Binds: [`${copy.volume}:/tandem-copy`] }, Entrypoint: ['/tandem-copy'] });
  try {
    await filler.putArchive(pack(copy.source), { path: '/tandem-copy' });
  } finally {
    await filler.remove({ force: true }).catch(() => undefined);
  }
}
