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
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
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
  await linkReadBench(ai, view, report, percentile);
  await view.close();
  await closeBridge(ai, dir);
  rmSync(dir, { recursive: true, force: true });
}

const LINK_SHAPES = 3000;

/**
 * Reading an unsaved 3,000-shape diagram by its tandem:// link (the file made in a worker), and
 * another client's query while such reads run, against the same query with nothing else running.
 */
async function linkReadBench(ai: Client, other: Client, report: Report, percentile: Percentile): Promise<void> {
  await ai.callTool({ name: 'drawio_session', arguments: { action: 'new "Link bench"' } });
  let link: ResourceLink | undefined;
  for (let start = 0; start < LINK_SHAPES; start += 250) {
    const ops = Array.from({ length: 250 }, (_, k) => `add box L${start + k} at:${((start + k) % 50) * 160},${Math.floor((start + k) / 50) * 100}`);
    const result = await ai.callTool({ name: 'drawio', arguments: { ops } });
    link = (result.content as Array<{ type: string }>).find((c): c is ResourceLink => c.type === 'resource_link') ?? link;
  }
  const query = async () => {
    const start = performance.now();
    await other.callTool({ name: 'drawio_query', arguments: { q: 'describe L1' } });
    return performance.now() - start;
  };
  const idle: number[] = [];
  for (let i = 0; i < RUNS; i++) idle.push(await query());
  const reads: number[] = [];
  const during: number[] = [];
  for (let i = 0; i < 5; i++) {
    let done = false;
    const start = performance.now();
    const read = ai.readResource({ uri: link!.uri }).then(() => {
      reads.push(performance.now() - start);
      done = true;
    });
    while (!done) during.push(await query());
    await read;
  }
  report(`read an unsaved ${LINK_SHAPES.toLocaleString('en')}-shape diagram's tandem:// link`, `median ${ms(percentile(reads, 50))}`, '-');
  report('another client\'s query during those reads', `p50 ${ms(percentile(during, 50))} p95 ${ms(percentile(during, 95))} (idle p50 ${ms(percentile(idle, 50))}, ${during.length} answered)`, 'p95 < 50 ms');
}
