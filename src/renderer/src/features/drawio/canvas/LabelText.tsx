/** A label as lines of bold, italic, underlined and coloured runs (see rich-label), drawn as plain text nodes. */
import { Fragment, memo, useMemo, type CSSProperties } from 'react';
import { labelLines, type LabelRun } from './rich-label';

function runStyle(run: LabelRun): CSSProperties | undefined {
  if (!run.bold && !run.italic && !run.underline && run.color === undefined) return undefined;
  return {
    fontWeight: run.bold ? 700 : undefined,
    fontStyle: run.italic ? 'italic' : undefined,
    textDecoration: run.underline ? 'underline' : undefined,
    color: run.color,
  };
}

function LabelTextView({ text, html }: { text: string; html?: string }) {
  const lines = useMemo(() => labelLines(text, html), [text, html]);
  return (
    <>
      {lines.map((line, n) => (
        <Fragment key={n}>
          {n > 0 && <br />}
          {line.map((run, i) => {
            const style = runStyle(run);
            const text = run.marker === undefined ? run.text : `${run.marker}\u00a0${run.text}`;
            return style ? (
              <span key={i} style={style} data-run={[run.bold && 'b', run.italic && 'i', run.underline && 'u'].filter(Boolean).join('')}>
                {text}
              </span>
            ) : (
              <Fragment key={i}>{text}</Fragment>
            );
          })}
        </Fragment>
      ))}
    </>
  );
}

export const LabelText = memo(LabelTextView);
