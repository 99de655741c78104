/**
 * Where the view starts when a page opens. A diagram that fits at a readable zoom is framed
 * whole; a bigger one opens at that readable zoom on its top-left corner, as draw.io does: the
 * person can read it at once, and only what is on screen has to be drawn. The view is moved by
 * whole screen pixels, as diagrams.net's fit is (it floors its translate): a line on a whole or
 * half page unit then lands on the pixels diagrams.net draws it on, crisp where it is crisp.
 */
import type { Rect } from '../../../../../shared/drawio/geometry';

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** Below this a label is too small to read; framing a diagram stops here. */
export const READABLE_ZOOM = 0.5;
/** Framing never zooms in past 100 %. */
export const MAX_FIT_ZOOM = 1;
/** Margin around the framed diagram, in screen px. */
export const FIT_MARGIN = 40;

export function initialViewport(bounds: Rect, screen: { width: number; height: number }): Viewport {
  const room = { width: Math.max(1, screen.width - 2 * FIT_MARGIN), height: Math.max(1, screen.height - 2 * FIT_MARGIN) };
  const fit = Math.min(room.width / Math.max(1, bounds.w), room.height / Math.max(1, bounds.h));
  const zoom = Math.min(MAX_FIT_ZOOM, Math.max(READABLE_ZOOM, fit));
  if (fit >= READABLE_ZOOM) {
    // Centred.
    return {
      zoom,
      x: Math.floor(screen.width / 2 - (bounds.x + bounds.w / 2) * zoom),
      y: Math.floor(screen.height / 2 - (bounds.y + bounds.h / 2) * zoom),
    };
  }
  // Top-left corner, with the margin.
  return { zoom, x: Math.floor(FIT_MARGIN - bounds.x * zoom), y: Math.floor(FIT_MARGIN - bounds.y * zoom) };
}

/** Two views alike to the half pixel (xyflow may round what it was given). */
export function sameViewport(a: Viewport, b: Viewport): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.zoom - b.zoom) < 1e-3;
}
