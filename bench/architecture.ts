/**
 * The architecture figures of issue 10 on a generated 50-system loko project (3 containers of 2
 * components each, a diagram per system and per container): each tool's first call after the studio
 * opens, then p50 and max warm; build_docs full and incremental with nothing changed; TOON against
 * JSON for the same query_architecture answers. Issue 19: a call right after an edit on disk (the
 * files' stamp compared, the project read again), and loko's own example (the corpus) opened,
 * queried, validated and saved. Printed, not asserted.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openStudio } from '../src/main/host/domains';
import { Workspace } from '../src/main/core/workspace';
import { architectureDomain } from '../src/main/domains/architecture';
import { generatedProject, writeTree } from '../src/main/domains/architecture/fixture';
import { corpusPath } from '../src/main/testing/corpora';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function architectureBench(report: Report, percentile: Percentile): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-arch-'));
  writeTree(join(dir, 'architecture'), generatedProject(50, 3, 2));
  cpSync(corpusPath('loko', 'serverless'), join(dir, 'serverless'), { recursive: true });
  const openStart = performance.now();
  const ws = await Workspace.acquire(dir);
  const studio = await openStudio(ws, { toolDomains: [architectureDomain] });
  let n = 0;
  const call = async (tool: string, args: Record<string, unknown>): Promise<{ took: number; result: CallToolResult }> => {
    const start = performance.now();
    const result = await studio.callTool('architecture', tool, args, { origin: 'bench' });
    const took = performance.now() - start;
    if (result.isError) throw new Error(`${tool} failed: ${(result.content[0] as { text: string }).text}`);
    return { took, result };
  };
  const fresh = () => `Bench${n++}`;
  const d2 = (i: number) => `a${i}: Service ${i}\nb${i}: Store ${i} {shape: cylinder}\na${i} -> b${i}: writes\n`;
  // Each tool's arguments for the i-th call (write tools get new names, update_diagram a new source).
  const calls: [string, (i: number) => Record<string, unknown>][] = [
    ['query_project', () => ({})],
    ['query_architecture', () => ({ detail: 'structure' })],
    ['create_system', () => ({ system_name: fresh(), description: 'bench' })],
    ['create_container', () => ({ system_name: 'System000', container_name: fresh(), type: 'Go' })],
    ['create_component', () => ({ system_name: 'System000', container_name: 'c0', component_name: fresh() })],
    ['update_diagram', (i) => ({ scope: 'system', target: 'System001', d2_code: d2(i) })],
    ['validate', () => ({})],
  ];
  try {
    console.log('architecture: a generated project of 50 systems, 150 containers, 300 components, 200 diagrams');
    // D2 starts loading in its own process as the studio opens (3-4 s here); a diagram asked for at
    // once waits for it. The other tools answer meanwhile: their first calls follow.
    const opened = performance.now() - openStart;
    const firstRender = await call('preview_diagram', { d2_code: d2(-1) });
    report('architecture D2 first render, asked at open', `${ms(opened + firstRender.took)} from open (open ${ms(opened)})`, 'D2 loads in its process; others answer');
    for (const [tool, args] of calls) {
      const { took } = await call(tool, args(0));
      report(`architecture ${tool} (first call)`, ms(took), '< 2 s');
    }
    const full = await call('build_docs', { incremental: false });
    const build = (full.result.structuredContent as any).build;
    report('architecture build_docs full (all formats)', `${ms(full.took)} (${build.files_generated} files, ${build.diagrams_rendered} diagrams)`, 'no target; D2 renders each diagram once');
    // The same full build again: every file written anew, the diagrams from D2's results in memory
    // (as after the studio has rendered a project's diagrams in the background).
    const again = await call('build_docs', { incremental: false });
    report('architecture build_docs full, diagrams known', `${ms(again.took)} (${(again.result.structuredContent as any).build.files_generated} files)`, '< 2 s');
    const nothing = await call('build_docs', {});
    report('architecture build_docs incremental, unchanged', `${ms(nothing.took)} (${(nothing.result.structuredContent as any).build.cache_hits} cache hits)`, '< 300 ms');
    await call('update_diagram', { scope: 'system', target: 'System002', d2_code: d2(999) });
    const one = await call('build_docs', {});
    report('architecture build_docs after one diagram changed', `${ms(one.took)} (${(one.result.structuredContent as any).build.files_generated} files)`, 'no target');

    // Warm: every tool again and again.
    for (const [tool, args] of [...calls, ['build_docs', () => ({})] as [string, () => Record<string, unknown>]]) {
      const samples: number[] = [];
      for (let i = 1; i <= 10; i++) samples.push((await call(tool, args(i))).took);
      report(`architecture ${tool} (warm, 10 calls)`, `p50 ${ms(percentile(samples, 50))}, max ${ms(Math.max(...samples))}`, 'max < 200 ms');
    }

    // Every call compares the files' stamp with the last read's; after an edit on disk it reads the project again.
    const still: number[] = [];
    const edited: number[] = [];
    for (let i = 0; i < 10; i++) {
      still.push((await call('query_project', {})).took);
      mkdirSync(join(dir, 'architecture/src/System003', `byhand${i}`));
      writeFileSync(join(dir, 'architecture/src/System003', `byhand${i}`, 'container.md'), `---\nname: By hand ${i}\n---\n`);
      edited.push((await call('query_project', {})).took);
    }
    report('architecture query_project, nothing changed on disk (stamp checked)', `p50 ${ms(percentile(still, 50))}, max ${ms(Math.max(...still))}`, 'max < 200 ms');
    report('architecture query_project right after a container added by hand', `p50 ${ms(percentile(edited, 50))}, max ${ms(Math.max(...edited))}`, 'sees it; < 2 s');

    // loko's own example as loko wrote it: opened (first call), queried, validated, saved (one field).
    const corpus = { project_path: 'serverless' };
    const steps: [string, string, Record<string, unknown>][] = [
      ['open (first query_project)', 'query_project', corpus],
      ['query_architecture full', 'query_architecture', { ...corpus, scope: 'system', target: 'order-processing', detail: 'full' }],
      ['validate', 'validate', corpus],
      ['save (update_element)', 'update_element', { ...corpus, target: 'order-processing/api-handlers/create-order', description: 'Creates orders' }],
    ];
    for (const [label, tool, args] of steps) report(`architecture loko example: ${label}`, ms((await call(tool, args)).took), '< 2 s');

    for (const [label, args] of [
      ['summary', { detail: 'summary' }],
      ['structure', { detail: 'structure' }],
      ['full, one system', { scope: 'system', target: 'System010', detail: 'full' }],
    ] as const) {
      const json = (await call('query_architecture', args)).result;
      const toon = (await call('query_architecture', { ...args, format: 'toon' })).result;
      const jsonBytes = Buffer.byteLength((json.content[0] as { text: string }).text);
      const toonBytes = Buffer.byteLength((toon.content[0] as { text: string }).text);
      report(`architecture TOON vs JSON (${label})`, `${toonBytes} B vs ${jsonBytes} B (${Math.round((100 * toonBytes) / jsonBytes)}%)`, 'TOON smaller');
    }
  } finally {
    await studio.close();
    ws.release();
    rmSync(dir, { recursive: true, force: true });
  }
}
