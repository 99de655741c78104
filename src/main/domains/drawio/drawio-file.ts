/**
 * `.drawio` files: the records of a drawio document to and from draw.io's mxfile XML.
 *
 * Written files are uncompressed and open in diagrams.net; files made by diagrams.net (plain or
 * compressed diagrams, `object`/`UserObject` wrapped cells, containers, HTML labels) open here.
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
 *
 * Cell ids are the record ids (`s3`, `e7`, `g2`, `l1`, diagram `p1`), and reading keeps an order
 * encoded that way, so ids survive a save and a reopen. Cells from elsewhere get fresh orders.
 */
import { basename, extname } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { ErrorCode, FcpError } from '../../fcp/errors';
import {
  DEFAULT_THEME,
  SHAPE_TYPES,
  THEMES,
  isShapeType,
  type ArrowHead,
  type Badge,
  type BadgePosition,
  type CustomThemeRecord,
  type CustomTypeRecord,
  type DrawioRecord,
  type EdgeRecord,
  type EdgeStyleName,
  type Face,
  type FlowDirection,
  type GroupRecord,
  type LayerRecord,
  type MetaRecord,
  type PageRecord,
  type Port,
  type ShapeRecord,
  type ShapeType,
  type StyleOverrides,
  type Theme,
} from './model';

// ---------------------------------------------------------------------------------------------
// Vocabulary: how each model notion is spelled in draw.io

const TYPE_STYLES: Record<ShapeType, string> = {
  box: 'rounded=0;whiteSpace=wrap;html=1;',
  svc: 'rounded=1;whiteSpace=wrap;html=1;',
  circle: 'ellipse;whiteSpace=wrap;html=1;aspect=fixed;',
  decision: 'rhombus;whiteSpace=wrap;html=1;',
  db: 'shape=cylinder3;whiteSpace=wrap;html=1;boundedLbl=1;backgroundOutline=1;size=15;',
  api: 'shape=hexagon;perimeter=hexagonPerimeter2;whiteSpace=wrap;html=1;fixedSize=1;',
  cloud: 'ellipse;shape=cloud;whiteSpace=wrap;html=1;',
  actor: 'shape=umlActor;verticalLabelPosition=bottom;verticalAlign=top;html=1;outlineConnect=0;',
  doc: 'shape=document;whiteSpace=wrap;html=1;boundedLbl=1;',
  queue: 'shape=parallelogram;perimeter=parallelogramPerimeter;whiteSpace=wrap;html=1;fixedSize=1;',
  triangle: 'triangle;whiteSpace=wrap;html=1;',
  process: 'shape=process;whiteSpace=wrap;html=1;backgroundOutline=1;',
};

/** `shape=` values and bare style names (`ellipse;...`) that identify a type. */
const STYLE_NAME_TYPES: Readonly<Record<string, ShapeType>> = {
  cylinder3: 'db',
  cylinder: 'db',
  'mxgraph.flowchart.database': 'db',
  datastore: 'db',
  hexagon: 'api',
  cloud: 'cloud',
  umlActor: 'actor',
  document: 'doc',
  'mxgraph.flowchart.document': 'doc',
  parallelogram: 'queue',
  process: 'process',
  triangle: 'triangle',
  rhombus: 'decision',
  'mxgraph.flowchart.decision': 'decision',
  ellipse: 'circle',
};

/** The container around a group's members; its label sits at the top left. */
const GROUP_STYLE =
  'rounded=1;whiteSpace=wrap;html=1;container=1;collapsible=0;recursiveResize=0;' +
  'verticalAlign=top;align=left;spacingLeft=10;fontStyle=1;dashed=1;arcSize=4;';
const GROUP_PADDING = 20;
/** Extra room above the members for the group's label. */
const GROUP_LABEL_SPACE = 20;
/** Where an empty group's container goes (it has no members to surround). */
const EMPTY_GROUP_BOUNDS: Rect = { x: 0, y: 0, width: 160, height: 80 };

const BADGE_STYLE =
  'rounded=1;arcSize=50;whiteSpace=nowrap;html=1;fontSize=10;fillColor=#ffffff;strokeColor=#666666;';
