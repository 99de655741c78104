/** A table's grid read from its rows and cells (the lines diagrams.net draws between them). */
import { describe, expect, it } from 'vitest';
import type { GroupRecord, ShapeRecord } from '../model';
import { tableGrid } from './table-grid';

const group = (id: string, frame: { x: number; y: number; w: number; h: number }, parentId?: string) =>
  ({ id, kind: 'group', name: id, text: '', frame, ...(parentId && { parentId }) }) as unknown as GroupRecord;
const cell = (id: string, x: number, y: number, groupId: string) => ({ id, kind: 'shape', x, y, w: 50, h: 30, groupId }) as unknown as ShapeRecord;

describe('table grid', () => {
  it('puts a line at the top of each row after the first, and left of each cell after the first of the first row', () => {
    const table = group('t', { x: 100, y: 50, w: 300, h: 120 });
    const rows = [group('r2', { x: 100, y: 110, w: 300, h: 60 }, 't'), group('r1', { x: 100, y: 80, w: 300, h: 30 }, 't')];
    const cells = [cell('c2', 200, 80, 'r1'), cell('c1', 100, 80, 'r1'), cell('c3', 300, 80, 'r1'), cell('d1', 100, 110, 'r2')];
    const grid = tableGrid(table, new Map([table, ...rows].map((g) => [g.id, g])), new Map(cells.map((c) => [c.id, c])));
    expect(grid).toEqual({ rows: [60], columns: [100, 200] });
  });

  it('has no grid without rows, or for a group without a frame', () => {
    const table = group('t', { x: 0, y: 0, w: 10, h: 10 });
    expect(tableGrid(table, new Map([[table.id, table]]), new Map())).toBeUndefined();
    const unframed = { ...table, frame: undefined } as GroupRecord;
    expect(tableGrid(unframed, new Map(), new Map())).toBeUndefined();
  });
});
