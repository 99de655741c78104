/**
 * Contrast of text that the page's computed styles cannot judge alone, because what lies under
 * it is drawn: a diagram's labels on their shapes' SVG fills, the piano roll's names and numbers
 * painted on its canvas, the text inside D2's picture. Each text's colour comes from the element
 * (a label's computed colour, the fillStyle a canvas's fillText used, an SVG text's fill) and the
 * colour under it from the pixels of a screenshot: the commonest colour in the text's box, which
 * is what the text is drawn on (strokes of text are the minority of a box's pixels).
 */
import { decode } from 'fast-png';
import type { BrowserContext, Page } from 'playwright-core';

export interface DrawnText {
  text: string;
  /** Where it came from, for a failure's message. */
  where: string;
  /** The text's colour, as CSS gives it (rgb(), rgba(), #hex). */
  color: string;
  /** Its box in the page's CSS pixels. */
  box: { x: number; y: number; w: number; h: number };
  /** Its font size in CSS px (large text needs 3:1 instead of 4.5:1). */
  size: number;
}

export interface DrawnFinding {
  text: string;
  where: string;
  ratio: number;
  needed: number;
}

/**
 * Records every canvas's fillText (text, fillStyle, font, its box on the page) per animation
 * frame, so the last painted frame's text can be found. Add to a context before its pages open.
 */
export async function recordCanvasText(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Entry = { text: string; color: string; size: number; box: { x: number; y: number; w: number; h: number }; frame: number };
    const log = new Map<HTMLCanvasElement, Entry[]>();
    let frame = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      raf((time) => {
        frame++;
        callback(time);
      });
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
      fillText.call(this, text, x, y, maxWidth);
      const canvas = this.canvas;
      const metrics = this.measureText(text);
      const width = Math.min(metrics.width, maxWidth ?? Infinity);
      const m = this.getTransform();
      const left = x - (this.textAlign === 'center' ? width / 2 : this.textAlign === 'right' || this.textAlign === 'end' ? width : 0);
      const [top, bottom] = [y - metrics.actualBoundingBoxAscent, y + metrics.actualBoundingBoxDescent];
      // In the canvas's own pixels; placed on the page when read, where the canvas is then.
      const box = { x: m.a * left + m.e, y: m.d * top + m.f, w: m.a * width, h: m.d * (bottom - top) };
      const entries = (log.get(canvas) ?? []).filter((e) => e.frame === frame);
      entries.push({ text, color: String(this.fillStyle), size: parseFloat(this.font) || 11, box, frame });
      log.set(canvas, entries);
    };
    // Only canvases shown now: a view kept mounted while another is shown keeps its last frame's log.
    (window as unknown as { __canvasText: () => Entry[] }).__canvasText = () =>
      [...log.entries()]
        .filter(([canvas]) => canvas.isConnected && canvas.checkVisibility())
        .flatMap(([canvas, entries]) => {
          const rect = canvas.getBoundingClientRect();
          const [sx, sy] = [rect.width / canvas.width, rect.height / canvas.height];
          return entries.map((e) => ({ ...e, box: { x: rect.left + e.box.x * sx, y: rect.top + e.box.y * sy, w: e.box.w * sx, h: e.box.h * sy } }));
        });
  });
}

/** The text of the last frame each canvas on the page painted (see recordCanvasText). */
export function canvasTexts(page: Page): Promise<DrawnText[]> {
  return page.evaluate(() => {
    const read = (window as unknown as { __canvasText?: () => { text: string; color: string; size: number; box: DrawnText['box'] }[] }).__canvasText;
    if (!read) throw new Error('the page does not record canvas text: call recordCanvasText on its context first');
    return read().map((e) => ({ text: e.text, where: 'canvas fillText', color: e.color, box: e.box, size: e.size }));
  });
}

/** Every piece of text of the diagram canvas (shapes', containers' and edges' labels), each text run with its own computed colour. */
export function diagramTexts(page: Page): Promise<DrawnText[]> {
  return page.evaluate(() => {
    const found: DrawnText[] = [];
    const root = document.querySelector('.react-flow__viewport');
    if (!root) return found;
    // Only text wholly inside the canvas's frame: past it, the panels around it are on top.
    const frame = root.closest('.react-flow')!.getBoundingClientRect();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || !element.closest('.shape-label, .group-code-label, .group-title, .edge-label')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (rect.width < 2 || rect.height < 2 || style.visibility === 'hidden') continue;
      if (rect.left < frame.left || rect.top < frame.top || rect.right > frame.right || rect.bottom > frame.bottom) continue;
      found.push({ text: text.slice(0, 40), where: `diagram ${element.closest('[data-testid]')?.getAttribute('data-testid') ?? ''}`, color: style.color, box: { x: rect.x, y: rect.y, w: rect.width, h: rect.height }, size: parseFloat(style.fontSize) });
    }
    return found;
  });
}

