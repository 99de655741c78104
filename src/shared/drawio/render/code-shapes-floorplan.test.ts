/**
 * Floor plan shapes of mxFloorplan.js: rooms with their wallThickness, dimensions, stairs with a
 * rest, doors sized by `dx` (a fraction of the width), openings and windows.
 */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';

const fp = 'shape=mxgraph.floorplan.';

describe('rooms, dimensions and stairs', () => {
  it('draws a room as the box with a hole wallThickness (10 unless set) in from each side', () => {
    expect(pointsOf(draw(`${fp}room`, 160, 120).paths[0].attrs.d)).toEqual([[0, 120], [0, 0], [160, 0], [160, 120], [10, 10], [10, 110], [150, 110], [150, 10]]);
    expect(pointsOf(draw(`${fp}room;wallThickness=4`, 100, 50).paths[0].attrs.d).slice(4)).toEqual([[4, 4], [4, 46], [96, 46], [96, 4]]);
  });

  it('measures a dimension 20 px from the top, or from the bottom, with heads 10 px long', () => {
    expect(pointsOf(draw(`${fp}dimension`, 120, 40).paths[0].attrs.d)).toEqual([
      [0, 20], [120, 20], [10, 15], [0, 20], [10, 25], [110, 15], [120, 20], [110, 25], [0, 15], [0, 40], [120, 15], [120, 40],
    ]);
    expect(pointsOf(draw(`${fp}dimensionBottom`, 120, 40).paths[0].attrs.d)).toEqual([
      [0, 20], [120, 20], [10, 25], [0, 20], [10, 15], [110, 25], [120, 20], [110, 15], [0, 25], [0, 0], [120, 25], [120, 0],
    ]);
  });

  it('steps stairs with a rest every 25 px up to the landing half the height from the end, at least as wide as high', () => {
    const stairs = draw(`${fp}stairsRest`, 200, 100);
    expect(stairs.rects.map(boxOf)).toEqual([[0, 0, 200, 100]]);
    expect(pointsOf(stairs.paths[0].attrs.d).filter((_, i) => i % 2 === 0).map(([x]) => x)).toEqual([25, 50, 75, 100, 125]);
    expect(pointsOf(stairs.paths[1].attrs.d).slice(2, 7)).toEqual([[200, 0], [150, 50], [200, 100], [150, 0], [150, 100]]);
    expect(draw(`${fp}stairsRest`, 40, 60).rects.map(boxOf)).toEqual([[0, 0, 60, 60]]);
  });
});

