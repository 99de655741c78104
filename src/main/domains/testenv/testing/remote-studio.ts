/**
 * TEST ONLY. What the tests of the studio on a remote engine share: the remote engine as the tests
 * see it (through its socket on the shared filesystem, for assertions, never the path under test),
 * a harness for `tandem mcp`, workspaces made for the test, and their removal from the remote after
 * each test file (what a test left there, and the images it built).
 */
import { afterAll, afterEach } from 'vitest';
import { Harness } from '../../../cli/test-harness';
import { DockerEngine } from '../engine';
import { engineTarget } from '../remote/engine-target';
import { removeImages, removeLabelled } from './docker-fixtures';
import type { RemoteEngine } from './remote-engine';

export interface RemoteStudioTests {
  /** The remote engine, straight through its socket. */
  engine: DockerEngine;
  harness: Harness;
  /** A new workspace, removed from the remote at the end. */
  workspace(label: string): string;
}

/** Registers the file's cleanup hooks; `prefix` starts the names of the images the tests build. */
export function remoteStudioTests(remote: RemoteEngine | undefined, prefix: string): RemoteStudioTests {
  const engine = new DockerEngine('the remote engine (test)', undefined, { target: engineTarget({ DOCKER_HOST: remote?.engineSocket ?? 'unix:///nonexistent' }) });
  const harness = new Harness();
  const workspaces: string[] = [];
  afterEach(async () => {
    await harness.cleanup().catch(() => undefined);
  });
  afterAll(async () => {
    if (!remote) return;
    for (const ws of workspaces) await removeLabelled(engine, ws);
    await removeImages(engine, prefix);
  });
  return {
    engine,
    harness,
    workspace(label) {
      const ws = harness.tempWorkspace(label);
      workspaces.push(ws);
      return ws;
    },
  };
}
