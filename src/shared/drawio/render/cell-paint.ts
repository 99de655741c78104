/**
 * The colours and strokes a cell is drawn in: a shape's theme with its own overrides, a text
 * cell painted only where its file names the colour, an edge's stroke, width and dashes, and its
 * arrow heads as SVG markers. One set for the canvas and the export. Pure, tested in Node.
 */
import {
  DEFAULT_THEME,
  THEMES,
  fileStyleText,
  isShapeType,
  shapeStyleText,
  type ArrowHead,
  type CustomThemeRecord,
  type CustomTypeRecord,
  type EdgeRecord,
  type ShapeRecord,
  type ShapeType,
  type Theme,
} from '../model';
import { styleEntries } from '../stencils';
import { fileMarker, fileMarkerAttributes, fileMarkerBody, fileMarkerId, type FileMarker } from './file-markers';
import { isPaintless } from './shape-geometry';
import { CANVAS_INK, FILE_INK, FILE_PAPER, keepsDefaultColor, readableOnCanvas } from './default-ink';
import { xmlAttr } from './stencil-figure';
import { styleDashArray } from './code-shape-pen';
import { LINE_STYLE_KEYS, edgeStyleText, type StyledEdge } from '../edge-style';

/** Text colour when neither the theme nor the shape says otherwise. */
export const DEFAULT_FONT_COLOR = '#1f2933';
export const DEFAULT_FONT_SIZE = 12;
/** A built-in shape's outline width. */
export const SHAPE_STROKE_WIDTH = 1.5;
/** The dash pattern of a dashed shape outline. */
export const SHAPE_DASHES = '6 4';
/** The dashes the canvas gives a flowing line (`flowAnimation=1`), which diagrams.net animates. */
const FLOW_DASHES = '8 5';

/** Custom types and themes are keyed by lower-case name, as the core resolves them. */
export interface Vocabulary {
  customTypes: ReadonlyMap<string, CustomTypeRecord>;
  customThemes: ReadonlyMap<string, CustomThemeRecord>;
}

/** The built-in type a shape is drawn as: its own type, or the base of its custom type. */
export function baseTypeOf(type: string, vocabulary: Vocabulary): ShapeType {
  const lower = type.toLowerCase();
  if (isShapeType(lower)) return lower;
  return vocabulary.customTypes.get(lower)?.base ?? 'box';
}

export function themeColors(name: string | undefined, vocabulary: Vocabulary): Theme {
  const lower = (name ?? DEFAULT_THEME).toLowerCase();
  return THEMES[lower] ?? vocabulary.customThemes.get(lower) ?? THEMES[DEFAULT_THEME];
}

export interface ShapeColors {
  fill: string;
  stroke: string;
  fontColor: string;
}

/** diagrams.net's text colour, for a label of a file that names none. */
export const FILE_TEXT_COLOR = FILE_INK;

/**
 * Theme colours with the shape's own overrides on top (`none` means not painted); a label with
 * no colour from either is diagrams.net's black on a shape of a file, the studio's on its own.
 * An outline and a fill the file leaves to diagrams.net's defaults are drawn in `ink` and `paper` (see default-ink).
 */
export function shapeColors(
  shape: Pick<ShapeRecord, 'theme' | 'style' | 'file' | 'paletteStyle'>,
  vocabulary: Vocabulary,
  ink = FILE_INK,
  paper = FILE_PAPER,
): ShapeColors {
  const theme = themeColors(shape.theme, vocabulary);
  return {
    fill: keepsDefaultColor(shape, 'fill') ? paper : (shape.style.fill ?? theme.fill),
    stroke: keepsDefaultColor(shape, 'stroke') ? ink : (shape.style.stroke ?? theme.stroke),
    fontColor: shape.style.fontColor ?? theme.fontColor ?? (shapeStyleText(shape) !== undefined ? FILE_TEXT_COLOR : DEFAULT_FONT_COLOR),
  };
}

/**
 * A text shape is neither filled nor outlined unless its own style says so: a file's text cell
 * only where its style names the colour (the reader fills in diagrams.net's defaults) or an edit
 * changed it since.
 */
