/**
 * Reading a `.drawio` file into records. Files made here and files made by diagrams.net (plain or
 * compressed pages, `object`/`UserObject` wrapped cells, containers and swimlanes, HTML labels,
 * waypoints) open here; each record keeps its cell as read in `file` (see model.ts FileCell), and
 * cells the model cannot represent become foreign records, kept as they were. drawio-read-cells.ts
 * sorts a page's cells into what they are; drawio-read-own.ts reads back what this studio stored.
 */
import { basename, extname } from 'node:path';
import { StudioError } from '../../../kernel/errors';
import {
  GRAPH_MODEL_ATTRIBUTES,
  STUDIO_MXFILE_ATTRIBUTES,
  SWIMLANE_HEADER,
  TANDEM_DATA_KEYS,
  defaultSize,
  keptHtml,
  labelCellsText,
  madeUpLayerName,
  nameFromText,
  sameAttributes,
} from './drawio-cells';
import {
  Palettes,
  Tandem,
  arrowFromStyle,
  decodeStyleText,
  edgeStroke,
  isRouted,
  lineStyleFromStyle,
  portFromStyle,
  shapeFieldsOfStyle,
  styleNumber,
  typeFromStyle,
} from './drawio-style';
import {
  MAX_CELLS,
  MAX_FILE_BYTES,
  attribute,
  childElement,
  fileError,
  formatBytes,
  inflatePage,
  parseXml,
  tooLarge,
  type XmlDocument,
  type XmlElement,
} from './drawio-xml';
import { PageCells, type RawCell, dataValue, endPoint, isSwimlane, rawCell } from './drawio-read-cells';
import { OrderAllocator, parseCustomThemes, parseCustomTypes } from './drawio-read-own';
import type { Point, Rect } from '../../../../shared/drawio/geometry';
import {
  isShapeType,
  type Badge,
  type BadgePosition,
  type CustomTypeRecord,
  type DrawioRecord,
  type EdgeRecord,
  type FileCell,
  type FlowDirection,
  type ForeignRecord,
  type GroupRecord,
  type LayerRecord,
  type MetaRecord,
  type PageFile,
  type PageRecord,
  type ShapeRecord,
} from '../../../../shared/drawio/model';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const FLOW_DIRECTIONS: readonly FlowDirection[] = ['TB', 'LR', 'BT', 'RL'];
const BADGE_POSITIONS: readonly BadgePosition[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** How much one file may hold; a file past a limit is refused with `too_large`. */
export interface ReadLimits {
  /** Bytes of the file's text, and of its compressed pages once inflated. */
  readonly maxBytes: number;
  /** Cells over all pages. */
  readonly maxCells: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { maxBytes: MAX_FILE_BYTES, maxCells: MAX_CELLS };

export function readDrawioFile(text: string, fileName: string, limits: ReadLimits = DEFAULT_READ_LIMITS): DrawioRecord[] {
  if (text.length > limits.maxBytes || Buffer.byteLength(text, 'utf8') > limits.maxBytes) {
    throw tooLarge(fileName, `the file is larger than ${formatBytes(limits.maxBytes)}`);
  }
  try {
    return new DrawioFileReader(fileName, limits).read(text);
  } catch (err) {
    if (err instanceof StudioError) throw err;
    throw fileError(fileName, `it could not be read (${err instanceof Error ? err.message : String(err)})`);
  }
}

// ---------------------------------------------------------------------------------------------
// Cells

interface SourcePage {
  readonly name: string;
  readonly diagram?: XmlElement;
  readonly model?: XmlElement;
  readonly compressed: boolean;
}

// ---------------------------------------------------------------------------------------------
// Pages

/** One page on its way to records: its cells and the order tickets of everything on it. */
interface PagePlan {
  readonly source: SourcePage;
  readonly cells: PageCells;
  readonly pageTicket: number;
  /** Layer cell (or undefined for the layer made up for a page without one) -> ticket. */
  readonly layerTickets: ReadonlyArray<readonly [RawCell | undefined, number]>;
  readonly cellTickets: ReadonlyMap<RawCell, number>;
}

interface ReadContext {
  readonly palettes: Palettes;
  readonly customTypes: ReadonlyMap<string, CustomTypeRecord>;
}

interface PageContent {
  page: PageRecord;
  layers: LayerRecord[];
  groups: GroupRecord[];
  shapes: ShapeRecord[];
  edges: EdgeRecord[];
  foreign: ForeignRecord[];
}

/** What a record gets from its place in the document rather than from its own cell. */
interface Placement {
  readonly id: string;
  readonly pageId: string;
  readonly layerId: string;
  readonly order: number;
}

class DrawioFileReader {
  private readonly orders = new OrderAllocator();
  private cellCount = 0;
  private inflatedBytes = 0;

  constructor(
    private readonly fileName: string,
    private readonly limits: ReadLimits,
  ) {}

  read(text: string): DrawioRecord[] {
    const parsed = parseXml(text.replace(/^\uFEFF/, ''), this.fileName, 'the file');
    const document = parsed.root;
    const sources = this.sourcePages(parsed);
    const plans = sources.map((source) => this.plan(source));
    this.orders.assign();

    const firstRoot = plans[0]?.cells.root;
    const customTypes = parseCustomTypes(dataValue(firstRoot, Tandem.types));
    const customThemes = parseCustomThemes(dataValue(firstRoot, Tandem.themes));
    const context: ReadContext = {
      palettes: new Palettes(customThemes),
      customTypes: new Map(customTypes.map((type) => [type.name, type])),
    };
    const pageRecords = plans.map((plan) => this.pageRecords(plan, context));
    const pages = pageRecords.map((records) => records.page);

    const storedFlow = dataValue(firstRoot, Tandem.flow);
    const storedTitle = dataValue(firstRoot, Tandem.title);
    const nameTitle = basename(this.fileName, extname(this.fileName));
    const mxfile = document.tag === 'mxfile' ? document.attributes : [];
    const file: MetaRecord['file'] = {
      // A bare <mxGraphModel> is no file of this studio's either, and is written back bare.
      ...(!sameAttributes(mxfile, STUDIO_MXFILE_ATTRIBUTES) && { attributes: mxfile }),
      ...(document.tag === 'mxGraphModel' && { bareModel: true }),
      ...(storedTitle === undefined && { nameTitle }),
    };
    const meta: MetaRecord = {
      id: 'meta',
      kind: 'meta',
      title: storedTitle ?? nameTitle,
      flow: (FLOW_DIRECTIONS as readonly string[]).includes(storedFlow ?? '') ? (storedFlow as FlowDirection) : 'TB',
      activePageId: pages[0].id,
      nextOrder: this.orders.nextOrder,
      ...(Object.keys(file).length > 0 && { file }),
    };
    const records: DrawioRecord[] = [meta, ...pages];
    // Loops rather than `push(...list)`: a list as long as a big page would overflow the call stack.
    for (const key of ['layers', 'groups', 'shapes', 'edges', 'foreign'] as const) {
      for (const content of pageRecords) for (const record of content[key]) records.push(record);
    }
    for (const record of customTypes) records.push(record);
    for (const record of customThemes) records.push(record);
    return records;
  }

  private sourcePages({ root: document, textOf }: XmlDocument): SourcePage[] {
    if (document.tag === 'mxGraphModel') return [{ name: 'Page-1', model: document, compressed: false }];
    if (document.tag !== 'mxfile') {
      throw this.error(`it is not a draw.io file: the document element is <${document.tag}>, not <mxfile>`);
    }
    const diagrams = document.children.filter((element) => element.tag === 'diagram');
    if (diagrams.length === 0) return [{ name: 'Page-1', compressed: false }];
    return diagrams.map((diagram, index) => {
      const name = attribute(diagram, 'name') ?? `Page-${index + 1}`;
      const inline = childElement(diagram, 'mxGraphModel');
      if (inline) return { name, diagram, model: inline, compressed: false };
      const content = textOf(diagram).trim();
      if (content === '') return { name, diagram, compressed: false };
      const what = `page "${name}"`;
      const compressed = !content.startsWith('<');
      const xml = compressed ? this.inflate(content, what) : content;
      const model = parseXml(xml, this.fileName, what).root;
      if (model.tag !== 'mxGraphModel') throw this.error(`${what} holds <${model.tag}>, not <mxGraphModel>`);
      return { name, diagram, model, compressed };
    });
  }

  /** Compressed pages together may not inflate to more than a file may hold. */
  private inflate(content: string, what: string): string {
    const { maxBytes } = this.limits;
    const xml = inflatePage(content, this.fileName, what, maxBytes - this.inflatedBytes + 1);
    this.inflatedBytes += xml.length;
    if (this.inflatedBytes > maxBytes) throw tooLarge(this.fileName, `its pages inflate to more than ${formatBytes(maxBytes)}`);
    return xml;
  }

  private readCells(model: XmlElement): RawCell[] {
    const root = childElement(model, 'root');
    if (!root) return [];
    const cells: RawCell[] = [];
    root.children.forEach((element, index) => {
      const cell = rawCell(element, `\u0000cell${index}`);
      if (!cell) return;
      if (++this.cellCount > this.limits.maxCells) {
        throw tooLarge(this.fileName, `it holds more than ${this.limits.maxCells.toLocaleString('en-US')} cells`);
      }
      cells.push(cell);
    });
    return cells;
  }

  private plan(source: SourcePage): PagePlan {
    const cells = new PageCells(source.model ? this.readCells(source.model) : []);
    const diagramId = source.diagram && attribute(source.diagram, 'id');
    this.orders.reserve(diagramId);
    const pageTicket = this.orders.add('p', diagramId);
    const layerTickets: Array<readonly [RawCell | undefined, number]> =
      cells.layers.length > 0
        ? cells.layers.map((layer) => [layer, this.orders.add('l', layer.id)] as const)
        : [[undefined, this.orders.add('l', undefined)]];
    const cellTickets = new Map<RawCell, number>();
    for (const cell of cells.drawn) {
      this.orders.reserve(cell.id);
      const role = cells.roleOf(cell);
      const prefix = role === 'edge' ? 'e' : role === 'group' ? 'g' : role === 'shape' ? 's' : 'x';
      cellTickets.set(cell, this.orders.add(prefix, prefix === 'x' ? undefined : cell.id));
    }
    for (const layer of cells.layers) this.orders.reserve(layer.id);
    return { source, cells, pageTicket, layerTickets, cellTickets };
  }

  private pageRecords(plan: PagePlan, context: ReadContext): PageContent {
    const { cells } = plan;
    const pageOrder = this.orders.orderOf(plan.pageTicket);
    const pageId = `p${pageOrder}`;
    const layers: LayerRecord[] = plan.layerTickets.map(([cell, ticket], index) => {
      const id = `l${this.orders.orderOf(ticket)}`;
      const text = cell ? cell.text : '';
      const layer: LayerRecord = {
        id,
        kind: 'layer',
        pageId,
        name: text !== '' ? text : madeUpLayerName(index),
        visible: cell?.visible ?? true,
        order: this.orders.orderOf(ticket),
      };
      return cell ? { ...layer, file: fileCell(cell, id, text === '' ? { unnamed: true } : undefined) } : layer;
    });
    const layerIdOf = (cell: RawCell) => {
      const layer = cells.layerOf(cell);
      const index = plan.layerTickets.findIndex(([layerCell]) => layerCell === layer);
      return layers[Math.max(0, index)].id;
    };
    const prefixOf = { group: 'g', shape: 's', edge: 'e', foreign: 'x' } as const;
    // Every drawn cell got a ticket in plan(); each is placed once, and its record id read from there.
    const placements = new Map<RawCell, Placement>();
    const idOf = new Map<RawCell, string>();
    for (const cell of cells.drawn) {
      const order = this.orders.orderOf(plan.cellTickets.get(cell)!);
      const role = cells.roleOf(cell) as keyof typeof prefixOf;
      const id = `${prefixOf[role]}${order}`;
      placements.set(cell, { id, pageId, layerId: layerIdOf(cell), order });
      idOf.set(cell, id);
    }
    const placeOf = (cell: RawCell): Placement => placements.get(cell)!;

    const groups = readGroups(cells, placeOf, idOf, context);
    const shapes = readShapes(cells, placeOf, idOf, context);
    const edges = cells.edges.map((cell) => readEdge(cell, cells, placeOf(cell), idOf));
    const foreign = cells.foreign.map((cell) => readForeign(cell, cells, placeOf(cell)));

    const storedActive = dataValue(cells.root, Tandem.activeLayer);
    const activeLayer = plan.layerTickets.findIndex(([cell]) => cell !== undefined && cell.id === storedActive);
    const file = pageFile(plan.source, cells.root);
    const page: PageRecord = {
      id: pageId,
      kind: 'page',
      name: plan.source.name,
      order: pageOrder,
      activeLayerId: layers[Math.max(0, activeLayer)].id,
      ...(file && { file }),
    };
    return { page, layers, groups, shapes, edges, foreign };
  }

  private error(problem: string): StudioError {
    return fileError(this.fileName, problem);
  }
}

// ---------------------------------------------------------------------------------------------
// What the model does not hold

/**
 * What a record keeps of its cell: the cell as read, the file's id when the record has another,
 * and the wrapper's custom data. What the record read stays the record itself until an edit.
 */
function fileCell(cell: RawCell, recordId: string, extra?: Partial<FileCell>): FileCell {
  const file: Mutable<FileCell> = { source: cell.node };
  if (cell.hasId && cell.id !== recordId) file.id = cell.id;
  if (cell.data.length > 0) {
    const data = cell.data.filter(([name]) => !TANDEM_DATA_KEYS.has(name));
    if (data.length > 0) file.data = data;
  }
  return extra ? Object.assign(file, extra) : file;
}

function pageFile(source: SourcePage, root: RawCell | undefined): PageFile | undefined {
  const file: { -readonly [K in keyof PageFile]: PageFile[K] } = {};
  if (source.diagram) {
    file.diagram = source.diagram.attributes;
    file.name = source.name;
  }
  if (source.model && !sameAttributes(source.model.attributes, GRAPH_MODEL_ATTRIBUTES)) file.model = source.model.attributes;
  if (source.compressed) file.compressed = true;
  if (root) file.root = root.node;
  return Object.keys(file).length ? file : undefined;
}

// ---------------------------------------------------------------------------------------------
// Groups, shapes, edges, foreign cells

function readGroups(
  cells: PageCells,
  place: (cell: RawCell) => Placement,
  idOf: ReadonlyMap<RawCell, string>,
  context: ReadContext,
): GroupRecord[] {
  const claimed = claimNames(
    cells.groups,
    (cell) => dataValue(cell, Tandem.groupName),
    (cell) => nameFromText(cell.text, 'group'),
  );
  return cells.groups.map((cell) => {
    const placement = place(cell);
    const fill = cell.style.get('fillColor');
    const stroke = cell.style.get('strokeColor');
    const theme = fill !== undefined && stroke !== undefined ? context.palettes.exact(fill, stroke) : undefined;
    const text = cell.text;
    const html = keptHtml(cell.value, text, cell.style);
    const parent = cells.groupOf(cell);
    const ownGroup = cell.style.get(Tandem.groupStyle) === '1';
    const { width, height } = cell.geometry;
    // A container made here hugs its members; one from elsewhere keeps its own bounds.
    const frame: Rect | undefined =
      !ownGroup && width !== undefined && height !== undefined ? { ...cells.position(cell), w: width, h: height } : undefined;
    const swimlane = isSwimlane(cell.style)
      ? { header: styleNumber(cell.style, 'startSize') ?? SWIMLANE_HEADER, ...(cell.style.get('horizontal') === '0' && { vertical: true }) }
      : undefined;
    const record: Mutable<GroupRecord> = { id: placement.id, pageId: placement.pageId, layerId: placement.layerId, order: placement.order, kind: 'group', name: claimed.get(cell)!, text };
    if (theme !== undefined) record.theme = theme;
    if (parent) record.parentId = idOf.get(parent)!;
    if (frame) record.frame = frame;
    if (swimlane) record.swimlane = swimlane;
    if (html !== undefined) record.html = html;
    const box = { ...cells.position(cell), ...(width !== undefined && height !== undefined && { w: width, h: height }) };
    record.file = fileCell(cell, record.id, { box });
    return record;
  });
}

function readShapes(
  cells: PageCells,
  place: (cell: RawCell) => Placement,
  idOf: ReadonlyMap<RawCell, string>,
  context: ReadContext,
): ShapeRecord[] {
  const types = new Map(cells.shapes.map((cell) => [cell, shapeTypeOf(cell, context)]));
  const claimed = claimNames(
    cells.shapes,
    (cell) => dataValue(cell, Tandem.alias),
    (cell) => nameFromText(cell.text, types.get(cell)!),
  );
  return cells.shapes.map((cell) => {
    const placement = place(cell);
    const type = types.get(cell)!;
    const base = isShapeType(type) ? type : (context.customTypes.get(type)?.base ?? 'box');
    const { theme, style, look } = shapeFieldsOfStyle(cell.style, base, context.palettes);
    const { x, y } = cells.position(cell);
    const size = defaultSize(type, context.customTypes);
    const text = cell.text;
    const html = keptHtml(cell.value, text, cell.style);
    const group = cells.groupOf(cell);
    const badgeCells = cells.badgesOf.get(cell.id);
    const record: Mutable<ShapeRecord> = {
      id: placement.id,
      pageId: placement.pageId,
      layerId: placement.layerId,
      order: placement.order,
      kind: 'shape',
      type,
      alias: claimed.get(cell)!,
      text,
      x,
      y,
      // diagrams.net draws a cell whose geometry gives no size 0 x 0; only a cell without geometry gets its type's size.
      w: cell.geometry.width ?? (cell.geometryNode ? 0 : size.w),
      h: cell.geometry.height ?? (cell.geometryNode ? 0 : size.h),
      theme,
      style,
      badges: badgeCells ? badgeCells.map(readBadge) : [],
    };
    if (group) record.groupId = idOf.get(group)!;
    if (html !== undefined) record.html = html;
    if (look !== undefined) record.look = look;
    record.file = fileCell(cell, record.id, badgeCells ? { badges: badgeCells.map((badge) => badge.node) } : undefined);
    return record;
  });
}

/** A stored type wins when this document knows it; otherwise the style tells. */
function shapeTypeOf(cell: RawCell, context: ReadContext): string {
  const stored = decodeStyleText(cell.style.get(Tandem.typeStyle));
  if (stored !== undefined && (isShapeType(stored) || context.customTypes.has(stored))) return stored;
  return typeFromStyle(cell.style);
}

/** Aliases and group names are unique per page, ignoring case. */
class UniqueNames {
  private readonly taken = new Set<string>();

  /** `wanted`, or `wanted2`, `wanted3`... if it is taken. */
  claim(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${wanted}${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}

/** Stored names are claimed first so that a name derived from a label cannot take them. */
function claimNames(
  cells: readonly RawCell[],
  storedName: (cell: RawCell) => string | undefined,
  derivedName: (cell: RawCell) => string,
): Map<RawCell, string> {
  const names = new UniqueNames();
  const claimed = new Map<RawCell, string>();
  for (const cell of cells) {
    const stored = storedName(cell)?.trim();
    if (stored) claimed.set(cell, names.claim(stored));
  }
  for (const cell of cells) if (!claimed.has(cell)) claimed.set(cell, names.claim(derivedName(cell)));
  return claimed;
}

function readBadge(cell: RawCell): Badge {
  const stored = cell.style.get(Tandem.badgeStyle);
  const pos = BADGE_POSITIONS.find((position) => position === stored) ?? 'top-right';
  return { text: cell.text, pos };
}

/** Waypoints in page coordinates: the file gives them relative to the edge's parent. */
function readPoints(cell: RawCell, origin: Point): Point[] | undefined {
  const array = cell.geometryNode?.children.find((child) => child.tag === 'Array' && attribute(child, 'as') === 'points');
  if (!array) return undefined;
  const points: Point[] = [];
  for (const point of array.children) {
    if (point.tag !== 'mxPoint') continue;
    const x = Number(attribute(point, 'x') ?? 0);
    const y = Number(attribute(point, 'y') ?? 0);
    if (Number.isFinite(x) && Number.isFinite(y)) points.push({ x: origin.x + x, y: origin.y + y });
  }
  return points;
}

/** The edge's own value, else the text of its label cells (diagrams.net's `edgeLabel` children). */
function readEdge(cell: RawCell, cells: PageCells, placement: Placement, idOf: ReadonlyMap<RawCell, string>): EdgeRecord {
  const ownLabel = cell.text;
  const labelCells = cells.labelsOf.get(cell.id);
  const labelsText = ownLabel === '' && labelCells ? labelCellsText(labelCells.map((labelCell) => labelCell.node)) : '';
  const labelInCells = labelsText !== '';
  const label = labelInCells ? labelsText : ownLabel;
  const html = labelInCells ? undefined : keptHtml(cell.value, ownLabel, cell.style);
  const exit = portFromStyle(cell.style, 'exit');
  const entry = portFromStyle(cell.style, 'entry');
  const stroke = edgeStroke(cell.style);
  const lineStyle = lineStyleFromStyle(cell.style);
  const points = readPoints(cell, cells.originOf(cell));
  const [source, sourcePoint] = edgeEnd(cell, cells, idOf, 'source');
  const [target, targetPoint] = edgeEnd(cell, cells, idOf, 'target');
  const record: Mutable<EdgeRecord> = { id: placement.id, pageId: placement.pageId, layerId: placement.layerId, order: placement.order, kind: 'edge', source, target } as Mutable<EdgeRecord>;
  if (sourcePoint) record.sourcePoint = sourcePoint;
  if (targetPoint) record.targetPoint = targetPoint;
  record.label = label;
  record.lineStyle = lineStyle;
  record.sourceArrow = arrowFromStyle(cell.style, 'start');
  record.targetArrow = arrowFromStyle(cell.style, 'end');
  if (exit) record.exit = exit;
  if (entry) record.entry = entry;
  if (stroke !== undefined) record.stroke = stroke;
  if (points && points.length > 0) record.points = points;
  if (!isRouted(cell.style) && lineStyle !== 'curved') record.straight = true;
  if (html !== undefined) record.html = html;
  const group = cells.groupOf(cell);
  const extra: Mutable<Partial<FileCell>> = {};
  if (group) extra.parent = group.id;
  if (labelCells) extra.labels = labelCells.map((labelCell) => labelCell.node);
  if (labelInCells) extra.labelInCells = true;
  record.file = fileCell(cell, record.id, extra);
  return record;
}

/**
 * One end of a modeled edge: the record of the shape or container it is attached to, or a loose
 * end at its point (PageCells.edgeProblem made sure it has one), in page coordinates.
 */
function edgeEnd(cell: RawCell, cells: PageCells, idOf: ReadonlyMap<RawCell, string>, end: 'source' | 'target'): [id: string, point?: Point] {
  const attached = cells.get(end === 'source' ? cell.source : cell.target);
  const id = attached && idOf.get(attached);
  if (id !== undefined) return [id];
  const origin = cells.originOf(cell);
  const given = endPoint(cell, end === 'source' ? 'sourcePoint' : 'targetPoint')!;
  return ['', { x: origin.x + given.x, y: origin.y + given.y }];
}

function readForeign(cell: RawCell, cells: PageCells, placement: Placement): ForeignRecord {
  const what = cells.foreignKind.get(cell);
  let box: Rect | undefined;
  let line: Point[] | undefined;
  if (cell.edge) {
    const origin = cells.originOf(cell);
    const end = (as: string, ref: string | undefined): Point | undefined => {
      const point = cell.geometryNode?.children.find((child) => child.tag === 'mxPoint' && attribute(child, 'as') === as);
      const given = point && { x: origin.x + Number(attribute(point, 'x') ?? 0), y: origin.y + Number(attribute(point, 'y') ?? 0) };
      return cells.centre(ref) ?? (given && Number.isFinite(given.x) && Number.isFinite(given.y) ? given : undefined);
    };
    const from = end('sourcePoint', cell.source);
    const to = end('targetPoint', cell.target);
    if (from && to) line = [from, ...(readPoints(cell, origin) ?? []), to];
  } else if (cell.vertex && cell.geometry.width !== undefined && cell.geometry.height !== undefined && cells.roleOf(cell) === 'foreign') {
    box = { ...cells.position(cell), w: cell.geometry.width, h: cell.geometry.height };
  }
  return {
    ...placement,
    kind: 'foreign',
    ...(what !== undefined && { what }),
    xml: cell.node,
    ...(cell.parent !== undefined && cell.parent !== '' && !cells.get(cell.parent) && { parentMissing: true as const }),
    ...(box && { box }),
    ...(line && { line }),
  };
}

