/** The AWS 3D palette's arrows and edges (mxAWS3D.js), drawn as vertices corner to corner of their box. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';
import { CODE_SHAPE_NAMES } from './code-shapes';

const aws3d = 'shape=mxgraph.aws3d.';

describe('AWS 3D arrows and edges', () => {
  it('registers the 52 shapes of mxAWS3D.js', () => {
    expect(CODE_SHAPE_NAMES.filter((name) => name.startsWith('mxgraph.aws3d.'))).toHaveLength(52);
  });

  it('draws an arrow north east with a barbed head at the top right and a rounded tail at the bottom left', () => {
    const { paths } = draw(`${aws3d}arrowNE;`, 45.5, 26, { fill: '#000000' });
    // diagrams.net: (w-17, 8) (w-21, 5.5) (w, 0) (w-9.7, 12.2) (w-13.9, 9.8) (9.7, h-3.5), then four arcs back to the start.
    expect(paths[0].attrs.d).toBe(
      'M28.5,8 L24.5,5.5 L45.5,0 L35.8,12.2 L31.6,9.8 L9.7,22.5 A6,3 0 0 1 9,25.6 A5.2,3 0 0 1 1,24.6 A6,2.8 0 0 1 3,20.6 A5,3 0 0 1 6.7,20.8 Z',
    );
    expect(paths[0].attrs).toMatchObject({ fill: '#000000', stroke: '#000000', 'stroke-width': '1' });
  });

  it('mirrors the arrow for the other three directions, its arcs turning the other way once mirrored one way', () => {
    const d = (name: string) => draw(`${aws3d}${name};`, 45.5, 26).paths[0].attrs.d;
    expect(d('arrowSW')).toBe(
      'M17,18 L21,20.5 L0,26 L9.7,13.8 L13.9,16.2 L35.8,3.5 A6,3 0 0 1 36.5,0.4 A5.2,3 0 0 1 44.5,1.4 A6,2.8 0 0 1 42.5,5.4 A5,3 0 0 1 38.8,5.2 Z',
    );
    expect(d('arrowSE')).toMatch(/^M28\.5,18 L24\.5,20\.5 L45\.5,26 .* L9\.7,3\.5 A6,3 0 0 0 9,0\.4 /);
    expect(d('arrowNW')).toMatch(/^M17,8 L21,5\.5 L0,0 .* L35\.8,22\.5 A6,3 0 0 0 36\.5,25\.6 /);
    expect(pointsOf(d('arrowlessNE')).slice(0, 3)).toEqual([[42.4, 0], [45.5, 1.8], [9.7, 22.5]]);
  });

  it('draws the dashed edges in blue, 4 px wide with round ends, dashed 3 3 line widths unless the style says', () => {
    const double = draw(`${aws3d}dashedEdgeDouble;`, 100, 60);
    expect(double.paths.slice(0, 2).map((p) => [pointsOf(p.attrs.d), p.attrs.fill, p.attrs.stroke])).toEqual([
      [[[21, 5.5], [0, 0], [9.7, 12.2]], '#2D6195', 'none'],
      [[[79, 54.5], [100, 60], [90.3, 47.8]], '#2D6195', 'none'],
    ]);
    const line = double.paths[2];
    expect(line.attrs).toMatchObject({ stroke: '#2D6195', 'stroke-width': '4', 'stroke-dasharray': '12 12', 'stroke-linecap': 'round' });
    const [[x1, y1], [x2, y2]] = pointsOf(line.attrs.d);
    expect([x1, y1, x2, y2].map((n) => Math.round(n * 10) / 10)).toEqual([7.7, 4.4, 92.3, 55.6]);
    const single = draw(`${aws3d}dashedEdge;dashPattern=1 2;`, 100, 60);
    expect(pointsOf(single.paths[0].attrs.d)).toEqual([[79, 5.5], [100, 0], [90.3, 12.2]]);
    expect(single.paths[1].attrs['stroke-dasharray']).toBe('4 8');
    expect(pointsOf(draw(`${aws3d}dashedArrowlessEdge;`, 100, 60).paths[0].attrs.d)).toEqual([[0, 0], [100, 60]]);
  });

  it('draws the flat edges as yellow bands with square heads of fixed size', () => {
    const flat = draw(`${aws3d}flatEdge;`, 63.2, 36).paths[0];
    expect(pointsOf(flat.attrs.d)).toEqual([[17.2, 8.8], [2, 0], [63.2, 0], [63.2, 35.5], [47.8, 26.5], [30.7, 36], [0, 18.3]]);
    expect(flat.attrs).toMatchObject({ fill: '#F4B934', stroke: 'none' });
    const double = pointsOf(draw(`${aws3d}flatDoubleEdge;`, 252.8, 144).paths[0].attrs.d);
    expect(double).toHaveLength(18);
    // The second head is the first turned half round about the centre: (w - 15.3, h - 61.9) ...
    expect(double.slice(9, 12)).toEqual([[237.5, 82.1], [222, 90.8], [237.4, 99.8]]);
  });
});
