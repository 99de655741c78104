/** Refused edits: the core's error and its `try:` suggestion, until dismissed. */
import { dismissToast } from '../editor/editor-store';
import { useDrawioEditor, useEditor } from '../editor/drawio-context';

export function Toasts() {
  const { editor } = useDrawioEditor();
  const toasts = useEditor((s) => s.toasts);
  if (toasts.length === 0) return null;
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast" data-testid="toast">
          <div className="toast-body">
            <pre className="toast-message">{toast.message}</pre>
            {toast.hints.map((hint) => (
              <pre key={hint} className="toast-hint">
                try: {hint}
              </pre>
            ))}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss" data-testid="toast-dismiss" onClick={() => dismissToast(editor, toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
