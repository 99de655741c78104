/** The studio window: a domain switcher and each domain's view, or why it cannot start. */
import { Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { PresenceBar, PresenceProvider } from '../common/presence';
import { ViewShownProvider } from '../common/view-shown';
import type { Connection } from '../api/api';
import { ConnectClaudeDesktop } from './ConnectClaudeDesktop';
import { DomainSwitcher, type DomainChoice } from './DomainSwitcher';
import type { Studio } from './studio';
import { ThemeSwitch } from './ThemeSwitch';
import { Welcome } from './Welcome';

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
  const first = (studio.features.find(({ feature }) => feature.first) ?? studio.features[0]).feature.domain;
  const [active, setActive] = useState(first);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([first]));
  const select = (domain: string) => {
    studio.features.find(({ feature }) => feature.domain === domain)?.instance.start();
    setOpened((before) => (before.has(domain) ? before : new Set([...before, domain])));
    setActive(domain);
  };
  // A link opened in one view shows its domain's view (common/navigation.ts).
  const showRef = useRef(select);
  showRef.current = select;
  useEffect(() => studio.navigation.onShow((domain) => showRef.current(domain)), [studio]);
  const connection = <ConnectionBadge connection={studio.connection} />;
  const choices: DomainChoice[] = studio.features.map(({ feature }) => ({ domain: feature.domain, label: feature.label, icon: feature.icon }));
  return (
    <PresenceProvider value={studio.presence}>
      <div className="studio">
        <DomainSwitcher
          choices={choices}
          active={active}
          onSelect={select}
          footer={
            <>
              <ConnectClaudeDesktop api={studio.api} />
              <PresenceBar />
              <ThemeSwitch />
            </>
          }
        />
        <div className="studio-view">
          {studio.features.map(
            ({ feature, instance }) =>
              opened.has(feature.domain) && (
                <DomainView key={feature.domain} shown={active === feature.domain}>
                  <Suspense fallback={<div className="domain-view-loading">Loading {feature.label}…</div>}>
                    <feature.View value={instance.value} connection={connection} />
                  </Suspense>
                </DomainView>
              ),
          )}
        </div>
        <ConnectionProblem connection={studio.connection} />
        <Welcome api={studio.api} domains={choices} onShow={select} />
      </div>
    </PresenceProvider>
  );
}
