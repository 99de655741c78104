/**
 * diagrams.net's general code shapes with their own geometry: sizes as fractions or, with
 * fixedSize, pixels; rims, folds and bars; rounded corners; paint that is stroke only.
 */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';
import { codeShapeLabelBox } from './code-shapes';
import { styleEntries } from '../stencils';

describe('flowchart shapes', () => {
  it('cuts a hexagon a quarter of its width in, or `size` px with fixedSize=1', () => {
    expect(pointsOf(draw('shape=hexagon', 120, 60).paths[0].attrs.d)).toEqual([[30, 0], [90, 0], [120, 30], [90, 60], [30, 60], [0, 30]]);
    expect(pointsOf(draw('shape=hexagon;fixedSize=1;size=20', 120, 60).paths[0].attrs.d)[0]).toEqual([20, 0]);
  });

  it('slants a parallelogram a fifth of its width, and a trapezoid no more than half', () => {
    expect(pointsOf(draw('shape=parallelogram', 100, 50).paths[0].attrs.d)).toEqual([[0, 50], [20, 0], [100, 0], [80, 50]]);
    expect(pointsOf(draw('shape=trapezoid;size=0.9', 100, 50).paths[0].attrs.d)).toEqual([[0, 50], [50, 0], [50, 0], [100, 50]]);
  });

  it('gives a process its two bars a tenth of the width in', () => {
    const { rects, paths } = draw('shape=process;whiteSpace=wrap', 120, 60);
    expect(rects.map(boxOf)).toEqual([[0, 0, 120, 60]]);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[12, 0], [12, 60], [108, 0], [108, 60]]);
  });

  it('rounds the corners of a rhombus with rounded=1 (quadratic curves through them)', () => {
    expect(pointsOf(draw('rhombus;whiteSpace=wrap', 80, 80).paths[0].attrs.d)).toEqual([[40, 0], [80, 40], [40, 80], [0, 40]]);
    expect(draw('rhombus;rounded=1', 80, 80).paths[0].attrs.d).toContain('Q80,40');
  });

  it("draws cylinder3's rims as ellipses `size` (15) high and a cylinder's a fifth of its height, at most 40", () => {
    expect(draw('shape=cylinder3;size=15', 60, 80).paths[0].attrs.d.startsWith('M0,15 A30,15 0 0 1 30,0')).toBe(true);
    expect(draw('shape=cylinder3;size=10;lid=0', 60, 80).paths).toHaveLength(1);
    expect(draw('shape=cylinder', 60, 100).paths[0].attrs.d.startsWith('M0,20 C')).toBe(true);
    expect(draw('shape=cylinder', 60, 400).paths[0].attrs.d.startsWith('M0,40 C')).toBe(true);
  });

  it('folds a note 30 px and a note2 `size` px down, the fold stroked only', () => {
    const note = draw('shape=note', 100, 80);
    expect(pointsOf(note.paths[0].attrs.d)).toEqual([[0, 0], [70, 0], [100, 30], [100, 80], [0, 80]]);
    expect(note.paths.at(-1)!.attrs.fill).toBe('none');
    expect(pointsOf(draw('shape=note2;size=15', 80, 40).paths[0].attrs.d)[1]).toEqual([65, 0]);
  });

  it('draws arrows, steps, cards, callouts, cubes, tapes and internal storage by their sizes', () => {
    expect(pointsOf(draw('shape=singleArrow', 100, 50).paths[0].attrs.d)).toEqual([[0, 17.5], [80, 17.5], [80, 0], [100, 25], [80, 50], [80, 32.5], [0, 32.5]]);
    expect(pointsOf(draw('shape=doubleArrow;arrowSize=0.1', 100, 50).paths[0].attrs.d).slice(0, 2)).toEqual([[0, 25], [10, 0]]);
    expect(pointsOf(draw('shape=step;fixedSize=1;size=10', 100, 40).paths[0].attrs.d)).toEqual([[0, 0], [90, 0], [100, 20], [90, 40], [0, 40], [10, 20]]);
    expect(pointsOf(draw('shape=card', 80, 100).paths[0].attrs.d)[0]).toEqual([30, 0]);
    expect(pointsOf(draw('shape=callout', 120, 80).paths[0].attrs.d)).toEqual([[0, 0], [120, 0], [120, 50], [80, 50], [60, 80], [60, 50], [0, 50]]);
    expect(pointsOf(draw('shape=cube;size=10', 60, 60).paths[0].attrs.d)).toEqual([[0, 0], [50, 0], [60, 10], [60, 60], [10, 60], [0, 50]]);
    expect(draw('shape=tape', 100, 50).paths[0].attrs.d.startsWith('M0,10 Q25,28')).toBe(true);
    expect(pointsOf(draw('shape=internalStorage;dx=15;dy=25', 100, 60).paths[0].attrs.d)).toEqual([[0, 25], [100, 25], [15, 0], [15, 60]]);
  });

  it('ends a document on its wave, `size` (0.3) of the height deep', () => {
    expect(draw('shape=document', 100, 100).paths[0].attrs.d).toBe('M0,0 L100,0 L100,85 Q75,58 50,85 Q25,112 0,85 Z');
  });
});

