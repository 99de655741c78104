/**
 * The D2 editor: the source with its line numbers, the line D2's error points at marked in the
 * gutter and under the text, and the rendered result beside it, updating as the person types.
 * A textarea rather than a code editor library: the source is short, and this keeps the renderer's
 * bundle and CSP as they are.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useArchitectureActions, useArchitectureView, useSelectedElement } from '../architecture-context';
import { DiagramImage } from './DiagramImage';

/** The editor's line height in px (the CSS's --d2-line). */
const LINE_PX = 19;

function Gutter({ lines, errorLine, scrollTop }: { lines: number; errorLine?: number; scrollTop: number }) {
  const numbers = useMemo(() => Array.from({ length: Math.max(1, lines) }, (_, i) => i + 1), [lines]);
  return (
    <div className="d2-gutter" aria-hidden="true">
      <div style={{ transform: `translateY(${-scrollTop}px)` }}>
        {numbers.map((n) => (
          <div key={n} className={`d2-line-number${n === errorLine ? ' error' : ''}`} data-testid={n === errorLine ? 'd2-error-line' : undefined} data-line={n}>
            {n}
          </div>
        ))}
      </div>
    </div>
  );
}

export function D2Editor() {
  const actions = useArchitectureActions();
  const element = useSelectedElement();
  const draft = useArchitectureView((s) => s.draft);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const escaped = useRef(false);

  // A finding or an error to go to: bring its line into view and put the caret at its start.
  const focusLine = draft?.focusLine;
  useEffect(() => {
    const area = textarea.current;
    if (!area || !focusLine) return;
    const lines = area.value.split('\n');
    const offset = lines.slice(0, focusLine - 1).reduce((n, line) => n + line.length + 1, 0);
    area.focus();
    area.setSelectionRange(offset, offset + (lines[focusLine - 1]?.length ?? 0));
    area.scrollTop = Math.max(0, (focusLine - 3) * LINE_PX);
  }, [focusLine]);

  if (!draft || !element) return null;
  const current = draft.previewOf === draft.text;
  const shownError = current ? draft.error : undefined;
  const errorLine = shownError?.line;
  const svg = draft.svg;
  const dirty = draft.text !== draft.base;
  const lineCount = draft.text.split('\n').length;
  const canSave = dirty && draft.pending !== 'save' && element.kind !== 'component';
  return (
    <section className="d2-editor" data-testid="d2-editor" aria-label={`D2 source of ${element.name}`}>
      <header className="d2-editor-head">
        <h2 className="panel-heading">D2 source</h2>
        <span className="doc-path">{element.d2Path ?? `${element.path}/${element.kind}.d2`}</span>
        {dirty && (
          <span className="dirty-dot" title="Not saved" data-testid="d2-dirty">
            ●
          </span>
        )}
        <span className="d2-state" data-testid="d2-state" data-state={draft.pending ?? (shownError ? 'error' : current ? 'rendered' : 'typing')}>
          {draft.pending === 'save' ? 'saving…' : draft.pending === 'preview' || !current ? 'rendering…' : shownError ? 'does not compile' : 'rendered'}
        </span>
        <span className="toolbar-spacer" />
        <button type="button" className="text-button" data-testid="d2-close" onClick={actions.closeEditor} title="Close the editor (unsaved text is dropped)">
          Close
        </button>
        <button type="button" className="primary-button" data-testid="d2-save" disabled={!canSave} onClick={() => void actions.saveDiagram()} title={element.kind === 'component' ? 'Only systems and containers have a diagram update_diagram writes' : 'Compile and write the .d2 (nothing is written if it does not compile)'}>
          Save
        </button>
      </header>
      <div className="d2-editor-body">
        <div className="d2-source">
          <Gutter lines={lineCount} errorLine={errorLine} scrollTop={scrollTop} />
          <textarea
            ref={textarea}
            className="d2-text"
            data-testid="d2-text"
            aria-label="D2 source"
            spellCheck={false}
            wrap="off"
            value={draft.text}
            onChange={(e) => actions.typeD2(e.target.value)}
            onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
            onKeyDown={(e) => {
              // Tab indents (two spaces, as D2 is written); Escape then Tab leaves the editor as usual.
              const leaving = escaped.current;
              escaped.current = e.key === 'Escape';
              if (e.key === 'Tab' && !leaving && !e.shiftKey && !e.metaKey && !e.ctrlKey && !e.altKey) {
                e.preventDefault();
                e.currentTarget.setRangeText('  ', e.currentTarget.selectionStart, e.currentTarget.selectionEnd, 'end');
                actions.typeD2(e.currentTarget.value);
                return;
              }
              if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 's') {
                e.preventDefault();
                if (canSave) void actions.saveDiagram();
              }
            }}
          />
        </div>
        <div className="d2-preview">
          {shownError && (
            <p className="hint error d2-error" data-testid="d2-error" data-line={shownError.line}>
              {shownError.line ? `Line ${shownError.line}: ` : ''}
              {shownError.message}
            </p>
          )}
          {svg ? <DiagramImage svg={svg} label={`Preview of the diagram of ${element.name}`} testId="d2-preview" stale={!current || !!shownError} /> : !shownError && <p className="hint">Rendering…</p>}
        </div>
      </div>
    </section>
  );
}
