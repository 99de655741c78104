/** The Infographic palette's shapes, as mxInfographic.js draws them. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';

const ig = 'shape=mxgraph.infographic.';

describe('infographic shapes', () => {
  it('rolls a ribbon dx wide and dy high at both ends, shading the rolls black at 20 % and stroking the outline over them', () => {
    const ribbon = draw(`${ig}ribbonRolled;dx=30;dy=10`, 200, 60);
    expect(pointsOf(ribbon.paths[0].attrs.d)).toEqual([[0, 10], [30, 0], [30, 10], [200, 10], [200, 50], [170, 60], [170, 50], [0, 50]]);
    expect(ribbon.paths[1].attrs).toMatchObject({ fill: '#000000', stroke: 'none', opacity: '0.2' });
    expect(pointsOf(ribbon.paths[1].attrs.d)).toEqual([[0, 10], [30, 0], [30, 10], [200, 50], [170, 60], [170, 50]]);
    expect(ribbon.paths[2].attrs).toMatchObject({ fill: 'none', d: ribbon.paths[0].attrs.d });
    // dy at most half the height, dx at most the width.
    expect(pointsOf(draw(`${ig}ribbonRolled;dx=500;dy=80`, 200, 60).paths[0].attrs.d)[1]).toEqual([200, 0]);
    // The double fold shades the whole left fold; front and back folded ribbons differ in their fold.
    expect(pointsOf(draw(`${ig}ribbonDoubleFolded;dx=25;dy=15`, 200, 60).paths[1].attrs.d).slice(0, 4)).toEqual([[0, 15], [25, 0], [25, 30], [0, 45]]);
    expect(pointsOf(draw(`${ig}ribbonFrontFolded;dx=25;dy=15;notch=15`, 200, 60).paths[1].attrs.d)).toEqual([[0, 15], [25, 0], [25, 45], [0, 60]]);
    const back = draw(`${ig}ribbonBackFolded;dx=25;dy=15;notch=15`, 200, 60);
    expect(pointsOf(back.paths[1].attrs.d)).toEqual([[0, 15], [25, 0], [25, 15]]);
    expect(pointsOf(back.paths[0].attrs.d)[4]).toEqual([185, 37.5]);
  });

  it('draws banners with their tails shaded and the folds under the band darker, dx kept clear of the folds', () => {
    const banner = draw(`${ig}banner;dx=32;dy=17;notch=15`, 300, 55);
    expect(pointsOf(banner.paths[0].attrs.d).slice(0, 4)).toEqual([[0, 17], [32, 17], [32, 0], [268, 0]]);
    expect(banner.paths.map((p) => p.attrs.opacity)).toEqual([undefined, '0.2', '0.4']);
    // dx at most half the width less two dy.
    expect(pointsOf(draw(`${ig}banner;dx=200;dy=10;notch=5`, 100, 40).paths[0].attrs.d)[1]).toEqual([30, 10]);
    const single = draw(`${ig}bannerSingleFold;dx=32;dx2=20;dy=17;notch=15`, 250, 55);
    expect(pointsOf(single.paths[0].attrs.d).at(-1)).toEqual([0, 19]);
    expect(single.paths.map((p) => p.attrs.opacity)).toEqual([undefined, '0.05', '0.4', undefined]);
    const half = draw(`${ig}bannerHalfFold;dx=40;dx2=20;notch=15`, 250, 80);
    expect(pointsOf(half.paths[0].attrs.d)).toEqual([[20, 0], [210, 0], [250, 40], [250, 80], [230, 65], [210, 80], [210, 40], [20, 40], [0, 20]]);
  });

  it("points callouts and flags at dx, and leans a parallelogram by twice dx", () => {
    expect(pointsOf(draw(`${ig}barCallout;dx=100;dy=30`, 200, 70).paths[0].attrs.d)).toEqual([[0, 0], [200, 0], [200, 40], [110.5, 40], [100, 70], [89.5, 40], [0, 40]]);
    const flag = draw(`${ig}flag;dx=30;dy=20`, 200, 70, { fill: '#10739e' });
    expect(pointsOf(flag.paths[1].attrs.d)).toEqual([[0, 0], [30, 0], [30, 50], [15, 70], [0, 50]]);
    expect(flag.paths[1].attrs).toMatchObject({ fill: '#ffffff', opacity: '0.2' });
    expect(pointsOf(draw(`${ig}parallelogram;dx=5`, 100, 30).paths[0].attrs.d)).toEqual([[0, 30], [10, 0], [100, 0], [90, 30]]);
  });

  it('lights triangles, pyramids, steps and cubes from the left', () => {
    const pyramid = draw(`${ig}shadedPyramid`, 80, 120);
    expect(pointsOf(pyramid.paths[0].attrs.d)).toEqual([[0, 96], [40, 0], [80, 96], [40, 120]]);
    expect(pyramid.paths.slice(1, 3).map((p) => p.attrs.fill)).toEqual(['#ffffff', '#000000']);
    expect(pointsOf(draw(`${ig}shadedTriangle`, 100, 100).paths[1].attrs.d)[2]).toEqual([50, 67]);
    expect(pointsOf(draw(`${ig}pyramidStep`, 100, 40).paths[0].attrs.d)[0]).toEqual([0, 10]);
    const cube = draw(`${ig}shadedCube;isoAngle=15`, 80, 90);
    const iso = 80 * Math.tan((15 * Math.PI) / 200);
    expect(pointsOf(cube.paths[0].attrs.d)[1]).toEqual([80, Math.round(iso * 100) / 100]);
    // No outline over the faces.
    expect(cube.paths).toHaveLength(3);
  });

  it('rings: a partly lightened ring, a bending arch, a dial and a callout with holes of their widths', () => {
    const ring = draw(`${ig}partConcEllipse;startAngle=0;endAngle=0.75;arcWidth=0.4`, 100, 100, { fill: '#10739e' });
    // Outer ring and a hole 0.6 of the radius, as one path.
    expect(ring.paths[0].attrs.d).toContain('M50,0 A50,50 0 0 1 100,50');
    expect(ring.paths[0].attrs.d).toContain('M50,20 A30,30 0 0 0 20,50');
    // The lightened band from the top anticlockwise to the left (more than half a turn the other way: the small arc).
    expect(ring.paths[1].attrs.d.startsWith('M50,0 A50,50 0 0 0 0,50 L20,50 A30,30 0 0 1 50,20')).toBe(true);
    const arch = draw(`${ig}bendingArch;startAngle=0.75;endAngle=0.25;arcWidth=0.25`, 100, 100);
    // The oval 5 px inside a ring three quarters of the radius.
    expect(arch.ellipses[0].attrs).toMatchObject({ rx: '32.5', ry: '32.5' });
    expect(arch.paths[0].attrs.d.startsWith('M0,50 A50,50 0 0 1 100,50 L87.5,50 A37.5,37.5 0 0 0 12.5,50')).toBe(true);
    const dial = draw(`${ig}circularDial;dy=15`, 100, 140);
    expect(dial.paths[0].attrs.d).toContain('M50,15 A35,35 0 0 0 15,50');
    expect(pointsOf(dial.paths[1].attrs.d)[0]).toEqual([0, 100]);
    const callout = draw(`${ig}circularCallout;dy=15`, 100, 100);
    expect(callout.paths[0].attrs.d).toContain('L100,0 Z M50,15 A35,35 0 0 0 15,50');
  });

  it('draws the pin callout in the stroke colour without an outline, its holes in fillColor, and a cylinder shaded across', () => {
    const pin = draw(`${ig}circularCallout2;strokeColor=#10739E;fillColor=#ffeeee`, 100, 200, { fill: '#ffeeee', stroke: '#10739E' });
    expect(pin.paths.map((p) => [p.attrs.fill, p.attrs.stroke])).toEqual([['#10739E', 'none'], ['#ffeeee', 'none']]);
    expect(pin.paths[1].attrs.d).toContain('M50,10 A40,40 0 0 0 10,50');
    expect(draw(`${ig}circularCallout2;strokeColor=none`, 60, 140, { stroke: 'none' }).paths[0].attrs.fill).toBe('none');
    const cylinder = draw(`${ig}cylinder`, 60, 120);
    expect(cylinder.markup).toContain('<linearGradient');
    expect(cylinder.paths[1].attrs).toMatchObject({ fill: 'url(#g1-own)', opacity: '0.4' });
    expect(cylinder.paths[0].attrs.d.startsWith('M0,10 A30,10 0 0 1 60,10 L60,110')).toBe(true);
    const entry = draw(`${ig}numberedEntryVert;dy=25`, 80, 160);
    expect(entry.ellipses[0].attrs).toMatchObject({ cx: '40', cy: '12.5', rx: '12.5' });
    expect(entry.paths[0].attrs.d.startsWith('M0,12.5 L22.5,12.5 A17.5,17.5 0 0 0 57.5,12.5')).toBe(true);
  });
});
