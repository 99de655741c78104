/**
 * The one write path of the drawio verbs: every record change goes through the transaction (so
 * it can be rolled back and undone) and updates the store index in the same step.
 */
import { patched, writeIndexed } from '../../fcp/indexed-store';
import type { Transaction } from '../../kernel/records';
import { ownFields } from './file/drawio-cells';
import type { Point } from '../../../shared/drawio/geometry';
import type { DrawioRecord, EdgeRecord, GroupRecord, MetaRecord, ShapeRecord } from '../../../shared/drawio/model';
import { indexOf } from './store-index';
import { DrawioView } from './view';

export type IdPrefix = 'p' | 'l' | 's' | 'e' | 'g';

export interface Removal {
  shapes: ShapeRecord[];
  edges: EdgeRecord[];
  /** Groups made here left without members, removed with them. */
  groups: GroupRecord[];
}

export class DrawioEdit extends DrawioView {
  constructor(readonly tx: Transaction<DrawioRecord>) {
    super(tx.store);
  }

  put<T extends DrawioRecord>(record: T): T {
    if (record.kind === 'meta') this.cachedMeta = record;
    const kept = withFieldsAsRead(record, this.store.get(record.id));
    writeIndexed(this.tx, indexOf(this.store), kept.id, kept);
    return kept;
  }

  remove(id: string): void {
    if (id === 'meta') throw new Error('the meta record cannot be removed');
    writeIndexed(this.tx, indexOf(this.store), id, null);
  }

  /** A key patched to undefined is dropped from the record rather than kept as undefined. */
  setMeta(patch: Partial<Omit<MetaRecord, 'id' | 'kind'>>): MetaRecord {
    return this.put(patched(this.meta, patch));
  }

  /**
   * The id and order of a new page, layer, shape, edge or group (id = prefix + order).
   * `touch` also makes it the last touched shape, in the same meta write.
   */
  allocate(prefix: IdPrefix, options: { touch?: boolean } = {}): { id: string; order: number } {
    const meta = this.meta;
    const order = meta.nextOrder;
    const id = `${prefix}${order}`;
    // Written out rather than through setMeta: this runs once per new record, in the hot path of big batches.
    this.put(options.touch ? { ...meta, nextOrder: order + 1, lastTouchedId: id } : { ...meta, nextOrder: order + 1 });
    return { id, order };
  }

  /** Remembers the shape the next unplaced `add` goes after. */
  touch(shapeId: string): void {
    if (this.meta.lastTouchedId !== shapeId) this.setMeta({ lastTouchedId: shapeId });
  }

  /** Removes shapes with the edges that touch them and the groups they leave empty. */
  removeShapes(shapes: readonly ShapeRecord[]): Removal {
    const removal: Removal = { shapes: [...shapes], edges: [], groups: [] };
    const touchedGroups: string[] = [];
    for (const shape of shapes) {
      for (const edge of this.edgesOf(shape.id)) {
        const other = edge.source === shape.id ? edge.target : edge.source;
        if (this.shape(other)) {
          removal.edges.push(edge);
          this.remove(edge.id);
        } else this.loosen(edge, shape.id, { x: shape.x + shape.w / 2, y: shape.y + shape.h / 2 });
      }
      if (shape.groupId) touchedGroups.push(shape.groupId);
      this.remove(shape.id);
    }
    // A group made here left with neither shapes nor groups inside goes, and may leave the one
    // around it empty; a container a file drew (it has a frame) stays, as it does in diagrams.net.
    while (touchedGroups.length > 0) {
      const group = this.group(touchedGroups.pop()!);
      if (!group || group.frame || this.index.membersByGroup.has(group.id) || this.childGroups(group.id).length > 0) continue;
      removal.groups.push(group);
      this.removeGroup(group);
      if (group.parentId !== undefined) touchedGroups.push(group.parentId);
    }
    const lastTouched = this.meta.lastTouchedId;
    if (lastTouched && !this.store.has(lastTouched)) this.setMeta({ lastTouchedId: undefined });
    return removal;
  }

