/**
 * How diagrams.net lays a shape's label out, from the cell's style: wrapped inside the shape's
 * width only with `whiteSpace=wrap` (else one line per line break, spilling out as in
 * diagrams.net), `align`/`verticalAlign`, `spacing` plus `spacingTop/Right/Bottom/Left`, a
 * `labelBackgroundColor`/`labelBorderColor` behind the text, `horizontal=0` (text turned a
 * quarter left) and `rotation` (turned with the shape), in diagrams.net's font unless
 * `fontFamily` names another. Pure, so it is tested in Node.
 */
import type { CSSProperties } from 'react';
import { namesStyle, styleNumber } from '../stencils';

/**
 * diagrams.net's default font (Helvetica), as Arimo first: the app ships it, with Helvetica's
 * metrics, so a label needs the same room as in diagrams.net on a machine without Helvetica.
 */
export const DEFAULT_FONT_FAMILY = 'Arimo, Helvetica, Arial, sans-serif';
/** Fonts Arimo stands in for (same widths). */
const ARIMO_METRICS = new Set(['helvetica', 'arial']);

/**
 * The CSS font family of a style's `fontFamily`: Arimo for diagrams.net's default and its
 * look-alikes; another font by its name alone, as diagrams.net names it, so a machine that lacks
 * it falls back as the browser does for diagrams.net (a look-alike fontconfig aliases, else the
 * browser's default font: on this Linux, Georgia and Verdana are drawn in DejaVu Sans).
 */
export function fontFamilyOf(style: ReadonlyMap<string, string>): string {
  const named = style.get('fontFamily')?.trim();
  if (!named || ARIMO_METRICS.has(named.toLowerCase())) return DEFAULT_FONT_FAMILY;
  const name = named.replace(/"/g, '');
  return `"${name}"`;
}
/** A label's font, as the export's text fallback and the canvas's CSS both take it. */
export interface LabelFont {
  fontSize: number;
  color: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  fontFamily?: string;
}

/** A style's fontStyle bits (1 bold, 2 italic, 4 underline), or where it names none its stylesheet style's: bold for `swimlane` and `label`. */
export function fontStyleBits(style: ReadonlyMap<string, string>): number {
  const bold = namesStyle(style, 'swimlane') || namesStyle(style, 'label');
  return Number(style.get('fontStyle') ?? (bold ? 1 : 0)) || 0;
}

/** Whether a shape's label is bold: as an edit or the file's fontStyle says, else as its stylesheet style is. */
export function labelBold(edited: boolean | undefined, fileStyle: ReadonlyMap<string, string>): boolean {
  return edited ?? (fontStyleBits(fileStyle) & 1) !== 0;
}

/**
 * A container's label font from its style (a group record holds no font fields): fontColor,
 * fontSize (12) and the fontStyle bits, bold by default in diagrams.net's `swimlane` style.
 */
export function styleLabelFont(style: ReadonlyMap<string, string>): LabelFont {
  const bits = fontStyleBits(style);
  const color = style.get('fontColor');
  return {
    color: color && color !== 'default' && color !== 'inherit' ? color : '#000000',
    fontSize: Number(style.get('fontSize')) || 12,
    bold: (bits & 1) !== 0,
    italic: (bits & 2) !== 0,
    underline: (bits & 4) !== 0,
    fontFamily: fontFamilyOf(style),
  };
}

/** A label font as CSS. */
export function labelFontCss(font: LabelFont): CSSProperties {
  return {
    color: font.color === 'none' ? 'transparent' : font.color,
    fontSize: font.fontSize,
    fontWeight: font.bold ? 700 : 400,
    fontStyle: font.italic ? 'italic' : undefined,
    textDecoration: font.underline ? 'underline' : undefined,
    fontFamily: font.fontFamily ?? DEFAULT_FONT_FAMILY,
  };
}

/** The room diagrams.net adds above a top-aligned label and below a bottom-aligned one. */
const BASE_SPACING = { top: 5, bottom: 1 };
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
  /** overflow=fill: the text is clipped to the box (and set from its top). */
  clipped: boolean;
  /** overflow=hidden: the text is clipped to the box, and set from its top when it is taller than the box. */
  hidden: boolean;
  /** Where the label's box lies beside the shape (`labelPosition`, `verticalLabelPosition`); centre/middle: on it. */
  position: { x: 'left' | 'center' | 'right'; y: 'top' | 'middle' | 'bottom' };
}

/** diagrams.net's line height for labels (mxConstants.LINE_HEIGHT). */
export const LABEL_LINE_HEIGHT = 1.2;

