/**
 * What a label shows, as lines of formatted runs: the file's HTML when it still says the record's
 * text (bold, italic, underline, colours, list markers, paragraphs and rules kept, every other tag dropped), else the plain text. The
 * canvas draws the runs as text nodes and the export as escaped markup: no markup from a file
 * ever reaches a page or an exported picture as HTML. Pure.
 */
import type { CSSProperties } from 'react';
import type { FontSizeOf } from '../css-font-size';
import { hasFormatting, htmlRuns, plainSpaces, type LabelRun, type ParagraphLook } from '../label-html';

export type { LabelRun };

/** A run's own format as CSS (none for plain text), as the canvas and the export draw it. */
export function runCss(run: LabelRun): CSSProperties | undefined {
  if (run.bold === undefined && run.italic === undefined && !run.underline && run.color === undefined && run.fontSize === undefined && run.fontScale === undefined && !run.nowrap) return undefined;
  return {
    whiteSpace: run.nowrap ? 'nowrap' : undefined,
    fontWeight: run.bold === undefined ? undefined : run.bold ? 700 : 400,
    fontStyle: run.italic === undefined ? undefined : run.italic ? 'italic' : 'normal',
    textDecoration: run.underline ? 'underline' : undefined,
    color: run.color,
    // A scale is of the label's own size, which the run's box (the label's) carries: em.
    fontSize: run.fontSize ?? (run.fontScale === undefined ? undefined : `${run.fontScale}em`),
  };
}

/** The text a run shows: a list item's first run after its marker. */
export function runShownText(run: LabelRun): string {
  return run.marker === undefined ? run.text : `${listMarkerText(run.marker)}${run.text}`;
}

/** A browser's indent of a list (`padding-inline-start: 40px`), which diagrams.net's labels keep. */
export const LIST_INDENT = 40;

/** A marker as a browser sets it outside its item: the marker and a space. */
export function listMarkerText(marker: string): string {
  return `${marker}\u00a0`;
}

/**
 * A list item's marker box: as wide as its list's indent (one per level), the marker set against
 * its right edge, so the item's text starts where a browser's list puts it.
 */
export function listMarkerCss(run: LabelRun): CSSProperties {
  return { display: 'inline-block', width: LIST_INDENT * (run.listDepth ?? 1), textAlign: 'right', whiteSpace: 'pre', fontWeight: 400, fontStyle: 'normal', textDecoration: 'none', textIndent: 0 };
}

/** Whether a label's lines are blocks (it has list items, paragraphs or rules: labelBlocks), else they are joined by line breaks. */
export function hasBlockLines(lines: readonly LabelRun[][]): boolean {
  return lines.some((line) => line.some((run) => run.listDepth !== undefined || run.paragraph !== undefined || run.ruleAbove !== undefined));
}

/**
 * A line as a block: a list item's line hangs its marker in the list's indent, so the lines it
 * wraps onto start under its text, as a browser's list (`padding-inline-start: 40px`) wraps them;
 * a line an item breaks onto (after a `<br>`) starts there too. An empty line keeps a line's height.
 */
export function listLineCss(line: readonly LabelRun[]): CSSProperties {
  const indent = LIST_INDENT * (line[0]?.listDepth ?? 0);
  if (!indent) return { display: 'block', minHeight: '1lh' };
  return line[0].marker === undefined ? { display: 'block', paddingLeft: indent } : { display: 'block', paddingLeft: indent, textIndent: -indent };
}

/** Lines that lie in one paragraph (or in none), with the rule drawn above them. */
export interface LabelBlock {
  /** An `<hr>` above the block, as Chromium draws one. */
  rule?: CSSProperties;
  /** The paragraph's box (its margins and alignment), when the lines lie in a `<p>`. */
  paragraph?: CSSProperties;
  lines: LabelRun[][];
}

/**
 * A label's lines grouped as a browser lays out its blocks: the lines of one `<p>` in a box with
 * the paragraph's margins (which collapse with the next paragraph's, as the blocks are siblings),
 * a rule where an `<hr>` stood. An empty line stays in the block before it.
 */
