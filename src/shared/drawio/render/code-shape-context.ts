/**
 * What a code shape's drawing gets: its box (turned for a north or south direction, as
 * diagrams.net paints it), the style's values read as diagrams.net reads them, the pen, and a way
 * to draw a stencil inside it (an AWS 4 group's icon).
 */
import type { Figure } from './code-shape-pen';
import type { StencilPaint } from './stencil-figure';

/** Draws the stencil `name` in a box (x, y, w, h) with a paint; undefined when it is not loaded or does not exist. */
export type StencilDrawer = (name: string, box: readonly [number, number, number, number], paint: StencilPaint) => string | undefined;

export interface ShapeContext {
  /** The box the shape is drawn in: the cell's, turned a quarter for a north or south direction. */
  readonly w: number;
  readonly h: number;
  readonly style: ReadonlyMap<string, string>;
  readonly fig: Figure;
  /** The shape's fill and stroke colours (`none` for none), and its stroke width. */
  readonly fill: string;
  readonly stroke: string;
  readonly strokeWidth: number;
  /** `rounded=1`. */
  readonly rounded: boolean;
  /** A number from the style, or the fallback when the key is missing or not a number. */
  num(key: string, fallback: number): number;
  /** A colour from the style (`default`, `inherit`, `fillColor`, `strokeColor` resolved), or the fallback. */
  color(key: string, fallback: string): string;
  /** The stencil drawer the caller gave, if any. */
  readonly stencils?: StencilDrawer;
  /** An id the figure may give a gradient of its own. */
  readonly gradientId: string;
  /** A table's grid, when the shape is a table. */
  readonly table?: TableGrid;
  /** The cell's label as diagrams.net's graph gives it to a shape (getLabel): a ruler numbers its ticks by it. */
  readonly label?: string;
}

/**
 * Where a table's rows and columns meet, in the table's box: the top of each row after the first,
 * and the left of each cell after the first in the first row. diagrams.net draws a table's inner
 * lines there (its cells draw no border of their own).
 */
export interface TableGrid {
  readonly rows: readonly number[];
  readonly columns: readonly number[];
}

/** Draws a code shape in its context. */
export type Painter = (c: ShapeContext) => void;

/**
 * What a code shape changes in its cell's style as diagrams.net paints it, for its label to read
 * (a ruler2 sets its spacingLeft): the keys and values it writes, given the style and the box the
 * shape is painted in.
 */
export type LabelRestyle = (style: ReadonlyMap<string, string>, w: number, h: number) => ReadonlyArray<readonly [string, string]>;

/** A number from a style, or the fallback when the key is missing, empty or not a number. */
export function numberOf(style: ReadonlyMap<string, string>, key: string, fallback: number): number {
  const value = Number(style.get(key));
  return style.has(key) && style.get(key) !== '' && Number.isFinite(value) ? value : fallback;
}

/** The stencils a code shape draws inside itself (an icon, a tag, a marker), in the order it draws them. */
export type StencilsInside = (style: ReadonlyMap<string, string>) => string[];

/** An AWS 4 group's icon: its `grIcon`. */
export const groupIcon: StencilsInside = (style) => {
  const icon = style.get('grIcon');
  return icon ? [icon] : [];
};

/** diagrams.net's arc size for rounded polygons (LINE_ARCSIZE 20, halved by addPoints' callers). */
export function polygonArc(c: ShapeContext): number {
  return c.num('arcSize', 20) / 2;
}

/**
 * A flag as diagrams.net's shape code reads one with getValue(style, key, false): on when the
 * style has it with any value but 0 (or empty).
 */
export function styleFlag(c: ShapeContext, key: string): boolean {
  const value = c.style.get(key);
  return value !== undefined && Number(value) !== 0;
}

/** A size clamped to [min, max] (diagrams.net clamps every `size`-like key so). */
export function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

/**
 * A shape's `size` as diagrams.net reads it for shapes that take either a fraction of the width
 * or, with `fixedSize=1`, pixels: `fraction` and `fixed` are the defaults of each.
 */
export function fractionOrFixed(c: ShapeContext, defaults: { fraction: number; fixed: number }, limits: { fraction: number; fixed: number }): number {
  const fixedSize = c.style.get('fixedSize');
  if (fixedSize !== undefined && fixedSize !== '0') return clamp(c.num('size', defaults.fixed), 0, limits.fixed);
  return c.w * clamp(c.num('size', defaults.fraction), 0, limits.fraction);
}

/** A box in a cell's own coordinates (its top left at 0, 0). */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Draws the stencil `name` upright in a box of the shape (x, y, w, h), painted in `colours` (the
 * shape's own unless given), as diagrams.net's shapes draw a stencil inside themselves; false when
 * no stencil drawer was given or the stencil is not there.
 */
export function drawStencil(
  c: ShapeContext,
  name: string,
  box: readonly [number, number, number, number],
  colours: { fill?: string; stroke?: string; strokeWidth?: number; opacity?: number } = {},
): boolean {
  const drawn = c.stencils?.(name, box, {
    fill: colours.fill ?? c.fill,
    stroke: colours.stroke ?? c.stroke,
    strokeWidth: colours.strokeWidth ?? c.strokeWidth,
    dashed: false,
    direction: 'east',
    rotation: 0,
    flipH: false,
    flipV: false,
    nested: true,
  });
  if (drawn) c.fig.raw(colours.opacity !== undefined && colours.opacity < 1 ? `<g opacity="${colours.opacity}">${drawn}</g>` : drawn);
  return drawn !== undefined;
}

const DIRECTION_TURNS: Readonly<Record<string, number>> = { north: 270, west: 180, south: 90 };

/**
 * How mxShape turns and flips a code shape's figure onto the screen: degrees clockwise (its
 * direction's plus `rotation`), then the flips of the figure's own x and y (sx, sy: 1 or -1; a
 * north or south direction swaps flipH and flipV).
 */
export function screenTurn(style: ReadonlyMap<string, string>): { turn: number; sx: number; sy: number } {
  const direction = style.get('direction') ?? 'east';
  const rotation = Number(style.get('rotation'));
  const turn = ((Number.isFinite(rotation) && style.get('rotation') !== '' ? rotation : 0) + (DIRECTION_TURNS[direction] ?? 0)) % 360;
  const flipH = style.get('flipH') === '1';
  const flipV = style.get('flipV') === '1';
  const upright = direction === 'north' || direction === 'south';
  const [sx, sy] = upright ? [flipV ? -1 : 1, flipH ? -1 : 1] : [flipH ? -1 : 1, flipV ? -1 : 1];
  return { turn, sx, sy };
}
