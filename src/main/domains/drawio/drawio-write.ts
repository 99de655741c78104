/**
 * Writing records as a `.drawio` file that diagrams.net opens. What the model holds is written as
 * diagrams.net writes it; what a record's `file` kept (see drawio-cells.ts) is written back
 * unchanged, and foreign records go back in their place. Cells come out as diagrams.net orders
 * them: each parent before its children, siblings in z-order.
 *
 * What draw.io has no word for travels in places diagrams.net keeps and ignores:
 * - on each page's root cell (cell 0), wrapped in `<object>` (the cell "Edit Data" edits when
 *   nothing is selected): `tandemTitle`, `tandemFlow`, `tandemTypes`, `tandemThemes` (JSON) on the
 *   first page, `tandemActiveLayer` on any page whose active layer is not its first;
 * - on a shape or group wrapped in `<object>`: `tandemAlias` / `tandemName`, only when the name is
 *   not what the label alone would give;
 * - in style strings, only when the style alone would read back differently: `tandemType` (custom
 *   type, or a box/svc whose rounding was overridden), `tandemLine` (e.g. `orthogonal`), and the
 *   markers `tandemGroup=1` (group container) and `tandemBadge=POS` (badge cell);
 * - badges are small text cells inside their shape, so diagrams.net shows them at the corners.
 */
import {
  BADGE_STYLE,
  GRAPH_MODEL_ATTRIBUTES,
  ROOT_CELL_ID,
  STUDIO_MXFILE_ATTRIBUTES,
  cellRefs,
  formatNumber,
  labelCellsText,
  labelValue,
  madeUpLayerName,
  markType,
  modeledGroupStyle,
  modeledShapeStyle,
  nameFromText,
  push,
} from './drawio-cells';
import {
  EDGE_FEATURES,
  Palettes,
  SHAPE_FEATURES,
  Tandem,
  edgeStyle,
  formatStyle,
  groupFeatures,
  mergeStyle,
  parseStyle,
  type Style,
  type StyleFeature,
} from './drawio-style';
import { type BuilderNode, buildXml, deflatePage, element, nodeElement, textNode } from './drawio-xml';
import { boundsOf, nestGroups, type Nesting, type Point, type Rect } from './geometry';
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
  XmlNode,
} from './model';

const GROUP_PADDING = 20;
/** Extra room above the members for the group's label. */
const GROUP_LABEL_SPACE = 20;
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
  const diagrams = pages.map((page, index) => new PageWriter(doc, palettes, page, index === 0).diagram());
  const mxfile = element('mxfile', doc.meta?.file?.attributes ?? STUDIO_MXFILE_ATTRIBUTES, diagrams);
  return `${buildXml([mxfile])}\n`;
}

