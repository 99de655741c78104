/**
 * draw.io style strings: how each model notion is spelled in a cell's style (types, themes,
 * overrides, line styles, arrow heads, ports), reading them back, and merging a style the model
 * wrote into one a file had, so that every key the model does not hold stays as it was.
 */
import {
  DEFAULT_THEME,
  THEMES,
  type ArrowHead,
  type CustomThemeRecord,
  type EdgeRecord,
  type EdgeStyleName,
  type Port,
  portAnchor,
  portAt,
  type ShapeType,
  type StyleOverrides,
  type Theme,
} from '../../../../shared/drawio/model';
import { LINE_STYLE_KEYS, madeEdgeStyle } from '../../../../shared/drawio/edge-style';
import { isDiagramsNetMarker } from '../../../../shared/drawio/render/file-markers';
import { IMAGE_STYLE_NAMES } from '../../../../shared/drawio/render/image-source';

// ---------------------------------------------------------------------------------------------
// Vocabulary: how each model notion is spelled in draw.io

export const TYPE_STYLES: Record<ShapeType, string> = {
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
  note: 'shape=note;whiteSpace=wrap;html=1;backgroundOutline=1;darkOpacity=0.05;',
  text: 'text;html=1;strokeColor=none;fillColor=none;align=center;verticalAlign=middle;whiteSpace=wrap;rounded=0;',
};

/** Types drawn without fill and outline: the theme gives them only a font colour. */
const PAINTLESS_TYPES: ReadonlySet<ShapeType> = new Set(['text']);

/** `shape=` values and bare style names (`ellipse;...`) that identify a type. */
export const STYLE_NAME_TYPES: Readonly<Record<string, ShapeType>> = {
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
  note: 'note',
  text: 'text',
};

/** `shape=` values drawn as plain rectangles, as the studio draws them too. */
const RECTANGLE_SHAPES: ReadonlySet<string> = new Set(['rect', 'rectangle', 'label', 'swimlane']);

const EDGE_STYLE_NAMES = Object.keys(LINE_STYLE_KEYS) as EdgeStyleName[];

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
  ERmany: 'crow-foot',
  ERoneToMany: 'crow-foot',
  ERzeroToMany: 'crow-foot',
  none: 'none',
  '': 'none',
};


