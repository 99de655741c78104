/**
 * The bundle's starter lock: bridges of the Claude Desktop bundle started at once (Claude Desktop
 * opens several) must not each start the studio. The studio's own bridge takes SQLite's lock; the
 * bundle has no native module, so it takes a lock file created exclusively (`wx`) in the
 * workspace's `.tandem/`, holding the taker's pid and time. The lock is stale, and taken over,
 * when its holder has died (a crash leaves the file behind) or it is older than STALE_MS (a start
 * never takes that long, and a pid can be reused); a file still being written is given a moment.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RUNTIME_DIR } from '../../core/endpoint';
import type { HeldLock } from '../core-link';

export const STALE_MS = 60_000;
/** A file with no readable holder yet is someone writing it, for this long. */
const WRITING_MS = 2_000;

export const bundleStartLockFile = (workspaceDir: string): string => join(workspaceDir, RUNTIME_DIR, 'bundle-start.lock');

interface Holder {
  pid: number;
  at: number;
  token: string;
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.at === 'number' && typeof holder.token === 'string' ? (holder as Holder) : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why the lock file is stale, or undefined while it holds. */
function staleness(file: string, now = Date.now()): string | undefined {
  const holder = readHolder(file);
  if (!holder) {
    try {
      return now - statSync(file).mtimeMs > WRITING_MS ? 'unreadable' : undefined;
    } catch {
      return 'gone';
    }
  }
  if (!alive(holder.pid)) return `its holder (pid ${holder.pid}) has exited`;
  return now - holder.at > STALE_MS ? `held since ${new Date(holder.at).toISOString()}` : undefined;
}

/**
 * Moves a stale lock aside, unless another bridge replaced it meanwhile: the file moved is read
 * again, and a fresh one (not the stale holder's) is put back.
 */
function takeOver(file: string, stale: Holder | undefined): void {
  const aside = `${file}.${process.pid}.${Date.now()}.stale`;
  try {
    renameSync(file, aside);
  } catch {
    return; // gone already: another bridge took it over
  }
  const moved = readHolder(aside);
  if (moved && moved.token !== stale?.token) {
    try {
      linkSync(aside, file); // put back, unless yet another lock is there now
    } catch {
      // one is: it holds
    }
  }
  unlinkSync(aside);
}

/** Takes the lock; undefined while a live bridge holds it. */
export async function takeBundleStartLock(file: string, log: (line: string) => void = () => undefined): Promise<HeldLock | undefined> {
  mkdirSync(dirname(file), { recursive: true });
  const token = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, at: Date.now(), token } satisfies Holder));
      } finally {
        closeSync(fd);
      }
      return {
        release: () => {
          if (readHolder(file)?.token !== token) return; // taken over: not ours to remove
          try {
            unlinkSync(file);
          } catch {
            // gone already
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    const why = staleness(file);
    if (!why) return undefined;
    log(`the starter lock ${file} is stale (${why}); taking it over`);
    takeOver(file, holder);
  }
  return undefined;
}
