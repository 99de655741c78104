/** A label as lines of bold, italic, underlined and coloured runs (see rich-label), drawn as plain text nodes. */
import { Fragment, memo, useMemo } from 'react';
import { runCss, runShownText } from '../../../../../shared/drawio/render/label-lines';
import { labelLines } from './rich-label';

function LabelTextView({ text, html }: { text: string; html?: string }) {
  const lines = useMemo(() => labelLines(text, html), [text, html]);
  return (
    <>
      {lines.map((line, n) => (
        <Fragment key={n}>
          {n > 0 && <br />}
          {line.map((run, i) => {
            const style = runCss(run);
            const text = runShownText(run);
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
