/** The studio window: a domain switcher and each domain's view, or why it cannot start. */
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { PresenceBar, PresenceProvider } from '../common/presence';
import { ViewShownProvider } from '../common/view-shown';
import type { Connection } from '../api/api';
import { DrawioEditor } from '../features/drawio/DrawioEditor';
import { DrawioEditorProvider } from '../features/drawio/editor/drawio-context';
import { MusicProvider } from '../features/midi/editor/music-context';
import { MusicView } from '../features/midi/MusicView';
import { ArchitectureProvider } from '../features/architecture/architecture-context';
import { ArchitectureView } from '../features/architecture/ArchitectureView';
import { ContextDomainProvider } from '../features/context/context-store';
import { ContextView } from '../features/context/ContextView';
import { TasksProvider } from '../features/tasks/tasks-context';
import { TasksView } from '../features/tasks/TasksView';
import { TestenvProvider } from '../features/testenv/testenv-context';
import { TestenvView } from '../features/testenv/TestenvView';
import { DomainSwitcher, type DomainChoice } from './DomainSwitcher';
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

const DOMAINS: readonly DomainChoice[] = [
  {
    domain: 'drawio',
    label: 'Diagram',
    icon: (
      <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M2.5 3.5h6v5h-6zM11.5 11.5h6v5h-6zM5.5 8.5v5.5h6" />
      </svg>
    ),
  },
  {
    domain: 'midi',
    label: 'Music',
    icon: (
      <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M7.5 15.5V4l9-1.5V14M7.5 15.5a2 2 0 1 1-4 0 2 2 0 0 1 4 0zM16.5 14a2 2 0 1 1-4 0 2 2 0 0 1 4 0z" />
      </svg>
    ),
  },
  {
    domain: 'testenv',
    label: 'Test env',
    icon: (
      <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M7.5 2.5h5M8.5 2.5v5L4 15.5a1.5 1.5 0 0 0 1.3 2h9.4a1.5 1.5 0 0 0 1.3-2l-4.5-8v-5M6 12.5h8" />
      </svg>
    ),
  },
  {
    domain: 'tasks',
    label: 'Tasks',
    icon: (
      <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M3.5 3.5h4v4h-4zM3.5 12.5h4v4h-4zM10.5 5.5h6M10.5 14.5h6M4.5 14.5l1 1 2-2.5" />
      </svg>
    ),
  },
  {
    domain: 'architecture',
    label: 'Architecture',
    icon: (
      <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M7 2.5h6v4H7zM2.5 13.5h5v4h-5zM12.5 13.5h5v4h-5zM10 6.5v3.5M5 13.5V10h10v3.5" />
      </svg>
    ),
  },
  {
    domain: 'context',
    label: 'Context',
    icon: (
      <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M3.5 4.5l4-1.5 5 2 4-1.5v12l-4 1.5-5-2-4 1.5zM7.5 3v12M12.5 5v12" />
      </svg>
    ),
  },
];

/**
 * A view is mounted the first time it is chosen and kept from then on, hidden while another one
 * shows: its state survives a switch, and it takes the keyboard only while it shows (view-shown.tsx).
 */
function DomainView(props: { shown: boolean; children: ReactNode }) {
  return (
    <div className="domain-view" hidden={!props.shown}>
      <ViewShownProvider shown={props.shown}>{props.children}</ViewShownProvider>
    </div>
  );
}

export function App({ studio }: { studio: Studio }) {
  const [active, setActive] = useState('drawio');
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(['drawio']));
  const select = (domain: string) => {
    if (domain === 'midi') studio.startMusic();
    if (domain === 'context') studio.startContext();
    if (domain === 'testenv') studio.startTestenv();
    if (domain === 'tasks') studio.startTasks();
    if (domain === 'architecture') studio.startArchitecture();
    setOpened((before) => (before.has(domain) ? before : new Set([...before, domain])));
    setActive(domain);
  };
  // A link opened in one view shows its domain's view (common/navigation.ts).
  const showRef = useRef(select);
  showRef.current = select;
  useEffect(() => studio.navigation.onShow((domain) => showRef.current(domain)), [studio]);
  const connection = <ConnectionBadge connection={studio.connection} />;
  return (
    <PresenceProvider value={studio.presence}>
      <div className="studio">
        <DomainSwitcher choices={DOMAINS} active={active} onSelect={select} footer={<PresenceBar />} />
        <div className="studio-view">
          <DomainView shown={active === 'drawio'}>
            <DrawioEditorProvider value={studio.drawio}>
              <DrawioEditor registerControls={studio.registerCanvas} connection={connection} />
            </DrawioEditorProvider>
          </DomainView>
          {opened.has('midi') && (
            <DomainView shown={active === 'midi'}>
              <MusicProvider value={studio.music}>
                <MusicView connection={connection} />
              </MusicProvider>
            </DomainView>
          )}
          {opened.has('testenv') && (
            <DomainView shown={active === 'testenv'}>
              <TestenvProvider value={studio.testenv}>
                <TestenvView connection={connection} />
              </TestenvProvider>
            </DomainView>
          )}
          {opened.has('tasks') && (
            <DomainView shown={active === 'tasks'}>
              <TasksProvider value={studio.tasks}>
                <TasksView connection={connection} />
              </TasksProvider>
            </DomainView>
          )}
          {opened.has('architecture') && (
            <DomainView shown={active === 'architecture'}>
              <ArchitectureProvider value={studio.architecture}>
                <ArchitectureView connection={connection} />
              </ArchitectureProvider>
            </DomainView>
          )}
          {opened.has('context') && (
            <DomainView shown={active === 'context'}>
              <ContextDomainProvider value={studio.context}>
                <ContextView connection={connection} />
              </ContextDomainProvider>
            </DomainView>
          )}
        </div>
        <ConnectionProblem connection={studio.connection} />
      </div>
    </PresenceProvider>
  );
}