/** A colour a style gives, none for `none` or nothing. */
function colorOf(style: ReadonlyMap<string, string>, key: string): string | undefined {
  const value = style.get(key);
  return value && value !== 'none' && value !== 'default' ? value : undefined;
}

/** What the stylesheet's `image` style gives a label: below the picture, on white. */
const IMAGE_LABEL = { verticalLabelPosition: 'bottom', verticalAlign: 'top', labelBackgroundColor: 'white' };

/**
 * What named styles of diagrams.net's stylesheet (styles/default.xml) give a label where the style
 * text itself says nothing: `text` (and `edgeLabel`, which extends it) sets its label at the top
 * left, `group` at the top, `image` (and `roundImage` and `rhombusImage`, which extend it) below the
 * picture on a white ground, `icon` below its box; the default vertex centres it.
 */
const STYLESHEET_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  text: { align: 'left', verticalAlign: 'top' },
  edgeLabel: { align: 'left', verticalAlign: 'top' },
  group: { verticalAlign: 'top' },
  // Its text set left, clear of the 42 px image the style puts at the box's left.
  label: { align: 'left', verticalAlign: 'middle', spacingLeft: '52' },
  image: IMAGE_LABEL,
  roundImage: IMAGE_LABEL,
  rhombusImage: IMAGE_LABEL,
  // It extends `label`, its 48 px image centred above the text below the box.
  icon: { align: 'center', verticalAlign: 'top', verticalLabelPosition: 'bottom', spacing: '0', spacingLeft: '0', spacingTop: '6', labelBackgroundColor: '#ffffff' },
};

/** The style with what its named styles give a label filled in where it says nothing itself. */
export function withStylesheetLabel(style: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  const named = Object.keys(STYLESHEET_LABELS).filter((name) => namesStyle(style, name));
  if (named.length === 0) return style;
  const filled = new Map(style);
  for (const name of named) for (const [key, value] of Object.entries(STYLESHEET_LABELS[name])) if (!filled.has(key)) filled.set(key, value);
  return filled;
}

export function labelLook(fileStyle: ReadonlyMap<string, string>): LabelLook {
  const style = withStylesheetLabel(fileStyle);
  const align = style.get('align');
  const verticalAlign = style.get('verticalAlign');
  const labelPosition = style.get('labelPosition');
  const verticalLabelPosition = style.get('verticalLabelPosition');
  // overflow=fill: the label's box is the shape's whole box, its text from the top, no spacing kept
  // (diagrams.net sizes the label's div to the box, so neither verticalAlign nor spacing moves it).
  const fill = style.get('overflow') === 'fill';
  const spacing = fill ? 0 : styleNumber(style, 'spacing', DEFAULT_SPACING);
  const vertical = fill ? 'top' : verticalAlign === 'top' || verticalAlign === 'bottom' ? verticalAlign : 'middle';
  // diagrams.net moves a top-aligned label 5 px further down and a bottom-aligned one 1 px up
  // (mxText's baseSpacingTop and baseSpacingBottom in its Graph), unless blockSpacing=1.
  const base = style.get('blockSpacing') === '1' || fill ? { top: 0, bottom: 0 } : BASE_SPACING;
  const side = (key: string) => (fill ? 0 : styleNumber(style, key, 0));
  return {
    wrap: style.get('whiteSpace') === 'wrap',
    align: align === 'left' || align === 'right' ? align : 'center',
    verticalAlign: vertical,
    spacing: {
      top: spacing + side('spacingTop') + (vertical === 'top' ? base.top : 0),
      right: spacing + side('spacingRight'),
      bottom: spacing + side('spacingBottom') + (vertical === 'bottom' ? base.bottom : 0),
      left: spacing + side('spacingLeft'),
    },
    fontFamily: fontFamilyOf(style),
    background: colorOf(style, 'labelBackgroundColor'),
    border: colorOf(style, 'labelBorderColor'),
    vertical: style.get('horizontal') === '0',
    clipped: fill,
    hidden: style.get('overflow') === 'hidden',
    rotation: styleNumber(style, 'rotation', 0) % 360,
    position: {
      x: labelPosition === 'left' || labelPosition === 'right' ? labelPosition : 'center',
      y: verticalLabelPosition === 'top' || verticalLabelPosition === 'bottom' ? verticalLabelPosition : 'middle',
    },
  };
}

/** A shape label's box, whatever its place: the text centred in it, on diagrams.net's line height. */
export const LABEL_BOX_CSS: CSSProperties = {
  position: 'absolute',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  lineHeight: LABEL_LINE_HEIGHT,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
};

