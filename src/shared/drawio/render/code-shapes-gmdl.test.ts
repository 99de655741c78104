/** The Material Design palette's code shapes, as mxGmdl.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw } from './code-shapes-test-kit';

const g = 'shape=mxgraph.gmdl.';

describe('material bars and switch', () => {
  it("fills a player's bar with its yellow band and pause bars, leaving out what does not fit", () => {
    const player = draw(`${g}player`, 300, 50, { fill: '#4e4e4e' }).rects;
    expect(player.map(boxOf)).toEqual([[0, 0, 300, 50], [0, 0, 240, 4], [267, 18, 4, 14], [275, 18, 4, 14]]);
    expect(player.map((r) => r.attrs.fill)).toEqual(['#4e4e4e', '#FFED00', '#717171', '#717171']);
    expect(draw(`${g}player`, 30, 10).rects).toHaveLength(2);
  });

  it('draws a switch on as a half-transparent track and its knob right, off as a grey track and a pale knob left', () => {
    const on = draw(`${g}switch`, 100, 20);
    expect(on.paths[0].attrs).toMatchObject({ d: 'M13.5,16 A13.5,6 0 0 1 13.5,4 L67.5,4 A13.5,6 0 0 1 67.5,16 Z', 'fill-opacity': '0.5', 'stroke-opacity': '0.5' });
    // The knob casts a hard shadow (a black copy 2, 3 px off at a quarter opacity) before it is drawn.
    expect(circlesOf(on.ellipses)).toEqual([[68, 10, 32, '#000000', '#000000'], [68, 10, 32, '#ffffff', '#000000']]);
    expect(on.markup).toContain('<g transform="translate(2 3)" opacity="0.25"><ellipse');
    // Turned a quarter, the shadow still falls 2, 3 px off on the screen: 3, -2 in the switch's own frame.
    expect(draw(`${g}switch;rotation=90`, 100, 20).markup).toContain('<g transform="translate(3 -2)" opacity="0.25">');
    expect(draw(`${g}switch;flipH=1`, 100, 20).markup).toContain('<g transform="translate(-2 3)" opacity="0.25">');
    const off = draw(`${g}switch;switchState=off`, 100, 20);
    expect(off.paths[0].attrs).toMatchObject({ d: 'M22.5,16 A13.5,6 0 0 1 22.5,4 L86.5,4 A13.5,6 0 0 1 86.5,16 Z', fill: '#BCBBBB' });
    expect(circlesOf(off.ellipses)).toEqual([[32, 10, 32, '#000000', '#000000'], [32, 10, 32, '#F1F1F1', '#000000']]);
  });

  it('draws a progress bar grey across, in the stroke up to dx1 of the width', () => {
    const bar = draw(`${g}progressBar;dx1=0.25`, 200, 10, { stroke: '#3f51b5' }).paths;
    expect(bar.map((p) => [p.attrs.d, p.attrs.stroke])).toEqual([['M0,5 L200,5', '#aaaaaa'], ['M0,5 L50,5', '#3f51b5']]);
  });

  it("draws a margin box as the mockups' square one", () => {
    expect(boxOf(draw(`${g}marginRect;rectMargin=5;rectMarginTop=10`, 120, 60).rects[0])).toEqual([5, 15, 110, 40]);
  });
});

describe('material sliders', () => {
  it('draws a resting slider: an empty handle at the left and the line from it', () => {
    const rest = draw(`${g}sliderNormal;handleSize=12`, 150, 20);
    expect(circlesOf(rest.ellipses)).toEqual([[6, 10, 6, 'none', '#000000']]);
    expect(rest.paths[0].attrs.d).toBe('M12,10 L150,10');
  });

  it('draws slider2 grey across, the stroke up to barPos %, and its handle there; a focused one with a small handle in a 15 % halo', () => {
    const s = draw(`${g}slider2;barPos=40`, 150, 20, { stroke: '#3f51b5' });
    expect(s.paths.map((p) => [p.attrs.d, p.attrs.stroke])).toEqual([['M0,10 L150,10', '#bbbbbb'], ['M0,10 L60,10', '#3f51b5']]);
    expect(circlesOf(s.ellipses)).toEqual([[60, 10, 5, '#ffffff', '#3f51b5']]);
    const focused = draw(`${g}sliderFocused;barPos=60;handleSize=20`, 150, 20, { stroke: '#3f51b5' });
    // diagrams.net offsets the small handle by 0.167 of the size and sizes it 0.33: its centre sits 0.04 px off.
    expect(circlesOf(focused.ellipses)).toEqual([[89.96, 9.96, 3.3, '#ffffff', '#3f51b5'], [90, 10, 10, '#3f51b5', 'none']]);
    expect(focused.ellipses[1].attrs['fill-opacity']).toBe('0.15');
  });

  it('breaks a disabled slider 7 px either side of its handle at hPos %, and drops a side that is not there', () => {
    const s = draw(`${g}sliderDisabled;hPos=30`, 150, 20);
    expect(s.paths.map((p) => p.attrs.d)).toEqual(['M0,10 L38,10', 'M52,10 L150,10']);
    expect(draw(`${g}sliderDisabled2;hPos=0`, 150, 20).paths.map((p) => p.attrs.d)).toEqual(['M7,10 L150,10']);
  });

  it('draws a discrete slider with its value in a balloon, and with dots, the balloon grey at 10 % or less', () => {
    const s = draw(`${g}sliderDiscrete;barPos=40;fontColor=#ffffff;fontSize=10`, 200, 60);
    expect(s.paths[2].attrs.d).toBe('M80,45.5 L69.5,32.5 A15,15 0 0 1 80,7.5 A15,15 0 0 1 90.5,32.5 Z');
    expect(s.markup).toMatch(/<g fill="#ffffff"[^>]*font-size="10px" text-anchor="middle"><text x="80" y="[\d.]+">40<\/text>/);
    const dots = draw(`${g}sliderDiscreteDots;barPos=5;bright=0`, 200, 60, { fill: '#3f51b5' });
    expect(dots.paths[0].attrs.stroke).toBe('#bebebe');
    expect(dots.paths[2].attrs).toMatchObject({ fill: '#bebebe', stroke: 'none' });
    expect(circlesOf(dots.ellipses).map(([cx, , , fill]) => [cx, fill])).toEqual([0, 40, 80, 120, 160, 200].map((x) => [x, '#ffffff']));
  });
});