const BADGE_HEIGHT = 18;
const BADGE_POSITIONS: readonly BadgePosition[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

const EDGE_BASE_STYLE = 'edgeStyle=orthogonalEdgeStyle;rounded=0;orthogonalLoop=1;jettySize=auto;html=1;';
const LINE_STYLE_KEYS: Record<EdgeStyleName, ReadonlyArray<readonly [string, string]>> = {
  solid: [],
  orthogonal: [],
  dashed: [['dashed', '1']],
  dotted: [
    ['dashed', '1'],
    ['dashPattern', '1 4'],
  ],
  curved: [['curved', '1']],
  animated: [['flowAnimation', '1']],
};
const EDGE_STYLE_NAMES = Object.keys(LINE_STYLE_KEYS) as EdgeStyleName[];

/** draw.io marker name (and whether it is filled) for each arrow head. */
const ARROW_MARKERS: Record<ArrowHead, { marker: string; filled?: boolean }> = {
  arrow: { marker: 'classic' },
  'open-arrow': { marker: 'open' },
  diamond: { marker: 'diamond', filled: true },
  circle: { marker: 'oval', filled: true },
  'crow-foot': { marker: 'ERmany' },
  none: { marker: 'none' },
};
const MARKER_ARROWS: Readonly<Record<string, ArrowHead>> = {
  classic: 'arrow',
  classicThin: 'arrow',
  block: 'arrow',
  blockThin: 'arrow',
  open: 'open-arrow',
  openThin: 'open-arrow',
  openAsync: 'open-arrow',
  async: 'open-arrow',
  diamond: 'diamond',
  diamondThin: 'diamond',
  oval: 'circle',
  circle: 'circle',
  circlePlus: 'circle',
  dot: 'circle',
  ERmany: 'crow-foot',
  ERoneToMany: 'crow-foot',
  ERzeroToMany: 'crow-foot',
  none: 'none',
  '': 'none',
};

const FLOW_DIRECTIONS: readonly FlowDirection[] = ['TB', 'LR', 'BT', 'RL'];

/** Keys of this studio's own data in files; diagrams.net keeps them and ignores them. */
const Tandem = {
  title: 'tandemTitle',
  flow: 'tandemFlow',
  types: 'tandemTypes',
  themes: 'tandemThemes',
  activeLayer: 'tandemActiveLayer',
  alias: 'tandemAlias',
  groupName: 'tandemName',
  typeStyle: 'tandemType',
  lineStyle: 'tandemLine',
  groupStyle: 'tandemGroup',
  badgeStyle: 'tandemBadge',
} as const;

const ROOT_CELL_ID = '0';
const GRAPH_MODEL_ATTRIBUTES = {
  dx: 1000,
  dy: 800,
  grid: 1,
  gridSize: 10,
  guides: 1,
  tooltips: 1,
  connect: 1,
  arrows: 1,
  fold: 1,
  page: 1,
  pageScale: 1,
  pageWidth: 1169,
  pageHeight: 827,
  math: 0,
  shadow: 0,
} as const;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// ---------------------------------------------------------------------------------------------
// Style strings

/** A draw.io style string as ordered entries; a bare name such as `ellipse` has no value. */
type Style = Map<string, string | undefined>;

function parseStyle(text: string): Style {
  const style: Style = new Map();
  for (const part of text.split(';')) {
    const item = part.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    if (eq < 0) style.set(item, undefined);
    else style.set(item.slice(0, eq).trim(), item.slice(eq + 1).trim());
  }
  return style;
}

function formatStyle(style: Style): string {
  let text = '';
  for (const [key, value] of style) text += value === undefined ? `${key};` : `${key}=${value};`;
  return text;
}

function styleNumber(style: Style, key: string): number | undefined {
  const raw = style.get(key);
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Free text (a custom type name) inside a style value, where `;` and `=` would break it. */
function decodeStyleText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// ---------------------------------------------------------------------------------------------
// Shape styles: one function builds them, the reader diffs against it to recover overrides

type ColorField = 'fill' | 'stroke' | 'fontColor';
type NumberField = 'fontSize' | 'opacity';
type FlagField = 'rounded' | 'dashed' | 'shadow';
type FontFlagField = 'bold' | 'italic' | 'underline';

/** Override field, style key, and draw.io's value when the key is absent. */
const COLOR_KEYS: ReadonlyArray<readonly [ColorField, string, string]> = [
  ['fill', 'fillColor', '#ffffff'],
  ['stroke', 'strokeColor', '#000000'],
  ['fontColor', 'fontColor', '#000000'],
];
const NUMBER_KEYS: ReadonlyArray<readonly [NumberField, string, number]> = [
  ['fontSize', 'fontSize', 12],
  // Passed through as draw.io's percentage (0..100).
  ['opacity', 'opacity', 100],
];
const FLAG_KEYS: ReadonlyArray<readonly [FlagField, string]> = [
  ['rounded', 'rounded'],
  ['dashed', 'dashed'],
  ['shadow', 'shadow'],
];
const FONT_STYLE_BITS: ReadonlyArray<readonly [FontFlagField, number]> = [
  ['bold', 1],
  ['italic', 2],
  ['underline', 4],
];

function shapeStyle(base: ShapeType, palette: Theme, overrides: StyleOverrides): Style {
  const style = parseStyle(TYPE_STYLES[base]);
  style.set('fillColor', palette.fill);
  style.set('strokeColor', palette.stroke);
  if (palette.fontColor !== undefined) style.set('fontColor', palette.fontColor);
  for (const [field, key] of COLOR_KEYS) {
    const value = overrides[field];
    if (value !== undefined) style.set(key, value);
  }
  for (const [field, key] of NUMBER_KEYS) {
    const value = overrides[field];
    if (value !== undefined) style.set(key, String(value));
  }
  for (const [field, key] of FLAG_KEYS) {
    const value = overrides[field];
    if (value !== undefined) style.set(key, value ? '1' : '0');
  }
  if (FONT_STYLE_BITS.some(([field]) => overrides[field] !== undefined)) {
    let bits = styleNumber(style, 'fontStyle') ?? 0;
    for (const [field, bit] of FONT_STYLE_BITS) {
      const value = overrides[field];
      if (value !== undefined) bits = value ? bits | bit : bits & ~bit;
    }
    style.set('fontStyle', String(bits));
  }
  return style;
}

/** The overrides that turn `expected` (type and theme alone) into `actual`. */
function overridesBetween(actual: Style, expected: Style): StyleOverrides {
  const overrides: Mutable<StyleOverrides> = {};
  for (const [field, key, fallback] of COLOR_KEYS) {
    const value = effectiveColor(actual.get(key), fallback);
    if (!sameColor(value, effectiveColor(expected.get(key), fallback))) overrides[field] = value;
  }
  for (const [field, key, fallback] of NUMBER_KEYS) {
    const value = styleNumber(actual, key) ?? fallback;
    if (value !== (styleNumber(expected, key) ?? fallback)) overrides[field] = value;
  }
  for (const [field, key] of FLAG_KEYS) {
    const value = actual.get(key) === '1';
    if (value !== (expected.get(key) === '1')) overrides[field] = value;
  }
  const actualBits = styleNumber(actual, 'fontStyle') ?? 0;
  const expectedBits = styleNumber(expected, 'fontStyle') ?? 0;
  for (const [field, bit] of FONT_STYLE_BITS) {
    if ((actualBits & bit) !== (expectedBits & bit)) overrides[field] = (actualBits & bit) !== 0;
  }
  return overrides;
}

/** draw.io's `default` colour means its built-in one. */
function effectiveColor(value: string | undefined, fallback: string): string {
  return value === undefined || value === '' || value === 'default' ? fallback : value;
}

function sameColor(a: string | undefined, b: string | undefined): boolean {
  return a?.toLowerCase() === b?.toLowerCase();
}

/** The type a style draws, by its `shape=` or style name; plain rectangles by their rounding. */
function typeFromStyle(style: Style): ShapeType {
  const shape = style.get('shape');
  if (shape !== undefined && Object.hasOwn(STYLE_NAME_TYPES, shape)) return STYLE_NAME_TYPES[shape];
  for (const [key, value] of style) {
    if (value === undefined && Object.hasOwn(STYLE_NAME_TYPES, key)) return STYLE_NAME_TYPES[key];
  }
  return style.get('rounded') === '1' ? 'svc' : 'box';
}

/** Themes a file can name: the document's own first, so a redefined name wins. */
class Palettes {
  private readonly byName = new Map<string, Theme>();

  constructor(customThemes: Iterable<CustomThemeRecord>) {
    for (const theme of customThemes) this.byName.set(theme.name, theme);
    for (const [name, theme] of Object.entries(THEMES)) if (!this.byName.has(name)) this.byName.set(name, theme);
  }

  get(name: string | undefined): Theme {
    return (name !== undefined && this.byName.get(name)) || THEMES[DEFAULT_THEME];
  }

  /** The theme with exactly these colours. */
  exact(fill: string, stroke: string): string | undefined {
    return this.find((theme) => sameColor(theme.fill, fill) && sameColor(theme.stroke, stroke));
  }

  /** The closest theme: both colours, else the stroke, else the fill; the default otherwise. */
  closest(fill: string, stroke: string): string {
    return (
      this.exact(fill, stroke) ??
      this.find((theme) => sameColor(theme.stroke, stroke)) ??
      this.find((theme) => sameColor(theme.fill, fill)) ??
      DEFAULT_THEME
    );
  }

  private find(test: (theme: Theme) => boolean): string | undefined {
    for (const [name, theme] of this.byName) if (test(theme)) return name;
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Edge styles

function edgeStyle(edge: EdgeRecord): Style {
  const style = parseStyle(EDGE_BASE_STYLE);
  for (const [key, value] of LINE_STYLE_KEYS[edge.lineStyle] ?? []) style.set(key, value);
  setArrow(style, 'start', edge.sourceArrow);
  setArrow(style, 'end', edge.targetArrow);
  if (edge.exit) setPort(style, 'exit', edge.exit);
  if (edge.entry) setPort(style, 'entry', edge.entry);
  if (edge.stroke !== undefined) style.set('strokeColor', edge.stroke);
  if (lineStyleFromStyle(style) !== edge.lineStyle) style.set(Tandem.lineStyle, edge.lineStyle);
  return style;
}

function lineStyleFromStyle(style: Style): EdgeStyleName {
  const stored = style.get(Tandem.lineStyle);
  if (stored !== undefined && (EDGE_STYLE_NAMES as readonly string[]).includes(stored)) return stored as EdgeStyleName;
  if (style.get('flowAnimation') === '1') return 'animated';
  if (style.get('curved') === '1') return 'curved';
  if (style.get('dashed') === '1') return /^1\s/.test(style.get('dashPattern') ?? '') ? 'dotted' : 'dashed';
  return 'solid';
}

function setArrow(style: Style, end: 'start' | 'end', head: ArrowHead): void {
  const { marker, filled } = ARROW_MARKERS[head] ?? ARROW_MARKERS.arrow;
  style.set(`${end}Arrow`, marker);
  if (filled) style.set(`${end}Fill`, '1');
}

/** draw.io draws an end arrow (classic) and no start arrow unless told otherwise. */
function arrowFromStyle(style: Style, end: 'start' | 'end'): ArrowHead {
  const marker = style.get(`${end}Arrow`);
  if (marker === undefined) return end === 'end' ? 'arrow' : 'none';
  return Object.hasOwn(MARKER_ARROWS, marker) ? MARKER_ARROWS[marker] : 'arrow';
}

function setPort(style: Style, end: 'exit' | 'entry', port: Port): void {
  const at = String(port.at);
  const [x, y] =
    port.face === 'top' ? [at, '0'] : port.face === 'bottom' ? [at, '1'] : port.face === 'left' ? ['0', at] : ['1', at];
  style.set(`${end}X`, x);
  style.set(`${end}Y`, y);
}

/** The face nearest to a connection point given as fractions of the shape's size. */
function portFromStyle(style: Style, end: 'exit' | 'entry'): Port | undefined {
  const x = styleNumber(style, `${end}X`);
  const y = styleNumber(style, `${end}Y`);
  if (x === undefined || y === undefined) return undefined;
  const distances: ReadonlyArray<readonly [Face, number]> = [
    ['top', y],
    ['bottom', 1 - y],
    ['left', x],
    ['right', 1 - x],
  ];
  const [face] = distances.reduce((best, candidate) => (candidate[1] < best[1] ? candidate : best));
  const along = face === 'top' || face === 'bottom' ? x : y;
  return { face, at: Math.min(1, Math.max(0, along)) };
}

// ---------------------------------------------------------------------------------------------
// Labels: plain text in the model, HTML in `html=1` cells

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** The named entities diagrams.net's label editor produces, beyond XML's. */
const HTML_ENTITIES: Readonly<Record<string, string>> = {
  ...XML_ENTITIES,
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
  euro: '€',
};

function decodeEntities(text: string, named: Readonly<Record<string, string>>): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      const codePoint = Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    }
    return Object.hasOwn(named, ref) ? named[ref] : whole;
  });
}

function textToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r\n?|\n/g, '<br>');
}

const BLOCK_TAGS = 'div|p|li|h[1-6]|tr';

/** An HTML label as the text it shows: line breaks and blocks become newlines, tags go. */
function htmlToText(html: string): string {
  return decodeEntities(
    html
      // `<div><br></div>` is one empty line, not two.
      .replace(new RegExp(`<br\\s*/?>(\\s*</(?:${BLOCK_TAGS})\\s*>)`, 'gi'), '$1')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(new RegExp(`^\\s*<(?:${BLOCK_TAGS})\\b[^>]*>`, 'i'), '')
      .replace(new RegExp(`</(?:${BLOCK_TAGS})\\s*>\\s*<(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\n')
      .replace(new RegExp(`<(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\n')
      .replace(/<[^>]*>/g, ''),
    HTML_ENTITIES,
  )
    .replace(/\u00a0/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Names: aliases of shapes and names of groups are unique per page, ignoring case

/** The name a label gives: its first non-empty line. */
function nameFromText(text: string, fallback: string): string {
  const firstLine = text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  return firstLine ?? fallback;
}

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

// ---------------------------------------------------------------------------------------------
// Writing

type Attributes = Record<string, string | number | undefined>;
/** A node in fast-xml-parser's ordered form: `{ tag: children, ':@': attributes }`. */
type BuilderNode = Record<string, unknown>;

const XML_BUILDER = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  suppressEmptyNode: true,
  format: true,
  indentBy: '  ',
  // All escaping is ours: the builder's own leaves newlines raw, and a parser turns those into spaces.
  processEntities: false,
  attributeValueProcessor: (_name: string, value: unknown) => escapeAttribute(String(value)),
});

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

function escapeAttribute(value: string): string {
  return (
    value
      // Other control characters cannot appear in XML 1.0 at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/[&<>"\n\r\t]/g, (ch) => ATTRIBUTE_ESCAPES[ch])
  );
}

function element(tag: string, attributes: Attributes, children: BuilderNode[] = []): BuilderNode {
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) defined[key] = String(value);
  return { [tag]: children, ':@': defined };
}

interface CellSpec {
  id: string;
  value?: string;
  style?: Style;
  parent?: string;
  vertex?: boolean;
  edge?: boolean;
  connectable?: boolean;
  source?: string;
  target?: string;
  visible?: boolean;
  geometry?: Rect | 'relative';
  /** Extra attributes; when present the cell is wrapped in `<object>`, as diagrams.net does. */
  data?: Record<string, string>;
}

function cellElement(spec: CellSpec): BuilderNode {
  const geometry =
    spec.geometry === undefined
      ? []
      : [
          spec.geometry === 'relative'
            ? element('mxGeometry', { relative: 1, as: 'geometry' })
            : element('mxGeometry', { ...spec.geometry, as: 'geometry' }),
        ];
  const cellAttributes: Attributes = {
    style: spec.style && formatStyle(spec.style),
    vertex: spec.vertex ? 1 : undefined,
    edge: spec.edge ? 1 : undefined,
    connectable: spec.connectable === false ? 0 : undefined,
    parent: spec.parent,
    source: spec.source,
    target: spec.target,
    visible: spec.visible === false ? 0 : undefined,
  };
  if (!spec.data || Object.keys(spec.data).length === 0) {
    return element('mxCell', { id: spec.id, value: spec.value, ...cellAttributes }, geometry);
  }
  return element('object', { label: spec.value ?? '', ...spec.data, id: spec.id }, [
    element('mxCell', cellAttributes, geometry),
  ]);
}

/** The records of one document, by kind, each list in `order`. */
class DocumentRecords {
  meta: MetaRecord | undefined;
  readonly pages: PageRecord[] = [];
  readonly layers: LayerRecord[] = [];
  readonly groups: GroupRecord[] = [];
  readonly shapes: ShapeRecord[] = [];
  readonly edges: EdgeRecord[] = [];
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
        case 'customType':
          this.customTypes.set(record.name, record);
          break;
        case 'customTheme':
          this.customThemes.push(record);
          break;
      }
    }
    for (const list of [this.pages, this.layers, this.groups, this.shapes, this.edges]) {
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
  const diagrams = pages.map((page, index) => diagramElement(doc, palettes, page, index === 0));
  const xml = XML_BUILDER.build([element('mxfile', { host: 'TandemStudio', agent: 'Tandem Studio' }, diagrams)]);
  return `${String(xml).trim()}\n`;
}

function diagramElement(doc: DocumentRecords, palettes: Palettes, page: PageRecord, isFirstPage: boolean): BuilderNode {
  const layers = doc.onPage(doc.layers, page.id);
  const layerCells: CellSpec[] =
    layers.length > 0
      ? layers.map((layer) => ({ id: layer.id, value: layer.name, parent: ROOT_CELL_ID, visible: layer.visible }))
      : [{ id: `${page.id}-layer`, value: '', parent: ROOT_CELL_ID }];
  const firstLayerCell = layerCells[0].id;
  const layerIds = new Set(layers.map((layer) => layer.id));
  const layerCellOf = (layerId: string) => (layerIds.has(layerId) ? layerId : firstLayerCell);

  const rootData: Record<string, string> = isFirstPage ? documentData(doc) : {};
  if (layerIds.has(page.activeLayerId) && page.activeLayerId !== firstLayerCell) {
    rootData[Tandem.activeLayer] = page.activeLayerId;
  }

  const shapes = doc.onPage(doc.shapes, page.id);
  const groups = doc.onPage(doc.groups, page.id);
  const groupCells: CellSpec[] = [];
  const groupOrigins = new Map<string, Rect>();
  for (const group of groups) {
    const bounds = groupBounds(shapes.filter((shape) => shape.groupId === group.id));
    groupOrigins.set(group.id, bounds);
    groupCells.push(groupCell(group, bounds, layerCellOf(group.layerId), palettes));
  }

  const shapeCells = shapes.flatMap((shape) => {
    const container = shape.groupId !== undefined ? groupOrigins.get(shape.groupId) : undefined;
    const parent = container ? shape.groupId! : layerCellOf(shape.layerId);
    return [shapeCell(shape, parent, container, doc, palettes), ...badgeCells(shape)];
  });

  const shapeIds = new Set(shapes.map((shape) => shape.id));
  const edgeCells = doc
    .onPage(doc.edges, page.id)
    .filter((edge) => shapeIds.has(edge.source) && shapeIds.has(edge.target))
    .map((edge) => edgeCell(edge, layerCellOf(edge.layerId)));

  const cells = [{ id: ROOT_CELL_ID, data: rootData }, ...layerCells, ...groupCells, ...shapeCells, ...edgeCells];
  return element('diagram', { id: page.id, name: page.name }, [
    element('mxGraphModel', GRAPH_MODEL_ATTRIBUTES, [element('root', {}, cells.map(cellElement))]),
  ]);
}

/** Title, flow and definitions: the document-wide data, kept on the first page's root cell. */
function documentData(doc: DocumentRecords): Record<string, string> {
  const data: Record<string, string> = {};
  if (doc.meta) {
    data[Tandem.title] = doc.meta.title;
    data[Tandem.flow] = doc.meta.flow;
  }
  if (doc.customTypes.size > 0) {
    data[Tandem.types] = JSON.stringify([...doc.customTypes.values()].map(({ id: _id, kind: _kind, ...rest }) => rest));
  }
  if (doc.customThemes.length > 0) {
    data[Tandem.themes] = JSON.stringify(doc.customThemes.map(({ id: _id, kind: _kind, ...rest }) => rest));
  }
  return data;
}

function groupBounds(members: readonly ShapeRecord[]): Rect {
  if (members.length === 0) return EMPTY_GROUP_BOUNDS;
  const left = Math.min(...members.map((s) => s.x)) - GROUP_PADDING;
  const top = Math.min(...members.map((s) => s.y)) - GROUP_PADDING - GROUP_LABEL_SPACE;
  const right = Math.max(...members.map((s) => s.x + s.w)) + GROUP_PADDING;
  const bottom = Math.max(...members.map((s) => s.y + s.h)) + GROUP_PADDING;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function groupCell(group: GroupRecord, bounds: Rect, parent: string, palettes: Palettes): CellSpec {
  const style = parseStyle(GROUP_STYLE);
  const palette = group.theme !== undefined ? palettes.get(group.theme) : undefined;
  style.set('fillColor', palette?.fill ?? 'none');
  style.set('strokeColor', palette?.stroke ?? '#666666');
  if (palette?.fontColor !== undefined) style.set('fontColor', palette.fontColor);
  style.set(Tandem.groupStyle, '1');
  const data: Record<string, string> = {};
  if (group.name !== nameFromText(group.text, 'group')) data[Tandem.groupName] = group.name;
  return { id: group.id, value: textToHtml(group.text), style, vertex: true, parent, geometry: bounds, data };
}

function shapeCell(
  shape: ShapeRecord,
  parent: string,
  container: Rect | undefined,
  doc: DocumentRecords,
  palettes: Palettes,
): CellSpec {
  const base = baseTypeOf(shape.type, doc.customTypes);
  const style = shapeStyle(base, palettes.get(shape.theme), shape.style);
  if (typeFromStyle(style) !== shape.type) style.set(Tandem.typeStyle, encodeURIComponent(shape.type));
  const data: Record<string, string> = {};
  if (shape.alias !== nameFromText(shape.text, shape.type)) data[Tandem.alias] = shape.alias;
  const geometry = {
    x: shape.x - (container?.x ?? 0),
    y: shape.y - (container?.y ?? 0),
    width: shape.w,
    height: shape.h,
  };
  return { id: shape.id, value: textToHtml(shape.text), style, vertex: true, parent, geometry, data };
}

function baseTypeOf(type: string, customTypes: ReadonlyMap<string, CustomTypeRecord>): ShapeType {
  if (isShapeType(type)) return type;
  return customTypes.get(type)?.base ?? 'box';
}

/** Badges as small labels centred on the shape's corners (geometry relative to the shape). */
function badgeCells(shape: ShapeRecord): CellSpec[] {
  return shape.badges.map((badge, index) => {
    const width = Math.max(BADGE_HEIGHT, badge.text.length * 7 + 12);
    const [vertical, horizontal] = badge.pos.split('-');
    const style = parseStyle(BADGE_STYLE);
    style.set(Tandem.badgeStyle, badge.pos);
    return {
      id: `${shape.id}-badge${index + 1}`,
      value: textToHtml(badge.text),
      style,
      vertex: true,
      connectable: false,
      parent: shape.id,
      geometry: {
        x: (horizontal === 'right' ? shape.w : 0) - width / 2,
        y: (vertical === 'bottom' ? shape.h : 0) - BADGE_HEIGHT / 2,
        width,
        height: BADGE_HEIGHT,
      },
    };
  });
}

function edgeCell(edge: EdgeRecord, parent: string): CellSpec {
  return {
    id: edge.id,
    value: textToHtml(edge.label),
    style: edgeStyle(edge),
    edge: true,
    parent,
    source: edge.source,
    target: edge.target,
    geometry: 'relative',
  };
}

// ---------------------------------------------------------------------------------------------
// XML parsing

interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text, entities decoded. */
  readonly text: string;
}

const XML_PARSER = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  // Entities are decoded by decodeEntities: the parser's own leaves numeric ones (`&#10;`) alone.
  processEntities: false,
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toElements(nodes: unknown): XmlElement[] {
  if (!Array.isArray(nodes)) return [];
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    if (!isRecord(node)) continue;
    const tag = Object.keys(node).find((key) => key !== ':@');
    if (tag === undefined || tag.startsWith('#') || tag.startsWith('?') || tag.startsWith('!')) continue;
    const attributes: Record<string, string> = {};
    const rawAttributes = node[':@'];
    if (isRecord(rawAttributes)) {
      for (const [key, value] of Object.entries(rawAttributes)) {
        if (typeof value === 'string') attributes[key] = decodeEntities(value, XML_ENTITIES);
      }
    }
    const content = Array.isArray(node[tag]) ? (node[tag] as unknown[]) : [];
    const text = content
      .map((child) => (isRecord(child) && typeof child['#text'] === 'string' ? child['#text'] : ''))
      .join('');
    elements.push({ name: tag, attributes, children: toElements(content), text: decodeEntities(text, XML_ENTITIES) });
  }
  return elements;
}

