/**
 * The cells of one page of a `.drawio` file as drawio-read.ts reads them: each unwrapped from its
 * `object`/`UserObject`, and sorted into what it is in the model (layer, container, shape, badge,
 * edge label, edge, or a cell kept as it was), with its position on the page.
 *
 * Every walk over cells is a loop over a list or an explicit stack: a file's parent chains can be
 * as long as the file, and recursion over them would overflow.
 */
import { valueText } from './drawio-cells';
import { Tandem, parseStyle, styleNumber, type Style } from './drawio-style';
import { attribute, childElement, type XmlElement } from './drawio-xml';
import type { ForeignKind } from '../../../../shared/drawio/file-notice';
import type { Point } from '../../../../shared/drawio/geometry';
import type { Attribute } from '../../../../shared/drawio/model';
import { type RelativeGeometry, placeRelative, relativeGeometryOf } from './relative-geometry';
import { pushTo } from '../../../../shared/list-map';

/** One cell, unwrapped from its `object`/`UserObject` if it had one. */
export interface RawCell {
  readonly id: string;
  /** False for a cell the file gave no id (it gets one made up, never written). */
  readonly hasId: boolean;
  /** The element as the file had it: the wrapper, or the `mxCell` itself. */
  readonly node: XmlElement;
  readonly cell: XmlElement;
  readonly parent?: string;
  /** The label as written: HTML when the style says `html=1`. */
  readonly value: string;
  /** The text the label shows (see valueText). */
  readonly text: string;
  readonly styleText: string;
  readonly style: Style;
  readonly vertex: boolean;
  readonly edge: boolean;
  readonly source?: string;
  readonly target?: string;
  readonly visible: boolean;
  readonly geometryNode?: XmlElement;
  readonly geometry: {
    readonly x: number;
    readonly y: number;
    readonly width?: number;
    readonly height?: number;
    /** A vertex placed by its parent's size (`relative="1"`): see relative-geometry.ts. */
    readonly relative?: RelativeGeometry;
  };
  /** Attributes of the wrapper other than id and label. */
  readonly data: readonly Attribute[];
}

export function dataValue(cell: RawCell | undefined, key: string): string | undefined {
  return cell?.data.find(([name]) => name === key)?.[1];
}

