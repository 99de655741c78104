/**
 * A label as lines of bold, italic, underlined and coloured runs (see rich-label), drawn as plain
 * text nodes. `onTheme`: the label lies on the theme's surface, where a dark colour its markup names
 * (`<font color>`) is lightened in dark, as its style's fontColor is (readableOnCanvas).
 */
import { Fragment, memo, useMemo } from 'react';
import { readableOnCanvas } from '../../../../../shared/drawio/render/default-ink';
import { hasBlockLines, labelBlocks, listLineCss, listMarkerCss, listMarkerText, runCss, type LabelRun } from '../../../../../shared/drawio/render/label-lines';
import { labelLines } from './rich-label';

function LabelTextView({ text, html, onTheme = false }: { text: string; html?: string; onTheme?: boolean }) {
  const lines = useMemo(() => labelLines(text, html), [text, html]);
  // A label with list items, paragraphs or rules draws each line as a block, so an item's wrapped
  // lines keep its indent, and each paragraph in a box with its margins (labelBlocks).
  if (hasBlockLines(lines))
    return (
      <>
        {labelBlocks(lines).map((block, b) => {
          const blockLines = block.lines.map((line, n) => (
            <span key={n} style={listLineCss(line)}>
              <LineRuns line={line} onTheme={onTheme} />
            </span>
          ));
          return (
            <Fragment key={b}>
              {block.rule && <span style={block.rule} />}
              {block.paragraph ? <span style={block.paragraph}>{blockLines}</span> : blockLines}
            </Fragment>
          );
        })}
      </>
    );
  return (
    <>
      {lines.map((line, n) => (
        <Fragment key={n}>
          {n > 0 && <br />}
          <LineRuns line={line} onTheme={onTheme} />
        </Fragment>
      ))}
    </>
  );
}

function LineRuns({ line, onTheme }: { line: readonly LabelRun[]; onTheme: boolean }) {
  return (
    <>
      {line.map((run, i) => {
        const css = runCss(run);
        const style = onTheme && css?.color ? { ...css, color: readableOnCanvas(css.color) } : css;
        const text = run.text;
        // A list item's marker hangs in its list's indent, as a browser sets it.
        const marker = run.marker !== undefined && (
          <span className="list-marker" style={listMarkerCss(run)}>
            {listMarkerText(run.marker)}
          </span>
        );
        return style ? (
          <Fragment key={i}>
            {marker}
            <span style={style} data-run={[run.bold && 'b', run.italic && 'i', run.underline && 'u'].filter(Boolean).join('')}>
              {text}
            </span>
          </Fragment>
        ) : (
          <Fragment key={i}>
            {marker}
            {text}
          </Fragment>
        );
      })}
    </>
  );
}

export const LabelText = memo(LabelTextView);