function fileError(fileName: string, problem: string, suggestion?: string): FcpError {
  return new FcpError(
    ErrorCode.fileInvalid,
    `cannot open ${fileName}: ${problem}`,
    suggestion ?? 'open a .drawio file saved by diagrams.net (draw.io) or by Tandem Studio',
  );
}

/** The document element of `xml`; `what` names the text in messages ("the file", "page X"). */
function parseXml(xml: string, fileName: string, what: string): XmlElement {
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) {
    const { msg, line, col } = verdict.err;
    const where = line !== undefined ? ` at line ${line}${col !== undefined ? `, column ${col}` : ''}` : '';
    const truncated = /unclosed|expected|end/i.test(msg) ? ' (is it truncated?)' : '';
    throw fileError(fileName, `${what} is not well-formed XML${where}: ${msg}${truncated}`);
  }
  let parsed: unknown;
  try {
    parsed = XML_PARSER.parse(xml);
  } catch (err) {
    throw fileError(fileName, `${what} is not well-formed XML: ${err instanceof Error ? err.message : String(err)}`);
  }
  const [root] = toElements(parsed);
  if (!root) throw fileError(fileName, `${what} holds no XML element`);
  return root;
}

function child(parent: XmlElement, name: string): XmlElement | undefined {
  return parent.children.find((element) => element.name === name);
}

