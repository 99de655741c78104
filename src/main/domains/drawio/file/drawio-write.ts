/**
 * Writing records as a `.drawio` file that diagrams.net opens. A cell read from a file is written
 * back from the file's own XML (`FileCell.source`), changed only where its record now says
 * something else than it read (see drawio-patch.ts): an untouched cell comes back exactly as it
 * was, an edited one changes in the attributes, style keys and geometry the edit changed. Cells
 * made here are written as diagrams.net writes them. Foreign records go back in their place.
 * Cells come out as diagrams.net orders them: each parent before its children, siblings in z-order.
 *
 * What draw.io has no word for is written only where this studio made or named the thing:
 * - in a file this studio wrote (never in a person's file), on the first page's root cell wrapped
 *   in `<object>`: `tandemTitle`, `tandemFlow`, `tandemTypes`, `tandemThemes` (JSON), and
 *   `tandemActiveLayer` on a page whose active layer is not its first;
 * - `tandemAlias` / `tandemName` on a shape or group someone named here (a name that is not what
 *   its label alone gives);
 * - in the style of a cell made or restyled here, only when the style alone would read back
 *   differently: `tandemType`, `tandemLine`, and the markers `tandemGroup=1` and `tandemBadge=POS`;
 * - badges are small text cells inside their shape, so diagrams.net shows them at the corners.
 */
import {
  BADGE_STYLE,
  GRAPH_MODEL_ATTRIBUTES,
  ROOT_CELL_ID,
  STUDIO_MXFILE_ATTRIBUTES,
  asRead,
  baseTypeOf,
  cellRefs,
  formatNumber,
  labelCellsText,
  labelValue,
  madeUpLayerName,
  modeledGroupStyle,
  modeledShapeStyle,
  nameFromText,
  ownFields,
} from './drawio-cells';
import { pushTo } from '../../../../shared/list-map';
import {
  EDGE_FEATURES,
  Palettes,
  SHAPE_FEATURES,
  Tandem,
  edgeStyle,
  groupFeatures,
  parseStyle,
  shapeFieldsOfStyle,
  styleNumber,
  type Style,
} from './drawio-style';
import { withAttribute } from './drawio-patch';
import { type Facts, type StyleRule, boxAttributes, newCellNode, patchedCellNode, relative, sameFields } from './drawio-write-cells';
import { type BuilderNode, buildXml, deflatePage, element, nodeElement, textNode, xmlNodeOf } from './drawio-xml';
import { nestGroups, type Nesting, type Point, type Rect } from '../../../../shared/drawio/geometry';
import { groupBounds, groupFrame, readBoxOf } from '../../../../shared/drawio/group-bounds';
import { isStudioGroup, studioTitleSpacing } from '../../../../shared/drawio/render/group-title';
import { type RelativeParent, offsetFor, relativeGeometryOf } from './relative-geometry';
import { attribute, fileStyleText, innerCell } from '../../../../shared/drawio/model';
import type {
  Attribute,
  CustomThemeRecord,
  CustomTypeRecord,
  DrawioRecord,
  EdgeRecord,
  FileCell,
  ForeignRecord,
  GroupRecord,
  LayerRecord,
  MetaRecord,
  PageRecord,
  ShapeRecord,
} from '../../../../shared/drawio/model';

/** Where an empty group's container goes (it has no members to surround). */
const EMPTY_GROUP_BOUNDS: Rect = { x: 0, y: 0, w: 160, h: 80 };
const BADGE_HEIGHT = 18;

/** The records of one document, by kind, each list in `order`. */
class DocumentRecords {
  meta: MetaRecord | undefined;
  readonly pages: PageRecord[] = [];
  readonly layers: LayerRecord[] = [];
  readonly groups: GroupRecord[] = [];
  readonly shapes: ShapeRecord[] = [];
  readonly edges: EdgeRecord[] = [];
  readonly foreign: ForeignRecord[] = [];
  readonly customTypes = new Map<string, CustomTypeRecord>();
  readonly customThemes: CustomThemeRecord[] = [];

