/** The Bootstrap palette's code shapes, as mxBootstrap.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';

const b = 'shape=mxgraph.bootstrap.';

describe('bootstrap boxes', () => {
  it("draws rrect and the one-side buttons as the mockups' boxes of rSize corners", () => {
    expect(draw(`${b}rrect;rSize=5`, 100, 40).rects[0].attrs).toMatchObject({ width: '100', height: '40', rx: '5' });
    expect(draw(`${b}topButton;rSize=5`, 100, 40).paths[0].attrs.d).toBe('M0,5 A5,5 0 0 1 5,0 L95,0 A5,5 0 0 1 100,5 L100,40 L0,40 Z');
    expect(draw(`${b}bottomButton`, 100, 40).paths[0].attrs.d).toBe('M0,0 L100,0 L100,30 A10,10 0 0 1 90,40 L10,40 A10,10 0 0 1 0,30 Z');
    expect(draw(`${b}leftButton;rSize=4`, 50, 20).paths[0].attrs.d).toBe('M0,4 A4,4 0 0 1 4,0 L50,0 L50,20 L4,20 A4,4 0 0 1 0,16 Z');
    expect(draw(`${b}rightButton;rSize=4`, 50, 20).paths[0].attrs.d).toBe('M0,0 L46,0 A4,4 0 0 1 50,4 L50,16 A4,4 0 0 1 46,20 L0,20 Z');
  });

  it('draws a striped bar: its body filled with no outline, white stripes at 20 % leaning back a height apart', () => {
    const { paths } = draw(`${b}leftButtonStriped`, 100, 20, { fill: '#0085fc' });
    expect(paths[0].attrs).toMatchObject({ fill: '#0085fc', stroke: 'none' });
    expect(pointsOf(paths[1].attrs.d)).toEqual([[0, 15], [0, 5], [15, 20], [5, 20]]);
    expect(paths[1].attrs).toMatchObject({ fill: '#ffffff', 'fill-opacity': '0.2' });
    // Stripes start at 5, 25, 45, 65, 85: the last one meets the right side.
    expect(pointsOf(paths[2].attrs.d)).toEqual([[5, 0], [15, 0], [35, 20], [25, 20]]);
    expect(paths).toHaveLength(7);
    expect(pointsOf(paths[6].attrs.d)).toEqual([[85, 0], [95, 0], [100, 5], [100, 15]]);
  });

  it('draws a pill with half-circle ends on its shorter side, an arrow, an X', () => {
    expect(draw(`${b}roundedButton`, 100, 30).paths[0].attrs.d).toBe('M85,0 A15,15 0 0 1 85,30 L15,30 A15,15 0 0 1 15,0 Z');
    expect(draw(`${b}roundedButton`, 30, 100).paths[0].attrs.d).toBe('M0,85 A15,15 0 0 0 30,85 L30,15 A15,15 0 0 0 0,15 Z');
    expect(draw(`${b}arrow`, 60, 20).paths[0].attrs).toMatchObject({ d: 'M0,10 L60,10 M54,0 L60,10 L54,20', fill: 'none' });
    expect(draw(`${b}x`, 15, 15).paths[0].attrs.d).toBe('M0,0 L15,15 M15,0 L0,15');
  });

  it("draws a tab outlined in its own fill, then open at the bottom in the stroke; an image's two frames", () => {
    const tab = draw(`${b}tabTop;rSize=5`, 100, 40, { fill: '#ffffff', stroke: '#dfdfdf' }).paths;
    expect(tab[0].attrs).toMatchObject({ fill: '#ffffff', stroke: '#ffffff' });
    expect(tab[1].attrs).toMatchObject({ d: 'M0,40 L0,5 A5,5 0 0 1 5,0 L95,0 A5,5 0 0 1 100,5 L100,40', stroke: '#dfdfdf', fill: 'none' });
    const image = draw(`${b}image;rSize=10`, 100, 80).paths;
    expect(image[0].attrs.fill).toBe('none');
    expect(image[1].attrs).toMatchObject({ d: 'M5,10 A5,5 0 0 1 10,5 L90,5 A5,5 0 0 1 95,10 L95,70 A5,5 0 0 1 90,75 L10,75 A5,5 0 0 1 5,70 Z', stroke: 'none' });
  });
});

describe('bootstrap form controls', () => {
  it('draws a checkbox of 3 px corners with a 3 px tick, and a radio button with its dot in the stroke colour', () => {
    const box = draw(`${b}checkbox`, 20, 20);
    expect(box.rects[0].attrs.rx).toBe('3');
    expect(box.paths[0].attrs).toMatchObject({ d: 'M16,4 L8,16 L5,12', 'stroke-width': '3' });
    expect(circlesOf(draw(`${b}radioButton`, 20, 20, { stroke: '#0085fc' }).ellipses)).toEqual([
      [10, 10, 10, '#ffffff', '#0085fc'],
      [10, 10, 5, '#0085fc', 'none'],
    ]);
  });

  it('checks the palette checkbox and radio button when `checked` is set to anything but 0', () => {
    for (const style of [`${b}checkbox2`, `${b}checkbox2;checked=0`]) {
      const unchecked = draw(style, 20, 20);
      expect(unchecked.rects[0].attrs).toMatchObject({ rx: '2', fill: '#ffffff', stroke: '#000000' });
      expect(unchecked.paths).toHaveLength(0);
    }
    for (const value of ['1', 'true']) {
      const checked = draw(`${b}checkbox2;checked=${value};checkedFill=#0085FC;checkedStroke=#ffffff`, 20, 20);
      expect(checked.rects[0].attrs).toMatchObject({ fill: '#0085FC', stroke: 'none' });
      expect(checked.paths[0].attrs).toMatchObject({ d: 'M16,4 L8,15 L5,12', stroke: '#ffffff', 'stroke-width': '2' });
    }
    expect(circlesOf(draw(`${b}radioButton2;checked=1;checkedFill=#0085FC;checkedStroke=#ffffff`, 20, 20).ellipses)).toEqual([
      [10, 10, 10, '#0085FC', '#0085FC'],
      [10, 10, 6, '#ffffff', 'none'],
    ]);
    expect(draw(`${b}radioButton2`, 20, 20).ellipses).toHaveLength(1);
  });

  it('draws a switch at least twice as wide as high: on in onFillColor with its knob right, off in its colours with its knob left', () => {
    const on = draw(`${b}switch`, 30, 20);
    expect(on.rects[0].attrs).toMatchObject({ width: '40', rx: '10', fill: '#0085FC', stroke: 'none' });
    expect(circlesOf(on.ellipses)).toEqual([[30, 10, 8, '#ffffff', 'none']]);
    const off = draw(`${b}switch;buttonState=0`, 40, 20, { stroke: '#adb6bd' });
    expect(off.rects[0].attrs).toMatchObject({ fill: '#ffffff', stroke: '#adb6bd' });
    expect(circlesOf(off.ellipses)).toEqual([[10, 10, 8, '#adb6bd', 'none']]);
  });

  it("draws a range input's rounded track and round handle at dx, or its rect track and gripped handle", () => {
    const round = draw(`${b}rangeInput;dx=0.6`, 200, 20, { fill: '#dee2e6', stroke: '#0085fc' });
    expect(round.paths[0].attrs).toMatchObject({ d: 'M0,10 A5,5 0 0 1 5,5 L195,5 A5,5 0 0 1 200,10 A5,5 0 0 1 195,15 L5,15 A5,5 0 0 1 0,10 Z', fill: '#dee2e6' });
    expect(circlesOf(round.ellipses)).toEqual([[120, 10, 10, '#0085fc', 'none']]);
    const rect = draw(`${b}rangeInput;dx=0.5;rangeStyle=rect;handleStyle=rect`, 200, 20, { fill: '#e3ddd8' });
    expect(rect.rects.map(boxOf)).toEqual([[0, 8, 200, 4], [95, 0, 10, 20]]);
    // No gradientColor: the track fades out, the handle shades to black.
    expect(rect.markup).toContain('<stop offset="1" stop-color="#e3ddd8" stop-opacity="0"/>');
    expect(rect.markup).toContain('stop-color="#000000" stop-opacity="0"/>');
    expect(rect.paths[0].attrs.d).toBe('M97.5,6 L102.5,6 M97.5,10 L102.5,10 M97.5,14 L102.5,14');
  });
});

describe('bootstrap figures', () => {
  it('draws a user of fifteen arcs, filled', () => {
    const user = draw(`${b}user2`, 100, 100, { fill: '#6c767d' }).paths[0].attrs;
    expect(user).toMatchObject({ fill: '#6c767d', stroke: 'none' });
    expect(user.d.startsWith('M0,95 A30,30 0 0 1 2,87 A10,10 0 0 1 8,81.2')).toBe(true);
    expect(user.d.match(/A/g)).toHaveLength(15);
  });

  it('spaces rating stars 1.2 heights apart, the first `grade` in the fill', () => {
    const stars = draw(`${b}rating;grade=2;ratingScale=3`, 100, 10, { fill: '#ffcc00' }).paths;
    expect(stars.map((p) => [pointsOf(p.attrs.d)[0][0], p.attrs.fill])).toEqual([[0, '#ffcc00'], [12, '#ffcc00'], [24, '#ffffff']]);
    // A grade past the scale: that many stars, all filled.
    expect(draw(`${b}rating;grade=4;ratingScale=3`, 100, 10, { fill: '#ffcc00' }).paths.map((p) => p.attrs.fill)).toEqual(Array(4).fill('#ffcc00'));
  });

  it("draws a popover's box and pointer dx across, dy high, within the box", () => {
    expect(draw(`${b}popover;dx=45;dy=5;rSize=5`, 120, 60).paths[0].attrs.d).toBe(
      'M5,0 L115,0 A5,5 0 0 1 120,5 L120,50 A5,5 0 0 1 115,55 L50,55 L45,60 L40,55 L5,55 A5,5 0 0 1 0,50 L0,5 A5,5 0 0 1 5,0 Z',
    );
    expect(pointsOf(draw(`${b}popover;dx=2;dy=10;rSize=0`, 50, 40).paths[0].attrs.d).slice(3, 6)).toEqual([[12, 30], [2, 40], [0, 30]]);
  });
});
