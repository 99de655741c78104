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
  type CustomThemeRecord,
  type CustomTypeRecord,
  type DrawioRecord,
  type ShapeRecord,
  type ShapeType,
  type Theme,
} from '../../../../../main/domains/drawio/model';

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
} from '../../../../../main/domains/drawio/model';
export { DEFAULT_THEME, SHAPE_TYPES, THEMES, isShapeType };

export const SHAPE_TYPE_NAMES = Object.keys(SHAPE_TYPES) as ShapeType[];

/** Text colour when neither the theme nor the shape says otherwise. */
export const DEFAULT_FONT_COLOR = '#1f2933';
export const DEFAULT_FONT_SIZE = 12;
export const DEFAULT_EDGE_STROKE = '#5b6573';

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

/** Theme colours with the shape's own overrides on top (`none` means not painted). */
export function shapeColors(shape: Pick<ShapeRecord, 'theme' | 'style'>, vocabulary: Vocabulary): ShapeColors {
  const theme = themeColors(shape.theme, vocabulary);
  return {
    fill: shape.style.fill ?? theme.fill,
    stroke: shape.style.stroke ?? theme.stroke,
    fontColor: shape.style.fontColor ?? theme.fontColor ?? DEFAULT_FONT_COLOR,
  };
}

/** `none` is a colour value in the DSL; SVG wants `none` too, but CSS borders want `transparent`. */
export function paint(color: string): string {
  return color === 'none' ? 'transparent' : color;
}

export function recordKind(record: unknown): DrawioRecord['kind'] | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const kind = (record as { kind?: unknown }).kind;
  return typeof kind === 'string' ? (kind as DrawioRecord['kind']) : undefined;
}