  constructor(records: readonly DrawioRecord[]) {
    for (const record of records) {
      switch (record.kind) {
        case 'meta':
          this.meta = record;
          break;
        case 'page':
          this.pages.push(record);
          break;
        case 'layer':
          this.layers.push(record);
          break;
        case 'group':
          this.groups.push(record);
          break;
        case 'shape':
          this.shapes.push(record);
          break;
        case 'edge':
          this.edges.push(record);
          break;
        case 'foreign':
          this.foreign.push(record);
          break;
        case 'customType':
          this.customTypes.set(record.name, record);
          break;
        case 'customTheme':
          this.customThemes.push(record);
          break;
      }
    }
    for (const list of [this.pages, this.layers, this.groups, this.shapes, this.edges, this.foreign]) {
      list.sort((a, b) => a.order - b.order);
    }
  }

  onPage<T extends { pageId: string }>(list: readonly T[], pageId: string): T[] {
    return list.filter((record) => record.pageId === pageId);
  }
}

export function writeDrawioFile(records: readonly DrawioRecord[]): string {
  const doc = new DocumentRecords(records);
  const palettes = new Palettes(doc.customThemes);
  const pages: readonly PageRecord[] =
    doc.pages.length > 0 ? doc.pages : [{ id: 'p1', kind: 'page', name: 'Page-1', order: 1, activeLayerId: '' }];
  // A file that was a bare <mxGraphModel> stays one while it has one page.
  if (doc.meta?.file?.bareModel && pages.length === 1) return `${buildXml([new PageWriter(doc, palettes, pages[0], true).model()])}\n`;
  const diagrams = pages.map((page, index) => new PageWriter(doc, palettes, page, index === 0).diagram());
  const mxfile = element('mxfile', doc.meta?.file?.attributes ?? STUDIO_MXFILE_ATTRIBUTES, diagrams);
  return `${buildXml([mxfile])}\n`;
}

/** A file this studio wrote (or a new document): the only kind that carries the studio's own data. */
function isStudioFile(doc: DocumentRecords): boolean {
  return doc.meta?.file?.attributes === undefined;
}

