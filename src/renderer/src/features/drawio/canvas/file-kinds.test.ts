/**
 * What opened diagrams.net files bring to the canvas: containers nested in containers with their
 * own frames, kept cells drawn as placeholders, waypoints, rich labels. Pure mapping, in Node.
 */
import { describe, expect, it } from 'vitest';
import { canvasRecords, edge, group, shape } from '../../../testing/drawio-fixtures';
import type { ForeignRecord } from '../../../../../shared/drawio/model';
import { waypointsOp } from '../model/ops';
import { edgePath, insertionPoints, midpointAlong } from '../../../../../shared/drawio/render/edge-path';
import { floatingEnds } from '../../../../../shared/drawio/render/edge-perimeter';
import { buildNodes, pageContent, type DrawioFlowNode } from './flow-mapping';
import { dragEndOp } from './gestures';
import { labelLines, lookCaption, tooltipOf } from './rich-label';
import { htmlToText } from '../../../../../shared/drawio/label-html';
import { LIST_INDENT, listMarkerCss, runCss } from '../../../../../shared/drawio/render/label-lines';
import { isPaintless, shapeOutline } from '../../../../../shared/drawio/render/shape-geometry';

const recordsOf = canvasRecords;

const foreign = (id: string, patch: Partial<ForeignRecord>): ForeignRecord => ({
  id,
  kind: 'foreign',
  pageId: 'p1',
  layerId: 'l2',
  order: 1,
  xml: { tag: 'mxCell', attributes: [['id', id]], children: [] },
  ...patch,
});

/** A pool (swimlane) holding a lane holding one shape, and an empty lane. */
function pool() {
  return recordsOf({
    groups: [
      group('g1', 'Pool', { frame: { x: 40, y: 40, w: 700, h: 400 }, swimlane: { header: 30 }, order: 1 }),
      group('g3', 'Empty lane', { frame: { x: 40, y: 270, w: 700, h: 170 }, parentId: 'g1', swimlane: { header: 30, vertical: true }, order: 3 }),
      group('g2', 'Lane', { frame: { x: 40, y: 70, w: 700, h: 200 }, parentId: 'g1', order: 2 }),
    ],
    shapes: [shape('s4', { x: 100, y: 120, w: 120, h: 60, groupId: 'g2' })],
  });
}

describe('containers from files', () => {
  it('draws a container by its own frame, outer before inner, inner ones relative to the outer', () => {
    const nodes = buildNodes(pageContent(pool()), []);
    expect(nodes.map((n) => n.id)).toEqual(['g1', 'g2', 'g3', 's4']);
    expect(nodes[0]).toMatchObject({ position: { x: 40, y: 40 }, width: 700, height: 400 });
    expect(nodes[0].parentId).toBeUndefined();
    expect(nodes[1]).toMatchObject({ parentId: 'g1', position: { x: 0, y: 30 }, width: 700, height: 200 });
    expect(nodes[2]).toMatchObject({ parentId: 'g1', position: { x: 0, y: 230 } });
    expect(nodes[3]).toMatchObject({ parentId: 'g2', position: { x: 60, y: 50 } });
  });

  it('grows a frame to hold a member that left it, and the frame around it with it', () => {
    const records = pool();
    const outside = shape('s4', { x: 700, y: 120, w: 120, h: 60, groupId: 'g2' });
    const nodes = buildNodes(pageContent({ ...records, shapes: new Map([['s4', outside]]) }), []);
    expect(nodes.find((n) => n.id === 'g2')).toMatchObject({ width: 780 });
    expect(nodes.find((n) => n.id === 'g1')).toMatchObject({ width: 780 });
  });

  it('counts the shapes of nested containers as the outer one\'s, so a drag moves them all', () => {
    const content = pageContent(pool());
    expect(content.groups.map((g) => [g.record.id, g.shapeIds])).toEqual([
      ['g1', ['s4']],
      ['g2', ['s4']],
      ['g3', []],
    ]);
    const nodes = buildNodes(content, []);
    const outer = nodes.find((n) => n.id === 'g1')!;
    const shapes = new Map([['s4', pool().shapes.get('s4')!]]);
    expect(dragEndOp([{ ...outer, position: { x: 60, y: 40 } } as DrawioFlowNode], shapes)).toBe('move @group:Pool to:120,120 strict:true');
  });

  it('moves an empty container by its id and its own frame', () => {
    const nodes = buildNodes(pageContent(pool()), []);
    const empty = nodes.find((n) => n.id === 'g3')!;
    // Relative to the pool at (40,40): the lane sits at (0,230); dragged 10 right.
    expect(dragEndOp([{ ...empty, position: { x: 10, y: 230 } } as DrawioFlowNode], new Map())).toBe('move #g3 to:50,270 strict:true');
  });

  it('survives a parent loop in the records without hanging', () => {
    const looped = recordsOf({
      groups: [group('g1', 'A', { parentId: 'g2', frame: { x: 0, y: 0, w: 10, h: 10 } }), group('g2', 'B', { parentId: 'g1', frame: { x: 0, y: 0, w: 10, h: 10 } })],
    });
    expect(buildNodes(pageContent(looped), []).map((n) => n.id).sort()).toEqual(['g1', 'g2']);
  });
});

