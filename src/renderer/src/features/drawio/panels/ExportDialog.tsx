/**
 * Export: the page on screen drawn into an SVG or PNG in the workspace, with the diagram inside
 * (the core's `export` session action), so it can be shown on GitHub or in a document and still be
 * opened for editing. The name suggested is the diagram's own as .drawio.svg; the dialog stays open
 * to say where the file went (or why it was refused).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { pictureKind, suggestedExportName, withPictureKind, type PictureKind } from '../../../../../shared/drawio/export-names';
import { Modal } from '../../../common/Dialogs';
import { toastContent } from '../../../common/toasts';
import { errorMessage } from '../../../stores/document-store';
import { useActions, useDrawio } from '../editor/drawio-context';

type Outcome = { ok: true; line: string } | { ok: false; message: string; hints: string[] };

export function ExportDialog({ close }: { close(): void }) {
  const actions = useActions();
  const title = useDrawio((s) => s.meta?.title ?? s.title);
  const path = useDrawio((s) => s.path);
  const page = useDrawio((s) => s.pages.get(s.meta?.activePageId ?? '')?.name);
  const [target, setTarget] = useState(() => suggestedExportName(path, title));
  const [scale, setScale] = useState('1');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const kind = pictureKind(target);

  const choose = (next: PictureKind) => setTarget((current) => withPictureKind(current, next));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target.trim() || busy) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await actions.exportPage(target.trim(), Number(scale) || 1);
      const content = toastContent(answer.text);
      setOutcome(answer.isError ? { ok: false, ...content } : { ok: true, line: content.message.replace(/^!/, '') });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error), hints: [] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={page ? `Export page "${page}"` : 'Export'} onClose={close}>
      <form className="path-form" onSubmit={(event) => void submit(event)}>
        <div className="field-row" role="group" aria-label="Format">
          {(['svg', 'png'] as const).map((option) => (
            <button key={option} type="button" className={`text-button${kind === option ? ' pressed' : ''}`} aria-pressed={kind === option} data-testid={`export-${option}`} onClick={() => choose(option)}>
              {option === 'svg' ? 'SVG (.drawio.svg)' : 'PNG (.drawio.png)'}
            </button>
          ))}
        </div>
        <label className="field wide">
          <span>File in the workspace (the diagram goes inside: diagrams.net and the studio reopen it)</span>
          <input ref={input} autoFocus value={target} onChange={(e) => setTarget(e.target.value)} data-testid="export-path-input" spellCheck={false} />
        </label>
        {kind === 'png' && (
          <label className="field">
            <span>Scale</span>
            <input type="number" min="0.1" max="8" step="any" value={scale} onChange={(e) => setScale(e.target.value)} data-testid="export-scale-input" />
          </label>
        )}
        {outcome?.ok && (
          <p className="hint" data-testid="export-result">
            {outcome.line}
          </p>
        )}
        {outcome && !outcome.ok && (
          <p className="hint error" data-testid="export-error">
            {outcome.message}
            {outcome.hints.map((hint) => (
              <span key={hint} className="toast-hint">
                {' '}
                try: {hint}
              </span>
            ))}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="text-button" onClick={close}>
            {outcome?.ok ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" className="primary-button" data-testid="export-confirm" disabled={busy}>
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
