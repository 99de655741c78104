/** The iOS 6 palette's bars, as mxMockupiOS.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf, shadesOf, textsOf } from './code-shapes-test-kit';

describe('iOS bars', () => {
  it('draws the status bars: six rising signal bars from x = 5 and a battery 20 px from the right', () => {
    const app = draw('shape=mxgraph.ios.iAppBar', 175, 15);
    const bars = app.rects.slice(1, 7).map(boxOf);
    expect(bars[0]).toEqual([5, 9.25, 1.5, 2.5]);
    expect(bars[5]).toEqual([15, 4.25, 1.5, 7.5]);
    expect(app.rects[1].attrs.fill).toBe('#0099ff');
    expect(shadesOf(app.markup)[0]).toEqual(['#eeeeee', '#999999']);
    expect(pointsOf(app.paths.at(-1)!.attrs.d)).toEqual([[155, 4.5], [170, 4.5], [170, 6.5], [171.5, 6.5], [171.5, 8.5], [170, 8.5], [170, 10.5], [155, 10.5]]);
    const top = draw('shape=mxgraph.ios.iTopBar', 175, 15);
    expect(textsOf(top.markup)).toEqual([['CARRIER', 18, '#cccccc', 7.5], ['11:15AM', 87.5, '#cccccc', 7.5]]);
    expect(top.rects[0].attrs['fill-opacity']).toBe('0.5');
    // Top bar 2: the box in the fill, its signal and battery in the stroke colour.
    const top2 = draw('shape=mxgraph.ios.iTopBar2', 175, 15, { fill: '#999999', stroke: '#cccccc' });
    expect(top2.rects.map((r) => r.attrs.fill)).toEqual(['#999999', ...Array(7).fill('#cccccc')]);
    const locked = draw('shape=mxgraph.ios.iTopBarLocked', 175, 15);
    expect(boxOf(locked.rects[7])).toEqual([84.5, 6.5, 6, 4]);
  });

  it('fills a slider and a progress bar up to barPos (80 unless set), the slider with its knob there', () => {
    const slider = draw('shape=mxgraph.ios.iSlider;barPos=20', 150, 10);
    expect(pointsOf(slider.paths[0].attrs.d)).toEqual([[30, 2.5], [30, 7.5], [2.5, 7.5]]);
    expect(circlesOf(slider.ellipses)[0].slice(0, 3)).toEqual([30, 5, 5]);
    expect(pointsOf(draw('shape=mxgraph.ios.iProgressBar', 100, 10).paths[0].attrs.d)[0]).toEqual([80, 2.5]);
    expect(pointsOf(draw('shape=mxgraph.ios.iProgressBar;barPos=150', 100, 10).paths[0].attrs.d)[0]).toEqual([100, 2.5]);
    const cloud = draw('shape=mxgraph.ios.iCloudProgressBar;barPos=20', 150, 10);
    expect(cloud.rects.map(boxOf)).toEqual([[0, 2.5, 150, 5], [0, 2.5, 30, 5]]);
    expect(cloud.rects.map((r) => r.attrs.fill)).toEqual(['#5C6E86', '#8AD155']);
  });

  it("puts a download bar's track a tenth in from each side at 65 % and its buttonText bold at a fifth", () => {
    const bar = draw('shape=mxgraph.ios.iDownloadBar;barPos=50;buttonText=Downloading', 200, 40);
    expect(boxOf(bar.rects[1])).toEqual([20, 23.5, 160, 5]);
    expect(pointsOf(bar.paths[0].attrs.d)[0]).toEqual([100, 23.5]);
    expect(textsOf(bar.markup)).toEqual([['Downloading', 100, '#ffffff', 8]]);
    expect(bar.markup).toContain('font-weight="bold"');
  });

  it('shines the top half of the screen-name bar and of the copy bubbles in fillColor3, 80 % fading to 10 %', () => {
    const name = draw('shape=mxgraph.ios.iScreenNameBar;fillColor2=#000000;fillColor3=#ffffff;buttonText=Me;textColor=#ffffff', 174, 25);
    expect(name.rects.map(boxOf)).toEqual([[0, 0, 174, 25], [0, 0, 174, 12.5]]);
    expect(name.markup).toContain('<stop offset="0" stop-color="#ffffff" stop-opacity="0.8"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.1"/>');
    expect(textsOf(name.markup)).toEqual([['Me', 87, '#ffffff', 9.5]]);
    const copy = draw('shape=mxgraph.ios.iCopy;buttonText=Copy', 60, 30);
    expect(pointsOf(copy.paths[0].attrs.d)).toEqual([[0, 5], [55, 0], [60, 17.5], [37.5, 22.5], [30, 30], [22.5, 22.5], [5, 22.5]]);
    expect(pointsOf(copy.paths[1].attrs.d).slice(-2)).toEqual([[60, 11.25], [0, 11.25]]);
    const area = draw('shape=mxgraph.ios.iCopyArea;fillColor2=#000000', 100, 80);
    expect(boxOf(area.rects[0])).toEqual([2.5, 27.5, 95, 50]);
    expect(circlesOf(area.ellipses).map(([x, y]) => [x, y])).toEqual([[50, 27.5], [50, 77.5], [2.5, 52.5], [97.5, 52.5]]);
    expect(area.paths[1].attrs.fill).toBe('#000000');
  });

  it("sets a URL bar's title, address and button from buttonText's three parts", () => {
    const url = draw('shape=mxgraph.ios.iURLBar;buttonText=Title,https://x,Cancel', 200, 40);
    expect(textsOf(url.markup)).toEqual([['Title', 100, '#425664', 8], ['https://x', 12, '#000000', 8], ['Cancel', 175, '#ffffff', 8]]);
    expect(url.rects[1].attrs).toMatchObject({ x: '5.74', y: '18.75', rx: '6.25', fill: '#ffffff', stroke: '#008cff' });
  });

  it('points location and option bubbles at barPos below, or above with pointerPos=top', () => {
    const loc = draw('shape=mxgraph.ios.iLocBar;barPos=50;buttonText=Here', 120, 40);
    expect(pointsOf(loc.paths[0].attrs.d).slice(3, 6)).toEqual([[67.5, 32.5], [60, 40], [52.5, 32.5]]);
    expect(textsOf(loc.markup)).toEqual([['Here', 5, '#ffffff', 9.5]]);
    expect(circlesOf(loc.ellipses)[0].slice(0, 2)).toEqual([107.5, 16.25]);
    const option = draw('shape=mxgraph.ios.iOption;pointerPos=top;barPos=0', 100, 30);
    expect(pointsOf(option.paths[0].attrs.d).slice(1, 4)).toEqual([[2.5, 7.5], [10, 0], [17.5, 7.5]]);
    expect(textsOf(option.markup)).toEqual([['Some Location', 50, '#ffffff', 9.5]]);
  });
});
