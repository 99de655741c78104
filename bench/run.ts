/**
 * `npm run bench`: the performance figures of issue 2, of the core under heavy work (issue 6, bench/core.ts),
 * of the midi domain (issue 7, bench/midi.ts), of the studio page (issue 3, bench/ui.ts), of playback and
 * rendering (issue 7, bench/audio.ts), of test environments (issue 8: bench/testenv.ts for Docker,
 * bench/testenv-mock.ts for the mocks, bench/testenv-yaml.ts for yaml suites), of the tasks domain (issue 9, bench/tasks.ts), of the architecture domain
 * (issue 10, bench/architecture.ts; issue 23's native D2 beside the WASM build, bench/d2.ts), of the context domain (issue 11, bench/context.ts) and of a page of 1,000 stencil
 * shapes, the first paint of the largest corpus page beside diagrams.net's own viewer, the shape library catalog,
 * the shapes drawn in code, a page of edges with rich labels and export (issue 20, bench/drawio-stencils.ts,
 * bench/drawio-first-paint.ts, bench/drawio-libraries.ts, bench/drawio-code-shapes.ts, bench/drawio-edge-labels.ts,
 * bench/drawio-export.ts), of the chat views (issue 22, bench/chat-views.ts) and of test environments on a remote engine
 * (issue 25, bench/testenv-remote.ts), printed, never asserted.
 * Targets are printed beside each figure; the run exits 0 whatever the figures are.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SHOP_PROJECT, writeTree } from '../src/main/domains/architecture/fixture';
import { drawioDomain } from '../src/main/domains/drawio';
import { FcpDocument } from '../src/main/fcp/document';
import { openStudio } from '../src/main/host/domains';
import { Workspace } from '../src/main/core/workspace';
import { architectureBench } from './architecture';
import { d2Bench } from './d2';
import { audioBench } from './audio';
import { roundTripBench } from './round-trip';
import { chatViewsBench } from './chat-views';
import { contextBench } from './context';
import { coreBench, serve } from './core';
import { exportBench } from './drawio-export';
import { fileBench } from './drawio-file';
import { codeShapeBench } from './drawio-code-shapes';
import { corpusFirstPaintBench } from './drawio-first-paint';
import { libraryCatalogBench } from './drawio-libraries';
import { stencilBench } from './drawio-stencils';
import { edgeLabelBench } from './drawio-edge-labels';
import { edgeRouteBench } from './drawio-edge-routes';
import { midiBench } from './midi';
import { tasksBench } from './tasks';
import { testenvBench } from './testenv';
import { remoteEngineBench } from './testenv-remote';
import { mockBench } from './testenv-mock';
import { yamlSuiteBench } from './testenv-yaml';
import { uiBench } from './ui';
import { firstPaintBench } from './ui-first-paint';
import { time } from './timing';

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function ms(n: number): string {
  return `${n.toFixed(3)} ms`;
}

function report(name: string, figure: string, target: string): void {
  console.log(`${name.padEnd(46)} ${figure.padEnd(34)} target: ${target}`);
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'tandem-bench-'));
}

/** 1,000 adds in one batch, in a document alone and through the studio (journal included). */
async function batchBench(): Promise<void> {
  const ops = Array.from({ length: 1000 }, (_, i) => `add box N${i} at:${(i % 40) * 150},${Math.floor(i / 40) * 100}`);
  const docTimes: number[] = [];
  // Two warm-up runs first, so the figure is the steady state rather than the JIT's first pass.
  for (let run = -2; run < 5; run++) {
    const doc = FcpDocument.create(drawioDomain, { title: 'bench' });
    const took = await time(() => doc.applyBatch(ops, 'bench'));
    if (run >= 0) docTimes.push(took);
  }
  report('1,000-op batch (document)', `median ${ms(percentile(docTimes, 50))}`, '< 20 ms');

  const dir = tempDir();
  const ws = await Workspace.acquire(dir);
  const studio = await openStudio(ws);
  const drawio = studio.fcp('drawio');
  const studioTimes: number[] = [];
  for (let run = 0; run < 5; run++) {
    await drawio.session('new "bench" discard:true', 'bench');
    studioTimes.push(await time(() => drawio.mutate(ops, 'bench')));
  }
  report('1,000-op batch (studio, journaled)', `median ${ms(percentile(studioTimes, 50))}`, '< 20 ms');
  await studio.close();
  ws.release();
  rmSync(dir, { recursive: true, force: true });
}

