/**
 * How an edge's label looks, as diagrams.net draws an html label on an edge: an HTML box centred
 * on its spot (a 1 px anchor whose content overflows it on every side), in the label's font, with
 * its background tight around the text, on one line per line break unless its geometry gives a
 * wrap width. The canvas (EdgeLabel) and the export (svg-label) lay it out with this one CSS.
 */
import type { CSSProperties } from 'react';
import type { EdgeLabelSpot } from './edge-label';
import { LABEL_LINE_HEIGHT, type LabelFont } from './label-look';

/** The text colour of an edge label whose style names none. */
export const EDGE_LABEL_COLOR = '#1f2933';

/**
 * How far from its spot a label that is not centred on it keeps its text: diagrams.net's label
 * spacing (2 px) and its Graph's base spacing (5 px above a top-aligned text, 1 px under a
 * bottom-aligned one).
 */
const EDGE_LABEL_GAP = { top: 2 + 5, bottom: 2 + 1 };

/**
 * The 1 px box at the label's spot that the label is centred on, overflowing it on every side;
 * with `verticalAlign=bottom` the label stands on the spot, with `top` it hangs under it.
 */
export function edgeLabelAnchorCss(spot: Pick<EdgeLabelSpot, 'verticalAlign' | 'align'>): CSSProperties {
  const alignItems = spot.verticalAlign === 'bottom' ? 'unsafe flex-end' : spot.verticalAlign === 'top' ? 'unsafe flex-start' : 'unsafe center';
  // Left-aligned, the text starts at the anchor's left; right-aligned, it ends at the anchor's left, as its spot is the box's right side.
  const justifyContent = spot.align === 'left' ? 'unsafe flex-start' : spot.align === 'right' ? 'unsafe flex-end' : 'unsafe center';
  return { display: 'flex', alignItems, justifyContent, width: spot.align === 'right' ? 0 : 1, height: 1 };
}

/**
 * The corner of the label's 1 px anchor box: its spot, moved by the gap above or under it, on a
 * whole pixel, as diagrams.net sets it (mxSvgCanvas2D rounds the box's margin-left and padding-top).
 * So a bottom-aligned label's text ends a pixel under round(spot - 3), its box's bottom.
 */
export function edgeLabelAnchor(spot: Pick<EdgeLabelSpot, 'verticalAlign' | 'at'>): { x: number; y: number } {
  const gap = spot.verticalAlign === 'bottom' ? -EDGE_LABEL_GAP.bottom : spot.verticalAlign === 'top' ? EDGE_LABEL_GAP.top : 0;
  return { x: Math.round(spot.at.x), y: Math.round(spot.at.y + gap) };
}

/** The left of a label `width` wide at its spot's x, as edgeLabelAnchorCss and edgeLabelCss place it. */
export function edgeLabelLeft(spot: Pick<EdgeLabelSpot, 'align' | 'alignGap' | 'at'>, width: number): number {
  const x = Math.round(spot.at.x);
  if (spot.align === 'left') return x + (spot.alignGap ?? 0);
  return spot.align === 'right' ? x - (spot.alignGap ?? 0) - width : x - width / 2;
}

/** The top of a label `height` high at its spot's y, as edgeLabelAnchorCss and edgeLabelCss place it. */
export function edgeLabelTop(spot: Pick<EdgeLabelSpot, 'verticalAlign' | 'at'>, height: number): number {
  const { y } = edgeLabelAnchor(spot);
  if (spot.verticalAlign === 'bottom') return y + 1 - height;
  return spot.verticalAlign === 'top' ? y : y - height / 2;
}

/** The label's font. */
export function edgeLabelFontOf(spot: EdgeLabelSpot): LabelFont {
  return { fontSize: spot.fontSize, fontFamily: spot.fontFamily, color: spot.color ?? EDGE_LABEL_COLOR, bold: !!spot.bold, italic: !!spot.italic, underline: !!spot.underline };
}

/** The label's own box: its font and background, wrapped at its geometry's width or on its own lines. */
export function edgeLabelCss(spot: EdgeLabelSpot): CSSProperties {
  return {
    display: 'inline-block',
    textAlign: spot.align ?? 'center',
    fontSize: spot.fontSize,
    fontFamily: spot.fontFamily,
    color: spot.color ?? EDGE_LABEL_COLOR,
    background: spot.background,
    lineHeight: LABEL_LINE_HEIGHT,
    fontWeight: spot.bold ? 700 : undefined,
    fontStyle: spot.italic ? 'italic' : undefined,
    textDecoration: spot.underline ? 'underline' : undefined,
    ...(spot.align === 'left' && { marginLeft: spot.alignGap }),
    ...(spot.align === 'right' && { marginRight: spot.alignGap }),
    // Wrapped at the geometry's width, but no wider than its text: the background stays behind the
    // text (diagrams.net's inline-block), so a short connector shows beside a short label.
    ...(spot.wrapWidth !== undefined ? { maxWidth: spot.wrapWidth, whiteSpace: 'normal', overflowWrap: 'break-word' } : { whiteSpace: 'nowrap' }),
  };
}