export function paintedColors(record: ShapeRecord, type: ShapeType, colors: ShapeColors): ShapeColors {
  if (!isPaintless(type)) return colors;
  const fileStyle = record.file ? styleEntries(shapeStyleText(record) ?? '') : undefined;
  const readStyle = record.file?.read?.style as ShapeRecord['style'] | undefined;
  const painted = (key: 'fill' | 'stroke', styleKey: string): string => {
    const value = record.style[key];
    if (value === undefined) return 'none';
    const named = fileStyle === undefined || (fileStyle.get(styleKey) ?? 'none') !== 'none';
    const edited = record.file?.read !== undefined && readStyle?.[key] !== value;
    return named || edited ? value : 'none';
  };
  return { ...colors, fill: painted('fill', 'fillColor'), stroke: painted('stroke', 'strokeColor') };
}

/** A shape's colours as drawn: theme, overrides, and a text cell's paint rule; diagrams.net's defaults in `ink` and `paper`. */
export function drawnColors(record: ShapeRecord, vocabulary: Vocabulary, ink = FILE_INK, paper = FILE_PAPER): { type: ShapeType; colors: ShapeColors } {
  const type = baseTypeOf(record.type, vocabulary);
  return { type, colors: paintedColors(record, type, shapeColors(record, vocabulary, ink, paper)) };
}

/** diagrams.net's own edge width, for an edge whose style gives none. */
const DEFAULT_EDGE_WIDTH = 1;

/**
 * An edge's colour: its own, else diagrams.net's default ink (in `ink`), for an edge of a file and
 * one made here alike. Drawn on the canvas (`ink` the theme's), a dark colour is lightened in the
 * dark theme, as labels are (readableOnCanvas). `none` (strokeColor=none) draws no line and, as
 * diagrams.net paints its heads in the line's colour, no heads: only its labels show.
 */
export function edgeStroke(edge: Pick<EdgeRecord, 'stroke'>, ink: string = FILE_INK): string {
  if (edge.stroke === 'none') return 'none';
  if (edge.stroke) return ink === CANVAS_INK ? readableOnCanvas(edge.stroke) : edge.stroke;
  return ink;
}

/** An edge's width: its style's `strokeWidth` (at most 20), else diagrams.net's 1 px. */
export function edgeWidth(edge: StyledEdge & Pick<EdgeRecord, 'file'>): number {
  const width = Number(styleEntries(edgeStyleText(edge)).get('strokeWidth'));
  return Number.isFinite(width) && width > 0 ? Math.min(width, 20) : DEFAULT_EDGE_WIDTH;
}

/**
 * An edge's dashes, as an SVG dash array, as diagrams.net draws them from its style
 * (styleDashArray: its `dashPattern`, else 3 3, in widths of the line, in pixels with `fixDash=1`):
 * a file's style, or the one an edge made here is written with; a file's edge whose line style an
 * edit changed in the pattern the file will be written with.
 */
export function edgeDashes(edge: StyledEdge & Pick<EdgeRecord, 'file'>): string | undefined {
  const style = styleEntries(edgeStyleText(edge));
  const read = edge.file?.read as Partial<EdgeRecord> | undefined;
  if (read?.lineStyle !== undefined && read.lineStyle !== edge.lineStyle) {
    style.delete('dashed');
    style.delete('dashPattern');
    for (const [key, value] of LINE_STYLE_KEYS[edge.lineStyle] ?? []) style.set(key, value);
  }
  return styleDashArray(style, edgeWidth(edge)) ?? (edge.lineStyle === 'animated' ? FLOW_DASHES : undefined);
}

export type EdgeEndName = 'source' | 'target';

/** The id of the SVG marker drawing `head` in `color` (outlined when `hollow`); undefined for no head. */
export function markerId(head: ArrowHead, color: string, hollow = false): string | undefined {
  if (head === 'none') return undefined;
  return `tandem-marker-${head}${hollow ? '-hollow' : ''}-${color.replace(/[^0-9a-zA-Z]/g, '')}`;
}

