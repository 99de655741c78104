/**
 * The studio page's figures (issue 3), measured in Debian's Chromium against a real `tandem serve`
 * with a real MCP client on its HTTP endpoint. Printed, never asserted.
 *
 * - AI edit to pixels: an `add` (and a `move`) sent over MCP, until the node is in the page's DOM
 *   and until the frame that shows it has been produced. The MCP call is timed in Node, the DOM
 *   change in the page; both read `performance.timeOrigin + performance.now()` (epoch ms), and the
 *   offset between the two clocks is measured with page round trips (the sample with the shortest
 *   round trip wins; its half round trip is the alignment error, printed with the figures).
 * - A 1,000-shape diagram: from a reload (navigation start, the page's own clock) to the first
 *   shape painted and to the opened view fully painted; from the click on the file in the open
 *   dialog to the diagram painted; frames a second while the canvas is dragged for 2 s, from
 *   requestAnimationFrame timestamps in the page.
 *
 * - The Music view (issue 7): a `note` sent over MCP until the piano roll has painted it (the roll
 *   publishes each frame it paints, see roll/roll-probe.ts) and until that frame is on screen; and
 *   frames a second while a 10,000-note roll is scrolled with the wheel for 2 s, in the view's
 *   default zoom and zoomed out until every note is on screen.
 *
 * Headless Chromium here draws in software (no GPU): paint figures are an upper bound for a
 * desktop with a GPU.
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { type AiClient, connectAiClient } from '../e2e/support/ai-client';
import { launchChromium, newBrowserContext, openStudioTab, waitUntilLive } from '../e2e/support/browser';
import { Disposables } from '../e2e/support/disposables';
import { startStudioServer } from '../e2e/support/studio-server';

export interface BenchReporting {
  report(name: string, figure: string, target: string): void;
  percentile(samples: number[], p: number): number;
}

const EDIT_SAMPLES = 100;
const EDIT_WARMUP = 10;
const BIG_DIAGRAM_SHAPES = 1000;
const BIG_DIAGRAM_COLUMNS = 40;
const LOAD_RUNS = 5;
const PAN_DURATION_MS = 2000;
/** A mouse reports about this often while it moves. */
const PAN_EVENT_INTERVAL_MS = 8;
const BIG_FILE = 'bench-1000.drawio';
const EMPTY_FILE = 'bench-empty.drawio';

/**
 * Installed in every document of the bench tab (addInitScript), as plain JavaScript: functions
 * handed to page.evaluate would carry the TypeScript transpiler's helpers into the page.
 */
