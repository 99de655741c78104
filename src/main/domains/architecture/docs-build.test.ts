/**
 * build_docs's diagram phase against a D2 that answers only when the test lets it: what is asked
 * of D2 and when, and what lands on disk.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { D2SyntaxError } from './d2-common';
import type { D2Service } from './d2-service';
import { DiagramCache, readManifest, svgFileOf } from './diagrams';
import { buildDocs, PREPARE_DOCS_TASK, previousManifest, RENDER_DOCS_TASK, startDiagramRenders } from './docs-build';
import { prepareDocs, type RenderDocsFileInput, renderDocsFile } from './docs-render';
import { generatedProject, writeTree } from './fixture';
import { ProjectModel } from './model';
import { readProject } from './project';

/** A D2 that keeps each request until `answerAll`: a source with `broken` fails as a syntax error. */
function heldD2() {
  const asked: { source: string; answer(): void }[] = [];
  const d2 = {
    render: (source: string) =>
      new Promise<string>((resolve, reject) => {
        asked.push({ source, answer: () => (source.includes('broken') ? reject(new D2SyntaxError('line 1: broken', 1)) : resolve(`<svg>${source.length}</svg>`)) });
      }),
    parallelism: async () => 16,
  };
  const answerAll = () => asked.splice(0).forEach((request) => request.answer());
  return { d2: d2 as unknown as D2Service, asked, answerAll };
}

const request = { formats: ['markdown'] as const, incremental: false, signal: new AbortController().signal, progress: () => undefined };
const offload = async (task: string, input: unknown) => (task === RENDER_DOCS_TASK ? renderDocsFile(input as RenderDocsFileInput) : undefined);

describe('build_docs diagrams', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const project = (systems: number) => {
    dir = mkdtempSync(join(tmpdir(), 'docs-build-'));
    writeTree(dir, generatedProject(systems, 1, 2));
    return new ProjectModel('t', readProject(dir, 't'));
  };

  it('asks D2 for every distinct diagram at once, so that a core ending a run finds the next waiting, and writes each', async () => {
    // 40 systems: 40 distinct system diagrams and one container diagram shared by 40 containers,
    // more than the 16 the build used to keep asked for at a time.
    const model = project(40);
    const { d2, asked, answerAll } = heldD2();
    const built = buildDocs(model, join(dir, 'dist'), request, { diagrams: new DiagramCache(d2), offload });
    expect(asked.length).toBe(41);
    answerAll();
    const result = await built;
    expect(result.diagramsRendered).toBe(80);
    const manifest = readManifest(join(dir, 'dist'));
    for (const element of model.elements.filter((e) => e.d2Path)) {
      expect(readFileSync(join(dir, 'dist', svgFileOf(element)), 'utf8')).toBe(`<svg>${element.d2!.length}</svg>`);
      expect(manifest.files[svgFileOf(element)]).toBeDefined();
    }
  });

  it('renders started ahead (while a call catches up with the disk) are the ones the build then waits for, not asked again', async () => {
    const model = project(20);
    const { d2, asked, answerAll } = heldD2();
    const diagrams = new DiagramCache(d2);
    const outAbs = join(dir, 'dist');
    startDiagramRenders(model, outAbs, previousManifest(outAbs, false), diagrams);
    expect(asked.length).toBe(21);
    const built = buildDocs(model, outAbs, request, { diagrams, offload });
    expect(asked.length).toBe(21);
    answerAll();
    expect((await built).diagramsRendered).toBe(40);
  });

  it('has a pool worker make ready to build the docs while D2 still draws', async () => {
    const model = project(2);
    const { d2, answerAll } = heldD2();
    const tasks: { task: string; input: unknown }[] = [];
    const recording = (task: string, input: unknown) => {
      tasks.push({ task, input });
      return offload(task, input);
    };
    const built = buildDocs(model, join(dir, 'dist'), { ...request, formats: ['pdf', 'html'] as never }, { diagrams: new DiagramCache(d2), offload: recording });
    expect(tasks).toEqual([{ task: PREPARE_DOCS_TASK, input: { formats: ['pdf', 'html'] } }]);
    // What it does, it does without a project.
    await prepareDocs({ formats: ['pdf', 'html'] });
    answerAll();
    await built;
    expect(tasks.filter((t) => t.task === RENDER_DOCS_TASK).length).toBeGreaterThan(0);
  });

  it("lists a diagram that does not compile in the project's order, and builds the rest", async () => {
    const model = project(3);
    const broken = model.elements.find((e) => e.kind === 'system' && e.key === 'System001')!;
    broken.d2 = 'broken ->';
    const { d2, answerAll } = heldD2();
    const built = buildDocs(model, join(dir, 'dist'), request, { diagrams: new DiagramCache(d2), offload });
    answerAll();
    const result = await built;
    expect(result.failedDiagrams).toEqual([{ key: 'System001', file: broken.d2Path, message: 'line 1: broken', line: 1 }]);
    expect(result.diagramsRendered).toBe(5);
  });
});