describe('kept cells', () => {
  it('draws kept boxes and lines as placeholders that cannot be selected or dragged', () => {
    const records = recordsOf({
      foreign: [
        foreign('x1', { what: 'unattachedEdge', line: [{ x: 100, y: 300 }, { x: 200, y: 340 }, { x: 300, y: 300 }] }),
        foreign('x2', { what: 'parentLoop', box: { x: 5, y: 6, w: 10, h: 10 } }),
        foreign('x3', {}),
      ],
    });
    const nodes = buildNodes(pageContent(records), []);
    expect(nodes.map((n) => n.id)).toEqual(['x1', 'x2']);
    expect(nodes[0]).toMatchObject({ type: 'foreign', position: { x: 96, y: 296 }, width: 208, height: 48, draggable: false, selectable: false });
    expect(nodes[1]).toMatchObject({ position: { x: 5, y: 6 }, width: 10, height: 10 });
  });
});

describe('edge paths through waypoints', () => {
  const source = { x: 0, y: 0, w: 100, h: 50 };
  const target = { x: 400, y: 300, w: 100, h: 50 };

  it('leaves toward the first waypoint and enters from the last, straight across when routed', () => {
    const { from, to } = floatingEnds(source, target, [{ x: 450, y: 25 }], undefined, undefined, true);
    expect(from).toEqual({ x: 100, y: 25, face: 'right' });
    expect(to).toEqual({ x: 450, y: 300, face: 'top' });
  });

  it('bends at right angles through each waypoint when routed', () => {
    const from = { x: 100, y: 25, face: 'right' as const };
    const to = { x: 450, y: 300, face: 'top' as const };
    const { corners } = edgePath(from, to, [{ x: 250, y: 150 }], 'routed');
    expect(corners).toEqual([
      { x: 100, y: 25 },
      { x: 250, y: 25 },
      { x: 250, y: 150 },
      { x: 450, y: 150 },
      { x: 450, y: 300 },
    ]);
    for (let i = 1; i < corners.length; i++) {
      const [a, b] = [corners[i - 1], corners[i]];
      expect(a.x === b.x || a.y === b.y).toBe(true);
    }
  });

  it('goes straight through the waypoints, or curves toward them as diagrams.net does', () => {
    const from = { x: 0, y: 0, face: 'right' as const };
    const to = { x: 100, y: 0, face: 'left' as const };
    expect(edgePath(from, to, [{ x: 50, y: 50 }], 'straight').path).toBe('M0,0 L50,50 L100,0');
    // One waypoint: one quadratic curve it pulls on; two: joined halfway between them.
    expect(edgePath(from, to, [{ x: 50, y: 50 }], 'curved').path).toBe('M0,0 Q50,50 100,0');
    expect(edgePath(from, to, [{ x: 20, y: 40 }, { x: 80, y: 40 }], 'curved').path).toBe('M0,0 Q20,40 50,40 Q80,40 100,0');
    // None: straight.
    expect(edgePath(from, to, [], 'curved').path).toBe('M0,0 Q0,0 100,0');
  });

  it('puts the label halfway along, and offers a new waypoint in the middle of each leg', () => {
    expect(midpointAlong([{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }])).toEqual({ x: 100, y: 0 });
    // A line through its waypoint: the middle of each leg.
    const through = [{ x: 0, y: 0 }, { x: 50, y: 50 }, { x: 100, y: 0 }];
    expect(insertionPoints(through, through)).toEqual([
      { x: 25, y: 25 },
      { x: 75, y: 25 },
    ]);
    // An orthogonal route bending between its ends (no waypoint): halfway along the drawn line, on
    // it, not on the straight line between the ends (50,50), which is off the edge.
    const bent = [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 60 }];
    expect(insertionPoints(bent, [bent[0], bent[2]])).toEqual([{ x: 80, y: 0 }]);
    // A waypoint the route passes beside (a curve's control point) counts where the line comes nearest it.
    expect(insertionPoints(bent, [bent[0], { x: 120, y: -10 }, bent[2]])).toEqual([
      { x: 50, y: 0 },
      { x: 100, y: 30 },
    ]);
  });

  it('sends dragged waypoints as one connect op on the edge id, rounded; none clears them', () => {
    expect(waypointsOp('e7', [{ x: 10.4, y: 20.6 }, { x: 30, y: 40 }])).toBe('connect #e7 via:10,21;30,40');
    expect(waypointsOp('e7', [])).toBe('connect #e7 via:none');
  });

  it('keeps the waypoints on the flow edge record', () => {
    const records = recordsOf({ shapes: [shape('s1'), shape('s2', { x: 500 })], edges: [edge('e1', 's1', 's2', { points: [{ x: 300, y: 50 }] })] });
    expect(pageContent(records).edges[0].points).toEqual([{ x: 300, y: 50 }]);
  });
});

