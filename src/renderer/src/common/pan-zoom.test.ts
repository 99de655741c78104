import { describe, expect, it } from 'vitest';
import { MAX_SCALE, fitView, panBy, svgSize, wheelFactor, zoomAt } from './pan-zoom';

describe('pan and zoom of a picture in a frame', () => {
  it('fits a wide picture to the frame\'s width and a tall one to its height, centred', () => {
    const wide = fitView({ width: 2000, height: 500 }, { width: 1000, height: 600 });
    expect(wide.scale).toBeCloseTo(0.47);
    expect(wide.x).toBeCloseTo(30);
    expect(wide.y).toBeCloseTo((600 - 500 * 0.47) / 2);
    const tall = fitView({ width: 100, height: 1200 }, { width: 1000, height: 600 });
    expect(tall.scale).toBeCloseTo(0.47);
    expect(tall.x).toBeCloseTo((1000 - 47) / 2);
  });

  it('enlarges a small picture at most twice, and answers a plain view for a picture with no size', () => {
    expect(fitView({ width: 50, height: 20 }, { width: 1000, height: 600 }).scale).toBe(2);
    expect(fitView({ width: 0, height: 20 }, { width: 1000, height: 600 })).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('keeps the point under the pointer where it was when zooming, and stops at the largest scale', () => {
    const view = { scale: 1, x: 10, y: 20 };
    const zoomed = zoomAt(view, 2, { x: 110, y: 220 });
    // The picture point under (110, 220) was (100, 200); it still is.
    expect((110 - zoomed.x) / zoomed.scale).toBeCloseTo(100);
    expect((220 - zoomed.y) / zoomed.scale).toBeCloseTo(200);
    expect(zoomAt(view, 1000, { x: 0, y: 0 }).scale).toBe(MAX_SCALE);
    expect(panBy(view, 5, -5)).toEqual({ scale: 1, x: 15, y: 15 });
  });

  it('zooms in on a wheel turned up and out on one turned down, lines and pages counted as pixels', () => {
    expect(wheelFactor(-100, 0)).toBeCloseTo(1.2);
    expect(wheelFactor(100, 0)).toBeCloseTo(1 / 1.2);
    expect(wheelFactor(-3, 1)).toBeCloseTo(wheelFactor(-99, 0));
  });

  it('reads an SVG\'s size from its viewBox, or from its width and height', () => {
    expect(svgSize('<?xml version="1.0"?><svg xmlns="x" viewBox="0 0 1203 846.5"><svg viewBox="1 1 2 2"/></svg>')).toEqual({ width: 1203, height: 846.5 });
    expect(svgSize('<svg width="300px" height="150">')).toEqual({ width: 300, height: 150 });
    expect(svgSize('<div>')).toBeUndefined();
  });
});