describe('doors', () => {
  it('swings an uneven door in two leaves, the first dx (0.3 unless set) of the width', () => {
    expect(draw(`${fp}doorUneven;dx=0.25`, 160, 85).paths[0].attrs.d).toBe('M40,0 L40,5 A40,40 0 0 1 0,45 L0,5 M40,5 A120,120 0 0 0 160,125 L160,5');
    expect(draw(`${fp}doorUneven`, 100, 85).paths[0].attrs.d).toContain('A30,30 0 0 1 0,35');
  });

  it('swings opposing leaves up and down from a frame dx down', () => {
    const door = draw(`${fp}doorOpposing;dx=0.5`, 160, 165);
    expect(door.rects.map(boxOf)).toEqual([[0, 80, 160, 5]]);
    expect(door.paths[0].attrs.d).toBe('M80,80 L80,85 A80,80 0 0 0 0,0 L0,80 M80,85 A80,80 0 0 0 160,165 L160,85');
  });

  it('crosses a revolving door in the circle of its smaller side', () => {
    const door = draw(`${fp}doorRevolving`, 120, 60);
    expect(door.rects.map(boxOf)).toEqual([[30, 27.5, 60, 5], [57.5, 0, 5, 60]]);
    expect(circlesOf(door.ellipses)).toEqual([[60, 30, 30, 'none', '#000000']]);
  });

  it('slides pocket, by-pass and glass doors by dx (0.5 unless set), between 5 px jambs', () => {
    expect(draw(`${fp}doorPocket;dx=0.25`, 104, 10).rects.map(boxOf)).toEqual([[26, 0, 5, 10], [99, 0, 5, 10], [0, 2.5, 78, 5]]);
    expect(draw(`${fp}doorDoublePocket;dx=0.25`, 104, 10).rects.map(boxOf)).toEqual([[26, 0, 5, 10], [73, 0, 5, 10], [0, 2.5, 26, 5], [78, 2.5, 26, 5]]);
    expect(draw(`${fp}doorBypass`, 104, 10).rects.map(boxOf)).toEqual([[0, 0, 5, 10], [99, 0, 5, 10], [0, 5, 52, 5], [52, 0, 52, 5]]);
    expect(draw(`${fp}doorSlidingGlass;dx=0.25`, 104, 10).rects.map(boxOf).slice(2)).toEqual([[0, 5, 52, 2], [26, 3, 52, 2]]);
  });

  it('folds bi-fold and accordion doors to dx in lines three times the strokeWidth (0.5 unless set)', () => {
    const bifold = draw(`${fp}doorBifold;dx=0.3`, 160, 40);
    expect(bifold.rects.map(boxOf)).toEqual([[0, 30, 5, 10], [155, 30, 5, 10]]);
    expect(pointsOf(bifold.paths[0].attrs.d)).toEqual([[5, 30], [24, 0], [48, 30], [155, 30], [136, 0], [112, 30]]);
    expect(bifold.paths[0].attrs['stroke-width']).toBe('1.5');
    expect(draw(`${fp}doorBifold;strokeWidth=2`, 160, 40).paths[0].attrs['stroke-width']).toBe('6');
    const accordion = draw(`${fp}doorAccordion;dx=0.5`, 110, 20);
    expect(pointsOf(accordion.paths[0].attrs.d)).toEqual([[5, 10], [10, 0], [20, 20], [30, 0], [40, 20], [50, 0], [55, 10]]);
    expect(pointsOf(draw(`${fp}doorAccordion;dx=0`, 110, 20).paths[0].attrs.d).at(-1)).toEqual([5, 10]);
  });

  it('raises an overhead door between its jambs, opens an opening, and dashes a double-action swing above', () => {
    expect(draw(`${fp}doorOverhead`, 160, 35).rects.map(boxOf)).toEqual([[0, 25, 5, 10], [155, 25, 5, 10], [5, 0, 150, 30]]);
    expect(draw(`${fp}opening`, 100, 10).rects.map(boxOf)).toEqual([[0, 0, 5, 10], [95, 0, 5, 10]]);
    const door = draw(`${fp}doorDoubleAction`, 80, 165);
    expect(door.rects.map(boxOf)).toEqual([[0, 80, 80, 5]]);
    expect(door.paths.map((p) => [p.attrs.d, p.attrs['stroke-dasharray']])).toEqual([
      ['M80,85 A80,80 0 0 1 0,165 L0,85', undefined],
      ['M80,80 A80,80 0 0 0 0,0 L0,80', '3 3'],
    ]);
  });
});

describe('windows', () => {
  it('glides a window in two 1 px panes over its 10 px sill', () => {
    expect(draw(`${fp}windowGlider;dx=0.25`, 100, 10).rects.map(boxOf)).toEqual([[0, 0, 100, 10], [0, 5, 50, 1], [25, 4, 50, 1]]);
  });

  it('frames windowPanes (3 unless set) panes in a garden window', () => {
    const garden = draw(`${fp}windowGarden`, 100, 20);
    expect(garden.rects.map(boxOf)).toEqual([[0, 10, 5, 10], [95, 10, 5, 10]]);
    const frame = pointsOf(garden.paths[0].attrs.d);
    // (100 - 14 - 2 x 2) / 3 px per pane: mullions at 93 - 27.33 and 93 - 2 x 27.33 - 2.
    expect(frame.slice(6, 10)).toEqual([[65.67, 2], [65.67, 20], [63.67, 20], [63.67, 2]]);
    expect(frame).toHaveLength(16);
    expect(pointsOf(draw(`${fp}windowGarden;windowPanes=5`, 160, 20).paths[0].attrs.d)).toHaveLength(24);
  });

  it('bows a window down the smaller of half its width and its height, and bays one through fixed fractions', () => {
    expect(pointsOf(draw(`${fp}windowBow`, 100, 20).paths[0].attrs.d)).toEqual([[0, 0], [20, 20], [80, 20], [100, 0]]);
    expect(pointsOf(draw(`${fp}windowBay`, 100, 40).paths[0].attrs.d)).toEqual([[0, 0], [15, 24], [35, 40], [65, 40], [85, 24], [100, 0]]);
  });
});
