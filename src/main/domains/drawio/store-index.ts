/**
 * Derived lookups over a drawio store: shapes, edges and groups per page, aliases, edges per
 * shape and per pair, group members, and a spatial grid for overlap tests.
 *
 * The index is cached per store and keyed on `store.version`. Writes made through `DrawioEdit`
 * update it in place (so a 1,000-op batch never rebuilds it); any other write (rollback, undo,
 * replay) bumps the version past the index and the next read rebuilds it from scratch.
 */
import { indexCache } from '../../fcp/indexed-store';
import type { RecordStore } from '../../kernel/records';
import type { DrawioRecord, EdgeRecord, GroupRecord, ShapeRecord } from '../../../shared/drawio/model';

/** A diagram's records as the FCP engine holds them. */
export type DrawioStore = RecordStore<DrawioRecord>;

import { type Rect, rectsOverlap } from '../../../shared/drawio/geometry';

export { type Rect, rectsOverlap };

const GRID_CELL = 256;
/** Cell coordinates are offset so that keys stay non-negative integers (no string keys in the hot path). */
const CELL_OFFSET = 2 ** 20;
const CELL_ROW = 2 ** 21;

/** Buckets shape ids by the grid cells their rectangles cover. */
export class SpatialGrid {
  private readonly cells = new Map<number, Set<string>>();

  /** Calls `visit` with the key of every cell `r` covers. */
  private forEachCell(r: Rect, visit: (key: number) => void): void {
    const x0 = Math.floor(r.x / GRID_CELL) + CELL_OFFSET;
    const x1 = Math.floor((r.x + Math.max(r.w, 1) - 1) / GRID_CELL) + CELL_OFFSET;
    const y0 = Math.floor(r.y / GRID_CELL) + CELL_OFFSET;
    const y1 = Math.floor((r.y + Math.max(r.h, 1) - 1) / GRID_CELL) + CELL_OFFSET;
    for (let cx = x0; cx <= x1; cx++) for (let cy = y0; cy <= y1; cy++) visit(cx * CELL_ROW + cy);
  }

  insert(id: string, r: Rect): void {
    this.forEachCell(r, (key) => {
      let cell = this.cells.get(key);
      if (!cell) this.cells.set(key, (cell = new Set()));
      cell.add(id);
    });
  }

  remove(id: string, r: Rect): void {
    this.forEachCell(r, (key) => {
      const cell = this.cells.get(key);
      if (!cell) return;
      cell.delete(id);
      if (cell.size === 0) this.cells.delete(key);
    });
  }

  /** Ids whose rectangles share a cell with `r` (a superset of those that overlap it). */
  candidates(r: Rect): Set<string> {
    const out = new Set<string>();
    this.forEachCell(r, (key) => {
      const cell = this.cells.get(key);
      if (cell) for (const id of cell) out.add(id);
    });
    return out;
  }
}

export class PageIndex {
  /** In creation order. */
  readonly shapes = new Map<string, ShapeRecord>();
  readonly edges = new Map<string, EdgeRecord>();
  readonly groups = new Map<string, GroupRecord>();
  /** Lowercased alias -> shape id (aliases are unique per page, case-insensitively). */
  readonly aliases = new Map<string, string>();
  readonly grid = new SpatialGrid();
}

