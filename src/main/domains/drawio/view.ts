/**
 * Read access to a drawio model: the meta record, the active page and layer, and the derived
 * lookups of the store index. Queries read through a view; verbs write through DrawioEdit.
 */
import { ErrorCode, StudioError } from '../../kernel/errors';
import type {
  CustomThemeRecord,
  CustomTypeRecord,
  EdgeRecord,
  GroupRecord,
  LayerRecord,
  MetaRecord,
  PageRecord,
  ShapeRecord,
} from '../../../shared/drawio/model';
import { boundsOf } from '../../../shared/drawio/geometry';
import { type DrawioIndex, type DrawioStore, type PageIndex, type Rect, indexOf } from './store-index';
import { pushTo } from '../../../shared/list-map';

export const CUSTOM_TYPE_PREFIX = 'type:';
export const CUSTOM_THEME_PREFIX = 'theme:';

export function byOrder<T extends { order: number }>(a: T, b: T): number {
  return a.order - b.order;
}

export { boundsOf };

export class DrawioView {
  /** Views live for one op or one query; writes through DrawioEdit keep this current. */
  protected cachedMeta?: MetaRecord;

  constructor(readonly store: DrawioStore) {}

  get index(): DrawioIndex {
    return indexOf(this.store);
  }

  get meta(): MetaRecord {
    if (this.cachedMeta) return this.cachedMeta;
    const meta = this.store.get<MetaRecord>('meta');
    if (!meta) throw new StudioError(ErrorCode.internal, 'the model has no meta record');
    return (this.cachedMeta = meta);
  }

  get activePage(): PageRecord {
    const page = this.store.get<PageRecord>(this.meta.activePageId);
    if (!page) throw new StudioError(ErrorCode.internal, `the active page ${this.meta.activePageId} does not exist`);
    return page;
  }

  get activeLayer(): LayerRecord {
    const layer = this.store.get<LayerRecord>(this.activePage.activeLayerId);
    if (!layer) throw new StudioError(ErrorCode.internal, `the active layer ${this.activePage.activeLayerId} does not exist`);
    return layer;
  }

  /** Shapes, edges and groups of the active page. */
  get page(): PageIndex {
    return this.index.page(this.meta.activePageId);
  }

  pageIndex(pageId: string): PageIndex {
    return this.index.page(pageId);
  }

  pages(): PageRecord[] {
    return this.store.all<PageRecord>('page').sort(byOrder);
  }

  layers(pageId: string): LayerRecord[] {
    return this.store
      .all<LayerRecord>('layer')
      .filter((l) => l.pageId === pageId)
      .sort(byOrder);
  }

  shape(id: string): ShapeRecord | undefined {
    const record = this.store.get(id);
    return record?.kind === 'shape' ? record : undefined;
  }

  group(id: string): GroupRecord | undefined {
    const record = this.store.get(id);
    return record?.kind === 'group' ? record : undefined;
  }

  edge(id: string): EdgeRecord | undefined {
    const record = this.store.get(id);
    return record?.kind === 'edge' ? record : undefined;
  }

  /** Edges touching a shape, in creation order. */
  edgesOf(shapeId: string): EdgeRecord[] {
    const ids = this.index.edgesByShape.get(shapeId);
    if (!ids) return [];
    return [...ids].map((id) => this.edge(id)!).sort(byOrder);
  }

  /** Ids of the shapes one edge away from `shapeId`. */
  neighbours(shapeId: string): Set<string> {
    const out = new Set<string>();
    for (const edge of this.edgesOf(shapeId)) {
      const other = edge.source === shapeId ? edge.target : edge.source;
      // A loose end or a container is no neighbouring shape.
      if (this.shape(other)) out.add(other);
    }
    out.delete(shapeId);
    return out;
  }

  membersOf(groupId: string): ShapeRecord[] {
    const ids = this.index.membersByGroup.get(groupId);
    if (!ids) return [];
    return [...ids].map((id) => this.shape(id)!).sort(byOrder);
  }

  /**
   * A group's bounds: its members', or for a container read from a file its own frame, grown
   * to hold a member that left it.
   */
  groupBounds(groupId: string): Rect | undefined {
    const frame = this.group(groupId)?.frame;
    return boundsOf(frame ? [frame, ...this.membersOf(groupId)] : this.membersOf(groupId));
  }

  /** The groups nested directly in a group (containers in containers, from files). */
  childGroups(groupId: string): GroupRecord[] {
    const group = this.group(groupId);
    if (!group) return [];
    return [...this.pageIndex(group.pageId).groups.values()].filter((g) => g.parentId === groupId).sort(byOrder);
  }

  /** A group and every group nested in it, however deep (a loop is cut where it closes). */
  groupsWithin(groupId: string): GroupRecord[] {
    const group = this.group(groupId);
    if (!group) return [];
    const children = new Map<string, GroupRecord[]>();
    for (const g of this.pageIndex(group.pageId).groups.values()) {
      if (g.parentId === undefined) continue;
      pushTo(children, g.parentId, g);
    }
    const found = new Map<string, GroupRecord>([[group.id, group]]);
    const pending = [group];
    while (pending.length > 0) {
      for (const child of children.get(pending.pop()!.id) ?? []) {
        if (found.has(child.id)) continue;
        found.set(child.id, child);
        pending.push(child);
      }
    }
    return [...found.values()];
  }

  /** The shapes in a group and in the groups nested in it. */
  shapesWithin(groupId: string): ShapeRecord[] {
    return this.groupsWithin(groupId)
      .flatMap((g) => this.membersOf(g.id))
      .sort(byOrder);
  }

  customType(name: string): CustomTypeRecord | undefined {
    return this.store.get<CustomTypeRecord>(CUSTOM_TYPE_PREFIX + name.toLowerCase());
  }

  customTheme(name: string): CustomThemeRecord | undefined {
    return this.store.get<CustomThemeRecord>(CUSTOM_THEME_PREFIX + name.toLowerCase());
  }

  customTypes(): CustomTypeRecord[] {
    return this.store.all<CustomTypeRecord>('customType');
  }

  customThemes(): CustomThemeRecord[] {
    return this.store.all<CustomThemeRecord>('customTheme');
  }

  /** The page's newest shape (highest order), the fallback anchor for placement. */
  newestShape(pageId: string): ShapeRecord | undefined {
    let newest: ShapeRecord | undefined;
    for (const shape of this.pageIndex(pageId).shapes.values()) if (!newest || shape.order > newest.order) newest = shape;
    return newest;
  }
}