/** Room between a shape and a label beside it. */
export const BESIDE_GAP = 3;

/** Where a label beside its shape goes (below, above, left or right of it), on one line unless wrapped. */
export function besideLabelCss(placement: 'below' | 'above' | 'left' | 'right'): CSSProperties {
  const beside: CSSProperties = { whiteSpace: 'nowrap', overflow: 'visible' };
  switch (placement) {
    case 'below':
      return { ...beside, top: '100%', left: '50%', transform: 'translateX(-50%)', paddingTop: BESIDE_GAP };
    case 'above':
      return { ...beside, bottom: '100%', left: '50%', transform: 'translateX(-50%)', paddingBottom: BESIDE_GAP };
    case 'left':
      return { ...beside, top: '50%', transform: 'translateY(-50%)', right: '100%', paddingRight: BESIDE_GAP };
    case 'right':
      return { ...beside, top: '50%', transform: 'translateY(-50%)', left: '100%', paddingLeft: BESIDE_GAP };
  }
}

const FLEX: Record<string, string> = { left: 'flex-start', top: 'flex-start', center: 'center', middle: 'center', right: 'flex-end', bottom: 'flex-end' };

/** A page position's way to diagrams.net's whole pixel: it rounds a label's corner (mxSvgCanvas2D's margin-left and padding-top). */
const toWholePixel = (at: number) => Math.round(at) - at;

/**
 * Where diagrams.net puts a label inside its shape, against the studio's exact layout (spacing as
 * padding, the text aligned in what is left): it sets the text in a box 1 px high, and 1 px wide
 * unless wrapped (wrapped, 2 px wider than what the spacing leaves, about the same anchor), with
 * its corner rounded to a whole pixel, in the label's own frame (before a turn). So an unwrapped
 * centred label centres half a pixel right of the middle, every label sits half a pixel below its
 * middle, a right- or bottom-aligned one ends a pixel past its spacing, and a wrapped one wraps
 * 2 px wider. `at` is the label box's corner on the page, unturned. Answers the padding that lays
 * the text there.
 */
function insidePadding(look: LabelLook, boxW: number, boxH: number, at: { x: number; y: number }) {
  const { top, right, bottom, left } = look.spacing;
  if (look.clipped) return { top, right, bottom, left };
  const along = { x: ALONG[look.align], y: ALONG[look.verticalAlign] };
  const anchorY = at.y + top + along.y * (boxH - top - bottom);
  const y = toWholePixel(anchorY) + along.y;
  if (look.wrap) {
    const [wrapLeft, wrapRight] = [left - 2 * along.x, right - 2 * (1 - along.x)];
    const x = toWholePixel(at.x + wrapLeft);
    return { top: top + y, bottom: bottom - y, left: wrapLeft + x, right: wrapRight - x };
  }
  const anchorX = at.x + left + along.x * (boxW - left - right);
  const x = toWholePixel(anchorX) + along.x;
  return { top: top + y, bottom: bottom - y, left: left + x, right: right - x };
}

/**
 * The label box's CSS for a label inside its shape of size w x h at `at` on the page: the box is
 * the shape's (or, for vertical text, the shape's turned a quarter), less the spacing, the text
 * placed by align, on diagrams.net's pixels (insidePadding).
 */
