import { describe, expect, it } from 'vitest';
import { edges, fails, newDiagram, ok } from '../test-kit';

async function threeShapes() {
  const doc = newDiagram();
  await ok(doc, 'add svc A', 'add svc B', 'add svc C');
  return doc;
}

describe('connect', () => {
  it('draws -> with one head, <-> with two, -- with none', async () => {
    const doc = await threeShapes();
    expect(await ok(doc, 'connect A -> B', 'connect B <-> C', 'connect A -- C')).toEqual(['~A->B solid', '~B<->C solid', '~A--C solid']);
    expect(edges(doc).map((e) => [e.sourceArrow, e.targetArrow])).toEqual([
      ['none', 'arrow'],
      ['arrow', 'arrow'],
      ['none', 'none'],
    ]);
  });

  it('connects each pair of a chain, also with glued arrows', async () => {
    const doc = await threeShapes();
    expect(await ok(doc, 'connect A->B->C label:"data flow"')).toEqual(['~A->B "data flow" solid', '~B->C "data flow" solid']);
  });

  it('takes style, ports, heads and stroke', async () => {
    const doc = await threeShapes();
    expect(await ok(doc, 'connect A -> B style:dashed exit:right entry:left@0.25 source-arrow:diamond target-arrow:crow-foot stroke:red')).toEqual([
      '~A<->B dashed source-arrow:diamond target-arrow:crow-foot exit:right@0.5 entry:left@0.25 stroke:#b85450',
    ]);
    expect(edges(doc)[0]).toMatchObject({
      lineStyle: 'dashed',
      exit: { face: 'right', at: 0.5 },
      entry: { face: 'left', at: 0.25 },
      sourceArrow: 'diamond',
      targetArrow: 'crow-foot',
      stroke: '#b85450',
    });
  });

  it('keeps a label that holds an arrow', async () => {
    const doc = await threeShapes();
    expect(await ok(doc, 'connect A -> B label:"in -> out"')).toEqual(['~A->B "in -> out" solid']);
  });

  it('updates the edge of a connected pair instead of adding a second one', async () => {
    const doc = await threeShapes();
    await ok(doc, 'connect A -> B label:queries');
    expect(await ok(doc, 'connect A -> B style:dotted')).toEqual(['~A->B "queries" dotted (updated)']);
    expect(edges(doc)).toHaveLength(1);
    // An undirected arrow finds the edge the other way round too; a directed one adds B->A.
    expect(await ok(doc, 'connect B <-> A')).toEqual(['~A<->B "queries" dotted (updated)']);
    expect(await ok(doc, 'connect B -> A')).toEqual(['~B->A solid']);
    expect(edges(doc)).toHaveLength(2);
  });

  it('puts ports of a reversed match on the right ends', async () => {
    const doc = await threeShapes();
    await ok(doc, 'connect A -- B');
    await ok(doc, 'connect B -- A exit:top');
    expect(edges(doc)[0]).toMatchObject({ source: expect.any(String), entry: { face: 'top', at: 0.5 } });
    expect(edges(doc)[0].exit).toBeUndefined();
  });

  it('refuses a missing arrow, a missing end and bad values', async () => {
    const doc = await threeShapes();
    expect(await fails(doc, 'connect A B')).toContain('missing an arrow before "B" [missing_arg]');
    expect(await fails(doc, 'connect A')).toContain('missing SRC -> TGT');
    expect(await fails(doc, 'connect A ->')).toContain('missing a shape after the last arrow');
    expect(await fails(doc, 'connect A -> B ->')).toContain('missing a shape after the last arrow');
    expect(await fails(doc, 'connect A -> B style:wavy')).toContain('try: style:solid|dashed|dotted|curved|orthogonal|animated');
    expect(await fails(doc, 'connect A -> B target-arrow:triangle')).toContain('try: target-arrow:arrow|open-arrow|diamond|circle|crow-foot|none');
    expect(await fails(doc, 'connect A -> B exit:north')).toContain('try: exit:top|bottom|left|right');
    expect(await fails(doc, 'connect A -> B exit:top@1.5')).toContain('a fraction from 0 to 1');
    expect(await fails(doc, 'connect A -> Nobody')).toContain('[unknown_ref]');
  });

  it('refuses shapes on another page', async () => {
    const doc = await threeShapes();
    await ok(doc, 'page add Other', 'add svc X');
    expect(await fails(doc, 'connect X -> Page-1/A')).toContain('not on the active page "Other"');
  });
});

