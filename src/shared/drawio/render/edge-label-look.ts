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

/** The 1 px box at the label's spot that the label is centred on, overflowing it on every side. */
export const EDGE_LABEL_ANCHOR_CSS: CSSProperties = {
  display: 'flex',
  alignItems: 'unsafe center',
  justifyContent: 'unsafe center',
  width: 1,
  height: 1,
};

/** The label's font. */
export function edgeLabelFontOf(spot: EdgeLabelSpot): LabelFont {
  return { fontSize: spot.fontSize, fontFamily: spot.fontFamily, color: spot.color ?? EDGE_LABEL_COLOR, bold: !!spot.bold, italic: !!spot.italic, underline: !!spot.underline };
}

/** The label's own box: its font and background, wrapped at its geometry's width or on its own lines. */
export function edgeLabelCss(spot: EdgeLabelSpot): CSSProperties {
  return {
    display: 'inline-block',
    textAlign: 'center',
    fontSize: spot.fontSize,
    fontFamily: spot.fontFamily,
    color: spot.color ?? EDGE_LABEL_COLOR,
    background: spot.background,
    lineHeight: LABEL_LINE_HEIGHT,
    fontWeight: spot.bold ? 700 : undefined,
    fontStyle: spot.italic ? 'italic' : undefined,
    textDecoration: spot.underline ? 'underline' : undefined,
    // Wrapped at the geometry's width, but no wider than its text: the background stays behind the
    // text (diagrams.net's inline-block), so a short connector shows beside a short label.
    ...(spot.wrapWidth !== undefined ? { maxWidth: spot.wrapWidth, whiteSpace: 'normal', overflowWrap: 'break-word' } : { whiteSpace: 'nowrap' }),
  };
}
