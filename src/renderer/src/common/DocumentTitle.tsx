/** A document's title in a toolbar, with a dot while there are unsaved changes, and its file. */
import { useEffect } from 'react';
import { useViewShown } from './view-shown';

export function DocumentTitle(props: { title: string; dirty: boolean; path?: string }) {
  return (
    <div className="doc-title" data-testid="doc-title" title={props.path ?? 'not saved to a file yet'}>
      <span className="title-text">{props.title || 'Untitled'}</span>
      {props.dirty && (
        <span className="dirty-dot" data-testid="dirty-marker" title="unsaved changes">
          ●
        </span>
      )}
      {props.path && <span className="doc-path">{props.path}</span>}
    </div>
  );
}

/** The document title in the window's title bar, with a dot while there are unsaved changes (the view on screen's). */
export function useWindowTitle(title: string, dirty: boolean): void {
  const shown = useViewShown();
  useEffect(() => {
    if (shown) document.title = `${dirty ? '● ' : ''}${title || 'Untitled'} — Tandem Studio`;
  }, [title, dirty, shown]);
}
