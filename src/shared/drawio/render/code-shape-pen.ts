/**
 * The pen the code shapes draw with: path data built point by point (as diagrams.net's canvas
 * takes moveTo, lineTo, quadTo, arcTo...), written out as SVG elements in the shape's paint, and
 * diagrams.net's rounded corners for a polygon. Pure string work, so it runs in Node too.
 */
import { DEFAULT_FONT_FAMILY } from './label-look';
import { xmlAttr } from './stencil-figure';

/** How an element is painted: its fill, its stroke, the stroke's width and dash pattern. */
export interface PenPaint {
  readonly fill: string;
  readonly stroke: string;
  readonly strokeWidth: number;
  /** An SVG dash array, or undefined for a solid line. */
  readonly dash?: string;
  /** The element's opacity (0..1), when not opaque. */
  readonly opacity?: number;
  /** The fill's and the stroke's own opacity (0..1): a style's fillOpacity and strokeOpacity. */
  readonly fillOpacity?: number;
  readonly strokeOpacity?: number;
  /** How lines meet and end, when not SVG's default (miter joins, butt ends), and the mitre limit. */
  readonly lineJoin?: 'round' | 'miter';
  readonly lineCap?: 'round';
  readonly miterLimit?: number;
}

export type Point = readonly [number, number];

/** A number as markup: at most two decimals, no trailing zeros. */
export const fmt = (n: number): string => String(Math.round(n * 100) / 100);

/**
 * The SVG dash array of a style, as diagrams.net dashes a line: none unless `dashed=1`; its
 * `dashPattern` (else 3 3) in units of the stroke width, or of 1 px with `fixDash=1`.
 */
export function styleDashArray(style: ReadonlyMap<string, string>, strokeWidth: number): string | undefined {
  if (style.get('dashed') !== '1') return undefined;
  const unit = style.get('fixDash') === '1' ? 1 : strokeWidth;
  const lengths = (style.get('dashPattern') ?? '').split(/\s+/).map(Number).filter((n) => Number.isFinite(n) && n >= 0);
  return (lengths.length && lengths.some((n) => n > 0) ? lengths : [3, 3]).map((n) => fmt(n * unit)).join(' ');
}

/** Path data, built as diagrams.net's canvas builds a path. */
export class PathData {
  private readonly parts: string[] = [];

  moveTo(x: number, y: number): this {
    this.parts.push(`M${fmt(x)},${fmt(y)}`);
    return this;
  }

  lineTo(x: number, y: number): this {
    this.parts.push(`L${fmt(x)},${fmt(y)}`);
    return this;
  }

  quadTo(cx: number, cy: number, x: number, y: number): this {
    this.parts.push(`Q${fmt(cx)},${fmt(cy)} ${fmt(x)},${fmt(y)}`);
    return this;
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    this.parts.push(`C${fmt(x1)},${fmt(y1)} ${fmt(x2)},${fmt(y2)} ${fmt(x)},${fmt(y)}`);
    return this;
  }

  arcTo(rx: number, ry: number, rotation: number, large: 0 | 1, sweep: 0 | 1, x: number, y: number): this {
    this.parts.push(`A${fmt(rx)},${fmt(ry)} ${fmt(rotation)} ${large} ${sweep} ${fmt(x)},${fmt(y)}`);
    return this;
  }

  close(): this {
    this.parts.push('Z');
    return this;
  }

  toString(): string {
    return this.parts.join(' ');
  }
}

/**
 * A box from (left, top) to (right, bottom) with round corners of radius r, drawn from the top of
 * its left side clockwise and left open at the end (the caller closes it), as diagrams.net draws
 * its rounded boxes with arcs.
 */
export function roundedBox(path: PathData, left: number, top: number, right: number, bottom: number, r: number): PathData {
  return path
    .moveTo(left, top + r)
    .arcTo(r, r, 0, 0, 1, left + r, top)
    .lineTo(right - r, top)
    .arcTo(r, r, 0, 0, 1, right, top + r)
    .lineTo(right, bottom - r)
    .arcTo(r, r, 0, 0, 1, right - r, bottom)
    .lineTo(left + r, bottom)
    .arcTo(r, r, 0, 0, 1, left, bottom - r);
}

