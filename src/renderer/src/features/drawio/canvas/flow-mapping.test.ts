import { describe, expect, it } from 'vitest';
import { edge, group, layer, meta, shape } from '../../../testing/drawio-fixtures';
import type { EdgeRecord, GroupRecord, LayerRecord, ShapeRecord } from '../../../../../shared/drawio/model';
import {
  GROUP_HEADER,
  GROUP_PADDING,
  buildEdges,
  buildNodes,
  groupFrame,
  markersInUse,
  pageContent,
  type CanvasRecords,
  type DrawioFlowNode,
} from './flow-mapping';

function recordsOf(parts: { shapes?: ShapeRecord[]; edges?: EdgeRecord[]; groups?: GroupRecord[]; layers?: LayerRecord[] }): CanvasRecords {
  return {
    meta: meta(),
    layers: new Map((parts.layers ?? [layer()]).map((l) => [l.id, l])),
    shapes: new Map((parts.shapes ?? []).map((s) => [s.id, s])),
    edges: new Map((parts.edges ?? []).map((e) => [e.id, e])),
    groups: new Map((parts.groups ?? []).map((g) => [g.id, g])),
  };
}

const pageOf = (parts: Parameters<typeof recordsOf>[0]) => pageContent(recordsOf(parts));

describe('nodes', () => {
  it('maps shapes of the active page to nodes with absolute position and size', () => {
    const nodes = buildNodes(pageOf({ shapes: [shape('s1', { x: 10, y: 20, w: 120, h: 60 }), shape('s2', { pageId: 'p2' })] }), []);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ id: 's1', type: 'shape', position: { x: 10, y: 20 }, width: 120, height: 60, selected: false });
    expect(nodes[0].parentId).toBeUndefined();
    expect(nodes[0].handles?.map((h) => h.id)).toEqual(['anchor']);
  });

  it('draws a group as a parent frame before its members, members relative to it', () => {
    const records = recordsOf({
      groups: [group('g1', 'Backend')],
      shapes: [shape('s1', { x: 100, y: 100, w: 100, h: 50, groupId: 'g1' }), shape('s2', { x: 300, y: 200, w: 100, h: 50, groupId: 'g1' })],
    });
    const nodes = buildNodes(pageContent(records), []);
    expect(nodes.map((n) => n.id)).toEqual(['g1', 's1', 's2']);
    const frame = { x: 100 - GROUP_PADDING, y: 100 - GROUP_PADDING - GROUP_HEADER, w: 300 + 2 * GROUP_PADDING, h: 150 + 2 * GROUP_PADDING + GROUP_HEADER };
    expect(nodes[0]).toMatchObject({ type: 'container', position: { x: frame.x, y: frame.y }, width: frame.w, height: frame.h });
    expect(nodes[1]).toMatchObject({ parentId: 'g1', position: { x: 100 - frame.x, y: 100 - frame.y } });
    expect(nodes[2]).toMatchObject({ parentId: 'g1', position: { x: 300 - frame.x, y: 200 - frame.y } });
  });

  it('leaves out shapes on hidden layers, and groups with nothing left to frame', () => {
    const records = recordsOf({
      layers: [layer('l2'), layer('l3', { visible: false })],
      groups: [group('g1', 'Hidden')],
      shapes: [shape('s1'), shape('s2', { layerId: 'l3', groupId: 'g1' })],
      edges: [edge('e1', 's1', 's2')],
    });
    expect(buildNodes(pageContent(records), []).map((n) => n.id)).toEqual(['s1']);
    // An edge to a shape that is not drawn is not drawn either.
    expect(buildEdges(pageContent(records), [])).toEqual([]);
  });

  it('reuses node objects whose record did not change, and keeps the selection of rebuilt ones', () => {
    const s1 = shape('s1');
    const s2 = shape('s2', { x: 500 });
    const first = buildNodes(pageOf({ shapes: [s1, s2] }), []);
    const selected = first.map((n) => (n.id === 's2' ? { ...n, selected: true } : n)) as DrawioFlowNode[];
    const moved = shape('s2', { x: 600, order: s2.order });
    const second = buildNodes(pageOf({ shapes: [s1, moved] }), selected);
    expect(second[0]).toBe(selected[0]);
    expect(second[1]).not.toBe(selected[1]);
    expect(second[1]).toMatchObject({ position: { x: 600, y: 200 }, selected: true });
  });

  it('keeps a position dragged locally until the record changes, unless told to reset', () => {
    const s1 = shape('s1', { x: 10, y: 10 });
    const records = recordsOf({ shapes: [s1] });
    const [node] = buildNodes(pageContent(records), []);
    const dragged = { ...node, position: { x: 80, y: 90 } } as DrawioFlowNode;
    expect(buildNodes(pageContent(records), [dragged])[0]).toBe(dragged);
    expect(buildNodes(pageContent(records), [dragged], { reset: new Set(['s1']) })[0].position).toEqual({ x: 10, y: 10 });
  });

  it('rebuilds a member when its frame moves, even if its own record did not change', () => {
    const a = shape('s1', { x: 100, y: 100, groupId: 'g1' });
    const b = shape('s2', { x: 300, y: 100, groupId: 'g1' });
    const g = group('g1', 'G');
    const before = buildNodes(pageOf({ groups: [g], shapes: [a, b] }), []);
    const bMoved = shape('s2', { x: 50, y: 100, groupId: 'g1', order: b.order });
    const after = buildNodes(pageOf({ groups: [g], shapes: [a, bMoved] }), before);
    const memberA = after.find((n) => n.id === 's1')!;
    expect(memberA).not.toBe(before.find((n) => n.id === 's1'));
    expect(memberA.position.x).toBe(100 - (50 - GROUP_PADDING));
  });

  it('stacks cells in the order diagrams.net paints them: file order, a group just under its first member', () => {
    // A filled frame written first, an edge, then a shape: the edge lies over the frame, the shape over both.
    const frame = shape('frame', { order: 1 });
    const a = shape('a', { order: 3 });
    const b = shape('b', { order: 4 });
    const line = edge('e1', 'a', 'b', { order: 2 });
    // A group made here comes after its members in order, and is still painted under them (nested: outer first).
    const outer = group('outer', 'Outer', { order: 20 });
    const inner = group('inner', 'Inner', { order: 21, parentId: 'outer' });
    const member = shape('m', { order: 5, groupId: 'inner' });
    const content = pageOf({ shapes: [frame, a, b, member], edges: [line], groups: [outer, inner] });
    const stack = [...content.paintOrder.entries()].sort((x, y) => x[1] - y[1]).map(([id]) => id);
    expect(stack).toEqual(['frame', 'e1', 'a', 'b', 'outer', 'inner', 'm']);
    const z = new Map([...buildNodes(content, []), ...buildEdges(content, [])].map((cell) => [cell.id, cell.zIndex]));
    expect(stack.map((id) => z.get(id))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Restacked (a cell inserted below), a kept node takes its new place.
    const lower = pageOf({ shapes: [shape('first', { order: 0 }), frame, a, b, member], edges: [line], groups: [outer, inner] });
    expect(buildNodes(lower, buildNodes(content, [])).find((n) => n.id === 'frame')?.zIndex).toBe(1);
  });

  it('frames nothing for no members', () => {
    expect(groupFrame([])).toBeUndefined();
  });
});

