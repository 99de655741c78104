/**
 * The drawio vocabulary (drawio-reference.md) and the parsing of parameter values: every bad
 * value becomes a bad_param error whose `try:` line lists what is valid.
 */
import { ErrorCode, StudioError } from '../../kernel/errors';
import { closestMatches } from '../../kernel/suggest';
import {
  type ArrowHead,
  type BadgePosition,
  type EdgeStyleName,
  type Face,
  type FlowDirection,
  type Port,
  portAt,
  SHAPE_TYPES,
  type ShapeType,
  THEMES,
  type Theme,
  isShapeType,
  widthForLabel,
} from '../../../shared/drawio/model';
import type { Point } from '../../../shared/drawio/geometry';
import type { DrawioView } from './view';

export const DIRECTIONS = [
  'right',
  'left',
  'above',
  'below',
  'below-right',
  'below-left',
  'above-right',
  'above-left',
] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const REGIONS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-left',
  'center',
  'middle-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type Region = (typeof REGIONS)[number];

export const FLOWS: readonly FlowDirection[] = ['TB', 'LR', 'BT', 'RL'];
export const EDGE_STYLES: readonly EdgeStyleName[] = ['solid', 'dashed', 'dotted', 'curved', 'orthogonal', 'animated'];
export const ARROW_HEADS: readonly ArrowHead[] = ['arrow', 'open-arrow', 'diamond', 'circle', 'crow-foot', 'none'];
export const FACES: readonly Face[] = ['top', 'bottom', 'left', 'right'];
export const LAYOUT_ALGOS = ['layered', 'force', 'tree'] as const;
export type LayoutAlgo = (typeof LAYOUT_ALGOS)[number];
export const BADGE_POSITIONS: readonly BadgePosition[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** Largest coordinate or size accepted, so that a typo cannot make a canvas of a billion pixels. */
export const MAX_COORDINATE = 100_000;

export function badParam(message: string, suggestion: string): StudioError {
  return new StudioError(ErrorCode.badParam, message, suggestion);
}

/** `bad dir "rigth". Did you mean "right"?` with `try: dir:right|left|...`. */
export function badChoice(key: string, value: string, valid: readonly string[]): StudioError {
  const near = closestMatches(value, valid, 1);
  return badParam(`bad ${key} "${value}"${near.length ? `. Did you mean "${near[0]}"?` : ''}`, `${key}:${valid.join('|')}`);
}

/** The entry of `valid` equal to `value` ignoring case, or a bad_param error. */
export function oneOf<T extends string>(key: string, value: string, valid: readonly T[]): T {
  const lower = value.toLowerCase();
  const found = valid.find((v) => v.toLowerCase() === lower);
  if (found === undefined) throw badChoice(key, value, valid);
  return found;
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const POINT_PATTERN = new RegExp(String.raw`^\(?\s*(${NUMBER})\s*,\s*(${NUMBER})\s*\)?$`);
const SIZE_PATTERN = new RegExp(String.raw`^(${NUMBER})\s*[x×X*]\s*(${NUMBER})$`);

function checkCoordinate(key: string, value: string, n: number, example: string): number {
  if (Math.abs(n) > MAX_COORDINATE) throw badParam(`${key}:${value} is out of range (at most ${MAX_COORDINATE})`, example);
  return Math.round(n);
}

export function parsePoint(key: string, value: string): { x: number; y: number } {
  const m = POINT_PATTERN.exec(value.trim());
  const example = `${key}:300,200`;
  if (!m) throw badParam(`bad ${key} "${value}": expected X,Y in px`, example);
  return { x: checkCoordinate(key, value, Number(m[1]), example), y: checkCoordinate(key, value, Number(m[2]), example) };
}

export function parseSize(key: string, value: string): { w: number; h: number } {
  const m = SIZE_PATTERN.exec(value.trim());
  const example = `${key}:160x80`;
  if (!m) throw badParam(`bad ${key} "${value}": expected WxH in px`, example);
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w <= 0 || h <= 0) throw badParam(`bad ${key} "${value}": width and height must be positive`, example);
  return { w: Math.max(1, checkCoordinate(key, value, w, example)), h: Math.max(1, checkCoordinate(key, value, h, example)) };
}

export function parsePositiveInt(key: string, value: string, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 1 || n > max) {
    throw badParam(`bad ${key} "${value}": expected a whole number from 1 to ${max}`, `${key}:3`);
  }
  return n;
}

