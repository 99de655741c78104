import { describe, expect, it } from 'vitest';
import { DrawioIndex, SpatialGrid, indexOf, rectsOverlap } from './store-index';
import { newDiagram, ok, type Diagram } from './test-kit';

/** The parts of an index that verbs read, as plain data, so two indexes can be compared. */
function snapshotOf(index: DrawioIndex) {
  const pages = [...index.pages.entries()]
    .filter(([, p]) => p.shapes.size || p.edges.size || p.groups.size)
    .map(([id, p]) => ({
      id,
      shapes: [...p.shapes.keys()],
      edges: [...p.edges.keys()].sort(),
      groups: [...p.groups.keys()].sort(),
      aliases: [...p.aliases.entries()].sort(),
      nearOrigin: [...p.grid.candidates({ x: 0, y: 0, w: 2000, h: 2000 })].sort(),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const sets = (m: Map<string, Set<string>>) => [...m.entries()].map(([k, v]) => [k, [...v].sort()]).sort();
  return {
    pages,
    edgesByShape: sets(index.edgesByShape),
    membersByGroup: sets(index.membersByGroup),
    counts: [index.shapeCount, index.edgeCount, index.groupCount],
  };
}

function expectIndexMatchesRebuild(doc: Diagram): void {
  const live = indexOf(doc.store);
  expect(live.version).toBe(doc.store.version);
  expect(snapshotOf(live)).toEqual(snapshotOf(DrawioIndex.build(doc.store)));
}

describe('the store index', () => {
  it('kept up to date op by op equals one rebuilt from scratch', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add db B', 'add svc C', 'connect A -> B -> C', 'group A B as:G');
    expectIndexMatchesRebuild(doc);
    await ok(doc, 'move A to:900,900', 'label B Renamed', 'swap B C', 'remove C', 'group B as:H', 'page add P2', 'add svc A', 'connect A -> A');
    expectIndexMatchesRebuild(doc);
    await ok(doc, 'page switch Page-1', 'ungroup H', 'orient LR', 'page remove P2');
    expectIndexMatchesRebuild(doc);
  });

  it('is rebuilt after a rollback, an undo and a redo', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'connect A -> B');
    await doc.applyBatch(['remove A', 'add svc Z', 'connect Nobody -> B'], 'test');
    expectIndexMatchesRebuild(doc);
    expect(indexOf(doc.store).edgeCount).toBe(1);
    await doc.undo('test');
    expectIndexMatchesRebuild(doc);
    expect(indexOf(doc.store).shapeCount).toBe(0);
    await doc.redo('test');
    expectIndexMatchesRebuild(doc);
    expect(indexOf(doc.store).edgeCount).toBe(1);
  });
});

describe('SpatialGrid', () => {
  it('finds every rectangle that overlaps a query, also across cells and at negative coordinates', () => {
    const grid = new SpatialGrid();
    const rects = {
      a: { x: 0, y: 0, w: 100, h: 100 },
      b: { x: 250, y: 250, w: 20, h: 20 },
      c: { x: -600, y: -40, w: 1000, h: 30 },
    };
    for (const [id, r] of Object.entries(rects)) grid.insert(id, r);
    const query = { x: 90, y: -20, w: 200, h: 280 };
    const hits = [...grid.candidates(query)].filter((id) => rectsOverlap(query, rects[id as keyof typeof rects]));
    expect(hits.sort()).toEqual(['a', 'b', 'c']);
    grid.remove('c', rects.c);
    expect([...grid.candidates(query)].sort()).toEqual(['a', 'b']);
  });

  it('rectsOverlap does not count touching edges', () => {
    expect(rectsOverlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 10, y: 0, w: 10, h: 10 })).toBe(false);
    expect(rectsOverlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 9, y: 9, w: 10, h: 10 })).toBe(true);
  });
});
