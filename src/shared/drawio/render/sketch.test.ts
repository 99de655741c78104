/** diagrams.net's hand-drawn look (sketch=1) drawn by rough.js, seeded as diagrams.net seeds it. */
import { describe, expect, it } from 'vitest';
import { draw } from './code-shapes-test-kit';
import { jiggledPath, sketchSeed } from './sketch';

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

  it('draws the comic style (sketchStyle=comic, or comic=1) as diagrams.net jiggles it: wobbling lines, a plain fill', () => {
    const comic = draw('shape=rect;sketch=1;sketchStyle=comic;fillColor=#dae8fc;strokeColor=#6c8ebf', 120, 60, { fill: '#dae8fc', stroke: '#6c8ebf' });
    // One path, filled plainly (no hatching) and stroked, its four sides broken into pieces about 10 px long.
    expect(comic.paths).toHaveLength(1);
    expect(comic.paths[0].attrs).toMatchObject({ fill: '#dae8fc', stroke: '#6c8ebf', 'stroke-linejoin': 'round' });
    expect(comic.paths[0].attrs.d.match(/L/g)!.length).toBeGreaterThanOrEqual(12 + 6 + 12 + 6);
    expect(draw('shape=rect;comic=1', 120, 60).paths[0].attrs.d).toBe(draw('shape=rect;comic=1', 120, 60).paths[0].attrs.d);
    expect(draw('shape=rect;comic=0', 120, 60).paths).toHaveLength(0);
  });

  it('moves each joint of a comic line across it by at most half the jiggle, a third of that on a short line, and keeps curves', () => {
    const pieces = (d: string) => [...d.matchAll(/L (-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const long = pieces(jiggledPath('M 0 0 L 100 0', 2, () => 1));
    // 10 pieces of 10 px, each joint 1 px (half of 2) off the line, ending on its end.
    expect(long).toHaveLength(11);
    expect(long.slice(0, 10).every(([x, y], n) => x === n * 10 && y === -1)).toBe(true);
    expect(long[10]).toEqual([100, 0]);
    // Under 50 px: 5 pieces, a third of the jiggle; under 2 px: straight.
    expect(pieces(jiggledPath('M 0 0 L 0 30', 3, () => 0))).toEqual([[0.5, 0], [0.5, 6], [0.5, 12], [0.5, 18], [0.5, 24], [0, 30]]);
    expect(jiggledPath('M 0 0 L 1 1', 2, () => 1)).toBe('M 0 0 L 1 1');
    expect(jiggledPath('M 0 0 Q 10 0 10 10 Z', 2, () => 0.5)).toMatch(/^M 0 0 Q 10 0 10 10( L [\d.]+ [\d.]+)+ Z$/);
  });
});
