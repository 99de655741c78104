/** The iOS 7 palette's code shapes, as mxIOS7Ui.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';
import { measuredWidth } from './code-shapes-mockup-steps';

const i = 'shape=mxgraph.ios7ui.';

describe('iOS 7 controls', () => {
  it('draws a switch on with a white knob right, off in fillColor2 and strokeColor2 with an outlined knob left, and only the knob otherwise', () => {
    const on = draw(`${i}onOffButton`, 30, 20, { fill: '#38d145' });
    expect(on.rects[0].attrs).toMatchObject({ width: '40', rx: '10', fill: '#38d145' });
    expect(circlesOf(on.ellipses)).toEqual([[30, 10, 9, '#ffffff', 'none']]);
    const off = draw(`${i}onOffButton;buttonState=off`, 40, 20);
    expect(off.rects[0].attrs).toMatchObject({ fill: '#ffffff', stroke: '#aaaaaa' });
    expect(circlesOf(off.ellipses)).toEqual([[10, 10, 10, 'none', '#aaaaaa']]);
    const other = draw(`${i}onOffButton;buttonState=maybe`, 40, 20);
    expect(other.rects).toHaveLength(0);
    expect(circlesOf(other.ellipses)).toEqual([[10, 10, 10, 'none', '#000000']]);
  });

  it('draws the slider (the second diagrams.net registers) grey across, the stroke to barPos % and a handle outlined in #bbbbbb', () => {
    const s = draw(`${i}slider;barPos=30;handleSize=16`, 150, 20, { stroke: '#0080f0' });
    expect(s.paths.map((p) => [p.attrs.d, p.attrs.stroke])).toEqual([['M0,10 L150,10', '#bbbbbb'], ['M0,10 L45,10', '#0080f0']]);
    expect(circlesOf(s.ellipses)).toEqual([[45, 10, 8, '#ffffff', '#bbbbbb']]);
    expect(circlesOf(draw(`${i}slider`, 100, 20).ellipses)[0][0]).toBe(40);
  });

  it('draws a download bar: its text bold above, a 2 px line in the fill and in the stroke up to barPos %', () => {
    const bar = draw(`${i}downloadBar;buttonText=Downloading;barPos=40`, 200, 30, { fill: '#cccccc', stroke: '#0080f0' });
    expect(bar.paths.map((p) => [p.attrs.d, p.attrs.stroke, p.attrs['stroke-width']])).toEqual([
      ['M0,15 L200,15', '#cccccc', '2'],
      ['M0,15 L80,15', '#0080f0', '2'],
    ]);
    expect(bar.markup).toMatch(/font-size="11px" font-weight="bold" text-anchor="middle"><text x="100" y="[\d.]+">Downloading/);
  });

  it('spreads the button bar by its names, fills the chosen one #0080F0 rounding its outer corners, in the style\'s font size', () => {
    const bar = draw(`${i}horButtonBar;buttonText=One,Two,+Three;fontSize=10`, 240, 30);
    const widths = ['One', 'Two', 'Three'].map((name) => measuredWidth(name, 10) + 5);
    const left = ((widths[0] + widths[1]) * 240) / widths.reduce((sum, width) => sum + width, 0);
    const chosen = bar.paths[2].attrs;
    expect(chosen.fill).toBe('#0080F0');
    expect(pointsOf(chosen.d)[0]).toEqual([Math.round(left * 100) / 100, 0]);
    expect(chosen.d).toContain('A2.5,2.5 0 0 1 240,2.5');
    // One separator: the one between the first two buttons.
    expect(pointsOf(bar.paths[1].attrs.d)).toHaveLength(2);
    expect(bar.markup).toContain('font-size="10px"');
  });

  it('draws a page control of four dots in the stroke colour and the last in the fill', () => {
    const dots = circlesOf(draw(`${i}pageControl`, 100, 10, { fill: '#0080f0', stroke: '#999999' }).ellipses);
    expect(dots.map(([cx, , r, fill]) => [cx, r, fill])).toEqual([
      [5, 5, '#999999'],
      [27.5, 5, '#999999'],
      [50, 5, '#999999'],
      [72.5, 5, '#999999'],
      [95, 5, '#0080f0'],
    ]);
  });

  it('draws an icon grid of gridSize boxes a tenth of a box apart', () => {
    const grid = draw(`${i}iconGrid;gridSize=3,2`, 64, 42).rects.map(boxOf);
    expect(grid).toHaveLength(6);
    expect(grid[0]).toEqual([0, 0, 20, 20]);
    expect(grid[5]).toEqual([44, 22, 20, 20]);
  });
});

describe('iOS 7 fields and dialogs', () => {
  it('draws a search box with its white field, text and magnifier; an address bar with its grey field and reload arrow', () => {
    const search = draw(`${i}searchBox;buttonText=Find`, 200, 30, { fill: '#e0e0e0' });
    expect(search.rects.map(boxOf)).toEqual([[0, 0, 200, 30], [10, 4.5, 100, 21]]);
    expect(search.rects[1].attrs).toMatchObject({ fill: '#ffffff', rx: '3' });
    expect(search.markup).toContain('font-size="20px"');
    expect(circlesOf(search.ellipses)).toEqual([[15, 14, 2, 'none', '#008cff']]);
    const url = draw(`${i}url`, 240, 30);
    expect(url.rects[1].attrs).toMatchObject({ fill: '#d8d8d8', stroke: 'none' });
    expect(url.markup).toMatch(/<text x="120" y="[\d.]+">draw\.io<\/text>/);
    expect(url.paths[0].attrs.d).toBe('M223,15 A3,3 0 1 1 220,12');
  });

  it('draws an action dialog with two grey buttons, its main text bold and the sub text smaller', () => {
    const dialog = draw(`${i}actionDialog;textSize=14`, 200, 100);
    expect(dialog.rects.map(boxOf)).toEqual([[0, 0, 200, 100], [10, 10, 180, 35], [10, 55, 180, 35]]);
    expect(dialog.rects[1].attrs).toMatchObject({ rx: '5', ry: '5', fill: '#e0e0e0' });
    expect(dialog.markup).toContain('font-size="14px" font-weight="bold"');
    expect(dialog.markup).toContain('font-size="10px" font-weight="bold"');
  });

  it('draws a margin box of rx by ry corners, and a callout only from 30 x 20', () => {
    const margin = draw(`${i}marginRect;rx=3;ry=4;rectMargin=5;rectMarginTop=10`, 120, 60).rects[0];
    expect(boxOf(margin)).toEqual([5, 15, 110, 40]);
    expect(margin.attrs).toMatchObject({ rx: '3', ry: '4' });
    expect(draw(`${i}marginRect`, 120, 60).rects[0].attrs.rx).toBeUndefined();
    expect(draw(`${i}callout`, 120, 50).paths[0].attrs.d.startsWith('M15,47 A20,10 0 0 1 0,50 A15,15 0 0 0 10,40 L10,10')).toBe(true);
    expect(draw(`${i}callout`, 25, 50).paths).toHaveLength(0);
  });

  it('draws a select bar with its pointer, arrow cell, dividers every dx2 and a triangle in the stroke colour', () => {
    const bar = draw(`${i}selectBar;dx=100;dx2=60;size=5;dy=5`, 240, 30, { stroke: '#ffffff' });
    expect(pointsOf(bar.paths[0].attrs.d).slice(0, 2)).toEqual([[95, 30], [5, 30]]);
    expect(pointsOf(bar.paths[0].attrs.d).slice(-2)).toEqual([[105, 30], [100, 35]]);
    expect(bar.paths[1].attrs.d).toBe('M220,0 L220,30');
    expect(bar.paths[2].attrs.d).toBe('M60,0 L60,30 M120,0 L120,30 M180,0 L180,30');
    expect(bar.paths[3].attrs).toMatchObject({ fill: '#ffffff', stroke: 'none' });
    expect(pointsOf(bar.paths[3].attrs.d)).toEqual([[227, 10.5], [235, 15], [227, 19.5]]);
  });
});

describe('iOS 7 bars and figures', () => {
  it("draws the app bar's signal dots and battery in fillColor2, its Wi-Fi arcs 2 px wide", () => {
    const bar = draw(`${i}appBar;fillColor2=#222222`, 300, 20);
    expect(circlesOf(bar.ellipses).slice(0, 5).map(([cx, , , fill]) => [cx, fill])).toEqual([6.5, 10.5, 14.5, 18.5, 22.5].map((x) => [x, '#222222']));
    expect(bar.paths[0].attrs).toMatchObject({ d: 'M52,11 A3.5,3.5 0 0 1 58,11', 'stroke-width': '2' });
    expect(pointsOf(bar.paths[2].attrs.d)).toEqual([[281, 8], [294, 8], [294, 12], [281, 12]]);
  });

  it('draws an app icon shaded #00D0F0 to #0080F0 with corners a tenth of its sides and its text white', () => {
    const app = draw(`${i}icon;buttonText=App`, 40, 60);
    expect(app.rects[0].attrs).toMatchObject({ rx: '4', ry: '6', stroke: 'none' });
    expect(app.markup).toContain('stop-color="#00D0F0"');
    expect(app.markup).toMatch(/<g fill="#ffffff"[^>]*font-size="8px" font-weight="bold"/);
  });

  it("shares the rounded boxes, one-side buttons and lines of the mockups and bootstrap, and the phone with Android's", () => {
    expect(draw(`${i}rrect;rSize=3`, 100, 30).rects[0].attrs.rx).toBe('3');
    expect(draw(`${i}bottomButton;rSize=5`, 100, 30).paths[0].attrs.d).toBe('M0,0 L100,0 L100,25 A5,5 0 0 1 95,30 L5,30 A5,5 0 0 1 0,25 Z');
    expect(draw(`${i}horLines`, 100, 30).paths[0].attrs.d).toBe('M0,0 L100,0 M0,30 L100,30');
    expect(draw(`${i}phone`, 100, 200).markup).toBe(draw('shape=mxgraph.android.phone', 100, 200).markup);
  });
});