describe('disconnect', () => {
  it('removes the edge of each pair', async () => {
    const doc = await threeShapes();
    await ok(doc, 'connect A -> B -> C');
    expect(await ok(doc, 'disconnect A -> B -> C')).toEqual(['-A->B solid', '-B->C solid']);
    expect(edges(doc)).toHaveLength(0);
  });

  it('finds an undirected edge either way, and points to the other direction otherwise', async () => {
    const doc = await threeShapes();
    await ok(doc, 'connect A -> B');
    const text = await fails(doc, 'disconnect B -> A');
    expect(text).toContain('no edge B->A; there is one the other way, A->B [unknown_ref]');
    expect(text).toContain('try: disconnect A -> B');
    expect(await ok(doc, 'disconnect B -- A')).toEqual(['-A->B solid']);
    expect(await fails(doc, 'disconnect A -> C')).toContain('no edge between A and C');
  });
});

describe('waypoints', () => {
  it('sets them with via:, says them in answers, and clears them with via:none', async () => {
    const doc = await threeShapes();
    expect(await ok(doc, 'connect A -> B via:300,100;300,420')).toEqual(['~A->B solid via:300,100;300,420']);
    expect(edges(doc)[0].points).toEqual([
      { x: 300, y: 100 },
      { x: 300, y: 420 },
    ]);
    expect(await ok(doc, 'connect A -> B via:none')).toEqual(['~A->B solid (updated)']);
    expect(edges(doc)[0].points).toBeUndefined();
  });

  it('keeps the waypoints when other keys change, and turns them round for an edge found the other way', async () => {
    const doc = await threeShapes();
    await ok(doc, 'connect A <-> B via:10,20;30,40');
    await ok(doc, 'connect A <-> B label:"sync"');
    expect(edges(doc)[0]).toMatchObject({ label: 'sync', points: [{ x: 10, y: 20 }, { x: 30, y: 40 }] });
    await ok(doc, 'connect B <-> A via:1,2;3,4');
    expect(edges(doc)[0].points).toEqual([
      { x: 3, y: 4 },
      { x: 1, y: 2 },
    ]);
  });

  it('updates one edge by its id, leaving its heads alone', async () => {
    const doc = await threeShapes();
    await ok(doc, 'connect A <-> B');
    const id = edges(doc)[0].id;
    expect(await ok(doc, `connect #${id} via:200,50`)).toEqual(['~A<->B solid via:200,50 (updated)']);
    expect(edges(doc)[0]).toMatchObject({ sourceArrow: 'arrow', targetArrow: 'arrow' });
  });

  it('refuses bad waypoints with a bad_param that shows the form', async () => {
    const doc = await threeShapes();
    const text = await fails(doc, 'connect A -> B via:10;20');
    expect(text).toContain('[bad_param]');
    expect(text).toContain('try: via:300,200;300,400');
  });

  it('moves the waypoints of an edge whose two ends move together, not of one whose end stays', async () => {
    const doc = await threeShapes();
    await ok(doc, 'connect A -> B via:500,100', 'connect B -> C via:600,100');
    await ok(doc, 'move A B to:0,0 strict:true');
    const [ab, bc] = edges(doc);
    expect(ab.points).toEqual([{ x: 300, y: -100 }]);
    expect(bc.points).toEqual([{ x: 600, y: 100 }]);
  });

  it('drops the waypoints of the edges a layout places', async () => {
    const doc = await threeShapes();
    await ok(doc, 'connect A -> B via:500,100');
    await ok(doc, 'layout @all');
    expect(edges(doc)[0].points).toBeUndefined();
  });
});
