/**
 * What a label shows, as lines of formatted runs: the file's HTML when it still says the record's
 * text (bold, italic, underline, colours and list markers kept, every other tag dropped), else the plain text. The
 * canvas draws the runs as text nodes and the export as escaped markup: no markup from a file
 * ever reaches a page or an exported picture as HTML. Pure.
 */
import type { CSSProperties } from 'react';
import { hasFormatting, htmlRuns, type LabelRun } from '../label-html';

export type { LabelRun };

/** A run's own format as CSS (none for plain text), as the canvas and the export draw it. */
export function runCss(run: LabelRun): CSSProperties | undefined {
  if (!run.bold && !run.italic && !run.underline && run.color === undefined && run.fontSize === undefined) return undefined;
  return {
    fontWeight: run.bold ? 700 : undefined,
    fontStyle: run.italic ? 'italic' : undefined,
    textDecoration: run.underline ? 'underline' : undefined,
    color: run.color,
    fontSize: run.fontSize,
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

/** Whether a label has list items: then each of its lines is a block (listLineCss), else they are joined by line breaks. */
export function hasListLines(lines: readonly LabelRun[][]): boolean {
  return lines.some((line) => line[0]?.listDepth !== undefined);
}

/**
 * A line as a block: a list item's line hangs its marker in the list's indent, so the lines it
 * wraps onto start under its text, as a browser's list (`padding-inline-start: 40px`) wraps them.
 * An empty line keeps a line's height.
 */
export function listLineCss(line: readonly LabelRun[]): CSSProperties {
  const indent = LIST_INDENT * (line[0]?.listDepth ?? 0);
  return indent ? { display: 'block', paddingLeft: indent, textIndent: -indent } : { display: 'block', minHeight: '1lh' };
}

/** Lines of runs; a line of no runs is an empty line. */
export function labelLines(text: string, html: string | undefined): LabelRun[][] {
  let runs: LabelRun[] = [{ text }];
  if (html !== undefined) {
    const rich = htmlRuns(html);
    // HTML that no longer says the text (a stale record) is not shown.
    if (hasFormatting(rich) && rich.map((run) => run.text).join('') === text) runs = rich;
  }
  const lines: LabelRun[][] = [[]];
  for (const { marker, listDepth, ...run } of runs) {
    run.text.split('\n').forEach((piece, index) => {
      if (index > 0) lines.push([]);
      // A list marker goes before the run's first line only (a run's later lines may lie past its list's end).
      if (piece !== '') lines[lines.length - 1].push(index === 0 && marker !== undefined ? { ...run, text: piece, marker, listDepth } : { ...run, text: piece });
    });
  }
  return lines;
}
