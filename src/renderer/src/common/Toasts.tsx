/** Refused edits: the core's error and its `try:` suggestion, until dismissed. */
import type { Toast } from './toasts';

export function Toasts(props: { toasts: readonly Toast[]; onDismiss(id: number): void }) {
  if (props.toasts.length === 0) return null;
  return (
    <div className="toasts" role="status" aria-live="polite">
      {props.toasts.map((toast) => (
        <div key={toast.id} className="toast" data-testid="toast">
          <div className="toast-body">
            <pre className="toast-message">{toast.message}</pre>
            {toast.hints.map((hint) => (
              <pre key={hint} className="toast-hint">
                try: {hint}
              </pre>
            ))}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss" data-testid="toast-dismiss" onClick={() => props.onDismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
