/**
 * For tests (not part of the app): the studio in a temporary workspace. `temporaryWorkspace` gives
 * each test a new folder, and afterwards closes what was opened on it (studios, hosts), releases its
 * lock and removes it. `openTemporaryStudio` is the
 * same for one studio a test opens and closes itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Studio, StudioOptions } from '../core/studio';
import { Workspace } from '../core/workspace';
import { openStudio } from '../host/domains';
import { type StudioHost, type StudioHostOptions, startStudioHost } from '../host/studio-host';

/** A new empty folder in the system's temporary folder, its name starting with `prefix`. */
export const makeTemporaryDir = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));

export interface OpenedStudio {
  studio: Studio;
  workspace: Workspace;
}

/**
 * Acquires `dir` and opens a studio on it with the studio's domains, or those `options` name. When
 * opening fails the lock is released again.
 */
export async function openStudioIn(dir: string, options: Partial<StudioOptions> = {}): Promise<OpenedStudio> {
  const workspace = await Workspace.acquire(dir);
  try {
    return { studio: await openStudio(workspace, options), workspace };
  } catch (err) {
    workspace.release();
    throw err;
  }
}

export interface TemporaryStudio extends OpenedStudio {
  dir: string;
  /** Closes the studio, releases the workspace and removes the folder. */
  close(): Promise<void>;
}

/** A studio on a new temporary folder; `setUp` writes files there first (what the studio finds at start). */
export async function openTemporaryStudio(prefix: string, options: Partial<StudioOptions> = {}, setUp?: (dir: string) => void): Promise<TemporaryStudio> {
  const dir = makeTemporaryDir(prefix);
  try {
    setUp?.(dir);
    const opened = await openStudioIn(dir, options);
    return {
      dir,
      ...opened,
      async close() {
        await opened.studio.close();
        opened.workspace.release();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export interface TemporaryWorkspace {
  /** This test's folder. */
  readonly dir: string;
  /** Opens a studio on the folder (see openStudioIn); closed after the test. */
  open(options?: Partial<StudioOptions>): Promise<Studio>;
  /** The workspace a studio opened here holds. */
  workspaceOf(studio: Studio): Workspace;
  /** What a kill -9 leaves behind: nothing flushed or closed, the lock released as by the OS (the studio is closed after the test). */
  crash(studio: Studio): void;
  /** Closes a studio opened here and opens another on the folder (the workspace released and acquired again between). */
  reopen(studio: Studio, options?: Partial<StudioOptions>): Promise<Studio>;
  /** Starts a studio host on the folder; closed after the test. */
  startHost(options?: Omit<StudioHostOptions, 'workspaceDir'>): Promise<StudioHost>;
}

/**
 * Registers the hooks that make the folder before each test and clean up after it. Register it
 * before the file's own after-hooks: vitest runs after-hooks in reverse, so what the test opened on
 * the studio (clients, sockets) closes first.
 */
export function temporaryWorkspace(prefix: string): TemporaryWorkspace {
  let dir: string | undefined;
  const studios: OpenedStudio[] = [];
  const hosts: StudioHost[] = [];
  const entryOf = (studio: Studio): OpenedStudio => {
    const entry = studios.find((s) => s.studio === studio);
    if (!entry) throw new Error('this studio was not opened by the temporary workspace');
    return entry;
  };

  beforeEach(() => {
    dir = makeTemporaryDir(prefix);
  });
  afterEach(async () => {
    for (const { studio, workspace } of studios.splice(0)) {
      await studio.close();
      workspace.release();
    }
    for (const host of hosts.splice(0)) await host.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  return {
    get dir() {
      if (!dir) throw new Error('the temporary workspace exists only while a test runs');
      return dir;
    },
    async open(options = {}) {
      const opened = await openStudioIn(this.dir, options);
      studios.push(opened);
      return opened.studio;
    },
    workspaceOf: (studio) => entryOf(studio).workspace,
    crash: (studio) => entryOf(studio).workspace.release(),
    async reopen(studio, options = {}) {
      const entry = entryOf(studio);
      studios.splice(studios.indexOf(entry), 1);
      await studio.close();
      entry.workspace.release();
      return this.open(options);
    },
    async startHost(options = {}) {
      const host = await startStudioHost({ ...options, workspaceDir: this.dir });
      hosts.push(host);
      return host;
    },
  };
}
