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
