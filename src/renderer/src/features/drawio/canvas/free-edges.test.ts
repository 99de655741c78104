/**
 * Free-floating edges and edges to containers on the canvas: a loose end is a small node at its
 * point (xyflow draws an edge between two nodes), an edge to a container ends at the container's
 * node, and a loose end dropped on a shape, a container or empty canvas is one `connect #EDGE` op.
 * Pure mapping, in Node.
 */
import { describe, expect, it } from 'vitest';
import { canvasRecords, edge, group, shape } from '../../../testing/drawio-fixtures';
import { EDGE_END_SIZE, buildEdges, buildNodes, cellAt, cellUnder, edgeEndNodeId, markerId, markersInUse, pageContent, type EdgeEndFlowNode } from './flow-mapping';
import { dragEndOp, edgeEndDropOp, edgeEndMoveOp } from './gestures';
import { FIXED_POINT_SNAP, declaredConnectionPoints, fixedPointAt } from '../../../../../shared/drawio/render/edge-geometry';
import { styleEntries } from '../../../../../shared/drawio/stencils';
import { edgeStroke, edgeWidth } from '../../../../../shared/drawio/render/cell-paint';
import { CANVAS_INK } from '../../../../../shared/drawio/render/default-ink';
import { fileMarkerId } from '../../../../../shared/drawio/render/file-markers';
import { contentBounds } from '../../../../../shared/drawio/render/page-content';

const recordsOf = canvasRecords;

const api = shape('s1', { alias: 'API', x: 100, y: 100, w: 120, h: 60 });
const db = shape('s2', { alias: 'DB', x: 400, y: 100, w: 80, h: 80, order: 2 });
const vpc = group('g3', 'VPC', { frame: { x: 600, y: 300, w: 300, h: 200 }, order: 3 });
const free = edge('e4', '', '', { sourcePoint: { x: 40, y: 300 }, targetPoint: { x: 300, y: 320 }, points: [{ x: 120, y: 380 }], order: 4 });
const half = edge('e5', 's1', '', { targetPoint: { x: 160, y: 260 }, order: 5 });
const toVpc = edge('e6', 's2', 'g3', { order: 6 });

