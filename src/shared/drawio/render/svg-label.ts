/**
 * A label in an exported SVG as diagrams.net exports one: a `<switch>` whose first choice is a
 * `<foreignObject>` holding the label as HTML, laid out by the canvas's own CSS (label-look.ts),
 * and whose fallback is SVG `<text>` in lines wrapped here, which renderers without foreignObject
 * (resvg, many image viewers) draw. The label's runs are escaped text: no markup from a file is
 * ever written as markup.
 */
import type { CSSProperties } from 'react';
import type { Rect } from '../geometry';
import { hasBlockLines, labelBlocks, labelLines, listLineCss, listMarkerCss, listMarkerText, runCss, runShownText, type LabelRun } from './label-lines';
import type { EdgeLabelSpot } from './edge-label';
import { edgeLabelAnchor, edgeLabelAnchorCss, edgeLabelCss, edgeLabelFontOf, edgeLabelLeft, edgeLabelTop } from './edge-label-look';
import {
  BESIDE_GAP,
  DEFAULT_FONT_FAMILY,
  LABEL_BOX_CSS,
  LABEL_LINE_HEIGHT,
  NO_INSETS,
  labelFontCss,
  labelTextCss,
  placedLabelCss,
  type LabelFont,
  type LabelLook,
} from './label-look';
import type { LabelPlacement } from './shape-geometry';
import { xmlAttr } from './stencil-figure';
import { textWidth } from './text-metrics';
import { stackLines, type StackRow, type StackRule, type TextAnchor, type TextStack } from './fallback-stack';
import { boundsOf } from '../geometry';

/** Markup-safe text content. */
export function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A number as SVG writes it: at most two decimals. */
export function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

const UNITLESS = new Set(['fontWeight', 'lineHeight', 'opacity', 'zIndex', 'flex']);

