/** The iOS 6 palette's devices and screen backgrounds, as mxMockupiOS.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf, shadesOf } from './code-shapes-test-kit';
import { mapBlocks } from './code-shapes-ios-map';

describe('iOS devices', () => {
  it("puts an iPhone's screen at 6.25 % / 15 % (87.5 x 70 %) in its bgStyle, green unless set, under a 25 px black body", () => {
    const phone = draw('shape=mxgraph.ios.iPhone', 200, 400);
    expect(phone.rects[0].attrs).toMatchObject({ width: '200', height: '400', rx: '25', fill: '#000000' });
    expect(boxOf(phone.rects[1])).toEqual([12.5, 60, 175, 280]);
    expect(phone.rects[1].attrs.fill).toBe('#1f2923');
    expect(pointsOf(phone.paths[0].attrs.d)).toEqual([[65, 0], [175, 0], [200, 200], [140, 200]]);
    expect(shadesOf(phone.markup)).toEqual([['#808080', '#000000'], ['#bbbbbb', '#000000']]);
    expect(draw('shape=mxgraph.ios.iPhone;bgStyle=bgFlat', 200, 400, { fill: '#dae8fc' }).rects[1].attrs.fill).toBe('#dae8fc');
    // Striped: a stripe every 5 px across the screen.
    const striped = draw('shape=mxgraph.ios.iPhone;bgStyle=bgStriped', 200, 400);
    expect(pointsOf(striped.paths[1].attrs.d).slice(0, 4)).toEqual([[17.5, 60], [17.5, 340], [22.5, 60], [22.5, 340]]);
    expect(striped.paths[1].attrs.stroke).toBe('#657E8F');
  });

  it("puts an iPad's screen at 9.28 % / 8 % (81.44 x 81.6 %), its stripes 7 px apart, no speaker", () => {
    const pad = draw('shape=mxgraph.ios.iPad;bgStyle=bgStriped', 250, 400);
    expect(boxOf(pad.rects[1])).toEqual([23.2, 32, 203.6, 326.4]);
    expect(pointsOf(pad.paths[1].attrs.d)[2]).toEqual([37.2, 32]);
    // The inner outline's top edge ends at w - 27.5, as diagrams.net draws it.
    const inner = pad.paths.find((p) => p.attrs.stroke === '#666666')!;
    expect(pointsOf(inner.attrs.d).slice(0, 2)).toEqual([[2.5, 25], [222.5, 2.5]]);
    expect(pad.paths.filter((p) => p.attrs.fill === '#444444')).toEqual([]);
    expect(draw('shape=mxgraph.ios.iPhone', 200, 400).paths.filter((p) => p.attrs.fill === '#444444')).toHaveLength(1);
  });

  it('draws the map over a screen or a background: 37 blocks in fractions of its box', () => {
    const blocks = mapBlocks(10, 20, 100, 200);
    expect(blocks).toHaveLength(37);
    expect(pointsOf(String((blocks[0] as { path: unknown }).path))).toEqual([[10, 20], [21.71, 20], [21.36, 28.76], [19.93, 30.8], [10, 28.92]]);
    const bg = draw('shape=mxgraph.ios.iBgMap;fillColor2=#96D1FF;strokeColor2=#008cff', 100, 200);
    expect(bg.paths).toHaveLength(36);
    expect(bg.ellipses).toHaveLength(1);
    expect(bg.paths[0].attrs).toMatchObject({ fill: '#96D1FF', stroke: '#008cff' });
  });

  it('draws the flat and striped backgrounds: a box, and stripes every 5 px in strokeColor2', () => {
    expect(boxOf(draw('shape=mxgraph.ios.iBgFlat', 80, 100).rects[0])).toEqual([0, 0, 80, 100]);
    const striped = draw('shape=mxgraph.ios.iBgStriped;strokeColor2=#657E8F', 16, 100);
    expect(pointsOf(striped.paths[0].attrs.d)).toEqual([[5, 0], [5, 100], [10, 0], [10, 100], [15, 0], [15, 100]]);
  });
});
