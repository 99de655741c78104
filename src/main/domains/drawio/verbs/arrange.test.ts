import { describe, expect, it } from 'vitest';
import { rectsOverlap } from '../store-index';
import { edges, fails, groups, meta, newDiagram, ok, shape, shapes } from '../test-kit';

describe('move', () => {
  it('moves a shape to X,Y and answers in the contract format', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc Other at:600,100');
    expect(await ok(doc, 'move A to:300,400')).toEqual(['@moved A to (300,400)']);
    expect(shape(doc, 'A')).toMatchObject({ x: 300, y: 400 });
    expect(meta(doc).lastTouchedId).toBe(shape(doc, 'A').id);
  });

  it('pushes shapes it now overlaps downstream in the flow, and they push on', async () => {
    const doc = newDiagram();
    // A column: A (200,200), B (200,320), C (200,440); X is elsewhere.
    await ok(doc, 'add svc A', 'add svc B', 'add svc C', 'add svc X at:600,200 size:140x100');
    expect(await ok(doc, 'move X to:200,250')).toEqual(['@moved X to (200,250) (shifted 2 items)']);
    expect(shape(doc, 'B')).toMatchObject({ x: 200, y: 410 });
    expect(shape(doc, 'C')).toMatchObject({ x: 200, y: 530 });
    // A lies upstream (above X's centre), so it is not pushed even though it overlaps.
    expect(shape(doc, 'A')).toMatchObject({ x: 200, y: 200 });
  });

  it('pushes to the right in flow LR', async () => {
    const doc = newDiagram({ flow: 'LR' });
    await ok(doc, 'add svc A', 'add svc B', 'add svc X at:200,500');
    expect(await ok(doc, 'move X to:380,200')).toEqual(['@moved X to (380,200) (shifted 1 item)']);
    expect(shape(doc, 'B')).toMatchObject({ x: 580, y: 200 });
  });

  it('strict:true pushes nothing', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'add svc X at:600,200');
    expect(await ok(doc, 'move X to:200,300 strict:true')).toEqual(['@moved X to (200,300)']);
    expect(shape(doc, 'B')).toMatchObject({ x: 200, y: 320 });
  });

  it('moves a group (by @group: or by name) together, by its bounding box', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add db B near:A dir:right', 'group A B as:Backend');
    expect(await ok(doc, 'move @group:Backend to:100,600')).toEqual(['@moved @group:Backend to (100,600) (2 shapes)']);
    expect(shape(doc, 'A')).toMatchObject({ x: 100, y: 600 });
    expect(shape(doc, 'B')).toMatchObject({ x: 300, y: 600 });
    expect(await ok(doc, 'move Backend to:0,0')).toEqual(['@moved @group:Backend to (0,0) (2 shapes)']);
  });

  it('moves near another shape, or into a region', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B at:600,600');
    expect(await ok(doc, 'move B near:A dir:right')).toEqual(['@moved B to (400,200)']);
    expect(await ok(doc, 'move B to:top-left')).toEqual(['@moved B to (40,40)']);
    expect(await fails(doc, 'move B near:B')).toContain('cannot move B near itself');
  });

  it('needs a destination and takes only one', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B');
    expect(await fails(doc, 'move A')).toContain('missing where to');
    expect(await fails(doc, 'move A to:1,1 near:B')).toContain('not both');
    expect(await fails(doc, 'move A to:1,1 strict:perhaps')).toContain('try: strict:true|false');
  });
});

describe('order', () => {
  const zOrder = (doc: Parameters<typeof shapes>[0]) =>
    shapes(doc)
      .sort((a, b) => a.order - b.order)
      .map((s) => s.alias);

  it('brings shapes to the front and sends them to the back, keeping their order among themselves', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'add svc C', 'add svc D');
    expect(await ok(doc, 'order A B to:front')).toEqual(['*ordered A B to front (2 shapes)']);
    expect(zOrder(doc)).toEqual(['C', 'D', 'A', 'B']);
    expect(await ok(doc, 'order D to:back')).toEqual(['*ordered D to back (1 shape)']);
    expect(zOrder(doc)).toEqual(['D', 'C', 'A', 'B']);
    // A shape added afterwards still lands on top, and its id is new.
    await ok(doc, 'add svc E');
    expect(zOrder(doc).at(-1)).toBe('E');
    expect(new Set(shapes(doc).map((s) => s.id)).size).toBe(5);
  });

  it('moves nothing, and is undone as one batch', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B');
    const before = shapes(doc).map(({ x, y, w, h }) => ({ x, y, w, h }));
    await ok(doc, 'order @all to:back');
    expect(shapes(doc).map(({ x, y, w, h }) => ({ x, y, w, h }))).toEqual(before);
    await ok(doc, 'order A to:front');
    expect(zOrder(doc)).toEqual(['B', 'A']);
    await doc.undo('test');
    expect(zOrder(doc)).toEqual(['A', 'B']);
  });

  it('needs a place and names the valid ones', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A');
    expect(await fails(doc, 'order A')).toContain('missing to:front or to:back');
    expect(await fails(doc, 'order A to:top')).toMatch(/front.*back/);
    expect(await fails(doc, 'order Nope to:front')).toContain('Nope');
  });
});