describe('free edges and edges to containers on the canvas', () => {
  const records = recordsOf({ shapes: [api, db], groups: [vpc], edges: [free, half, toVpc] });
  const content = pageContent(records);

  it('draws every one of them', () => {
    expect(content.edges.map((e) => e.id)).toEqual(['e4', 'e5', 'e6']);
  });

  it('are framed with the page: their loose ends and waypoints lie inside what the canvas frames', () => {
    // Shapes and the container span 100..900 x 100..500; the free edge reaches left to 40 and its waypoint down to 380.
    expect(contentBounds(content)).toEqual({ x: 40, y: 100, w: 860, h: 400 });
    const below = edge('e7', '', '', { sourcePoint: { x: 100, y: 700 }, targetPoint: { x: 980, y: 720 }, order: 7 });
    expect(contentBounds(pageContent(recordsOf({ shapes: [api, db], groups: [vpc], edges: [below] })))).toEqual({ x: 100, y: 100, w: 880, h: 620 });
    // A page of free arrows only is framed too.
    expect(contentBounds(pageContent(recordsOf({ edges: [below] })))).toEqual({ x: 100, y: 700, w: 880, h: 20 });
  });

  it('gives each loose end a small node centred on its point, and the edge ends at it', () => {
    const nodes = buildNodes(content, []);
    const ends = nodes.filter((n): n is EdgeEndFlowNode => n.type === 'edgeEnd');
    expect(ends.map((n) => n.id)).toEqual([edgeEndNodeId('e4', 'source'), edgeEndNodeId('e4', 'target'), edgeEndNodeId('e5', 'target')]);
    const half = EDGE_END_SIZE / 2;
    expect(ends[0]).toMatchObject({ position: { x: 40 - half, y: 300 - half }, width: EDGE_END_SIZE, selectable: false, connectable: false });
    const edges = buildEdges(content, []);
    expect(edges.map((e) => [e.source, e.target])).toEqual([
      ['e4:source', 'e4:target'],
      ['s1', 'e5:target'],
      ['s2', 'g3'],
    ]);
  });

  it('a loose end dropped on a shape attaches to it; on a container to the container; on empty canvas it moves there', () => {
    const node = buildNodes(content, []).find((n): n is EdgeEndFlowNode => n.id === 'e5:target')!;
    const droppedAt = (x: number, y: number): EdgeEndFlowNode => ({ ...node, position: { x: x - EDGE_END_SIZE / 2, y: y - EDGE_END_SIZE / 2 } });
    expect(edgeEndDropOp(droppedAt(420, 150), content)).toBe('connect #e5 target:#s2');
    expect(edgeEndDropOp(droppedAt(800, 450), content)).toBe('connect #e5 target:#g3');
    expect(edgeEndDropOp(droppedAt(250, 500), content)).toBe('connect #e5 target:250,500');
    // Put back where it was: a click, no op.
    expect(edgeEndDropOp(droppedAt(160, 260), content)).toBeUndefined();
  });

  it('an attached end dragged off its shape attaches to another shape or container, or is left loose on empty canvas', () => {
    // toVpc runs from DB (s2) to the VPC container (g3).
    expect(edgeEndMoveOp('e6', 'source', { x: 150, y: 130 }, content, { cellId: 's2' })).toBe('connect #e6 source:#s1');
    expect(edgeEndMoveOp('e6', 'target', { x: 160.4, y: 139.6 }, content, { cellId: 'g3' })).toBe('connect #e6 target:#s1');
    expect(edgeEndMoveOp('e6', 'target', { x: 330.6, y: 420.2 }, content, { cellId: 'g3' })).toBe('connect #e6 target:331,420');
    expect(edgeEndMoveOp('e6', 'source', { x: 700, y: 480 }, content, { cellId: 's2' })).toBe('connect #e6 source:#g3');
    // Let go inside the shape it is attached to: nothing changes.
    expect(edgeEndMoveOp('e6', 'source', { x: 440, y: 140 }, content, { cellId: 's2' })).toBeUndefined();
    expect(edgeEndMoveOp('e6', 'target', { x: 620, y: 320 }, content, { cellId: 'g3' })).toBeUndefined();
  });

  it("an end dropped near a side of a shape is fixed at its nearest connection point (diagrams.net's quarters), as exit or entry", () => {
    // DB (s2) is 400,100 80x80: its left side, at the middle; its top, a quarter along; a corner.
    expect(edgeEndMoveOp('e6', 'source', { x: 400, y: 140 }, content, { cellId: 's2' })).toBe('connect #e6 source:#s2 exit:left@0.5');
    expect(edgeEndMoveOp('e6', 'target', { x: 421, y: 104 }, content, { cellId: 'g3' })).toBe('connect #e6 target:#s2 entry:top@0.25');
    expect(edgeEndMoveOp('e6', 'target', { x: 479, y: 176 }, content, { cellId: 'g3' })).toBe('connect #e6 target:#s2 entry:right@1');
    // A loose end dropped on a side is attached there too.
    const node = buildNodes(content, []).find((n): n is EdgeEndFlowNode => n.id === 'e5:target')!;
    expect(edgeEndDropOp({ ...node, position: { x: 478 - EDGE_END_SIZE / 2, y: 160 - EDGE_END_SIZE / 2 } }, content)).toBe('connect #e5 target:#s2 entry:right@0.75');
  });

  it('finds the connection point of a box: the nearest side within the snap, the quarter nearest along it', () => {
    const box = { x: 0, y: 0, w: 100, h: 40 };
    expect(fixedPointAt(box, { x: 50, y: 2 })).toEqual({ face: 'top', at: 0.5 });
    expect(fixedPointAt(box, { x: 60, y: 42 })).toEqual({ face: 'bottom', at: 0.5 });
    expect(fixedPointAt(box, { x: 90, y: 39 })).toEqual({ face: 'bottom', at: 1 });
    expect(fixedPointAt(box, { x: -3, y: 30 })).toEqual({ face: 'left', at: 0.75 });
    expect(fixedPointAt(box, { x: 50, y: 20 })).toBeUndefined();
    expect(fixedPointAt(box, { x: 50, y: -FIXED_POINT_SNAP - 1 })).toBeUndefined();
  });

  it("takes the connection points a shape's style declares (points=) in place of the quarters, with their pixels and perimeter", () => {
    // Points at 30 % down the left side (on the outline), and the right side's middle 6 px in, off the outline.
    const ported = shape('s7', { alias: 'Ported', x: 0, y: 0, w: 100, h: 40, paletteStyle: 'rounded=0;points=[[0,0.3],[1,0.5,0,-6,0]];' });
    const declared = recordsOf({ shapes: [ported], groups: [], edges: [edge('e8', 's7', '', { targetPoint: { x: 300, y: 20 } })] });
    const ports = pageContent(declared);
    expect(edgeEndMoveOp('e8', 'target', { x: 2, y: 13 }, ports, { point: { x: 300, y: 20 } })).toBe('connect #e8 target:#s7 entry:left@0.3');
    expect(edgeEndMoveOp('e8', 'target', { x: 95, y: 22 }, ports, { point: { x: 300, y: 20 } })).toBe('connect #e8 target:#s7 entry:1,0.5,0,-6,0');
    // The quarters are not its points: a drop at the top's middle attaches floating.
    expect(edgeEndMoveOp('e8', 'target', { x: 50, y: 1 }, ports, { point: { x: 300, y: 20 } })).toBe('connect #e8 target:#s7');
    // A style whose points are not such a list declares none.
    expect(declaredConnectionPoints(styleEntries('points=[[0,"a"]];'))).toBeUndefined();
    expect(declaredConnectionPoints(styleEntries('points=oops;'))).toBeUndefined();
  });

  it("an end dropped on an ellipse attaches at diagrams.net's points of an ellipse, not at the quarters", () => {
    const round = shape('s7', { alias: 'Round', x: 0, y: 0, w: 100, h: 40, paletteStyle: 'ellipse;whiteSpace=wrap;' });
    const ellipse = pageContent(recordsOf({ shapes: [round], groups: [], edges: [edge('e8', 's7', '', { targetPoint: { x: 300, y: 20 } })] }));
    // Its top-right point is drawn on the ellipse (50 + 50/√2, 20 - 20/√2), not at the box's corner.
    expect(edgeEndMoveOp('e8', 'target', { x: 85, y: 6 }, ellipse, { point: { x: 300, y: 20 } })).toBe('connect #e8 target:#s7 entry:top@1');
    expect(edgeEndMoveOp('e8', 'target', { x: 99, y: 1 }, ellipse, { point: { x: 300, y: 20 } })).toBe('connect #e8 target:#s7');
    expect(edgeEndMoveOp('e8', 'target', { x: 25, y: 1 }, ellipse, { point: { x: 300, y: 20 } })).toBe('connect #e8 target:#s7');
  });

  it('names the drop target with its box, the shape before the container around it', () => {
    expect(cellUnder(content, { x: 420, y: 150 })).toMatchObject({ id: 's2', box: { x: 400, y: 100, w: 80, h: 80 } });
    expect(cellUnder(content, { x: 800, y: 450 })).toMatchObject({ id: 'g3', box: { x: 600, y: 300, w: 300, h: 200 } });
    expect(cellUnder(content, { x: 0, y: 0 })).toBeUndefined();
  });

  it('a shape inside a container is found before the container', () => {
    const inner = shape('s7', { alias: 'Inner', x: 620, y: 340, w: 100, h: 40, groupId: 'g3', order: 7 });
    const nested = pageContent(recordsOf({ shapes: [api, db, inner], groups: [vpc], edges: [] }));
    expect(cellAt(nested, { x: 650, y: 360 })).toBe('s7');
    expect(cellAt(nested, { x: 650, y: 450 })).toBe('g3');
    expect(cellAt(nested, { x: 10, y: 10 })).toBeUndefined();
  });

  it('a loose end is never moved as a shape by a drag', () => {
    const nodes = buildNodes(content, []).filter((n) => n.type === 'edgeEnd');
    expect(dragEndOp(nodes.map((n) => ({ ...n, position: { x: n.position.x + 50, y: n.position.y } })), records.shapes)).toBeUndefined();
  });

  it('an edge whose loose end has no point is not drawn', () => {
    const broken = edge('e8', 's1', '', { order: 8 });
    expect(pageContent(recordsOf({ shapes: [api], edges: [broken] })).edges).toEqual([]);
  });

  it("draws an edge in diagrams.net's black at 1 px unless its style says otherwise, one made here as one of a file", () => {
    const cell = (style: string) => ({ source: { tag: 'mxCell', attributes: [['style', style] as const], children: [] } });
    const plain = edge('e1', '', '', { ...free, file: cell('endArrow=classic;html=1;') });
    expect([edgeStroke(plain), edgeWidth(plain)]).toEqual(['#000000', 1]);
    const wide = edge('e2', '', '', { ...free, stroke: '#ff0000', file: cell('strokeColor=#ff0000;strokeWidth=3;') });
    expect([edgeStroke(wide), edgeWidth(wide)]).toEqual(['#ff0000', 3]);
    const made = edge('e3', '', '', free);
    expect([edgeStroke(made), edgeWidth(made)]).toEqual(['#000000', 1]);
  });

  it('draws a head the file leaves unfilled (endFill=0) hollow, until an edit changes that head', () => {
    const cell = (style: string) => ({ source: { tag: 'mxCell', attributes: [['style', style] as const], children: [] } });
    const hollow = edge('e9', '', '', { ...free, id: 'e9', targetArrow: 'arrow', sourceArrow: 'diamond', file: cell('endArrow=block;endFill=0;startArrow=diamondThin;startFill=1;') });
    const [built] = buildEdges(pageContent(recordsOf({ edges: [hollow] })), []);
    // A file's edge with no colour of its own is diagrams.net's default ink, heads too (the theme's on the canvas); each head is the file's own kind.
    expect(built.markerEnd).toBe(fileMarkerId({ name: 'block', size: 6, strokeWidth: 1, filled: false }, CANVAS_INK));
    expect(built.markerStart).toBe(fileMarkerId({ name: 'diamondThin', size: 6, strokeWidth: 1, filled: true }, CANVAS_INK));
    expect(markersInUse([hollow]).map((m) => [m.file?.name, m.file?.filled])).toEqual([['diamondThin', true], ['block', false]]);
    // The AI made it a circle: drawn as the model now says, filled.
    const changed = { ...hollow, targetArrow: 'circle' as const, file: { ...hollow.file!, read: { targetArrow: 'arrow' } } };
    expect(markersInUse([changed]).map((m) => [m.head, m.hollow])).toEqual([['diamond', false], ['circle', false]]);
    expect(built.markerEnd).not.toBe(markerId('arrow', '#000000', true));
  });
});