/** Title, flow and definitions: the document-wide data, kept on the first page's root cell. */
function documentData(doc: DocumentRecords): Attribute[] {
  const data: Attribute[] = [];
  // Left out where reading the file back would give them anyway.
  if (doc.meta && doc.meta.title !== doc.meta.file?.nameTitle) data.push([Tandem.title, doc.meta.title]);
  if (doc.meta && doc.meta.flow !== 'TB') data.push([Tandem.flow, doc.meta.flow]);
  if (doc.customTypes.size > 0) {
    data.push([Tandem.types, JSON.stringify([...doc.customTypes.values()].map(({ id: _id, kind: _kind, ...rest }) => rest))]);
  }
  if (doc.customThemes.length > 0) {
    data.push([Tandem.themes, JSON.stringify(doc.customThemes.map(({ id: _id, kind: _kind, ...rest }) => rest))]);
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// One page

/** A cell on its way out: where it goes in the tree and its nodes (with fixed children: badges, labels). */
interface Entry {
  readonly id: string;
  readonly parent: string;
  readonly order: number;
  readonly nodes: BuilderNode[];
}

/** A record's parent cell, the origin its coordinates are relative to, and the parent's box (for relative geometry). */
interface Place {
  readonly parent: string;
  readonly origin: Point;
  readonly frame: RelativeParent;
}

/** A layer as a relative vertex's parent: no size, so only the offset places the vertex. */
const LAYER_FRAME: RelativeParent = { origin: { x: 0, y: 0 }, at: { x: 0, y: 0 }, w: 0, h: 0, rotation: 0 };

/**
 * The geometry a vertex is written with at `rect` in `place`: x, y, width and height relative to its
 * parent, or, for a cell the file placed by its parent's size, the file's fractions kept and the
 * offset that puts it at `rect` (so diagrams.net shows a moved cell where it was dropped).
 */
function vertexGeometry(file: FileCell | undefined, rect: Point & { w?: number; h?: number }, place: Place): Pick<Facts, 'box' | 'offset'> {
  const cell = file && innerCell(file.source);
  const relative = relativeGeometryOf(cell?.children.find((child) => child.tag === 'mxGeometry' && attribute(child, 'as') !== 'alternateBounds'));
  if (!relative) return { box: boxAttributes({ ...rect, x: rect.x - place.origin.x, y: rect.y - place.origin.y }) };
  return { box: boxAttributes({ ...relative.fraction, w: rect.w, h: rect.h }), offset: offsetFor(relative.fraction, rect, { w: rect.w ?? 0, h: rect.h ?? 0 }, place.frame) };
}

class PageWriter {
  private readonly layers: LayerRecord[];
  private readonly groups: GroupRecord[];
  private readonly shapes: ShapeRecord[];
  private readonly edges: EdgeRecord[];
  private readonly foreign: ForeignRecord[];
  private readonly rootId: string;
  /** Record id -> the cell id it is written with. */
  private readonly cellIds = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly groupById = new Map<string, GroupRecord>();
  private readonly shapeById = new Map<string, ShapeRecord>();
  private readonly groupByCellId = new Map<string, GroupRecord>();
  private readonly nesting: Nesting<GroupRecord>;
  /** Each group's bounds as written, in page coordinates. */
  private readonly groupBounds = new Map<string, Rect>();
  /** Groups written elsewhere than their file had them (or made here): what lies in them moves in the file. */
  private readonly shiftedGroups = new Set<string>();
  /** Every record read from the file is written with the cell id it had. */
  private idsAsRead = true;
  private firstLayerCell = '';

  constructor(
    private readonly doc: DocumentRecords,
    private readonly palettes: Palettes,
    private readonly page: PageRecord,
    private readonly isFirstPage: boolean,
  ) {
    this.layers = doc.onPage(doc.layers, page.id);
    this.groups = doc.onPage(doc.groups, page.id);
    this.shapes = doc.onPage(doc.shapes, page.id);
    this.edges = doc.onPage(doc.edges, page.id);
    this.foreign = doc.onPage(doc.foreign, page.id);
    for (const group of this.groups) this.groupById.set(group.id, group);
    for (const shape of this.shapes) this.shapeById.set(shape.id, shape);
    const root = page.file?.root;
    this.rootId = (root && cellRefs(root).id) ?? ROOT_CELL_ID;
    this.assignIds();
    for (const group of this.groups) this.groupByCellId.set(this.cellId(group.id), group);
    this.nesting = nestGroups(this.groups);
    this.measureGroups();
  }

  /** Cell ids: the file's where a record has one and it is free, the record id otherwise. */
  private assignIds(): void {
    this.taken.add(this.rootId);
    for (const record of this.foreign) {
      const id = cellRefs(record.xml).id;
      if (id !== undefined) this.taken.add(id);
    }
    const records = [...this.layers, ...this.groups, ...this.shapes, ...this.edges];
    const later: typeof records = [];
    for (const record of records) {
      const wanted = record.file?.id;
      if (wanted !== undefined && !this.taken.has(wanted)) this.claim(record.id, wanted);
      else later.push(record);
    }
    for (const record of later) {
      let id = record.id;
      for (let n = 2; this.taken.has(id); n++) id = `${record.id}-${n}`;
      this.claim(record.id, id, record.file ? (record.file.id ?? record.id) : undefined);
    }
  }

  private claim(recordId: string, cellId: string, fileId?: string): void {
    if (fileId !== undefined && cellId !== fileId) this.idsAsRead = false;
    this.cellIds.set(recordId, cellId);
    this.taken.add(cellId);
  }

  private cellId(recordId: string): string {
    return this.cellIds.get(recordId) ?? recordId;
  }

  /** The group a group lies in, when that group is on the page (and the chain up does not loop). */
  private parentGroup(group: GroupRecord): GroupRecord | undefined {
    return this.nesting.parentOf.get(group.id);
  }

  /** Bounds of every group (see group-bounds.ts); a group made here surrounds its members with room for its label. */
  private measureGroups(): void {
    const surround = (members: readonly Rect[]): Rect => groupFrame(members) ?? EMPTY_GROUP_BOUNDS;
    for (const [id, bounds] of groupBounds(this.groups, this.shapes, surround)) this.groupBounds.set(id, bounds);
    for (const group of this.groups) {
      const read = readBoxOf(group);
      const bounds = this.groupBounds.get(group.id)!;
      const same = (a: number | undefined, b: number) => a !== undefined && formatNumber(a) === formatNumber(b);
      if (!read || !same(read.x, bounds.x) || !same(read.y, bounds.y) || !same(read.w, bounds.w) || !same(read.h, bounds.h)) this.shiftedGroups.add(group.id);
    }
  }

  /**
   * A record no edit touched, lying where it lay (its container not moved): its cell is written
   * exactly as read, without working out what the model would write.
   */
  private untouched(record: GroupRecord | ShapeRecord | EdgeRecord, containerId: string | undefined): boolean {
    const file = record.file;
    if (!file || !this.idsAsRead || (containerId !== undefined && this.shiftedGroups.has(containerId))) return false;
    if (record.kind === 'group' && (this.shiftedGroups.has(record.id) || this.titleMoved(record))) return false;
    return !file.read || sameFields(ownFields(record), file.read);
  }

  /** The spacingLeft a group's title has in its file. */
  private readTitleSpacing(group: GroupRecord): string | undefined {
    return parseStyle(fileStyleText(group.file) ?? '').get('spacingLeft');
  }

  /**
   * The spacingLeft a group's title is written with: for a group the studio made, clear of the
   * edges crossing its frame's top line (see group-title); a file's own group keeps its file's.
   */
  private titleSpacing(group: GroupRecord): string | undefined {
    if (!isStudioGroup(group)) return this.readTitleSpacing(group);
    return formatNumber(studioTitleSpacing(group, this.groupBounds.get(group.id)!, this.shapeById, this.edges));
  }

  /** Whether the studio's group's title goes elsewhere than its file has it (an edge now crosses it, say). */
  private titleMoved(group: GroupRecord): boolean {
    return isStudioGroup(group) && this.titleSpacing(group) !== this.readTitleSpacing(group);
  }

  /** The page's `<mxGraphModel>`. */
  model(): BuilderNode {
    return element('mxGraphModel', this.page.file?.model ?? GRAPH_MODEL_ATTRIBUTES, [element('root', {}, this.cells())]);
  }

  diagram(): BuilderNode {
    const model = this.model();
    const kept = this.page.file?.diagram;
    let attributes: Attribute[] = [['id', this.page.id], ['name', this.page.name]];
    if (kept) attributes = this.page.file?.name === this.page.name ? [...kept] : withAttribute(kept, 'name', this.page.name, ['id', 'name']);
    // draw.io compresses the model's XML without line breaks or indentation.
    if (this.page.file?.compressed) return element('diagram', attributes, [textNode(deflatePage(buildXml([model], false)))]);
    return element('diagram', attributes, [model]);
  }

  private cells(): BuilderNode[] {
    const layerCells = this.layerEntries();
    const entries: Entry[] = [...layerCells];
    this.firstLayerCell = layerCells[0].id;

    for (const group of this.groups) entries.push(this.groupEntry(group));
    const ends = new Set<string>(['', ...this.groups.map((group) => group.id)]);
    for (const shape of this.shapes) {
      ends.add(shape.id);
      entries.push(this.shapeEntry(shape));
    }
    for (const edge of this.edges) {
      // An edge is written only with both its ends (a shape, a container or a loose end's point).
      if (ends.has(edge.source) && ends.has(edge.target)) entries.push(this.edgeEntry(edge));
    }
    for (const entry of this.foreignEntries(entries)) entries.push(entry);

    const below = new Map<string, Entry[]>();
    for (const entry of entries) pushTo(below, entry.parent, entry);
    for (const list of below.values()) list.sort((a, b) => a.order - b.order);
    const out: BuilderNode[] = [this.rootNode()];
    const emitted = new Set<Entry>();
    const stack = [...(below.get(this.rootId) ?? [])].reverse();
    while (stack.length > 0) {
      const entry = stack.pop()!;
      if (emitted.has(entry)) continue;
      emitted.add(entry);
      for (const node of entry.nodes) out.push(node);
      const children = below.get(entry.id);
      if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
    // Cells in a parent loop (kept as a file had them) hang from no layer: they go last, as they were.
    for (const entry of entries) if (!emitted.has(entry)) for (const node of entry.nodes) out.push(node);
    return out;
  }

  /** A person's file keeps its root cell as it was; a file of this studio's carries the document's data on it. */
  private rootNode(): BuilderNode {
    const root = this.page.file?.root;
    if (!isStudioFile(this.doc)) return root ? nodeElement(root) : element('mxCell', [['id', this.rootId]]);
    const data: Attribute[] = this.isFirstPage ? documentData(this.doc) : [];
    const active = this.layers.find((layer) => layer.id === this.page.activeLayerId);
    if (active && active !== this.layers[0]) data.push([Tandem.activeLayer, this.cellId(active.id)]);
    if (data.length === 0) return element('mxCell', [['id', this.rootId]]);
    return element('object', [['label', ''], ...data, ['id', this.rootId]], [element('mxCell', [])]);
  }

  private layerEntries(): Entry[] {
    if (this.layers.length === 0) {
      const id = `${this.page.id}-layer`;
      return [{ id, parent: this.rootId, order: 0, nodes: [element('mxCell', [['id', id], ['value', ''], ['parent', this.rootId]])] }];
    }
    const rule: StyleRule = { features: [] };
    return this.layers.map((layer, index) => {
      const id = this.cellId(layer.id);
      const facts = (record: LayerRecord): Facts => ({
        value: () => (record.file?.unnamed && record.name === madeUpLayerName(index) ? undefined : record.name),
        style: new Map(),
        attributes: [
          ['parent', this.rootId],
          ['visible', record.visible ? undefined : '0'],
        ],
        data: [],
      });
      const node = layer.file ? patchedCellNode(layer.file, id, facts(layer), facts(asRead(layer)), rule) : newCellNode(id, facts(layer), undefined);
      return { id, parent: this.rootId, order: layer.order, nodes: [node] };
    });
  }

  /**
   * A style as the model gives it, without the studio's marks (`tandemType`, `tandemLine`,
   * `tandemGroup`) in a person's file: there they would only be bookkeeping, and the cell reads
   * back meaning the same without them. A badge keeps its mark: without it, it would read back as
   * a shape inside a shape.
   */
  private ownMarks(style: Style): Style {
    if (isStudioFile(this.doc)) return style;
    for (const key of [Tandem.typeStyle, Tandem.lineStyle, Tandem.groupStyle]) style.delete(key);
    return style;
  }

  private layerCellOf(layerId: string): string {
    return this.layers.some((layer) => layer.id === layerId) ? this.cellId(layerId) : this.firstLayerCell;
  }

  /** Where a record in group `groupId` (else on layer `layerId`) goes; `asRead` for where it was read. */
  private place(groupId: string | undefined, layerId: string, readPlace = false): Place {
    const group = groupId !== undefined ? this.groupById.get(groupId) : undefined;
    if (groupId === undefined || !group) {
      return { parent: groupId !== undefined && readPlace ? groupId : this.layerCellOf(layerId), origin: { x: 0, y: 0 }, frame: LAYER_FRAME };
    }
    const box = (readPlace ? readBoxOf(group) : undefined) ?? this.groupBounds.get(group.id)!;
    const origin = { x: box.x, y: box.y };
    const rotation = styleNumber(parseStyle(fileStyleText(group.file) ?? ''), 'rotation') ?? 0;
    return { parent: this.cellId(group.id), origin, frame: { origin, at: origin, w: box.w ?? 0, h: box.h ?? 0, rotation } };
  }

  private groupEntry(group: GroupRecord): Entry {
    const facts = (record: GroupRecord, readPlace: boolean): Facts => {
      const bounds = readPlace ? (readBoxOf(record) ?? this.groupBounds.get(group.id)!) : this.groupBounds.get(group.id)!;
      const parentGroup = readPlace ? record.parentId : this.parentGroup(record)?.id;
      const place = this.place(parentGroup, record.layerId, readPlace);
      const { parent } = place;
      const style = this.ownMarks(modeledGroupStyle(record, this.palettes));
      // As read, the title where the file has it; now, where the studio puts it.
      const spacing = readPlace ? this.readTitleSpacing(record) : this.titleSpacing(record);
      if (spacing !== undefined) style.set('spacingLeft', spacing);
      return {
        value: (written) => labelValue(record.text, record.html, written),
        style,
        attributes: [['parent', parent]],
        ...vertexGeometry(record.file, bounds, place),
        data: [[Tandem.groupName, record.name !== nameFromText(record.text, 'group') ? record.name : undefined]],
        name: record.name,
      };
    };
    const id = this.cellId(group.id);
    const parentGroup = this.parentGroup(group)?.id;
    if (this.untouched(group, parentGroup)) {
      return { id, parent: this.place(parentGroup, group.layerId).parent, order: group.order, nodes: [nodeElement(group.file!.source)] };
    }
    const now = facts(group, false);
    const rule: StyleRule = { features: groupFeatures(this.palettes) };
    const node = group.file ? patchedCellNode(group.file, id, now, facts(asRead(group), true), rule) : newCellNode(id, now, 'vertex');
    return { id, parent: now.attributes[0][1]!, order: group.order, nodes: [node] };
  }

  private shapeEntry(shape: ShapeRecord): Entry {
    const facts = (record: ShapeRecord, readPlace: boolean): Facts => {
      const place = this.place(record.groupId, record.layerId, readPlace);
      return {
        value: (written) => labelValue(record.text, record.html, written),
        style: this.ownMarks(modeledShapeStyle(record, this.doc.customTypes, this.palettes)),
        attributes: [['parent', place.parent]],
        ...vertexGeometry(record.file, record, place),
        data: [[Tandem.alias, record.alias !== nameFromText(record.text, record.type) ? record.alias : undefined]],
        name: record.alias,
      };
    };
    const id = this.cellId(shape.id);
    if (this.untouched(shape, shape.groupId)) {
      const nodes = [shape.file!.source, ...(shape.file!.badges ?? [])].map(nodeElement);
      return { id, parent: this.place(shape.groupId, shape.layerId).parent, order: shape.order, nodes };
    }
    const now = facts(shape, false);
    let node: BuilderNode;
    let badges: BuilderNode[];
    if (shape.file) {
      const read = asRead(shape);
      const rule: StyleRule = { features: SHAPE_FEATURES, ...(read.type !== shape.type && isStudioFile(this.doc) && { retype: shape.type }) };
      node = patchedCellNode(shape.file, id, now, facts(read, true), rule);
      badges = JSON.stringify(read.badges) === JSON.stringify(shape.badges) && id === (shape.file.id ?? shape.id) ? (shape.file.badges ?? []).map(nodeElement) : badgeNodes(shape, id);
    } else if (shape.paletteStyle !== undefined) {
      // A library shape: written with its palette's style, changed where the model now holds other
      // than that style gives (a restyle, a new theme), as a file's cell is.
      const palette = parseStyle(shape.paletteStyle);
      const made = facts({ ...shape, ...shapeFieldsOfStyle(palette, baseTypeOf(shape.type, this.doc.customTypes), this.palettes) }, false);
      const source = xmlNodeOf(newCellNode(id, { ...made, style: palette }, 'vertex'));
      node = patchedCellNode({ source }, id, now, made, { features: SHAPE_FEATURES });
      badges = badgeNodes(shape, id);
    } else {
      node = newCellNode(id, now, 'vertex');
      badges = badgeNodes(shape, id);
    }
    return { id, parent: now.attributes[0][1]!, order: shape.order, nodes: [node, ...badges] };
  }

  private edgeEntry(edge: EdgeRecord): Entry {
    // An edge inside a container stays there while the container does.
    const container = edge.file?.parent !== undefined ? this.groupByCellId.get(edge.file.parent) : undefined;
    const labels = edge.file?.labels ?? [];
    const facts = (record: EdgeRecord, readPlace: boolean): Facts => {
      const { parent, origin } = this.place(container?.id, record.layerId, readPlace);
      const labelsStay = readPlace || !record.file?.labelInCells || record.label === labelCellsText(labels);
      return {
        value: (written) => (record.file?.labelInCells && labelsStay ? '' : labelValue(record.label, record.html, written)),
        style: this.ownMarks(edgeStyle(record)),
        attributes: [
          ['parent', parent],
          ['source', record.source === '' ? undefined : this.cellId(record.source)],
          ['target', record.target === '' ? undefined : this.cellId(record.target)],
        ],
        ...(record.points && { points: relative(record.points, origin) }),
        endPoints: {
          ...(record.sourcePoint && { sourcePoint: relative([record.sourcePoint], origin)![0] }),
          ...(record.targetPoint && { targetPoint: relative([record.targetPoint], origin)![0] }),
        },
        data: [],
      };
    };
    const id = this.cellId(edge.id);
    if (this.untouched(edge, container?.id)) {
      return { id, parent: this.place(container?.id, edge.layerId).parent, order: edge.order, nodes: [edge.file!.source, ...labels].map(nodeElement) };
    }
    const now = facts(edge, false);
    const node = edge.file ? patchedCellNode(edge.file, id, now, facts(asRead(edge), true), { features: EDGE_FEATURES }) : newCellNode(id, now, 'edge');
    const labelsStay = !edge.file?.labelInCells || edge.label === labelCellsText(labels);
    return { id, parent: now.attributes[0][1]!, order: edge.order, nodes: [node, ...(labelsStay ? labels.map(nodeElement) : [])] };
  }

  /**
   * Foreign cells, except those whose parent is gone (a part of a shape removed since), and with
   * them whatever hung on those. An edge whose end is gone stays: diagrams.net shows it loose.
   */
  private foreignEntries(written: readonly Entry[]): Entry[] {
    const alive = new Set<string>([this.rootId, ...written.map((entry) => entry.id)]);
    for (const shape of this.shapes) shape.badges.forEach((_badge, index) => alive.add(`${this.cellId(shape.id)}-badge${index + 1}`));
    for (const edge of this.edges) for (const label of edge.file?.labels ?? []) {
      const id = cellRefs(label).id;
      if (id !== undefined) alive.add(id);
    }
    for (const shape of this.shapes) for (const badge of shape.file?.badges ?? []) {
      const id = cellRefs(badge).id;
      if (id !== undefined) alive.add(id);
    }
    const refs = this.foreign.map((record) => ({ record, ...cellRefs(record.xml) }));
    for (const ref of refs) if (ref.id !== undefined) alive.add(ref.id);
    // Who lies in whom, so that a dead cell takes exactly what lies in it.
    const dependents = new Map<string, typeof refs>();
    const dead: string[] = [];
    for (const ref of refs) {
      if (ref.parent === undefined) continue;
      pushTo(dependents, ref.parent, ref);
      if (!alive.has(ref.parent) && ref.id !== undefined && !ref.record.parentMissing) dead.push(ref.id);
    }
    const killed = new Set<string>();
    while (dead.length > 0) {
      const id = dead.pop()!;
      if (killed.has(id)) continue;
      killed.add(id);
      alive.delete(id);
      for (const dependent of dependents.get(id) ?? []) if (dependent.id !== undefined) dead.push(dependent.id);
    }
    return refs
      .filter((ref) => ref.id === undefined || !killed.has(ref.id))
      .map((ref) => ({ id: ref.id ?? '', parent: ref.parent ?? this.rootId, order: ref.record.order, nodes: [nodeElement(ref.record.xml)] }));
  }

}

/** Badges as small labels centred on the shape's corners (geometry relative to the shape). */
function badgeNodes(shape: ShapeRecord, shapeCellId: string): BuilderNode[] {
  return shape.badges.map((badge, index) => {
    const width = Math.max(BADGE_HEIGHT, badge.text.length * 7 + 12);
    const [vertical, horizontal] = badge.pos.split('-');
    const style = parseStyle(BADGE_STYLE);
    style.set(Tandem.badgeStyle, badge.pos);
    const facts: Facts = {
      value: (written) => labelValue(badge.text, undefined, written),
      style,
      attributes: [['parent', shapeCellId]],
      box: boxAttributes({
        x: (horizontal === 'right' ? shape.w : 0) - width / 2,
        y: (vertical === 'bottom' ? shape.h : 0) - BADGE_HEIGHT / 2,
        w: width,
        h: BADGE_HEIGHT,
      }),
      data: [],
    };
    return newCellNode(`${shapeCellId}-badge${index + 1}`, facts, 'vertex', { connectable: false });
  });
}
