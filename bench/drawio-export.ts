/**
 * Export (issue 20): the largest diagrams.net file of the corpus drawn as .drawio.svg and as
 * .drawio.png (scale 1 and 2) by `drawio_session export` on a real studio, whose offload worker
 * draws it: the first export (the worker loads maxGraph, linkedom and the stencil libraries) and
 * the median of the next ones. Printed, never asserted.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStudio } from '../src/main/host/domains';
import { Workspace } from '../src/main/core/workspace';
import { corpusFiles } from '../src/main/testing/corpora';

type Report = (name: string, figure: string, target: string) => void;
const RUNS = 5;

export async function exportBench(report: Report, percentile: (samples: number[], p: number) => number): Promise<void> {
  const largest = corpusFiles('drawio', ['.drawio', '.xml']).sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!largest) return report('drawio export', 'skipped: no corpus', '-');
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-export-'));
  const ws = await Workspace.acquire(dir);
  const studio = await openStudio(ws);
  try {
    copyFileSync(largest, join(dir, basename(largest)));
    const drawio = studio.fcp('drawio');
    await drawio.session(`open ${basename(largest)}`, 'bench');
    const size = `${basename(largest)}, ${(statSync(largest).size / 1024).toFixed(0)} kB`;
    for (const [label, action] of [
      ['svg', 'export as:bench.drawio.svg'],
      ['png', 'export as:bench.drawio.png'],
      ['png x2', 'export as:bench2.drawio.png scale:2'],
    ] as const) {
      const times: number[] = [];
      let answer = '';
      for (let run = 0; run <= RUNS; run++) {
        const start = performance.now();
        const result = await drawio.session(action, 'bench');
        times.push(performance.now() - start);
        answer = result.text.split('\n')[0];
        if (result.isError) return report(`drawio export ${label}`, `failed: ${answer}`, '-');
      }
      const [first, ...rest] = times;
      const pixels = /(\d+x\d+ px)/.exec(answer)?.[1] ?? '';
      report(`drawio export ${label}, largest corpus file`, `first ${first.toFixed(0)} ms, then median ${percentile(rest, 50).toFixed(0)} ms`, `under 2 s (${size}, ${pixels})`);
    }
  } finally {
    await studio.close();
    ws.release();
    rmSync(dir, { recursive: true, force: true });
  }
}