/**
 * A box from (0, 0) to (w, bottom) with round corners of radius r, traced from (from, bottom) on
 * its bottom side clockwise round to (to, bottom) and left open there (a callout's pointer goes
 * on from it), as diagrams.net draws its callouts and select bars.
 */
export function aroundFromBottom(path: PathData, w: number, bottom: number, r: number, from: number, to: number): PathData {
  return path
    .moveTo(from, bottom)
    .lineTo(r, bottom)
    .arcTo(r, r, 0, 0, 1, 0, bottom - r)
    .lineTo(0, r)
    .arcTo(r, r, 0, 0, 1, r, 0)
    .lineTo(w - r, 0)
    .arcTo(r, r, 0, 0, 1, w, r)
    .lineTo(w, bottom - r)
    .arcTo(r, r, 0, 0, 1, w - r, bottom)
    .lineTo(to, bottom);
}

/** A stadium (pill) in a w x h box: half circles at the ends of its longer side. */
export function stadium(w: number, h: number): PathData {
  const path = new PathData();
  if (w > h) {
    const r = h / 2;
    return path.moveTo(w - r, 0).arcTo(r, r, 0, 0, 1, w - r, h).lineTo(r, h).arcTo(r, r, 0, 0, 1, r, 0).close();
  }
  const r = w / 2;
  return path.moveTo(0, h - r).arcTo(r, r, 0, 0, 0, w, h - r).lineTo(w, r).arcTo(r, r, 0, 0, 0, 0, r).close();
}

/** Straight segments through `points`, closed or not. */
export function polyline(points: readonly Point[], closed: boolean): PathData {
  const path = new PathData();
  points.forEach(([x, y], n) => (n === 0 ? path.moveTo(x, y) : path.lineTo(x, y)));
  return closed ? path.close() : path;
}

/**
 * A polygon through `points` as diagrams.net draws one (mxShape.addPoints): with `rounded`, each
 * corner is cut `arc` back along both sides (at most half a side) and turned with a quadratic
 * curve through the corner; the ends of an open line stay sharp.
 */
export function cornerPath(points: readonly Point[], rounded: boolean, arc: number, closed: boolean): PathData {
  if (!rounded || arc <= 0 || points.length < 3) return polyline(points, closed);
  const n = points.length;
  const toward = (from: Point, to: Point, distance: number): Point => {
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    if (length === 0) return from;
    const d = Math.min(distance, length / 2);
    return [from[0] + ((to[0] - from[0]) * d) / length, from[1] + ((to[1] - from[1]) * d) / length];
  };
  const path = new PathData();
  const corners = closed ? points.map((_, i) => i) : points.map((_, i) => i).slice(1, -1);
  if (closed) {
    const [x, y] = toward(points[0], points[1], arc);
    path.moveTo(x, y);
  } else path.moveTo(points[0][0], points[0][1]);
  const order = closed ? [...corners.slice(1), 0] : corners;
  for (const i of order) {
    const corner = points[i];
    const before = toward(corner, points[(i - 1 + n) % n], arc);
    const after = toward(corner, points[(i + 1) % n], arc);
    path.lineTo(before[0], before[1]).quadTo(corner[0], corner[1], after[0], after[1]);
  }
  if (!closed) path.lineTo(points[n - 1][0], points[n - 1][1]);
  return closed ? path.close() : path;
}

/**
 * The font diagrams.net's canvas sets text in when a shape sets none: 11 px (DEFAULT_FONTSIZE),
 * its Arial,Helvetica drawn as the studio draws Helvetica.
 */
export const CANVAS_FONT = { family: DEFAULT_FONT_FAMILY, size: 11 } as const;

