/**
 * Opening and saving diagrams.net files through the real studio (workspace on disk, SQLite
 * journal, the `_session` actions a client sends): the answer to `open` says what the file held
 * that the studio keeps but does not edit, and a save writes the file back as it came.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Studio } from '../../core/studio';
import { Workspace } from '../../core/workspace';

let dir: string;
const running: Array<{ studio: Studio; ws: Workspace }> = [];

async function start(): Promise<Studio> {
  const ws = await Workspace.acquire(dir);
  const studio = await Studio.open(ws);
  running.push({ studio, ws });
  return studio;
}

function addFixture(name: string): string {
  mkdirSync(join(dir, 'diagrams'), { recursive: true });
  copyFileSync(join(__dirname, 'fixtures', name), join(dir, 'diagrams', name));
  return `diagrams/${name}`;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-drawio-open-'));
});
afterEach(async () => {
  for (const { studio, ws } of running.splice(0)) {
    await studio.close();
    ws.release();
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('open and save of diagrams.net files', () => {
  it('says in its answer what it keeps but cannot edit, and what it draws simplified', async () => {
    const studio = await start();
    const path = addFixture('services-compressed.drawio');
    const answer = await studio.fcp('drawio').session(`open ${path}`, 'claude');
    expect(answer.isError).toBe(false);
    expect(answer.text.split('\n')).toEqual([
      `!opened ${path} "services-compressed"`,
      '! kept unchanged, not editable here: 2 unattached edges, 1 edge to a container',
      '! drawn simplified here, kept as they are in the file: 1 image, 1 custom shape (mxgraph.aws4.application_load_balancer)',
      'digest: 7s 2e 1g | page:Services (2 pages)',
    ]);
  });

  it('says nothing more for a file it represents fully', async () => {
    const studio = await start();
    const path = addFixture('swimlanes.drawio');
    const answer = await studio.fcp('drawio').session(`open ${path}`, 'claude');
    expect(answer.text.split('\n')).toHaveLength(2);
  });

  it('saves a compressed file compressed, with an edit and nothing else changed', async () => {
    const studio = await start();
    const path = addFixture('services-compressed.drawio');
    const drawio = studio.fcp('drawio');
    await drawio.session(`open ${path}`, 'claude');
    expect((await drawio.mutate(['move Auth to:140,100 strict:true'], 'person')).isError).toBe(false);
    expect((await drawio.session('save', 'person')).text.split('\n')[0]).toBe(`!saved ${path}`);
    const saved = readFileSync(join(dir, path), 'utf8');
    expect(saved).not.toContain('<mxGraphModel');
    expect(saved).toContain('<diagram id="srv-services" name="Services">');
    expect(saved).toContain('etag="Qm8pZ3xWcLk2vN0aR7tY"');
    const reopened = await drawio.session(`open ${path}`, 'claude');
    expect(reopened.isError).toBe(false);
    expect((await drawio.query('describe Auth', 'claude')).text).toContain('@(140,100 140x60)');
  });
});
