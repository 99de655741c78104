/** The Mockups palette's menu bar, tab bars and accordion, as mxMockupForms.js and mxMockupContainers.js draw them. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';

/** Each text the figure sets: its words, colour and x, y. */
function textsOf(markup: string): Array<[string, string, number, number]> {
  return [...markup.matchAll(/<g fill="([^"]+)"[^>]*><text x="([\d.]+)" y="([\d.]+)">([^<]*)<\/text><\/g>/g)].map(([, fill, x, y, text]) => [text, fill, Number(x), Number(y)]);
}

describe('mockup menu bar', () => {
  it('spreads its menus across the bar, the chosen one filled in fillColor2 with no separator beside it', () => {
    // Three empty names, 10 px each, stretched from 30 to 300: menus 100 px wide; the second chosen.
    const bar = draw('shape=mxgraph.mockup.forms.menuBar;mainText=,+,,;strokeColor=#999999;strokeColor2=#c4c4c4;fillColor2=#008cff', 400, 10);
    // Four menus of 100 px, at least 25.5 px high (1.5 x 17): the frame, the second filled, the frame again.
    expect(bar.rects.map(boxOf)).toEqual([[0, 0, 400, 25.5], [100, 0, 100, 25.5], [0, 0, 400, 25.5]]);
    expect(bar.rects[1].attrs).toMatchObject({ fill: '#008cff', stroke: 'none' });
    expect(bar.rects[2].attrs).toMatchObject({ fill: 'none', stroke: '#999999' });
    // Only the separator between the third and fourth menus: none beside the chosen one.
    expect(bar.paths).toHaveLength(1);
    expect(pointsOf(bar.paths[0].attrs.d)).toEqual([[300, 0], [300, 25.5]]);
    expect(bar.paths[0].attrs.stroke).toBe('#c4c4c4');
  });

  it('names each menu in the middle of its part, the chosen one in textColor2, measured in whole pixels as diagrams.net measures them', () => {
    const bar = draw('shape=mxgraph.mockup.forms.menuBar;mainText=File,+Edit, View;textSize=17;textColor=#666666;textColor2=#ffffff', 100, 30);
    // File 27, Edit 29, View 37 px (Helvetica at 17, rounded; the leading space collapsed), 5 px either side: the bar 123 wide.
    expect(textsOf(bar.markup).map(([text, fill, x]) => [text.trim(), fill, x])).toEqual([['File', '#666666', 18.5], ['Edit', '#ffffff', 56.5], ['View', '#666666', 99.5]]);
    expect(boxOf(bar.rects[0])).toEqual([0, 0, 123, 30]);
    // No menu chosen: a separator between each and nothing filled.
    const plain = draw('shape=mxgraph.mockup.forms.menuBar;mainText=A,B,C', 300, 30);
    expect(plain.rects).toHaveLength(2);
    expect(pointsOf(plain.paths[0].attrs.d)).toHaveLength(4);
  });
});

describe('mockup button bars', () => {
  it('frames a horizontal button bar with 10 px corners, its first chosen button keeping the left ones, names bold', () => {
    const bar = draw('shape=mxgraph.mockup.buttons.horButtonBar;mainText=+,,;strokeColor=#666666;fillColor2=#008cff;textSize=10', 300, 10);
    const [frame, , chosen, again] = bar.paths;
    expect(frame.attrs.d).toBe('M0,10 A10,10 0 0 1 10,0 L290,0 A10,10 0 0 1 300,10 L300,10 A10,10 0 0 1 290,20 L10,20 A10,10 0 0 1 0,10 Z');
    expect(chosen.attrs).toMatchObject({ fill: '#008cff', stroke: 'none', d: 'M0,10 A10,10 0 0 1 10,0 L100,0 L100,20 L10,20 A10,10 0 0 1 0,10 Z' });
    expect(again.attrs).toMatchObject({ fill: 'none', stroke: '#666666' });
    // The last chosen: its right corners round.
    const last = draw('shape=mxgraph.mockup.buttons.horButtonBar;mainText=,,+;fillColor2=#008cff;textSize=10', 300, 10);
    expect(last.paths[2].attrs.d).toBe('M200,0 L290,0 A10,10 0 0 1 300,10 L300,10 A10,10 0 0 1 290,20 L200,20 Z');
    expect(draw('shape=mxgraph.mockup.buttons.horButtonBar;mainText=A', 100, 30).markup).toContain('font-weight="bold"');
  });

  it('stacks a vertical button bar\'s buttons stretched to its height, the last chosen keeping the bottom corners', () => {
    const bar = draw('shape=mxgraph.mockup.buttons.verButtonBar;mainText=A,B,+C;strokeColor2=#c4c4c4;fillColor2=#008cff;textSize=10;textColor=#666666;textColor2=#ffffff', 100, 90);
    // Rows of 30: one separator (between A and B; none beside C).
    expect(pointsOf(bar.paths[1].attrs.d)).toEqual([[0, 30], [100, 30]]);
    expect(bar.paths[2].attrs.d).toBe('M0,60 L100,60 L100,80 A10,10 0 0 1 90,90 L10,90 A10,10 0 0 1 0,80 Z');
    expect(textsOf(bar.markup).map(([text, fill, x, y]) => [text, fill, x, y])).toEqual([['A', '#666666', 50, 19], ['B', '#666666', 50, 49], ['C', '#ffffff', 50, 79]]);
  });
});

