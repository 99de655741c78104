/** UML participants drawn with diagrams.net's geometry, alone and as a lifeline's head. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';

const ellipseBox = (e: { attrs: Record<string, string> }) => [Number(e.attrs.cx) - Number(e.attrs.rx), Number(e.attrs.cy) - Number(e.attrs.ry), 2 * Number(e.attrs.rx), 2 * Number(e.attrs.ry)];

describe('UML participants', () => {
  it("draws the actor's head a quarter high, its arms at a third and its legs to the bottom corners", () => {
    const actor = draw('shape=umlActor;verticalLabelPosition=bottom;verticalAlign=top;', 40, 80);
    expect(actor.ellipses.map(ellipseBox)).toEqual([[10, 0, 20, 20]]);
    const points = pointsOf(actor.paths[0].attrs.d);
    expect(points).toContainEqual([0, 80]);
    expect(points).toContainEqual([40, 80]);
    expect(points).toContainEqual([0, 26.67]);
  });

  it('draws the boundary, the entity and the control', () => {
    const boundary = draw('shape=umlBoundary;', 60, 50);
    expect(boundary.ellipses.map(ellipseBox)).toEqual([[10, 0, 50, 50]]);
    expect(pointsOf(boundary.paths[0].attrs.d)).toEqual([[0, 12.5], [0, 37.5], [0, 25], [10, 25]]);
    const entity = draw('shape=umlEntity;', 40, 40);
    expect(entity.ellipses.map(ellipseBox)).toEqual([[0, 0, 40, 40]]);
    expect(pointsOf(entity.paths[0].attrs.d)).toEqual([[5, 40], [35, 40]]);
    const control = draw('shape=umlControl;', 40, 48);
    expect(control.ellipses.map(ellipseBox)).toEqual([[0, 6, 40, 42]]);
    expect(pointsOf(control.paths[0].attrs.d)).toContainEqual([25, 0]);
  });

  it("draws a lifeline's participant as its head, in the head's box, above the dashed line", () => {
    const lifeline = draw('shape=umlLifeline;participant=umlEntity;size=40;', 60, 300);
    expect(lifeline.rects).toEqual([]);
    expect(lifeline.ellipses.map(ellipseBox)).toEqual([[0, 0, 60, 40]]);
    expect(lifeline.paths.some((p) => p.attrs['stroke-dasharray'] && pointsOf(p.attrs.d)[0][1] === 40)).toBe(true);
    // A participant diagrams.net does not know keeps the box.
    expect(draw('shape=umlLifeline;participant=nothing;', 60, 300).rects.map(boxOf)).toEqual([[0, 0, 60, 40]]);
  });
});
