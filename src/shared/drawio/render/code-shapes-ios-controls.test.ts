/** The iOS 6 palette's buttons, fields and round icons, as mxMockupiOS.js draws them. */
import { describe, expect, it } from 'vitest';
import { circlesOf, draw, pointsOf, shadesOf, textsOf } from './code-shapes-test-kit';

describe('iOS controls', () => {
  it('shades a button from its fill to fillColor2 under 2.5 px corners, its buttonText in textColor2 at the fontSize', () => {
    const { rects, markup } = draw('shape=mxgraph.ios.iButton;fillColor=#dddddd;fillColor2=#3D5565;buttonText=Done;textColor2=#ffffff;fontSize=10', 60, 20, { fill: '#dddddd' });
    expect(rects[0].attrs).toMatchObject({ width: '60', height: '20', rx: '2.5', stroke: 'none' });
    expect(shadesOf(markup)).toEqual([['#dddddd', '#3D5565']]);
    expect(textsOf(markup)).toEqual([['Done', 30, '#ffffff', 10]]);
    // Without buttonText, "Main Text" in #666666 at the default vertex style's 12 px.
    expect(textsOf(draw('shape=mxgraph.ios.iButton', 60, 20).markup)).toEqual([['Main Text', 30, '#666666', 12]]);
  });

  it('points a back button left and a forward button right, 10 px deep, the text 2.5 px away from the point', () => {
    const back = draw('shape=mxgraph.ios.iButtonBack;buttonText=Back', 60, 20);
    expect(pointsOf(back.paths[0].attrs.d)).toEqual([[60, 2.5], [10, 0], [0.87, 9.25], [10, 20], [57.5, 20]]);
    expect(textsOf(back.markup)[0][1]).toBe(32.5);
    const forward = draw('shape=mxgraph.ios.iButtonFw;buttonText=Next', 60, 20);
    expect(pointsOf(forward.paths[0].attrs.d)).toEqual([[0, 2.5], [50, 0], [59.13, 9.25], [50, 20], [2.5, 20]]);
    expect(textsOf(forward.markup)[0][1]).toBe(27.5);
  });

  it('draws prev/next as a split box with an up and a down triangle in fillColor3', () => {
    const { paths } = draw('shape=mxgraph.ios.iPrevNext;fillColor3=#ffffff', 100, 40);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[50, 0], [50, 40]]);
    expect(pointsOf(paths[1].attrs.d)).toEqual([[25, 10], [35, 30], [15, 30]]);
    expect(pointsOf(paths[2].attrs.d)).toEqual([[75, 30], [85, 10], [65, 10]]);
    expect(paths[2].attrs.fill).toBe('#ffffff');
  });

  it('shades the right 15 px of a combo box under a white arrow and sets a text field 2 px in', () => {
    const combo = draw('shape=mxgraph.ios.iComboBox;fillColor=#dddddd;fillColor2=#3D5565;buttonText=One', 100, 20);
    expect(pointsOf(combo.paths[0].attrs.d)[0]).toEqual([85, 0]);
    expect(pointsOf(combo.paths[1].attrs.d)).toEqual([[89, 5], [92.5, 10], [96, 5]]);
    expect(textsOf(combo.markup)).toEqual([['One', 2.5, '#666666', 12]]);
    expect(textsOf(draw('shape=mxgraph.ios.iTextInput;buttonText=Name', 80, 20).markup)).toEqual([['Name', 2, '#000000', 12]]);
  });

  it('draws an on/off switch at least twice as wide as high, green on with its knob right, red off with it left', () => {
    const on = draw('shape=mxgraph.ios.iOnOffButton;buttonState=on', 60, 20);
    expect(on.rects[0].attrs).toMatchObject({ width: '60', rx: '10' });
    expect(circlesOf(on.ellipses)[0].slice(0, 3)).toEqual([50, 10, 10]);
    expect(shadesOf(on.markup)[0]).toEqual(['#E2FFEB', '#008215']);
    expect(textsOf(on.markup)).toEqual([['ON', 22, '#ffffff', 8.5]]);
    const off = draw('shape=mxgraph.ios.iOnOffButton;buttonState=off;mainText=No', 20, 20);
    expect(off.rects[0].attrs.width).toBe('40');
    expect(circlesOf(off.ellipses)[0].slice(0, 3)).toEqual([10, 10, 10]);
    expect(shadesOf(off.markup)[0]).toEqual(['#cc9999', '#881100']);
    expect(textsOf(off.markup)).toEqual([['No', 28, '#ffffff', 8.5]]);
    expect(textsOf(draw('shape=mxgraph.ios.iOnOffButton;mainText=', 60, 20).markup)).toEqual([]);
  });

  it('draws the lock slider: its track 10 px in, the knob and arrow at the left, "slide to unlock" unless mainText is empty', () => {
    const lock = draw('shape=mxgraph.ios.iLockButton', 200, 60);
    expect(lock.rects[1].attrs).toMatchObject({ x: '10', y: '15', width: '180', height: '30', rx: '7.5' });
    expect(pointsOf(lock.paths[0].attrs.d)).toEqual([[20, 26.5], [35, 26.5], [35, 22.5], [45, 30], [35, 37.5], [35, 33.5], [20, 33.5]]);
    expect(textsOf(lock.markup)).toEqual([['slide to unlock', 120.5, '#cccccc', 12.5]]);
    expect(textsOf(draw('shape=mxgraph.ios.iLockButton;mainText=', 200, 60).markup)).toEqual([]);
  });

  it('rings round icons 1.5 px in their stroke colour and draws their marks 2.5 px wide', () => {
    const add = draw('shape=mxgraph.ios.iAddIcon;fillColor=#7AdF78;fillColor2=#1A9917', 20, 20, { fill: '#7AdF78', stroke: '#ffffff' });
    expect(add.ellipses[0].attrs['stroke-width']).toBe('1.5');
    expect(pointsOf(add.paths[0].attrs.d)).toEqual([[5, 10], [15, 10], [10, 5], [10, 15]]);
    expect(add.paths[0].attrs).toMatchObject({ stroke: '#ffffff', 'stroke-width': '2.5' });
    expect(pointsOf(draw('shape=mxgraph.ios.iArrowIcon', 20, 20).paths[0].attrs.d)).toEqual([[8, 4.4], [13, 10], [8, 15.6]]);
    expect(pointsOf(draw('shape=mxgraph.ios.iCheckIcon', 20, 20).paths[0].attrs.d)).toEqual([[5, 10], [10, 13], [15, 5]]);
    expect(pointsOf(draw('shape=mxgraph.ios.iDeleteApp', 20, 20).paths[0].attrs.d)).toEqual([[6, 6], [14, 14], [6, 14], [14, 6]]);
    const info = draw('shape=mxgraph.ios.iInfoIcon', 40, 40);
    expect(info.paths.map((p) => p.attrs.fill)).toEqual(['#ffffff', '#ffffff']);
    const sort = draw('shape=mxgraph.ios.iSortFindIcon', 40, 40);
    expect(sort.paths[1].attrs['stroke-width']).toBe('2');
    expect(circlesOf(sort.ellipses)[0].slice(0, 3)).toEqual([28, 28, 4]);
  });

  it('rounds a top button at its top and a bottom button at its bottom (rSize), ticks a checkbox, glosses a fancy box', () => {
    expect(pointsOf(draw('shape=mxgraph.ios.topButton;rSize=5', 100, 30).paths[0].attrs.d)).toEqual([[0, 5], [95, 0], [100, 30], [0, 30]]);
    expect(pointsOf(draw('shape=mxgraph.ios.bottomButton', 100, 30).paths[0].attrs.d)).toEqual([[0, 0], [100, 0], [100, 20], [10, 30]]);
    expect(pointsOf(draw('shape=mxgraph.ios.checkbox', 20, 20).paths[0].attrs.d)).toEqual([[16, 4], [8, 16], [5, 12]]);
    const fancy = draw('shape=mxgraph.ios.fancyRRect;rSize=8', 120, 80, { fill: '#497198', stroke: '#ffffff' });
    expect(pointsOf(fancy.paths[0].attrs.d)).toEqual([[112, 0], [120, 17.5], [0, 8]]);
    expect(fancy.paths[0].attrs).toMatchObject({ stroke: '#497198', 'fill-opacity': '0.3' });
    expect(shadesOf(fancy.markup)).toEqual([['#497198', '#ffffff']]);
  });
});