const PAGE_PROBES = String.raw`
(() => {
  const epochNow = () => performance.timeOrigin + performance.now();
  // After the frame that runs this rAF callback has been produced (a task queued from rAF runs after paint).
  const afterNextPaint = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(null);
  });
  const shapeNodes = document.getElementsByClassName('shape-node');
  const probes = {
    edit: undefined,
    /** Watches for a change to the canvas: done when check() holds after a DOM mutation. */
    armEdit(check) {
      probes.edit = { result: undefined };
      const state = probes.edit;
      const observer = new MutationObserver(() => {
        if (!check()) return;
        observer.disconnect();
        const domAt = epochNow();
        afterNextPaint(() => (state.result = { domAt, paintedAt: epochNow() }));
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
    },
    armAppear(selector) {
      probes.armEdit(() => document.querySelector(selector) !== null);
    },
    armMove(selector, translate) {
      probes.armEdit(() => {
        const node = document.querySelector(selector);
        const wrapper = node && node.closest('.react-flow__node');
        return !!wrapper && wrapper.style.transform.includes(translate);
      });
    },
    clockSample: () => epochNow(),

    /**
     * Counts shape nodes every frame from startedAt (page clock): the first frame with one, and the
     * last frame the count or the viewport changed, once nothing changed for settleFrames frames.
     */
    paint: undefined,
    watchPaint(startedAt, settleFrames) {
      probes.paint = { result: undefined };
      const state = probes.paint;
      let firstShapeAt, lastChangeAt, lastCount = -1, lastSignature = '', quietFrames = 0;
      // xyflow keeps a node hidden until it has measured it: only a shown node counts as painted.
      const shown = (node) => !!node && node.closest('.react-flow__node')?.style.visibility !== 'hidden';
      const frame = () => {
        const count = shapeNodes.length;
        const viewport = document.querySelector('.react-flow__viewport');
        const signature = (viewport ? viewport.style.transform : '') + shown(shapeNodes[0]) + shown(shapeNodes[count - 1]);
        const now = performance.now();
        if (firstShapeAt === undefined && shown(shapeNodes[0])) firstShapeAt = now;
        if (count !== lastCount || signature !== lastSignature) {
          lastCount = count;
          lastSignature = signature;
          lastChangeAt = now;
          quietFrames = 0;
        } else if (firstShapeAt !== undefined && ++quietFrames >= settleFrames) {
          state.result = { firstShape: firstShapeAt - startedAt, settled: lastChangeAt - startedAt, shapesInDom: count };
          return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    /** Times a click on an entry of the open dialog, then watches the diagram paint. */
    watchOpenClick(settleFrames) {
      probes.paint = undefined;
      const onClick = (event) => {
        const target = event.target instanceof Element ? event.target.closest('[data-testid^="file-"]') : null;
        if (!target) return;
        document.removeEventListener('click', onClick, { capture: true });
        probes.watchPaint(performance.now(), settleFrames);
      };
      document.addEventListener('click', onClick, { capture: true });
    },

    frames: undefined,
    startFrames() {
      const state = { stamps: [], running: true, viewportChanges: 0 };
      probes.frames = state;
      const viewport = document.querySelector('.react-flow__viewport');
      state.observer = new MutationObserver(() => state.viewportChanges++);
      if (viewport) state.observer.observe(viewport, { attributes: true, attributeFilter: ['style'] });
      const frame = (stamp) => {
        if (!state.running) return;
        state.stamps.push(stamp);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    stopFrames() {
      const state = probes.frames;
      state.running = false;
      state.observer.disconnect();
      return { stamps: state.stamps, viewportChanges: state.viewportChanges };
    },
  };
  /** Watches the piano roll's frames until one shows a note of this pitch at this tick. */
  probes.armRollNote = (pitch, tick) => {
    probes.edit = { result: undefined };
    const state = probes.edit;
    const onPaint = () => {
      const frame = window.tandemMusicRoll;
      if (!frame || !frame.notes.some((n) => n.pitch === pitch && n.tick === tick)) return;
      window.removeEventListener('tandem-roll-painted', onPaint);
      const domAt = epochNow();
      // Painted inside an animation frame: a task queued now runs once that frame is on screen.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (state.result = { domAt, paintedAt: epochNow() });
      channel.port2.postMessage(null);
    };
    window.addEventListener('tandem-roll-painted', onPaint);
  };
  /** Counts animation frames and the roll's paints from now until stopRollFrames. */
  probes.startRollFrames = () => {
    const state = { stamps: [], paints: 0, paintMs: [], running: true, notes: 0 };
    probes.rollFrames = state;
    state.onPaint = () => {
      const frame = window.tandemMusicRoll;
      state.paints++;
      state.paintMs.push(frame.paintMs);
      state.notes = Math.max(state.notes, frame.notes.length);
    };
    window.addEventListener('tandem-roll-painted', state.onPaint);
    const frame = (stamp) => {
      if (!state.running) return;
      state.stamps.push(stamp);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  probes.stopRollFrames = () => {
    const state = probes.rollFrames;
    state.running = false;
    window.removeEventListener('tandem-roll-painted', state.onPaint);
    return { stamps: state.stamps, paints: state.paints, paintMs: state.paintMs, notes: state.notes };
  };
  window.tandemBench = probes;
  if (sessionStorage.getItem('tandem.bench.paint')) {
    probes.watchPaint(0, 60);
  }
})();
`;

/** What page functions (waitForFunction predicates, run in the page) see of PAGE_PROBES. */
interface ProbeWindow {
  tandemBench: { edit?: { result?: unknown }; paint?: { result?: unknown } };
}

const nodeNow = () => performance.timeOrigin + performance.now();

function ms(n: number): string {
  return `${n.toFixed(1)} ms`;
}

