/**
 * diagrams.net's hand-drawn look (`sketch=1`): each outline of a shape drawn by rough.js, as
 * diagrams.net's RoughCanvas does, its fill hatched (hachure) unless the fill is the page's white
 * or shaded (the style's gradientColor, or a gradient the shape paints itself), and the style's rough.js keys (jiggle, bowing, hachureGap, fillWeight, fillStyle...)
 * passed on. The drawing is seeded, so a shape looks the same each time it is drawn. Pure.
 */
import rough from 'roughjs';
import type { Options } from 'roughjs/bin/core';
import { fmt } from './code-shape-pen';
import { xmlAttr } from './stencil-figure';

/** What a sketched outline is: path data, or an ellipse (its centre and size). */
export type SketchOutline = { readonly d: string } | { readonly cx: number; readonly cy: number; readonly w: number; readonly h: number };

/** Draws an outline sketched in a fill and a stroke (`none` for none), as SVG paths. */
export type Sketcher = (outline: SketchOutline, paint: { fill: string; stroke: string; strokeWidth: number; dash?: string }) => string;

const generator = rough.generator();

/** A style's value as a number, or the fallback when it is absent or not a number. */
function numberOf(style: ReadonlyMap<string, string>, key: string, fallback: number): number {
  const value = Number(style.get(key));
  return style.has(key) && style.get(key) !== '' && Number.isFinite(value) ? value : fallback;
}

/** diagrams.net's seed for a cell: a hash of its id (1 without one). */
export function sketchSeed(id: string | undefined): number {
  let seed = 1;
  for (const char of id ?? '') seed = ((seed << 5) - seed + char.charCodeAt(0)) << 0;
  return seed;
}

/** The sketcher of a style with `sketch=1`, seeded by the cell's id; undefined for any other style. */
export function sketcherOf(style: ReadonlyMap<string, string>, cellId?: string): Sketcher | undefined {
  if (style.get('sketch') !== '1') return undefined;
  const shaded = (style.get('gradientColor') ?? 'none') !== 'none' && style.get('gradientColor') !== '';
  const chosen = style.get('fillStyle') ?? 'auto';
  const base: Options = {
    seed: sketchSeed(cellId),
    preserveVertices: true,
    roughness: numberOf(style, 'jiggle', 1),
    bowing: numberOf(style, 'bowing', 1),
    hachureAngle: numberOf(style, 'hachureAngle', -41),
    curveFitting: numberOf(style, 'curveFitting', 0.95),
    simplification: numberOf(style, 'simplification', 0),
    hachureGap: numberOf(style, 'hachureGap', -1),
    fillWeight: numberOf(style, 'fillWeight', -1),
    disableMultiStroke: style.get('disableMultiStroke') === '1',
    disableMultiStrokeFill: style.get('disableMultiStrokeFill') === '1',
  };
  return (outline, paint) => {
    const fill = paint.fill === 'none' ? undefined : paint.fill;
    // A fill of the page's white, or a shaded one, is solid; any other is hatched (diagrams.net's `auto`).
    const gradient = shaded || fill?.startsWith('url(') === true;
    const fillStyle = chosen !== 'auto' ? chosen : fill !== undefined && (gradient || fill.toLowerCase() === '#ffffff') ? 'solid' : 'hachure';
    const options: Options = { ...base, strokeWidth: paint.strokeWidth, stroke: paint.stroke === 'none' ? 'transparent' : paint.stroke, fill, fillStyle };
    const drawable = 'd' in outline ? generator.path(outline.d, options) : generator.ellipse(outline.cx, outline.cy, outline.w, outline.h, options);
    return generator
      .toPaths(drawable)
      .filter((part) => part.stroke !== 'transparent' || (part.fill !== undefined && part.fill !== 'none'))
      .map((part) => {
        const dash = paint.dash && part.fill === 'none' && part.stroke === paint.stroke ? ` stroke-dasharray="${paint.dash}"` : '';
        const stroke = part.stroke === 'transparent' || part.stroke === 'none' ? 'none' : part.stroke;
        const width = stroke === 'none' ? '' : ` stroke-width="${fmt(part.strokeWidth)}" stroke-linecap="round" stroke-linejoin="round"`;
        return `<path d="${part.d}" fill="${xmlAttr(part.fill ?? 'none')}" stroke="${xmlAttr(stroke)}"${width}${dash}/>`;
      })
      .join('');
  };
}
