/**
 * The view of a picture in a frame, as the diagram canvas has it: a scale and where the picture's
 * top-left corner sits in the frame. Pure functions, so the frame component only wires events.
 */

export interface Size {
  width: number;
  height: number;
}

export interface PanZoom {
  scale: number;
  x: number;
  y: number;
}

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 8;
/** Fitting leaves this much of the frame around the picture, and never enlarges it past this. */
const FIT_MARGIN = 0.94;
const FIT_MAX_SCALE = 2;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The whole picture, centred, as large as the frame allows (not past twice its size). */
export function fitView(picture: Size, frame: Size): PanZoom {
  if (picture.width <= 0 || picture.height <= 0 || frame.width <= 0 || frame.height <= 0) return { scale: 1, x: 0, y: 0 };
  const scale = clampScale(Math.min(FIT_MAX_SCALE, (frame.width * FIT_MARGIN) / picture.width, (frame.height * FIT_MARGIN) / picture.height));
  return { scale, x: (frame.width - picture.width * scale) / 2, y: (frame.height - picture.height * scale) / 2 };
}

/** Zoomed by `factor` about a point of the frame (the pointer), which stays over the same spot of the picture. */
export function zoomAt(view: PanZoom, factor: number, point: { x: number; y: number }): PanZoom {
  const scale = clampScale(view.scale * factor);
  const applied = scale / view.scale;
  return { scale, x: point.x - (point.x - view.x) * applied, y: point.y - (point.y - view.y) * applied };
}

export function panBy(view: PanZoom, dx: number, dy: number): PanZoom {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** A wheel's zoom factor: one notch (100 px of deltaY) is 1.2×; a pinch (ctrl + wheel) is finer-grained. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.pow(1.2, -pixels / 100);
}

/** An SVG document's own size: its viewBox, or its width and height in user units. */
export function svgSize(svg: string): Size | undefined {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!tag) return undefined;
  const viewBox = /\sviewBox\s*=\s*["']\s*[-\d.e]+[\s,]+[-\d.e]+[\s,]+([\d.e]+)[\s,]+([\d.e]+)\s*["']/i.exec(tag);
  if (viewBox) return { width: Number(viewBox[1]), height: Number(viewBox[2]) };
  const width = /\swidth\s*=\s*["']([\d.]+)(px)?["']/i.exec(tag);
  const height = /\sheight\s*=\s*["']([\d.]+)(px)?["']/i.exec(tag);
  return width && height ? { width: Number(width[1]), height: Number(height[1]) } : undefined;
}
