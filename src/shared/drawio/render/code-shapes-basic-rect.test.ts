/** diagrams.net's configurable rectangle (mxgraph.basic.rect): corner styles, sides, outlines and the inside fill. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf, shadesOf } from './code-shapes-test-kit';

const rect = (rest = '') => `shape=mxgraph.basic.rect;${rest}`;

describe('basic rect corners', () => {
  it('draws a square box by default: filled, then its outline closed, and no inside fill', () => {
    const { paths, markup } = draw(rect(), 100, 60);
    expect(paths.map((p) => [p.attrs.fill, p.attrs.stroke])).toEqual([['#ffffff', 'none'], ['none', '#000000']]);
    expect(paths[1].attrs.d).toBe('M0,0 L100,0 L100,60 L0,60 L0,0 Z');
    expect(markup).not.toContain('linearGradient');
  });

  it('rounds, snips or rounds inward each corner by its own style, the others by rectStyle, size 10 px', () => {
    const { paths } = draw(rect('rectStyle=rounded;topRightStyle=invRound;bottomLeftStyle=snip;bottomRightStyle=default'), 100, 60);
    expect(paths[1].attrs.d).toBe('M0,10 A10,10 0 0 1 10,0 L90,0 A10,10 0 0 0 100,10 L100,50 A10,10 0 0 1 90,60 L10,60 L0,50 L0,10 Z');
  });

  it('folds a corner: the outline cut, the crease drawn over it from the side', () => {
    const { paths } = draw(rect('topLeftStyle=fold;bottomRightStyle=fold;size=15'), 100, 60);
    expect(pointsOf(paths[1].attrs.d)).toEqual([[0, 15], [15, 0], [100, 0], [100, 45], [85, 60], [0, 60], [0, 15]]);
    expect(paths[2].attrs.d).toBe('M0,15 L15,15 L15,0 M85,60 L85,45 L100,45');
  });

  it('holds the corner size to half the shorter side, and reads it as % of that side with absoluteCornerSize=0', () => {
    expect(pointsOf(draw(rect('rectStyle=snip;size=50'), 100, 60).paths[1].attrs.d)[0]).toEqual([0, 30]);
    expect(pointsOf(draw(rect('rectStyle=snip;size=25;absoluteCornerSize=0'), 100, 60).paths[1].attrs.d)[0]).toEqual([0, 15]);
  });
});

describe('basic rect sides and outlines', () => {
  it('leaves a side off: its line not drawn, its corners plain, the rest one line from end to end', () => {
    const { paths } = draw(rect('rectStyle=rounded;top=0'), 100, 60);
    // Still filled whole.
    expect(paths[0].attrs.d).toBe('M0,0 L100,0 L100,50 A10,10 0 0 1 90,60 L10,60 A10,10 0 0 1 0,50 L0,0 Z');
    expect(paths[1].attrs.d).toBe('M100,0 L100,50 A10,10 0 0 1 90,60 L10,60 A10,10 0 0 1 0,50 L0,0');
  });

  it('draws two opposite sides as two lines, and no sides as nothing', () => {
    const { paths } = draw(rect('top=0;bottom=0'), 100, 60);
    expect(paths.slice(1).map((p) => p.attrs.d)).toEqual(['M100,0 L100,60', 'M0,60 L0,0']);
    expect(draw(rect('top=0;right=0;bottom=0;left=0'), 100, 60).paths).toEqual([]);
  });

  it('draws a double outline: the inner line indent px in, round corners of radius size less half the indent', () => {
    const { paths } = draw(rect('rectStyle=rounded;rectOutline=double;indent=4'), 100, 60);
    const inner = paths[1].attrs.d.split(' Z ')[1];
    expect(inner).toBe('M4,48 A8,8 0 0 0 12,56 L88,56 A8,8 0 0 0 96,48 L96,12 A8,8 0 0 0 88,4 L12,4 A8,8 0 0 0 4,12 L4,48 Z');
  });

  it('draws a frame as one filled band between the outline and the inner line, meeting the edge where a side is off', () => {
    const { paths } = draw(rect('rectOutline=frame;indent=5;right=0'), 100, 60);
    expect(paths).toHaveLength(1);
    expect([paths[0].attrs.fill, paths[0].attrs.stroke]).toEqual(['#ffffff', '#000000']);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[100, 60], [0, 60], [0, 0], [100, 0], [100, 5], [5, 5], [5, 55], [100, 55]]);
  });

  it('fills the inside with fillColor2 fading to gradientColor2, transparent where either is none', () => {
    const { paths, markup } = draw(rect('fillColor2=#ff0000;indent=10'), 100, 60);
    expect(shadesOf(markup)).toEqual([['#ff0000', '#000000']]);
    expect(markup).toMatch(/<stop offset="1" stop-color="#000000" stop-opacity="0"\/>/);
    expect(pointsOf(paths[1].attrs.d)).toEqual([[10, 10], [10, 50], [90, 50], [90, 10], [10, 10]]);
    expect(shadesOf(draw(rect('fillColor2=#ff0000;gradientColor2=#0000ff'), 100, 60).markup)).toEqual([['#ff0000', '#0000ff']]);
  });
});
