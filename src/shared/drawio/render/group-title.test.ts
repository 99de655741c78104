import { describe, expect, it } from 'vitest';
import { edge, shape } from '../../../renderer/src/testing/drawio-fixtures';
import { TITLE_CLEARANCE, titleCrossings, titlePlacement } from './group-title';

describe('group titles keep clear of edges', () => {
  const top = shape('s1', { x: 100, y: 100, w: 120, h: 60 });
  const member = shape('s2', { x: 100, y: 300, w: 40, h: 40, groupId: 'g1' });
  const other = shape('s3', { x: 300, y: 300, w: 120, h: 60, groupId: 'g1' });
  const beside = shape('s4', { x: 700, y: 310, w: 120, h: 60 });
  const shapes = new Map([top, member, other, beside].map((s) => [s.id, s]));
  const frame = { x: 84, y: 262, w: 352, h: 114 };

  it('finds where edges into and out of the group cross its title bar', () => {
    const edges = [
      edge('e1', 's1', 's2'), // down into the member: crosses at the middle of their shared span, x 120
      edge('e2', 's2', 's3'), // inside the group
      edge('e3', 's3', 's4'), // out sideways
      edge('e4', 's3', 's1', { exit: { face: 'top', at: 0.25 } }), // out through the top, at a port
    ];
    expect(titleCrossings('g1', frame, shapes, edges)).toEqual([36, 246]);
  });

  it('follows the route an edge is drawn with: one that leaves a member sideways and turns up outside the frame crosses no title', () => {
    const aside = shape('s5', { x: -300, y: 0, w: 80, h: 50 });
    const all = new Map([...shapes, [aside.id, aside]]);
    // diagrams.net's orthogonal routing takes it out of the member's left side, then up at x -260.
    expect(titleCrossings('g1', frame, all, [edge('e5', 's2', 's5')])).toEqual([]);
  });

  it('puts the title in the first stretch wide enough, else the widest', () => {
    expect(titlePlacement(300, [], 80)).toEqual({ left: 0, maxWidth: 300 });
    expect(titlePlacement(300, [30], 80)).toEqual({ left: 30 + TITLE_CLEARANCE, maxWidth: 300 - 30 - TITLE_CLEARANCE });
    expect(titlePlacement(300, [120], 80)).toEqual({ left: 0, maxWidth: 120 - TITLE_CLEARANCE });
    expect(titlePlacement(300, [100, 30], 80)).toEqual({ left: 108, maxWidth: 192 });
    // Nowhere wide enough: the widest stretch, where the title is cut short.
    expect(titlePlacement(200, [60, 130], 150)).toEqual({ left: 138, maxWidth: 62 });
    expect(titlePlacement(200, [20, 150], 150)).toEqual({ left: 28, maxWidth: 114 });
  });
});
