/** The iOS 6 palette's lists, groups, dialogs and small controls, as mxMockupiOS.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf, shadesOf, textsOf } from './code-shapes-test-kit';

describe('iOS lists', () => {
  it('splits a button bar into 1.5 x fontSize rows stretched to its height, the chosen one shaded, a chevron on each', () => {
    const bar = draw('shape=mxgraph.ios.iButtonBar;buttonText=One,+Two,Three;fontSize=10;strokeColor2=#c4c4c4', 120, 90);
    // Rows of 15 px stretched to 90: 30 each; no line next to the chosen second row (so no path of lines at all).
    expect(pointsOf(bar.paths[1].attrs.d)).toEqual([[0, 30], [120, 30], [120, 60], [0, 60]]);
    expect(shadesOf(bar.markup)).toEqual([['#5D7585', '#008cff']]);
    expect(textsOf(bar.markup)).toEqual([['One', 10, '#666666', 10], ['Two', 10, '#ffffff', 10], ['Three', 10, '#666666', 10]]);
    expect(pointsOf(bar.paths[3].attrs.d)).toEqual([[95, 10], [100, 15], [95, 20]]);
    expect(bar.paths[3].attrs['stroke-width']).toBe('3');
    const plain = draw('shape=mxgraph.ios.iButtonBar;buttonText=A,B,C;fontSize=10', 120, 90);
    expect(pointsOf(plain.paths[1].attrs.d)).toEqual([[0, 30], [120, 30], [0, 60], [120, 60]]);
  });

  it('lists radio and checkbox options with 5 px buttons 2.5 px in, the chosen ones darker and marked', () => {
    const radio = draw('shape=mxgraph.ios.iRadioGroup;buttonText=A,+B;fontSize=8', 80, 24);
    expect(circlesOf(radio.ellipses).map(([x, y, r]) => [x, y, r])).toEqual([[5, 6, 2.5], [5, 18, 2.5], [5, 18, 1.25]]);
    expect(shadesOf(radio.markup)).toEqual([['#eeeeee', '#cccccc'], ['#aaaaaa', '#666666']]);
    expect(textsOf(radio.markup)).toEqual([['A', 12.5, '#666666', 8], ['B', 12.5, '#666666', 8]]);
    const checks = draw('shape=mxgraph.ios.iCheckboxGroup;buttonText=+A,B;fontSize=8', 80, 24);
    expect(boxOf(checks.rects[1])).toEqual([2.5, 3.5, 5, 5]);
    expect(pointsOf(checks.paths[0].attrs.d)).toEqual([[3.75, 6], [5, 7.25], [6.25, 4.75]]);
  });

  it('spaces the alphabet every 3.45 % of the height under a magnifier', () => {
    const list = draw('shape=mxgraph.ios.iAlphaList;fontSize=7.5', 20, 1000);
    const letters = textsOf(list.markup);
    expect(letters.map(([text]) => text).join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ#');
    expect(letters[0]).toEqual(['A', 10, '#999999', 7.5]);
    expect(circlesOf(list.ellipses)[0].slice(0, 3)).toEqual([10, 33.25, 2.25]);
  });

  it('grids crossed icons half a box apart (gridSize) and dots page controls at 35 %, 65 % and the end', () => {
    const grid = draw('shape=mxgraph.ios.iIconGrid;gridSize=2,1', 100, 40);
    expect(grid.rects.map(boxOf)).toEqual([[0, 0, 40, 40], [60, 0, 40, 40]]);
    expect(pointsOf(grid.paths[1].attrs.d)).toEqual([[60, 0], [100, 40], [100, 0], [60, 40]]);
    const page = draw('shape=mxgraph.ios.iPageControl', 100, 16, { fill: '#666666', stroke: '#cccccc' });
    expect(circlesOf(page.ellipses)).toEqual([[5, 8, 5, '#cccccc', 'none'], [35, 8, 5, '#666666', 'none'], [65, 8, 5, '#666666', 'none'], [95, 8, 5, '#666666', 'none']]);
    const home = draw('shape=mxgraph.ios.iHomePageControl', 100, 16);
    expect(circlesOf(home.ellipses)[3].slice(0, 3)).toEqual([4, 7, 3]);
  });

  it('draws the heading cone from 29 % to 71 % across down to the middle, a blue dot there', () => {
    const dir = draw('shape=mxgraph.ios.iDir', 100, 100);
    expect(pointsOf(dir.paths[0].attrs.d)).toEqual([[29, 20], [50, 50], [71, 20]]);
    expect(dir.markup).toContain('stop-opacity="0"');
    expect(circlesOf(dir.ellipses)[1].slice(0, 3)).toEqual([50, 50, 3]);
  });

  it("lays out alert and dialog boxes: buttons 20 px high 5 px above the bottom, buttonText's title, lines and names", () => {
    const alert = draw('shape=mxgraph.ios.iAlertBox;buttonText=Alert,OK,Line one,Line two', 150, 100);
    expect(boxOf(alert.rects[2])).toEqual([5, 75, 140, 20]);
    expect(textsOf(alert.markup)).toEqual([['Alert', 75, '#ffffff', 9.5], ['Line one', 75, '#ffffff', 8], ['Line two', 75, '#ffffff', 8], ['OK', 75, '#ffffff', 8.5]]);
    const dialog = draw('shape=mxgraph.ios.iDialogBox;buttonText=T,No,Yes,L1,L2', 150, 100);
    expect(dialog.rects.slice(2).map(boxOf)).toEqual([[5, 75, 65, 20], [77.5, 75, 65, 20]]);
    expect(textsOf(dialog.markup).map(([text, x]) => [text, x])).toEqual([['T', 75], ['L1', 75], ['L2', 75], ['No', 37.5], ['Yes', 112.5]]);
    // At least 15 x 15.
    expect(boxOf(draw('shape=mxgraph.ios.iAlertBox', 10, 10).rects[0]).slice(2)).toEqual([15, 15]);
  });
});

describe('iOS horizontal button bar', () => {
  it('sizes each button to its name plus 2.5 px either side, stretched to the width, the chosen one shaded between its separators', () => {
    const bar = draw('shape=mxgraph.ios.iHorButtonBar;buttonText=A,+BB,C;fontSize=10', 300, 20);
    const lines = bar.paths.filter((p) => p.attrs.stroke === '#c4c4c4');
    // No separator touches the chosen middle button: it is shaded between where its neighbours start.
    expect(lines).toEqual([]);
    const band = pointsOf(bar.paths[1].attrs.d);
    expect(band[0][1]).toBe(0);
    expect(band[0][0]).toBeGreaterThan(0);
    expect(band[1][0]).toBeLessThan(300);
    expect(shadesOf(bar.markup)).toEqual([['#5D7585', '#008cff']]);
    const texts = textsOf(bar.markup);
    expect(texts.map(([text, , fill]) => [text, fill])).toEqual([['A', '#666666'], ['BB', '#ffffff'], ['C', '#666666']]);
    // The chosen band is centred on its name.
    expect((band[0][0] + band[1][0]) / 2).toBeCloseTo(Number(texts[1][1]), 1);
    // At least 1.5 x fontSize high.
    expect(pointsOf(draw('shape=mxgraph.ios.iHorButtonBar;fontSize=10', 300, 5).paths[0].attrs.d).at(-1)![1]).toBe(15);
  });
});

describe('iOS video controls', () => {
  it('sets five icons at 35 % down and a slider at 75 % a tenth in from each side, done to barPos', () => {
    const video = draw('shape=mxgraph.ios.iVideoControls;barPos=50', 200, 60);
    expect(video.rects[0].attrs).toMatchObject({ rx: '5', fill: '#000000', stroke: '#bbbbbb', 'fill-opacity': '0.7' });
    // The play triangle at the middle.
    expect(video.paths.map((p) => pointsOf(p.attrs.d))).toContainEqual([[94, 16], [106, 21], [94, 26]]);
    const track = video.rects.find((r) => r.attrs.height === '5')!;
    expect(boxOf(track)).toEqual([20, 42.5, 160, 5]);
    expect(circlesOf(video.ellipses)[0].slice(0, 3)).toEqual([100, 45, 5]);
  });
});
