/**
 * How diagrams.net lays a shape's label out, from the cell's style: wrapped inside the shape's
 * width only with `whiteSpace=wrap` (else one line per line break, spilling out as in
 * diagrams.net), `align`/`verticalAlign`, `spacing` plus `spacingTop/Right/Bottom/Left`, a
 * `labelBackgroundColor`/`labelBorderColor` behind the text, `horizontal=0` (text turned a
 * quarter left) and `rotation` (turned with the shape), in diagrams.net's font unless
 * `fontFamily` names another. Pure, so it is tested in Node.
 */
import type { CSSProperties } from 'react';

/**
 * diagrams.net's default font (Helvetica), as Arimo first: the app ships it, with Helvetica's
 * metrics, so a label needs the same room as in diagrams.net on a machine without Helvetica.
 */
export const DEFAULT_FONT_FAMILY = 'Arimo, Helvetica, Arial, sans-serif';
/** Fonts Arimo stands in for (same widths). */
const ARIMO_METRICS = new Set(['helvetica', 'arial']);

/** The CSS font family of a style's `fontFamily`, Arimo for diagrams.net's default and its look-alikes. */
export function fontFamilyOf(style: ReadonlyMap<string, string>): string {
  const named = style.get('fontFamily')?.trim();
  if (!named || ARIMO_METRICS.has(named.toLowerCase())) return DEFAULT_FONT_FAMILY;
  return `"${named.replace(/"/g, '')}", ${DEFAULT_FONT_FAMILY}`;
}
/** diagrams.net's default `spacing` around a label. */
const DEFAULT_SPACING = 2;

export interface LabelLook {
  wrap: boolean;
  align: 'left' | 'center' | 'right';
  verticalAlign: 'top' | 'middle' | 'bottom';
  /** Room between the shape's box and the text, per side, in px. */
  spacing: { top: number; right: number; bottom: number; left: number };
  fontFamily: string;
  background?: string;
  border?: string;
  /** `horizontal=0`: the text runs bottom to top. */
  vertical: boolean;
  /** Degrees the label turns with its shape. */
  rotation: number;
}

function numberOf(style: ReadonlyMap<string, string>, key: string, fallback: number): number {
  const value = Number(style.get(key));
  return style.has(key) && Number.isFinite(value) ? value : fallback;
}

/** A colour a style gives, none for `none` or nothing. */
function colorOf(style: ReadonlyMap<string, string>, key: string): string | undefined {
  const value = style.get(key);
  return value && value !== 'none' && value !== 'default' ? value : undefined;
}

export function labelLook(style: ReadonlyMap<string, string>): LabelLook {
  const align = style.get('align');
  const verticalAlign = style.get('verticalAlign');
  const spacing = numberOf(style, 'spacing', DEFAULT_SPACING);
  return {
    wrap: style.get('whiteSpace') === 'wrap',
    align: align === 'left' || align === 'right' ? align : 'center',
    verticalAlign: verticalAlign === 'top' || verticalAlign === 'bottom' ? verticalAlign : 'middle',
    spacing: {
      top: spacing + numberOf(style, 'spacingTop', 0),
      right: spacing + numberOf(style, 'spacingRight', 0),
      bottom: spacing + numberOf(style, 'spacingBottom', 0),
      left: spacing + numberOf(style, 'spacingLeft', 0),
    },
    fontFamily: fontFamilyOf(style),
    background: colorOf(style, 'labelBackgroundColor'),
    border: colorOf(style, 'labelBorderColor'),
    vertical: style.get('horizontal') === '0',
    rotation: numberOf(style, 'rotation', 0) % 360,
  };
}

const FLEX: Record<string, string> = { left: 'flex-start', top: 'flex-start', center: 'center', middle: 'center', right: 'flex-end', bottom: 'flex-end' };

/**
 * The label box's CSS for a label inside its shape of size w x h: the box is the shape's (or,
 * for vertical text, the shape's turned a quarter), less the spacing, the text placed by align.
 */
export function insideLabelCss(look: LabelLook, w: number, h: number): CSSProperties {
  const [boxW, boxH] = look.vertical ? [h, w] : [w, h];
  const turn = (look.vertical ? -90 : 0) + look.rotation;
  return {
    left: (w - boxW) / 2,
    top: (h - boxH) / 2,
    width: boxW,
    height: boxH,
    boxSizing: 'border-box',
    paddingTop: look.spacing.top,
    paddingRight: look.spacing.right,
    paddingBottom: look.spacing.bottom,
    paddingLeft: look.spacing.left,
    justifyContent: FLEX[look.align],
    alignItems: FLEX[look.verticalAlign],
    textAlign: look.align,
    whiteSpace: look.wrap ? 'normal' : 'pre',
    overflowWrap: look.wrap ? 'break-word' : 'normal',
    overflow: 'visible',
    transform: turn ? `rotate(${turn}deg)` : undefined,
  };
}

/** The text's own box: the label background and border diagrams.net draws behind it. */
export function labelTextCss(look: LabelLook): CSSProperties | undefined {
  if (!look.background && !look.border) return undefined;
  return { background: look.background, border: look.border ? `1px solid ${look.border}` : undefined };
}

/**
 * A label outside its shape (above or below it) wraps at the shape's width with
 * `whiteSpace=wrap`, as diagrams.net wraps it; else it stays on its lines.
 */
export function outsideLabelCss(look: LabelLook, w: number): CSSProperties {
  return look.wrap ? { width: w, whiteSpace: 'normal', overflowWrap: 'break-word', textAlign: look.align } : { textAlign: look.align };
}
