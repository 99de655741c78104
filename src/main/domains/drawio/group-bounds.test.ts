import { describe, expect, it } from 'vitest';
import { groupBounds } from '../../../shared/drawio/group-bounds';
import type { GroupRecord, ShapeRecord } from '../../../shared/drawio/model';
import type { Rect } from '../../../shared/drawio/geometry';

const source = { tag: 'mxCell', attributes: [], children: [] };
const frame: Rect = { x: 100, y: 100, w: 200, h: 100 };
const container: GroupRecord = {
  id: 'g1',
  kind: 'group',
  pageId: 'p1',
  layerId: 'l1',
  name: 'Zone',
  text: 'Zone',
  order: 1,
  frame,
  file: { source, box: frame },
};

function member(id: string, box: Rect, read?: Rect): ShapeRecord {
  const fields = { type: 'box', alias: id, text: id, theme: 'blue', style: {}, badges: [], layerId: 'l1', groupId: 'g1' };
  return {
    id,
    kind: 'shape',
    pageId: 'p1',
    order: 2,
    ...fields,
    ...box,
    ...(read && { file: { source, read: { ...fields, ...read } } }),
  };
}

const surround = (members: readonly Rect[]) => (members.length ? { x: 0, y: 0, w: 1, h: 1 } : undefined);

describe('groupBounds', () => {
  it('keeps a container from a file as it was, whatever its members as read stick out of it', () => {
    const out = { x: 70, y: 80, w: 60, h: 40 };
    const labelOnly = { x: 120, y: 150, w: 120, h: 60 };
    expect(groupBounds([container], [member('s1', out, out), member('s2', labelOnly, labelOnly)], surround).get('g1')).toEqual(frame);
  });

  it('grows to hold a member moved out of it here, or one added here', () => {
    expect(groupBounds([container], [member('s1', { x: 260, y: 150, w: 60, h: 40 }, { x: 200, y: 150, w: 60, h: 40 })], surround).get('g1')).toEqual({ x: 100, y: 100, w: 220, h: 100 });
    expect(groupBounds([container], [member('s2', { x: 100, y: 190, w: 60, h: 40 })], surround).get('g1')).toEqual({ x: 100, y: 100, w: 200, h: 130 });
  });

  it('does not grow for a member the file had sticking out and that moved here', () => {
    expect(groupBounds([container], [member('s1', { x: 60, y: 80, w: 60, h: 40 }, { x: 70, y: 80, w: 60, h: 40 })], surround).get('g1')).toEqual(frame);
  });

  it('surrounds the members of a group made here, and leaves out one that gives no bounds', () => {
    const own: GroupRecord = { id: 'g2', kind: 'group', pageId: 'p1', layerId: 'l1', name: 'Own', text: 'Own', order: 3 };
    const bounds = groupBounds([own], [{ ...member('s3', { x: 0, y: 0, w: 10, h: 10 }), groupId: 'g2' }], surround);
    expect(bounds.get('g2')).toEqual({ x: 0, y: 0, w: 1, h: 1 });
    expect(groupBounds([own], [], surround).has('g2')).toBe(false);
  });
});
