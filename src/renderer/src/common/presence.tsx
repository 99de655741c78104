/**
 * Presence in the views (issue 14): each view reports the person's selection with
 * useSelectionReport, marks what an AI client just read with useReadMark / ReadMarkOutline, and the
 * window shows the clients connected in the PresenceBar. Without a PresenceProvider (tests of one
 * view) all of it is inert.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ClientPresence, SelectionReport } from '../../../shared/presence';
import { type PresenceController, type PresenceState, type ReadMark, READ_MARK_MS, isFreshRead, readKey } from '../stores/presence-store';
import { originColor } from './origin';
import { useWhileFresh } from './use-fresh-change';

const PresenceContext = createContext<PresenceController | undefined>(undefined);

export function PresenceProvider(props: { value: PresenceController; children: ReactNode }) {
  return <PresenceContext.Provider value={props.value}>{props.children}</PresenceContext.Provider>;
}

const EMPTY: PresenceState = { clients: [], reads: new Map(), readLog: [] };
const inert = { getState: () => EMPTY, subscribe: () => () => undefined, setState: () => undefined, getInitialState: () => EMPTY };

/** The presence store itself, for views that paint outside React (the piano roll). */
export function usePresenceStore(): PresenceController['store'] {
  return useContext(PresenceContext)?.store ?? (inert as unknown as PresenceController['store']);
}

export function usePresence<T>(selector: (state: PresenceState) => T): T {
  return useStore(usePresenceStore(), selector);
}

/**
 * Tells the core what the person has selected in this view, whenever it changes (and whether the
 * view is on screen). `ids` should keep its identity while the selection does not change.
 */
export function useSelectionReport(domain: string, ids: readonly string[], visible: boolean, focus?: SelectionReport['focus']): void {
  const presence = useContext(PresenceContext);
  const focusKey = focus ? `${focus.kind}:${focus.id}:${focus.name ?? ''}` : '';
  useEffect(() => {
    presence?.report({ domain, ids: [...ids], visible, ...(focus ? { focus } : {}) });
    // focus is compared by its key: a new object with the same content is the same focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [presence, domain, ids, visible, focusKey]);
}

/** The fresh read mark of a record, if an AI client read it in the last READ_MARK_MS; re-renders when it runs out. */
export function useReadMark(documentId: string | undefined, id: string): ReadMark | undefined {
  return useWhileFresh(
    usePresence((s) => (documentId ? s.reads.get(readKey(documentId, id)) : undefined)),
    READ_MARK_MS,
    isFreshRead,
  );
}

/** A dashed outline and a "read by" tag: distinct from the solid outline of an edit. */
export function ReadMarkOutline(props: { mark: ReadMark; round?: boolean }) {
  const color = originColor(props.mark.origin);
  return (
    <div className={`read-mark${props.round ? ' round' : ''}`} style={{ borderColor: color }} data-testid="read-mark" data-origin={props.mark.origin} title={`${props.mark.origin}: ${props.mark.what}`}>
      <span className="read-origin" style={{ color }}>
        read by {props.mark.origin}
      </span>
    </div>
  );
}

/** A row's small "read by" tag (a track, a tree row, a tab): dashed, in the reader's colour. */
export function ReadChip({ origin }: { origin: string }) {
  const color = originColor(origin);
  return (
    <span className="read-chip" style={{ color, borderColor: color }} data-testid="read-mark" data-origin={origin} title={`Just read by ${origin}`}>
      read by {origin}
    </span>
  );
}

const ago = (at: number, now: number) => {
  const s = Math.max(0, Math.round((now - at) / 1000));
  return s < 60 ? `${s} s ago` : `${Math.round(s / 60)} min ago`;
};

/**
 * What a client last did, for the narrow rail: a path as its file's name (the chip's title has it
 * whole), and a break allowed after each `_` so a tool's name (`drawio_session`) wraps between its
 * words, not inside one.
 */
export function railAction(what: string): ReactNode[] {
  const short = what.replace(/\S*\/(\S+)/g, '$1');
  return short.split(/(?<=_)/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

function ClientChip({ client, now }: { client: ClientPresence; now: number }) {
  const last = client.lastAction;
  const title = `${client.name}: connected ${ago(client.connectedAt, now)}${last ? `; last ${last.read ? 'read' : 'did'}: ${last.what} (${ago(last.at, now)})` : '; nothing yet'}`;
  return (
    <li className="presence-client" data-testid="presence-client" data-name={client.name} title={title}>
      <span className="presence-dot" style={{ background: originColor(client.name) }} aria-hidden="true" />
      <span className="presence-name">{client.name}</span>
      {last && <span className="presence-last">{railAction(last.what)}</span>}
    </li>
  );
}

/** The AI clients connected to the studio now, and what each last did. */
export function PresenceBar() {
  const clients = usePresence((s) => s.clients);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (clients.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, [clients.length]);
  return (
    <section className="presence-bar" data-testid="presence-bar" aria-label="AI clients connected">
      <span className="presence-heading" title={clients.length ? 'The AI clients connected to the studio' : 'No AI client is connected: the Claude button above connects Claude Desktop'}>
        {clients.length ? 'AI' : 'no AI'}
      </span>
      <ul>
        {clients.map((client) => (
          <ClientChip key={client.id} client={client} now={Math.max(now, client.lastAction?.at ?? 0)} />
        ))}
      </ul>
    </section>
  );
}
