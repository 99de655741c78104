/** The Mockups palette's step bar, as mxMockupNavigation.js draws it. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf as circles, draw } from './code-shapes-test-kit';

const m = 'shape=mxgraph.mockup.navigation.stepBar;strokeColor=#c4c4c4;textColor=#666666;textColor2=#008cff;fillColor=#666666;textSize=17;';

describe('mockup step bar', () => {
  it("spreads the palette's unnamed steps evenly, the third current: grey dots on a rail, the done part dark, the current one ringed", () => {
    const bar = draw(`${m}mainText=,,+,;`, 320, 50);
    // Four steps of no width, 20 px each, stretched from 80 to 320: middles 40, 120, 200, 280, on y 34 (2 x 17).
    expect(circles(bar.ellipses).slice(0, 4)).toEqual([40, 120, 200, 280].map((x) => [x, 34, 10, '#c4c4c4', '#c4c4c4']));
    expect(boxOf(bar.rects[0])).toEqual([40, 32, 240, 4]);
    expect(bar.rects[1].attrs.fill).toBe('#666666');
    expect(boxOf(bar.rects[1]).map((n) => Math.round(n * 100) / 100)).toEqual([40, 32.88, 160, 2.25]);
    // Done steps ringed in the fill colour, the current one a white ring round a blue dot.
    expect(circles(bar.ellipses).slice(4)).toEqual([
      [40, 34, 7.5, '#c4c4c4', '#666666'],
      [40, 34, 4.5, '#c4c4c4', '#666666'],
      [120, 34, 7.5, '#c4c4c4', '#666666'],
      [120, 34, 4.5, '#c4c4c4', '#666666'],
      [200, 34, 10, '#c4c4c4', '#c4c4c4'],
      [200, 34, 7.5, '#ffffff', '#ffffff'],
      [200, 34, 5.25, '#008cff', '#008cff'],
    ]);
    expect(bar.markup).not.toContain('<text');
  });

  it('names each step over its dot, those before the current one in textColor, from it on in textColor2', () => {
    const bar = draw(`${m}mainText=Cart,+Pay,Done;`, 100, 50);
    const names = [...bar.markup.matchAll(/<g fill="([^"]+)"[^>]*><text x="([\d.]+)" y="([\d.]+)">([^<]*)<\/text><\/g>/g)].map(([, fill, x, , text]) => [text, fill, Number(x)]);
    expect(names.map(([text, fill]) => [text, fill])).toEqual([['Cart', '#666666'], ['Pay', '#008cff'], ['Done', '#008cff']]);
    // At least as wide as the names and their room: each name over its own dot, in order.
    const dots = circles(bar.ellipses).slice(0, 3).map(([x]) => x);
    expect(names.map(([, , x]) => x)).toEqual(dots);
    expect(dots[2]).toBeGreaterThan(100 - 10 - 20);
    // No current step: nothing done, every name in textColor2.
    const none = draw(`${m}mainText=A,B;`, 100, 50);
    expect(none.rects).toHaveLength(1);
    expect(none.ellipses).toHaveLength(2);
    expect(none.markup).not.toContain('#666666"');
  });

  it('spreads a breadcrumb like the step bar: chevrons in strokeColor where each name but the first starts, the last name in textColor2', () => {
    const crumbs = draw('shape=mxgraph.mockup.navigation.breadcrumb;mainText=,,;strokeColor=#c4c4c4;textColor=#666666;textColor2=#008cff', 120, 10);
    // Three empty names, 20 px each, stretched from 60 to 120: chevrons at 40 and 80, across the middle of at least 25.5 px (1.5 x 17).
    expect(crumbs.paths).toHaveLength(1);
    expect(crumbs.paths[0].attrs).toMatchObject({ d: 'M37.5,7.75 L42.5,12.75 L37.5,17.75 M77.5,7.75 L82.5,12.75 L77.5,17.75', stroke: '#c4c4c4', fill: 'none' });
    const named = draw('shape=mxgraph.mockup.navigation.breadcrumb;mainText=Home,Docs,Page;textSize=12', 300, 30);
    const names = [...named.markup.matchAll(/<g fill="([^"]+)"[^>]*><text x="([\d.]+)" y="[\d.]+">([^<]*)<\/text><\/g>/g)].map(([, fill, x, text]) => [text, fill, Number(x)]);
    expect(names.map(([text, fill]) => [text, fill])).toEqual([['Home', '#666666'], ['Docs', '#666666'], ['Page', '#008cff']]);
    // Each name sits between the chevrons around it.
    const starts = [...named.paths[0].attrs.d.matchAll(/M([\d.]+)/g)].map(([, x]) => Number(x) + 2.5);
    expect(Number(names[0][2])).toBeLessThan(starts[0]);
    expect(Number(names[1][2])).toBeGreaterThan(starts[0]);
    expect(Number(names[1][2])).toBeLessThan(starts[1]);
    expect(Number(names[2][2])).toBeGreaterThan(starts[1]);
  });
});