export function insideLabelCss(look: LabelLook, w: number, h: number, at = { x: 0, y: 0 }): CSSProperties {
  const [boxW, boxH] = look.vertical ? [h, w] : [w, h];
  const turn = (look.vertical ? -90 : 0) + look.rotation;
  const padding = insidePadding(look, boxW, boxH, { x: at.x + (w - boxW) / 2, y: at.y + (h - boxH) / 2 });
  // Spacing wider than the box (a swimlane's header 1 px high, a bottom-aligned label 5 px above
  // it): the text still stands on its anchor, past the box, as diagrams.net sets it (a box's
  // padding cannot overlap, so the box shrinks to the anchor and the text overflows it).
  const free = !look.clipped && !look.hidden;
  const across = free && !look.wrap && padding.left + padding.right > boxW;
  const down = free && padding.top + padding.bottom > boxH;
  const anchor = (start: number, end: number, size: number, along: string) => start + ALONG[along] * (size - start - end);
  return {
    left: (w - boxW) / 2 + (across ? anchor(padding.left, padding.right, boxW, look.align) : 0),
    top: (h - boxH) / 2 + (down ? anchor(padding.top, padding.bottom, boxH, look.verticalAlign) : 0),
    width: across ? 0 : boxW,
    height: down ? 0 : boxH,
    boxSizing: 'border-box',
    paddingTop: down ? 0 : padding.top,
    paddingRight: across ? 0 : padding.right,
    paddingBottom: down ? 0 : padding.bottom,
    paddingLeft: across ? 0 : padding.left,
    justifyContent: across ? UNSAFE_FLEX[look.align] : FLEX[look.align],
    // diagrams.net holds an overflow=hidden label to its box's height, so a text taller than the box starts at its top.
    alignItems: down ? UNSAFE_FLEX[look.verticalAlign] : look.hidden ? `safe ${FLEX[look.verticalAlign]}` : FLEX[look.verticalAlign],
    textAlign: look.align,
    // Unwrapped, diagrams.net's label is nowrap (its SVG text too): spaces collapse, and a space
    // before a line break takes no room, so "Waiting for <br>" centres as "Waiting for".
    whiteSpace: look.wrap ? 'normal' : 'nowrap',
    overflowWrap: look.wrap ? 'break-word' : 'normal',
    overflow: look.clipped || look.hidden ? 'hidden' : 'visible',
    lineHeight: LABEL_LINE_HEIGHT,
    transform: turn ? `rotate(${turn}deg)` : undefined,
  };
}

/**
 * The text's own box: the label background and border diagrams.net draws behind it; with
 * overflow=fill as wide as the label's box, as diagrams.net sizes its div, so a paragraph's
 * alignment and a rule span the shape.
 */
export function labelTextCss(look: LabelLook): CSSProperties | undefined {
  const fill: CSSProperties | undefined = look.clipped ? { display: 'block', width: '100%' } : undefined;
  if (!look.background && !look.border) return fill;
  return { ...fill, background: look.background, border: look.border ? `1px solid ${look.border}` : undefined };
}

/** How far along a box its align puts the text's anchor: 0 at the start, 0.5 the middle, 1 the end. */
const ALONG: Record<string, number> = { left: 0, top: 0, center: 0.5, middle: 0.5, right: 1, bottom: 1 };
const UNSAFE_FLEX: Record<string, string> = { left: 'unsafe flex-start', top: 'unsafe flex-start', center: 'unsafe center', middle: 'unsafe center', right: 'unsafe flex-end', bottom: 'unsafe flex-end' };

/**
 * The label box's CSS for a label beside its shape of size w x h (labelPosition,
 * verticalLabelPosition), as diagrams.net lays it out (mxGraphView's label offset, then
 * mxCellRenderer's getLabelBounds and rotateLabelBounds): the shape's box moved a width or a
 * height over (for `horizontal=0` the offset and the box turned a quarter), the text anchored in it
 * by align and verticalAlign plus the spacing, wrapped at the box's width with `whiteSpace=wrap`;
 * then the anchor turned about the shape's centre by the shape's rotation (less a quarter for
 * `horizontal=0`) and the text turned about its anchor by as much. Coordinates are the shape's own.
 */
export function outsideLabelCss(look: LabelLook, w: number, h: number, at = { x: 0, y: 0 }): CSSProperties {
  const offset = { x: look.position.x === 'left' ? -w : look.position.x === 'right' ? w : 0, y: look.position.y === 'top' ? -h : look.position.y === 'bottom' ? h : 0 };
  const box = look.vertical ? { x: offset.y + (w - h) / 2, y: offset.x - (w - h) / 2, w: h, h: w } : { ...offset, w, h };
  const { top, right, bottom, left } = look.spacing;
  const along = { x: ALONG[look.align], y: ALONG[look.verticalAlign] };
  const spacingX = look.align === 'center' ? (left - right) / 2 : look.align === 'right' ? -right : left;
  const spacingY = look.verticalAlign === 'middle' ? (top - bottom) / 2 : look.verticalAlign === 'bottom' ? -bottom : top;
  let anchor = { x: box.x + along.x * box.w + spacingX, y: box.y + along.y * box.h + spacingY };
  const turn = look.rotation + (look.vertical ? -90 : 0);
  if (turn !== 0) {
    const [cos, sin] = [Math.cos((turn * Math.PI) / 180), Math.sin((turn * Math.PI) / 180)];
    const [dx, dy] = [anchor.x - w / 2, anchor.y - h / 2];
    anchor = { x: w / 2 + dx * cos - dy * sin, y: h / 2 + dy * cos + dx * sin };
  }
  const wrapWidth = look.wrap ? Math.round(Math.max(0, box.w - (look.position.x === 'center' ? left + right : 0))) : 0;
  const width = wrapWidth > 0 ? wrapWidth : 1;
  // Unturned, diagrams.net rounds the box's corner to a whole pixel; its 1 px box starts at the
  // anchor (the text then half a pixel past it when centred), a wrapped one along its width before it.
  const corner = turn
    ? { x: anchor.x - along.x * width, y: anchor.y - along.y }
    : { x: anchor.x - (wrapWidth > 0 ? along.x * width : 0), y: anchor.y };
  return {
    left: turn ? corner.x : corner.x + toWholePixel(at.x + corner.x),
    top: turn ? corner.y : corner.y + toWholePixel(at.y + corner.y),
    right: 'auto',
    bottom: 'auto',
    width,
    height: 1,
    // Longhands, not `padding: 0`: merged over a beside label's paddingTop (placedLabelCss), a
    // shorthand left React free to re-set that longhand alone on a later render (the same node id in
    // another file) and the label dropped by it (IBM's image labels 3 px low after other files).
    paddingTop: 0,
    paddingRight: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    justifyContent: UNSAFE_FLEX[look.align],
    alignItems: UNSAFE_FLEX[look.verticalAlign],
    textAlign: look.align,
    whiteSpace: wrapWidth > 0 ? 'normal' : 'nowrap',
    overflowWrap: 'normal',
    overflow: 'visible',
    lineHeight: LABEL_LINE_HEIGHT,
    transformOrigin: `${along.x * width}px ${along.y}px`,
    transform: turn ? `rotate(${turn}deg)` : 'none',
  };
}