/** Keys of this studio's own data in files; diagrams.net keeps them and ignores them. */
export const Tandem = {
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


type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// ---------------------------------------------------------------------------------------------
// Style strings

/** A draw.io style string as ordered entries; a bare name such as `ellipse` has no value. */
export type Style = Map<string, string | undefined>;

/**
 * A style as a file writes it, with the named styles of the stylesheet it lists (its bare words)
 * kept apart too: diagrams.net's sidebars write `image;...;image=img/lib/...`, the named style
 * `image` and then the picture, and the later key takes the word's place in the map.
 */
export class ParsedStyle extends Map<string, string | undefined> {
  readonly named = new Set<string>();
}

export function parseStyle(text: string): ParsedStyle {
  const style = new ParsedStyle();
  for (const part of text.split(';')) {
    const item = part.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    if (eq < 0) {
      style.set(item, undefined);
      style.named.add(item);
    } else style.set(item.slice(0, eq).trim(), item.slice(eq + 1).trim());
  }
  return style;
}

/** Whether a style lists the stylesheet's named style `name`, even where a later `name=` key took its place. */
function listsStyle(style: Style, name: string): boolean {
  return (style.has(name) && style.get(name) === undefined) || (style instanceof ParsedStyle && style.named.has(name));
}

export function formatStyle(style: Style): string {
  let text = '';
  for (const [key, value] of style) text += value === undefined ? `${key};` : `${key}=${value};`;
  return text;
}

export function styleNumber(style: Style, key: string): number | undefined {
  const raw = style.get(key);
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Free text (a custom type name) inside a style value, where `;` and `=` would break it. */
export function decodeStyleText(value: string | undefined): string | undefined {
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

export function shapeStyle(base: ShapeType, palette: Theme, overrides: StyleOverrides): Style {
  const style = parseStyle(TYPE_STYLES[base]);
  if (!PAINTLESS_TYPES.has(base)) {
    style.set('fillColor', palette.fill);
    style.set('strokeColor', palette.stroke);
  }
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
export function overridesBetween(actual: Style, expected: Style): StyleOverrides {
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
export function effectiveColor(value: string | undefined, fallback: string): string {
  return value === undefined || value === '' || value === 'default' ? fallback : value;
}

export function sameColor(a: string | undefined, b: string | undefined): boolean {
  return a?.toLowerCase() === b?.toLowerCase();
}

/** The type a style draws, by its `shape=` or style name; plain rectangles by their rounding. */
export function typeFromStyle(style: Style): ShapeType {
  const shape = style.get('shape');
  if (shape !== undefined && Object.hasOwn(STYLE_NAME_TYPES, shape)) return STYLE_NAME_TYPES[shape];
  for (const [key, value] of style) {
    if (value === undefined && Object.hasOwn(STYLE_NAME_TYPES, key)) return STYLE_NAME_TYPES[key];
  }
  return style.get('rounded') === '1' ? 'svc' : 'box';
}

/**
 * What a style draws that the studio draws simplified, as its type's outline: `image`, or the
 * name of a stencil (`mxgraph.aws4.lambda`); undefined for what the studio draws itself.
 */
export function lookFromStyle(style: Style): string | undefined {
  const shape = style.get('shape');
  if (shape === 'image' || (shape === undefined && IMAGE_STYLE_NAMES.some((name) => listsStyle(style, name)))) return 'image';
  if (shape === undefined || shape === '' || Object.hasOwn(STYLE_NAME_TYPES, shape) || RECTANGLE_SHAPES.has(shape)) return undefined;
  return shape;
}

/**
 * What a shape record holds of a cell's style, its type's `base` drawn with: the theme nearest
 * its colours, the overrides beyond that theme and what it draws that the studio draws simplified.
 */
export function shapeFieldsOfStyle(style: Style, base: ShapeType, palettes: Palettes): { theme: string; style: StyleOverrides; look?: string } {
  const theme = palettes.closest(effectiveColor(style.get('fillColor'), '#ffffff'), effectiveColor(style.get('strokeColor'), '#000000'));
  const look = lookFromStyle(style);
  return { theme, style: overridesBetween(style, palettes.plainShapeStyle(base, theme)), ...(look !== undefined && { look }) };
}

/** Themes a file can name: the document's own first, so a redefined name wins. */
export class Palettes {
  private readonly byName = new Map<string, Theme>();
  /** plainShapeStyle's answers, by type and theme: a page of shapes has few pairs. */
  private readonly plainStyles = new Map<string, Style>();

  constructor(customThemes: Iterable<CustomThemeRecord>) {
    for (const theme of customThemes) this.byName.set(theme.name, theme);
    for (const [name, theme] of Object.entries(THEMES)) if (!this.byName.has(name)) this.byName.set(name, theme);
  }

  get(name: string | undefined): Theme {
    return (name !== undefined && this.byName.get(name)) || THEMES[DEFAULT_THEME];
  }

  /** The style of a `base` shape in `theme` without overrides, made once per pair: read it, never change it. */
  plainShapeStyle(base: ShapeType, theme: string): Style {
    const key = `${base}\u0000${theme}`;
    let style = this.plainStyles.get(key);
    if (!style) this.plainStyles.set(key, (style = shapeStyle(base, this.get(theme), {})));
    return style;
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

/** The style the model writes for an edge of its own, its line style marked where the style alone would not say it. */
export function edgeStyle(edge: EdgeRecord): Style {
  const style: Style = madeEdgeStyle(edge);
  if (lineStyleFromStyle(style) !== edge.lineStyle) style.set(Tandem.lineStyle, edge.lineStyle);
  return style;
}

export function lineStyleFromStyle(style: Style): EdgeStyleName {
  const stored = style.get(Tandem.lineStyle);
  if (stored !== undefined && (EDGE_STYLE_NAMES as readonly string[]).includes(stored)) return stored as EdgeStyleName;
  if (style.get('flowAnimation') === '1') return 'animated';
  if (style.get('curved') === '1') return 'curved';
  if (style.get('dashed') === '1') return /^1\s/.test(style.get('dashPattern') ?? '') ? 'dotted' : 'dashed';
  return 'solid';
}

/**
 * draw.io draws an end arrow (classic) and no start arrow unless told otherwise, and nothing for a
 * name it does not register; a name it draws that the studio has no head for is an arrow here.
 */
export function arrowFromStyle(style: Style, end: 'start' | 'end'): ArrowHead {
  const marker = style.get(`${end}Arrow`);
  if (marker === undefined) return end === 'end' ? 'arrow' : 'none';
  if (Object.hasOwn(MARKER_ARROWS, marker)) return MARKER_ARROWS[marker];
  return isDiagramsNetMarker(marker) ? 'arrow' : 'none';
}

/** An edge's connection point at one end, as its style gives it (`exitX`, `exitY`, `exitDx`, `exitDy`, `exitPerimeter`). */
export function portFromStyle(style: Style, end: 'exit' | 'entry'): Port | undefined {
  const x = styleNumber(style, `${end}X`);
  const y = styleNumber(style, `${end}Y`);
  if (x === undefined || y === undefined) return undefined;
  return portAt(x, y, styleNumber(style, `${end}Dx`) ?? 0, styleNumber(style, `${end}Dy`) ?? 0, style.get(`${end}Perimeter`) !== '0');
}

// ---------------------------------------------------------------------------------------------
// Merging: the model's style into the style a file had

/** One thing the model holds about a cell's look, and the style keys that spell it. */
export interface StyleFeature {
  readonly keys: readonly string[];
  /** The feature's value in a style, in a form that compares with `===`. */
  read(style: Style): string;
  /** Puts the model's value into `out`; by default `keys` are copied from `modeled` (or removed). */
  write?(out: Style, modeled: Style, kept: Style): void;
}

/**
 * The style a file had, with each feature the model changed (from `before`, what the model read
 * from it, to `modeled`) written as the model writes it. Keys no feature names, and the keys of
 * unchanged features, stay as they were and where they were (so a `diamondThin` head stays thin,
 * an `exitDx` stays, an unknown key stays).
 */
export function mergeStyle(kept: Style, modeled: Style, features: readonly StyleFeature[], before: Style = kept): Style {
  const out: Style = new Map(kept);
  for (const feature of features) {
    if (feature.read(before) === feature.read(modeled)) continue;
    if (feature.write) {
      feature.write(out, modeled, kept);
      continue;
    }
    for (const key of feature.keys) {
      if (modeled.has(key)) out.set(key, modeled.get(key));
      else out.delete(key);
    }
  }
  return out;
}

function colorFeature(key: string, fallback: string): StyleFeature {
  return { keys: [key], read: (style) => effectiveColor(style.get(key), fallback).toLowerCase() };
}

function numberFeature(key: string, fallback: number): StyleFeature {
  return { keys: [key], read: (style) => String(styleNumber(style, key) ?? fallback) };
}

function flagFeature(key: string): StyleFeature {
  return { keys: [key], read: (style) => String(style.get(key) === '1') };
}

const FORMAT_BITS = FONT_STYLE_BITS.reduce((bits, [, bit]) => bits | bit, 0);

/** Bold, italic and underline; other fontStyle bits (strikethrough) stay as the file had them. */
const FONT_STYLE_FEATURE: StyleFeature = {
  keys: ['fontStyle'],
  read: (style) => String((styleNumber(style, 'fontStyle') ?? 0) & FORMAT_BITS),
  write(out, modeled, kept) {
    const bits = ((styleNumber(kept, 'fontStyle') ?? 0) & ~FORMAT_BITS) | ((styleNumber(modeled, 'fontStyle') ?? 0) & FORMAT_BITS);
    out.set('fontStyle', String(bits));
  },
};

/** What a shape record holds about its style: colours, sizes, flags and font formats. */
export const SHAPE_FEATURES: readonly StyleFeature[] = [
  ...COLOR_KEYS.map(([, key, fallback]) => colorFeature(key, fallback)),
  ...NUMBER_KEYS.map(([, key, fallback]) => numberFeature(key, fallback)),
  ...FLAG_KEYS.map(([, key]) => flagFeature(key)),
  FONT_STYLE_FEATURE,
];

/** What a group record holds: its theme, when its colours are exactly one. */
export function groupFeatures(palettes: Palettes): StyleFeature[] {
  const themeOf = (style: Style) => palettes.exact(style.get('fillColor') ?? '', style.get('strokeColor') ?? '') ?? '';
  return [
    { keys: ['fillColor', 'strokeColor', 'fontColor'], read: themeOf },
    // Where the title of a group the studio made sits (see group-title).
    { keys: ['spacingLeft'], read: (style) => style.get('spacingLeft') ?? '' },
  ];
}

function portFeature(end: 'exit' | 'entry'): StyleFeature {
  return {
    keys: [`${end}X`, `${end}Y`, `${end}Dx`, `${end}Dy`, `${end}Perimeter`],
    read(style) {
      const port = portFromStyle(style, end);
      const round = (n: number) => Math.round(n * 1e6) / 1e6;
      return port ? [...Object.values(portAnchor(port)).map(round), port.perimeter !== false].join(',') : '';
    },
  };
}

/** What an edge record holds: line style, routing, heads, ports and colour. */
export const EDGE_FEATURES: readonly StyleFeature[] = [
  { keys: ['dashed', 'dashPattern', 'curved', 'flowAnimation', Tandem.lineStyle], read: lineStyleFromStyle },
  { keys: ['edgeStyle'], read: (style) => (isRouted(style) ? 'routed' : 'straight') },
  { keys: ['startArrow', 'startFill'], read: (style) => arrowFromStyle(style, 'start') },
  { keys: ['endArrow', 'endFill'], read: (style) => arrowFromStyle(style, 'end') },
  portFeature('exit'),
  portFeature('entry'),
  { keys: ['strokeColor'], read: (style) => edgeStroke(style) ?? '' },
];

/** Whether an edge style routes the edge (orthogonal, elbow...) rather than drawing it straight. */
export function isRouted(style: Style): boolean {
  const routing = style.get('edgeStyle');
  return routing !== undefined && routing !== '' && routing !== 'none';
}

/** An edge's own stroke colour; draw.io's `default` and an empty value mean none of its own. */
export function edgeStroke(style: Style): string | undefined {
  const stroke = style.get('strokeColor');
  return stroke !== undefined && stroke !== 'default' && stroke !== '' ? stroke : undefined;
}