/** How a shape's own text is set (a mockup button's caption): size in px, colour, font, weight and anchor. */
export interface TextPaint {
  readonly size: number;
  readonly color: string;
  readonly family: string;
  readonly bold?: boolean;
  /** Where x is on the line: its start (left), its middle or its end. */
  readonly anchor?: 'start' | 'middle' | 'end';
}

/** What an element is painted with: its fill and stroke, or only one of them. */
export type PaintMode = 'fillStroke' | 'fill' | 'stroke';

/** The opacities of a paint as attributes (each with its leading space), for what is painted at all. */
function opacityAttributes(paint: PenPaint, fill: string, stroke: string): string {
  let attrs = '';
  if (paint.opacity !== undefined && paint.opacity < 1) attrs += ` opacity="${fmt(paint.opacity)}"`;
  if (fill !== 'none' && paint.fillOpacity !== undefined && paint.fillOpacity < 1) attrs += ` fill-opacity="${fmt(paint.fillOpacity)}"`;
  if (stroke !== 'none' && paint.strokeOpacity !== undefined && paint.strokeOpacity < 1) attrs += ` stroke-opacity="${fmt(paint.strokeOpacity)}"`;
  return attrs;
}

/** What a hand-drawn figure does with an outline (see sketch.ts): path data or an ellipse, in its paint. */
export type OutlineSketcher = (
  outline: { readonly d: string } | { readonly cx: number; readonly cy: number; readonly w: number; readonly h: number },
  paint: { fill: string; stroke: string; strokeWidth: number; dash?: string },
) => string;

/**
 * The elements of a figure, in drawing order, each painted by the figure's paint unless told
 * otherwise; with a sketcher (sketch=1) each outline is drawn hand-drawn by it instead.
 */
export class Figure {
  private readonly parts: string[] = [];

  constructor(
    readonly paint: PenPaint,
    private readonly sketcher?: OutlineSketcher,
  ) {}

  /** An outline sketched in the paint, grouped with its opacities; false when the figure is not sketched. */
  private sketched(outline: Parameters<OutlineSketcher>[0], mode: PaintMode, over: Partial<PenPaint>): boolean {
    if (!this.sketcher) return false;
    const paint = { ...this.paint, ...over };
    const fill = mode === 'stroke' ? 'none' : paint.fill;
    const stroke = mode === 'fill' ? 'none' : paint.stroke;
    const drawn = this.sketcher(outline, { fill, stroke, strokeWidth: Math.max(1, paint.strokeWidth), dash: paint.dash });
    const opacity = opacityAttributes(paint, fill, stroke);
    if (drawn !== '') this.parts.push(opacity ? `<g${opacity}>${drawn}</g>` : drawn);
    return true;
  }

  private attributes(mode: PaintMode, over: Partial<PenPaint>): string {
    const paint = { ...this.paint, ...over };
    const fill = mode === 'stroke' ? 'none' : paint.fill;
    const stroke = mode === 'fill' ? 'none' : paint.stroke;
    let attrs = `fill="${xmlAttr(fill)}" stroke="${xmlAttr(stroke)}"`;
    if (stroke !== 'none') {
      // diagrams.net's SVG canvas draws no line thinner than 1 px (its minStrokeWidth): strokeWidth=0 is 1.
      attrs += ` stroke-width="${fmt(Math.max(1, paint.strokeWidth))}"`;
      if (paint.dash) attrs += ` stroke-dasharray="${paint.dash}"`;
      if (paint.lineJoin) attrs += ` stroke-linejoin="${paint.lineJoin}"`;
      if (paint.lineCap) attrs += ` stroke-linecap="${paint.lineCap}"`;
      if (paint.miterLimit !== undefined) attrs += ` stroke-miterlimit="${fmt(paint.miterLimit)}"`;
    }
    return attrs + opacityAttributes(paint, fill, stroke);
  }

