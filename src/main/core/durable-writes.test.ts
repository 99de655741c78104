import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DurableWrites } from './durable-writes';

describe('DurableWrites', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes many files at once into folders it makes, each in place when its write resolves, no temporary file left', async () => {
    dir = mkdtempSync(join(tmpdir(), 'durable-writes-'));
    const writes = new DurableWrites();
    const files = Array.from({ length: 40 }, (_, i) => join(dir, `f${i % 3}`, `file${i}.txt`));
    const placed = files.map((file, i) => writes.write(file, i % 2 ? `text ${i}` : new Uint8Array([i, 1, 2])));
    await placed[17];
    expect(readFileSync(files[17], 'utf8')).toBe('text 17');
    await writes.settle();
    files.forEach((file, i) => expect(readFileSync(file)).toEqual(i % 2 ? Buffer.from(`text ${i}`) : Buffer.from([i, 1, 2])));
    for (const folder of ['f0', 'f1', 'f2']) expect(readdirSync(join(dir, folder)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('lands writes to one path in the order they were asked, and keeps the mode asked for', async () => {
    dir = mkdtempSync(join(tmpdir(), 'durable-writes-'));
    const writes = new DurableWrites();
    const file = join(dir, 'one.txt');
    // The first is the biggest: written alongside, it would land last.
    void writes.write(file, 'a'.repeat(4_000_000));
    void writes.write(file, 'second');
    void writes.write(file, 'third', 0o600);
    await writes.settle();
    expect(readFileSync(file, 'utf8')).toBe('third');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('settles with the first failure once every write has ended, the other files written', async () => {
    dir = mkdtempSync(join(tmpdir(), 'durable-writes-'));
    writeFileSync(join(dir, 'not-a-folder'), '');
    const writes = new DurableWrites();
    const broken = writes.write(join(dir, 'not-a-folder', 'x.txt'), 'x');
    void writes.write(join(dir, 'fine.txt'), 'fine');
    await expect(broken).rejects.toThrow();
    await expect(writes.settle()).rejects.toThrow(/ENOTDIR|EEXIST/);
    expect(readFileSync(join(dir, 'fine.txt'), 'utf8')).toBe('fine');
  });
});
