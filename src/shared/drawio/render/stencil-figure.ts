/**
 * A stencil shape's figure as SVG markup, the one drawing the canvas shows and an export writes:
 * the stencil in the cell's box (`shape=mxgraph.cisco.routers.router`), or a shape diagrams.net
 * builds in code around one (AWS 4's resource icon: a fillColor square, optionally a gradient,
 * the `resIcon` stencil inside in strokeColor). maxGraph's StencilShape interprets the stencil
 * language and its SvgCanvas2D writes the SVG, as diagrams.net's mxStencil does; the caller
 * hands in maxGraph and an SVG document (the browser's, or a DOM made in Node for an export).
 */
import type { StencilShape, SvgCanvas2D } from '@maxgraph/core';
import { FRAMED_ICONS } from '../stencils';
import { screenOffset } from './screen-offset';

/** What drawing needs of maxGraph: its canvas class, and a `<g>` to draw into. */
export interface StencilEngine {
  readonly Canvas: typeof SvgCanvas2D;
  /** A fresh SVG `<g>` element (its document decides how the markup is written). */
  group(): SVGElement;
}

export interface StencilPaint {
  readonly fill: string;
  readonly stroke: string;
  readonly strokeWidth: number;
  readonly dashed: boolean;
  /** The cell's `direction` (east when unset): the stencil turns, fitted to the box turned with it. */
  readonly direction: string;
  /** The cell's `rotation` in degrees, and its flips. */
  readonly rotation: number;
  readonly flipH: boolean;
  readonly flipV: boolean;
  /** Drawn inside a code shape, whose own figure is already put on whole pixels: no half pixel of its own. */
  readonly nested?: boolean;
}

const DIRECTION_TURNS: Readonly<Record<string, number>> = { north: 270, west: 180, south: 90 };

/** How the cell's style paints its stencil, with the colours the shape has now. */
export function paintOf(style: ReadonlyMap<string, string>, fill: string, stroke: string): StencilPaint {
  const number = (key: string, fallback: number) => {
    const value = Number(style.get(key) ?? fallback);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    fill,
    stroke,
    strokeWidth: number('strokeWidth', 1),
    dashed: style.get('dashed') === '1',
    direction: style.get('direction') ?? 'east',
    rotation: number('rotation', 0),
    flipH: style.get('flipH') === '1' || style.get('stencilFlipH') === '1',
    flipV: style.get('flipV') === '1' || style.get('stencilFlipV') === '1',
  };
}

/**
 * The SVG markup of a stencil drawn in the box (x, y, w, h), as diagrams.net's mxShape paints it:
 * the stencil's own aspect (fixed keeps its proportions, centred), strokes that scale with it
 * unless `strokewidth="inherit"` takes the cell's width, turned by the cell's direction and
 * rotation and flipped about the box's centre (a north or south direction swaps the flips).
 */
export function stencilMarkup(engine: StencilEngine, shape: StencilShape, box: readonly [number, number, number, number], paint: StencilPaint): string {
  const [x, y, w, h] = box;
  const group = engine.group();
  const canvas = new engine.Canvas(group, false);
  const upright = paint.direction === 'north' || paint.direction === 'south';
  const [flipH, flipV] = upright ? [paint.flipV, paint.flipH] : [paint.flipH, paint.flipV];
  canvas.rotate(paint.rotation + (DIRECTION_TURNS[paint.direction] ?? 0), flipH, flipV, x + w / 2, y + h / 2);
  canvas.setFillColor(paint.fill);
  canvas.setStrokeColor(paint.stroke);
  canvas.setStrokeWidth(paint.strokeWidth);
  canvas.setDashed(paint.dashed);
  // drawShape reads the cell's direction, stroke width and outline flag from the shape it draws for.
  const cell = { style: { strokeWidth: paint.strokeWidth, direction: paint.direction }, stroke: paint.stroke, fill: paint.fill, outline: false };
  shape.drawShape(canvas, cell as unknown as StencilShape, x, y, w, h);
  // On whole pixels as diagrams.net puts it, by the stencil's own stroke width unless it inherits the cell's.
  const own = shape.strokeWidthValue;
  const offset = paint.nested ? 0 : screenOffset(own === null || own === 'inherit' ? paint.strokeWidth : Number(own));
  return offset ? `<g transform="translate(${offset} ${offset})">${group.innerHTML}</g>` : group.innerHTML;
}