export function rawCell(element: XmlElement, fallbackId: string): RawCell | undefined {
  let cell: XmlElement;
  let value: string;
  let id: string | undefined;
  let data: Attribute[] = [];
  if (element.tag === 'mxCell') {
    cell = element;
    id = attribute(element, 'id');
    value = attribute(element, 'value') ?? '';
  } else if (element.tag === 'object' || element.tag === 'UserObject') {
    cell = childElement(element, 'mxCell') ?? { tag: 'mxCell', attributes: [], children: [] };
    id = attribute(element, 'id');
    value = attribute(element, 'label') ?? '';
    data = element.attributes.filter(([name]) => name !== 'id' && name !== 'label');
  } else {
    return undefined;
  }
  const geometryNode = cell.children.find((c) => c.tag === 'mxGeometry' && attribute(c, 'as') !== 'alternateBounds');
  const number = (name: string) => {
    const raw = geometryNode && attribute(geometryNode, name);
    const parsed = raw === undefined ? NaN : Number(raw);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  const styleText = attribute(cell, 'style') ?? '';
  const style = parseStyle(styleText);
  const vertex = attribute(cell, 'vertex') === '1';
  const relative = vertex ? relativeGeometryOf(geometryNode) : undefined;
  return {
    id: id ?? fallbackId,
    hasId: id !== undefined,
    node: element,
    cell,
    parent: attribute(cell, 'parent'),
    value,
    text: valueText(value, style),
    styleText,
    style,
    vertex,
    edge: attribute(cell, 'edge') === '1',
    source: attribute(cell, 'source'),
    target: attribute(cell, 'target'),
    visible: attribute(cell, 'visible') !== '0',
    geometryNode,
    geometry: { x: number('x') ?? 0, y: number('y') ?? 0, width: number('width'), height: number('height'), ...(relative && { relative }) },
    data,
  };
}

/** What a cell is in the model. */
export type Role = 'root' | 'layer' | 'group' | 'shape' | 'badge' | 'label' | 'edge' | 'foreign';

/** The cells of one page, sorted into what they are in the model. */
export class PageCells {
  readonly root?: RawCell;
  readonly layers: RawCell[] = [];
  readonly groups: RawCell[] = [];
  readonly shapes: RawCell[] = [];
  readonly edges: RawCell[] = [];
  readonly foreign: RawCell[] = [];
  /** Groups, shapes, edges and foreign cells in file order (their z-order). */
  readonly drawn: RawCell[] = [];
  /** Why a foreign cell is kept; absent for a part of another foreign cell. */
  readonly foreignKind = new Map<RawCell, ForeignKind>();
  readonly badgesOf = new Map<string, RawCell[]>();
  readonly labelsOf = new Map<string, RawCell[]>();
  private readonly byId = new Map<string, RawCell>();
  private readonly role = new Map<RawCell, Role>();
  private readonly layerOfCell = new Map<RawCell, RawCell>();
  private readonly absolute = new Map<RawCell, Point>();
  /** Relative vertices drawn turned with their parent: their place before the turn. */
  private readonly unturned = new Map<RawCell, Point>();

  constructor(cells: readonly RawCell[]) {
    const repeated = new Set<RawCell>();
    for (const cell of cells) {
      if (this.byId.has(cell.id)) repeated.add(cell);
      else this.byId.set(cell.id, cell);
    }
    this.root = cells.find((cell) => (cell.parent === undefined || cell.parent === '') && !repeated.has(cell));
    const children = new Map<string, RawCell[]>();
    const topLevel: RawCell[] = [];
    for (const cell of cells) {
      if (cell === this.root || repeated.has(cell)) continue;
      if (cell.parent !== undefined && this.byId.has(cell.parent)) pushTo(children, cell.parent, cell);
      // A cell whose parent is missing is put on the first layer, as draw.io would show it.
      else topLevel.push(cell);
    }
    if (this.root) for (const layer of children.get(this.root.id) ?? []) this.layers.push(layer);
    for (const layer of this.layers) this.role.set(layer, 'layer');
    if (this.root) this.role.set(this.root, 'root');

    const hasVertexChild = new Set<string>();
    for (const cell of cells) {
      if (cell.vertex && cell.parent !== undefined && !cell.style.has(Tandem.badgeStyle)) hasVertexChild.add(cell.parent);
    }
    const isContainer = (cell: RawCell) =>
      hasVertexChild.has(cell.id) ||
      cell.style.get(Tandem.groupStyle) === '1' ||
      cell.style.get('container') === '1' ||
      isSwimlane(cell.style);

    // Parents before children, each layer's tree in file order, then the cells with a missing parent.
    const preorder: RawCell[] = [];
    const stack: RawCell[] = [...topLevel].reverse();
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const inLayer = children.get(this.layers[i].id) ?? [];
      for (let j = inLayer.length - 1; j >= 0; j--) stack.push(inLayer[j]);
    }
    const firstLayer = this.layers[0];
    for (const cell of topLevel) if (firstLayer) this.layerOfCell.set(cell, firstLayer);
    for (const layer of this.layers) for (const cell of children.get(layer.id) ?? []) this.layerOfCell.set(cell, layer);
    const visited = new Set<RawCell>();
    while (stack.length > 0) {
      const cell = stack.pop()!;
      if (visited.has(cell)) continue;
      visited.add(cell);
      preorder.push(cell);
      const below = children.get(cell.id) ?? [];
      const layer = this.layerOfCell.get(cell);
      for (let i = below.length - 1; i >= 0; i--) {
        if (layer) this.layerOfCell.set(below[i], layer);
        stack.push(below[i]);
      }
    }

    // Vertices: their role follows from their parent's, which pre-order has decided already.
    const pending: RawCell[] = [];
    for (const cell of preorder) {
      const parentRole = this.parentRole(cell);
      if (cell.edge) continue;
      if (!cell.vertex) this.setForeign(cell, parentRole === 'foreign' ? undefined : 'plainCell');
      else if (parentRole === 'layer' || parentRole === 'group' || parentRole === 'none') {
        this.role.set(cell, isContainer(cell) ? 'group' : 'shape');
      } else if (parentRole === 'shape' && cell.style.has(Tandem.badgeStyle)) this.role.set(cell, 'badge');
      else pending.push(cell);
    }
    // Edges: modeled when they lie in a layer or group and both ends are shapes.
    for (const cell of preorder) {
      if (!cell.edge) continue;
      const parentRole = this.parentRole(cell);
      const kind = this.edgeProblem(cell);
      if (parentRole !== 'layer' && parentRole !== 'group' && parentRole !== 'none') {
        this.setForeign(cell, parentRole === 'shape' ? 'nestedEdge' : undefined);
      } else if (kind) this.setForeign(cell, kind);
      else this.role.set(cell, 'edge');
    }
    // What lies below an edge: the labels of a modeled edge; everything else goes with its parent.
    for (const cell of pending) {
      const parentRole = this.parentRole(cell);
      if (parentRole === 'edge') this.role.set(cell, 'label');
      else this.setForeign(cell, undefined);
    }
    // Cells in a parent loop never come up from a layer.
    for (const cell of cells) {
      if (cell !== this.root && !this.role.has(cell)) this.setForeign(cell, repeated.has(cell) ? 'repeatedId' : 'parentLoop');
    }

    for (const cell of preorder) this.place(cell);
    for (const cell of cells) {
      switch (this.role.get(cell)) {
        case 'group':
          this.groups.push(cell);
          break;
        case 'shape':
          this.shapes.push(cell);
          break;
        case 'edge':
          this.edges.push(cell);
          break;
        case 'foreign':
          this.foreign.push(cell);
          break;
        case 'badge':
          pushTo(this.badgesOf, cell.parent!, cell);
          continue;
        case 'label':
          pushTo(this.labelsOf, cell.parent!, cell);
          continue;
        default:
          continue;
      }
      this.drawn.push(cell);
    }
  }

  /** The role of a cell's parent: `none` when it has none in the file, undefined while undecided. */
  private parentRole(cell: RawCell): Role | 'none' | undefined {
    const parent = cell.parent !== undefined ? this.byId.get(cell.parent) : undefined;
    return parent ? this.role.get(parent) : 'none';
  }

  private setForeign(cell: RawCell, kind: ForeignKind | undefined): void {
    this.role.set(cell, 'foreign');
    if (kind) this.foreignKind.set(cell, kind);
  }

  /**
   * Why an edge cannot be an edge record, if it cannot. Each end is a shape, a container, or a
   * loose end at the point the file gives (diagrams.net's free-floating edges).
   */
  private edgeProblem(cell: RawCell): ForeignKind | undefined {
    let problem: ForeignKind | undefined;
    for (const [end, as] of [[cell.source, 'sourcePoint'], [cell.target, 'targetPoint']] as const) {
      const other = end !== undefined ? this.byId.get(end) : undefined;
      const role = other && this.role.get(other);
      if (!other) {
        if (!endPoint(cell, as)) return 'unattachedEdge';
      } else if (other.edge) problem ??= 'edgeToEdge';
      else if (role !== 'shape' && role !== 'group') problem ??= 'edgeToKept';
    }
    return problem;
  }

  /**
   * Page coordinates, as mxGraphView.updateCellState has them: a cell inside a vertex is measured
   * from that vertex's place; a relative vertex from its parent's size plus its offset.
   */
  private place(cell: RawCell): void {
    const parent = this.get(cell.parent);
    const origin = parent?.vertex ? this.childOrigin(parent) : { x: 0, y: 0 };
    const relative = cell.geometry.relative;
    // A label on an edge is placed along the edge (drawn with it); a cell whose parent is missing by its x and y.
    if (!relative || !parent || parent.edge) {
      this.absolute.set(cell, { x: origin.x + cell.geometry.x, y: origin.y + cell.geometry.y });
      return;
    }
    // In a layer (it has no size) only the offset counts.
    const inVertex = parent.vertex;
    const placed = placeRelative(relative, { w: cell.geometry.width ?? 0, h: cell.geometry.height ?? 0 }, {
      origin,
      at: inVertex ? this.position(parent) : origin,
      w: inVertex ? (parent.geometry.width ?? 0) : 0,
      h: inVertex ? (parent.geometry.height ?? 0) : 0,
      rotation: inVertex ? (styleNumber(parent.style, 'rotation') ?? 0) : 0,
    });
    this.absolute.set(cell, placed.at);
    if (placed.at.x !== placed.origin.x || placed.at.y !== placed.origin.y) this.unturned.set(cell, placed.origin);
  }

  /** Where a vertex's children are measured from: its place before a turn of its parent. */
  private childOrigin(cell: RawCell): Point {
    return this.unturned.get(cell) ?? this.position(cell);
  }

  roleOf(cell: RawCell): Role | undefined {
    return this.role.get(cell);
  }

  get(id: string | undefined): RawCell | undefined {
    return id !== undefined ? this.byId.get(id) : undefined;
  }

  /** The layer cell a cell lies in, or undefined when the page has none. */
  layerOf(cell: RawCell): RawCell | undefined {
    return this.layerOfCell.get(cell);
  }

  position(cell: RawCell): Point {
    return this.absolute.get(cell) ?? { x: cell.geometry.x, y: cell.geometry.y };
  }

  /** The origin the coordinates of a cell's children (and an edge's points) are relative to. */
  originOf(cell: RawCell): Point {
    const parent = this.get(cell.parent);
    return parent?.vertex ? this.childOrigin(parent) : { x: 0, y: 0 };
  }

  /** The group a cell lies in directly. */
  groupOf(cell: RawCell): RawCell | undefined {
    const parent = this.get(cell.parent);
    return parent && this.role.get(parent) === 'group' ? parent : undefined;
  }

  /** The middle of a cell with a box of its own (a connection end without a given point). */
  centre(id: string | undefined): Point | undefined {
    const cell = this.get(id);
    if (!cell || cell.edge || cell.geometry.width === undefined || cell.geometry.height === undefined) return undefined;
    const at = this.position(cell);
    return { x: at.x + cell.geometry.width / 2, y: at.y + cell.geometry.height / 2 };
  }
}

/** An edge's `sourcePoint` or `targetPoint` as the file gives it (relative to its parent), when finite. */
export function endPoint(cell: RawCell, as: 'sourcePoint' | 'targetPoint'): Point | undefined {
  const point = cell.geometryNode?.children.find((child) => child.tag === 'mxPoint' && attribute(child, 'as') === as);
  if (!point) return undefined;
  const x = Number(attribute(point, 'x') ?? 0);
  const y = Number(attribute(point, 'y') ?? 0);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : undefined;
}

export function isSwimlane(style: Style): boolean {
  return (style.has('swimlane') && style.get('swimlane') === undefined) || style.get('shape') === 'swimlane';
}