/** Offset of the page's epoch clock from Node's (page minus Node), and its error bound. */
async function alignClocks(page: Page): Promise<{ offset: number; error: number }> {
  let best = { offset: 0, error: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 40; i++) {
    const sentAt = nodeNow();
    const pageAt = await page.evaluate('window.tandemBench.clockSample()');
    const backAt = nodeNow();
    const halfTrip = (backAt - sentAt) / 2;
    if (halfTrip < best.error) best = { offset: (pageAt as number) - (sentAt + halfTrip), error: halfTrip };
  }
  return best;
}

interface EditTiming {
  toDom: number;
  toPaint: number;
  answer: number;
}

async function timeOneEdit(page: Page, send: () => Promise<unknown>, arm: string, clockOffset: number): Promise<EditTiming> {
  await page.evaluate(arm);
  const sentAt = nodeNow();
  await send();
  const answeredAt = nodeNow();
  const handle = await page.waitForFunction(() => (window as unknown as ProbeWindow).tandemBench.edit?.result, undefined, { polling: 'raf', timeout: 10_000 });
  const { domAt, paintedAt } = (await handle.jsonValue()) as { domAt: number; paintedAt: number };
  return { toDom: domAt - clockOffset - sentAt, toPaint: paintedAt - clockOffset - sentAt, answer: answeredAt - sentAt };
}

function reportEdits(out: BenchReporting, what: string, timings: EditTiming[], clockError: number, drawn = 'DOM'): void {
  const line = (samples: number[]) => `p50 ${ms(out.percentile(samples, 50))} p95 ${ms(out.percentile(samples, 95))}`;
  const alignment = `(±${clockError.toFixed(2)} ms)`;
  out.report(`AI ${what} to ${drawn} (${timings.length} edits)`, `${line(timings.map((t) => t.toDom))} ${alignment}`, 'p95 < 50 ms');
  out.report(`AI ${what} to painted frame`, `${line(timings.map((t) => t.toPaint))} ${alignment}`, 'p95 < 50 ms');
  out.report(`  MCP answer of those ${what}s (Node)`, line(timings.map((t) => t.answer)), '-');
}

/** `add` a new shape, and `move` one shape back and forth, over MCP; until each shows in the page. */
async function editToPixelsBench(out: BenchReporting, page: Page, ai: AiClient): Promise<void> {
  await ai.drawio(['add svc Mover at:40,40']);
  await page.locator('[data-testid="shape-Mover"]').waitFor();
  const before = await alignClocks(page);

  const adds: EditTiming[] = [];
  for (let i = 0; i < EDIT_WARMUP + EDIT_SAMPLES; i++) {
    const alias = `Added${i}`;
    const op = `add box ${alias} at:${(i % 20) * 130},${300 + Math.floor(i / 20) * 90}`;
    const timing = await timeOneEdit(page, () => ai.drawio([op]), `window.tandemBench.armAppear('[data-testid="shape-${alias}"]')`, before.offset);
    if (i >= EDIT_WARMUP) adds.push(timing);
  }

  const moves: EditTiming[] = [];
  for (let i = 0; i < EDIT_WARMUP + EDIT_SAMPLES; i++) {
    const x = 40 + (i % 2 === 0 ? 200 : 0) + (i % 7);
    const arm = `window.tandemBench.armMove('[data-testid="shape-Mover"]', 'translate(${x}px, 40px)')`;
    const timing = await timeOneEdit(page, () => ai.drawio([`move Mover to:${x},40 strict:true`]), arm, before.offset);
    if (i >= EDIT_WARMUP) moves.push(timing);
  }

  const after = await alignClocks(page);
  const clockError = Math.max(before.error, after.error) + Math.abs(after.offset - before.offset);
  reportEdits(out, 'add', adds, clockError);
  reportEdits(out, 'move', moves, clockError);
  out.report('  clock offset page-Node (before/after)', `${ms(before.offset)} / ${ms(after.offset)}`, '-');
}

const BIG_DIAGRAM_STEP = { x: 160, y: 110 };

/** The big diagram's extent in diagram px (boxes are smaller than a grid step). */
function bigDiagramSize(): { width: number; height: number } {
  return { width: BIG_DIAGRAM_COLUMNS * BIG_DIAGRAM_STEP.x, height: Math.ceil(BIG_DIAGRAM_SHAPES / BIG_DIAGRAM_COLUMNS) * BIG_DIAGRAM_STEP.y };
}

