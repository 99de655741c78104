/**
 * The stamp of a project's files: what they look like without reading them. One entry per folder
 * and per file (size, times and inode: a folder's times change when an entry is added, removed or
 * renamed in it, a file's when it is written), down to the component folders as readProject reads
 * them, with loko.toml's; and a digest of all the entries.
 *
 * A tool call checks the stamp (a stat of each entry, no listing, in a pool worker) against the
 * last read's, so that it sees what a person saved a moment before, whether or not the watcher has
 * told us yet; a difference means a read again. After a write of its own the model stamps again
 * only the folder it wrote, so that its own writes are not taken for a person's.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE, listFolder } from './project-files';

export interface FilesStamp {
  /** Path relative to the project (a folder's ends with `/`) → its signature. */
  entries: Map<string, string>;
  digest: string;
}

/** Folders are read down to this depth below the source folder (1): systems, containers, components. */
const DEEPEST = 4;

function signature(root: string, rel: string): string {
  try {
    const stat = statSync(join(root, rel), { bigint: true });
    return `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`;
  } catch {
    return 'gone';
  }
}

/** Adds the entries of the folder `dir` (at `depth`) and of what is in it. */
function stampFolder(root: string, dir: string, depth: number, entries: Map<string, string>): void {
  entries.set(`${dir}/`, signature(root, dir));
  let listing: { dirs: string[]; files: string[] };
  try {
    listing = listFolder(join(root, dir));
  } catch {
    return;
  }
  for (const file of listing.files) entries.set(`${dir}/${file}`, signature(root, `${dir}/${file}`));
  if (depth < DEEPEST) for (const name of listing.dirs) stampFolder(root, `${dir}/${name}`, depth + 1, entries);
}

/** The digest of entries, in the order of their paths. */
function digestOf(paths: readonly string[], signatureOf: (path: string) => string | undefined): string {
  const hash = createHash('sha256');
  for (const path of paths) hash.update(`${path}\0${signatureOf(path)}\n`);
  return hash.digest('hex');
}

function withDigest(entries: Map<string, string>): FilesStamp {
  return { entries, digest: digestOf([...entries.keys()].sort(), (path) => entries.get(path)) };
}

/** The stamp of the project at `root` whose source folder is `src`. */
export function stampFiles(root: string, src: string): FilesStamp {
  const entries = new Map<string, string>([[CONFIG_FILE, signature(root, CONFIG_FILE)]]);
  stampFolder(root, src, 1, entries);
  return withDigest(entries);
}

/** The paths a stamp covers, in the order its digest takes them: what `checkStamp` is given. */
export function stampPaths(stamp: FilesStamp): string[] {
  return [...stamp.entries.keys()].sort();
}

/** The digest the same paths have on disk now: the stamp's own when nothing changed. */
export function checkStamp(root: string, paths: readonly string[]): string {
  return digestOf(paths, (path) => signature(root, path.replace(/\/$/, '')));
}

/**
 * Whether each of `paths` (files or folders, relative to the project) is in the stamp and looks on
 * disk as the stamp says: the watcher's echo of the studio's own writes, which the model stamped as
 * it wrote them. A path the stamp does not cover counts as changed.
 */
export function unchangedSince(stamp: FilesStamp, root: string, paths: readonly string[]): boolean {
  return paths.every((path) => {
    const known = stamp.entries.get(path) ?? stamp.entries.get(`${path}/`);
    return known !== undefined && known === signature(root, path);
  });
}

/**
 * The stamp again after a write of the studio's own under `dir` (a folder of the source tree, made,
 * changed or removed): that folder's entries and its parent's taken anew, the rest kept.
 */
export function restampFolder(stamp: FilesStamp, root: string, src: string, dir: string): FilesStamp {
  const entries = new Map([...stamp.entries].filter(([key]) => !key.startsWith(`${dir}/`)));
  const depth = dir.split('/').length - src.split('/').length + 1;
  if (signature(root, dir) !== 'gone') stampFolder(root, dir, depth, entries);
  if (depth > 1) {
    const parent = dir.slice(0, dir.lastIndexOf('/'));
    entries.set(`${parent}/`, signature(root, parent));
  }
  return withDigest(entries);
}
