/** The Mockups palette's option lists (checkbox and radio groups, list box), as mxMockupForms.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';
import { optionsOf } from './code-shapes-mockup-forms';

const m = 'shape=mxgraph.mockup.forms.';
/** Each drawn text's content, colour and baseline. */
const textsOf = (markup: string) => [...markup.matchAll(/<g fill="([^"]+)"[^>]*><text x="([\d.]+)" y="([\d.]+)">([^<]*)<\/text><\/g>/g)].map(([, fill, x, y, text]) => [text, fill, Number(x), Number(y)]);

describe('mockup option lists', () => {
  it('reads the options, the chosen one marked with "+"', () => {
    expect(optionsOf('A,+B,C')).toEqual({ names: ['A', 'B', 'C'], chosen: [false, true, false] });
    expect(optionsOf('Only')).toEqual({ names: ['Only'], chosen: [false] });
  });

  it('spreads a radio group over its box: shaded circles 15 px, the chosen one dotted in #333333 and named in the second text colour', () => {
    const group = draw(`${m}radioGroup;mainText=One,+Two,Three;textColor=#111111,#222222;textSize=10`, 200, 90);
    expect(boxOf(group.rects[0])).toEqual([0, 0, 200, 90]);
    // Lines of 15 px (1.5 x 10) stretched from 45 to 90: middles 15, 45, 75.
    expect(circlesOf(group.ellipses)).toEqual([
      [15, 15, 7.5, 'url(#g1-own-off)', '#999999'],
      [15, 45, 7.5, 'url(#g1-own-on)', '#999999'],
      [15, 45, 3.75, '#333333', '#333333'],
      [15, 75, 7.5, 'url(#g1-own-off)', '#999999'],
    ]);
    expect(textsOf(group.markup).map(([text, fill, x]) => [text, fill, x])).toEqual([['One', '#111111', 32.5], ['Two', '#222222', 32.5], ['Three', '#111111', 32.5]]);
    expect(group.markup).toContain('<linearGradient id="g1-own-on" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#aaaaaa"/><stop offset="1" stop-color="#666666"/>');
  });

  it('ticks the chosen boxes of a checkbox group and grows a box too small for its options', () => {
    const both = draw(`${m}checkboxGroup;mainText=+Yes,+No,Maybe`, 100, 60);
    expect(both.rects.slice(1).map((box) => box.attrs.fill)).toEqual(['url(#g1-own-on)', 'url(#g1-own-on)', 'url(#g1-own-off)']);
    expect(both.paths).toHaveLength(2);
    const group = draw(`${m}checkboxGroup;mainText=+Yes,No`, 10, 10);
    const [frame, yes, no] = group.rects.map(boxOf);
    // Two lines of 25.5 px (1.5 x 17): the box 51 high, at least the buttons and the widest name wide.
    expect(frame[3]).toBe(51);
    expect(frame[2]).toBeGreaterThan(35);
    expect(yes).toEqual([7.5, 5.25, 15, 15]);
    expect(no).toEqual([7.5, 30.75, 15, 15]);
    expect(group.rects[1].attrs.fill).toBe('url(#g1-own-on)');
    expect(group.paths).toHaveLength(1);
    expect(pointsOf(group.paths[0].attrs.d)).toEqual([[11.25, 12.75], [15, 16.5], [18.75, 9]]);
    expect(group.paths[0].attrs.stroke).toBe('#333333');
  });

  it("draws a list box's title bar and items, the chosen item's line shaded in selectedColor, at least tall enough for them", () => {
    const list = draw(`${m}listBox;mainText=Fruit;subText=Apple,+Pear;textSize=10;selectedColor=#ccddee;textColor=#111111,#222222`, 120, 20);
    // 30 px of title and two 15 px items: 60 high.
    expect(list.rects.map(boxOf)).toEqual([[0, 0, 120, 60], [0, 45, 120, 15], [0, 0, 120, 60]]);
    expect(list.rects[1].attrs).toMatchObject({ fill: '#ccddee', stroke: 'none' });
    expect(list.rects[2].attrs.fill).toBe('none');
    expect(pointsOf(list.paths[0].attrs.d)).toEqual([[0, 30], [120, 30]]);
    expect(textsOf(list.markup).map(([text, fill, x]) => [text, fill, x])).toEqual([['Fruit', '#222222', 10], ['Apple', '#111111', 10], ['Pear', '#111111', 10]]);
    expect(draw(`${m}listBox`, 120, 20).rects).toHaveLength(2);
    // Of two marked, the last is shaded.
    expect(boxOf(draw(`${m}listBox;subText=+A,+B;textSize=10`, 120, 20).rects[1])).toEqual([0, 45, 120, 15]);
  });

  it("draws an alert box's close ring, title bar, centred message and its buttons across the bottom, at least 90 x 75", () => {
    const alert = draw(`${m.replace('forms.', 'containers.')}alertBox;mainText=Careful;subText=Sure?,Really?;buttonText=Yes,,No;textSize=10;strokeColor2=#ff0000;strokeColor3=#cccccc`, 160, 50);
    // 75 high; three rooms of 40 px 10 apart, the middle one empty.
    expect(alert.rects.map(boxOf)).toEqual([[0, 0, 160, 75], [10, 50, 40, 15], [110, 50, 40, 15]]);
    expect(alert.rects[1].attrs).toMatchObject({ fill: 'none', stroke: '#cccccc' });
    expect(circlesOf(alert.ellipses)).toEqual([[145, 15, 10, 'none', '#ff0000']]);
    expect(textsOf(alert.markup).map(([text, , x, y]) => [text, x, y])).toEqual([['Careful', 10, 19], ['Yes', 30, 61.5], ['No', 130, 61.5], ['Sure?', 80, 41.5], ['Really?', 80, 56.5]]);
  });
});

