import { describe, expect, it } from 'vitest';
import { group, layer, meta, shape } from '../../../testing/drawio-fixtures';
import type { ShapeRecord } from '../../../../../shared/drawio/model';
import { buildNodes, pageContent, type DrawioFlowNode } from './flow-mapping';
import { dragEndOp, resizeEndOps } from './gestures';

function nodesFor(shapes: ShapeRecord[], groups = [group('g1', 'Backend')]) {
  const records = {
    meta: meta(),
    layers: new Map([['l2', layer()]]),
    shapes: new Map(shapes.map((s) => [s.id, s])),
    edges: new Map(),
    groups: new Map(groups.map((g) => [g.id, g])),
  };
  return { nodes: buildNodes(pageContent(records), []), shapes: records.shapes };
}

const movedBy = (node: DrawioFlowNode, dx: number, dy: number) =>
  ({ ...node, position: { x: node.position.x + dx, y: node.position.y + dy } }) as DrawioFlowNode;

describe('drag end', () => {
  it('sends one move to the new top-left corner', () => {
    const { nodes, shapes } = nodesFor([shape('s3', { x: 100, y: 100 })]);
    expect(dragEndOp([movedBy(nodes[0], 40.4, -20)], shapes)).toBe('move #s3 to:140,80 strict:true');
  });

  it('moves a multi-selection as one op by its bounding box', () => {
    const { nodes, shapes } = nodesFor([shape('s3', { x: 100, y: 100 }), shape('s4', { x: 50, y: 300 })]);
    expect(dragEndOp(nodes.map((n) => movedBy(n, 10, 10)), shapes)).toBe('move #s3 #s4 to:60,110 strict:true');
  });

  it('turns a member position relative to its frame back into page coordinates', () => {
    const { nodes, shapes } = nodesFor([shape('s3', { x: 100, y: 100, groupId: 'g1' }), shape('s4', { x: 300, y: 100, groupId: 'g1' })]);
    const member = nodes.find((n) => n.id === 's3')!;
    expect(dragEndOp([movedBy(member, 5, 7)], shapes)).toBe('move #s3 to:105,107 strict:true');
  });

  it('moves a dragged group frame as its members', () => {
    const { nodes, shapes } = nodesFor([shape('s3', { x: 100, y: 100, groupId: 'g1' }), shape('s4', { x: 300, y: 150, groupId: 'g1' })]);
    const frame = nodes.find((n) => n.type === 'container')!;
    expect(dragEndOp([movedBy(frame, -30, 20)], shapes)).toBe('move @group:Backend to:70,120 strict:true');
  });

  it('sends nothing for a click that did not move', () => {
    const { nodes, shapes } = nodesFor([shape('s3')]);
    expect(dragEndOp([movedBy(nodes[0], 0.2, 0)], shapes)).toBeUndefined();
    expect(dragEndOp([], shapes)).toBeUndefined();
  });
});

describe('resize end', () => {
  it('sends a resize', () => {
    const { nodes } = nodesFor([shape('s3', { x: 100, y: 100, w: 140, h: 60 })]);
    expect(resizeEndOps(nodes[0], { x: 100, y: 100, width: 200.4, height: 90 })).toEqual(['resize #s3 to:200x90']);
  });

  it('also moves the corner when the top or left edge was pulled', () => {
    const { nodes } = nodesFor([shape('s3', { x: 100, y: 100, w: 140, h: 60 })]);
    expect(resizeEndOps(nodes[0], { x: 80, y: 100, width: 160, height: 60 })).toEqual(['resize #s3 to:160x60', 'move #s3 to:80,100 strict:true']);
  });

  it('sends nothing when the size did not change', () => {
    const { nodes } = nodesFor([shape('s3', { x: 100, y: 100, w: 140, h: 60 })]);
    expect(resizeEndOps(nodes[0], { x: 100, y: 100, width: 140, height: 60 })).toEqual([]);
  });
});