function bigDiagramOps(): string[] {
  const ops: string[] = [];
  for (let i = 0; i < BIG_DIAGRAM_SHAPES; i++) {
    ops.push(`add box N${i} at:${(i % BIG_DIAGRAM_COLUMNS) * BIG_DIAGRAM_STEP.x},${Math.floor(i / BIG_DIAGRAM_COLUMNS) * BIG_DIAGRAM_STEP.y}`);
  }
  for (let i = 0; i < BIG_DIAGRAM_SHAPES; i++) {
    if (i % BIG_DIAGRAM_COLUMNS !== BIG_DIAGRAM_COLUMNS - 1 && i + 1 < BIG_DIAGRAM_SHAPES) ops.push(`connect N${i} -> N${i + 1}`);
  }
  return ops;
}

interface PaintResult {
  firstShape: number;
  settled: number;
  shapesInDom: number;
}

async function paintResult(page: Page): Promise<PaintResult> {
  const handle = await page.waitForFunction(() => (window as unknown as ProbeWindow).tandemBench.paint?.result, undefined, { timeout: 30_000 });
  return (await handle.jsonValue()) as PaintResult;
}

/** Until the shape nodes and the view have not changed for 30 frames. */
async function renderingSettled(page: Page): Promise<void> {
  await page.evaluate('window.tandemBench.watchPaint(performance.now(), 30)');
  await paintResult(page);
}

/** A point of the canvas with no shape or edge on it, where a middle-button drag pans the view. */
export async function emptyCanvasPoint(page: Page): Promise<{ x: number; y: number }> {
  const point = (await page.evaluate(`(() => {
    const box = document.querySelector('[data-testid="canvas"]').getBoundingClientRect();
    for (let y = box.top + 8; y < box.bottom - 8; y += 6)
      for (let x = box.left + 8; x < box.right - 8; x += 6)
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
    return null;
  })()`)) as { x: number; y: number } | null;
  if (!point) throw new Error('no empty spot on the canvas to start a pan from');
  return point;
}

/** Frames while the canvas is dragged (middle button, as a draw.io user pans) from a point of the empty pane for PAN_DURATION_MS. */
interface PanFigures {
  fps: number;
  p95Interval: number;
  longest: number;
  viewportChanges: number;
  /** Shape nodes rendered when the pan ended (xyflow renders only those on screen). */
  shapesInDom: number;
}

/** Frames a second and the p95 and longest gaps between frames, from requestAnimationFrame timestamps. */
function frameFigures(stamps: readonly number[]): { fps: number; p95Interval: number; longest: number } {
  const intervals = stamps.slice(1).map((stamp, i) => stamp - stamps[i]);
  const sorted = [...intervals].sort((a, b) => a - b);
  return {
    fps: ((stamps.length - 1) / (stamps[stamps.length - 1] - stamps[0])) * 1000,
    p95Interval: sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))],
    longest: sorted[sorted.length - 1],
  };
}

async function panFrames(page: Page): Promise<PanFigures> {
  const start = await emptyCanvasPoint(page);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down({ button: 'middle' });
  await page.evaluate('window.tandemBench.startFrames()');
  const began = performance.now();
  // Back and forth along a diagonal, like a hand exploring the diagram.
  while (performance.now() - began < PAN_DURATION_MS) {
    const phase = ((performance.now() - began) / 1000) * Math.PI;
    await page.mouse.move(start.x + 300 * Math.sin(phase) ** 2, start.y + 200 * Math.sin(phase) ** 2);
    await new Promise((resolveTick) => setTimeout(resolveTick, PAN_EVENT_INTERVAL_MS));
  }
  const { stamps, viewportChanges } = (await page.evaluate('window.tandemBench.stopFrames()')) as { stamps: number[]; viewportChanges: number };
  await page.mouse.up({ button: 'middle' });
  return {
    ...frameFigures(stamps),
    viewportChanges,
    shapesInDom: (await page.evaluate(`document.getElementsByClassName('shape-node').length`)) as number,
  };
}

async function canvasZoom(page: Page): Promise<number> {
  const transform = (await page.evaluate(`document.querySelector('.react-flow__viewport').style.transform`)) as string;
  return Number(/scale\(([\d.]+)\)/.exec(transform)?.[1] ?? 'NaN');
}