describe('mockup spinner', () => {
  const spin = 'shape=mxgraph.mockup.forms.spinner;strokeColor=#999999;fillColor=#333333;textColor=#666666;textSize=10;mainText=42;';

  it('sets its buttons off at the right by default, an up and a down triangle in the fill colour, its value left of them', () => {
    // The test kit's cell paint: the style's fill and stroke, as the canvas resolves them.
    const paint = { fill: '#333333', stroke: '#999999' };
    const right = draw(spin, 100, 40, paint);
    expect(right.rects[0].attrs).toMatchObject({ fill: '#ffffff', stroke: '#999999', rx: '10' });
    expect(pointsOf(right.paths[0].attrs.d)).toEqual([[80, 0], [80, 40], [80, 20], [100, 20]]);
    expect(pointsOf(right.paths[1].attrs.d)).toEqual([[86, 14.5], [90, 7.5], [94, 14.5]]);
    expect(pointsOf(right.paths[2].attrs.d)).toEqual([[86, 25.5], [90, 32.5], [94, 25.5]]);
    expect(right.paths[1].attrs).toMatchObject({ fill: '#333333', stroke: '#333333' });
    expect(right.markup).toMatch(/text-anchor="middle"><text x="40" y="24">42<\/text>/);
  });

  it('lays its buttons out as spinLayout says, marked as adjStyle says, with no lines when merged', () => {
    const top = draw(`${spin}spinLayout=top;adjStyle=triangle`, 80, 60);
    expect(pointsOf(top.paths[0].attrs.d)).toEqual([[0, 15], [80, 15], [40, 15], [40, 0]]);
    // Up at three quarters, down at a quarter (its triangle 2 px lower, as diagrams.net draws it).
    expect(pointsOf(top.paths[1].attrs.d)).toEqual([[56, 12], [60, 5], [64, 12]]);
    expect(pointsOf(top.paths[2].attrs.d)).toEqual([[16, 5], [20, 12], [24, 5]]);
    const plus = draw(`${spin}spinLayout=horizontal;adjStyle=plusMinus;spinStyle=merged`, 120, 30);
    expect(plus.paths.map((path) => pointsOf(path.attrs.d))).toEqual([
      [[110, 11], [110, 19], [106, 15], [114, 15]],
      [[6, 15], [14, 15]],
    ]);
    const arrow = draw(`${spin}spinLayout=vertical;adjStyle=arrow`, 60, 70);
    expect(pointsOf(arrow.paths[1].attrs.d)).toEqual([[26, 9], [30, 5], [34, 9], [30, 12], [30, 5]]);
  });
});