/** map and stats on a 2,000-shape diagram. */
async function queryBench(): Promise<void> {
  const doc = FcpDocument.create(drawioDomain, { title: 'big' });
  const ops = Array.from({ length: 2000 }, (_, i) => `add svc S${i} at:${(i % 50) * 180},${Math.floor(i / 50) * 120}`);
  await doc.applyBatch(ops, 'bench');
  await doc.applyBatch(
    Array.from({ length: 1000 }, (_, i) => `connect S${i} -> S${i + 1}`),
    'bench',
  );
  for (const q of ['map', 'stats']) {
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) samples.push(await time(() => doc.query(q)));
    report(`${q} on 2,000 shapes`, `p50 ${ms(percentile(samples, 50))} p95 ${ms(percentile(samples, 95))}`, '< 10 ms');
  }
}

/** `tandem serve` from spawn to its ready line, then from SIGTERM to its exit (after `stopAfterMs`). */
async function serveOnce(dir: string, stopAfterMs = 0): Promise<{ ready: number; stop: number }> {
  const start = performance.now();
  const core = await serve(dir);
  const ready = performance.now() - start;
  await new Promise((ok) => setTimeout(ok, stopAfterMs));
  const stopping = performance.now();
  await core.stop();
  return { ready, stop: performance.now() - stopping };
}

async function serveStartBench(): Promise<void> {
  const ready: number[] = [];
  const stop: number[] = [];
  for (let run = 0; run < 5; run++) {
    const dir = tempDir();
    const times = await serveOnce(dir);
    ready.push(times.ready);
    stop.push(times.stop);
    rmSync(dir, { recursive: true, force: true });
  }
  report('serve start to ready', `median ${ms(percentile(ready, 50))}`, '< 500 ms');
  report('serve SIGTERM to exit', `median ${ms(percentile(stop, 50))}`, '< 1 s');
  // With a loko project the core starts D2 at once; V8 then compiles D2's WASM for seconds, which
  // nothing can interrupt: the stop kills D2's process rather than wait (it held the exit 8 s in a thread).
  const loading: number[] = [];
  for (let run = 0; run < 3; run++) {
    const dir = tempDir();
    writeTree(join(dir, 'architecture'), SHOP_PROJECT);
    loading.push((await serveOnce(dir, 2_000)).stop);
    rmSync(dir, { recursive: true, force: true });
  }
  report('serve SIGTERM to exit, D2 loading', `median ${ms(percentile(loading, 50))}, max ${ms(Math.max(...loading))}`, '< 1 s');
}

async function main(): Promise<void> {
  console.log(`Tandem Studio benchmarks (node ${process.version}, ${new Date().toISOString()})`);
  await batchBench();
  await queryBench();
  await serveStartBench();
  await roundTripBench(report, percentile);
  await coreBench(report, percentile);
  await edgeRouteBench(report);
  await fileBench(report);
  libraryCatalogBench(report);
  await exportBench(report, percentile);
  codeShapeBench(report);
  await midiBench(report, percentile);
  await uiBench({ report, percentile });
  await firstPaintBench({ report, percentile });
  await stencilBench({ report, percentile });
  await corpusFirstPaintBench({ report, percentile });
  await edgeLabelBench({ report, percentile });
  await audioBench({ report, percentile });
  await mockBench(report, percentile);
  await yamlSuiteBench(report, percentile);
  await testenvBench({ report, percentile });
  await remoteEngineBench({ report, percentile });
  await tasksBench(report, percentile);
  await architectureBench(report, percentile);
  await d2Bench(report, percentile);
  await contextBench(report, percentile);
  await chatViewsBench(report, percentile);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
