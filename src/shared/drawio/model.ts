/**
 * The drawio model as records (see main/kernel/records.ts). Records are immutable: a verb replaces a
 * record through the transaction, never edits it in place.
 *
 * One document holds pages; each page has layers; shapes, edges and groups live on a page
 * (and a layer). Coordinates are absolute page coordinates, top-left corner, in px.
 *
 * A record read from a .drawio file also carries `file`: its cell as the file had it and what the
 * record read from it, so a save writes back exactly what no edit changed.
 */
import type { Point, Rect } from './geometry';

export type FlowDirection = 'TB' | 'LR' | 'BT' | 'RL';

/** An XML attribute as a file had it: name and value, kept in file order. */
export type Attribute = readonly [name: string, value: string];

/** An XML element kept as a file had it (plain data, so it journals as JSON). */
export interface XmlNode {
  readonly tag: string;
  readonly attributes: readonly Attribute[];
  readonly children: readonly XmlNode[];
}

/** An attribute of an element, as the file had it. */
export function attribute(node: XmlNode, name: string): string | undefined {
  for (const [key, value] of node.attributes) if (key === name) return value;
  return undefined;
}

export function childElement<T extends XmlNode>(parent: { readonly children: readonly T[] }, tag: string): T | undefined {
  return parent.children.find((element) => element.tag === tag);
}

/** The `mxCell` of a cell element: itself, or the one inside its wrapper (`object`, `UserObject`). */
export function innerCell(node: XmlNode): XmlNode {
  return node.tag === 'mxCell' ? node : (childElement(node, 'mxCell') ?? node);
}

/**
 * A cell as a file had it, and what the record read from it. drawio-write.ts writes the cell back
 * from `source`, changing only what the record now says differently from `read` (what an edit
 * changed), so an untouched cell is written exactly as it was read.
 */
export interface FileCell {
  /** The cell element as read, with its wrapper (`object`, `UserObject`) if it had one. */
  readonly source: XmlNode;
  /**
   * The record's own fields as read (all but id, kind, pageId, order and file), kept by the first
   * edit of the record (DrawioEdit.put); absent while no edit changed it.
   */
  readonly read?: Readonly<Record<string, unknown>>;
  /** Where a container was in the file, in page coordinates (no size when the file gave none). */
  readonly box?: { readonly x: number; readonly y: number; readonly w?: number; readonly h?: number };
  /** The cell's id in the file, when it is not the record id. */
  readonly id?: string;
  /** Attributes of the wrapping `<object>` other than id and label: custom data, tooltip, link... */
  readonly data?: readonly Attribute[];
  /** The cell's parent in the file when the model does not say it (an edge inside a container). */
  readonly parent?: string;
  /** Label cells of an edge (diagrams.net's `edgeLabel` children), written back with it. */
  readonly labels?: readonly XmlNode[];
  /** The edge's label is the text of `labels` (its own value was empty): a new label replaces them. */
  readonly labelInCells?: boolean;
  /** The badge cells of a shape, written back as they were while its badges are unchanged. */
  readonly badges?: readonly XmlNode[];
  /** A layer without a name in the file: written without one while it keeps the name made up for it. */
  readonly unnamed?: boolean;
}

/**
 * What diagrams.net draws a shape of a file with whose style is absent or empty: its stylesheet's
 * default vertex, a box outlined in the default ink on the default paper. Spelt out so such a cell
 * is drawn as diagrams.net draws it, not as a shape the studio made (which has no file style).
 */
export const DEFAULT_VERTEX_STYLE = 'fillColor=default;strokeColor=default;fontColor=default';

/**
 * The style text of a cell as its file had it (the `mxCell`'s, inside its wrapper if it has one):
 * what diagrams.net draws the cell with beyond the model's fields; DEFAULT_VERTEX_STYLE for a
 * vertex of the file with none. Undefined for a record made here. Never written back.
 */
export function fileStyleText(file: FileCell | undefined): string | undefined {
  if (!file?.source) return undefined;
  const cell = innerCell(file.source);
  const style = attribute(cell, 'style');
  return (style === undefined || style.trim() === '') && attribute(cell, 'vertex') === '1' ? DEFAULT_VERTEX_STYLE : style;
}

/** A record's cell id in its file: the record's own id unless the file named the cell otherwise (the id diagrams.net knows it by). */
export function fileCellId(record: { readonly id: string; readonly file?: FileCell }): string {
  return record.file?.id ?? record.id;
}

