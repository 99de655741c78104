/**
 * What a label shows, as lines of formatted runs: the file's HTML when it still says the record's
 * text (bold, italic, underline, colours and list markers kept, every other tag dropped), else the plain text. The
 * canvas draws the runs as text nodes and the export as escaped markup: no markup from a file
 * ever reaches a page or an exported picture as HTML. Pure.
 */
import { hasFormatting, htmlRuns, type LabelRun } from '../label-html';

export type { LabelRun };

/** Lines of runs; a line of no runs is an empty line. */
export function labelLines(text: string, html: string | undefined): LabelRun[][] {
  let runs: LabelRun[] = [{ text }];
  if (html !== undefined) {
    const rich = htmlRuns(html);
    // HTML that no longer says the text (a stale record) is not shown.
    if (hasFormatting(rich) && rich.map((run) => run.text).join('') === text) runs = rich;
  }
  const lines: LabelRun[][] = [[]];
  for (const { marker, ...run } of runs) {
    run.text.split('\n').forEach((piece, index) => {
      if (index > 0) lines.push([]);
      // A list marker goes before the run's first line only.
      if (piece !== '') lines[lines.length - 1].push(index === 0 && marker !== undefined ? { ...run, text: piece, marker } : { ...run, text: piece });
    });
  }
  return lines;
}
