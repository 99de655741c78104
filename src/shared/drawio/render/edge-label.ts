/**
 * Where an edge's labels sit, as diagrams.net places them: the edge's own label at its
 * geometry's relative position along the path (`x` from -1 at the source to 1 at the target,
 * `y` across the path) plus its `offset` point; each label cell (an `edgeLabel` child) at its
 * own geometry the same way. Pure, so it is tested in Node.
 */
import { htmlToText } from '../label-html';
import { attribute, childElement, innerCell, type XmlNode } from '../model';
import type { Point } from '../geometry';
import type { EdgeRecord } from '../model';
import { styleEntries } from '../stencils';
import { fontFamilyOf } from './label-look';
import { FILE_TEXT_COLOR } from './cell-paint';
import { labelShadow, type ShadowLook } from './shadow';

/** diagrams.net's edge label defaults: 11 px text on white. */
const EDGE_FONT_SIZE = 11;
const EDGE_LABEL_BACKGROUND = '#ffffff';
/** The style's name for that page colour. */
const EDGE_LABEL_BACKGROUND_NAME = 'default';
/** diagrams.net's room between a label and its spot (mxText's spacing). */
const DEFAULT_LABEL_SPACING = 2;

/** An edge label's geometry as a file gives it (diagrams.net's relative `mxGeometry`). */
export interface LabelGeometry {
  /** -1 (source end) .. 1 (target end); 0 is halfway. */
  x: number;
  /** Distance across the path (diagrams.net's sign: to the left going from source to target is +). */
  y: number;
  offset: Point;
  /** False for an absolute geometry: then the label sits at the middle of the ends plus its offset. */
  relative: boolean;
}

export interface EdgeLabelFont {
  /** From the label's style (the label cell's, or the edge's own). */
  fontSize: number;
  fontFamily: string;
  color?: string;
  /** None for `labelBackgroundColor=none`. */
  background?: string;
  /** The label of a file's edge names no colour: drawn in diagrams.net's default ink (`color`), which the canvas themes where no box is behind it. */
  defaultInk?: boolean;
  /** Its box is diagrams.net's page colour (no labelBackgroundColor, or `default`): white in the file and the export, the theme's paper on the canvas. */
  defaultPaper?: boolean;
  /** `fontStyle`'s bits: 1 bold, 2 italic, 4 underline. */
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** `verticalAlign=top|bottom`: the label hangs under its spot or stands on it (centred on it when absent). */
  verticalAlign?: 'top' | 'bottom';
  /** `align=left|right`: the label starts right of its spot or ends left of it (centred on it when absent). */
  align?: 'left' | 'right';
  /** With `align`, how far from the spot the text keeps: the style's spacing and its spacingLeft (or spacingRight). */
  alignGap?: number;
  /** The shadow the text casts (`textShadow=1`, in the style's shadow look). */
  shadow?: ShadowLook;
}

export interface EdgeLabelSpot extends EdgeLabelFont {
  /** The plain text. */
  text: string;
  /** The label's HTML (an `html=1` label), whose bold, italic, underline and colours are drawn. */
  html?: string;
  at: Point;
  /**
   * The width the label wraps at: its geometry's, with `whiteSpace=wrap`, as diagrams.net wraps an
   * edge label only then; undefined: on its own lines, however long.
   */
  wrapWidth?: number;
}

/** The text look a label's style gives, on diagrams.net's edge defaults. */
export function edgeLabelFont(styleText: string | undefined): EdgeLabelFont {
  const style = styleEntries(styleText ?? '');
  const size = Number(style.get('fontSize'));
  const background = style.get('labelBackgroundColor') ?? EDGE_LABEL_BACKGROUND;
  const color = style.get('fontColor');
  const fontStyle = Number(style.get('fontStyle') ?? 0) || 0;
  const verticalAlign = style.get('verticalAlign');
  const align = style.get('align');
  const spacing = (key: string, fallback: number) => (Number.isFinite(Number(style.get(key))) ? Number(style.get(key)) : fallback);
  const shadow = labelShadow(style);
  return {
    fontSize: Number.isFinite(size) && size > 0 ? Math.min(size, 200) : EDGE_FONT_SIZE,
    fontFamily: fontFamilyOf(style),
    // A label of a file's edge with no colour of its own is diagrams.net's black; one made here the studio's.
    color: color && color !== 'none' && color !== 'default' ? color : styleText !== undefined ? FILE_TEXT_COLOR : undefined,
    background: background === 'none' ? undefined : background === EDGE_LABEL_BACKGROUND_NAME ? EDGE_LABEL_BACKGROUND : background,
    ...(styleText !== undefined && (!color || color === 'none' || color === 'default') && { defaultInk: true }),
    ...((background === EDGE_LABEL_BACKGROUND_NAME || !style.has('labelBackgroundColor')) && { defaultPaper: true }),
    ...(fontStyle & 1 && { bold: true }),
    ...(fontStyle & 2 && { italic: true }),
    ...(fontStyle & 4 && { underline: true }),
    ...((verticalAlign === 'top' || verticalAlign === 'bottom') && { verticalAlign }),
    ...((align === 'left' || align === 'right') && { align, alignGap: spacing('spacing', DEFAULT_LABEL_SPACING) + spacing(align === 'left' ? 'spacingLeft' : 'spacingRight', 0) }),
    ...(shadow && { shadow }),
  };
}