/** Title, flow and definitions: the document-wide data, kept on the first page's root cell. */
function documentData(doc: DocumentRecords): Attribute[] {
  const data: Attribute[] = [];
  // Left out where reading the file back would give them anyway: a file keeps its untouched root cell.
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
// Cells

interface CellSpec {
  id: string;
  value?: string;
  style?: string;
  parent?: string;
  vertex?: boolean;
  edge?: boolean;
  connectable?: boolean;
  source?: string;
  target?: string;
  visible?: boolean;
  geometry?: BuilderNode;
  /** Wrapper attributes besides label and id; with any, the cell is wrapped in `<object>`. */
  data?: readonly Attribute[];
  /** What `file` kept for the cell. */
  file?: FileCell;
}

function cellNode(spec: CellSpec): BuilderNode {
  const file = spec.file;
  const cellAttributes: Attribute[] = [];
  const add = (name: string, value: string | undefined) => {
    if (value !== undefined) cellAttributes.push([name, value]);
  };
  add('style', spec.style);
  add('vertex', spec.vertex ? '1' : undefined);
  add('edge', spec.edge ? '1' : undefined);
  add('connectable', spec.connectable === false ? '0' : undefined);
  add('parent', spec.parent);
  add('source', spec.source);
  add('target', spec.target);
  add('visible', spec.visible === false ? '0' : undefined);
  for (const [name, value] of file?.attributes ?? []) add(name, value);
  const children = [...(spec.geometry ? [spec.geometry] : []), ...(file?.children ?? []).map(nodeElement)];
  const data = [...(file?.data ?? []), ...(spec.data ?? [])];
  const wrapper = file?.wrapper ?? (data.length > 0 ? 'object' : undefined);
  if (wrapper === undefined) {
    return element('mxCell', [['id', spec.id], ...(spec.value !== undefined ? [['value', spec.value] as const] : []), ...cellAttributes], children);
  }
  return element(wrapper, [['label', spec.value ?? ''], ...data, ['id', spec.id]], [element('mxCell', cellAttributes, children)]);
}

/** diagrams.net leaves out a coordinate that is 0. */
function coordinate(n: number): string | undefined {
  return n === 0 ? undefined : formatNumber(n);
}

function vertexGeometry(box: Rect, file: FileCell | undefined): BuilderNode {
  const attributes: Array<readonly [string, string | undefined]> = [
    ['x', coordinate(box.x)],
    ['y', coordinate(box.y)],
    ['width', formatNumber(box.w)],
    ['height', formatNumber(box.h)],
    ...(file?.geometry?.attributes ?? []),
    ['as', 'geometry'],
  ];
  return element('mxGeometry', attributes.filter((a): a is Attribute => a[1] !== undefined), (file?.geometry?.children ?? []).map(nodeElement));
}

/** An edge's geometry: relative, with its waypoints after any end points and before a label offset. */
function edgeGeometry(points: readonly Point[] | undefined, origin: Point, file: FileCell | undefined): BuilderNode {
  const kept = (file?.geometry?.children ?? []).map((child) => ({ child, node: nodeElement(child) }));
  const children = kept.map(({ node }) => node);
  if (points && points.length > 0) {
    const array = element(
      'Array',
      { as: 'points' },
      points.map((p) => element('mxPoint', { x: coordinate(p.x - origin.x), y: coordinate(p.y - origin.y) })),
    );
    const endPoint = (child: XmlNode) => child.tag === 'mxPoint' && ['sourcePoint', 'targetPoint'].includes(attributeOf(child, 'as') ?? '');
    const at = kept.findIndex(({ child }) => !endPoint(child));
    children.splice(at < 0 ? children.length : at, 0, array);
  }
  return element('mxGeometry', [['relative', '1'], ...(file?.geometry?.attributes ?? []), ['as', 'geometry']], children);
}

function attributeOf(node: XmlNode, name: string): string | undefined {
  return node.attributes.find(([key]) => key === name)?.[1];
}

/**
 * The model's style for a record, merged into the one its file had (if it had one); the file's
 * text itself while nothing the model holds changed.
 */
function styleFor(modeled: Style, file: FileCell | undefined, features: readonly StyleFeature[], type?: string): { style: Style; text: string } {
  if (file?.style === undefined) return { style: modeled, text: formatStyle(modeled) };
  const kept = parseStyle(file.style);
  const style = mergeStyle(kept, modeled, features);
  if (type !== undefined) markType(style, type);
  const text = formatStyle(style);
  return { style, text: text === formatStyle(kept) ? file.style : text };
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
  private readonly groupByCellId = new Map<string, GroupRecord>();
  private readonly nesting: Nesting<GroupRecord>;
  /** Each group's bounds as written, in page coordinates. */
  private readonly groupBounds = new Map<string, Rect>();

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
    this.rootId = page.file?.root?.id ?? ROOT_CELL_ID;
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
      this.claim(record.id, id);
    }
  }

  private claim(recordId: string, cellId: string): void {
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

  /**
   * Bounds of every group, innermost first: a container from a file keeps its frame and grows
   * only to hold what left it; a group made here surrounds its members with room for its label.
   */
  private measureGroups(): void {
    const { depth } = this.nesting;
    const inner = new Map<string, Rect[]>();
    for (const shape of this.shapes) if (shape.groupId !== undefined && this.groupById.has(shape.groupId)) push(inner, shape.groupId, shape);
    const deepestFirst = [...this.groups].sort((a, b) => depth.get(b.id)! - depth.get(a.id)!);
    for (const group of deepestFirst) {
      const contents = inner.get(group.id) ?? [];
      let bounds: Rect;
      if (group.frame) bounds = boundsOf([group.frame, ...contents])!;
      else {
        const box = boundsOf(contents);
        bounds = box
          ? {
              x: box.x - GROUP_PADDING,
              y: box.y - GROUP_PADDING - GROUP_LABEL_SPACE,
              w: box.w + 2 * GROUP_PADDING,
              h: box.h + 2 * GROUP_PADDING + GROUP_LABEL_SPACE,
            }
          : EMPTY_GROUP_BOUNDS;
      }
      this.groupBounds.set(group.id, bounds);
      const parent = this.parentGroup(group);
      if (parent) push(inner, parent.id, bounds);
    }
  }

  diagram(): BuilderNode {
    const model = element('mxGraphModel', this.page.file?.model ?? GRAPH_MODEL_ATTRIBUTES, [element('root', {}, this.cells())]);
    const attributes: Attribute[] = [['id', this.page.file?.id ?? this.page.id], ['name', this.page.name], ...(this.page.file?.diagram ?? [])];
    // draw.io compresses the model's XML without line breaks or indentation.
    if (this.page.file?.compressed) return element('diagram', attributes, [textNode(deflatePage(buildXml([model], false)))]);
    return element('diagram', attributes, [model]);
  }

  private cells(): BuilderNode[] {
    const layerCells = this.layerEntries();
    const entries: Entry[] = [...layerCells];
    const firstLayer = layerCells[0].id;
    const layerCellIds = new Set(this.layers.map((layer) => layer.id));
    const layerCellOf = (layerId: string) => (layerCellIds.has(layerId) ? this.cellId(layerId) : firstLayer);

    for (const group of this.groups) entries.push(this.groupEntry(group, layerCellOf(group.layerId)));
    const shapeIds = new Set<string>();
    for (const shape of this.shapes) {
      shapeIds.add(shape.id);
      entries.push(this.shapeEntry(shape, layerCellOf(shape.layerId)));
    }
    for (const edge of this.edges) {
      // An edge is written only with both its ends.
      if (shapeIds.has(edge.source) && shapeIds.has(edge.target)) entries.push(this.edgeEntry(edge, layerCellOf(edge.layerId)));
    }
    for (const entry of this.foreignEntries(entries)) entries.push(entry);

    const below = new Map<string, Entry[]>();
    for (const entry of entries) push(below, entry.parent, entry);
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

  private rootNode(): BuilderNode {
    const data: Attribute[] = this.isFirstPage ? documentData(this.doc) : [];
    const active = this.layers.find((layer) => layer.id === this.page.activeLayerId);
    if (active && active !== this.layers[0]) data.push([Tandem.activeLayer, this.cellId(active.id)]);
    return cellNode({ id: this.rootId, data, file: this.page.file?.root });
  }

  private layerEntries(): Entry[] {
    if (this.layers.length === 0) {
      const id = `${this.page.id}-layer`;
      return [{ id, parent: this.rootId, order: 0, nodes: [cellNode({ id, value: '', parent: this.rootId })] }];
    }
    return this.layers.map((layer, index) => {
      const id = this.cellId(layer.id);
      const unnamed = layer.file?.unnamed && layer.name === madeUpLayerName(index);
      const node = cellNode({ id, value: unnamed ? undefined : layer.name, style: layer.file?.style, parent: this.rootId, visible: layer.visible, file: layer.file });
      return { id, parent: this.rootId, order: layer.order, nodes: [node] };
    });
  }

  /** A record's parent cell and the origin its coordinates are relative to. */
  private container(groupId: string | undefined, layerCell: string): { parent: string; origin: Point } {
    const bounds = groupId !== undefined ? this.groupBounds.get(groupId) : undefined;
    if (groupId === undefined || !bounds) return { parent: layerCell, origin: { x: 0, y: 0 } };
    return { parent: this.cellId(groupId), origin: bounds };
  }

  private groupEntry(group: GroupRecord, layerCell: string): Entry {
    const bounds = this.groupBounds.get(group.id)!;
    const { parent, origin } = this.container(this.parentGroup(group)?.id, layerCell);
    const { style, text } = styleFor(modeledGroupStyle(group, this.palettes), group.file, groupFeatures(this.palettes));
    const data: Attribute[] = group.name !== nameFromText(group.text, 'group') ? [[Tandem.groupName, group.name]] : [];
    const id = this.cellId(group.id);
    const node = cellNode({
      id,
      value: labelValue(group.text, group.html, style),
      style: text,
      vertex: true,
      parent,
      geometry: vertexGeometry({ ...bounds, x: bounds.x - origin.x, y: bounds.y - origin.y }, group.file),
      data,
      file: group.file,
    });
    return { id, parent, order: group.order, nodes: [node] };
  }

  private shapeEntry(shape: ShapeRecord, layerCell: string): Entry {
    const { parent, origin } = this.container(shape.groupId, layerCell);
    const { style, text } = styleFor(modeledShapeStyle(shape, this.doc.customTypes, this.palettes), shape.file, SHAPE_FEATURES, shape.type);
    const data: Attribute[] = shape.alias !== nameFromText(shape.text, shape.type) ? [[Tandem.alias, shape.alias]] : [];
    const id = this.cellId(shape.id);
    const node = cellNode({
      id,
      value: labelValue(shape.text, shape.html, style),
      style: text,
      vertex: true,
      parent,
      geometry: vertexGeometry({ x: shape.x - origin.x, y: shape.y - origin.y, w: shape.w, h: shape.h }, shape.file),
      data,
      file: shape.file,
    });
    return { id, parent, order: shape.order, nodes: [node, ...badgeNodes(shape, id)] };
  }

  private edgeEntry(edge: EdgeRecord, layerCell: string): Entry {
    // An edge inside a container stays there while the container does.
    const container = edge.file?.parent !== undefined ? this.groupByCellId.get(edge.file.parent) : undefined;
    const { parent, origin } = this.container(container?.id, layerCell);
    const { style, text } = styleFor(edgeStyle(edge), edge.file, EDGE_FEATURES);
    const labels = edge.file?.labels ?? [];
    const labelsStay = !edge.file?.labelInCells || edge.label === labelCellsText(labels);
    const id = this.cellId(edge.id);
    const node = cellNode({
      id,
      value: edge.file?.labelInCells && labelsStay ? '' : labelValue(edge.label, edge.html, style),
      style: text,
      edge: true,
      parent,
      source: this.cellId(edge.source),
      target: this.cellId(edge.target),
      geometry: edgeGeometry(edge.points, origin, edge.file),
      file: edge.file,
    });
    return { id, parent, order: edge.order, nodes: [node, ...(labelsStay ? labels.map(nodeElement) : [])] };
  }

  /**
   * Foreign cells, except those whose ends are gone (an edge kept as it was, to a shape removed
   * since), and with them whatever hung on those.
   */
  private foreignEntries(written: readonly Entry[]): Entry[] {
    const alive = new Set<string>([this.rootId, ...written.map((entry) => entry.id)]);
    for (const shape of this.shapes) shape.badges.forEach((_badge, index) => alive.add(`${this.cellId(shape.id)}-badge${index + 1}`));
    for (const edge of this.edges) for (const label of edge.file?.labels ?? []) {
      const id = cellRefs(label).id;
      if (id !== undefined) alive.add(id);
    }
    const refs = this.foreign.map((record) => ({ record, ...cellRefs(record.xml) }));
    for (const ref of refs) if (ref.id !== undefined) alive.add(ref.id);
    // Who points at whom, so that a dead cell kills exactly its dependents.
    const dependents = new Map<string, typeof refs>();
    const dead: string[] = [];
    for (const ref of refs) {
      for (const target of [ref.parent, ref.source, ref.target]) {
        if (target === undefined) continue;
        push(dependents, target, ref);
        if (!alive.has(target) && ref.id !== undefined) dead.push(ref.id);
      }
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
    return cellNode({
      id: `${shapeCellId}-badge${index + 1}`,
      value: labelValue(badge.text, undefined, style),
      style: formatStyle(style),
      vertex: true,
      connectable: false,
      parent: shapeCellId,
      geometry: vertexGeometry(
        {
          x: (horizontal === 'right' ? shape.w : 0) - width / 2,
          y: (vertical === 'bottom' ? shape.h : 0) - BADGE_HEIGHT / 2,
          w: width,
          h: BADGE_HEIGHT,
        },
        undefined,
      ),
    });
  });
}
