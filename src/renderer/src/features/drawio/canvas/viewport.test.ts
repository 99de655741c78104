import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, READABLE_ZOOM, initialViewport } from './viewport';

describe('initial viewport', () => {
  const screen = { width: 1000, height: 600 };

  it('centres a small diagram at 100 %', () => {
    expect(initialViewport({ x: 100, y: 100, w: 200, h: 100 }, screen)).toEqual({ zoom: 1, x: 500 - 200, y: 300 - 150 });
  });

  it('zooms out to frame a diagram that fits at a readable zoom', () => {
    const view = initialViewport({ x: 0, y: 0, w: 1840, h: 520 }, screen);
    expect(view.zoom).toBeCloseTo(0.5);
    expect(view.x).toBeCloseTo(500 - 920 * view.zoom);
  });

  it('moves the view by whole pixels, so lines on whole page units stay on whole pixels', () => {
    // Centring 101 x 51 at (10.5, 0.25) would put page (0, 0) at (439, 274.25).
    expect(initialViewport({ x: 10.5, y: 0.25, w: 101, h: 51 }, screen)).toEqual({ zoom: 1, x: 439, y: 274 });
    const big = initialViewport({ x: 0.3, y: 0.7, w: 7200, h: 3300 }, screen);
    expect([big.x, big.y]).toEqual([Math.floor(FIT_MARGIN - 0.15), Math.floor(FIT_MARGIN - 0.35)]);
  });

  it('opens a big diagram at the readable zoom on its top-left corner', () => {
    const view = initialViewport({ x: 200, y: -40, w: 7200, h: 3300 }, screen);
    expect(view).toEqual({ zoom: READABLE_ZOOM, x: FIT_MARGIN - 100, y: FIT_MARGIN + 20 });
  });
});
