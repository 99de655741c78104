/**
 * diagrams.net's segment routing between made-up boxes: with no hints one bend where the ends do
 * not line up; hints that are an orthogonal path's corners kept as they are; a hint off both ends'
 * lines joined by a bend at each end; fixed points taken exactly; bends inside a floating end's
 * shape dropped. And a file's orthogonal edge with waypoints drawn through them.
 */
import { describe, expect, it } from 'vitest';
import { edgeRoute } from './edge-route';
import { segmentBends } from './edge-segment';

const source = { box: { x: 0, y: 0, w: 100, h: 50 } };
const below = { box: { x: 300, y: 100, w: 100, h: 50 } };

describe('segment routing', () => {
  it('with no hints: level out of the source, one bend where the target does not span its height', () => {
    expect(segmentBends(source, below, [])).toEqual([{ x: 350, y: 25 }]);
    // A target spanning the source's centre height: no bend.
    expect(segmentBends(source, { box: { x: 300, y: 0, w: 100, h: 60 } }, [])).toEqual([]);
  });

  it("keeps hints that are an orthogonal path's corners, snapping one within a pixel of an end's line onto it", () => {
    expect(segmentBends(source, below, [{ x: 200, y: 25.6 }, { x: 200, y: 125 }])).toEqual([
      { x: 200, y: 25 },
      { x: 200, y: 125 },
    ]);
  });

  it("joins a hint off both ends' lines with a bend at each end, each run taking one coordinate of its hint", () => {
    expect(segmentBends(source, below, [{ x: 200, y: 80 }])).toEqual([
      { x: 50, y: 80 },
      { x: 200, y: 80 },
      { x: 200, y: 125 },
    ]);
    // Two hints not lined up: the second run keeps the first hint's x and takes the second's y.
    expect(segmentBends(source, below, [{ x: 200, y: 25 }, { x: 260, y: 125 }])).toEqual([
      { x: 200, y: 25 },
      { x: 200, y: 125 },
    ]);
  });

  it('routes from a fixed point exactly, and drops a bend on the target\'s fixed point', () => {
    const fixed = { ...source, point: { x: 100, y: 25 } };
    expect(segmentBends(fixed, below, [{ x: 200, y: 25 }])).toEqual([
      { x: 200, y: 25 },
      { x: 200, y: 125 },
    ]);
    const toTop = { ...below, point: { x: 350, y: 100 } };
    expect(segmentBends(fixed, toTop, [{ x: 350, y: 25 }])).toEqual([{ x: 350, y: 25 }]);
  });

  it("drops bends inside a floating end's shape", () => {
    // The hint lies inside the source: the bend there is not drawn, the one below it is.
    expect(segmentBends(source, below, [{ x: 60, y: 40 }])).toEqual([{ x: 60, y: 125 }]);
    // A hint straight below the source's centre: down, then across into the target.
    expect(segmentBends(source, below, [{ x: 50, y: 125 }])).toEqual([{ x: 50, y: 125 }]);
  });

  it("draws a file's orthogonal edge with waypoints, and a segment edge with none, through those bends", () => {
    const file = (style: string) => ({ source: { tag: 'mxCell', attributes: [['style', style]], children: [] } });
    const orthogonal = edgeRoute({ lineStyle: 'solid', file: file('edgeStyle=orthogonalEdgeStyle;rounded=0;') } as never, source.box, below.box, [{ x: 200, y: 80 }]);
    expect(orthogonal.path).toBe('M50,50 L50,80 L200,80 L200,125 L300,125');
    const segment = edgeRoute({ lineStyle: 'solid', file: file('edgeStyle=segmentEdgeStyle;rounded=0;') } as never, source.box, below.box);
    expect(segment.path).toBe('M100,25 L350,25 L350,100');
  });
});
