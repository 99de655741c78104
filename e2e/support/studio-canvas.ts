/**
 * The studio's canvas read the way diagrams.net's viewer is read (see drawio-viewer.ts): each
 * node's box in page coordinates, the stencil it draws, where the page's origin is on screen, and
 * a tab sized so that a page opens at 100 % with every shape in view (hence rendered, also above
 * the canvas's render-only-what-is-visible threshold). Shared by the comparison test and the bench.
 */
import type { Page } from 'playwright-core';
import type { Box } from './drawio-viewer';

/** initialViewport's margin around a framed page (canvas/viewport.ts), plus room for what the studio draws past the viewer's bounds. */
const FRAME_ROOM = 2 * 40 + 240;

export interface CanvasCell {
  id: string;
  /** xyflow's node type: shape, container (a group's frame), foreign (kept, not editable). */
  kind: string;
  box: Box;
  /** The stencil key the shape draws (`data-stencil`), when it draws one. */
  stencil?: string;
  /** The style's look the shape keeps but draws simplified (`data-shape-look`), when it has one. */
  look?: string;
}

/** The canvas's viewport transform: where page (0, 0) is on screen, and the zoom. */
export async function canvasOrigin(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  return page.locator('.react-flow__viewport').evaluate((element) => {
    const match = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)\s*scale\(([\d.]+)\)/.exec((element as HTMLElement).style.transform);
    if (!match) throw new Error(`no translate and scale in the canvas viewport transform "${(element as HTMLElement).style.transform}"`);
    const box = element.parentElement!.getBoundingClientRect();
    return { x: box.left + Number(match[1]), y: box.top + Number(match[2]), zoom: Number(match[3]) };
  });
}

/**
 * Sizes the tab so that a page whose drawing spans `bounds` opens framed at 100 % (the canvas
 * frames a page that fits at that zoom): call it before the page is shown.
 */
export async function sizeTabFor(page: Page, bounds: Box): Promise<void> {
  const viewport = page.viewportSize()!;
  const canvas = (await page.getByTestId('canvas').boundingBox())!;
  await page.setViewportSize({
    width: Math.ceil(viewport.width - canvas.width + bounds.w + FRAME_ROOM),
    height: Math.ceil(viewport.height - canvas.height + bounds.h + FRAME_ROOM),
  });
}

/** Every node on the canvas, in page coordinates (the canvas must be at zoom 1, see sizeTabFor). */
export async function canvasCells(page: Page): Promise<CanvasCell[]> {
  return page.locator('.react-flow__node').evaluateAll((nodes) =>
    nodes.map((node) => {
      const element = node as HTMLElement;
      const match = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(element.style.transform);
      const stencil = element.querySelector('[data-stencil]')?.getAttribute('data-stencil') ?? undefined;
      const look = element.querySelector('[data-shape-look]')?.getAttribute('data-shape-look') ?? undefined;
      const kind = [...element.classList].find((name) => name.startsWith('react-flow__node-'))?.slice('react-flow__node-'.length) ?? '';
      return {
        id: element.getAttribute('data-id')!,
        kind,
        box: { x: Number(match?.[1] ?? NaN), y: Number(match?.[2] ?? NaN), w: element.offsetWidth, h: element.offsetHeight },
        ...(stencil !== undefined && { stencil }),
        ...(look !== undefined && { look }),
      };
    }),
  );
}

/**
 * Until each node of `ids` on the canvas draws a stencil, or `timeoutMs` passed (then the caller's
 * comparison names the shapes left without one). Answers how many draw one.
 */
export async function waitForStencils(page: Page, ids: readonly string[], timeoutMs: number): Promise<number> {
  const drawn = () =>
    page.evaluate(
      (wanted) => wanted.filter((id) => document.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"] [data-stencil]`)).length,
      ids as string[],
    );
  const handle = await page
    .waitForFunction(
      (wanted) => wanted.every((id) => document.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"] [data-stencil]`)),
      ids as string[],
      { timeout: timeoutMs, polling: 'raf' },
    )
    .catch(() => undefined);
  return handle ? ids.length : drawn();
}

/**
 * Hides what the canvas shows around the drawing (dot grid, zoom controls, loose edge ends'
 * grips), on a white ground as diagrams.net's viewer, so a screenshot holds only the drawing.
 */
export async function showDrawingOnly(page: Page): Promise<void> {
  await page.addStyleTag({
    content: `.react-flow__background, .react-flow__controls, .react-flow__attribution, .react-flow__node-edgeEnd { visibility: hidden !important; }
      .canvas, .react-flow { background: #fff !important; }`,
  });
}