/**
 * The text inside the pictures (`<img>` of an SVG) under `selector`: the SVG is laid over the
 * picture, hidden, just long enough to read each text's box and fill.
 */
export function svgPictureTexts(page: Page, selector: string): Promise<DrawnText[]> {
  return page.evaluate((selector) => {
    const found: DrawnText[] = [];
    for (const img of document.querySelectorAll<HTMLImageElement>(`${selector} img`)) {
      const rect = img.getBoundingClientRect();
      if (rect.width === 0) continue;
      // The studio shows SVG pictures as data: URLs (a fetch of one is refused by the page's policy).
      const comma = img.src.indexOf(',');
      if (!img.src.startsWith('data:image/svg+xml') || comma < 0) continue;
      const svgText = img.src.slice(0, comma).endsWith(';base64') ? atob(img.src.slice(comma + 1)) : decodeURIComponent(img.src.slice(comma + 1));
      const layer = document.createElement('div');
      layer.style.cssText = `position:fixed;left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height}px;visibility:hidden;pointer-events:none`;
      layer.innerHTML = svgText;
      const svg = layer.querySelector('svg');
      if (!svg) continue;
      svg.setAttribute('width', String(rect.width));
      svg.setAttribute('height', String(rect.height));
      document.body.append(layer);
      for (const text of svg.querySelectorAll('text')) {
        const box = text.getBoundingClientRect();
        const content = text.textContent?.trim();
        if (!content || box.width < 2 || box.height < 2) continue;
        const style = getComputedStyle(text);
        found.push({ text: content.slice(0, 40), where: `picture ${selector}`, color: style.fill, box: { x: box.x, y: box.y, w: box.width, h: box.height }, size: parseFloat(style.fontSize) * (rect.width / (svg.viewBox.baseVal?.width || rect.width)) });
      }
      layer.remove();
    }
    return found;
  }, selector);
}

/** The computed colour of a theme's custom property (`--diagram-ink`) on the page, as rgb(). */
export function themeVariableColor(page: Page, variable: string): Promise<string> {
  return page.evaluate((variable) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${variable})`;
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, variable);
}

/** A CSS colour as [r, g, b, a] (0..255, alpha 0..1), read by the page so every CSS form is understood. */
function cssColors(page: Page, colors: string[]): Promise<number[][]> {
  return page.evaluate((colors) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    return colors.map((color) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    });
  }, colors);
}

const luminance = ([r, g, b]: number[]) => {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** WCAG's contrast ratio of two opaque colours. */
export function contrastRatio(a: number[], b: number[]): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The texts whose contrast against the commonest colour of the screenshot in their box is under
 * WCAG AA (4.5:1, 3:1 from 24 px). Texts outside the viewport or smaller than 3 px are left out.
 */
export async function lowDrawnContrast(page: Page, texts: DrawnText[]): Promise<{ checked: number; failures: DrawnFinding[] }> {
  const png = decode(await page.screenshot());
  const channels = png.channels;
  const colors = await cssColors(page, texts.map((t) => t.color));
  const failures: DrawnFinding[] = [];
  let checked = 0;
  texts.forEach((text, i) => {
    const x0 = Math.max(0, Math.floor(text.box.x));
    const y0 = Math.max(0, Math.floor(text.box.y));
    const x1 = Math.min(png.width, Math.ceil(text.box.x + text.box.w));
    const y1 = Math.min(png.height, Math.ceil(text.box.y + text.box.h));
    if (x1 - x0 < 3 || y1 - y0 < 3) return;
    const counts = new Map<number, number>();
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const at = (y * png.width + x) * channels;
        const key = (png.data[at] << 16) | (png.data[at + 1] << 8) | png.data[at + 2];
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    const [commonest] = [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    const under = [(commonest >> 16) & 255, (commonest >> 8) & 255, commonest & 255];
    const [r, g, b, a] = colors[i];
    const ink = [r, g, b].map((c, k) => c * a + under[k] * (1 - a));
    const ratio = contrastRatio(ink, under);
    const needed = text.size >= 24 ? 3 : 4.5;
    checked++;
    if (ratio < needed) failures.push({ text: text.text, where: `${text.where}: ${text.color} on rgb(${under.join(', ')})`, ratio: Math.round(ratio * 100) / 100, needed });
  });
  return { checked, failures };
}