describe('layout', () => {
  it('lays out a chain along the flow, keeping the top-left corner', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A at:100,100', 'add svc B at:900,50', 'add svc C at:400,700', 'connect A -> B -> C');
    expect(await ok(doc, 'layout @all algo:layered dir:LR spacing:40')).toEqual(['@layout @all layered LR spacing:40 (3 shapes, 2 edges)']);
    const [a, b, c] = ['A', 'B', 'C'].map((n) => shape(doc, n));
    expect(a.x).toBeLessThan(b.x);
    expect(b.x).toBeLessThan(c.x);
    expect(Math.min(a.x, b.x, c.x)).toBe(100);
    expect(Math.min(a.y, b.y, c.y)).toBe(50);
  });

  it('lays out the whole page by default, in the flow direction', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B at:700,200', 'connect A -> B');
    expect(await ok(doc, 'layout')).toEqual(['@layout @all layered TB spacing:60 (2 shapes, 1 edge)']);
    expect(shape(doc, 'B').y).toBeGreaterThan(shape(doc, 'A').y);
  });

  it('lays out a group only', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'add svc Outside at:900,900', 'group A B as:G', 'connect A -> B');
    expect(await ok(doc, 'layout @group:G algo:tree')).toEqual(['@layout @group:G tree TB spacing:60 (2 shapes, 1 edge)']);
    expect(shape(doc, 'Outside')).toMatchObject({ x: 900, y: 900 });
  });

  it('refuses bad values', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A');
    expect(await fails(doc, 'layout algo:grid')).toContain('try: algo:layered|force|tree');
    expect(await fails(doc, 'layout dir:UP')).toContain('try: dir:TB|LR|BT|RL');
    expect(await fails(doc, 'layout spacing:-5')).toContain('bad spacing');
  });
});

describe('orient', () => {
  it('sets the flow and turns a column into a row, ports included', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'add svc C', 'connect A -> B exit:bottom entry:top');
    expect(await ok(doc, 'orient LR')).toEqual(['!orient LR (was TB; 3 shapes turned to match)']);
    expect(meta(doc).flow).toBe('LR');
    const [a, b, c] = ['A', 'B', 'C'].map((n) => shape(doc, n));
    expect(a.y).toBe(b.y);
    expect(b.y).toBe(c.y);
    expect(a.x).toBeLessThan(b.x);
    expect(b.x).toBeLessThan(c.x);
    // Turned shapes keep their size, so neighbours that would overlap are pushed apart.
    for (const [p, q] of [[a, b], [b, c]]) expect(rectsOverlap(p, q)).toBe(false);
    expect(edges(doc)[0]).toMatchObject({ exit: { face: 'right' }, entry: { face: 'left' } });
    // New shapes now go to the right.
    expect(await ok(doc, 'add svc D')).toEqual([`+svc D @(${c.x + c.w + 60},${c.y} 140x60) blue`]);
  });

  it('keep:true leaves the shapes, and the same flow is a no-op', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B');
    const before = shapes(doc);
    expect(await ok(doc, 'orient TB')).toEqual(['!orient TB (already)']);
    expect(await ok(doc, 'orient rl keep:true')).toEqual(['!orient RL (was TB; shapes kept in place)']);
    expect(shapes(doc)).toEqual(before);
    expect(await fails(doc, 'orient sideways')).toContain('try: flow:TB|LR|BT|RL');
    expect(await fails(doc, 'orient')).toContain('orient takes one direction');
  });
});

describe('group and ungroup', () => {
  it('groups shapes under a name, with label and theme', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc AuthService', 'add db UserDB');
    expect(await ok(doc, 'group AuthService UserDB as:Backend')).toEqual(['!group Backend (2 shapes)']);
    expect(await ok(doc, 'group AuthService as:Backend label:"Backend services" theme:gray')).toEqual([
      '!group Backend (2 shapes) label:"Backend services"',
    ]);
    expect(groups(doc)[0]).toMatchObject({ name: 'Backend', text: 'Backend services', theme: 'gray' });
  });

  it('moves shapes between groups and drops a group left empty', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'group A as:One', 'group B as:Two');
    expect(await ok(doc, 'group @all as:Two')).toEqual(['!group Two (2 shapes)', '-group One (no shapes left)']);
    expect(groups(doc).map((g) => g.name)).toEqual(['Two']);
  });

  it('ungroup dissolves the group and keeps the shapes in place', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'group A B as:Backend');
    expect(await ok(doc, 'ungroup backend')).toEqual(['!ungroup Backend (2 shapes)']);
    expect(groups(doc)).toHaveLength(0);
    expect(shapes(doc).every((s) => !('groupId' in s))).toBe(true);
    expect(await fails(doc, 'ungroup Backend')).toContain('unknown group "Backend"');
  });

  it('needs a name that can be referred to', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A');
    expect(await fails(doc, 'group A')).toContain('missing as:NAME');
    expect(await fails(doc, 'group A as:a/b')).toContain('may not contain /');
    expect(await fails(doc, 'group as:G')).toContain('missing the shape(s)');
    await ok(doc, 'page add Other', 'add svc B');
    expect(await fails(doc, 'group B @page:Page-1 as:Mixed')).toContain('a group holds shapes of one page; A is not on the active page');
  });
});
