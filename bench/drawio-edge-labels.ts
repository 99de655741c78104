/**
 * A page of 600 shapes joined by 570 edges, each with a rich html label (bold, a font colour)
 * drawn as diagrams.net draws it (issue 20, EdgeLabel: an HTML label in a foreignObject), in
 * Debian's Chromium against a real `tandem serve`: from the AI's `open` to every edge in view drawn
 * with its label, and frames a second while the view is panned over them. Printed, never asserted.
 */
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser';
import { Disposables } from '../e2e/support/disposables';
import { studioFirstPaint } from './drawio-first-paint';
import { panFrames } from './drawio-stencils';
import type { BenchReporting } from './ui';

const SHAPES = 600;
const COLUMNS = 20;
const STEP = { x: 240, y: 120 };
const FILE = 'bench-edge-labels.drawio';
const LABEL = '&lt;b&gt;calls&lt;/b&gt; &lt;font color=&quot;#cc0000&quot;&gt;api&lt;/font&gt;';

function labelledFile(): { xml: string; edges: number } {
  const cells: string[] = [];
  for (let i = 0; i < SHAPES; i++) {
    const [x, y] = [(i % COLUMNS) * STEP.x, Math.floor(i / COLUMNS) * STEP.y];
    cells.push(`<mxCell id="s${i}" value="S${i}" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="120" height="60" as="geometry"/></mxCell>`);
  }
  let edges = 0;
  for (let i = 0; i + 1 < SHAPES; i++) {
    if (i % COLUMNS === COLUMNS - 1) continue;
    edges++;
    cells.push(`<mxCell id="e${i}" value="${LABEL}" style="edgeStyle=orthogonalEdgeStyle;html=1;" edge="1" parent="1" source="s${i}" target="s${i + 1}"><mxGeometry relative="1" as="geometry"/></mxCell>`);
  }
  return { xml: `<mxfile><diagram id="p" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`, edges };
}

/** Until every edge in the page has its label drawn; answers how many edges. */
async function labelsDrawn(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const edges = document.querySelectorAll('.react-flow__edge');
      return edges.length > 0 && edges.length === document.querySelectorAll('.react-flow__edge [data-testid="edge-label"] [data-run="b"]').length && edges.length;
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

export async function edgeLabelBench(out: BenchReporting): Promise<void> {
  const disposables = new Disposables();
  try {
    const browser = await launchChromium(disposables);
    const file = labelledFile();
    const label = `${file.edges} edges with rich labels`;
    const studio = await studioFirstPaint(browser, disposables, { name: FILE, xml: file.xml }, labelsDrawn);
    out.report(`${label}: open to labels drawn`, `first ${studio.first.toFixed(0)} ms, median again ${out.percentile(studio.again, 50).toFixed(0)} ms (${studio.drawn} edges in the page)`, '< 1 s');
    const pan = await panFrames(studio.page);
    out.report(`${label}: panning the view`, pan.moved ? `${pan.fps.toFixed(0)} fps` : 'void: the view did not move', '> 30 fps');
  } finally {
    await disposables.disposeAll();
  }
}
