/** diagrams.net's hand-drawn look (sketch=1) drawn by rough.js, seeded as diagrams.net seeds it. */
import { describe, expect, it } from 'vitest';
import { draw } from './code-shapes-test-kit';
import { sketchSeed } from './sketch';

describe('sketch=1', () => {
  it('draws a box hand-drawn: its outline twice over in curves, its fill hatched in the fill colour', () => {
    const box = draw('shape=rect;sketch=1;fillColor=#dae8fc;strokeColor=#6c8ebf', 120, 60, { fill: '#dae8fc', stroke: '#6c8ebf' });
    expect(box.rects).toHaveLength(0);
    const outline = box.paths.filter((p) => p.attrs.stroke === '#6c8ebf');
    const hatch = box.paths.filter((p) => p.attrs.stroke === '#dae8fc');
    expect(outline).toHaveLength(1);
    // rough.js draws each side twice, as curves (its double stroke), not the four straight lines of the box.
    expect(outline[0].attrs.d.match(/M/g)!.length).toBeGreaterThanOrEqual(8);
    expect(outline[0].attrs.d).toMatch(/C/);
    expect(outline[0].attrs.fill).toBe('none');
    // Hatching: many short strokes in the fill colour across the box.
    expect(hatch).toHaveLength(1);
    expect(hatch[0].attrs.d.match(/M/g)!.length).toBeGreaterThan(10);
  });

  it("fills the page's white and a shaded fill solid, and hatches with fillStyle's own choice", () => {
    const white = draw('shape=rect;sketch=1', 100, 50);
    expect(white.paths.some((p) => p.attrs.fill === '#ffffff' && p.attrs.stroke === 'none')).toBe(true);
    const crossed = draw('shape=rect;sketch=1;fillStyle=cross-hatch', 100, 50, { fill: '#ff0000' });
    const hatch = crossed.paths.find((p) => p.attrs.stroke === '#ff0000')!;
    expect(hatch.attrs.d.match(/M/g)!.length).toBeGreaterThan(draw('shape=rect;sketch=1', 100, 50, { fill: '#ff0000' }).paths.find((p) => p.attrs.stroke === '#ff0000')!.attrs.d.match(/M/g)!.length);
  });

  it('draws the same each time for a cell, another way for another cell, and ellipses and code shapes alike', () => {
    const once = draw('shape=ellipse;sketch=1', 80, 80).markup;
    expect(draw('shape=ellipse;sketch=1', 80, 80).markup).toBe(once);
    expect(once).not.toContain('<ellipse');
    expect(draw('shape=mxgraph.bpmn.shape;outline=end;symbol=terminate;sketch=1', 40, 40).ellipses).toHaveLength(0);
    // diagrams.net's seed: a hash of the cell's id, 1 without one.
    expect(sketchSeed(undefined)).toBe(1);
    expect(sketchSeed('a')).toBe(31 + 97);
    expect(sketchSeed('ab')).not.toBe(sketchSeed('ba'));
  });

  it("fills a shape's own gradient solid (an iOS pin's head)", () => {
    const pin = draw('shape=mxgraph.ios.iPin;sketch=1;fillColor2=#00dd00;fillColor3=#004400', 10, 25);
    expect(pin.paths.some((p) => p.attrs.fill === 'url(#g1-own)' && p.attrs.stroke === 'none')).toBe(true);
    expect(pin.paths.some((p) => p.attrs.stroke === 'url(#g1-own)')).toBe(false);
  });

  it('leaves the glass on a hand-drawn box as it is', () => {
    const glass = draw('shape=rect;sketch=1;glass=1', 100, 60, { fill: '#dae8fc' }).paths.filter((p) => p.attrs.fill.startsWith('url('));
    expect(glass.map((p) => p.attrs.d)).toEqual(['M-1,-1 L-1,24 Q50,42 101,24 L101,-1 Z']);
  });
});
