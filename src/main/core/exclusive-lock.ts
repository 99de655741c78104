/**
 * An exclusive lock that the operating system enforces and drops by itself when its holder dies
 * (crash, kill -9): SQLite's own lock on a dedicated, empty database file, held by one open
 * connection. Node has no flock(), and better-sqlite3 ships with the studio anyway.
 *
 * - A second holder is refused, in another process or in the same one (SQLite keeps track of its
 *   connections' locks within a process too).
 * - Keep the ExclusiveLock referenced while it is needed: better-sqlite3 closes a connection that
 *   is garbage-collected, and the lock goes with it.
 * - Nothing else in the holding process may open the lock file: POSIX drops all of a process's
 *   locks on a file as soon as any descriptor of that file is closed. Keep it a file of its own.
 */
import { chmodSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface ExclusiveLockOptions {
  /** Path of a better-sqlite3 addon built for this runtime (Electron needs its own build). */
  nativeBinding?: string;
}

/**
 * How long a refused attempt is tried again. Processes racing for a free lock get in each other's
 * way for a moment (each takes SQLite's shared lock on the way to the exclusive one, so all of them
 * can be refused at once); a lock that someone holds stays refused all along.
 */
const CONTENTION_MS = 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

export class ExclusiveLock {
  private constructor(private readonly db: Database.Database) {}

  /** Takes the lock on `file` (created if missing); undefined when someone else holds it. */
  static async take(file: string, options: ExclusiveLockOptions = {}): Promise<ExclusiveLock | undefined> {
    const deadline = Date.now() + CONTENTION_MS;
    for (;;) {
      const lock = ExclusiveLock.tryOnce(file, options);
      if (lock || Date.now() >= deadline) return lock;
      // A random pause, so that racers do not collide again in step.
      await sleep(5 + Math.random() * 20);
    }
  }

  private static tryOnce(file: string, options: ExclusiveLockOptions): ExclusiveLock | undefined {
    // timeout 0: SQLITE_BUSY at once instead of a blocking wait (better-sqlite3 waits 5 s by default).
    const db = new Database(file, { timeout: 0, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
    try {
      // No journal file beside the lock; the database never holds data.
      db.pragma('journal_mode = MEMORY');
      // In exclusive locking mode a connection keeps the lock of its last write transaction until it closes.
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE; COMMIT');
      chmodSync(file, 0o600);
    } catch (err) {
      db.close();
      if (isBusy(err)) return undefined;
      throw err;
    }
    return new ExclusiveLock(db);
  }

  release(): void {
    if (this.db.open) this.db.close();
  }
}
