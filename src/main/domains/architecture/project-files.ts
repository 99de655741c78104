/** A loko project's files on disk, as the reader (project.ts) and the stamp (stamp.ts) both see them. */
import { readdirSync } from 'node:fs';

export const CONFIG_FILE = 'loko.toml';

/** Sub-folders and files of a folder, links and dot-entries (editors' and our temp files) left out. */
export function listFolder(abs: string): { dirs: string[]; files: string[] } {
  const dirs: string[] = [];
  const files: string[] = [];
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) dirs.push(entry.name);
    else if (entry.isFile()) files.push(entry.name);
  }
  const order = (a: string, b: string) => a.localeCompare(b, 'en');
  return { dirs: dirs.sort(order), files: files.sort(order) };
}