/** The width a label of this cell and style wraps at (see EdgeLabelSpot.wrapWidth). */
function wrapWidthOf(source: XmlNode | undefined, styleText: string | undefined): number | undefined {
  if (!source || styleEntries(styleText ?? '').get('whiteSpace') !== 'wrap') return undefined;
  const width = num(attribute(childElement(innerCell(source), 'mxGeometry') ?? source, 'width'));
  return width > 1 ? width : undefined;
}

/** A label's spot: its text and HTML, where it goes, in its style's look. */
function spotOf(text: string, html: string | undefined, at: Point, source: XmlNode | undefined): EdgeLabelSpot {
  // A cell of a file with no style still draws on diagrams.net's defaults (an empty style).
  const style = source ? (styleOf(source) ?? '') : undefined;
  const wrapWidth = wrapWidthOf(source, style);
  return { text, ...(html !== undefined && { html }), at, ...edgeLabelFont(style), ...(wrapWidth !== undefined && { wrapWidth }) };
}

const styleOf = (source: XmlNode | undefined) => (source ? attribute(innerCell(source), 'style') : undefined);

const CENTRE: LabelGeometry = { x: 0, y: 0, offset: { x: 0, y: 0 }, relative: true };

const num = (text: string | undefined) => (text !== undefined && Number.isFinite(Number(text)) ? Number(text) : 0);

/** The label geometry of a cell element (an edge or a label cell), or the centre when it has none. */
export function labelGeometry(source: XmlNode | undefined): LabelGeometry {
  const geometry = source && childElement(innerCell(source), 'mxGeometry');
  if (!geometry) return CENTRE;
  const offset = geometry.children.find((c) => c.tag === 'mxPoint' && attribute(c, 'as') === 'offset');
  return {
    x: Math.max(-1, Math.min(1, num(attribute(geometry, 'x')))),
    y: num(attribute(geometry, 'y')),
    offset: offset ? { x: num(attribute(offset, 'x')), y: num(attribute(offset, 'y')) } : { x: 0, y: 0 },
    relative: attribute(geometry, 'relative') === '1',
  };
}

/** Where diagrams.net puts a label of this geometry on a path (its mxGraphView.getPoint). */
export function labelPoint(polyline: readonly Point[], geometry: LabelGeometry): Point {
  const first = polyline[0] ?? { x: 0, y: 0 };
  const last = polyline[polyline.length - 1] ?? first;
  if (!geometry.relative) {
    return { x: (first.x + last.x) / 2 + geometry.offset.x, y: (first.y + last.y) / 2 + geometry.offset.y };
  }
  const segments = polyline.slice(1).map((p, i) => Math.hypot(p.x - polyline[i].x, p.y - polyline[i].y));
  const length = segments.reduce((a, b) => a + b, 0);
  // Rounded to whole pixels as diagrams.net rounds it.
  const distance = Math.round(((geometry.x + 1) / 2) * length);
  let before = 0;
  let index = 0;
  // A label on a corner belongs to the segment after it (turned with that one), as diagrams.net finds it.
  while (index < segments.length - 1 && distance >= Math.round(before + segments[index])) before += segments[index++];
  const p0 = polyline[index] ?? first;
  const pe = polyline[index + 1] ?? p0;
  const segment = segments[index] ?? 0;
  const factor = segment === 0 ? 0 : (distance - before) / segment;
  const dx = pe.x - p0.x;
  const dy = pe.y - p0.y;
  const nx = segment === 0 ? 0 : dy / segment;
  const ny = segment === 0 ? 0 : dx / segment;
  return {
    x: p0.x + dx * factor + nx * geometry.y + geometry.offset.x,
    y: p0.y + dy * factor - ny * geometry.y + geometry.offset.y,
  };
}

