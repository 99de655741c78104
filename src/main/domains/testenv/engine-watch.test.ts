/**
 * The engine record against a real engine (DOCKER_HOST) and a socket where none listens: reachable
 * or not, where the studio looked, and one publication per change, not per check.
 */
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Docker from 'dockerode';
import { afterAll, describe, expect, it } from 'vitest';
import type { PublishedChange } from '../../tool-domain/domain';
import { DockerEngine } from './engine';
import { EngineWatch } from './engine-watch';
import { dockerForTests } from './testing/docker-fixtures';

const { engine, skip } = await dockerForTests();
const dir = mkdtempSync(join(tmpdir(), 'tandem-engine-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function watching(watched: DockerEngine) {
  const published: PublishedChange[] = [];
  return { published, watch: new EngineWatch(watched, { publish: (change) => published.push(change) }) };
}

describe('the engine record', () => {
  it('says an engine that does not answer is not reachable, where it looked and why, once until that changes', async () => {
    const socket = join(dir, 'no-engine.sock');
    const { published, watch } = watching(new DockerEngine(`unix://${socket} (DOCKER_HOST)`, new Docker({ socketPath: socket })));
    const record = await watch.check();
    expect(record).toMatchObject({ id: 'engine', kind: 'engine', reachable: false, where: `unix://${socket} (DOCKER_HOST)` });
    expect(record.problem).toMatch(/unreachable \(ENOENT\)/);
    await watch.check();
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ origin: 'testenv', label: `Docker engine not reachable at unix://${socket} (DOCKER_HOST)`, put: [record] });
  });

  it.skipIf(skip)('says the engine of DOCKER_HOST is reachable', async () => {
    const { published, watch } = watching(engine);
    expect(await watch.check()).toMatchObject({ reachable: true, where: engine.where });
    expect((await watch.check()).problem).toBeUndefined();
    expect(published.map((p) => p.label)).toEqual([`Docker engine reachable at ${engine.where}`]);
  });
});
