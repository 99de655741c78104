/**
 * The cell vocabulary that reading and writing `.drawio` files share: which attributes the model
 * writes (the others are kept), the styles the model gives its records, names from labels, and
 * label values. A record read from a file keeps in `file` only what differs from what these give.
 */
import { htmlToText, textToHtml } from '../../../../shared/drawio/label-html';
import {
  SHAPE_TYPES,
  attribute,
  innerCell,
  isShapeType,
  type Attribute,
  type CustomTypeRecord,
  type GroupRecord,
  type ShapeRecord,
  type ShapeType,
  type XmlNode,
} from '../../../../shared/drawio/model';
import { Palettes, Tandem, parseStyle, shapeStyle, typeFromStyle, type Style } from './drawio-style';

export const ROOT_CELL_ID = '0';

/** The `<mxfile>` attributes of a file written here. */
export const STUDIO_MXFILE_ATTRIBUTES: readonly Attribute[] = [
  ['host', 'TandemStudio'],
  ['agent', 'Tandem Studio'],
];

/** The `<mxGraphModel>` attributes of a page made here (diagrams.net's defaults, A4 landscape). */
export const GRAPH_MODEL_ATTRIBUTES: readonly Attribute[] = Object.entries({
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
}).map(([name, value]) => [name, String(value)] as const);

/** diagrams.net's swimlane title band when the style does not give `startSize`. */
export const SWIMLANE_HEADER = 23;

/**
 * A record's own fields, as `FileCell.read` keeps them: all but its identity, place in the
 * document and file.
 */
export function ownFields(record: object): Record<string, unknown> {
  const { id: _id, kind: _kind, pageId: _pageId, order: _order, file: _file, ...own } = record as Record<string, unknown>;
  return own;
}

/** A record as it was read: its identity and place with the fields its file gave it. */
export function asRead<T extends { readonly id: string; readonly kind: string; readonly pageId: string; readonly order: number; readonly file?: { readonly read?: Readonly<Record<string, unknown>> } }>(record: T): T {
  if (!record.file?.read) return record;
  const { id, kind, pageId, order, file } = record;
  return { id, kind, pageId, order, file, ...file.read } as unknown as T;
}

/** Wrapper (`<object>`) attributes of this studio's own, read into the model rather than kept as data. */
export const TANDEM_DATA_KEYS: ReadonlySet<string> = new Set([
  Tandem.title,
  Tandem.flow,
  Tandem.types,
  Tandem.themes,
  Tandem.activeLayer,
  Tandem.alias,
  Tandem.groupName,
]);

export function sameAttributes(a: readonly Attribute[], b: readonly Attribute[]): boolean {
  return a.length === b.length && a.every(([name, value], i) => b[i][0] === name && b[i][1] === value);
}

/** A number as a file spells it: no float noise (0.30000000000000004), no `.0`. */
export function formatNumber(n: number): string {
  return String(Math.round(n * 1e6) / 1e6);
}

// ---------------------------------------------------------------------------------------------
// Names

/** The name a label gives: its first non-empty line. */
export function nameFromText(text: string, fallback: string): string {
  const firstLine = text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  return firstLine ?? fallback;
}

/** The name of a layer cell without a value, by its place on the page (as diagrams.net shows them). */
export function madeUpLayerName(index: number): string {
  return index === 0 ? 'Background' : `Layer ${index + 1}`;
}

// ---------------------------------------------------------------------------------------------
// Labels

/** The text a cell value shows: HTML for `html=1` cells, plain text otherwise. */
export function valueText(value: string, style: Style): string {
  return style.get('html') === '1' ? htmlToText(value) : value;
}

/** A kept cell's ids and references, from its wrapper or its `mxCell`. */
export function cellRefs(node: XmlNode): { id?: string; parent?: string; source?: string; target?: string } {
  const cell = innerCell(node);
  return {
    id: attribute(node, 'id'),
    parent: attribute(cell, 'parent'),
    source: attribute(cell, 'source'),
    target: attribute(cell, 'target'),
  };
}

/** The text a kept cell shows. */
export function nodeText(node: XmlNode): string {
  const cell = innerCell(node);
  const value = (node.tag === 'mxCell' ? attribute(node, 'value') : attribute(node, 'label')) ?? '';
  return valueText(value, parseStyle(attribute(cell, 'style') ?? ''));
}

/** The label an edge's label cells make, one line each. */
export function labelCellsText(labels: readonly XmlNode[]): string {
  return labels
    .map(nodeText)
    .filter((text) => text !== '')
    .join('\n');
}

/**
 * The value to write for a label: the file's own HTML while it still says `text`, else `text` in
 * the form the style asks for.
 */
export function labelValue(text: string, html: string | undefined, style: Style): string {
  if (style.get('html') !== '1') return text;
  if (html !== undefined && htmlToText(html) === text) return html;
  return textToHtml(text);
}

/** The HTML a record keeps: the file's, when the text alone would not write it back. */
export function keptHtml(value: string, text: string, style: Style): string | undefined {
  return style.get('html') === '1' && value !== textToHtml(text) ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// The styles the model gives its records

/** The container around a group's members; its label sits at the top left. */
const GROUP_STYLE =
  'rounded=1;whiteSpace=wrap;html=1;container=1;collapsible=0;recursiveResize=0;' +
  'verticalAlign=top;align=left;spacingLeft=10;fontStyle=1;dashed=1;arcSize=4;';

export const BADGE_STYLE =
  'rounded=1;arcSize=50;whiteSpace=nowrap;html=1;fontSize=10;fillColor=#ffffff;strokeColor=#666666;';

export function baseTypeOf(type: string, customTypes: ReadonlyMap<string, CustomTypeRecord>): ShapeType {
  if (isShapeType(type)) return type;
  return customTypes.get(type)?.base ?? 'box';
}

/** The size a shape of `type` has when its cell gives none. */
export function defaultSize(type: string, customTypes: ReadonlyMap<string, CustomTypeRecord>): { w: number; h: number } {
  const base = SHAPE_TYPES[baseTypeOf(type, customTypes)];
  const custom = customTypes.get(type);
  return { w: custom?.w ?? base.w, h: custom?.h ?? base.h };
}

/** The style the model writes for a shape of its own (the type marked when the style alone would not say it). */
export function modeledShapeStyle(
  shape: Pick<ShapeRecord, 'type' | 'theme' | 'style'>,
  customTypes: ReadonlyMap<string, CustomTypeRecord>,
  palettes: Palettes,
): Style {
  const style = shapeStyle(baseTypeOf(shape.type, customTypes), palettes.get(shape.theme), shape.style);
  markType(style, shape.type);
  return style;
}

/** `tandemType` when a style would read back as another type (a custom type, a box made round). */
export function markType(style: Style, type: string): void {
  if (typeFromStyle(style) !== type) style.set(Tandem.typeStyle, encodeURIComponent(type));
  else style.delete(Tandem.typeStyle);
}

export function modeledGroupStyle(group: Pick<GroupRecord, 'theme'>, palettes: Palettes): Style {
  const style = parseStyle(GROUP_STYLE);
  const palette = group.theme !== undefined ? palettes.get(group.theme) : undefined;
  style.set('fillColor', palette?.fill ?? 'none');
  style.set('strokeColor', palette?.stroke ?? '#666666');
  if (palette?.fontColor !== undefined) style.set('fontColor', palette.fontColor);
  style.set(Tandem.groupStyle, '1');
  return style;
}
