/**
 * A page of 1,000 diagrams.net stencil shapes (issue 20) in Debian's Chromium against a real
 * `tandem serve`: from the AI's `open` to every shape in view (the page opens at 50%, about 160
 * of them) drawn from its stencil, the first time (the stencil index, maxGraph and two libraries
 * load) and again (all cached in the page); and frames a second while the view is panned over
 * them. Printed, never asserted.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { connectAiClient, type AiClient } from '../e2e/support/ai-client';
import { launchChromium, newBrowserContext, openStudioTab, waitUntilLive } from '../e2e/support/browser';
import { Disposables } from '../e2e/support/disposables';
import { startStudioServer } from '../e2e/support/studio-server';
import { emptyCanvasPoint, type BenchReporting } from './ui';

const SHAPES = 1000;
const COLUMNS = 40;
const STEP = { x: 120, y: 110 };
const RUNS = 5;
const FILE = 'bench-stencils.drawio';
const EMPTY_FILE = 'bench-stencils-empty.drawio';

/** Cisco and AWS 4 shapes as diagrams.net's libraries draw them, resource icons among them. */
const STYLES = [
  'shape=mxgraph.cisco.routers.router;fillColor=#036897;strokeColor=#ffffff;',
  'shape=mxgraph.cisco.switches.workgroup_switch;fillColor=#036897;strokeColor=#ffffff;',
  'shape=mxgraph.cisco.servers.fileserver;fillColor=#005073;strokeColor=#ffffff;',
  'shape=mxgraph.cisco.misc.access_point;fillColor=#036897;strokeColor=#ffffff;',
  'shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;fillColor=#ED7100;strokeColor=#ffffff;',
  'shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.s3;fillColor=#7AA116;strokeColor=#ffffff;',
  'shape=mxgraph.aws4.lambda_function;fillColor=#ED7100;strokeColor=none;',
  'shape=mxgraph.aws4.lightbulb;fillColor=#3F8624;strokeColor=none;',
];

function stencilFile(): string {
  const cells = Array.from({ length: SHAPES }, (_, i) => {
    const style = `${STYLES[i % STYLES.length]}verticalLabelPosition=bottom;verticalAlign=top;html=1;`;
    const [x, y] = [(i % COLUMNS) * STEP.x, Math.floor(i / COLUMNS) * STEP.y];
    return `<mxCell id="s${i}" value="S${i}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="60" height="60" as="geometry"/></mxCell>`;
  });
  return `<mxfile><diagram id="p" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`;
}

const EMPTY = '<mxfile><diagram id="p" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></root></mxGraphModel></diagram></mxfile>';

/** Until the page shows shape nodes and each one is drawn from its stencil; answers how many. */
async function stencilsDrawn(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const nodes = document.querySelectorAll('.shape-node');
      return nodes.length > 0 && [...nodes].every((node) => node.querySelector('[data-stencil]')) && nodes.length;
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

const viewportTransform = (page: Page) => page.locator('.react-flow__viewport').evaluate((element) => (element as HTMLElement).style.transform);

/**
 * Frames a second while the view is dragged (middle button, from an empty spot) up and left over
 * the page for a second and a half, so shapes keep coming into view; and whether the view moved.
 */
export async function panFrames(page: Page): Promise<{ fps: number; moved: boolean }> {
  const start = await emptyCanvasPoint(page);
  const before = await viewportTransform(page);
  await page.evaluate(`(() => { window.__frames = []; const tick = (t) => { window.__frames.push(t); if (window.__frames.length < 2000) requestAnimationFrame(tick); }; requestAnimationFrame(tick); })()`);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down({ button: 'middle' });
  const began = performance.now();
  while (performance.now() - began < 1500) {
    const t = (performance.now() - began) / 1500;
    await page.mouse.move(start.x - 500 * t, start.y - 300 * t);
  }
  await page.mouse.up({ button: 'middle' });
  const frames = (await page.evaluate('window.__frames')) as number[];
  return { fps: ((frames.length - 1) * 1000) / (frames[frames.length - 1] - frames[0]), moved: (await viewportTransform(page)) !== before };
}

/**
 * The AI opens the empty file, then `file` (`runs` times): from each open sent to `drawn` answering
 * (its last answer, a count, comes back too). The page is empty of `shown` before each open.
 */
export async function timedOpens(
  page: Page,
  ai: AiClient,
  { file, empty, runs, shown }: { file: string; empty: string; runs: number; shown: string },
  drawn: (page: Page) => Promise<number>,
): Promise<{ opens: number[]; drawn: number }> {
  const opens: number[] = [];
  let count = 0;
  for (let run = 0; run < runs; run++) {
    await ai.session(`open ${empty}`);
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 0, shown);
    const sentAt = performance.now();
    await ai.session(`open ${file}`);
    count = await drawn(page);
    opens.push(performance.now() - sentAt);
  }
  return { opens, drawn: count };
}

export async function stencilBench(out: BenchReporting): Promise<void> {
  const disposables = new Disposables();
  try {
    const browser = await launchChromium(disposables);
    const server = await startStudioServer(disposables);
    writeFileSync(join(server.workspace, FILE), stencilFile());
    writeFileSync(join(server.workspace, EMPTY_FILE), EMPTY);
    const ai = await connectAiClient(disposables, server, 'bench-assistant');
    const context = await newBrowserContext(disposables, browser);
    const { page } = await openStudioTab(context, server.studioUrl);
    await waitUntilLive(page);
    const label = `${SHAPES.toLocaleString('en')} stencil shapes`;
    const { opens, drawn } = await timedOpens(page, ai, { file: FILE, empty: EMPTY_FILE, runs: RUNS, shown: '.shape-node' }, stencilsDrawn);
    out.report(`${label}: open to stencils drawn (first)`, `${opens[0].toFixed(0)} ms (${drawn} in view)`, '< 1 s');
    out.report(`${label}: open to stencils drawn (again)`, `median ${out.percentile(opens.slice(1), 50).toFixed(0)} ms (${RUNS - 1} runs)`, '< 1 s');
    const pan = await panFrames(page);
    out.report(`${label}: panning the view`, pan.moved ? `${pan.fps.toFixed(0)} fps` : 'void: the view did not move', '> 30 fps');
  } finally {
    await disposables.disposeAll();
  }
}