export function labelBlocks(lines: LabelRun[][]): LabelBlock[] {
  const blocks: LabelBlock[] = [];
  let current: (LabelBlock & { of?: LabelRun['paragraph'] }) | undefined;
  for (const line of lines) {
    const first = line[0];
    if (!current || (first && (first.ruleAbove !== undefined || first.paragraph !== current.of))) {
      current = { lines: [], of: first?.paragraph };
      if (first?.ruleAbove) current.rule = { ...first.ruleAbove } as CSSProperties;
      if (first?.paragraph) current.paragraph = { display: 'block', ...first.paragraph.css, ...blockFontCss(first.paragraph) } as CSSProperties;
      blocks.push(current);
    }
    if (!markOnly(line)) current.lines.push(current.of?.fontSize ? line.map((run) => sizedWithin(run, current!.of!.fontSize!)) : line);
  }
  return blocks.map(({ rule, paragraph, lines: blockLines }) => ({ ...(rule && { rule }), ...(paragraph && { paragraph }), lines: blockLines }));
}

/** A block's own font size as CSS: a multiple of the label's size is em of the label's box, which encloses the block. */
function blockFontCss(paragraph: ParagraphLook): CSSProperties {
  const size = paragraph.fontSize;
  if (!size) return {};
  return { fontSize: 'px' in size ? size.px : `${size.scale}em` };
}

/**
 * A run of a block that has its own font size, sized within the block (whose box carries that size):
 * the block's size is inherited, a multiple of the label's own becomes a multiple of the block's.
 */
function sizedWithin(run: LabelRun, block: FontSizeOf): LabelRun {
  const { fontSize, fontScale, ...rest } = run;
  if ('px' in block) return fontSize === undefined || fontSize === block.px ? rest : run;
  if (fontSize !== undefined) return run;
  if (fontScale === undefined || fontScale === block.scale) return rest;
  return { ...rest, fontScale: fontScale / block.scale };
}

/** Lines of runs; a line of no runs is an empty line. */
export function labelLines(text: string, html: string | undefined): LabelRun[][] {
  let runs: LabelRun[] = [{ text }];
  if (html !== undefined) {
    const rich = htmlRuns(html);
    const drawn = rich.map((run) => run.text).join('');
    // HTML that no longer says the text (a stale record) is not shown; plain HTML is, where its
    // no-break spaces hold room a browser would not collapse (`&nbsp; Name` starts a space and a half in).
    if ((hasFormatting(rich) || drawn.includes('\u00a0')) && plainSpaces(drawn) === text) runs = rich;
  }
  const lines: LabelRun[][] = [[]];
  let afterMark = false;
  for (const { marker, ruleAbove, ...run } of runs) {
    if (run.text === '' && (ruleAbove !== undefined || run.paragraph !== undefined)) {
      // A rule no text follows, or an empty paragraph: a line of its own (labelBlocks draws it alone), the text after it on the next.
      if (lines[lines.length - 1].length) lines.push([]);
      lines[lines.length - 1].push({ ...run, ...(ruleAbove !== undefined && { ruleAbove }) });
      lines.push([]);
      afterMark = true;
      continue;
    }
    if (run.text !== '') afterMark = false;
    run.text.split('\n').forEach((piece, index) => {
      if (index > 0) lines.push([]);
      // A list marker and a rule go before the run's first line only.
      if (piece !== '') lines[lines.length - 1].push(index === 0 ? { ...run, text: piece, ...(marker !== undefined && { marker }), ...(ruleAbove !== undefined && { ruleAbove }) } : { ...run, text: piece });
    });
  }
  // No empty line after a label's last rule or empty paragraph.
  if (afterMark && lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  return lines;
}

/** Whether a line is only a rule (an `<hr>` no text follows) or an empty paragraph: its block draws the rule and margins, no line. */
function markOnly(line: readonly LabelRun[]): boolean {
  return line.length === 1 && line[0].text === '' && (line[0].ruleAbove !== undefined || line[0].paragraph !== undefined);
}
