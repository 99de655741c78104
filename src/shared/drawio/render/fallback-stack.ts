/**
 * A label's lines laid out for the export's `<text>` fallback (for renderers without
 * foreignObject) as the HTML choice lays out its blocks (labelBlocks): a `<p>`'s margins above,
 * below and at its sides (adjacent margins collapsing, as sibling blocks' do), its own
 * text-align, an `<hr>` as a rule with its margins, and a list item's text in its list's indent
 * with its marker hanging there. Lines are wrapped at the column's width when it has one.
 * Positions are relative to the column's left edge and the stack's top. Pure.
 */
import type { CSSProperties } from 'react';
import { LABEL_LINE_HEIGHT } from './label-look';
import { hasBlockLines, labelBlocks, listMarkerText, LIST_INDENT, runShownText, type LabelRun } from './label-lines';
import { textWidth, wrapLine } from './text-metrics';

export type TextAnchor = 'start' | 'middle' | 'end';
type Align = 'left' | 'center' | 'right';

/** One line of text: its anchor point's x, the top of its line box, how it hangs from x. */
export interface StackRow {
  text: string;
  x: number;
  top: number;
  anchor: TextAnchor;
}

/** A rule (`<hr>`): its box, filled with its colour. */
export interface StackRule {
  x: number;
  top: number;
  w: number;
  h: number;
  color: string;
}

export interface TextStack {
  rows: StackRow[];
  rules: StackRule[];
  /** The column's width: the one given, else the widest line with its margins. */
  width: number;
  height: number;
}

export interface StackFont {
  fontSize: number;
  bold?: boolean;
}

const ANCHORS: Record<Align, TextAnchor> = { left: 'start', center: 'middle', right: 'end' };

/** A CSS length in px: px, pt, em (of the font size), % (of `of`); 0 for auto or what is no length. */
export function cssLength(value: unknown, fontSize: number, of = 0): number {
  if (typeof value === 'number') return value;
  const match = /^(-?(?:\d+\.?\d*|\.\d+))(px|pt|em|%)?$/i.exec(String(value ?? '').trim());
  if (!match) return 0;
  const n = Number(match[1]);
  const unit = (match[2] ?? 'px').toLowerCase();
  return unit === 'pt' ? (n * 4) / 3 : unit === 'em' ? n * fontSize : unit === '%' ? (n / 100) * of : n;
}

/** Two adjoining vertical margins as CSS collapses them: the largest positive with the most negative. */
function collapse(a: number, b: number): number {
  return Math.max(a, b, 0) + Math.min(a, b, 0);
}

/** A block of the stack before it is placed: its margins, its lines (already wrapped) or its rule. */
interface Piece {
  marginTop: number;
  marginBottom: number;
  marginLeft: number;
  marginRight: number;
  align?: Align;
  /** Each line's text, its indent (a list's) and the marker hanging in that indent. */
  lines?: { text: string; indent: number; marker?: string }[];
  rule?: { h: number; color: string };
}

function alignOf(css: CSSProperties | undefined): Align | undefined {
  const value = css?.textAlign;
  return value === 'left' || value === 'start' ? 'left' : value === 'right' || value === 'end' ? 'right' : value === 'center' ? 'center' : undefined;
}

/** A rule's height: its top border and, unless `size` took it away, its bottom one, around its own height. */
function ruleHeight(css: CSSProperties, fontSize: number): number {
  const border = cssLength(css.borderWidth ?? '1px', fontSize);
  const bottom = css.borderBottomWidth !== undefined ? cssLength(css.borderBottomWidth, fontSize) : border;
  return css.borderStyle === 'none' ? 0 : border + bottom + cssLength(css.height ?? 0, fontSize);
}