describe('marks and brackets', () => {
  it('draws a curly bracket as a stroke, its arms `size` (half the width) in', () => {
    const bracket = draw('shape=curlyBracket;rounded=0', 20, 290);
    expect(bracket.paths[0].attrs.fill).toBe('none');
    expect(pointsOf(bracket.paths[0].attrs.d)).toEqual([[20, 0], [10, 0], [10, 145], [0, 145], [10, 145], [10, 290], [20, 290]]);
    expect(draw('shape=curlyBracket;rounded=1', 20, 290).paths[0].attrs.d).toContain('Q');
  });

  it("sets a callout's label above its pointer, on whichever side its direction and flips put the pointer", () => {
    const box = (style: string) => codeShapeLabelBox(styleEntries(`shape=callout;size=25;${style}`), 140, 90);
    expect(box('')).toEqual({ x: 0, y: 0, w: 140, h: 65 });
    expect(box('direction=south')).toEqual({ x: 25, y: 0, w: 115, h: 90 });
    expect(box('direction=west')).toEqual({ x: 0, y: 25, w: 140, h: 65 });
    expect(box('direction=north')).toEqual({ x: 0, y: 0, w: 115, h: 90 });
    // A flip across the pointer's side moves it to the other one; a flip along that side leaves it.
    expect(box('flipV=1')).toEqual({ x: 0, y: 25, w: 140, h: 65 });
    expect(box('flipH=1')).toEqual({ x: 0, y: 0, w: 140, h: 65 });
    expect(box('direction=south;flipH=1')).toEqual({ x: 0, y: 0, w: 115, h: 90 });
    expect(box('direction=north;flipV=1')).toEqual({ x: 0, y: 0, w: 115, h: 90 });
    // The pointer is never taller than the box (its margin is measured on the east-facing height).
    expect(codeShapeLabelBox(styleEntries('shape=callout;size=200;direction=south'), 300, 90)).toEqual({ x: 90, y: 0, w: 210, h: 90 });
  });

  it('draws end states and double ellipses as two rings, waypoints as a dot in the stroke colour', () => {
    // The reader keeps fillColor=strokeColor as the fill: the stroke's colour.
    const end = draw('ellipse;shape=endState;fillColor=strokeColor', 30, 30, { fill: 'strokeColor', stroke: '#b85450' });
    expect(end.ellipses.map((e) => [e.attrs.rx, e.attrs.fill])).toEqual([['11', '#b85450'], ['15', 'none']]);
    const double = draw('ellipse;shape=doubleEllipse', 80, 80);
    expect(double.ellipses.map((e) => Number(e.attrs.rx))).toEqual([40, 36]);
    // Its label lies inside the inner ellipse: 3 px plus the stroke in, at most a fifth of the box.
    expect(codeShapeLabelBox(styleEntries('ellipse;shape=doubleEllipse;whiteSpace=wrap'), 80, 80)).toEqual({ x: 4, y: 4, w: 72, h: 72 });
    expect(codeShapeLabelBox(styleEntries('ellipse;shape=doubleEllipse;strokeWidth=3'), 20, 30)).toEqual({ x: 4, y: 4, w: 12, h: 22 });
    const dot = draw('shape=waypoint;size=6;strokeColor=#D1C6A7', 40, 40, { stroke: '#D1C6A7' });
    expect(dot.ellipses[0].attrs).toMatchObject({ rx: '3', cx: '20', fill: '#D1C6A7' });
  });

  it('draws a dimension with its ticks and arrows 10 px long, and a partial rectangle with only its named sides', () => {
    const dimension = draw('shape=dimension', 200, 40);
    expect(pointsOf(dimension.paths[0].attrs.d).slice(0, 4)).toEqual([[0, 0], [0, 40], [0, 35], [10, 30]]);
    const bottomOnly = draw('shape=partialRectangle;top=0;left=0;right=0;bottom=1', 100, 30);
    expect(bottomOnly.paths[0].attrs.d).toBe('M0,0 M100,0 M100,30 L0,30');
    expect(draw('shape=partialRectangle;top=0;left=0;right=0;bottom=0', 100, 30).paths).toHaveLength(0);
  });

  it('draws a module with its two jetties, an xor and a required interface as curves', () => {
    const module = draw('shape=module;jettyWidth=8;jettyHeight=4', 20, 20);
    expect(pointsOf(module.paths[0].attrs.d)[0]).toEqual([4, 0]);
    expect(pointsOf(module.paths[1].attrs.d)).toEqual([[4, 4], [8, 4], [8, 8], [4, 8], [4, 12], [8, 12], [8, 16], [4, 16]]);
    expect(draw('shape=xor', 120, 80).paths[0].attrs.d).toBe('M0,0 Q120,0 120,40 Q120,80 0,80 Q60,40 0,0 Z');
    expect(draw('shape=requiredInterface', 20, 100).paths[0].attrs.fill).toBe('none');
  });

  it("lays diagrams.net's glass over a filled rectangle's top: a white sheen fading down, round with a rounded box", () => {
    const glass = draw('shape=rect;rounded=0;glass=1;strokeWidth=2', 100, 60);
    expect(glass.paths[0].attrs.d).toBe('M-1,-1 L-1,24 Q50,42 101,24 L101,-1 Z');
    expect(glass.paths[0].attrs).toMatchObject({ fill: 'url(#g1-own-glass)', stroke: 'none' });
    expect(glass.markup).toContain('<stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.1"/>');
    // Rounded: the arc of the box measured with its stroke (15 % of 61), plus the stroke.
    expect(draw('shape=rect;rounded=1;glass=1', 100, 60).paths[0].attrs.d.startsWith('M10.15,-1 Q-1,-1 -1,10.15 L-1,24')).toBe(true);
    // None on an unfilled box, nor without glass=1, nor on a shape drawn otherwise (a process).
    expect(draw('shape=rect;glass=1', 100, 60, { fill: 'none' }).paths).toHaveLength(0);
    expect(draw('shape=rect;rounded=0', 100, 60).paths).toHaveLength(0);
    expect(draw('shape=process;glass=1', 100, 60).markup).not.toContain('glass');
  });
});
