/**
 * The real-world files in `../shared/corpora/` (beside the repository, never copied into it): files
 * written by other tools, read by tests and the bench to check that the studio keeps what they mean.
 * Each folder's SOURCES.md names where every file came from and its license.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The corpora folder: `../shared/corpora` beside the repository (this file is src/main/testing/). */
export const CORPORA_ROOT = resolve(__dirname, '../../../../shared/corpora');

export type CorpusName = 'drawio' | 'midi' | 'loko';

/**
 * The files of one corpus (absolute paths, sorted), those whose names end with one of `extensions`.
 * A missing corpus is an error, not an empty list: a test over it must fail, never pass on nothing.
 */
export function corpusFiles(corpus: CorpusName, extensions: readonly string[]): string[] {
  const dir = corpusPath(corpus);
  const files = readdirSync(dir)
    .filter((name) => extensions.some((ext) => name.toLowerCase().endsWith(ext)))
    .sort()
    .map((name) => join(dir, name));
  if (files.length === 0) throw new Error(`no ${extensions.join('/')} files in the ${corpus} corpus at ${dir}`);
  return files;
}

/** A path inside a corpus; throws when the corpus is not there (see `corpusFiles`). */
export function corpusPath(corpus: CorpusName, ...parts: string[]): string {
  const dir = join(CORPORA_ROOT, corpus);
  if (!existsSync(dir)) throw new Error(`the ${corpus} corpus is missing: expected it at ${dir} (../shared/corpora beside the repository)`);
  return join(dir, ...parts);
}
