/**
 * A diagrams.net table's grid from its rows and cells as the page holds them: the top of each
 * row after the first and the left of each cell after the first in the first row, in the table's
 * box (diagrams.net draws the table's inner lines there; see code-shapes' table). Shared, so an
 * export draws a table as the canvas does.
 */
import type { GroupRecord, ShapeRecord } from '../model';
import type { TableGrid } from './code-shapes';

interface Box {
  x: number;
  y: number;
}

/** The children of a container: its member shapes and the containers in it, with where each is. */
function childrenOf(id: string, groups: Iterable<GroupRecord>, shapes: Iterable<ShapeRecord>): Array<Box & { id: string }> {
  const children: Array<Box & { id: string }> = [];
  for (const group of groups) if (group.parentId === id && group.frame) children.push({ id: group.id, x: group.frame.x, y: group.frame.y });
  for (const shape of shapes) if (shape.groupId === id) children.push({ id: shape.id, x: shape.x, y: shape.y });
  return children;
}

export function tableGrid(table: GroupRecord, groups: ReadonlyMap<string, GroupRecord>, shapes: ReadonlyMap<string, ShapeRecord>): TableGrid | undefined {
  if (!table.frame) return undefined;
  const rows = childrenOf(table.id, groups.values(), shapes.values()).sort((a, b) => a.y - b.y);
  if (rows.length === 0) return undefined;
  const cells = childrenOf(rows[0].id, groups.values(), shapes.values()).sort((a, b) => a.x - b.x);
  return {
    rows: rows.slice(1).map((row) => row.y - table.frame!.y),
    columns: cells.slice(1).map((cell) => cell.x - rows[0].x),
  };
}
