import { describe, expect, it } from 'vitest';
import { edge, group, shape } from '../../../renderer/src/testing/drawio-fixtures';
import type { GroupRecord } from '../model';
import { STUDIO_TITLE_SPACING, TITLE_CLEARANCE, groupTitleLayout, titleBox, titleCrossings, titlePlacement } from './group-title';

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

describe('a group title is drawn where its style puts it', () => {
  const member = shape('s2', { x: 100, y: 300, w: 120, h: 60, groupId: 'g1' });
  const over = shape('s1', { x: 100, y: 100, w: 120, h: 60 });
  const shapes = new Map([member, over].map((s) => [s.id, s]));
  const frame = { x: 80, y: 260, w: 400, h: 120 };
  const into = [edge('e1', 's1', 's2')];
  /** A group read from a file whose cell has `style`. */
  const fileGroup = (style: string): GroupRecord =>
    group('g1', 'Backend Services Cluster', { file: { source: { tag: 'mxCell', attributes: [['id', 'g1'], ['style', style], ['vertex', '1']], children: [] } } });

  it("places the title of a group the studio made right of an edge crossing its frame's top line", () => {
    const long = group('g1', 'Backend Services Cluster');
    expect(groupTitleLayout(long, frame, shapes, [])).toEqual({ align: 'left', spacingLeft: STUDIO_TITLE_SPACING, spacingRight: 0 });
    // The edge crosses 80 px from the frame's left (the middle of the span the two shapes share): too near for the title.
    const crossed = groupTitleLayout(long, frame, shapes, into);
    expect(crossed.spacingLeft).toBe(STUDIO_TITLE_SPACING + 80 + TITLE_CLEARANCE);
    // A short title fits left of it.
    expect(groupTitleLayout(group('g1', 'Team'), frame, shapes, into).spacingLeft).toBe(STUDIO_TITLE_SPACING);
    // The same for one the studio marked in its file.
    expect(groupTitleLayout(fileGroup('container=1;align=left;spacingLeft=10;tandemGroup=1;'), frame, shapes, into)).toEqual(crossed);
  });

  it("leaves a file's own group's title where its style says, edges or not (centred when it names no align)", () => {
    expect(groupTitleLayout(fileGroup('container=1;align=right;spacingRight=6;'), frame, shapes, into)).toEqual({ align: 'right', spacingLeft: 0, spacingRight: 6 });
    expect(groupTitleLayout(fileGroup('container=1;spacingLeft=4;'), frame, shapes, into)).toEqual({ align: 'center', spacingLeft: 4, spacingRight: 0 });
  });

  it('lays the title box out along the frame for each align', () => {
    expect(titleBox({ align: 'left', spacingLeft: 30, spacingRight: 0 }, 200, 50, 10)).toEqual({ left: 20, maxWidth: 180 });
    expect(titleBox({ align: 'center', spacingLeft: 0, spacingRight: 0 }, 200, 50, 10)).toEqual({ left: 75, maxWidth: 125 });
    expect(titleBox({ align: 'right', spacingLeft: 0, spacingRight: 20 }, 200, 50, 10)).toEqual({ left: 140, maxWidth: 50 });
  });
});