describe('mockup tab bars', () => {
  const tabs = 'shape=mxgraph.mockup.containers.horTabBar;fillColor2=#008cff;textSize=10;';

  it('lays tabs 10 px in and 5 apart, each its name wide plus 10 either side, the chosen one joined to the bar in fillColor2', () => {
    // Names of no width count 40 px: tabs of 60 at 10, 75 and 140; each 15 px high (1.5 x 10).
    const bar = draw(`${tabs}tabs=,+,;tabStyle=block`, 300, 100);
    const [background, first, third, chosen] = bar.paths;
    expect(background.attrs.d).toBe('M0,20 A5,5 0 0 1 5,15 L295,15 A5,5 0 0 1 300,20 L300,100 L0,100 Z');
    expect(pointsOf(first.attrs.d)).toEqual([[10, 0], [70, 0], [70, 15], [10, 15]]);
    expect(pointsOf(third.attrs.d)).toEqual([[140, 0], [200, 0], [200, 15], [140, 15]]);
    expect(chosen.attrs).toMatchObject({ fill: '#008cff', stroke: '#008cff' });
    expect(pointsOf(chosen.attrs.d)).toEqual([[0, 20], [75, 15], [75, 0], [135, 0], [135, 15], [295, 15]]);
  });

  it('draws cone, half-cone and round tabs, and names each tab 10 px in, the chosen one in textColor2', () => {
    const cone = draw(`${tabs}tabs=,+;tabStyle=cone`, 300, 100);
    expect(pointsOf(cone.paths[1].attrs.d)).toEqual([[10, 15], [15, 0], [65, 0], [70, 15]]);
    const half = draw(`${tabs}tabs=,+;tabStyle=halfCone`, 300, 100);
    expect(pointsOf(half.paths[1].attrs.d)).toEqual([[10, 15], [15, 0], [70, 0], [70, 15]]);
    const round = draw(`${tabs}tabs=,+;tabStyle=round`, 300, 100);
    expect(round.paths[1].attrs.d).toBe('M5,15 A5,5 0 0 0 10,10 L10,5 A5,5 0 0 1 15,0 L65,0 A5,5 0 0 1 70,5 L70,10 A5,5 0 0 0 75,15');
    const named = draw(`${tabs}tabs=Home,+Work;textColor=#666666;textColor2=#ffffff`, 300, 100);
    expect(textsOf(named.markup).map(([text, fill, x]) => [text, fill, x])).toEqual([['Home', '#666666', 20], ['Work', '#ffffff', 20 + 27 + 20 + 5]]);
  });

  it('stands a vertical bar\'s tabs down its left, as wide as the widest name plus 20, names centred; no cone tabs', () => {
    const bar = draw('shape=mxgraph.mockup.containers.verTabBar;tabs=,+,;tabStyle=block;textSize=10;fillColor2=#008cff', 200, 40);
    // Names of no width count 42: tabs 62 wide, 15 high at 10, 30 and 50; the bar at least 75 high.
    expect(bar.paths[0].attrs.d).toBe('M67,0 A5,5 0 0 0 62,5 L62,70 A5,5 0 0 0 67,75 L200,75 L200,0 Z');
    expect(pointsOf(bar.paths[1].attrs.d)).toEqual([[0, 10], [0, 25], [62, 25], [62, 10]]);
    expect(pointsOf(bar.paths[3].attrs.d)).toEqual([[67, 0], [62, 30], [0, 30], [0, 45], [62, 45], [62, 70]]);
    const cone = draw('shape=mxgraph.mockup.containers.verTabBar;tabs=A,+B;tabStyle=cone', 200, 100);
    expect(cone.paths).toHaveLength(1);
  });
});

describe('mockup wedge bar', () => {
  it('draws tabs like a tab bar\'s with no bar under them, open at their foot, the chosen one filled alone', () => {
    const bar = draw('shape=mxgraph.mockup.forms.wedgeBar;tabs=,+;tabStyle=block;fillColor2=#008cff;textSize=10', 300, 10);
    // Names of no width count 42: tabs of 62 at 10 and 77, 15 px high.
    expect(bar.paths).toHaveLength(2);
    expect(bar.paths[0].attrs.d).toBe('M10,15 L10,0 L72,0 L72,15');
    expect(bar.paths[1].attrs).toMatchObject({ d: 'M77,15 L77,0 L139,0 L139,15', fill: '#008cff', stroke: '#008cff' });
  });
});

describe('mockup accordion', () => {
  it('stacks groups above the chosen one from the top and the rest at the bottom, the chosen one filled in fillColor2', () => {
    const acc = draw('shape=mxgraph.mockup.containers.accordion;mainText=A,+B,C,D;textSize=10;strokeColor=#999999;strokeColor2=#c4c4c4;fillColor2=#008cff;textColor=#666666;textColor2=#ffffff', 100, 200);
    // Rows 15 px high: A at the top, B (chosen) under it, C and D at the bottom.
    expect(acc.rects.map(boxOf)).toEqual([[0, 0, 100, 200], [0, 15, 100, 15], [0, 0, 100, 200]]);
    expect(acc.rects[1].attrs.fill).toBe('#008cff');
    expect(pointsOf(acc.paths[0].attrs.d)).toEqual([[0, 170], [100, 170], [0, 185], [100, 185]]);
    expect(textsOf(acc.markup).map(([text, fill, , y]) => [text, fill, y])).toEqual([
      ['A', '#666666', 11.5],
      ['B', '#ffffff', 26.5],
      ['C', '#666666', 181.5],
      ['D', '#666666', 196.5],
    ]);
  });
});