function pairKey(source: string, target: string): string {
  return `${source}\u0000${target}`;
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

export class DrawioIndex {
  version = -1;
  readonly pages = new Map<string, PageIndex>();
  readonly edgesByShape = new Map<string, Set<string>>();
  readonly membersByGroup = new Map<string, Set<string>>();
  private readonly edgeByPair = new Map<string, string>();
  shapeCount = 0;
  edgeCount = 0;
  groupCount = 0;

  static build(store: DrawioStore): DrawioIndex {
    const index = new DrawioIndex();
    const ordered = store
      .all()
      .filter((r) => r.kind === 'shape' || r.kind === 'edge' || r.kind === 'group')
      .sort((a, b) => (a as ShapeRecord).order - (b as ShapeRecord).order);
    for (const record of ordered) index.apply(null, record);
    index.version = store.version;
    return index;
  }

  page(pageId: string): PageIndex {
    let page = this.pages.get(pageId);
    if (!page) this.pages.set(pageId, (page = new PageIndex()));
    return page;
  }

  edgeBetween(source: string, target: string): string | undefined {
    return this.edgeByPair.get(pairKey(source, target));
  }

  /** Keeps the index in step with one record write (`before` and `after` null when absent). */
  apply(before: DrawioRecord | null, after: DrawioRecord | null): void {
    const kind = (after ?? before)?.kind;
    if (kind === 'shape') this.applyShape(before as ShapeRecord | null, after as ShapeRecord | null);
    else if (kind === 'edge') this.applyEdge(before as EdgeRecord | null, after as EdgeRecord | null);
    else if (kind === 'group') this.applyGroup(before as GroupRecord | null, after as GroupRecord | null);
  }

  private applyShape(before: ShapeRecord | null, after: ShapeRecord | null): void {
    if (before && after && before.pageId === after.pageId) {
      // Same page: update in place so that the creation order of the page map is kept.
      const page = this.page(after.pageId);
      page.shapes.set(after.id, after);
      if (before.alias !== after.alias) {
        if (page.aliases.get(before.alias.toLowerCase()) === before.id) page.aliases.delete(before.alias.toLowerCase());
        page.aliases.set(after.alias.toLowerCase(), after.id);
      }
      if (!sameRect(before, after)) {
        page.grid.remove(before.id, before);
        page.grid.insert(after.id, after);
      }
      if (before.groupId !== after.groupId) {
        if (before.groupId) removeFrom(this.membersByGroup, before.groupId, before.id);
        if (after.groupId) addTo(this.membersByGroup, after.groupId, after.id);
      }
      return;
    }
    if (before) {
      const page = this.page(before.pageId);
      page.shapes.delete(before.id);
      if (page.aliases.get(before.alias.toLowerCase()) === before.id) page.aliases.delete(before.alias.toLowerCase());
      page.grid.remove(before.id, before);
      if (before.groupId) removeFrom(this.membersByGroup, before.groupId, before.id);
      this.shapeCount--;
    }
    if (after) {
      const page = this.page(after.pageId);
      page.shapes.set(after.id, after);
      page.aliases.set(after.alias.toLowerCase(), after.id);
      page.grid.insert(after.id, after);
      if (after.groupId) addTo(this.membersByGroup, after.groupId, after.id);
      this.shapeCount++;
    }
  }

  private applyEdge(before: EdgeRecord | null, after: EdgeRecord | null): void {
    if (before) {
      this.page(before.pageId).edges.delete(before.id);
      for (const end of [before.source, before.target]) if (end !== '') removeFrom(this.edgesByShape, end, before.id);
      if (this.edgeByPair.get(pairKey(before.source, before.target)) === before.id) {
        this.edgeByPair.delete(pairKey(before.source, before.target));
      }
      this.edgeCount--;
    }
    if (after) {
      this.page(after.pageId).edges.set(after.id, after);
      // A loose end ('') is no cell's: the edge is found by its id, or by the end it has.
      for (const end of [after.source, after.target]) if (end !== '') addTo(this.edgesByShape, end, after.id);
      if (after.source !== '' && after.target !== '') this.edgeByPair.set(pairKey(after.source, after.target), after.id);
      this.edgeCount++;
    }
  }

  private applyGroup(before: GroupRecord | null, after: GroupRecord | null): void {
    if (before && after && before.pageId === after.pageId) {
      this.page(after.pageId).groups.set(after.id, after);
      return;
    }
    if (before) {
      this.page(before.pageId).groups.delete(before.id);
      this.groupCount--;
    }
    if (after) {
      this.page(after.pageId).groups.set(after.id, after);
      this.groupCount++;
    }
  }
}

/** The index of `store`, rebuilt when something wrote to the store behind its back. */
export const indexOf = indexCache<DrawioRecord, DrawioIndex>((store) => DrawioIndex.build(store));
