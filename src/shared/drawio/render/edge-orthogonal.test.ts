/**
 * diagrams.net's orthogonal edges with no waypoints, routed between made-up boxes: the sides
 * chosen by where the boxes lie, by fixed points and by port constraints; the bends through the
 * middle of the gap, out of the jetty zones; the jetty sizes the style gives.
 */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { edgeRoute } from './edge-route';
import { jettySize, orthogonalBends, portConstraintSides, type OrthogonalEnd } from './edge-orthogonal';

const end = (box: { x: number; y: number; w: number; h: number }, extra: Partial<OrthogonalEnd> = {}): OrthogonalEnd => ({ box, jetty: 10, ...extra });
const left = { x: 0, y: 0, w: 100, h: 50 };

describe('orthogonal edges with no waypoints', () => {
  it('joins boxes side by side at the same height straight, and at different heights through the middle of the gap', () => {
    expect(orthogonalBends(end(left), end({ x: 300, y: 0, w: 100, h: 50 }))).toEqual([]);
    // Overlapping in height: out of the right side, across at x = 200 (halfway between the jetty zones), into the left side.
    expect(orthogonalBends(end(left), end({ x: 300, y: 30, w: 100, h: 50 }))).toEqual([
      { x: 200, y: 25 },
      { x: 200, y: 55 },
    ]);
    // Wider jetties move the zones, not the middle: (120 + 280) / 2.
    expect(orthogonalBends(end(left, { jetty: 20 }), end({ x: 300, y: 30, w: 100, h: 50 }, { jetty: 20 }))).toEqual([
      { x: 200, y: 25 },
      { x: 200, y: 55 },
    ]);
  });

  it('goes down between boxes one above the other, overlapping across', () => {
    expect(orthogonalBends(end(left), end({ x: 20, y: 200, w: 100, h: 50 }))).toEqual([
      { x: 50, y: 125 },
      { x: 70, y: 125 },
    ]);
  });

  it('bends once between boxes apart both ways: out sideways, in from above', () => {
    expect(orthogonalBends(end(left), end({ x: 300, y: 100, w: 100, h: 50 }))).toEqual([{ x: 350, y: 25 }]);
    // The target up and to the left: out of the left side, in from below.
    expect(orthogonalBends(end({ x: 300, y: 200, w: 100, h: 50 }), end(left))).toEqual([{ x: 50, y: 225 }]);
  });

  it('leaves by the side its fixed point lies on, the jetty first', () => {
    // Fixed at the top middle, the target to the right: up 10 px, across to the middle of the gap, down to its height.
    const bends = orthogonalBends(end(left, { point: { x: 50, y: 0 } }), end({ x: 300, y: 0, w: 100, h: 50 }));
    expect(bends).toEqual([
      { x: 50, y: -10 },
      { x: 200, y: -10 },
      { x: 200, y: 25 },
    ]);
    // A fixed point not on a side (inside the box) chooses as a floating end does, level with the point.
    expect(orthogonalBends(end(left, { point: { x: 50, y: 10 } }), end({ x: 300, y: 0, w: 100, h: 50 }))).toEqual([
      { x: 200, y: 10 },
      { x: 200, y: 25 },
    ]);
  });

  it('keeps to the sides a port constraint allows, and goes round when it must', () => {
    expect(portConstraintSides('south')).toEqual(new Set(['bottom']));
    expect(portConstraintSides('west;east')).toEqual(new Set(['left', 'right']));
    expect(portConstraintSides('')).toBeUndefined();
    // Only the bottom: down 10 px, across to the target's middle line, in from the left.
    const bends = orthogonalBends(end(left, { sides: new Set(['bottom']) }), end({ x: 300, y: 0, w: 100, h: 50 }));
    expect(bends?.[0]).toEqual({ x: 50, y: 60 });
    expect(bends?.[bends.length - 1]).toEqual({ x: 200, y: 25 });
    expect(bends).toHaveLength(3);
    // The target to the left of a source that may leave only by its right side: round it, never through a box.
    const around = orthogonalBends(end({ x: 300, y: 0, w: 100, h: 50 }, { sides: new Set(['right']) }), end(left))!;
    expect(around[0]).toEqual({ x: 410, y: 25 });
    for (const p of around) expect(p.x < -10 || p.x > 110 || p.y < -10 || p.y > 60 || p.x >= 410 || p.x <= -10).toBe(true);
  });

  it('joins fixed points closer than their two jetties by plain segments (no route)', () => {
    expect(orthogonalBends(end(left, { point: { x: 100, y: 25 } }), end({ x: 110, y: 0, w: 100, h: 50 }, { point: { x: 110, y: 25 } }))).toBeUndefined();
  });

  it('routes from a loose end as from a point', () => {
    // A point down and to the left of the box: out sideways (its jetty first), in from below.
    expect(orthogonalBends({ point: { x: -200, y: 100 }, jetty: 10 }, end(left))).toEqual([{ x: 50, y: 100 }]);
    const bends = orthogonalBends({ point: { x: 300, y: 25 }, jetty: 10 }, end(left));
    expect(bends).toEqual([]);
  });

  it("sizes jetties as the style says: 10 px by default, auto clears the arrowhead", () => {
    const of = (style: string, which: 'source' | 'target') => jettySize(styleEntries(style), which);
    expect(of('edgeStyle=orthogonalEdgeStyle;', 'source')).toBe(10);
    expect(of('jettySize=auto;', 'target')).toBe(20);
    expect(of('jettySize=auto;endArrow=classic;endSize=14;', 'target')).toBe(30);
    expect(of('jettySize=auto;startArrow=none;', 'source')).toBe(20);
    expect(of('jettySize=5;targetJettySize=40;', 'target')).toBe(40);
    expect(of('jettySize=5;targetJettySize=40;', 'source')).toBe(5);
  });

  it("draws a file's orthogonal edge through those bends, its ends on the boxes' sides", () => {
    const file = { source: { tag: 'mxCell', attributes: [['style', 'edgeStyle=orthogonalEdgeStyle;rounded=0;html=1;']], children: [] } };
    const route = edgeRoute({ lineStyle: 'solid', file } as never, left, { x: 300, y: 30, w: 100, h: 50 });
    expect(route.path).toBe('M100,25 L200,25 L200,55 L300,55');
    // Fixed at the target's top: in from above after its 10 px jetty, so up at the gap's middle to the jetty's height first.
    const fixed = edgeRoute({ lineStyle: 'solid', file, entry: { face: 'top', at: 0.5 } } as never, left, { x: 300, y: 30, w: 100, h: 50 });
    expect(fixed.path).toBe('M100,25 L200,25 L200,20 L350,20 L350,30');
  });
});