export function parseNumberInRange(key: string, value: string, min: number, max: number, example: string): number {
  const n = Number(value.trim().replace(/%$/, ''));
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    throw badParam(`bad ${key} "${value}": expected a number from ${min} to ${max}`, example);
  }
  return n;
}

export function parseBoolean(key: string, value: string): boolean {
  const lower = value.toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(lower)) return true;
  if (['false', 'no', 'off', '0'].includes(lower)) return false;
  throw badChoice(key, value, ['true', 'false']);
}

/** `right`, `right@0.25`: a face and a position along it (0..1, default the middle). */
export function parsePort(key: string, value: string): Port {
  if (/^[-\d.]/.test(value.trim())) return parsePortNumbers(key, value);
  const [faceText, atText] = value.split('@');
  const face = oneOf(key, faceText, FACES);
  if (atText === undefined) return { face, at: 0.5 };
  const at = Number(atText);
  if (atText.trim() === '' || !Number.isFinite(at) || at < 0 || at > 1) {
    throw badParam(`bad ${key} "${value}": the position along the face is a fraction from 0 to 1`, `${key}:${face}@0.5`);
  }
  return { face, at };
}

/** Largest pixel offset a connection point takes (`exitDx`/`exitDy`). */
const MAX_PORT_OFFSET = 10_000;

/** `X,Y[,PERIMETER[,DX,DY]]`: a connection point as diagrams.net's constraint numbers (shares of the box, 1 or 0, pixels). */
function parsePortNumbers(key: string, value: string): Port {
  const numbers = value.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  const [x, y, perimeter = 1, dx = 0, dy = 0] = numbers;
  const valid =
    (numbers.length === 2 || numbers.length === 3 || numbers.length === 5) &&
    numbers.every(Number.isFinite) &&
    [x, y].every((share) => share >= -1 && share <= 2) &&
    (perimeter === 0 || perimeter === 1) &&
    [dx, dy].every((offset) => Math.abs(offset) <= MAX_PORT_OFFSET);
  if (!valid) {
    throw badParam(
      `bad ${key} "${value}": expected FACE[@AT], or X,Y[,PERIMETER[,DX,DY]] (shares of the shape's size, 1 on its outline or 0 not, pixels added)`,
      `${key}:right@0.5 or ${key}:1,0.5,0,10,0`,
    );
  }
  return portAt(x, y, dx, dy, perimeter === 1);
}

/** Most waypoints one edge may have. */
export const MAX_WAYPOINTS = 100;

/** `300,200;300,400`: waypoints in page px; `none` (or nothing) clears them. */
export function parseWaypoints(key: string, value: string): Point[] {
  const text = value.trim();
  if (text === '' || text.toLowerCase() === 'none') return [];
  const parts = text.split(';').filter((part) => part.trim() !== '');
  if (parts.length > MAX_WAYPOINTS) throw badParam(`${key} takes at most ${MAX_WAYPOINTS} points`, `${key}:300,200;300,400`);
  return parts.map((part) => {
    try {
      return parsePoint(key, part);
    } catch {
      throw badParam(`bad ${key} "${value}": expected X,Y;X,Y in px, or none`, `${key}:300,200;300,400`);
    }
  });
}

export function parseFlow(key: string, value: string): FlowDirection {
  return oneOf(key, value.toUpperCase(), FLOWS);
}

// ---- themes -------------------------------------------------------------------------------

export function themeNames(view: DrawioView): string[] {
  return [...Object.keys(THEMES), ...view.customThemes().map((t) => t.name)];
}

export function themeColors(view: DrawioView, name: string): Theme | undefined {
  if (Object.prototype.hasOwnProperty.call(THEMES, name)) return THEMES[name];
  return view.customTheme(name);
}

