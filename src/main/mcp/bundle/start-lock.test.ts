/**
 * The bundle's starter lock on a real file: one holder at a time, a lock left by a process that
 * has exited (or one too old) taken over, and a release that removes only its own lock.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STALE_MS, bundleStartLockFile, takeBundleStartLock } from './start-lock';

describe("the bundle bridges' starter lock", () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-start-lock-'));
    file = bundleStartLockFile(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is held by one taker at a time, in the workspace's .tandem folder, until released", async () => {
    const first = await takeBundleStartLock(file);
    expect(first).toBeDefined();
    expect(file).toBe(join(dir, '.tandem', 'bundle-start.lock'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(await takeBundleStartLock(file)).toBeUndefined();
    first!.release();
    expect(existsSync(file)).toBe(false);
    const again = await takeBundleStartLock(file);
    expect(again).toBeDefined();
    again!.release();
  });

  it('takes over a lock whose holder has exited, or that is older than a start can be, and says why', async () => {
    const exited = spawnSync(process.execPath, ['-e', '0']).pid!;
    await takeBundleStartLock(file); // the directory
    writeFileSync(file, JSON.stringify({ pid: exited, at: Date.now(), token: 'gone' }));
    const lines: string[] = [];
    const taken = await takeBundleStartLock(file, (line) => lines.push(line));
    expect(taken).toBeDefined();
    expect(lines.join('\n')).toContain(`its holder (pid ${exited}) has exited`);
    // An old holder that looks alive (a reused pid): stale all the same.
    writeFileSync(file, JSON.stringify({ pid: process.pid, at: Date.now() - STALE_MS - 1000, token: 'old' }));
    expect(await takeBundleStartLock(file)).toBeDefined();
    // A file being written (no holder yet) holds for a moment, then is stale.
    writeFileSync(file, '');
    expect(await takeBundleStartLock(file)).toBeUndefined();
    const past = new Date(Date.now() - 10_000);
    utimesSync(file, past, past);
    expect(await takeBundleStartLock(file)).toBeDefined();
  });

  it("a release after a takeover leaves the new holder's lock alone", async () => {
    const first = (await takeBundleStartLock(file))!;
    writeFileSync(file, JSON.stringify({ pid: process.pid, at: Date.now() - STALE_MS - 1000, token: 'first-was-slow' }));
    const second = await takeBundleStartLock(file);
    expect(second).toBeDefined();
    first.release();
    expect(existsSync(file)).toBe(true);
    expect(await takeBundleStartLock(file)).toBeUndefined();
    second!.release();
    expect(existsSync(file)).toBe(false);
  });
});