/** Where each gradient direction puts the gradient's end (the fill colour is at its start). */
const GRADIENT_AXES: Readonly<Record<string, string>> = {
  south: 'x1="0" y1="0" x2="0" y2="1"',
  north: 'x1="0" y1="1" x2="0" y2="0"',
  east: 'x1="0" y1="0" x2="1" y2="0"',
  west: 'x1="1" y1="0" x2="0" y2="0"',
};

/** Markup-safe text for an attribute value. */
export function xmlAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/**
 * A gradient's definition as diagrams.net paints one: from the fill to gradientColor towards
 * gradientDirection (south when unset); undefined when gradientColor is unset or `none`.
 */
export function gradientDefinition(style: ReadonlyMap<string, string>, fill: string, id: string): string | undefined {
  const to = style.get('gradientColor');
  // `inherit` (the parent's gradient) is drawn as none: the parent's style is not at hand here.
  if (to === undefined || to === '' || to === 'none' || to === 'inherit' || fill === 'none') return undefined;
  return linearGradient(id, fill, to, style.get('gradientDirection') ?? 'south');
}

/**
 * A linear gradient's `<defs>` from one colour to another towards a direction (south when unknown),
 * each end at an opacity (0..1) when given below 1, as diagrams.net's canvas writes its stops.
 */
export function linearGradient(id: string, from: string, to: string, direction: string, opacities: readonly [number, number] = [1, 1]): string {
  const axis = GRADIENT_AXES[direction] ?? GRADIENT_AXES.south;
  const stop = (offset: number, color: string, opacity: number) =>
    `<stop offset="${offset}" stop-color="${xmlAttr(color)}"${opacity < 1 ? ` stop-opacity="${Math.max(0, opacity)}"` : ''}/>`;
  return `<defs><linearGradient id="${xmlAttr(id)}" ${axis}>${stop(0, from, opacities[0])}${stop(1, to, opacities[1])}</linearGradient></defs>`;
}

/**
 * The whole figure of a stencil shape in a w x h box: the stencil itself, or for a framed icon
 * its frame (fill, or gradient with the id given), the product icon's inner square, and the icon
 * upright in the frame's stroke colour without an outline. The stencil's drawing is a `<g>` of its
 * own. `draw` paints the stencil in a box.
 */
export function stencilFigure(
  style: ReadonlyMap<string, string>,
  size: { readonly w: number; readonly h: number; readonly fill: string; readonly stroke: string; readonly gradientId: string },
  draw: (box: readonly [number, number, number, number], paint: StencilPaint) => string,
): string {
  const { w, h, fill, stroke } = size;
  const paint = paintOf(style, fill, stroke);
  const shape = style.get('shape') ?? '';
  const framed = FRAMED_ICONS[shape];
  if (!framed) return `<g>${draw([0, 0, w, h], paint)}</g>`;
  const [x, y, iw, ih] = framed.inset;
  const icon = `<g>${draw([x * w, y * h, iw * w, ih * h], { ...paint, fill: stroke, stroke: 'none', direction: 'east', rotation: 0 })}</g>`;
  if (shape === 'mxgraph.aws4.productIcon') {
    return `<rect width="${w}" height="${h}" fill="${xmlAttr(stroke)}"/><rect x="1" y="1" width="${w - 2}" height="${w - 2}" fill="${xmlAttr(fill)}"/>${icon}`;
  }
  const gradient = gradientDefinition(style, fill, size.gradientId);
  return `${gradient ?? ''}<rect width="${w}" height="${h}" fill="${gradient ? `url(#${xmlAttr(size.gradientId)})` : xmlAttr(fill)}"/>${icon}`;
}
