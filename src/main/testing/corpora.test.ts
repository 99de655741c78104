import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPORA_ROOT, corpusFiles, corpusPath } from './corpora';

describe('corpora', () => {
  it('finds the shared corpora beside the repository', () => {
    expect(existsSync(CORPORA_ROOT)).toBe(true);
    expect(corpusFiles('drawio', ['.drawio', '.xml']).length).toBeGreaterThanOrEqual(32);
    expect(corpusFiles('midi', ['.mid']).length).toBeGreaterThanOrEqual(31);
    expect(existsSync(corpusPath('loko', 'serverless', 'loko.toml'))).toBe(true);
  });

  it('refuses an extension no file has instead of answering nothing', () => {
    expect(() => corpusFiles('midi', ['.nothing'])).toThrow(/no .nothing files/);
  });
});
