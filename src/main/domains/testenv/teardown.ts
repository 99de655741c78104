/**
 * Removing a session's environment: its containers (SIGTERM, then by force when asked), then the
 * named volumes they held, its mocks and its network, each outcome said; and the removal at once of
 * what only labels still know (a crash's leftovers, for the reaper and for clean without a session).
 */
import { type DockerEngine, LABEL, type RemoveAction } from './engine';
import type { Session } from './session';

export interface CleanResult {
  containers: Array<{ name: string; action: RemoveAction | 'failed'; error?: string }>;
  /** The named volumes (e2e.yaml `data:/path`), removed with the environment. */
  volumes: Array<{ name: string; action: 'removed' | 'not_found' | 'failed'; error?: string }>;
  mocks: Array<{ name: string; action: 'stopped' | 'not_running' | 'failed'; error?: string }>;
  network: { name: string; action: 'removed' | 'not_found' | 'failed'; error?: string };
  sessionRemoved: boolean;
}

/** What a teardown did (a clean answers it, with whether the session went). */
export type TeardownResult = Omit<CleanResult, 'sessionRemoved'>;

/** Removes a session's containers (also those only its labels know), volumes, mocks and network; says what became of each. */
export async function removeEnvironment(engine: DockerEngine, workspace: string, session: Session, force: boolean): Promise<TeardownResult> {
  const known = [...session.services.values()].filter((s) => s.containerId);
  const labelled = await engine.findLabelled({ [LABEL.workspace]: workspace, [LABEL.session]: session.id }).catch(() => undefined);
  const extra = (labelled?.containers ?? []).filter((c) => !known.some((s) => s.containerId === c.id));
  const containers = await Promise.all([
    ...known.map(async (s) => {
      const outcome = await removeOne(engine, s.containerId!, s.containerName, force);
      if (outcome.action !== 'failed') {
        s.containerId = undefined;
        s.status = 'not_created';
        s.health = 'none';
        s.startedAt = undefined;
      }
      return outcome;
    }),
    ...extra.map((c) => removeOne(engine, c.id, c.name, force)),
  ]);
  const mocks = await Promise.all(
    Object.keys(session.config.mocks).map(async (name) => {
      const server = session.mocks.get(name);
      session.mockThrottles.get(name)?.stop();
      if (!server) return { name, action: 'not_running' as const };
      try {
        await server.stop();
        session.mocks.delete(name);
        return { name, action: 'stopped' as const };
      } catch (err) {
        return { name, action: 'failed' as const, error: (err as Error).message };
      }
    }),
  );
  let network: CleanResult['network'];
  try {
    const ids = new Set([session.networkId ?? session.networkName, ...(labelled?.networks ?? []).map((n) => n.id)]);
    const actions = await Promise.all([...ids].map((id) => engine.removeNetwork(id)));
    network = { name: session.networkName, action: actions.includes('removed') ? 'removed' : 'not_found' };
    session.networkId = undefined;
    session.gateway = undefined;
  } catch (err) {
    network = { name: session.networkName, action: 'failed', error: (err as Error).message };
  }
  // After the containers, which held them: the volumes named in the file, and any other of the session's.
  const volumeNames = new Set([...session.namedVolumes.map((source) => session.volumeName(source)), ...(labelled?.volumes ?? []).map((v) => v.name)]);
  const volumes = await Promise.all(
    [...volumeNames].map(async (name): Promise<CleanResult['volumes'][number]> => {
      try {
        return { name, action: await engine.removeVolume(name) };
      } catch (err) {
        return { name, action: 'failed', error: (err as Error).message };
      }
    }),
  );
  return { containers, volumes, mocks, network };
}

async function removeOne(engine: DockerEngine, id: string, name: string, force: boolean): Promise<CleanResult['containers'][number]> {
  try {
    return { name, action: await engine.removeContainer(id, force) };
  } catch (err) {
    return { name, action: 'failed', error: (err as Error).message };
  }
}

/** Removes at once whatever was found by its labels (a crash's leftovers); answers the names. */
export async function removeFound(engine: DockerEngine, found: Awaited<ReturnType<DockerEngine['findLabelled']>>): Promise<{ containers: string[]; networks: string[]; volumes: string[] }> {
  await Promise.all(found.containers.map((c) => engine.forceRemove(c.id).catch(() => undefined)));
  await Promise.all(found.networks.map((n) => engine.removeNetwork(n.id).catch(() => undefined)));
  await Promise.all(found.volumes.map((v) => engine.removeVolume(v.name).catch(() => undefined)));
  return { containers: found.containers.map((c) => c.name), networks: found.networks.map((n) => n.name), volumes: found.volumes.map((v) => v.name) };
}

export function cleanFailed(result: TeardownResult): boolean {
  return result.containers.some((c) => c.action === 'failed') || result.volumes.some((v) => v.action === 'failed') || result.mocks.some((m) => m.action === 'failed') || result.network.action === 'failed';
}

/** One line per thing a clean or teardown touched. */
export function describeClean(result: TeardownResult): string[] {
  return [
    ...result.containers.map((c) => `container ${c.name}: ${c.action}${c.error ? ` (${c.error})` : ''}`),
    ...result.volumes.map((v) => `volume ${v.name}: ${v.action}${v.error ? ` (${v.error})` : ''}`),
    ...result.mocks.map((m) => `mock ${m.name}: ${m.action}${m.error ? ` (${m.error})` : ''}`),
    `network ${result.network.name}: ${result.network.action}${result.network.error ? ` (${result.network.error})` : ''}`,
  ];
}
