/**
 * The one write path of the drawio verbs: every record change goes through the transaction (so
 * it can be rolled back and undone) and updates the store index in the same step.
 */
import { patched, writeIndexed } from '../../fcp/indexed-store';
import type { Transaction } from '../../fcp/records';
import type { DrawioRecord, EdgeRecord, GroupRecord, MetaRecord, ShapeRecord } from './model';
import { indexOf } from './store-index';
import { DrawioView } from './view';

export type IdPrefix = 'p' | 'l' | 's' | 'e' | 'g';

export interface Removal {
  shapes: ShapeRecord[];
  edges: EdgeRecord[];
  /** Groups left without members, removed with them. */
  groups: GroupRecord[];
}

export class DrawioEdit extends DrawioView {
  constructor(readonly tx: Transaction<DrawioRecord>) {
    super(tx.store);
  }

  put<T extends DrawioRecord>(record: T): T {
    if (record.kind === 'meta') this.cachedMeta = record;
    writeIndexed(this.tx, indexOf(this.store), record.id, record);
    return record;
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
    const touchedGroups = new Set<string>();
    for (const shape of shapes) {
      for (const edge of this.edgesOf(shape.id)) {
        removal.edges.push(edge);
        this.remove(edge.id);
      }
      if (shape.groupId) touchedGroups.add(shape.groupId);
      this.remove(shape.id);
    }
    for (const groupId of touchedGroups) {
      const group = this.group(groupId);
      if (group && !this.index.membersByGroup.has(groupId)) {
        removal.groups.push(group);
        this.remove(groupId);
      }
    }
    const lastTouched = this.meta.lastTouchedId;
    if (lastTouched && !this.store.has(lastTouched)) this.setMeta({ lastTouchedId: undefined });
    return removal;
  }
}