/** The style text diagrams.net draws a shape with beyond the model's fields: its file's, or its palette's. */
export function shapeStyleText(shape: Pick<ShapeRecord, 'file' | 'paletteStyle'>): string | undefined {
  return fileStyleText(shape.file) ?? shape.paletteStyle;
}

/** Singleton record, id `meta`. */
export interface MetaRecord {
  readonly id: 'meta';
  readonly kind: 'meta';
  readonly title: string;
  readonly flow: FlowDirection;
  readonly activePageId: string;
  /** Id of the shape most recently added or moved: where the next shape without at/near goes. */
  readonly lastTouchedId?: string;
  /** Next z-order / creation counter; `order` of new shapes, edges and groups. */
  readonly nextOrder: number;
  /** What the file said beyond the model, when it was not written here. */
  readonly file?: {
    /**
     * Attributes of its `<mxfile>` element (host, version...), for a file this studio did not
     * write; such a file never gets the studio's own bookkeeping (title, flow, definitions).
     */
    readonly attributes?: readonly Attribute[];
    /** The title its name gave (the file stored none): not written into the file while unchanged. */
    readonly nameTitle?: string;
    /** The file was a bare `<mxGraphModel>` (no `<mxfile>`): written so again while it has one page. */
    readonly bareModel?: boolean;
  };
}

/** What a file said about a page (its `<diagram>` and `<mxGraphModel>`) beyond the model. */
export interface PageFile {
  /** All the `<diagram>` attributes in file order (id and name included). */
  readonly diagram?: readonly Attribute[];
  /** The page's name as read (made up when the file gave none): another name is written into `diagram`. */
  readonly name?: string;
  /** `<mxGraphModel>` attributes (grid, page size, background...), when not the defaults. */
  readonly model?: readonly Attribute[];
  /** The page was compressed in the file; it is written back compressed. */
  readonly compressed?: boolean;
  /** The root cell (cell 0) as read. */
  readonly root?: XmlNode;
}

export interface PageRecord {
  readonly id: string;
  readonly kind: 'page';
  readonly name: string;
  readonly order: number;
  readonly activeLayerId: string;
  readonly file?: PageFile;
}

export interface LayerRecord {
  readonly id: string;
  readonly kind: 'layer';
  readonly pageId: string;
  readonly name: string;
  readonly visible: boolean;
  readonly order: number;
  readonly file?: FileCell;
}

/** Explicit style overrides on top of what the type and theme give. */
export interface StyleOverrides {
  readonly fill?: string;
  readonly stroke?: string;
  readonly fontColor?: string;
  readonly fontSize?: number;
  readonly opacity?: number;
  readonly rounded?: boolean;
  readonly dashed?: boolean;
  readonly shadow?: boolean;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
}

export type BadgePosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface Badge {
  readonly text: string;
  readonly pos: BadgePosition;
}

export interface ShapeRecord {
  readonly id: string;
  readonly kind: 'shape';
  readonly pageId: string;
  readonly layerId: string;
  /** A built-in ShapeType or a custom type made with `define`. */
  readonly type: string;
  /** The name references use (the LABEL of `add`). Unique per page. */
  readonly alias: string;
  /** Display text; equals alias unless `label:` or the `label` verb set it. */
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly theme: string;
  readonly style: StyleOverrides;
  readonly badges: readonly Badge[];
  readonly groupId?: string;
  readonly order: number;
  /**
   * The label as HTML, when the file gave it formatting (bold, italic...) that `text` does not
   * hold. It is written back while `text` is unchanged; a new text replaces it.
   */
  readonly html?: string;
  /**
   * What the file draws that this studio draws as its type's outline (`image`, a stencil such as
   * `mxgraph.aws4.lambda`): the file keeps it, the editor shows a simplified shape.
   */
  readonly look?: string;
  /**
   * The style diagrams.net's palette inserts a library shape with (`add aws4.lambda ...`), for a
   * shape made here: written as its cell's style, changed where an edit changed what the model holds.
   */
  readonly paletteStyle?: string;
  readonly file?: FileCell;
}

export type EdgeStyleName = 'solid' | 'dashed' | 'dotted' | 'curved' | 'orthogonal' | 'animated';
export type ArrowHead = 'arrow' | 'open-arrow' | 'diamond' | 'circle' | 'crow-foot' | 'none';
export type Face = 'top' | 'bottom' | 'left' | 'right';

