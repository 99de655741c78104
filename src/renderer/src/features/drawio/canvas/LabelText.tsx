/** A label as lines of bold, italic, underlined and coloured runs (see rich-label), drawn as plain text nodes. */
import { Fragment, memo, useMemo } from 'react';
import { listMarkerCss, listMarkerText, runCss } from '../../../../../shared/drawio/render/label-lines';
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
        </Fragment>
      ))}
    </>
  );
}

export const LabelText = memo(LabelTextView);