/** Turns the mouse wheel with Ctrl held (the wheel alone pans) over `anchor` (screen px) until the zoom has passed `target`. */
async function wheelZoom(page: Page, anchor: { x: number; y: number }, target: number): Promise<number> {
  await page.mouse.move(anchor.x, anchor.y);
  await page.keyboard.down('Control');
  try {
    for (let i = 0; i < 200; i++) {
      const zoom = await canvasZoom(page);
      const zoomingIn = zoom < target;
      if (Number.isNaN(zoom)) throw new Error('no zoom in the canvas viewport transform');
      if (Math.abs(zoom - target) < 0.005) return zoom;
      await page.mouse.wheel(0, zoomingIn ? -120 : 120);
      const next = await canvasZoom(page);
      if (zoomingIn ? next >= target : next <= target) return next;
    }
    throw new Error(`could not zoom the canvas to ${target}`);
  } finally {
    await page.keyboard.up('Control');
  }
}

async function bigDiagramBench(out: BenchReporting, page: Page, ai: AiClient): Promise<void> {
  // An empty diagram saved to a file: opened, it is clean, so opening the big one asks nothing.
  await ai.session('new "empty" discard:true');
  await ai.session(`save as:${EMPTY_FILE}`);
  await ai.session('new "bench 1000" discard:true');
  await ai.drawio(bigDiagramOps());
  await ai.session(`save as:${BIG_FILE}`);
  const label = `${BIG_DIAGRAM_SHAPES.toLocaleString('en')} shapes`;

  // Reload: from navigation start (the new document's clock zero) to painted.
  await page.evaluate(`sessionStorage.setItem('tandem.bench.paint', '1')`);
  const reloads: PaintResult[] = [];
  for (let run = 0; run < LOAD_RUNS; run++) {
    await page.reload();
    reloads.push(await paintResult(page));
  }
  await page.evaluate(`sessionStorage.removeItem('tandem.bench.paint')`);
  await waitUntilLive(page);
  const median = (values: number[]) => out.percentile(values, 50);
  out.report(`${label}: reload to first shape painted`, `median ${ms(median(reloads.map((r) => r.firstShape)))} (${LOAD_RUNS} runs)`, '< 1 s');
  out.report(
    `${label}: reload to whole view painted`,
    `median ${ms(median(reloads.map((r) => r.settled)))} (${reloads[0].shapesInDom} nodes)`,
    '< 1 s',
  );

  // The core's part of an open: the same open over MCP, to its answer. The page is left to finish
  // loading each document first, so its snapshot request does not compete with the timed call.
  const shapeNodesShown = (page: Page, some: boolean) =>
    page.waitForFunction((wanted) => document.getElementsByClassName('shape-node').length > 0 === wanted, some);
  const coreOpens: number[] = [];
  for (let run = 0; run < LOAD_RUNS; run++) {
    await ai.session(`open ${EMPTY_FILE}`);
    await shapeNodesShown(page, false);
    const sentAt = performance.now();
    await ai.session(`open ${BIG_FILE}`);
    coreOpens.push(performance.now() - sentAt);
    await shapeNodesShown(page, true);
  }

  // The person opens the file from the open dialog, from an empty document.
  const opens: PaintResult[] = [];
  for (let run = 0; run < LOAD_RUNS; run++) {
    await ai.session(`open ${EMPTY_FILE}`);
    await shapeNodesShown(page, false);
    await page.evaluate('window.tandemBench.watchOpenClick(60)');
    await page.getByTestId('open').click();
    await page.getByTestId(`file-${BIG_FILE}`).click();
    opens.push(await paintResult(page));
  }
  out.report(`${label}: open (dialog) to first shape`, `median ${ms(median(opens.map((r) => r.firstShape)))} (${LOAD_RUNS} runs)`, '< 1 s');
  out.report(`${label}: open (dialog) to whole view`, `median ${ms(median(opens.map((r) => r.settled)))} (${opens[0].shapesInDom} nodes)`, '< 1 s');
  out.report('  the core alone: open over MCP to answer', `median ${ms(median(coreOpens))}`, '-');

  const opened = await panFrames(page);
  out.report(
    `${label}: panning the opened view`,
    `${opened.fps.toFixed(1)} fps, p95 frame ${ms(opened.p95Interval)}, worst ${ms(opened.longest)}`,
    '> 30 fps',
  );
  const canvas = (await page.getByTestId('canvas').boundingBox())!;
  // Zoomed out around the diagram's top-left corner until all of it is on screen.
  const bounds = bigDiagramSize();
  const wholeZoom = Math.min((canvas.width - 80) / bounds.width, (canvas.height - 80) / bounds.height);
  const origin = (await page.evaluate(`(() => {
    const box = document.querySelector('[data-testid="shape-N0"]').getBoundingClientRect();
    return { x: box.left, y: box.top };
  })()`)) as { x: number; y: number };
  const zoomOut = await wheelZoom(page, origin, wholeZoom);
  await renderingSettled(page);
  const whole = await panFrames(page);
  out.report(
    `${label}: panning all of it, zoom ${zoomOut.toFixed(2)}`,
    `${whole.fps.toFixed(1)} fps, p95 frame ${ms(whole.p95Interval)}, worst ${ms(whole.longest)}`,
    '> 30 fps',
  );
  const zoomIn = await wheelZoom(page, { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 }, 1);
  await renderingSettled(page);
  const zoomed = await panFrames(page);
  out.report(
    `${label}: panning at zoom ${zoomIn.toFixed(2)}`,
    `${zoomed.fps.toFixed(1)} fps, p95 frame ${ms(zoomed.p95Interval)}, worst ${ms(zoomed.longest)}`,
    '> 30 fps',
  );
  out.report('  shape nodes in the DOM while panning', `${opened.shapesInDom} / ${whole.shapesInDom} / ${zoomed.shapesInDom}`, '-');
  if ([opened, zoomed, whole].some((pan) => pan.viewportChanges === 0)) {
    out.report('  WARNING: the canvas did not move while dragged', 'the panning figures are void', '-');
  }
}

