/** The studio-wide appearance file: a real file in a real config folder, shared by stores as by cores. */
import { chmodSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPEARANCE_FILE_NAME, openAppearanceStore } from './appearance-store';
import { makeTemporaryDir } from '../testing/temporary-studio';

function configFolder(): { env: NodeJS.ProcessEnv; dir: string; file: string } {
  const dir = join(makeTemporaryDir('tandem-appearance-'), 'config', 'tandem');
  return { env: { TANDEM_CONFIG_DIR: dir }, dir, file: join(dir, APPEARANCE_FILE_NAME) };
}

function opened(env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  return { store: openAppearanceStore((line) => lines.push(line), env), lines };
}

describe('the appearance store', () => {
  it('is system with no file, and writes a choice another store (another core) reads', () => {
    const { env, dir, file } = configFolder();
    const { store, lines } = opened(env);
    expect(store.file).toBe(file);
    expect(store.current()).toEqual({ theme: 'system' });
    expect(store.choose('dark')).toEqual({ theme: 'dark' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ theme: 'dark' });
    // Only the file: the temporary one was renamed over it. Private to the person.
    expect(readdirSync(dir)).toEqual([APPEARANCE_FILE_NAME]);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const other = opened(env);
    expect(other.store.current()).toEqual({ theme: 'dark' });
    other.store.choose('light');
    expect(store.current()).toEqual({ theme: 'light' });
    expect([...lines, ...other.lines]).toEqual([]);
  });

  it('replaces the file whole: a stale temporary file of a crashed write is not read, and fields it does not know are kept', () => {
    const { env, dir, file } = configFolder();
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify({ theme: 'light', accent: 'teal' }));
    // What a write that died before its rename leaves behind.
    writeFileSync(join(dir, `.${APPEARANCE_FILE_NAME}.99999.tmp`), '{"theme":"da');
    const { store } = opened(env);
    expect(store.current()).toEqual({ theme: 'light' });
    store.choose('dark');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ theme: 'dark', accent: 'teal' });
  });

  it.each([
    ['not JSON', '{"theme": "dark"', /not JSON/],
    ['an array', '["dark"]', /not a JSON object/],
    ['a theme it does not know', '{"theme":"sepia"}', /"sepia" is not one of system, light, dark/],
    ['a theme of the wrong type', '{"theme":1}', /1 is not one of/],
  ])('falls back to system for a file that is %s, with one log line, and a choice then replaces it', (_what, text, problem) => {
    const { env, dir, file } = configFolder();
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, text);
    const { store, lines } = opened(env);
    expect(store.current()).toEqual({ theme: 'system' });
    expect(store.current()).toEqual({ theme: 'system' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(problem);
    expect(lines[0]).toContain(file);
    expect(store.choose('dark')).toEqual({ theme: 'dark' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ theme: 'dark' });
    expect(store.current()).toEqual({ theme: 'dark' });
  });

  it('falls back to system for a file it cannot read (a folder in its place), and answers io_error when it cannot write', () => {
    const { env, file } = configFolder();
    mkdirSync(file, { recursive: true });
    const { store, lines } = opened(env);
    expect(store.current()).toEqual({ theme: 'system' });
    expect(lines[0]).toMatch(/cannot read it/);
    expect(() => store.choose('dark')).toThrow(expect.objectContaining({ code: 'io_error', message: expect.stringContaining('cannot save the theme') }));
    expect(statSync(file).isDirectory()).toBe(true);
  });

  it('refuses a theme it does not know without touching the file', () => {
    const { env, file } = configFolder();
    const { store } = opened(env);
    store.choose('light');
    expect(() => store.choose('sepia' as never)).toThrow(expect.objectContaining({ code: 'bad_param' }));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ theme: 'light' });
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('answers io_error, keeping the old choice, when the config folder is read-only (skipped on Windows and as root, whom a read-only folder does not stop)', () => {
    const { env, dir, file } = configFolder();
    const { store } = opened(env);
    store.choose('light');
    chmodSync(dir, 0o500);
    try {
      expect(() => store.choose('dark')).toThrow(expect.objectContaining({ code: 'io_error' }));
      expect(store.current()).toEqual({ theme: 'light' });
    } finally {
      chmodSync(dir, 0o700);
    }
    expect(readFileSync(file, 'utf8')).toContain('light');
  });
});
