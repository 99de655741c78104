/** The Android palette's code shapes, as mxAndroid.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';
import { measuredWidth } from './code-shapes-mockup-steps';

const a = 'shape=mxgraph.android.';

describe('android bars', () => {
  it("spreads a tab bar's tabs by their names' widths, fills the chosen one with its band and skips the separators beside it", () => {
    const style = `${a}tabBar;mainText=Tab 1,+Tab 2,Tab 3;textSize=12;fillColor2=#333333;strokeColor2=#666666;textColor=#aaaaaa;textColor2=#ffffff`;
    const bar = draw(style, 300, 30);
    const widths = ['Tab 1', 'Tab 2', 'Tab 3'].map((name) => measuredWidth(name, 12) + 10);
    const scale = 300 / widths.reduce((sum, width) => sum + width, 0);
    const [left, right] = [widths[0] * scale, (widths[0] + widths[1]) * scale];
    expect(bar.rects.map(boxOf).slice(1)).toEqual([
      [left, 0, right - left, 30],
      [left, 27, right - left, 3],
    ].map((box) => box.map((n) => Math.round(n * 100) / 100)));
    expect(bar.rects[2].attrs.fill).toBe('#33b5e5');
    // Both separators touch the chosen tab: none drawn.
    expect(bar.paths).toHaveLength(0);
    expect(bar.markup).toContain('font-weight="bold"');
    expect(bar.markup).toMatch(/<g fill="#ffffff"[^>]*><text[^>]*>Tab 2<\/text>/);
    // No chosen tab: both separators over the middle three fifths, and no text colour but black.
    const plain = draw(`${a}tabBar;mainText=A,B,C;strokeColor2=#666666`, 90, 30);
    expect(pointsOf(plain.paths[0].attrs.d).map(([, y]) => y)).toEqual([6, 24, 6, 24]);
    expect(plain.markup).toMatch(/<g fill="#000000"[^>]*><text[^>]*>A<\/text>/);
  });

  it('stacks a menu bar\'s items 1.5 x fontSize high stretched to the box, their names 10 px in at 11 px', () => {
    const menu = draw(`${a}menuBar;fontSize=10`, 120, 90);
    expect(boxOf(menu.rects[0])).toEqual([0, 0, 120, 90]);
    expect(menu.paths[0].attrs.d).toBe('M0,30 L120,30 M0,60 L120,60');
    expect(menu.markup).toContain('font-size="11px"');
    expect(menu.markup).toContain('<text x="10"');
  });

  it('draws the status bar: the time, a battery, Wi-Fi arcs 2 px wide and signal bars in the stroke colour', () => {
    const bar = draw(`${a}statusBar`, 300, 20, { fill: '#000000', stroke: '#ffffff' });
    expect(bar.markup).toContain('>12:00</text>');
    expect(pointsOf(bar.paths[0].attrs.d)[0]).toEqual([263, 16]);
    expect(bar.paths.slice(1).map((p) => [p.attrs.d, p.attrs['stroke-width']])).toEqual([
      ['M248,11 A3.5,3.5 0 0 0 242,11', '2'],
      ['M250,9 A6,6 0 0 0 240,9', '2'],
    ]);
    expect(bar.rects.slice(2).map(boxOf)).toEqual([[249, 15, 2, 1], [252, 12, 2, 4], [255, 9, 2, 7], [258, 6, 2, 10], [263, 8, 6, 8]]);
  });
});

describe('android option groups', () => {
  it('ticks the marked options of a checkbox group and dots those of a radio group, one per line of 1.5 x fontSize', () => {
    const checks = draw(`${a}checkboxGroup;buttonText=+One,Two;fontSize=10`, 100, 60, { stroke: '#666666' });
    expect(checks.rects[0].attrs).toMatchObject({ rx: '2.5', stroke: 'none' });
    // Lines 15 high stretched to 60: buttons centred at 15 and 45.
    expect(checks.rects.slice(1).map(boxOf)).toEqual([[2.5, 12.5, 5, 5], [2.5, 42.5, 5, 5]]);
    expect(checks.paths.map((p) => p.attrs.d)).toEqual(['M3.75,15 L5,16.25 L6.25,13.75']);
    const radios = draw(`${a}radioGroup;buttonText=One,+Two;fontSize=10`, 100, 30, { stroke: '#33b5e5' });
    expect(circlesOf(radios.ellipses)).toEqual([
      [5, 7.5, 2.5, 'none', '#33b5e5'],
      [5, 22.5, 2.5, 'none', '#33b5e5'],
      [5, 22.5, 1.25, '#33b5e5', '#33b5e5'],
    ]);
    expect(radios.markup).toContain('fill="#666666"');
  });
});

describe('android progress and scrolling', () => {
  it('draws a progress bar: a dark line, the stroke up to dx1 and its 20 % shade, then the stroke up to dx2', () => {
    const bar = draw(`${a}progressBar;dx1=0.8;dx2=0.6`, 200, 10, { stroke: '#33b5e5' }).paths;
    expect(bar.map((p) => [p.attrs.d, p.attrs.stroke])).toEqual([
      ['M0,5 L200,5', '#444444'],
      ['M0,5 L160,5', '#33b5e5'],
      ['M0,5 L160,5', '#000000'],
      ['M0,5 L120,5', '#33b5e5'],
    ]);
    expect(bar[2].attrs['stroke-opacity']).toBe('0.2');
  });

  it("draws a scrubber's halo and dot at dx, the line to it in the fill when focused or pressed", () => {
    const disabled = draw(`${a}progressScrubberDisabled;dx=0.3`, 200, 30, { fill: '#33b5e5' });
    expect(circlesOf(disabled.ellipses)).toEqual([[60, 15, 10, '#666666', 'none'], [60, 15, 2.5, '#33b5e5', 'none']]);
    expect(disabled.paths).toHaveLength(1);
    const pressed = draw(`${a}progressScrubberPressed;dx=0.5`, 200, 30, { fill: '#33b5e5' });
    expect(pressed.ellipses[0].attrs).toMatchObject({ stroke: '#33b5e5', 'fill-opacity': '0.5', 'stroke-opacity': '0.5' });
    expect(pressed.paths[1].attrs).toMatchObject({ d: 'M0,15 L100,15', stroke: '#33b5e5' });
    expect(draw(`${a}progressScrubberFocused;dx=0.5`, 200, 30).ellipses[0].attrs['fill-opacity']).toBe('0.75');
  });

  it('keeps a quick scroll thumb clear of the ends and draws its label box with "Aa"; scroll bars leave the corner', () => {
    const quick = draw(`${a}quickscroll2;dy=0`, 50, 150);
    expect(quick.paths[0].attrs.d).toBe('M47,0 L47,150');
    expect(quick.rects.map(boxOf)).toEqual([[44, 10, 6, 20], [0, 0, 32, 40]]);
    expect(pointsOf(quick.paths[1].attrs.d)).toEqual([[32, 0], [44, 20], [32, 40]]);
    expect(quick.markup).toContain('>Aa</text>');
    expect(boxOf(draw(`${a}quickscroll3;dy=1`, 6, 150).rects[0])).toEqual([0, 130, 6, 20]);
    expect(draw(`${a}scrollbars2`, 100, 150).rects.map(boxOf)).toEqual([[95, 0, 5, 143], [0, 145, 93, 5]]);
  });
});

describe('android figures', () => {
  it('draws the phone with its screen, camera, speaker and home button', () => {
    const phone = draw(`${a}phone`, 100, 200);
    expect(phone.rects.map(boxOf)).toEqual([[0, 0, 100, 200], [6.25, 30, 87.5, 140], [37.5, 15, 25, 3.75], [45.75, 181, 8.5, 8.75]]);
    expect(phone.rects[2].attrs).toMatchObject({ rx: '2', ry: '2' });
    expect(circlesOf(phone.ellipses).map(([cx, cy]) => [cx, cy])).toEqual([[50, 9.5], [50, 185]]);
  });

  it('draws text selection handles at half opacity, the spinner in two shaded halves, and a spinner underline with its corner', () => {
    const handles = draw(`${a}textSelHandles`, 120, 40, { fill: '#33b5e5', stroke: '#0099cc' });
    expect(handles.rects.map(boxOf)).toEqual([[15, 0, 90, 17.5], [0, 25, 15, 15], [105, 25, 15, 15]]);
    expect(handles.rects.every((r) => r.attrs['fill-opacity'] === '0.5')).toBe(true);
    const spinner = draw(`${a}indeterminateSpinner`, 50, 50);
    expect(spinner.paths.map((p) => p.attrs.d)).toEqual(['M25,5 A20,20 0 0 0 25,45 L25,50 A25,25 0 0 1 25,0 Z', 'M25,5 A20,20 0 0 1 25,45 L25,50 A25,25 0 0 0 25,0 Z']);
    expect(spinner.markup).toContain('stop-color="#aaaaaa"');
    const spinner2 = draw(`${a}spinner2`, 150, 30).paths;
    expect(spinner2.map((p) => p.attrs.d)).toEqual(['M0,30 L150,30', 'M135,30 L150,15 L150,30 Z']);
  });
});