/** React's CSS properties as a style attribute's text. */
export function cssText(style: CSSProperties | undefined): string {
  if (!style) return '';
  return Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${typeof value === 'number' && !UNITLESS.has(key) ? `${value}px` : String(value)}`)
    .join('; ');
}

/** Arimo's baseline below the middle of a line, in em (ascent 0.905, descent 0.212). */
const BASELINE_BELOW_MIDDLE = 0.3465;

export type { LabelFont };

export interface ShapeLabel {
  text: string;
  html?: string;
  font: LabelFont;
  placement: LabelPlacement;
  /** diagrams.net's layout from the cell's style; absent for a shape made here (the studio's insets). */
  look?: LabelLook;
  /** The studio's insets inside the outline (labelInsets), when there is no look. */
  insets?: { top: string; right: string; bottom: string; left: string };
  /** The part of the shape a code shape gives its label (codeShapeLabelBox: a swimlane's band, a frame's tab); the whole shape when absent. */
  labelBox?: Rect;
  /** The shape's place on the page, so the label lands on diagrams.net's whole pixels (placedLabelCss). */
  at?: { x: number; y: number };
}

/** A label's markup and the room it takes, relative to its shape's top-left corner. */
export interface LabelMarkup {
  markup: string;
  bounds?: Rect;
}

function runHtml(run: LabelRun): string {
  const style = cssText(runCss(run));
  const text = xmlText(run.text);
  // A list item's marker hangs in its list's indent, as the canvas's LabelText sets it.
  const marker = run.marker === undefined ? '' : `<span style="${xmlAttr(cssText(listMarkerCss(run)))}">${xmlText(listMarkerText(run.marker))}</span>`;
  return marker + (style ? `<span style="${xmlAttr(style)}">${text}</span>` : text);
}

/** A label's lines as escaped HTML, as the canvas's LabelText draws them. */
function linesHtml(lines: LabelRun[][]): string {
  if (hasBlockLines(lines)) {
    const span = (css: CSSProperties, inner = '') => `<span style="${xmlAttr(cssText(css))}">${inner}</span>`;
    return labelBlocks(lines)
      .map((block) => {
        const blockLines = block.lines.map((line) => span(listLineCss(line), line.map(runHtml).join(''))).join('');
        return (block.rule ? span(block.rule) : '') + (block.paragraph ? span(block.paragraph, blockLines) : blockLines);
      })
      .join('');
  }
  return lines.map((line) => line.map(runHtml).join('')).join('<br/>');
}

/** A label's lines as plain text, for the fallback. */
function plainLines(lines: LabelRun[][]): string[] {
  return lines.map((line) => line.map(runShownText).join(''));
}

/** A length of the studio's insets (`4px`, `20%` of `of`). */
function insetPx(value: string, of: number): number {
  return value.endsWith('%') ? (parseFloat(value) / 100) * of : parseFloat(value) || 0;
}

function fontAttributes(font: LabelFont): string {
  const family = font.fontFamily ?? DEFAULT_FONT_FAMILY;
  return [
    `font-family="${xmlAttr(family)}"`,
    `font-size="${num(font.fontSize)}"`,
    `fill="${xmlAttr(font.color === 'none' ? 'transparent' : font.color)}"`,
    font.bold ? 'font-weight="bold"' : '',
    font.italic ? 'font-style="italic"' : '',
    font.underline ? 'text-decoration="underline"' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The fallback's text placed: its rows and rules (fallback-stack), and a turn about a point for vertical or rotated labels. */
interface Block {
  rows: StackRow[];
  rules: StackRule[];
  turn?: { degrees: number; x: number; y: number };
}

/** A stack moved to (x, top): its column's left edge and its top. */
function placed(stack: TextStack, x: number, top: number, turn?: Block['turn']): Block {
  return {
    rows: stack.rows.map((row) => ({ ...row, x: row.x + x, top: row.top + top })),
    rules: stack.rules.map((rule) => ({ ...rule, x: rule.x + x, top: rule.top + top })),
    ...(turn && { turn }),
  };
}

/** Plain lines hanging from x by `anchor`, the first line's top at `top`. */
function plainBlock(lines: string[], font: LabelFont, x: number, top: number, anchor: TextAnchor, turn?: Block['turn']): Block {
  const lh = font.fontSize * LABEL_LINE_HEIGHT;
  return { rows: lines.map((text, i) => ({ text, x, top: top + i * lh, anchor })), rules: [], ...(turn && { turn }) };
}

/** Where a column `width` wide starts so that its text sits by `align` in [left, left + room]. */
function columnLeft(align: 'left' | 'center' | 'right', left: number, room: number, width: number): number {
  return align === 'left' ? left : align === 'right' ? left + room - width : left + (room - width) / 2;
}

function layoutBlock(label: ShapeLabel, lines: LabelRun[][], w: number, h: number): Block {
  const { font, look, placement } = label;
  const align = look?.align ?? 'center';
  if (placement === 'inside') {
    // Laid out in the label's box as the HTML choice is (placedLabelCss), which only a shape with a look has.
    const area = (look && label.labelBox) || { x: 0, y: 0, w, h };
    const vertical = look?.vertical ?? false;
    const [boxW, boxH] = vertical ? [area.h, area.w] : [area.w, area.h];
    const left = area.x + (area.w - boxW) / 2;
    const top = area.y + (area.h - boxH) / 2;
    const pad = look
      ? look.spacing
      : { top: insetPx(label.insets!.top, h), right: insetPx(label.insets!.right, w), bottom: insetPx(label.insets!.bottom, h), left: insetPx(label.insets!.left, w) };
    const innerW = boxW - pad.left - pad.right;
    const stack = stackLines(lines, font, align, look && !look.wrap ? undefined : innerW);
    const vAlign = look?.verticalAlign ?? 'middle';
    const blockTop = vAlign === 'top' ? top + pad.top : vAlign === 'bottom' ? top + boxH - pad.bottom - stack.height : top + pad.top + (boxH - pad.top - pad.bottom - stack.height) / 2;
    const degrees = (vertical ? -90 : 0) + (look?.rotation ?? 0);
    return placed(stack, columnLeft(align, left + pad.left, innerW, stack.width), blockTop, degrees ? { degrees, x: area.x + area.w / 2, y: area.y + area.h / 2 } : undefined);
  }
  const besideWrapped = look?.wrap === true && (placement === 'below' || placement === 'above');
  const stack = stackLines(lines, font, besideWrapped ? align : placement === 'left' ? 'right' : placement === 'right' ? 'left' : 'center', besideWrapped ? w : undefined);
  if (placement === 'below' || placement === 'above') {
    const left = besideWrapped ? 0 : (w - stack.width) / 2;
    return placed(stack, left, placement === 'below' ? h + BESIDE_GAP : -BESIDE_GAP - stack.height);
  }
  return placed(stack, placement === 'left' ? -BESIDE_GAP - stack.width : w + BESIDE_GAP, h / 2 - stack.height / 2);
}

/** The `<text>` fallback of a block (with its rules), and the room it takes. */
function fallbackText(block: Block, font: LabelFont, background?: string, border?: string): LabelMarkup {
  const lh = font.fontSize * LABEL_LINE_HEIGHT;
  const boxes = [
    ...block.rows.map((row) => {
      const width = textWidth(row.text, font.fontSize, font.bold);
      return { x: row.anchor === 'start' ? row.x : row.anchor === 'end' ? row.x - width : row.x - width / 2, y: row.top, w: width, h: lh };
    }),
    ...block.rules.map((rule) => ({ x: rule.x, y: rule.top, w: rule.w, h: rule.h })),
  ];
  const bounds = boundsOf(boxes) ?? { x: 0, y: 0, w: 0, h: 0 };
  const spans = block.rows
    .map((row) => `<tspan x="${num(row.x)}" y="${num(row.top + lh / 2 + BASELINE_BELOW_MIDDLE * font.fontSize)}" text-anchor="${row.anchor}">${xmlText(row.text)}</tspan>`)
    .join('');
  const rules = block.rules.map((rule) => `<rect x="${num(rule.x)}" y="${num(rule.top)}" width="${num(rule.w)}" height="${num(rule.h)}" fill="${xmlAttr(rule.color)}"/>`).join('');
  const behind =
    background || border
      ? `<rect x="${num(bounds.x - 1)}" y="${num(bounds.y)}" width="${num(bounds.w + 2)}" height="${num(bounds.h)}" fill="${xmlAttr(background ?? 'none')}"${border ? ` stroke="${xmlAttr(border)}"` : ''}/>`
      : '';
  const turn = block.turn ? ` transform="rotate(${num(block.turn.degrees)} ${num(block.turn.x)} ${num(block.turn.y)})"` : '';
  return { markup: `<g${turn}>${behind}${rules}<text ${fontAttributes(font)}>${spans}</text></g>`, bounds };
}

/** diagrams.net's choice between the HTML label (in a box at x, y; 0, 0 unless given) and its text fallback. */
export function switchMarkup(box: { x?: number; y?: number; w: number; h: number }, html: string, fallback: string, boxCss: CSSProperties = { position: 'relative' }): string {
  const css = cssText({ ...boxCss, width: box.w, height: box.h });
  return (
    '<switch>' +
    `<foreignObject x="${num(box.x ?? 0)}" y="${num(box.y ?? 0)}" width="${num(box.w)}" height="${num(box.h)}" style="overflow: visible" pointer-events="none" requiredFeatures="http://www.w3.org/TR/SVG11/feature#Extensibility">` +
    `<div xmlns="http://www.w3.org/1999/xhtml" style="${xmlAttr(css)}">${html}</div>` +
    `</foreignObject>${fallback}</switch>`
  );
}

/**
 * An edge's label as the canvas's EdgeLabel draws it (the same CSS, edge-label-look.ts): HTML
 * centred on its spot; the fallback's lines centred there too, wrapped at the label's width when
 * its geometry gives one, on the label's background. In page coordinates.
 */
export function edgeLabelMarkup(spot: EdgeLabelSpot): LabelMarkup {
  const lines = labelLines(spot.text, spot.html);
  if (lines.every((line) => line.length === 0)) return { markup: '' };
  const font = edgeLabelFontOf(spot);
  const stack = stackLines(lines, font, spot.align ?? 'center', spot.wrapWidth);
  const fallback = fallbackText(placed(stack, edgeLabelLeft(spot, stack.width), edgeLabelTop(spot, stack.height)), font, spot.background);
  const html = `<div style="${xmlAttr(cssText(edgeLabelCss(spot)))}">${linesHtml(lines)}</div>`;
  return { markup: switchMarkup({ ...edgeLabelAnchor(spot), w: 1, h: 1 }, html, fallback.markup, edgeLabelAnchorCss(spot)), bounds: fallback.bounds };
}

/** A shape's label, relative to the shape's top-left corner (empty when it has no text). */
export function shapeLabelMarkup(label: ShapeLabel, w: number, h: number): LabelMarkup {
  const lines = labelLines(label.text, label.html);
  if (lines.every((line) => line.length === 0)) return { markup: '' };
  const { font, look, placement } = label;
  const placed = placedLabelCss(placement, look, w, h, label.insets ?? NO_INSETS, label.labelBox, label.at);
  const css: CSSProperties = { ...LABEL_BOX_CSS, ...placed, ...labelFontCss(font) };
  const textCss = look ? labelTextCss(look) : undefined;
  const html = `<div style="${xmlAttr(cssText(css))}"><span${textCss ? ` style="${xmlAttr(cssText(textCss))}"` : ''}>${linesHtml(lines)}</span></div>`;
  const fallback = fallbackText(layoutBlock(label, lines, w, h), font, look?.background, look?.border);
  return { markup: switchMarkup({ w, h }, html, fallback.markup), bounds: fallback.bounds };
}

/** A one-line title set at (x, baseline middle y) in a box, with its HTML form placed by `css`. */
export function titleMarkup(box: { w: number; h: number }, text: string, html: string | undefined, font: LabelFont, css: CSSProperties, at: { x: number; y: number; anchor: TextAnchor; turn?: Block['turn'] }): string {
  const lines = labelLines(text, html);
  if (lines.every((line) => line.length === 0)) return '';
  const plain = plainLines(lines);
  const lh = font.fontSize * LABEL_LINE_HEIGHT;
  const block = plainBlock(plain, font, at.x, at.y - (plain.length * lh) / 2, at.anchor, at.turn);
  const style = cssText({ position: 'absolute', lineHeight: LABEL_LINE_HEIGHT, color: font.color, fontSize: font.fontSize, fontWeight: font.bold ? 600 : undefined, fontFamily: font.fontFamily ?? DEFAULT_FONT_FAMILY, ...css });
  const body = `<div style="${xmlAttr(style)}">${linesHtml(lines)}</div>`;
  return switchMarkup(box, body, fallbackText(block, font).markup);
}
