/** How the AWS 3D icons are inked (mxAWS3D.js): sizes, line widths, shades and colours. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';
import { unitPath } from './code-shapes-aws3d-ink';

const ami = 'shape=mxgraph.aws3d.ami;';

describe('AWS 3D icon inks', () => {
  it("lays a unit-box path out in the shape's box, an arc's radii with it", () => {
    expect(String(unitPath('M0 .5L1 .25A.5 .25 0 0 1 .5 1Z', 200, 40))).toBe('M0,20 L200,10 A100,10 0 0 1 100,40 Z');
  });

  it("draws the AMI's body at its formula's corners, filled under a dark rim twice the line's width", () => {
    const { paths } = draw(ami, 92, 60, { fill: '#E8CA45', stroke: '#FFF215' });
    // diagrams.net: (0, 0.6483h), (0.0684w, 0.4133h), (0.5326w, 0), (0.6685w, 0), (0.9359w, 0.2367h), (w, 0.465h), (0.4w, h).
    expect(pointsOf(paths[0].attrs.d)).toEqual([[0, 38.9], [6.29, 24.8], [49, 0], [61.5, 0], [86.1, 14.2], [92, 27.9], [36.8, 60]]);
    expect(paths[0].attrs).toMatchObject({ fill: '#E8CA45', stroke: '#292929', 'stroke-width': '2', 'stroke-linejoin': 'round' });
    // Its lines in the stroke colour, one line wide; its logo filled in it; the rim drawn again on top.
    expect(paths[3].attrs).toMatchObject({ fill: 'none', stroke: '#FFF215', 'stroke-width': '1' });
    expect(paths[6].attrs).toMatchObject({ fill: '#FFF215', stroke: 'none' });
    expect(paths[7].attrs).toMatchObject({ fill: 'none', stroke: '#292929', 'stroke-width': '2' });
  });

  it('widens its lines with the icon against the size they were drawn for (92 x 60), by the smaller ratio', () => {
    const width = (style: string, w: number, h: number) => draw(`${ami}${style}`, w, h).paths[3].attrs['stroke-width'];
    expect(width('', 184, 60)).toBe('1');
    expect(width('', 184, 120)).toBe('2');
    expect(width('strokeWidth=1.5;', 184, 120)).toBe('3');
    // The canvas draws no line under 1 px.
    expect(width('', 46, 30)).toBe('1');
  });

  it('shades its sides black at the shadingCols opacities, traded under flipH', () => {
    const shades = (style: string) => draw(`${ami}${style}`, 92, 60).paths.slice(1, 3).map((p) => [p.attrs.fill, p.attrs['fill-opacity']]);
    expect(shades('')).toEqual([['#000000', '0.1'], ['#000000', '0.3']]);
    expect(shades('flipH=1;')).toEqual([['#000000', '0.3'], ['#000000', '0.1']]);
    expect(shades('shadingCols=0.2,0.6;')).toEqual([['#000000', '0.2'], ['#000000', '0.6']]);
    // With the shape's own fillOpacity under them.
    expect(shades('fillOpacity=50;')).toEqual([['#000000', '0.05'], ['#000000', '0.15']]);
  });
});
