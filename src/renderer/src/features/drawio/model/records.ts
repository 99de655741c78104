/**
 * The drawio records as the renderer sees them: the core's record types (imported as types), the
 * constant tables of model.ts (plain data, safe in the browser) and the few look-ups drawing needs.
 */
import {
  DEFAULT_THEME,
  SHAPE_TYPES,
  fileStyleText,
  shapeStyleText,
  THEMES,
  isShapeType,
  type DrawioRecord,
  type ShapeType,
} from '../../../../../shared/drawio/model';

export { fileStyleText, shapeStyleText };

export type {
  ArrowHead,
  Badge,
  CustomThemeRecord,
  CustomTypeRecord,
  DrawioRecord,
  EdgeRecord,
  EdgeStyleName,
  Face,
  ForeignRecord,
  GroupRecord,
  LayerRecord,
  MetaRecord,
  PageRecord,
  Port,
  ShapeRecord,
  ShapeType,
  StyleOverrides,
  Theme,
} from '../../../../../shared/drawio/model';
export { DEFAULT_THEME, SHAPE_TYPES, THEMES, isShapeType };

export const SHAPE_TYPE_NAMES = Object.keys(SHAPE_TYPES) as ShapeType[];

export {
  DEFAULT_EDGE_STROKE,
  DEFAULT_FONT_COLOR,
  DEFAULT_FONT_SIZE,
  baseTypeOf,
  shapeColors,
  themeColors,
  type ShapeColors,
  type Vocabulary,
} from '../../../../../shared/drawio/render/cell-paint';

/** `none` is a colour value in the DSL; SVG wants `none` too, but CSS borders want `transparent`. */
export function paint(color: string): string {
  return color === 'none' ? 'transparent' : color;
}

export function recordKind(record: unknown): DrawioRecord['kind'] | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const kind = (record as { kind?: unknown }).kind;
  return typeof kind === 'string' ? (kind as DrawioRecord['kind']) : undefined;
}