/** No room kept around a label inside its box (a container's label, an export's fallback). */
export const NO_INSETS = { top: '0', right: '0', bottom: '0', left: '0' } as const;

/** A label's place on its shape (shape-geometry's LabelPlacement). */
type Placement = 'inside' | 'below' | 'above' | 'left' | 'right';

/**
 * Where a shape's label box goes on a w x h shape: inside it (laid out by the file's look in the
 * part of the shape its figure gives the label, `labelBox`, such as a swimlane's header band or a
 * frame's tab; or for a shape made here, within the studio's insets) or beside it (by the look
 * when there is one). The canvas places labels with it and the export writes them with it.
 * `at` is the shape's place on the page, for diagrams.net's whole pixels.
 */
export function placedLabelCss(
  placement: Placement,
  look: LabelLook | undefined,
  w: number,
  h: number,
  insets: { top: string; right: string; bottom: string; left: string },
  labelBox?: { x: number; y: number; w: number; h: number },
  at = { x: 0, y: 0 },
): CSSProperties {
  if (placement === 'inside') {
    if (!look) return { inset: 0, paddingTop: insets.top, paddingRight: insets.right, paddingBottom: insets.bottom, paddingLeft: insets.left };
    const box = labelBox ?? { x: 0, y: 0, w, h };
    const css = insideLabelCss(look, box.w, box.h, { x: at.x + box.x, y: at.y + box.y });
    return fromWholePixel({ ...css, left: Number(css.left) + box.x, top: Number(css.top) + box.y }, at);
  }
  if (!look) return besideLabelCss(placement);
  return fromWholePixel({ ...besideLabelCss(placement), ...outsideLabelCss(look, w, h, at) }, at);
}

/**
 * A label box (left and top in px from its shape's corner at `at` on the page) laid out from the
 * whole pixel nearest that corner, the shape's fraction of a pixel carried by a translation.
 * Chromium sets boxes on whole pixels of their own frame and only then moves the frame (the shape's
 * node, or its SVG group in an export) by its fractional place, where text snaps a second time: in a
 * shape at y 10.5, a label meant for page row 20 (9.5 down) went to 10, then to 20.5, drawn on 21.
 * A translation is not rounded, so laid out from 11 (9 down) and moved back half a pixel, the text
 * falls on row 20, where diagrams.net's viewer (which sets it in page coordinates) puts it.
 * A turned label keeps its place: Chromium lays it out in its own turned frame, where its pixel
 * moves were measured (moved too, threat modelling's turned boundary names fell 99.2 -> 95.0 %).
 */
function fromWholePixel(css: CSSProperties, at: { x: number; y: number }): CSSProperties {
  const shift = { x: Math.round(at.x) - at.x, y: Math.round(at.y) - at.y };
  if ((shift.x === 0 && shift.y === 0) || (css.transform && css.transform !== 'none')) return css;
  return { ...css, left: Number(css.left) - shift.x, top: Number(css.top) - shift.y, transform: `translate(${shift.x}px, ${shift.y}px)` };
}
