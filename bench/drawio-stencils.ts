/**
 * A page of 1,000 diagrams.net stencil shapes of three libraries (issue 20) in Debian's Chromium
 * against a real `tandem serve`: from the AI's `open` to every shape in view (the page opens at
 * 50%, about 160 of them; only those are rendered) drawn from its stencil, the first time (the
 * stencil index, maxGraph and three libraries load) and again (all cached in the page), beside
 * diagrams.net's own viewer drawing the same page (all 1,000: it has no such culling); and frames
 * a second while the view is panned over them. Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser';
import { Disposables } from '../e2e/support/disposables';
import { reportAgainstViewer, studioFirstPaint, viewerFirstPaint } from './drawio-first-paint';
import { emptyCanvasPoint, type BenchReporting } from './ui';

const SHAPES = 1000;
const COLUMNS = 40;
const STEP = { x: 120, y: 110 };
const FILE = 'bench-stencils.drawio';

/** Cisco, AWS 4 and Kubernetes shapes as diagrams.net's libraries draw them, resource icons among them. */
const STYLES = [
  'shape=mxgraph.kubernetes.pod;fillColor=#2875E2;strokeColor=#ffffff;',
  'shape=mxgraph.kubernetes.svc;fillColor=#2875E2;strokeColor=#ffffff;',
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

export async function stencilBench(out: BenchReporting): Promise<void> {
  const disposables = new Disposables();
  try {
    const browser = await launchChromium(disposables);
    const xml = stencilFile();
    const studio = await studioFirstPaint(browser, disposables, { name: FILE, xml });
    const viewer = await viewerFirstPaint(browser, disposables, xml);
    const label = `${SHAPES.toLocaleString('en')} stencil shapes`;
    reportAgainstViewer(out, label, 'those in view', studio, viewer);
    const pan = await panFrames(studio.page);
    out.report(`${label}: panning the view`, pan.moved ? `${pan.fps.toFixed(0)} fps` : 'void: the view did not move', '> 30 fps');
  } finally {
    await disposables.disposeAll();
  }
}
