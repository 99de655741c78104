/**
 * The chat views' figures (issue 22), through `tandem mcp` as Claude Desktop reaches them: what each
 * built page weighs (plain and gzipped), reading the diagram's page, and how long an AI's edit takes
 * to reach a view waiting in tandem_view_changes (from the edit's call to the view's answer, two
 * bridges on one core). Printed, not asserted.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { ViewChanges } from '../src/shared/chat-views';
import { bridgeClient, closeBridge } from './bridge';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const RUNS = 50;
const ms = (n: number) => `${n.toFixed(3)} ms`;

export async function chatViewsBench(report: Report, percentile: Percentile): Promise<void> {
  const apps = join(__dirname, '..', 'out', 'apps');
  for (const page of readdirSync(apps).filter((f) => f.endsWith('.html'))) {
    const bytes = readFileSync(join(apps, page));
    report(`chat view ${page}`, `${(bytes.length / 1024).toFixed(0)} kB (${(gzipSync(bytes).length / 1024).toFixed(0)} kB gzipped)`, 'small');
  }

  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-views-'));
  const ai = await bridgeClient(dir, ['--toolsets', 'drawio']);
  const view = await bridgeClient(dir, ['--toolsets', 'drawio']);
  await ai.callTool({ name: 'drawio', arguments: { ops: ['add svc Warmup'] } });
  const reads: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await view.readResource({ uri: 'ui://tandem/drawio/diagram' });
    reads.push(performance.now() - start);
  }
  report('chat view: diagram page read through the bridge', `p50 ${ms(percentile(reads, 50))}`, '-');

  let state = (await view.callTool({ name: 'tandem_view_changes', arguments: { document: 'drawio' } })).structuredContent as unknown as ViewChanges;
  const latencies: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const waiting = view.callTool({ name: 'tandem_view_changes', arguments: { document: 'drawio', since: state.seq, document_id: state.documentId, wait_ms: 10_000 } });
    // The view's call reaches the core and waits before the edit is sent.
    await new Promise((ok) => setTimeout(ok, 20));
    const start = performance.now();
    void ai.callTool({ name: 'drawio', arguments: { ops: [`add box B${i}`] } });
    state = (await waiting).structuredContent as unknown as ViewChanges;
    latencies.push(performance.now() - start);
  }
  report('chat view: AI edit to a waiting view (2 bridges)', `p50 ${ms(percentile(latencies, 50))} p95 ${ms(percentile(latencies, 95))}`, 'p50 < 20 ms');
  await view.close();
  await closeBridge(ai, dir);
  rmSync(dir, { recursive: true, force: true });
}
