/** mxGraph's and diagrams.net's general shapes (code-shapes-core), with the geometry of their shape classes. */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { codeShapeLabelBox } from './code-shapes';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';

describe('core shapes', () => {
  it("draws mxActor's head and shoulders: curves from the bottom corners up to the neck at 2/5 and round the head, a third of the width each side", () => {
    const { paths } = draw('shape=actor', 60, 100);
    expect(paths[0].attrs.d).toBe('M0,100 C0,60 0,40 30,40 C10,40 10,0 30,0 C50,0 50,40 30,40 C60,40 60,60 60,100 Z');
  });

  it('draws the isometric rectangle as the largest 30-degree rhombus the box holds, centred a quarter lower', () => {
    // 120 x 70: m = min(120, 70 / tan 30) = 120, moved (h - m) / 2 + m / 4 = 5 down; the top apex tan30Dx m above the box.
    const corners = pointsOf(draw('shape=isoRectangle', 120, 70).paths[0].attrs.d);
    expect(corners.slice(0, 4)).toEqual([[0, 35], [60, 0.36], [120, 35], [60, 69.64]]);
  });

  it('draws the isometric cube as a hexagon and its front edges, centred in the box', () => {
    const { paths } = draw('shape=isoCube', 90, 100);
    // m = min(90, 100 / (0.5 + tan 30)) = 90; centred 5 px down.
    expect(pointsOf(paths[0].attrs.d)).toEqual([[0, 27.5], [45, 1.52], [90, 27.5], [90, 72.5], [45, 98.48], [0, 72.5]]);
    expect(pointsOf(paths[1].attrs.d)).toEqual([[0, 27.5], [45, 53.48], [90, 27.5], [45, 53.48], [45, 98.48]]);
    expect(paths[1].attrs.fill).toBe('none');
  });

  it("tilts isoCube2's top by isoAngle (hundredths of a half turn), at most half the height", () => {
    const top = (style: string) => pointsOf(draw(`shape=isoCube2;${style}`, 80, 100).paths[0].attrs.d)[1][1];
    expect(top('')).toBeCloseTo(80 * Math.tan((15 * Math.PI) / 200), 1);
    expect(top('isoAngle=30')).toBeCloseTo(80 * Math.tan((30 * Math.PI) / 200), 1);
    expect(top('isoAngle=90')).toBe(50);
  });

  it('draws cylinder2 with elliptic ends `size` deep, and as a rectangle at size 0', () => {
    expect(draw('shape=cylinder2;size=25', 80, 100).paths[0].attrs.d).toBe('M0,25 A40,25 0 0 1 40,0 A40,25 0 0 1 80,25 L80,75 A40,25 0 0 1 40,100 A40,25 0 0 1 0,75 Z');
    expect(draw('shape=cylinder2;size=0', 80, 100).rects.map(boxOf)).toEqual([[0, 0, 80, 100]]);
  });

  it('fills the parallel marker\'s three bars in the stroke colour, a fifth of the width each, with a 1 px line', () => {
    const { rects } = draw('shape=parallelMarker;strokeWidth=3', 50, 20, { stroke: '#6c8ebf' });
    expect(rects.map(boxOf)).toEqual([[0, 0, 10, 20], [20, 0, 10, 20], [40, 0, 10, 20]]);
    expect(rects.every((r) => r.attrs.fill === '#6c8ebf' && r.attrs['stroke-width'] === '1')).toBe(true);
  });

  it('draws the switch, message, destroy mark, crossbar and required interface with their lines', () => {
    expect(draw('shape=switch', 60, 40).paths[0].attrs.d).toBe('M0,0 Q30,20 60,0 Q30,20 60,40 Q30,20 0,40 Q30,20 0,0');
    expect(pointsOf(draw('shape=message', 60, 40).paths[0].attrs.d)).toEqual([[0, 0], [30, 20], [60, 0]]);
    expect(pointsOf(draw('shape=umlDestroy', 30, 20).paths[0].attrs.d)).toEqual([[30, 0], [0, 20], [0, 0], [30, 20]]);
    expect(pointsOf(draw('shape=crossbar', 60, 20).paths[0].attrs.d)).toEqual([[0, 0], [0, 20], [60, 0], [60, 20], [0, 10], [60, 10]]);
    // size 10, inset 2 + the 1 px stroke: the stem from 13 down, the cup from 7 px left of the middle's -5.
    const requires = draw('shape=requires', 40, 60).paths;
    expect(pointsOf(requires[0].attrs.d)).toEqual([[20, 13], [20, 60]]);
    expect(requires[1].attrs.d).toBe('M12,5 Q12,13 20,13 Q28,13 28,5');
  });

  it("draws the associative entity's rhombus inside its box, and ext's double frame max(2, stroke + 1) in with its label inside it", () => {
    const entity = draw('shape=associativeEntity', 120, 60);
    expect(entity.rects.map(boxOf)).toEqual([[0, 0, 120, 60]]);
    expect(pointsOf(entity.paths[0].attrs.d)).toEqual([[60, 0], [120, 30], [60, 60], [0, 30]]);
    const ext = draw('shape=ext;double=1;strokeWidth=2', 100, 50);
    expect(ext.rects.map(boxOf)).toEqual([[0, 0, 100, 50], [3, 3, 94, 44]]);
    expect(draw('shape=ext', 100, 50).rects).toHaveLength(1);
    expect(codeShapeLabelBox(styleEntries('shape=ext;double=1'), 100, 50)).toEqual({ x: 2, y: 2, w: 96, h: 46 });
    expect(draw('shape=transparent', 80, 40).elements.filter((e) => e.tag !== 'g')).toEqual([]);
  });

  it("draws networks' bus as a 20 px bar across the middle with round ends, its right end's face white", () => {
    const { paths } = draw('shape=mxgraph.networks.bus', 200, 40, { fill: '#dae8fc' });
    expect(paths[0].attrs.d).toBe('M8,30 A12,12 0 0 1 8,10 L192,10 A12,12 0 0 1 192,30 Z');
    expect(paths[1].attrs.fill).toBe('#ffffff');
  });
});