/**
 * The spot of a label cell's text (the corner of its 1 px anchor box, see EdgeLabelSpot): the cell
 * is a vertex whose corner diagrams.net puts at its point on the edge, and it sets a vertex's label
 * from the middle of the cell's box, at least 1 x 1, rounded to a whole pixel (so a label cell of
 * no size, as diagrams.net writes them, stands a pixel right of and below its point, where an
 * edge's own label stands on it).
 */
function labelCellSpot(corner: Point, cell: XmlNode): Point {
  const geometry = childElement(innerCell(cell), 'mxGeometry');
  const size = (name: string) => Math.max(1, num(geometry && attribute(geometry, name)));
  // A left- or right-aligned label is set from its box's side, not its middle.
  const align = edgeLabelFont(styleOf(cell) ?? '').align;
  const along = align === 'left' ? 0 : align === 'right' ? 1 : 0.5;
  return { x: Math.round(corner.x + size('width') * along), y: Math.round(corner.y + size('height') / 2) };
}

/** The text a label cell shows (its value, as plain text when the cell's style says html), and that HTML. */
function labelCellText(source: XmlNode): { text: string; html?: string } {
  const cell = innerCell(source);
  const value = (source.tag === 'mxCell' ? attribute(source, 'value') : attribute(source, 'label')) ?? '';
  return /(^|;)html=1(;|$)/.test(attribute(cell, 'style') ?? '') ? { text: htmlToText(value), html: value } : { text: value };
}

/**
 * The labels to draw on an edge and where: the label cells at their own places while the edge's
 * label is still theirs, else the edge's label at the edge's geometry.
 */
export function edgeLabelSpots(record: Pick<EdgeRecord, 'label' | 'file' | 'html'>, polyline: readonly Point[]): EdgeLabelSpot[] {
  const cells = record.file?.labelInCells ? (record.file.labels ?? []) : [];
  const labels = cells.map(labelCellText);
  if (cells.length && labels.flatMap(({ text }) => (text === '' ? [] : [text])).join('\n') === record.label) {
    return cells.flatMap((cell, i) => (labels[i].text === '' ? [] : [spotOf(labels[i].text, labels[i].html, labelCellSpot(labelPoint(polyline, labelGeometry(cell)), cell), cell)]));
  }
  if (!record.label) return [];
  const source = record.file?.source;
  return [spotOf(record.label, record.html, labelPoint(polyline, labelGeometry(source)), source)];
}

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/**
 * The points an SVG path of absolute M, L, Q and C commands runs through, its curves sampled:
 * the polyline labels are measured along.
 */
export function pathPolyline(d: string, samples = 8): Point[] {
  const points: Point[] = [];
  for (const [, command, args] of d.matchAll(/([MLQC])([^MLQC]*)/gi)) {
    const n = (args.match(NUMBER) ?? []).map(Number);
    const at = (i: number): Point => ({ x: n[i], y: n[i + 1] });
    const start = points[points.length - 1] ?? { x: 0, y: 0 };
    const upper = command.toUpperCase();
    if (upper === 'M' || upper === 'L') {
      for (let i = 0; i + 1 < n.length; i += 2) points.push(at(i));
    } else if (upper === 'Q' && n.length >= 4) {
      const [c, e] = [at(0), at(2)];
      for (let s = 1; s <= samples; s++) {
        const t = s / samples;
        const u = 1 - t;
        points.push({ x: u * u * start.x + 2 * u * t * c.x + t * t * e.x, y: u * u * start.y + 2 * u * t * c.y + t * t * e.y });
      }
    } else if (upper === 'C' && n.length >= 6) {
      const [c1, c2, e] = [at(0), at(2), at(4)];
      for (let s = 1; s <= samples; s++) {
        const t = s / samples;
        const u = 1 - t;
        const [a, b, c, k] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
        points.push({ x: a * start.x + b * c1.x + c * c2.x + k * e.x, y: a * start.y + b * c1.y + c * c2.y + k * e.y });
      }
    }
  }
  return points;
}
