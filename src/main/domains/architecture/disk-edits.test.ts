/**
 * What a person writes on disk in their editor is what the very next tool call sees, every time:
 * not after the watcher's pause, not once in two. Each edit is followed at once by a call, many
 * times over, on a real Studio with its watcher and offload pool.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTree } from './fixture';
import { callOk, openTestStudio, type TestStudio } from './test-studio';

let studio: TestStudio;
let dir: string;
const ROUNDS = 50;

beforeAll(async () => {
  studio = await openTestStudio('tandem-arch-disk-', (root) =>
    writeTree(join(root, 'architecture'), {
      'loko.toml': '[project]\nname = "Edited by hand"\n',
      'src/shop/system.md': '---\nname: Shop\ndescription: Sells\n---\n',
      'src/shop/api/container.md': '---\nname: API\ndescription: Answers\n---\n',
      'src/shop/api/orders/component.md': '---\nname: Orders\ndescription: version 0\n---\n\n# Orders\n',
    }),
  );
  dir = studio.dir;
}, 60_000);
afterAll(() => studio?.close(), 60_000);

const ok = (tool: string, args: Record<string, unknown> = {}) => callOk(studio.studio, tool, args);

describe('edits on disk', () => {
  it(`are seen by the next call: a container folder added by hand, ${ROUNDS} times`, async () => {
    expect((await ok('query_project')).total_containers).toBe(1);
    const seen: number[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const folder = join(dir, 'architecture/src/shop', `added-${i}`);
      mkdirSync(folder);
      writeFileSync(join(folder, 'container.md'), `---\nname: Added ${i}\ndescription: by hand\n---\n`);
      const answer = await ok('query_project');
      seen.push(answer.total_containers);
    }
    expect(seen).toEqual(Array.from({ length: ROUNDS }, (_, i) => i + 2));
    const structure = await ok('query_architecture', { scope: 'system', target: 'shop', detail: 'structure' });
    expect(structure.system.containers).toHaveLength(ROUNDS + 1);
    expect(structure.system.containers.find((c: any) => c.id === `added-${ROUNDS}`)).toEqual({ id: `added-${ROUNDS}`, name: `Added ${ROUNDS}` });
  }, 120_000);

  it(`are seen by the next call: a component.md edited in place and saved by rename, ${ROUNDS} times`, async () => {
    const file = join(dir, 'architecture/src/shop/api/orders/component.md');
    const descriptions: string[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const text = `---\nname: Orders\ndescription: version ${i}\n---\n\n# Orders\n`;
      // Half the edits as an editor that writes in place, half as one that saves a temp file and renames it.
      if (i % 2) writeFileSync(file, text);
      else {
        writeFileSync(`${file}.swp`, text);
        renameSync(`${file}.swp`, file);
      }
      const answer = await ok('query_architecture', { scope: 'container', target: 'shop/api', detail: 'full' });
      descriptions.push(answer.container.components[0].description);
    }
    expect(descriptions).toEqual(Array.from({ length: ROUNDS }, (_, i) => `version ${i + 1}`));
  }, 120_000);

  it('are seen among the studio\'s own writes: a tool edit, then a hand edit, then a call, 20 times', async () => {
    const file = join(dir, 'architecture/src/shop/api/orders/component.md');
    for (let i = 1; i <= 20; i++) {
      await ok('update_element', { target: 'shop/api', description: `tool ${i}` });
      writeFileSync(file, `---\nname: Orders\ndescription: hand ${i}\n---\n`);
      const answer = await ok('query_architecture', { scope: 'container', target: 'shop/api', detail: 'full' });
      expect([answer.container.description, answer.container.components[0].description]).toEqual([`tool ${i}`, `hand ${i}`]);
    }
  }, 120_000);

  it('are seen by the next call when a folder is removed by hand, and validate works on what is there', async () => {
    rmSync(join(dir, 'architecture/src/shop/added-1'), { recursive: true });
    expect((await ok('query_project')).total_containers).toBe(ROUNDS);
    writeFileSync(join(dir, 'architecture/src/shop/api/orders/component.md'), '---\nname: Orders\ndescription: d\nrelationships:\n  "shop/added-2": "reads"\n  "shop/added-1": "gone"\n---\n');
    const { validation } = await ok('validate');
    expect(validation.errors.map((e: any) => `${e.code} ${e.location}`)).toEqual(['DANGLING_RELATIONSHIP src/shop/api/orders/component.md']);
  }, 60_000);
});