// ---------------------------------------------------------------------------------------------
// Reading

export function readDrawioFile(text: string, fileName: string): DrawioRecord[] {
  try {
    return new DrawioFileReader(fileName).read(text);
  } catch (err) {
    if (err instanceof FcpError) throw err;
    throw fileError(fileName, `it could not be read (${err instanceof Error ? err.message : String(err)})`);
  }
}

interface SourcePage {
  readonly name: string;
  readonly diagramId?: string;
  readonly model?: XmlElement;
}

/** One `mxCell`, unwrapped from its `object`/`UserObject` if it had one. */
interface RawCell {
  readonly id: string;
  readonly parent?: string;
  /** The label as written: HTML when the style says `html=1`. */
  readonly value: string;
  readonly style: Style;
  readonly vertex: boolean;
  readonly edge: boolean;
  readonly source?: string;
  readonly target?: string;
  readonly visible: boolean;
  readonly geometry: { readonly x: number; readonly y: number; readonly width?: number; readonly height?: number };
  /** Attributes of the wrapper other than id and label. */
  readonly data: Readonly<Record<string, string>>;
}

function cellText(cell: RawCell): string {
  return cell.style.get('html') === '1' ? htmlToText(cell.value) : cell.value;
}

function readCells(model: XmlElement): RawCell[] {
  const root = child(model, 'root');
  if (!root) return [];
  const cells: RawCell[] = [];
  const seen = new Set<string>();
  root.children.forEach((element, index) => {
    const cell = rawCell(element, `\u0000cell${index}`);
    // Ids are unique in a valid model; a repeated one could only make references ambiguous.
    if (!cell || seen.has(cell.id)) return;
    seen.add(cell.id);
    cells.push(cell);
  });
  return cells;
}

