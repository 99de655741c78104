/** The studio window: the diagram editor, or why it cannot start. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Connection } from '../api/api';
import { DrawioEditor } from '../features/drawio/DrawioEditor';
import { DrawioEditorProvider } from '../features/drawio/editor/drawio-context';
import type { Studio } from './studio';

const STATUS_TEXT = { open: 'live', connecting: 'connecting…', reconnecting: 'reconnecting…', closed: 'offline' } as const;

function ConnectionBadge({ connection }: { connection: Connection }) {
  const status = useSyncExternalStore(connection.onStatus, connection.status);
  return (
    <span className={`connection ${status}`} data-testid="connection" title="Connection to the studio core">
      <span className="connection-dot" aria-hidden="true" />
      {STATUS_TEXT[status]}
    </span>
  );
}

/** How long the studio may be out of reach before the page says what to do about it. */
const PATIENCE_MS = 4000;

/**
 * Shown when the core has been out of reach for a while. The usual cause is a restarted
 * `tandem serve`: it has a new port or token, so this address will not work again.
 */
function ConnectionProblem({ connection }: { connection: Connection }) {
  const status = useSyncExternalStore(connection.onStatus, connection.status);
  const [overdue, setOverdue] = useState(false);
  useEffect(() => {
    setOverdue(false);
    if (status === 'open') return;
    const timer = setTimeout(() => setOverdue(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  if (status === 'open' || !overdue) return null;
  return (
    <div className="connection-problem" role="alert" data-testid="connection-problem">
      Cannot reach the studio. Still trying; if <code>tandem serve</code> was restarted, open the new address it printed (it
      carries a new token).
    </div>
  );
}

export function NoToken() {
  return (
    <main className="no-token" data-testid="no-token">
      <h1>Tandem Studio</h1>
      <p>This page needs the address that <code>tandem serve</code> printed when it started: it ends in <code>#token=…</code>.</p>
      <p>
        Open that address (for example <code>http://127.0.0.1:PORT/#token=…</code>), or find the token in
        <code> .tandem/endpoint.json</code> in the workspace.
      </p>
    </main>
  );
}

export function App({ studio }: { studio: Studio }) {
  return (
    <DrawioEditorProvider value={studio.drawio}>
      <DrawioEditor registerControls={studio.registerCanvas} connection={<ConnectionBadge connection={studio.connection} />} />
      <ConnectionProblem connection={studio.connection} />
    </DrawioEditorProvider>
  );
}