// ---- the Music view -------------------------------------------------------------------------

const BIG_SONG_NOTES = 10_000;
/** Ops per batch while the big song is written (the core takes at most 10,000 ops per batch). */
const SONG_BATCH = 2500;

/** `note` over MCP, until the piano roll has painted the note and until that frame is on screen. */
async function noteToPixelsBench(out: BenchReporting, page: Page, ai: AiClient): Promise<void> {
  const before = await alignClocks(page);
  const timings: EditTiming[] = [];
  for (let i = 0; i < EDIT_WARMUP + EDIT_SAMPLES; i++) {
    // Sixteenths along the first two bars, a row of them on each of a few pitches near middle C: all on screen.
    const tick = (i % 32) * 120;
    const pitch = 52 + Math.floor(i / 32) * 2;
    const bar = Math.floor(tick / 1920) + 1;
    const position = `${bar}.${Math.floor((tick % 1920) / 480) + 1}${tick % 480 ? `.${tick % 480}` : ''}`;
    const op = `note Piano midi:${pitch} at:${position} dur:16n`;
    const timing = await timeOneEdit(page, () => ai.midi([op]), `window.tandemBench.armRollNote(${pitch}, ${tick})`, before.offset);
    if (i >= EDIT_WARMUP) timings.push(timing);
  }
  const after = await alignClocks(page);
  reportEdits(out, 'note', timings, Math.max(before.error, after.error) + Math.abs(after.offset - before.offset), 'roll painted');
}

interface ScrollFigures {
  fps: number;
  paintsPerSecond: number;
  p95Paint: number;
  p95Interval: number;
  longest: number;
  notesPainted: number;
}

