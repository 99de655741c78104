/**
 * The workspace's files of one type, for the browser's open dialog (`listFiles`). Walks the
 * workspace without following links (so it never leaves it), skips hidden folders (`.tandem/`,
 * `.git/`, ...) and `node_modules/`, and stops at a bounded number of files and folders.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FileEntry } from '../../shared/tandem-api';

/** Files listed at most; past it, the ones nearest the top of the workspace are kept. */
export const MAX_LISTED_FILES = 2_000;
/** Folders read at most, so that a huge tree cannot keep the core busy. */
export const MAX_SCANNED_FOLDERS = 5_000;

const SKIPPED_FOLDERS = new Set(['node_modules']);

function skipFolder(name: string): boolean {
  return name.startsWith('.') || SKIPPED_FOLDERS.has(name);
}

export interface ListFilesLimits {
  maxFiles?: number;
  maxFolders?: number;
}

/**
 * Files under `root` whose extension is `extension` (case-insensitive), as workspace-relative
 * paths with forward slashes, sorted by path. Unreadable folders are skipped.
 */
export async function listWorkspaceFiles(root: string, extension: string, limits: ListFilesLimits = {}): Promise<FileEntry[]> {
  const maxFiles = limits.maxFiles ?? MAX_LISTED_FILES;
  const maxFolders = limits.maxFolders ?? MAX_SCANNED_FOLDERS;
  const wanted = extension.toLowerCase();
  const found: { rel: string; abs: string }[] = [];
  // Breadth first, each folder's entries in name order: the files nearest the top come first.
  const queue: string[] = [''];
  let scanned = 0;
  while (queue.length > 0 && scanned < maxFolders && found.length < maxFiles) {
    const rel = queue.shift()!;
    scanned++;
    let entries: Dirent[];
    try {
      entries = await readdir(join(root, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      // Dirent never follows links: a link is neither a file nor a directory here.
      if (entry.isDirectory()) {
        if (!skipFolder(entry.name)) queue.push(path);
      } else if (entry.isFile() && extname(entry.name).toLowerCase() === wanted) {
        found.push({ rel: path, abs: join(root, path) });
        if (found.length >= maxFiles) break;
      }
    }
  }
  const files = await Promise.all(
    found.map(async ({ rel, abs }) => {
      try {
        return { path: rel, modifiedAt: Math.round((await stat(abs)).mtimeMs) };
      } catch {
        return undefined; // removed meanwhile
      }
    }),
  );
  return files.filter((f): f is FileEntry => f !== undefined).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
