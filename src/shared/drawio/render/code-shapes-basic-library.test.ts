/** The Basic palette's code shapes (mxgraph.basic.*), as mxBasic.js draws them from their style keys. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';

const basic = (name: string, rest = '') => `shape=mxgraph.basic.${name};${rest}`;

describe('basic polygons', () => {
  it('draws a cross with arms dx either side of the middle', () => {
    const { paths } = draw(basic('cross2', 'dx=10'), 100, 60);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[60, 0], [60, 20], [100, 20], [100, 40], [60, 40], [60, 60], [40, 60], [40, 40], [0, 40], [0, 20], [40, 20], [40, 0]]);
  });

  it('cuts an octagon and a diagonal snip rectangle dx doubled, at most half the shorter side', () => {
    expect(pointsOf(draw(basic('octagon2', 'dx=10'), 100, 60).paths[0].attrs.d)).toEqual([[20, 0], [80, 0], [100, 20], [100, 40], [80, 60], [20, 60], [0, 40], [0, 20]]);
    // dx 40 doubled is 80: held to 30, half the height.
    expect(pointsOf(draw(basic('diag_snip_rect', 'dx=40'), 100, 60).paths[0].attrs.d)).toEqual([[30, 0], [100, 0], [100, 30], [70, 60], [0, 60], [0, 30]]);
  });

  it('puts a triangle\'s apex or foot at a share dx of the width', () => {
    expect(pointsOf(draw(basic('acute_triangle', 'dx=0.25'), 80, 40).paths[0].attrs.d)).toEqual([[0, 40], [20, 0], [80, 40]]);
    expect(pointsOf(draw(basic('obtuse_triangle', 'dx=0.75'), 80, 40).paths[0].attrs.d)).toEqual([[60, 40], [0, 0], [80, 40]]);
  });

  it('draws a callout\'s pointer dy high starting dx along, and a rounded one\'s corners and curved pointer', () => {
    expect(pointsOf(draw(basic('rectCallout', 'dx=30;dy=15'), 120, 80).paths[0].attrs.d)).toEqual([[22.5, 65], [0, 65], [0, 0], [120, 0], [120, 65], [37.5, 65], [15, 80]]);
    const round = draw(basic('roundRectCallout', 'dx=30;dy=15;size=5'), 120, 80).paths[0].attrs.d;
    expect(round).toBe('M22.5,65 L5,65 A5,5 0 0 1 0,60 L0,5 A5,5 0 0 1 5,0 L115,0 A5,5 0 0 1 120,5 L120,60 A5,5 0 0 1 115,65 L37.5,65 A28.5,21 0 0 1 15,80 A13.5,21 0 0 0 22.5,65 Z');
  });

  it('draws an isometric cube\'s outline and, in stroke only, its top face and front edge', () => {
    const { paths } = draw(basic('isocube', 'isoAngle=50'), 100, 200);
    // 50 of 200 is a quarter turn of pi: tan(pi/4) x 100 = 100, held to half the height.
    expect(pointsOf(paths[0].attrs.d)).toEqual([[50, 0], [100, 100], [100, 100], [50, 200], [0, 100], [0, 100]]);
    expect(paths[1].attrs.fill).toBe('none');
  });

  it('draws a pyramid from its four corner keys and its front edge, and a four-pointed star', () => {
    const { paths } = draw(basic('pyramid', 'dx1=0.4;dx2=0.6;dy1=0.9;dy2=0.8'), 100, 100);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[40, 0], [100, 80], [60, 100], [0, 90]]);
    expect(pointsOf(paths[1].attrs.d)).toEqual([[40, 0], [60, 100]]);
    expect(pointsOf(draw(basic('4_point_star_2', 'dx=0.6'), 100, 100).paths[0].attrs.d)).toEqual([[0, 50], [30, 30], [50, 0], [70, 30], [100, 50], [70, 70], [50, 100], [30, 70]]);
  });
});

describe('basic curves', () => {
  it('rounds the corners a diagonal round rectangle, a corner round rectangle and a plaque round', () => {
    expect(draw(basic('diag_round_rect', 'dx=10'), 100, 60).paths[0].attrs.d).toBe('M0,20 A20,20 0 0 1 20,0 L100,0 L100,40 A20,20 0 0 1 80,60 L0,60 Z');
    expect(draw(basic('corner_round_rect', 'dx=5'), 100, 60).paths[0].attrs.d).toBe('M0,10 A10,10 0 0 1 10,0 L100,0 L100,60 L0,60 Z');
    // A plaque's corners bite inward (swept the other way).
    expect(draw(basic('plaque', 'dx=5'), 100, 60).paths[0].attrs.d).toBe('M0,10 A10,10 0 0 0 10,0 L90,0 A10,10 0 0 0 100,10 L100,50 A10,10 0 0 0 90,60 L10,60 A10,10 0 0 0 0,50 Z');
  });

  it('draws a wave band a share dy of the height, a drop and a cone with its elliptic base', () => {
    expect(draw(basic('wave2', 'dy=0.2'), 120, 100).paths[0].attrs.d).toBe('M0,10 Q20,-8 40,10 Q60,28 80,10 Q100,-8 120,10 L120,90 Q100,72 80,90 Q60,108 40,90 Q20,72 0,90 Z');
    // A drop 60 x 100: a circle of radius 30 at (30, 70), the lines from the top touching it 30 x 30/70 = 12.86 above its centre.
    expect(draw(basic('drop'), 60, 100).paths[0].attrs.d).toBe('M30,0 L57.11,57.14 A30,30 0 0 1 60,70 A30,30 0 0 1 30,100 A30,30 0 0 1 0,70 A30,30 0 0 1 2.89,57.14 Z');
    expect(draw(basic('cone2', 'dx=0.5;dy=0.8'), 100, 100).paths[0].attrs.d).toBe('M50,0 L100,80 A50,20 0 0 1 50,100 A50,20 0 0 1 0,80 Z');
  });

  it('rounds three corners of a three-corner round rectangle, leaving the bottom left square', () => {
    expect(draw(basic('three_corner_round_rect', 'dx=5'), 100, 60).paths[0].attrs.d).toBe('M0,10 A10,10 0 0 1 10,0 L90,0 A10,10 0 0 1 100,10 L100,50 A10,10 0 0 1 90,60 L0,60 Z');
  });

  it('faces the way its direction says, as every code shape does', () => {
    expect(draw(basic('acute_triangle', 'direction=south'), 80, 40).markup).toContain('rotate(90 40 20)');
  });
});

describe('basic frames and buttons', () => {
  it('cuts a frame\'s hole dx in, drawn the other way round so it stays a hole, and a frame corner', () => {
    expect(draw(basic('frame', 'dx=10'), 100, 60).paths[0].attrs.d).toBe('M100,0 L100,60 L0,60 L0,0 Z M10,10 L10,50 L90,50 L90,10 Z');
    expect(pointsOf(draw(basic('frame_corner', 'dx=10'), 100, 60).paths[0].attrs.d)).toEqual([[0, 0], [100, 0], [90, 10], [10, 10], [10, 50], [0, 60]]);
  });

  it('bites a plaque frame\'s corners dx in, its hole\'s bowed on 2 dx, and rounds a rounded frame 2 dx outside', () => {
    const plaque = draw(basic('plaque_frame', 'dx=10'), 100, 60).paths[0].attrs.d;
    expect(plaque).toBe('M90,0 A10,10 0 0 0 100,10 L100,50 A10,10 0 0 0 90,60 L10,60 A10,10 0 0 0 0,50 L0,10 A10,10 0 0 0 10,0 Z M20,10 A20,20 0 0 1 10,20 L10,40 A20,20 0 0 1 20,50 L80,50 A20,20 0 0 1 90,40 L90,20 A20,20 0 0 1 80,10 Z');
    // dx 20 is held to a quarter of the height: 15.
    const rounded = draw(basic('rounded_frame', 'dx=20'), 100, 60).paths[0].attrs.d;
    expect(rounded.startsWith('M70,0 A30,30 0 0 1 100,30 L100,30 A30,30 0 0 1 70,60')).toBe(true);
    expect(rounded).toContain('M30,15 A15,15 0 0 0 15,30');
  });

  it('draws a ring dx wide, its inner ellipse swept backwards, and a diagonal stripe', () => {
    expect(draw(basic('donut', 'dx=10'), 100, 60).paths[0].attrs.d).toBe(
      'M0,30 A50,30 0 0 1 50,0 A50,30 0 0 1 100,30 A50,30 0 0 1 50,60 A50,30 0 0 1 0,30 Z M50,10 A40,20 0 0 0 10,30 A40,20 0 0 0 50,50 A40,20 0 0 0 90,30 A40,20 0 0 0 50,10 Z',
    );
    // dx 0.5 x 100 / side: 0.5 down the right side, 0.83 along the bottom.
    expect(pointsOf(draw(basic('diag_stripe'), 100, 60).paths[0].attrs.d)).toEqual([[0, 60], [100, 0], [100, 0.5], [0.83, 60]]);
  });

  it('layers three boxes dx apart, back to front', () => {
    const { rects } = draw(basic('layered_rect', 'dx=10'), 100, 60);
    expect(rects.map((r) => [r.attrs.x, r.attrs.y, r.attrs.width, r.attrs.height].map(Number))).toEqual([[10, 10, 90, 50], [5, 5, 90, 50], [0, 0, 90, 50]]);
  });

  it('outlines a button\'s bevels, and shades a shaded button\'s in white and black with no outline', () => {
    const plain = draw(basic('button', 'dx=10'), 100, 60);
    expect(plain.paths).toHaveLength(5);
    expect(pointsOf(plain.paths[1].attrs.d)).toEqual([[0, 0], [100, 0], [90, 10], [10, 10]]);
    const shaded = draw(basic('shaded_button', 'dx=10'), 100, 60, { fill: '#008cff' });
    expect(shaded.rects[0].attrs).toMatchObject({ fill: '#008cff', stroke: 'none' });
    expect(shaded.paths.map((p) => [p.attrs.fill, p.attrs.opacity, p.attrs.stroke])).toEqual([
      ['#ffffff', '0.25', 'none'],
      ['#ffffff', '0.5', 'none'],
      ['#000000', '0.25', 'none'],
      ['#000000', '0.5', 'none'],
    ]);
  });
});
