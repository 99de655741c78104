/**
 * Opening and saving diagrams.net files through the real studio (workspace on disk, SQLite
 * journal, the `_session` actions a client sends): the answer to `open` says what the file held
 * that the studio keeps but does not edit, and a save writes the file back as it came.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryWorkspace } from '../../testing/temporary-studio';
import { listDomainFiles } from '../../core/list-files';
import { renderReferenceCard, sessionToolDescription } from '../../fcp/reference-card';
import { corpusPath } from '../../testing/corpora';
import { drawioDomain } from './index';
import { differences, outline } from './testing/mxfile-outline';

const temp = temporaryWorkspace('tandem-drawio-open-');

function addFixture(name: string): string {
  mkdirSync(join(temp.dir, 'diagrams'), { recursive: true });
  copyFileSync(join(__dirname, 'fixtures', name), join(temp.dir, 'diagrams', name));
  return `diagrams/${name}`;
}

describe('open and save of diagrams.net files', () => {
  it('says in its answer what it keeps but cannot edit (what the canvas draws simplified is the canvas notice)', async () => {
    const studio = await temp.open();
    const path = addFixture('flowchart.drawio');
    const answer = await studio.fcp('drawio').session(`open ${path}`, 'claude');
    expect(answer.isError).toBe(false);
    expect(answer.text.split('\n').slice(0, 2)).toEqual([`!opened ${path} "flowchart"`, '! kept unchanged, not editable here: 1 edge to an edge, 2 cells in parent loops']);
  });

  it('says nothing more for a file it represents fully', async () => {
    const studio = await temp.open();
    const path = addFixture('swimlanes.drawio');
    const answer = await studio.fcp('drawio').session(`open ${path}`, 'claude');
    expect(answer.text.split('\n')).toHaveLength(2);
  });

  it('saves a compressed file compressed, with an edit and nothing else changed', async () => {
    const studio = await temp.open();
    const path = addFixture('services-compressed.drawio');
    const drawio = studio.fcp('drawio');
    await drawio.session(`open ${path}`, 'claude');
    expect((await drawio.mutate(['move Auth to:140,100 strict:true'], 'person')).isError).toBe(false);
    expect((await drawio.session('save', 'person')).text.split('\n')[0]).toBe(`!saved ${path}`);
    const saved = readFileSync(join(temp.dir, path), 'utf8');
    expect(saved).not.toContain('<mxGraphModel');
    expect(saved).toContain('<diagram id="srv-services" name="Services">');
    expect(saved).toContain('etag="Qm8pZ3xWcLk2vN0aR7tY"');
    const reopened = await drawio.session(`open ${path}`, 'claude');
    expect(reopened.isError).toBe(false);
    expect((await drawio.query('describe Auth', 'claude')).text).toContain('@(140,100 140x60)');
  });
});

describe('.xml diagrams.net files (the template library saves diagrams so)', () => {
  function addCorpusFile(name: string, as: string): string {
    mkdirSync(join(temp.dir, 'diagrams'), { recursive: true });
    copyFileSync(corpusPath('drawio', name), join(temp.dir, 'diagrams', as));
    return `diagrams/${as}`;
  }

  it('lists .xml files that hold a diagram beside .drawio files, and no other .xml', async () => {
    addCorpusFile('uml-state_machine_1.xml', 'states.xml');
    addFixture('flowchart.drawio');
    writeFileSync(join(temp.dir, 'pom.xml'), '<?xml version="1.0"?>\n<project><modelVersion>4.0.0</modelVersion></project>\n');
    expect((await listDomainFiles(temp.dir, drawioDomain)).map((file) => file.path)).toEqual(['diagrams/flowchart.drawio', 'diagrams/states.xml']);
  });

  it('opens one, saves it back as .xml meaning what it meant, and saves as another .xml', async () => {
    const studio = await temp.open();
    const path = addCorpusFile('cloud-ibm_vpc_architecture.xml', 'vpc.xml');
    const original = readFileSync(join(temp.dir, path), 'utf8');
    const drawio = studio.fcp('drawio');
    expect((await drawio.session(`open ${path}`, 'claude')).text.split('\n')[0]).toBe(`!opened ${path} "vpc"`);
    expect((await drawio.session('save', 'person')).text.split('\n')[0]).toBe(`!saved ${path}`);
    expect(differences(outline(original), outline(readFileSync(join(temp.dir, path), 'utf8')))).toEqual([]);
    expect((await drawio.session('save as:diagrams/copy.xml', 'person')).text.split('\n')[0]).toBe('!saved diagrams/copy.xml');
    expect(differences(outline(original), outline(readFileSync(join(temp.dir, 'diagrams', 'copy.xml'), 'utf8')))).toEqual([]);
  });

  it('refuses an .xml file that is no diagram, saying what it holds', async () => {
    const studio = await temp.open();
    writeFileSync(join(temp.dir, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion></project>\n');
    const answer = await studio.fcp('drawio').session('open pom.xml', 'claude');
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('cannot open pom.xml: it is not a draw.io file: the document element is <project>, not <mxfile>');
  });

  it('are named on the reference card and in the session tool', () => {
    expect(sessionToolDescription(drawioDomain)).toContain('Paths are inside the workspace; files are .drawio (also .xml, .drawio.svg, .drawio.png).');
    expect(renderReferenceCard(drawioDomain)).toContain('files are .drawio (also .xml, .drawio.svg, .drawio.png).');
  });

  it('still refuses other extensions', async () => {
    const studio = await temp.open();
    const answer = await studio.fcp('drawio').session('open notes.txt', 'claude');
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('is not a .drawio file');
  });
});
