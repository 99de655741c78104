/**
 * The drawio model as records (see fcp/records.ts). Records are immutable: a verb replaces a
 * record through the transaction, never edits it in place.
 *
 * One document holds pages; each page has layers; shapes, edges and groups live on a page
 * (and a layer). Coordinates are absolute page coordinates, top-left corner, in px.
 */
import type { RecordStore } from '../../fcp/records';

export type FlowDirection = 'TB' | 'LR' | 'BT' | 'RL';

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
}

export interface PageRecord {
  readonly id: string;
  readonly kind: 'page';
  readonly name: string;
  readonly order: number;
  readonly activeLayerId: string;
}

export interface LayerRecord {
  readonly id: string;
  readonly kind: 'layer';
  readonly pageId: string;
  readonly name: string;
  readonly visible: boolean;
  readonly order: number;
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
}

export type EdgeStyleName = 'solid' | 'dashed' | 'dotted' | 'curved' | 'orthogonal' | 'animated';
export type ArrowHead = 'arrow' | 'open-arrow' | 'diamond' | 'circle' | 'crow-foot' | 'none';
export type Face = 'top' | 'bottom' | 'left' | 'right';

export interface Port {
  readonly face: Face;
  /** Position along the face, 0..1 (0.5 is the middle). */
  readonly at: number;
}

export interface EdgeRecord {
  readonly id: string;
  readonly kind: 'edge';
  readonly pageId: string;
  readonly layerId: string;
  readonly source: string;
  readonly target: string;
  readonly label: string;
  readonly lineStyle: EdgeStyleName;
  readonly sourceArrow: ArrowHead;
  readonly targetArrow: ArrowHead;
  readonly exit?: Port;
  readonly entry?: Port;
  readonly stroke?: string;
  readonly order: number;
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
  | CustomThemeRecord;

export type DrawioStore = RecordStore<DrawioRecord>;

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
} as const;

export type ShapeType = keyof typeof SHAPE_TYPES;

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
