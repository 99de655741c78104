/**
 * Watches a project folder for changes made outside the studio (an editor, git, loko itself) and
 * calls back once a burst of changes has settled. One non-recursive watcher per folder rather than
 * fs.watch's recursive mode: on Linux, Node's recursive mode watches each file's inode and loses a
 * file as soon as something replaces it by rename, which is how editors (and the studio itself)
 * save. The set of folders is brought up to date after every burst.
 *
 * It keeps the view live; it does not make a tool call see the disk: its events come some time
 * after a write, so calls compare the files' stamp themselves (ArchitectureRuntime.catchUp).
 */
import { type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';

export class FolderWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private timer?: NodeJS.Timeout;
  /** The paths the burst under way touched; undefined once an event came without a name. */
  private burst?: Set<string> = new Set();
  private closed = false;

  constructor(
    private readonly root: string,
    /** Whether a path (relative to the root, `/`-separated) is none of the watcher's business. */
    private readonly ignored: (path: string) => boolean,
    /** Called with the paths the burst touched (relative to the root), or none when it cannot say. */
    private readonly settled: (paths?: readonly string[]) => void,
    private readonly log: (message: string) => void,
    private readonly settleMs = 60,
  ) {
    this.refresh();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  /** Watches every folder under the root that is not ignored, and stops watching the ones gone. */
  private refresh(): void {
    const seen = new Set<string>();
    const visit = (rel: string) => {
      seen.add(rel);
      if (!this.watchers.has(rel)) this.add(rel);
      let entries;
      try {
        entries = readdirSync(join(this.root, rel), { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const path = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory() && !this.ignored(path)) visit(path);
      }
    };
    visit('');
    for (const [rel, watcher] of this.watchers) {
      if (!seen.has(rel)) {
        watcher.close();
        this.watchers.delete(rel);
      }
    }
  }

  private isFile(rel: string): boolean {
    try {
      return statSync(join(this.root, rel)).isFile();
    } catch {
      return false;
    }
  }

  private add(rel: string): void {
    try {
      const watcher = watch(join(this.root, rel), (_event, name) => {
        if (this.closed) return;
        const path = name ? (rel ? `${rel}/${name}` : String(name)) : rel;
        if (name && this.ignored(path)) return;
        if (name) this.burst?.add(path);
        else this.burst = undefined;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => {
          this.timer = undefined;
          const paths = this.burst && [...this.burst];
          this.burst = new Set();
          // A burst of file saves (the studio's own writes among them) leaves the folders as they were:
          // listing every folder again after each would cost the core some 500 listings a write.
          if (!paths || !paths.every((changed) => this.isFile(changed))) this.refresh();
          this.settled(paths);
        }, this.settleMs);
      });
      watcher.on('error', () => {
        // The folder went away: the next refresh forgets it.
        watcher.close();
        this.watchers.delete(rel);
      });
      this.watchers.set(rel, watcher);
    } catch (err) {
      this.log(`cannot watch ${rel || '.'}: ${(err as Error).message}`);
    }
  }
}