/** A theme name (built-in or defined), lowercased; bad_param listing the themes otherwise. */
export function parseTheme(view: DrawioView, value: string, key = 'theme'): string {
  const name = value.toLowerCase();
  if (themeColors(view, name)) return name;
  throw badChoice(key, value, themeNames(view));
}

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#f00`, `#ff0000`, `none`, or a theme name (its fill, its stroke, or its font colour). */
export function parseColor(view: DrawioView, key: string, value: string, role: 'fill' | 'stroke' | 'font'): string {
  if (HEX_COLOR.test(value)) {
    const hex = value.slice(1).toLowerCase();
    return '#' + (hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex);
  }
  if (value.toLowerCase() === 'none') return 'none';
  const theme = themeColors(view, value.toLowerCase());
  if (theme) {
    if (role === 'fill') return theme.fill;
    if (role === 'stroke') return theme.stroke;
    return theme.fontColor ?? theme.stroke;
  }
  throw badParam(`bad ${key} "${value}": a colour is #rgb, #rrggbb, none or a theme name`, `${key}:#ff0000 or ${key}:${themeNames(view).join('|')}`);
}

// ---- shape types --------------------------------------------------------------------------

export interface TypeSpec {
  /** What shapes of this type record as `type`. */
  name: string;
  base: ShapeType;
  w: number;
  h: number;
  theme?: string;
}

export function typeNames(view: DrawioView): string[] {
  return [...Object.keys(SHAPE_TYPES), ...view.customTypes().map((t) => t.name)];
}

export function findType(view: DrawioView, name: string): TypeSpec | undefined {
  const lower = name.toLowerCase();
  if (isShapeType(lower)) return { name: lower, base: lower, w: SHAPE_TYPES[lower].w, h: SHAPE_TYPES[lower].h };
  const custom = view.customType(lower);
  if (!custom) return undefined;
  const base = SHAPE_TYPES[custom.base];
  return { name: custom.name, base: custom.base, w: custom.w ?? base.w, h: custom.h ?? base.h, theme: custom.theme };
}

/**
 * The width a shape of `type` gets for `text`: wider for a long label, except for actors, whose
 * label is drawn under the figure rather than inside it.
 */
export function widthFor(type: TypeSpec, text: string): number {
  return type.base === 'actor' ? type.w : widthForLabel(text, type.w);
}

export function isTypeName(view: DrawioView, name: string): boolean {
  return findType(view, name) !== undefined;
}

export function parseType(view: DrawioView, value: string, key = 'type'): TypeSpec {
  const spec = findType(view, value);
  if (!spec) throw badChoice(key, value, typeNames(view));
  return spec;
}

/** Words of a label: `UserDB` -> user, db; `order-events` -> order, events. */
export function labelWords(label: string): string[] {
  return label
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** In the order the reference lists them: the first rule with a matching word wins. */
const TYPE_HINTS: ReadonlyArray<[ShapeType, readonly string[]]> = [
  ['db', ['database', 'db', 'store', 'cache', 'redis', 'postgres', 'mysql', 'mongo']],
  ['actor', ['user', 'actor', 'person', 'customer', 'admin']],
  ['queue', ['queue', 'buffer', 'stream', 'kafka', 'sqs', 'event']],
  ['cloud', ['cloud', 'external', 'internet', 'cdn']],
  ['doc', ['document', 'file', 'log', 'report']],
  ['decision', ['decision', 'check', 'condition']],
];
/** Product names that arrive glued to a suffix (PostgreSQL, MongoDB). */
const PRODUCT_PREFIXES = ['postgres', 'mysql', 'mongo', 'redis', 'kafka'];

/** The type `add LABEL` gets when no type is given. A trailing `?` is the clearest signal, so it goes first. */
export function guessType(label: string): ShapeType {
  if (label.trim().endsWith('?')) return 'decision';
  const words = labelWords(label);
  const forms = new Set(words.flatMap((w) => (w.length > 3 && w.endsWith('s') ? [w, w.slice(0, -1)] : [w])));
  const tokens = label.toLowerCase().split(/[^a-z0-9]+/);
  for (const [type, hints] of TYPE_HINTS) {
    if (hints.some((h) => forms.has(h))) return type;
    if (hints.some((h) => PRODUCT_PREFIXES.includes(h) && tokens.some((t) => t.startsWith(h)))) return type;
  }
  return 'svc';
}
