/**
 * A journal's fsyncs held by the test (JournalOptions.syncFile): each waits in `held` until the
 * test ends it, well or with an error, so a test can see what happens before a change is on disk.
 */
import { fdatasyncSync } from 'node:fs';

export interface HeldSync {
  fd: number;
  /** Ends the fsync (once): really flushes the file, then calls back (with `err`, if given, instead). */
  end(err?: Error): void;
}

export interface HeldSyncs {
  /** Every fsync started, in order, ended or not. */
  readonly held: HeldSync[];
  syncFile(fd: number, done: (err: Error | null) => void): void;
  /** Ends every fsync held now and any that starts until the returned stop is called. */
  endAll(): () => void;
}

export function heldSyncs(): HeldSyncs {
  const held: HeldSync[] = [];
  let endingAll = false;
  const syncs: HeldSyncs = {
    held,
    syncFile(fd, done) {
      let ended = false;
      const sync: HeldSync = {
        fd,
        end(err) {
          if (ended) return;
          ended = true;
          if (!err) fdatasyncSync(fd);
          // Called back later, as a real fsync is, never inside the write that started it.
          setImmediate(() => done(err ?? null));
        },
      };
      held.push(sync);
      if (endingAll) sync.end();
    },
    endAll() {
      endingAll = true;
      for (const sync of held) sync.end();
      return () => (endingAll = false);
    },
  };
  return syncs;
}