/** The pieces of a label's lines: one per block and per rule, with the lines wrapped in what the margins leave of `width`. */
function piecesOf(lines: LabelRun[][], font: StackFont, width: number | undefined): Piece[] {
  const { fontSize, bold } = font;
  const wrap = (text: string, room: number | undefined) => (room === undefined ? [text] : wrapLine(text, room, fontSize, bold));
  if (!hasBlockLines(lines)) {
    const texts = lines.map((line) => line.map(runShownText).join('')).flatMap((text) => wrap(text, width));
    return [{ marginTop: 0, marginBottom: 0, marginLeft: 0, marginRight: 0, lines: texts.map((text) => ({ text, indent: 0 })) }];
  }
  const pieces: Piece[] = [];
  const length = (value: unknown) => cssLength(value, fontSize, width ?? 0);
  for (const block of labelBlocks(lines)) {
    if (block.rule) {
      const rule = block.rule;
      pieces.push({
        marginTop: length(rule.marginTop),
        marginBottom: length(rule.marginBottom),
        marginLeft: length(rule.marginLeft),
        marginRight: length(rule.marginRight),
        rule: { h: ruleHeight(rule, fontSize), color: String(rule.borderColor ?? rule.color ?? 'gray') },
      });
    }
    const css = block.paragraph;
    const [marginLeft, marginRight] = [length(css?.marginLeft), length(css?.marginRight)];
    const room = width === undefined ? undefined : Math.max(0, width - marginLeft - marginRight);
    const blockLines = block.lines.flatMap((line) => {
      const indent = LIST_INDENT * (line[0]?.listDepth ?? 0);
      const marker = line[0]?.marker;
      const texts = wrap(line.map((run) => run.text).join(''), room === undefined ? undefined : Math.max(0, room - indent));
      return texts.map((text, i) => ({ text, indent, ...(i === 0 && marker !== undefined && { marker }) }));
    });
    // A rule no text follows is a block of its rule alone.
    if (blockLines.length || css) pieces.push({ marginTop: length(css?.marginTop), marginBottom: length(css?.marginBottom), marginLeft, marginRight, align: alignOf(css), lines: blockLines });
  }
  return pieces;
}

/**
 * The label's lines stacked in a column `width` wide (undefined: an unwrapped label, as wide as
 * its widest line), aligned by `align` unless a paragraph says otherwise.
 */
export function stackLines(lines: LabelRun[][], font: StackFont, align: Align, width?: number): TextStack {
  const { fontSize, bold } = font;
  const lh = fontSize * LABEL_LINE_HEIGHT;
  const pieces = piecesOf(lines, font, width);
  const lineWidth = (line: { text: string; indent: number }) => line.indent + textWidth(line.text, fontSize, bold);
  const column = width ?? Math.max(0, ...pieces.map((piece) => piece.marginLeft + piece.marginRight + Math.max(0, ...(piece.lines ?? []).map(lineWidth))));
  const rows: StackRow[] = [];
  const rules: StackRule[] = [];
  let y = 0;
  let marginAbove = 0;
  pieces.forEach((piece, i) => {
    y += i === 0 ? piece.marginTop : collapse(marginAbove, piece.marginTop);
    const [left, right] = [piece.marginLeft, column - piece.marginRight];
    if (piece.rule) {
      rules.push({ x: left, top: y, w: Math.max(0, right - left), h: piece.rule.h, color: piece.rule.color });
      y += piece.rule.h;
    }
    const pieceAlign = piece.align ?? align;
    for (const line of piece.lines ?? []) {
      const start = left + line.indent;
      const x = pieceAlign === 'left' ? start : pieceAlign === 'right' ? right : (start + right) / 2;
      rows.push({ text: line.text, x, top: y, anchor: ANCHORS[pieceAlign] });
      // A list item's marker hangs just before the item's text, as a browser sets it outside the item.
      if (line.marker !== undefined) {
        const width = textWidth(line.text, fontSize, bold);
        const textStart = pieceAlign === 'left' ? x : pieceAlign === 'right' ? x - width : x - width / 2;
        rows.push({ text: listMarkerText(line.marker).trimEnd(), x: textStart - fontSize * 0.25, top: y, anchor: 'end' });
      }
      y += lh;
    }
    marginAbove = piece.marginBottom;
  });
  return { rows, rules, width: column, height: y + marginAbove };
}