export interface MarkerSpec {
  id: string;
  head: Exclude<ArrowHead, 'none'>;
  color: string;
  hollow: boolean;
  /** An end diagrams.net draws by its name (file-markers), drawn so instead of the head. */
  file?: FileMarker;
  /** A filledEdge's second head, over the first: its outline again in the core's colour and width (see filledEdgeCore). */
  core?: EdgeCore;
}

const FILLABLE: readonly ArrowHead[] = ['arrow', 'diamond', 'circle'];

/**
 * Whether a head is drawn outlined: its file says `endFill=0` (or `startFill=0`), as diagrams.net
 * draws a hollow block, diamond or oval, and no edit has changed that head since.
 */
export function hollowHead(edge: EdgeRecord, end: EdgeEndName): boolean {
  const key = end === 'source' ? 'sourceArrow' : 'targetArrow';
  const head = edge[key];
  if (!FILLABLE.includes(head)) return false;
  const read = edge.file?.read as Partial<EdgeRecord> | undefined;
  if (read && read[key] !== head) return false;
  const text = fileStyleText(edge.file);
  return text !== undefined && styleEntries(text).get(end === 'source' ? 'startFill' : 'endFill') === '0';
}

/**
 * The marker at one end of an edge: diagrams.net's named end while the file's head is kept, else
 * the head's. With `core`, a filledEdge's second head over it (only a named end has one: the
 * studio's own heads are never written as a filledEdge's).
 */
function endMarker(edge: EdgeRecord, end: EdgeEndName, color: string, core?: EdgeCore): MarkerSpec | undefined {
  if (color === 'none') return undefined;
  const head = end === 'source' ? edge.sourceArrow : edge.targetArrow;
  const file = fileMarker(edge, end);
  if (file && core) return { id: `${fileMarkerId(file, color)}-core-${core.width}-${core.stroke.replace(/[^0-9a-zA-Z]/g, '')}`, head: head === 'none' ? 'arrow' : head, color, hollow: false, file, core };
  if (core) return undefined;
  if (file) return { id: fileMarkerId(file, color), head: head === 'none' ? 'arrow' : head, color, hollow: false, file };
  const hollow = hollowHead(edge, end);
  const id = markerId(head, color, hollow);
  return id === undefined ? undefined : { id, head: head as MarkerSpec['head'], color, hollow };
}

/** The marker ids at an edge's two ends, default ink drawn in `ink`. */
export function edgeMarkerIds(edge: EdgeRecord, ink: string = FILE_INK): { start?: string; end?: string } {
  const color = edgeStroke(edge, ink);
  return { start: endMarker(edge, 'source', color)?.id, end: endMarker(edge, 'target', color)?.id };
}

/** The marker ids of a filledEdge's core line (its heads drawn again in the fill colour); none for another edge. */
export function edgeCoreMarkerIds(edge: EdgeRecord, ink: string = FILE_INK): { start?: string; end?: string } {
  const core = filledEdgeCore(edge);
  if (!core) return {};
  const color = edgeStroke(edge, ink);
  return { start: endMarker(edge, 'source', color, core)?.id, end: endMarker(edge, 'target', color, core)?.id };
}

/** Every marker the given edges use (a filledEdge's core heads too), once each, default ink drawn in `ink`. */
export function markersInUse(edges: Iterable<EdgeRecord>, ink: string = FILE_INK): MarkerSpec[] {
  const specs = new Map<string, MarkerSpec>();
  for (const edge of edges) {
    const color = edgeStroke(edge, ink);
    const core = filledEdgeCore(edge);
    for (const end of ['source', 'target'] as const) {
      for (const spec of [endMarker(edge, end, color), core && endMarker(edge, end, color, core)]) {
        if (spec && !specs.has(spec.id)) specs.set(spec.id, spec);
      }
    }
  }
  return [...specs.values()];
}

/** A marker's box; the head points along the path, `auto-start-reverse` turns it at a start. */
export const MARKER_SIZE = 12;