/** Frames while the roll is scrolled sideways with the wheel (Shift+wheel) for PAN_DURATION_MS. */
async function scrollFrames(page: Page, at: { x: number; y: number }, percentile: BenchReporting['percentile']): Promise<ScrollFigures> {
  await page.mouse.move(at.x, at.y);
  await page.keyboard.down('Shift');
  await page.evaluate('window.tandemBench.startRollFrames()');
  const began = performance.now();
  let direction = 1;
  while (performance.now() - began < PAN_DURATION_MS) {
    // Back and forth, so the whole run scrolls over notes.
    if ((performance.now() - began) % 1000 < PAN_EVENT_INTERVAL_MS) direction = -direction;
    await page.mouse.wheel(0, 40 * direction);
    await new Promise((resolveTick) => setTimeout(resolveTick, PAN_EVENT_INTERVAL_MS));
  }
  const { stamps, paints, paintMs, notes } = (await page.evaluate('window.tandemBench.stopRollFrames()')) as {
    stamps: number[];
    paints: number;
    paintMs: number[];
    notes: number;
  };
  await page.keyboard.up('Shift');
  const seconds = (stamps[stamps.length - 1] - stamps[0]) / 1000;
  return {
    ...frameFigures(stamps),
    paintsPerSecond: paints / seconds,
    p95Paint: paintMs.length ? percentile(paintMs, 95) : 0,
    notesPainted: notes,
  };
}

function bigSongOps(): string[] {
  const ops: string[] = [];
  for (let i = 0; i < BIG_SONG_NOTES; i++) {
    // Sixteenths, eight to a beat's worth of chord: 10,000 notes over 79 bars of 4/4.
    const step = Math.floor(i / 8);
    const bar = Math.floor(step / 16) + 1;
    const sixteenth = step % 16;
    const position = `${bar}.${Math.floor(sixteenth / 4) + 1}${sixteenth % 4 ? `.${(sixteenth % 4) * 120}` : ''}`;
    ops.push(`note Piano midi:${36 + ((i * 7) % 60)} at:${position} dur:16n vel:${20 + ((i * 13) % 100)}`);
  }
  return ops;
}

async function bigSongBench(out: BenchReporting, page: Page, ai: AiClient): Promise<void> {
  await ai.midiSession('new "bench 10000" discard:true');
  await ai.midi(['track add Piano instrument:piano']);
  const ops = bigSongOps();
  for (let i = 0; i < ops.length; i += SONG_BATCH) await ai.midi(ops.slice(i, i + SONG_BATCH));
  await page.waitForFunction((count) => document.querySelector('[data-testid="track-Piano"] [data-testid="track-notes"]')?.textContent === `${count} notes`, BIG_SONG_NOTES);
  const roll = (await page.getByTestId('piano-roll').boundingBox())!;
  const centre = { x: roll.x + roll.width / 2, y: roll.y + roll.height / 2 };
  const label = `${BIG_SONG_NOTES.toLocaleString('en')}-note roll`;
  const line = (f: ScrollFigures) =>
    `${f.fps.toFixed(1)} fps, p95 frame ${ms(f.p95Interval)}, worst ${ms(f.longest)}; ${f.paintsPerSecond.toFixed(1)} paints/s, p95 paint ${ms(f.p95Paint)}`;
  const near = await scrollFrames(page, centre, out.percentile);
  out.report(`${label}: scrolling (${near.notesPainted} notes on screen)`, line(near), '> 30 fps');
  // Zoomed out (Ctrl+wheel) until the whole song fits, then scrolled again: every note painted each frame.
  await page.mouse.move(centre.x, centre.y);
  await page.keyboard.down('Control');
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 200);
  await page.keyboard.up('Control');
  const far = await scrollFrames(page, centre, out.percentile);
  out.report(`${label}: scrolling zoomed out (${far.notesPainted} on screen)`, line(far), '> 30 fps');
}

async function musicBench(out: BenchReporting, page: Page, ai: AiClient): Promise<void> {
  await ai.midi(['track add Piano instrument:piano']);
  await page.getByTestId('domain-midi').click();
  await page.getByTestId('track-Piano').waitFor();
  await noteToPixelsBench(out, page, ai);
  await bigSongBench(out, page, ai);
}

export async function uiBench(out: BenchReporting): Promise<void> {
  const disposables = new Disposables();
  try {
    const browser = await launchChromium(disposables);
    const server = await startStudioServer(disposables);
    const ai = await connectAiClient(disposables, server, 'bench-assistant');
    const context = await newBrowserContext(disposables, browser);
    context.setDefaultTimeout(15_000);
    await context.addInitScript({ content: PAGE_PROBES });
    const { page } = await openStudioTab(context, server.studioUrl);
    await editToPixelsBench(out, page, ai);
    await bigDiagramBench(out, page, ai);
    await musicBench(out, page, ai);
  } finally {
    await disposables.disposeAll();
  }
}