export interface Port {
  /** The side the point is on (the nearest one, for a point inside the box). */
  readonly face: Face;
  /** Position along the face, 0..1 (0.5 is the middle). */
  readonly at: number;
  /**
   * The file's point as shares of the box (`exitX`/`exitY`), only where it is not the face's
   * point at `at` (a point inside the box, or past its corners).
   */
  readonly x?: number;
  readonly y?: number;
  /** Pixels added to the point (`exitDx`/`exitDy`), only where not 0. */
  readonly dx?: number;
  readonly dy?: number;
  /** False where the point is not moved onto the shape's perimeter (`exitPerimeter=0`). */
  readonly perimeter?: false;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A connection point given as shares of the box, with pixels added: its face is the side the
 * point is nearest; the exact point, the pixels and an off-perimeter flag are kept only where the
 * face and `at` alone do not say them.
 */
export function portAt(x: number, y: number, dx = 0, dy = 0, onPerimeter = true): Port {
  const distances: ReadonlyArray<readonly [Face, number]> = [
    ['top', y],
    ['bottom', 1 - y],
    ['left', x],
    ['right', 1 - x],
  ];
  const [face] = distances.reduce((best, candidate) => (candidate[1] < best[1] ? candidate : best));
  const along = face === 'top' || face === 'bottom' ? x : y;
  const port: { -readonly [K in keyof Port]: Port[K] } = { face, at: Math.min(1, Math.max(0, along)) };
  const onFace = portAnchor(port);
  if (onFace.x !== x || onFace.y !== y) Object.assign(port, { x, y });
  if (dx !== 0) port.dx = dx;
  if (dy !== 0) port.dy = dy;
  if (!onPerimeter) port.perimeter = false;
  return port;
}

/**
 * A port as the verbs write it: `FACE@AT` for a point of a side, else diagrams.net's own
 * constraint numbers `X,Y[,PERIMETER[,DX,DY]]` (shares of the box, 1 or 0, pixels).
 */
export function portText(port: Port): string {
  if (port.x === undefined && port.y === undefined && !port.dx && !port.dy && port.perimeter !== false) return `${port.face}@${round2(port.at)}`;
  const { x, y, dx, dy } = portAnchor(port);
  const numbers = [x, y, port.perimeter === false ? 0 : 1, dx, dy].map(round2);
  return (dx || dy ? numbers : numbers.slice(0, port.perimeter === false ? 3 : 2)).join(',');
}

/** A port's point as diagrams.net's connection constraint has it: shares of the box, and pixels added. */
export function portAnchor(port: Port): { x: number; y: number; dx: number; dy: number } {
  const at = Math.min(1, Math.max(0, port.at));
  const [faceX, faceY] = port.face === 'top' ? [at, 0] : port.face === 'bottom' ? [at, 1] : port.face === 'left' ? [0, at] : [1, at];
  return { x: port.x ?? faceX, y: port.y ?? faceY, dx: port.dx ?? 0, dy: port.dy ?? 0 };
}

export interface EdgeRecord {
  readonly id: string;
  readonly kind: 'edge';
  readonly pageId: string;
  readonly layerId: string;
  /**
   * The shape or container the edge starts at, or '' for a loose end (then `sourcePoint` says
   * where it is, as diagrams.net's free-floating edges have it).
   */
  readonly source: string;
  /** See `source`. */
  readonly target: string;
  /** Where a loose source end lies, in page coordinates (only while `source` is ''). */
  readonly sourcePoint?: Point;
  /** Where a loose target end lies, in page coordinates (only while `target` is ''). */
  readonly targetPoint?: Point;
  readonly label: string;
  readonly lineStyle: EdgeStyleName;
  readonly sourceArrow: ArrowHead;
  readonly targetArrow: ArrowHead;
  readonly exit?: Port;
  readonly entry?: Port;
  readonly stroke?: string;
  readonly order: number;
  /** Waypoints the edge passes through, in page coordinates. */
  readonly points?: readonly Point[];
  /** Drawn as straight segments (a file's edge without an edge style), not routed orthogonally. */
  readonly straight?: boolean;
  /** See ShapeRecord.html. */
  readonly html?: string;
  readonly file?: FileCell;
}

export interface GroupRecord {
  readonly id: string;
  readonly kind: 'group';
  readonly pageId: string;
  readonly layerId: string;
  /** The name references use (`as:NAME`). */
  readonly name: string;
  readonly text: string;
  readonly theme?: string;
  readonly order: number;
  /** The group this one is nested in (containers inside containers, from files). */
  readonly parentId?: string;
  /**
   * The container's own bounds, for a container read from a file: it keeps its size rather than
   * hugging its members, and grows only when a member leaves it. Without a frame, the group's
   * bounds follow its members.
   */
  readonly frame?: Rect;
  /** Drawn as a swimlane: a title band of `header` px at the top (at the left when `vertical`). */
  readonly swimlane?: { readonly header: number; readonly vertical?: boolean };
  /** See ShapeRecord.html. */
  readonly html?: string;
  readonly file?: FileCell;
}

/**
 * A cell of a file that the model cannot represent (an edge to a container, an edge with a loose
 * end...): kept as the file had it, written back in its place, drawn as a placeholder, not editable.
 */
export interface ForeignRecord {
  readonly id: string;
  readonly kind: 'foreign';
  readonly pageId: string;
  readonly layerId: string;
  readonly order: number;
  /** What it is, as the notice on open counts it (`unattached edge`); absent for a part of another foreign cell. */
  readonly what?: string;
  /** The cell (with its wrapper) as the file had it. */
  readonly xml: XmlNode;
  /** Its parent was not in the file either: it stays though no cell has that id. */
  readonly parentMissing?: true;
  /** Where it was drawn when read, in page coordinates: a box, or a line through points. */
  readonly box?: Rect;
  readonly line?: readonly Point[];
}

/** `define NAME base:TYPE ...` */
export interface CustomTypeRecord {
  readonly id: string;
  readonly kind: 'customType';
  readonly name: string;
  readonly base: ShapeType;
  readonly theme?: string;
  readonly w?: number;
  readonly h?: number;
}

/** `define theme NAME fill:# stroke:#` */
export interface CustomThemeRecord {
  readonly id: string;
  readonly kind: 'customTheme';
  readonly name: string;
  readonly fill: string;
  readonly stroke: string;
  readonly fontColor?: string;
}

export type DrawioRecord =
  | MetaRecord
  | PageRecord
  | LayerRecord
  | ShapeRecord
  | EdgeRecord
  | GroupRecord
  | CustomTypeRecord
  | CustomThemeRecord
  | ForeignRecord;

export const SHAPE_TYPES = {
  box: { w: 120, h: 60, drawnAs: 'rectangle' },
  svc: { w: 140, h: 60, drawnAs: 'rounded rectangle' },
  circle: { w: 60, h: 60, drawnAs: 'ellipse' },
  decision: { w: 100, h: 80, drawnAs: 'rhombus' },
  db: { w: 120, h: 80, drawnAs: 'cylinder' },
  api: { w: 120, h: 80, drawnAs: 'hexagon' },
  cloud: { w: 140, h: 60, drawnAs: 'cloud' },
  actor: { w: 40, h: 60, drawnAs: 'person' },
  doc: { w: 120, h: 80, drawnAs: 'document' },
  queue: { w: 140, h: 60, drawnAs: 'parallelogram' },
  triangle: { w: 80, h: 80, drawnAs: 'triangle' },
  process: { w: 120, h: 60, drawnAs: 'process' },
  note: { w: 80, h: 100, drawnAs: 'note (folded corner)' },
  text: { w: 60, h: 30, drawnAs: 'text only' },
} as const;

export type ShapeType = keyof typeof SHAPE_TYPES;
/** The shape types in the order of SHAPE_TYPES (the palette's order). */
export const SHAPE_TYPE_NAMES = Object.keys(SHAPE_TYPES) as ShapeType[];

export function isShapeType(name: string): name is ShapeType {
  return Object.prototype.hasOwnProperty.call(SHAPE_TYPES, name);
}

export interface Theme {
  readonly fill: string;
  readonly stroke: string;
  readonly fontColor?: string;
}

export const THEMES: Record<string, Theme> = {
  blue: { fill: '#dae8fc', stroke: '#6c8ebf' },
  green: { fill: '#d5e8d4', stroke: '#82b366' },
  red: { fill: '#f8cecc', stroke: '#b85450' },
  yellow: { fill: '#fff2cc', stroke: '#d6b656' },
  orange: { fill: '#ffe6cc', stroke: '#d79b00' },
  purple: { fill: '#e1d5e7', stroke: '#9673a6' },
  gray: { fill: '#f5f5f5', stroke: '#666666' },
  dark: { fill: '#1a1a2e', stroke: '#16213e', fontColor: '#e0e0e0' },
  white: { fill: '#ffffff', stroke: '#000000' },
};

export const DEFAULT_THEME = 'blue';
export const FIRST_SHAPE_POSITION = { x: 200, y: 200 } as const;
/** Gap between a shape and the one placed next to it. */
export const PLACEMENT_GAP = 60;

/** Width grows with a long label: about 8 px a character plus 20, rounded up to 10. */
export function widthForLabel(text: string, minWidth: number): number {
  const needed = Math.ceil((text.length * 8 + 20) / 10) * 10;
  return Math.max(minWidth, needed);
}