/** The marker element's attributes (besides its id), as SVG attribute names. */
export const MARKER_ATTRIBUTES = {
  viewBox: `0 0 ${MARKER_SIZE} ${MARKER_SIZE}`,
  markerWidth: MARKER_SIZE,
  markerHeight: MARKER_SIZE,
  markerUnits: 'userSpaceOnUse',
  refX: MARKER_SIZE - 0.5,
  refY: MARKER_SIZE / 2,
  orient: 'auto-start-reverse',
} as const;

/** A marker's element attributes: the head's fixed box, or a named end's own (file-markers). */
export function markerAttributes(spec: Pick<MarkerSpec, 'file'>) {
  return spec.file ? fileMarkerAttributes(spec.file) : MARKER_ATTRIBUTES;
}

/** The head's drawing inside its marker, as SVG markup. */
export function markerBody(spec: Pick<MarkerSpec, 'head' | 'color' | 'hollow' | 'file' | 'core'>): string {
  const color = xmlAttr(spec.color);
  if (spec.file) return fileMarkerBody(spec.file, color, spec.core && { color: xmlAttr(spec.core.stroke), width: spec.core.width });
  // A hollow head (the file's endFill=0) is outlined and filled white, as diagrams.net draws it.
  const paint = spec.hollow ? `fill="#ffffff" stroke="${color}" stroke-width="1.2"` : `fill="${color}"`;
  const line = `fill="none" stroke="${color}" stroke-width="1.5"`;
  switch (spec.head) {
    case 'arrow':
      return `<path d="M0.6,1 L11.4,6 L0.6,11 Z" ${paint}/>`;
    case 'open-arrow':
      return `<path d="M1,1 L12,6 L1,11" ${line}/>`;
    case 'diamond':
      return `<path d="M0.6,6 L6,1 L11.4,6 L6,11 Z" ${paint}/>`;
    case 'circle':
      return `<circle cx="7" cy="6" r="4.5" ${paint}/>`;
    case 'crow-foot':
      return `<path d="M0,6 L12,1 M0,6 L12,6 M0,6 L12,11" ${line}/>`;
  }
}

/** A whole `<marker>` element, for an SVG written as text. */
export function markerMarkup(spec: MarkerSpec): string {
  const a = markerAttributes(spec);
  return `<marker id="${xmlAttr(spec.id)}" viewBox="${a.viewBox}" markerWidth="${a.markerWidth}" markerHeight="${a.markerHeight}" markerUnits="${a.markerUnits}" refX="${a.refX}" refY="${a.refY}" orient="${a.orient}">${markerBody(spec)}</marker>`;
}

/** What an edge's fillColor paints an edge shape with: nothing unless it names a colour (diagrams.net's edges have none). */
export function edgeFill(style: ReadonlyMap<string, string>): string {
  const fill = style.get('fillColor');
  if (fill === undefined || fill === '' || fill === 'none') return 'none';
  return fill === 'default' || fill === 'inherit' ? '#ffffff' : fill;
}

export interface EdgeCore {
  readonly stroke: string;
  readonly width: number;
  readonly dash?: string;
}

/**
 * The core of a `filledEdge` (diagrams.net's FilledEdge): a line of 3 px or more with a fillColor
 * is drawn twice, the second time along the same path in the fill colour, 2 px narrower, dashed
 * alike (its dashes in its own width unless fixDash=1); undefined for any other edge. Its heads
 * are drawn again too, of the same size, their outline in the fill colour and the core's width,
 * still filled in the line's colour, undashed (see edgeCoreMarkerIds).
 */
export function filledEdgeCore(edge: EdgeRecord): EdgeCore | undefined {
  const style = styleEntries(edgeStyleText(edge));
  if (style.get('shape') !== 'filledEdge') return undefined;
  const width = edgeWidth(edge);
  const fill = style.get('fillColor');
  if (width < 3 || fill === undefined || fill === '' || fill === 'none') return undefined;
  return { stroke: edgeFill(style), width: width - 2, dash: styleDashArray(style, width - 2) };
}