  /**
   * Removes a group. An edge attached to it stays, that end loose where the group's middle was
   * (`bounds`, when the group no longer has them itself), as diagrams.net leaves an edge whose
   * end is deleted.
   */
  removeGroup(group: GroupRecord, bounds = this.groupBounds(group.id)): void {
    for (const edge of this.edgesOf(group.id)) {
      if (bounds) this.loosen(edge, group.id, { x: bounds.x + bounds.w / 2, y: bounds.y + bounds.h / 2 });
      else this.remove(edge.id);
    }
    this.remove(group.id);
  }

  /**
   * The edge with its end(s) at `cellId` made loose at `at`. An edge between two shapes goes with
   * either of them (removeShapes); one with a loose end or a container end stays, as diagrams.net
   * keeps it.
   */
  private loosen(edge: EdgeRecord, cellId: string, at: Point): void {
    let next: EdgeRecord = edge;
    if (next.source === cellId) next = { ...next, source: '', sourcePoint: at };
    if (next.target === cellId) next = { ...next, target: '', targetPoint: at };
    this.put(next);
  }

  /**
   * What a move of `moved` by (dx, dy) carries along: the waypoints of edges between two moved
   * shapes, and the frames of the containers the move named (`groups`) with the containers
   * inside them. A shape dragged inside its container leaves the container where it is.
   */
  carryAlong(moved: readonly ShapeRecord[], dx: number, dy: number, groups: readonly GroupRecord[]): void {
    if (dx === 0 && dy === 0) return;
    const movedIds = new Set(moved.map((s) => s.id));
    const shiftedEdges = new Set<string>();
    for (const shape of moved) {
      for (const edge of this.edgesOf(shape.id)) {
        if (shiftedEdges.has(edge.id) || !edge.points || !movedIds.has(edge.source) || !movedIds.has(edge.target)) continue;
        shiftedEdges.add(edge.id);
        this.put(shifted(edge, dx, dy));
      }
    }
    const carried = new Map<string, GroupRecord>();
    for (const named of groups) for (const group of this.groupsWithin(named.id)) carried.set(group.id, group);
    for (const group of carried.values()) {
      if (group.frame) this.put({ ...group, frame: { ...group.frame, x: group.frame.x + dx, y: group.frame.y + dy } });
    }
    // An edge a file put inside a carried container (a free arrow drawn in it) goes along, as a
    // child of the container does in diagrams.net: its cell keeps its relative geometry.
    const carriedCells = new Set([...carried.values()].map((group) => group.file?.id ?? group.id));
    if (carriedCells.size === 0) return;
    for (const edge of this.page.edges.values()) {
      const parent = edge.file?.parent;
      if (parent === undefined || !carriedCells.has(parent) || shiftedEdges.has(edge.id)) continue;
      shiftedEdges.add(edge.id);
      this.put(shifted(edge, dx, dy));
    }
  }
}

/**
 * A record read from a file, on its first edit, keeps the fields it read (FileCell.read), so a
 * save can tell what the edits changed; until then the record itself is what it read.
 */
function withFieldsAsRead<T extends DrawioRecord>(record: T, before: DrawioRecord | undefined): T {
  if (!('file' in record) || !record.file || !('source' in record.file) || record.file.read || !before || !('file' in before) || before.file !== record.file) return record;
  return { ...record, file: { ...record.file, read: ownFields(before) } };
}

/** An edge moved by (dx, dy): its waypoints and its loose ends. */
function shifted(edge: EdgeRecord, dx: number, dy: number): EdgeRecord {
  const by = (p: Point) => ({ x: p.x + dx, y: p.y + dy });
  return {
    ...edge,
    ...(edge.points && { points: edge.points.map(by) }),
    ...(edge.sourcePoint && { sourcePoint: by(edge.sourcePoint) }),
    ...(edge.targetPoint && { targetPoint: by(edge.targetPoint) }),
  };
}

/** A record with a new label: the HTML its file gave the old one goes with it. */
export function withoutHtml<T extends { readonly html?: string }>(record: T): T {
  if (record.html === undefined) return record;
  const { html: _html, ...rest } = record;
  return rest as T;
}
