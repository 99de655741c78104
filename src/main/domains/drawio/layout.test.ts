import { describe, expect, it } from 'vitest';
import { StudioError } from '../../kernel/errors';
import { computeLayout, type LayoutInput } from './layout';

type Box = { x: number; y: number; w: number; h: number };

function input(overrides: Partial<LayoutInput>): LayoutInput {
  return { nodes: [], edges: [], algo: 'layered', dir: 'TB', spacing: 60, origin: { x: 0, y: 0 }, ...overrides };
}

function node(id: string, w = 120, h = 60) {
  return { id, w, h };
}

/** A 30-node graph: a binary-ish tree of 20 nodes plus a chain of 10 with cross links. */
function thirtyNodeGraph(): Pick<LayoutInput, 'nodes' | 'edges'> {
  const nodes = Array.from({ length: 30 }, (_, i) => node(`n${i}`, 80 + (i % 4) * 20, 40 + (i % 3) * 20));
  const edges: LayoutInput['edges'] = [];
  for (let i = 1; i < 20; i++) edges.push({ id: `t${i}`, source: `n${Math.floor((i - 1) / 2)}`, target: `n${i}` });
  for (let i = 20; i < 29; i++) edges.push({ id: `c${i}`, source: `n${i}`, target: `n${i + 1}` });
  edges.push({ id: 'x1', source: 'n5', target: 'n22' }, { id: 'x2', source: 'n29', target: 'n3' });
  return { nodes, edges };
}

function boxes(nodes: LayoutInput['nodes'], positions: Map<string, { x: number; y: number }>): Box[] {
  return nodes.map((n) => {
    const p = positions.get(n.id);
    if (!p) throw new Error(`no position for ${n.id}`);
    return { ...p, w: n.w, h: n.h };
  });
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function overlappingPairs(list: Box[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) if (overlaps(list[i], list[j])) pairs.push(`${i}/${j}`);
  }
  return pairs;
}

describe('computeLayout', () => {
  const pair = { nodes: [node('a'), node('b')], edges: [{ id: 'e', source: 'a', target: 'b' }] };

  it('layered TB puts the target below its source', async () => {
    const pos = await computeLayout(input({ ...pair, dir: 'TB' }));
    expect(pos.get('b')!.y).toBeGreaterThanOrEqual(pos.get('a')!.y + 60);
  });

  it('layered LR puts the target to the right of its source', async () => {
    const pos = await computeLayout(input({ ...pair, dir: 'LR' }));
    expect(pos.get('b')!.x).toBeGreaterThanOrEqual(pos.get('a')!.x + 120);
  });

  it('layered BT and RL reverse the flow', async () => {
    const up = await computeLayout(input({ ...pair, dir: 'BT' }));
    expect(up.get('b')!.y).toBeLessThan(up.get('a')!.y);
    const left = await computeLayout(input({ ...pair, dir: 'RL' }));
    expect(left.get('b')!.x).toBeLessThan(left.get('a')!.x);
  });

  it('keeps the spacing between layers', async () => {
    const pos = await computeLayout(input({ ...pair, dir: 'TB', spacing: 100 }));
    expect(pos.get('b')!.y - (pos.get('a')!.y + 60)).toBeGreaterThanOrEqual(100);
  });

  it.each(['layered', 'force', 'tree'] as const)('%s: no two nodes of a 30-node graph overlap', async (algo) => {
    const graph = thirtyNodeGraph();
    const pos = await computeLayout(input({ ...graph, algo }));
    expect(pos.size).toBe(30);
    expect(overlappingPairs(boxes(graph.nodes, pos))).toEqual([]);
  });

  it('puts the top-left corner of the drawing at the origin, in whole pixels', async () => {
    const graph = thirtyNodeGraph();
    const origin = { x: 333, y: 77 };
    const pos = await computeLayout(input({ ...graph, origin }));
    const all = [...pos.values()];
    expect(Math.min(...all.map((p) => p.x))).toBe(origin.x);
    expect(Math.min(...all.map((p) => p.y))).toBe(origin.y);
    for (const p of all) {
      expect(Number.isInteger(p.x)).toBe(true);
      expect(Number.isInteger(p.y)).toBe(true);
    }
  });

  it.each(['layered', 'force', 'tree'] as const)('%s is deterministic', async (algo) => {
    const graph = thirtyNodeGraph();
    const first = await computeLayout(input({ ...graph, algo }));
    const second = await computeLayout(input({ ...graph, algo }));
    expect([...second.entries()]).toEqual([...first.entries()]);
  });

  it('tree lays a tree out level by level', async () => {
    const nodes = ['root', 'l', 'r', 'll', 'lr', 'rl'].map((id) => node(id, 80, 40));
    const edges = [
      ['root', 'l'],
      ['root', 'r'],
      ['l', 'll'],
      ['l', 'lr'],
      ['r', 'rl'],
    ].map(([source, target], i) => ({ id: `e${i}`, source, target }));
    const pos = await computeLayout(input({ nodes, edges, algo: 'tree', dir: 'TB' }));
    const y = (id: string) => pos.get(id)!.y;
    expect(y('l')).toBeGreaterThan(y('root'));
    expect(y('r')).toBe(y('l'));
    expect(y('ll')).toBeGreaterThan(y('l'));
    expect(y('ll')).toBe(y('lr'));
    expect(y('rl')).toBe(y('ll'));
    expect(pos.get('ll')!.x).not.toBe(pos.get('lr')!.x);
    expect(overlappingPairs(boxes(nodes, pos))).toEqual([]);
  });

  it('ignores edges whose ends are not among the nodes', async () => {
    const pos = await computeLayout(
      input({
        ...pair,
        edges: [...pair.edges, { id: 'ghost', source: 'a', target: 'missing' }, { id: 'g2', source: 'nope', target: 'b' }],
      }),
    );
    expect([...pos.keys()].sort()).toEqual(['a', 'b']);
    expect(pos.get('b')!.y).toBeGreaterThan(pos.get('a')!.y);
  });

  it('answers an empty map for no nodes', async () => {
    expect((await computeLayout(input({}))).size).toBe(0);
  });

  it('rejects an unknown algorithm with bad_param', async () => {
    const bad = input({ ...pair, algo: 'spiral' as LayoutInput['algo'] });
    await expect(computeLayout(bad)).rejects.toBeInstanceOf(StudioError);
    await expect(computeLayout(bad)).rejects.toMatchObject({ code: 'bad_param', message: expect.stringContaining('spiral') });
  });

  it('rejects an unknown direction and a negative spacing with bad_param', async () => {
    await expect(computeLayout(input({ ...pair, dir: 'XY' as LayoutInput['dir'] }))).rejects.toMatchObject({
      code: 'bad_param',
    });
    await expect(computeLayout(input({ ...pair, spacing: -5 }))).rejects.toMatchObject({ code: 'bad_param' });
  });
});