function rawCell(element: XmlElement, fallbackId: string): RawCell | undefined {
  let cell: XmlElement;
  let value: string;
  let id: string | undefined;
  let data: Record<string, string> = {};
  if (element.name === 'mxCell') {
    cell = element;
    id = element.attributes.id;
    value = element.attributes.value ?? '';
  } else if (element.name === 'object' || element.name === 'UserObject') {
    cell = child(element, 'mxCell') ?? { name: 'mxCell', attributes: {}, children: [], text: '' };
    const { id: wrapperId, label, ...rest } = element.attributes;
    id = wrapperId;
    value = label ?? '';
    data = rest;
  } else {
    return undefined;
  }
  const attributes = cell.attributes;
  const geometry = cell.children.find((c) => c.name === 'mxGeometry' && c.attributes.as !== 'alternateBounds');
  const number = (name: string) => {
    const raw = geometry?.attributes[name];
    const parsed = raw === undefined ? NaN : Number(raw);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  return {
    id: id ?? fallbackId,
    parent: attributes.parent,
    value,
    style: parseStyle(attributes.style ?? ''),
    vertex: attributes.vertex === '1',
    edge: attributes.edge === '1',
    source: attributes.source,
    target: attributes.target,
    visible: attributes.visible !== '0',
    geometry: { x: number('x') ?? 0, y: number('y') ?? 0, width: number('width'), height: number('height') },
    data,
  };
}

/** The cells of one page, sorted into what they are in the model. */
class PageCells {
  readonly rootData: Readonly<Record<string, string>>;
  readonly layers: RawCell[];
  readonly groups: RawCell[] = [];
  readonly shapes: RawCell[] = [];
  /** Edges whose both ends are shapes; the others (dangling, given as points, to a group) are dropped. */
  readonly edges: RawCell[];
  /** Group, shape and edge cells in file order (their z-order). */
  readonly drawn: RawCell[];
  readonly badgesOf = new Map<string, RawCell[]>();
  readonly labelsOf = new Map<string, RawCell[]>();
  private readonly byId = new Map<string, RawCell>();
  private readonly layerIds: Set<string>;
  private readonly groupIds = new Set<string>();
  private readonly absolute = new Map<string, { x: number; y: number }>();

  constructor(cells: readonly RawCell[]) {
    for (const cell of cells) this.byId.set(cell.id, cell);
    const root = cells.find((cell) => cell.parent === undefined || cell.parent === '');
    this.rootData = root?.data ?? {};
    this.layers = root ? cells.filter((cell) => cell.parent === root.id) : [];
    this.layerIds = new Set(this.layers.map((cell) => cell.id));

    const inModel = cells.filter((cell) => cell !== root && !this.layerIds.has(cell.id));
    const edgeIds = new Set(inModel.filter((cell) => cell.edge).map((cell) => cell.id));
    const members: RawCell[] = [];
    const badges: RawCell[] = [];
    for (const cell of inModel) {
      if (!cell.vertex) continue;
      if (cell.parent !== undefined && edgeIds.has(cell.parent)) push(this.labelsOf, cell.parent, cell);
      else if (cell.style.has(Tandem.badgeStyle)) badges.push(cell);
      else members.push(cell);
    }
    // A vertex that holds other vertices is a group (a container in draw.io terms).
    const parents = new Set(members.map((cell) => cell.parent));
    for (const cell of members) {
      if (parents.has(cell.id) || cell.style.get(Tandem.groupStyle) === '1') {
        this.groups.push(cell);
        this.groupIds.add(cell.id);
      } else {
        this.shapes.push(cell);
      }
    }
    const shapeIds = new Set(this.shapes.map((cell) => cell.id));
    for (const badge of badges) {
      if (badge.parent !== undefined && shapeIds.has(badge.parent)) push(this.badgesOf, badge.parent, badge);
      else {
        // A badge dragged out of its shape in diagrams.net is just a shape now.
        this.shapes.push(badge);
        shapeIds.add(badge.id);
      }
    }
    const endsAreShapes = (cell: RawCell) =>
      cell.source !== undefined && cell.target !== undefined && shapeIds.has(cell.source) && shapeIds.has(cell.target);
    this.edges = inModel.filter((cell) => cell.edge && endsAreShapes(cell));
    const drawnIds = new Set([...this.groupIds, ...shapeIds, ...this.edges.map((cell) => cell.id)]);
    this.drawn = cells.filter((cell) => drawnIds.has(cell.id));
  }

  /** The layer cell a cell lies in, or undefined when its parents lead nowhere. */
  layerOf(cell: RawCell): string | undefined {
    const visited = new Set<string>();
    let current: RawCell | undefined = cell;
    while (current && !visited.has(current.id)) {
      if (this.layerIds.has(current.id)) return current.id;
      visited.add(current.id);
      current = current.parent !== undefined ? this.byId.get(current.parent) : undefined;
    }
    return undefined;
  }

  isGroup(cell: RawCell): boolean {
    return this.groupIds.has(cell.id);
  }

  groupOf(cell: RawCell): string | undefined {
    return cell.parent !== undefined && this.groupIds.has(cell.parent) ? cell.parent : undefined;
  }

  /** Page coordinates: draw.io gives a container's children relative to the container. */
  position(cell: RawCell): { x: number; y: number } {
    return this.positionWithin(cell, new Set());
  }

  private positionWithin(cell: RawCell, visiting: Set<string>): { x: number; y: number } {
    const known = this.absolute.get(cell.id);
    if (known) return known;
    visiting.add(cell.id);
    const parent = cell.parent !== undefined ? this.byId.get(cell.parent) : undefined;
    const origin =
      parent && this.groupIds.has(parent.id) && !visiting.has(parent.id)
        ? this.positionWithin(parent, visiting)
        : { x: 0, y: 0 };
    const position = { x: origin.x + cell.geometry.x, y: origin.y + cell.geometry.y };
    this.absolute.set(cell.id, position);
    return position;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Hands out record orders. An id written by this studio (`s12`) keeps its order when that order
 * is still free; every other record gets a fresh one after the highest kept.
 */
class OrderAllocator {
  private readonly claims: { prefix: string; sourceId: string | undefined; order?: number }[] = [];

  /** Registers a record; call `assign` once all are in, then `orderOf`. */
  add(prefix: string, sourceId: string | undefined): number {
    return this.claims.push({ prefix, sourceId }) - 1;
  }

  assign(): void {
    const used = new Set<number>();
    for (const claim of this.claims) {
      const match = claim.sourceId !== undefined ? /^([a-z])(\d{1,9})$/.exec(claim.sourceId) : null;
      if (!match || match[1] !== claim.prefix) continue;
      const order = Number(match[2]);
      if (!used.has(order)) {
        used.add(order);
        claim.order = order;
      }
    }
    let next = Math.max(0, ...used) + 1;
    for (const claim of this.claims) if (claim.order === undefined) claim.order = next++;
  }

  orderOf(ticket: number): number {
    const order = this.claims[ticket].order;
    if (order === undefined) throw new Error('orders are not assigned yet');
    return order;
  }

  get nextOrder(): number {
    return Math.max(0, ...this.claims.map((claim) => claim.order ?? 0)) + 1;
  }
}

/** One page on its way to records: its cells and the order tickets of everything on it. */
interface PagePlan {
  readonly source: SourcePage;
  readonly cells: PageCells;
  readonly pageTicket: number;
  /** Layer cell id (or undefined for the layer made up for a page without one) -> ticket. */
  readonly layerTickets: ReadonlyArray<readonly [string | undefined, number]>;
  readonly cellTickets: ReadonlyMap<string, number>;
}

class DrawioFileReader {
  private readonly orders = new OrderAllocator();

  constructor(private readonly fileName: string) {}

  read(text: string): DrawioRecord[] {
    const document = parseXml(text.replace(/^\uFEFF/, ''), this.fileName, 'the file');
    const sources = this.sourcePages(document);
    const plans = sources.map((source) => this.plan(source));
    this.orders.assign();

    const firstRootData = plans[0]?.cells.rootData ?? {};
    const customTypes = parseCustomTypes(firstRootData[Tandem.types]);
    const customThemes = parseCustomThemes(firstRootData[Tandem.themes]);
    const context: ReadContext = {
      palettes: new Palettes(customThemes),
      customTypes: new Map(customTypes.map((type) => [type.name, type])),
    };
    const pageRecords = plans.map((plan) => this.pageRecords(plan, context));
    const pages = pageRecords.map((records) => records.page);

    const storedFlow = firstRootData[Tandem.flow];
    const meta: MetaRecord = {
      id: 'meta',
      kind: 'meta',
      title: firstRootData[Tandem.title] ?? basename(this.fileName, extname(this.fileName)),
      flow: (FLOW_DIRECTIONS as readonly string[]).includes(storedFlow ?? '') ? (storedFlow as FlowDirection) : 'TB',
      activePageId: pages[0].id,
      nextOrder: this.orders.nextOrder,
    };
    return [
      meta,
      ...pages,
      ...pageRecords.flatMap((records) => records.layers),
      ...pageRecords.flatMap((records) => records.groups),
      ...pageRecords.flatMap((records) => records.shapes),
      ...pageRecords.flatMap((records) => records.edges),
      ...customTypes,
      ...customThemes,
    ];
  }

  private sourcePages(document: XmlElement): SourcePage[] {
    if (document.name === 'mxGraphModel') return [{ name: 'Page-1', model: document }];
    if (document.name !== 'mxfile') {
      throw this.error(`it is not a draw.io file: the document element is <${document.name}>, not <mxfile>`);
    }
    const diagrams = document.children.filter((element) => element.name === 'diagram');
    if (diagrams.length === 0) return [{ name: 'Page-1' }];
    return diagrams.map((diagram, index) => {
      const name = diagram.attributes.name ?? `Page-${index + 1}`;
      return { name, diagramId: diagram.attributes.id, model: this.diagramModel(diagram, name) };
    });
  }

  /** A diagram holds its model as a child element or as compressed text (or as escaped XML text). */
  private diagramModel(diagram: XmlElement, pageName: string): XmlElement | undefined {
    const inline = child(diagram, 'mxGraphModel');
    if (inline) return inline;
    const content = diagram.text.trim();
    if (content === '') return undefined;
    const what = `page "${pageName}"`;
    const model = parseXml(content.startsWith('<') ? content : this.inflate(content, what), this.fileName, what);
    if (model.name !== 'mxGraphModel') throw this.error(`${what} holds <${model.name}>, not <mxGraphModel>`);
    return model;
  }

  /** draw.io compresses a page as base64 of raw deflate of the URI-encoded XML. */
  private inflate(content: string, what: string): string {
    if (!/^[A-Za-z0-9+/=\s]+$/.test(content)) throw this.error(`${what} is compressed but is not valid base64`);
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(Buffer.from(content, 'base64'));
    } catch {
      throw this.error(`${what} is compressed but does not inflate (corrupt or truncated data)`);
    }
    try {
      return decodeURIComponent(inflated.toString('utf8'));
    } catch {
      throw this.error(`${what} inflates to text that is not URI-encoded XML`);
    }
  }

  private plan(source: SourcePage): PagePlan {
    const cells = new PageCells(source.model ? readCells(source.model) : []);
    const pageTicket = this.orders.add('p', source.diagramId);
    const layerTickets: Array<readonly [string | undefined, number]> =
      cells.layers.length > 0
        ? cells.layers.map((layer) => [layer.id, this.orders.add('l', layer.id)] as const)
        : [[undefined, this.orders.add('l', undefined)]];
    const cellTickets = new Map<string, number>();
    for (const cell of cells.drawn) {
      const prefix = cell.edge ? 'e' : cells.isGroup(cell) ? 'g' : 's';
      cellTickets.set(cell.id, this.orders.add(prefix, cell.id));
    }
    return { source, cells, pageTicket, layerTickets, cellTickets };
  }

  private pageRecords(plan: PagePlan, context: ReadContext): PageContent {
    const { cells } = plan;
    const pageId = `p${this.orders.orderOf(plan.pageTicket)}`;
    const layers: LayerRecord[] = plan.layerTickets.map(([cellId, ticket], index) => {
      const cell = cells.layers.find((layer) => layer.id === cellId);
      const name = cell ? cellText(cell) : '';
      return {
        id: `l${this.orders.orderOf(ticket)}`,
        kind: 'layer',
        pageId,
        name: name !== '' ? name : index === 0 ? 'Background' : `Layer ${index + 1}`,
        visible: cell?.visible ?? true,
        order: this.orders.orderOf(ticket),
      };
    });
    const layerIdOf = (cellId: string | undefined) => {
      const index = plan.layerTickets.findIndex(([id]) => id === cellId);
      return layers[Math.max(0, index)].id;
    };
    // Every drawn cell got a ticket in plan().
    const orderOf = (cell: RawCell) => this.orders.orderOf(plan.cellTickets.get(cell.id)!);
    const placeOf = (cell: RawCell, prefix: string) => ({
      id: `${prefix}${orderOf(cell)}`,
      pageId,
      layerId: layerIdOf(cells.layerOf(cell)),
      order: orderOf(cell),
    });

    const groups = readGroups(cells, (cell) => placeOf(cell, 'g'), context);
    const groupIdByCell = new Map(cells.groups.map((cell, index) => [cell.id, groups[index].id]));
    const shapes = readShapes(
      cells,
      (cell) => {
        const groupCell = cells.groupOf(cell);
        return { ...placeOf(cell, 's'), ...(groupCell !== undefined && { groupId: groupIdByCell.get(groupCell)! }) };
      },
      context,
    );
    const shapeIdByCell = new Map(cells.shapes.map((cell, index) => [cell.id, shapes[index].id]));

    // PageCells kept only edges whose ends are shapes.
    const edges = cells.edges.map((cell) =>
      readEdge(cell, cells, {
        ...placeOf(cell, 'e'),
        source: shapeIdByCell.get(cell.source!)!,
        target: shapeIdByCell.get(cell.target!)!,
      }),
    );

    const storedActive = cells.rootData[Tandem.activeLayer];
    const activeLayer = plan.layerTickets.findIndex(([id]) => id !== undefined && id === storedActive);
    const page: PageRecord = {
      id: pageId,
      kind: 'page',
      name: plan.source.name,
      order: this.orders.orderOf(plan.pageTicket),
      activeLayerId: layers[Math.max(0, activeLayer)].id,
    };
    return { page, layers, groups, shapes, edges };
  }

  private error(problem: string): FcpError {
    return fileError(this.fileName, problem);
  }
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
}

/** What a record gets from its place in the document rather than from its own cell. */
type Placement = Pick<ShapeRecord, 'id' | 'pageId' | 'layerId' | 'order' | 'groupId'>;

function readGroups(
  cells: PageCells,
  place: (cell: RawCell) => Omit<Placement, 'groupId'>,
  context: ReadContext,
): GroupRecord[] {
  const claimed = claimNames(
    cells.groups,
    new UniqueNames(),
    (cell) => cell.data[Tandem.groupName],
    (cell) => nameFromText(cellText(cell), 'group'),
  );
  return cells.groups.map((cell) => {
    const fill = cell.style.get('fillColor');
    const stroke = cell.style.get('strokeColor');
    const theme = fill !== undefined && stroke !== undefined ? context.palettes.exact(fill, stroke) : undefined;
    return {
      ...place(cell),
      kind: 'group',
      name: claimed.get(cell)!,
      text: cellText(cell),
      ...(theme !== undefined && { theme }),
    };
  });
}

function readShapes(cells: PageCells, place: (cell: RawCell) => Placement, context: ReadContext): ShapeRecord[] {
  const types = new Map(cells.shapes.map((cell) => [cell, shapeTypeOf(cell, context)]));
  const claimed = claimNames(
    cells.shapes,
    new UniqueNames(),
    (cell) => cell.data[Tandem.alias],
    (cell) => nameFromText(cellText(cell), types.get(cell)!),
  );
  return cells.shapes.map((cell) => {
    const type = types.get(cell)!;
    const custom = context.customTypes.get(type);
    const base = isShapeType(type) ? type : (custom?.base ?? 'box');
    const fill = effectiveColor(cell.style.get('fillColor'), '#ffffff');
    const stroke = effectiveColor(cell.style.get('strokeColor'), '#000000');
    const theme = context.palettes.closest(fill, stroke);
    const style = overridesBetween(cell.style, shapeStyle(base, context.palettes.get(theme), {}));
    const { x, y } = cells.position(cell);
    return {
      ...place(cell),
      kind: 'shape',
      type,
      alias: claimed.get(cell)!,
      text: cellText(cell),
      x,
      y,
      w: cell.geometry.width ?? custom?.w ?? SHAPE_TYPES[base].w,
      h: cell.geometry.height ?? custom?.h ?? SHAPE_TYPES[base].h,
      theme,
      style,
      badges: (cells.badgesOf.get(cell.id) ?? []).map(readBadge),
    };
  });
}

/** A stored type wins when this document knows it; otherwise the style tells. */
function shapeTypeOf(cell: RawCell, context: ReadContext): string {
  const stored = decodeStyleText(cell.style.get(Tandem.typeStyle));
  if (stored !== undefined && (isShapeType(stored) || context.customTypes.has(stored))) return stored;
  return typeFromStyle(cell.style);
}

/** Stored names are claimed first so that a name derived from a label cannot take them. */
function claimNames(
  cells: readonly RawCell[],
  names: UniqueNames,
  storedName: (cell: RawCell) => string | undefined,
  derivedName: (cell: RawCell) => string,
): Map<RawCell, string> {
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
  return { text: cellText(cell), pos };
}

type EdgePlacement = Pick<EdgeRecord, 'id' | 'pageId' | 'layerId' | 'order' | 'source' | 'target'>;

/** The edge's own value, else the text of its label cells (diagrams.net's `edgeLabel` children). */
function readEdge(cell: RawCell, cells: PageCells, placement: EdgePlacement): EdgeRecord {
  const ownLabel = cellText(cell);
  const childLabels = (cells.labelsOf.get(cell.id) ?? []).map(cellText).filter((text) => text !== '');
  const label = ownLabel !== '' ? ownLabel : childLabels.join('\n');
  const exit = portFromStyle(cell.style, 'exit');
  const entry = portFromStyle(cell.style, 'entry');
  const stroke = cell.style.get('strokeColor');
  return {
    ...placement,
    kind: 'edge',
    label,
    lineStyle: lineStyleFromStyle(cell.style),
    sourceArrow: arrowFromStyle(cell.style, 'start'),
    targetArrow: arrowFromStyle(cell.style, 'end'),
    ...(exit && { exit }),
    ...(entry && { entry }),
    ...(stroke !== undefined && stroke !== 'default' && stroke !== '' && { stroke }),
  };
}

// ---------------------------------------------------------------------------------------------
// Definitions stored by this studio: tolerant, since a person may have edited them in diagrams.net

function parseJsonList(text: string | undefined): Record<string, unknown>[] {
  if (text === undefined) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isRecord) : [];
  } catch {
    return [];
  }
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function optionalSize(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function parseCustomTypes(text: string | undefined): CustomTypeRecord[] {
  const types: CustomTypeRecord[] = [];
  for (const entry of parseJsonList(text)) {
    const { name, base } = entry;
    if (typeof name !== 'string' || name === '' || typeof base !== 'string' || !isShapeType(base)) continue;
    const theme = optionalString(entry.theme);
    const w = optionalSize(entry.w);
    const h = optionalSize(entry.h);
    types.push({
      id: `type:${name}`,
      kind: 'customType',
      name,
      base,
      ...(theme !== undefined && { theme }),
      ...(w !== undefined && { w }),
      ...(h !== undefined && { h }),
    });
  }
  return types;
}

function parseCustomThemes(text: string | undefined): CustomThemeRecord[] {
  const themes: CustomThemeRecord[] = [];
  for (const entry of parseJsonList(text)) {
    const { name, fill, stroke } = entry;
    if (typeof name !== 'string' || name === '' || typeof fill !== 'string' || typeof stroke !== 'string') continue;
    const fontColor = optionalString(entry.fontColor);
    themes.push({
      id: `theme:${name}`,
      kind: 'customTheme',
      name,
      fill,
      stroke,
      ...(fontColor !== undefined && { fontColor }),
    });
  }
  return themes;
}
