/**
 * diagrams.net's hand-drawn look (`sketch=1`): each outline of a shape drawn by rough.js, as
 * diagrams.net's RoughCanvas does, its fill hatched (hachure) unless the fill is the page's white
 * or shaded (the style's gradientColor, or a gradient the shape paints itself), and the style's rough.js keys (jiggle, bowing, hachureGap, fillWeight, fillStyle...)
 * passed on. The drawing is seeded, so a shape looks the same each time it is drawn. The comic
 * style (`sketchStyle=comic`, or `comic=1`) is diagrams.net's HandJiggle instead: each straight
 * line wobbles across itself every 10 px or so, curves stay smooth, the fill is plain. Pure.
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

/** The sketcher of a style with `sketch=1` (rough.js, or the comic jiggle with sketchStyle=comic) or `comic=1`, seeded by the cell's id; undefined for any other style. */
export function sketcherOf(style: ReadonlyMap<string, string>, cellId?: string): Sketcher | undefined {
  const sketch = style.get('sketch') === '1';
  if ((sketch && style.get('sketchStyle') === 'comic') || (style.get('comic') ?? '0') !== '0') return comicSketcher(numberOf(style, 'jiggle', COMIC_JIGGLE), sketchSeed(cellId));
  if (!sketch) return undefined;
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

/** diagrams.net's jiggle of a comic line (Editor.sketchDefaultJiggle). */
const COMIC_JIGGLE = 2;

/** A small seeded generator of numbers in [0, 1) (mulberry32): the same wobble each time a cell is drawn. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Path data with each straight line (and each closing line) broken into pieces about 10 px long,
 * their joints moved across the line at random by up to half the jiggle (a third of that on a line
 * under 50 px), as diagrams.net's HandJiggle draws a comic line; lines under 2 px and curves kept.
 */
export function jiggledPath(d: string, jiggle: number, random: () => number): string {
  const out: string[] = [];
  let last: [number, number] | undefined;
  let first: [number, number] | undefined;
  const lineTo = (x: number, y: number) => {
    if (last) {
      const [dx, dy] = [Math.abs(x - last[0]), Math.abs(y - last[1])];
      const distance = Math.hypot(dx, dy);
      if (distance >= 2) {
        let pieces = Math.round(distance / 10);
        let variation = jiggle;
        if (pieces < 5) [pieces, variation] = [5, jiggle / 3];
        const step = [(Math.sign(x - last[0]) * dx) / pieces, (Math.sign(y - last[1]) * dy) / pieces];
        const [fx, fy] = [dx / distance, dy / distance];
        for (let piece = 0; piece < pieces; piece++) {
          const offset = (random() - 0.5) * variation;
          out.push(`L ${fmt(last[0] + step[0] * piece - offset * fy)} ${fmt(last[1] + step[1] * piece - offset * fx)}`);
        }
      }
    }
    out.push(`L ${fmt(x)} ${fmt(y)}`);
    last = [x, y];
  };
  for (const [, command, args] of d.matchAll(/([MLQCAZ])([^MLQCAZ]*)/gi)) {
    const n = (args.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
    const upper = command.toUpperCase();
    if (upper === 'M') {
      for (let i = 0; i + 1 < n.length; i += 2) {
        if (i === 0) {
          out.push(`M ${fmt(n[0])} ${fmt(n[1])}`);
          last = first = [n[0], n[1]];
        } else lineTo(n[i], n[i + 1]);
      }
    } else if (upper === 'L') {
      for (let i = 0; i + 1 < n.length; i += 2) lineTo(n[i], n[i + 1]);
    } else if (upper === 'Z') {
      if (first) lineTo(first[0], first[1]);
      out.push('Z');
    } else {
      // Curves and arcs as they are, ending where they end.
      out.push(`${upper} ${n.map(fmt).join(' ')}`);
      if (n.length >= 2) last = [n[n.length - 2], n[n.length - 1]];
    }
  }
  return out.join(' ');
}

/** The comic sketcher: outlines jiggled (an ellipse drawn as it is), in their plain fill and a round-joined stroke. */
function comicSketcher(jiggle: number, seed: number): Sketcher {
  return (outline, paint) => {
    const random = seededRandom(seed);
    const stroke = paint.stroke === 'none' ? '' : ` stroke="${xmlAttr(paint.stroke)}" stroke-width="${fmt(paint.strokeWidth)}" stroke-linecap="round" stroke-linejoin="round"${paint.dash ? ` stroke-dasharray="${paint.dash}"` : ''}`;
    const fill = `fill="${xmlAttr(paint.fill)}"`;
    if (!('d' in outline)) return `<ellipse cx="${fmt(outline.cx)}" cy="${fmt(outline.cy)}" rx="${fmt(outline.w / 2)}" ry="${fmt(outline.h / 2)}" ${fill}${stroke || ' stroke="none"'}/>`;
    return `<path d="${jiggledPath(outline.d, jiggle, random)}" ${fill}${stroke || ' stroke="none"'}/>`;
  };
}