describe('edges', () => {
  it('maps edges made here with the markers of the heads they are written with, at the right ends', () => {
    const records = recordsOf({
      shapes: [shape('s1'), shape('s2')],
      edges: [
        edge('e1', 's1', 's2'),
        edge('e2', 's2', 's1', { sourceArrow: 'diamond', targetArrow: 'none', stroke: '#ff0000', lineStyle: 'animated' }),
      ],
    });
    const [plain, fancy] = buildEdges(pageContent(records), []);
    expect(plain).toMatchObject({ id: 'e1', type: 'drawio', source: 's1', target: 's2', markerStart: undefined, animated: false });
    // Drawn as diagrams.net draws the heads it is written with: a classic arrow, a filled diamond.
    expect(plain.markerEnd).toBe('tandem-file-marker-classic-6-1-vardiagramink');
    expect(fancy.markerStart).toBe('tandem-file-marker-diamond-6-1-ff0000');
    expect(fancy.markerEnd).toBeUndefined();
    expect(fancy.animated).toBe(true);
  });

  it('reuses unchanged edges', () => {
    const records = recordsOf({ shapes: [shape('s1'), shape('s2')], edges: [edge('e1', 's1', 's2')] });
    const first = buildEdges(pageContent(records), []);
    expect(buildEdges(pageContent(records), first)[0]).toBe(first[0]);
  });

  it('lists each marker in use once', () => {
    const specs = markersInUse([edge('e1', 'a', 'b'), edge('e2', 'b', 'c'), edge('e3', 'c', 'd', { sourceArrow: 'circle', targetArrow: 'crow-foot' })]);
    expect(specs.map((s) => s.head)).toEqual(['arrow', 'circle', 'crow-foot']);
  });
});
