/** Over a view while its document loads, or why it could not (it retries by itself). */
import type { DocumentState } from '../stores/document-store';

export function LoadState(props: { status: DocumentState['status']; error?: string; noun: string; testId: string }) {
  if (props.status === 'ready') return null;
  return (
    <div className="canvas-overlay" data-testid={props.testId}>
      {props.status === 'loading' ? `Loading the ${props.noun}…` : `Could not load the ${props.noun}: ${props.error ?? 'unknown error'}. Retrying…`}
    </div>
  );
}
