/**
 * The workspace's files of one type, for the browser's open dialog (`listFiles`). Walks the
 * workspace without following links (so it never leaves it), skips hidden folders (`.tandem/`,
 * `.git/`, ...) and `node_modules/`, and stops at a bounded number of files and folders.
 */
import type { Dirent } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FileEntry } from '../../shared/tandem-api';
import type { FcpDomain } from '../fcp/domain';

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

/** Bytes of a file read to tell whether it is one of a domain's (OtherFileType.holds). */
const SNIFFED_BYTES = 4096;

async function fileStart(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFFED_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFFED_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * A domain's files in the workspace: those with its extension, and those with one of its other
 * extensions whose first bytes say they are its (a `.xml` file holding an `<mxfile>`), sorted by path.
 */
export async function listDomainFiles(root: string, domain: Pick<FcpDomain, 'fileExtension' | 'otherFileTypes'>, limits: ListFilesLimits = {}): Promise<FileEntry[]> {
  const others = domain.otherFileTypes ?? [];
  const found = await listWorkspaceFiles(root, [domain.fileExtension, ...others.map((type) => type.extension)], limits);
  const kept = await Promise.all(
    found.map(async (file) => {
      const type = others.find((other) => extname(file.path).toLowerCase() === other.extension);
      if (!type) return file;
      try {
        return type.holds.test(await fileStart(join(root, file.path))) ? file : undefined;
      } catch {
        return undefined; // unreadable or removed meanwhile
      }
    }),
  );
  return kept.filter((file): file is FileEntry => file !== undefined);
}

/**
 * Files under `root` whose extension is `extension` or one of `extension` (case-insensitive), as
 * workspace-relative paths with forward slashes, sorted by path. Unreadable folders are skipped.
 */
export async function listWorkspaceFiles(root: string, extension: string | readonly string[], limits: ListFilesLimits = {}): Promise<FileEntry[]> {
  const maxFiles = limits.maxFiles ?? MAX_LISTED_FILES;
  const maxFolders = limits.maxFolders ?? MAX_SCANNED_FOLDERS;
  const wanted = new Set((typeof extension === 'string' ? [extension] : extension).map((ext) => ext.toLowerCase()));
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
      } else if (entry.isFile() && wanted.has(extname(entry.name).toLowerCase())) {
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