describe('labels, notes and text', () => {
  it('shows bold, italic and underline from the file, line by line', () => {
    expect(labelLines('Place order\nonline', '<b>Place</b> <i>order</i><br><u>online</u>')).toEqual([
      [{ text: 'Place', bold: true }, { text: ' ' }, { text: 'order', italic: true }],
      [{ text: 'online', underline: true }],
    ]);
  });

  it('drops every other tag and never passes markup on as markup', () => {
    const lines = labelLines('Cart ready <script>', 'Cart <span style="color: red"><b>ready</b></span> &lt;script&gt;<img src=x onerror=alert(1)>');
    expect(lines).toEqual([[{ text: 'Cart ' }, { text: 'ready', bold: true, color: 'red' }, { text: ' <script>' }]]);
  });

  it("takes a run's colour from <font color> or a style's color, the innermost holding, and only a colour", () => {
    const html = '<div><font color="#cc0000">Stop <span style="font-size: 10px; color: rgb(0, 128, 0);">go</span> now</font></div><div>plain</div>';
    expect(labelLines('Stop go now\nplain', html)).toEqual([
      [{ text: 'Stop ', color: '#cc0000' }, { text: 'go', color: 'rgb(0, 128, 0)', fontSize: 10 }, { text: ' now', color: '#cc0000' }],
      [{ text: 'plain' }],
    ]);
    // Anything that is not a plain colour is not handed on as CSS.
    expect(labelLines('x', '<font color="red;background:url(x)">x</font>')).toEqual([[{ text: 'x' }]]);
    expect(labelLines('x', '<span style="color: expression(alert(1))">x</span>')).toEqual([[{ text: 'x' }]]);
  });

  it('puts a bullet before each item of a list, and a number before each of a numbered one', () => {
    const html = 'Steps:<ul><li>pay</li><li><b>ship</b> it</li></ul><ol><li>one</li><li>two</li></ol>done';
    // The text after a list (or a block) starts a line of its own, as a browser lays it out.
    expect(htmlToText(html)).toBe('Steps:\npay\nship it\none\ntwo\ndone');
    expect(htmlToText('<div><b>a</b></div>b')).toBe('a\nb');
    // Each outermost list is a block with a browser's 1em margins above and below.
    const block = { css: { marginTop: '1em', marginBottom: '1em' } };
    expect(labelLines('Steps:\npay\nship it\none\ntwo\ndone', html)).toEqual([
      [{ text: 'Steps:' }],
      [{ text: 'pay', marker: '•', listDepth: 1, paragraph: block }],
      [{ text: 'ship', bold: true, marker: '•', listDepth: 1, paragraph: block }, { text: ' it', listDepth: 1, paragraph: block }],
      [{ text: 'one', marker: '1.', listDepth: 1, paragraph: block }],
      [{ text: 'two', marker: '2.', listDepth: 1, paragraph: block }],
      [{ text: 'done' }],
    ]);
    // A list in an item is one level deeper: its marker (a circle) hangs in two indents.
    const nested = '<ul><li>fruit<ul><li><b>apple</b></li></ul></li><li>nuts</li></ul>';
    expect(labelLines(htmlToText(nested), nested)).toEqual([
      [{ text: 'fruit', marker: '•', listDepth: 1, paragraph: block }],
      [{ text: 'apple', bold: true, marker: '◦', listDepth: 2, paragraph: block }],
      [{ text: 'nuts', marker: '•', listDepth: 1, paragraph: block }],
    ]);
    expect(listMarkerCss({ text: 'apple', marker: '•', listDepth: 2 })).toMatchObject({ display: 'inline-block', width: 2 * LIST_INDENT, textAlign: 'right' });
  });

  it('breaks the line at a <br> with attributes, as diagrams.net writes one inside a styled label', () => {
    const html = '«component»<br style="font-size: 12px;"><b style="font-size: 12px;">:Order</b>';
    expect(htmlToText(html)).toBe('«component»\n:Order');
    expect(labelLines('«component»\n:Order', html)).toEqual([[{ text: '«component»' }], [{ text: ':Order', bold: true, fontSize: 12 }]]);
    expect(htmlToText('a<bring>b</bring>')).toBe('ab');
  });

  it("reads a run's font size from <font size> (HTML's seven sizes) and a font-size in px or pt", () => {
    expect(labelLines('duplicated information', '<font size="3">duplicated information</font>')).toEqual([[{ text: 'duplicated information', fontSize: 16 }]]);
    expect(labelLines('big small', '<span style="font-size: 24px">big</span> <font size="1">small</font>')).toEqual([[{ text: 'big', fontSize: 24 }, { text: ' ' }, { text: 'small', fontSize: 10 }]]);
    expect(labelLines('pt', '<span style="color: red; font-size: 12pt">pt</span>')).toEqual([[{ text: 'pt', color: 'red', fontSize: 16 }]]);
    // A <font size> past 7 is 7, as HTML clamps it; a size in em is of the label's own size (css-font-size); an absurd one is none.
    expect(labelLines('x', '<font size="9">x</font>')).toEqual([[{ text: 'x', fontSize: 48 }]]);
    expect(labelLines('x', '<span style="font-size: 2em">x</span>')).toEqual([[{ text: 'x', fontScale: 2 }]]);
    expect(labelLines('x', '<span style="font-size: 9000px">x</span>')).toEqual([[{ text: 'x' }]]);
    expect(runCss({ text: 'x', fontSize: 16 })).toEqual({ fontSize: 16, fontWeight: undefined, fontStyle: undefined, textDecoration: undefined, color: undefined });
  });

  it('shows the plain text when the HTML no longer says it, or says it without formats', () => {
    expect(labelLines('Order now', '<b>Place</b> order')).toEqual([[{ text: 'Order now' }]]);
    expect(labelLines('A\nB', undefined)).toEqual([[{ text: 'A' }], [{ text: 'B' }]]);
  });

  it('names tooltips and simplified looks', () => {
    expect(tooltipOf({ file: { data: [['owner', 'x'], ['tooltip', 'Issues tokens']] } })).toBe('Issues tokens');
    expect(lookCaption('mxgraph.aws4.application_load_balancer')).toBe('application_load_balancer');
    expect(lookCaption('image')).toBe('image');
  });

  it('draws a note with a folded corner and a text without paint', () => {
    const note = shapeOutline('note', 80, 100);
    expect(note.details).toBeDefined();
    expect(note.body).not.toBe(shapeOutline('box', 80, 100).body);
    expect(isPaintless('text')).toBe(true);
    expect(isPaintless('note')).toBe(false);
  });
});
