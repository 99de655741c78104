import { describe, expect, it } from 'vitest';
import { edge, shape } from '../../../renderer/src/testing/drawio-fixtures';
import { TITLE_CLEARANCE, bendOutsideFrames, titleCrossings, titlePlacement } from './group-title';

describe('edges turn outside group frames', () => {
  const frame = { x: 80, y: 300, w: 400, h: 150 };

  it('turns half way between the shape above and the frame of the member below', () => {
    const from = { x: 150, y: 200, face: 'bottom' as const };
    const to = { x: 300, y: 338, face: 'top' as const };
    expect(bendOutsideFrames(from, to, undefined, frame)).toEqual({ centerY: 250 });
    // And back up: the same gap.
    expect(bendOutsideFrames({ ...to, face: 'top' }, { ...from, face: 'bottom' }, frame, undefined)).toEqual({ centerY: 250 });
  });

  it('turns between two frames, and sideways between a frame and a shape', () => {
    const other = { x: 80, y: 600, w: 400, h: 150 };
    expect(bendOutsideFrames({ x: 100, y: 430, face: 'bottom' }, { x: 200, y: 638, face: 'top' }, frame, other)).toEqual({ centerY: 525 });
    expect(bendOutsideFrames({ x: 0, y: 100, face: 'right' }, { x: 96, y: 350, face: 'left' }, undefined, frame)).toEqual({ centerX: 40 });
    expect(bendOutsideFrames({ x: 600, y: 100, face: 'left' }, { x: 460, y: 350, face: 'right' }, undefined, frame)).toEqual({ centerX: 540 });
  });

  it('leaves the path alone without frames, without a gap, or with ends that do not face each other', () => {
    const from = { x: 150, y: 200, face: 'bottom' as const };
    const to = { x: 300, y: 338, face: 'top' as const };
    expect(bendOutsideFrames(from, to)).toEqual({});
    expect(bendOutsideFrames({ ...from, y: 320 }, to, undefined, frame)).toEqual({});
    expect(bendOutsideFrames({ ...from, face: 'right' }, to, undefined, frame)).toEqual({});
  });
});

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