  path(d: PathData | string, mode: PaintMode = 'fillStroke', over: Partial<PenPaint> = {}): this {
    const data = String(d);
    if (data !== '' && this.sketched({ d: data }, mode, over)) return this;
    if (data !== '') this.parts.push(`<path d="${data}" ${this.attributes(mode, over)}/>`);
    return this;
  }

  rect(x: number, y: number, w: number, h: number, mode: PaintMode = 'fillStroke', over: Partial<PenPaint> = {}): this {
    if (this.sketcher) return this.path(polyline([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], true), mode, over);
    this.parts.push(`<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(Math.max(0, w))}" height="${fmt(Math.max(0, h))}" ${this.attributes(mode, over)}/>`);
    return this;
  }

  /**
   * A box with round corners: of radius r, or of radii [rx, ry] as diagrams.net's canvas sets them
   * (only those above 0, so one alone stands for both as SVG reads it).
   */
  roundRect(x: number, y: number, w: number, h: number, r: number | readonly [number, number], mode: PaintMode = 'fillStroke', over: Partial<PenPaint> = {}): this {
    const [rx, ry] = typeof r === 'number' ? [r, r] : r;
    const radius = Math.min(rx > 0 ? rx : ry, w / 2, h / 2);
    if (this.sketcher) return this.path(roundedBox(new PathData(), x, y, x + w, y + h, Math.max(0, radius)).close(), mode, over);
    const radii = typeof r === 'number' ? ` rx="${fmt(r)}" ry="${fmt(r)}"` : (rx > 0 ? ` rx="${fmt(rx)}"` : '') + (ry > 0 ? ` ry="${fmt(ry)}"` : '');
    this.parts.push(`<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(Math.max(0, w))}" height="${fmt(Math.max(0, h))}"${radii} ${this.attributes(mode, over)}/>`);
    return this;
  }

  ellipse(x: number, y: number, w: number, h: number, mode: PaintMode = 'fillStroke', over: Partial<PenPaint> = {}): this {
    if (w <= 0 || h <= 0) return this;
    if (this.sketched({ cx: x + w / 2, cy: y + h / 2, w, h }, mode, over)) return this;
    this.parts.push(
      `<ellipse cx="${fmt(x + w / 2)}" cy="${fmt(y + h / 2)}" rx="${fmt(w / 2)}" ry="${fmt(h / 2)}" ${this.attributes(mode, over)}/>`,
    );
    return this;
  }

  /**
   * Text a shape draws itself, its lines centred on y as diagrams.net's canvas sets plain text: the
   * first line's baseline `size - 1` below the top of the lines, lines round(1.2 x size) apart.
   */
  text(x: number, y: number, content: string, paint: TextPaint): this {
    const lines = content.split('\n');
    const lineHeight = Math.round(paint.size * 1.2);
    const top = y - (paint.size + (lines.length - 1) * lineHeight) / 2;
    const rows = lines
      .map((line, n) => (line.trim() === '' ? '' : `<text x="${fmt(x)}" y="${fmt(top + paint.size - 1 + n * lineHeight)}">${xmlAttr(line).replace(/>/g, '&gt;')}</text>`))
      .join('');
    if (rows === '') return this;
    const weight = paint.bold ? ' font-weight="bold"' : '';
    const anchor = paint.anchor && paint.anchor !== 'start' ? ` text-anchor="${paint.anchor}"` : '';
    this.parts.push(`<g fill="${xmlAttr(paint.color)}" font-family="${xmlAttr(paint.family)}" font-size="${fmt(paint.size)}px"${weight}${anchor}>${rows}</g>`);
    return this;
  }

  /** A figure of its own in this one's paint changed by `over`, hand-drawn when this one is (an icon a shape draws inside itself). */
  inner(over: Partial<PenPaint>): Figure {
    return new Figure({ ...this.paint, ...over }, this.sketcher);
  }

  /** Markup made elsewhere (a stencil's drawing, a gradient's definition), as it is. */
  raw(markup: string): this {
    this.parts.push(markup);
    return this;
  }

  toString(): string {
    return this.parts.join('');
  }
}
