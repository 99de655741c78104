/**
 * The example workspace, through the real domains on a real studio: every file of resources/
 * example-workspace loads in its domain (the diagram, the song, the Preflight project, the todos,
 * the loko project, the governance rules), opening it copies and never overwrites or touches
 * resources/, and the welcome is due only in a workspace a start created. With a Docker engine, the
 * test project's image builds FROM scratch with the static busybox and its smoke suite passes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { makeTemporaryDir, temporaryWorkspace } from '../testing/temporary-studio';
import { dockerForTests, removeImages, removeLabelled } from '../domains/testenv/testing/docker-fixtures';
import { EXAMPLE_FILES, EXAMPLE_TODO_PROJECT, copyExample, describeExample, dismissWelcome, exampleDir, exampleFolder, openExample } from './example-workspace';
import { Workspace } from './workspace';

const temp = temporaryWorkspace('tandem-example-');
const person = { origin: 'person' };
const json = (result: CallToolResult) => JSON.parse((result.content[0] as { text: string }).text);

/** Every file under `dir` with its bytes' hash: what "unchanged" means for resources/. */
function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

describe('the example workspace', () => {
  it('is in resources/, with one file or folder for each view', () => {
    const dir = exampleDir();
    expect(dir).toBeDefined();
    for (const path of Object.values(EXAMPLE_FILES)) expect(existsSync(join(dir!, path)), path).toBe(true);
  });

  it('opens in every domain: the diagram, the song, the todos, the test project, the C4 project and the rules', async () => {
    const before = fingerprint(exampleDir()!);
    const studio = await temp.open();
    const opened = await openExample(studio);
    expect(opened.problems).toEqual([]);
    expect(opened.copied.sort()).toEqual(readdirSync(exampleDir()!).sort());
    expect(fingerprint(exampleDir()!)).toEqual(before);

    expect(studio.documentInfo('drawio').path).toBe(EXAMPLE_FILES.diagram);
    const diagram = (await studio.fcp('drawio').query('stats', 'test')).text;
    expect(diagram).toMatch(/5 shapes/);
    expect(diagram).toMatch(/4 (edges|connections)/);

    expect(studio.documentInfo('midi').path).toBe(EXAMPLE_FILES.song);
    const tracks = (await studio.fcp('midi').query('tracks', 'test')).text;
    expect(tracks).toContain('Melody');
    expect(tracks).toContain('Bass');

    const todos = json(await studio.callTool('tasks', 'list_todos', { project_id: EXAMPLE_TODO_PROJECT }, person));
    expect(JSON.stringify(todos)).toContain('Add a cache in front of the Orders API');
    expect(JSON.stringify(todos).match(/"description"/g)).toHaveLength(4);

    const project = json(await studio.callTool('testenv', 'preflight_status', { projectPath: EXAMPLE_FILES.testProject }, person));
    expect(project.success).toBe(true);
    expect(JSON.stringify(project.data)).toContain('shop-example');

    const c4 = json(await studio.callTool('architecture', 'query_project', { project_path: EXAMPLE_FILES.architecture }, person));
    expect(c4).toMatchObject({ name: 'Example shop', system_count: 2, systems: expect.arrayContaining([expect.objectContaining({ name: 'Storefront' }), expect.objectContaining({ name: 'Payments' })]) });
    const checked = json(await studio.callTool('architecture', 'validate', { project_path: EXAMPLE_FILES.architecture }, person));
    expect(JSON.stringify(checked)).not.toMatch(/"severity":"error"/);

    const map = json(await studio.callTool('context', 'context_current_manifest', {}, person));
    expect(map.manifest.project.name).toBe('Example shop');
    expect(map.manifest.governance.status).toBe('ok');
    expect(map.manifest.governance.directives.join('\n')).toContain('moment');
  });

  it('overwrites nothing: a workspace that has one of its files or folders keeps it, and nothing is copied', async () => {
    const studio = await temp.open();
    writeFileSync(join(temp.dir, 'todos.json'), 'mine\n');
    expect(describeExample(temp.dir).conflicts).toEqual(['todos.json']);
    await expect(openExample(studio)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('todos.json'), suggestion: expect.stringContaining('--workspace') });
    expect(readFileSync(join(temp.dir, 'todos.json'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(temp.dir, 'diagrams'))).toBe(false);
  });

  it('goes into a folder of the workspace the person names, made for it, and opens there; a folder outside it is refused', async () => {
    const studio = await temp.open();
    writeFileSync(join(temp.dir, 'todos.json'), 'mine\n');
    // The workspace has a todos.json: the example cannot go there, but a new folder inside it is free.
    expect(describeExample(temp.dir, 'shop example').conflicts).toEqual([]);
    expect(describeExample(temp.dir, 'shop example').folder).toBe(join(temp.dir, 'shop example'));
    const opened = await openExample(studio, 'shop example');
    expect(opened.folder).toBe(join(temp.dir, 'shop example'));
    expect(opened.problems).toEqual([]);
    expect(readFileSync(join(temp.dir, 'todos.json'), 'utf8')).toBe('mine\n');
    expect(studio.documentInfo('drawio').path).toBe(`shop example/${EXAMPLE_FILES.diagram}`);
    expect(studio.documentInfo('midi').path).toBe(`shop example/${EXAMPLE_FILES.song}`);
    const c4 = json(await studio.callTool('architecture', 'query_project', { project_path: `shop example/${EXAMPLE_FILES.architecture}` }, person));
    expect(c4).toMatchObject({ name: 'Example shop', system_count: 2 });
    // The same folder again has the example's files: nothing is copied over them.
    expect(describeExample(temp.dir, join(temp.dir, 'shop example')).conflicts.sort()).toEqual(readdirSync(exampleDir()!).sort());
    await expect(openExample(studio, 'shop example')).rejects.toMatchObject({ code: 'conflict', suggestion: expect.stringContaining('another folder') });

    // Outside the workspace, by path, by .., or through a link that leads out: refused, and nothing is made.
    const elsewhere = makeTemporaryDir('tandem-elsewhere-');
    symlinkSync(elsewhere, join(temp.dir, 'out-link'));
    for (const folder of [elsewhere, '../x', `${temp.dir}/../y`, 'out-link/example']) {
      expect(() => exampleFolder(temp.dir, folder), folder).toThrow(expect.objectContaining({ code: 'outside_workspace', suggestion: expect.stringContaining(temp.dir) }));
      await expect(openExample(studio, folder)).rejects.toMatchObject({ code: 'outside_workspace' });
    }
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(exampleFolder(temp.dir, '')).toEqual({ abs: temp.dir, rel: '' });
    expect(exampleFolder(temp.dir, 'a/b')).toEqual({ abs: join(temp.dir, 'a', 'b'), rel: 'a/b' });
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('welcomes a workspace that a start created, until the person dismisses it; an existing folder is not new', async () => {
    const host = await temp.startHost({ newWorkspace: true });
    expect(describeExample(host.studio.workspace).welcome).toBe(true);
    dismissWelcome(host.studio.workspace);
    expect(describeExample(host.studio.workspace).welcome).toBe(false);
    const existing = makeTemporaryDir('tandem-welcome-');
    const opened = await Workspace.acquire(existing);
    expect(describeExample(existing).welcome).toBe(false);
    opened.release();
    rmSync(existing, { recursive: true, force: true });
  });
});

const { engine, skip } = await dockerForTests();

describe.skipIf(skip)('the example test project with a Docker engine', () => {
  it('builds its image FROM scratch with the static busybox, starts it and passes its smoke suite', { timeout: 180_000 }, async () => {
    const studio = await temp.open();
    copyExample(temp.dir);
    const call = async (tool: string) => json(await studio.callTool('testenv', tool, { projectPath: EXAMPLE_FILES.testProject }, person));
    try {
      expect((await call('preflight_init')).success).toBe(true);
      const built = await call('preflight_build');
      expect(built.error).toBeUndefined();
      const setUp = await call('preflight_setup');
      expect(setUp.error).toBeUndefined();
      const run = await call('preflight_run');
      expect(run.error).toBeUndefined();
      expect(JSON.stringify(run.data)).toMatch(/"passed":2/);
      await call('preflight_clean');
    } finally {
      await removeLabelled(engine, temp.dir);
      await removeImages(engine, 'tandem-example-shop');
    }
  });
});
