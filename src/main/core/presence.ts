/**
 * The studio's presence (issue 14): each window's selection per view, the MCP clients connected and
 * what they last did, and the reads they make, sent to every window. Presence never changes a model,
 * is never journaled and never blocks an edit: it lives here, beside the documents, and is lost with
 * the core, as a cursor would be.
 */
import { type ClientPresence, PRESENCE_LIMITS, type PresenceEvent, type SelectionReport } from '../../shared/presence';
import { ErrorCode, StudioError } from '../kernel/errors';

/** The person's selection as `@selected` uses it. */
export interface PresenceSelection {
  ids: ReadonlySet<string>;
  /** How many were selected (a huge selection keeps only its first ids). */
  count: number;
  /** Which window it comes from, e.g. `browser tab 2`. */
  window: string;
  focus?: SelectionReport['focus'];
}

interface WindowState {
  label: string;
  views: Map<string, { report: SelectionReport; count: number; at: number }>;
}

/** A view's name as the person knows it, for messages. */
const VIEW_NAMES: Record<string, string> = { drawio: 'Diagram', midi: 'Music', testenv: 'Test environments', tasks: 'Tasks', architecture: 'Architecture', context: 'Context' };
const viewName = (domain: string) => VIEW_NAMES[domain] ?? domain;

/** How messages name a window of each kind; `chat` is a view inside an AI client's chat (MCP Apps). */
const WINDOW_KINDS = { electron: 'studio window', browser: 'browser tab', chat: 'chat view' } as const;

export class PresenceHub {
  private readonly windows = new Map<string, WindowState>();
  private readonly clientsById = new Map<string, ClientPresence>();
  private readonly listeners = new Set<(event: PresenceEvent) => void>();
  private nextWindow = 1;

  /** A new window (a browser tab, the app's window): its id, and the label messages use. */
  openWindow(kind: 'electron' | 'browser' | 'chat'): string {
    const n = this.nextWindow++;
    const id = `w${n}`;
    this.windows.set(id, { label: `${WINDOW_KINDS[kind]} ${n}`, views: new Map() });
    return id;
  }

  closeWindow(id: string): void {
    this.windows.delete(id);
  }

  /** Records what a view of `window` shows selected; a selection past the limit keeps its first ids and its count. */
  report(window: string, report: SelectionReport): void {
    const state = this.windows.get(window);
    if (!state) return;
    const ids = report.ids.slice(0, PRESENCE_LIMITS.maxIds);
    const count = Math.max(report.count ?? 0, report.ids.length);
    state.views.set(report.domain, { report: { ...report, ids }, count, at: Date.now() });
  }

  /**
   * The selection `@selected` means in `domain`: that of the window whose view of it the person used
   * last. Throws no_selection, saying why, when no window shows the view or nothing is selected.
   */
  selected(domain: string): PresenceSelection {
    const latest = this.latestView(domain);
    if (!latest) {
      throw new StudioError(
        ErrorCode.noSelection,
        `@selected: no studio window shows the ${viewName(domain)} view, so nothing is selected`,
        'name the things instead (or ask the person to open the view and select them)',
      );
    }
    if (latest.count === 0) {
      throw new StudioError(
        ErrorCode.noSelection,
        `@selected: nothing is selected in the ${viewName(domain)} view (${latest.window})`,
        'ask the person to select what they mean, or name the things instead',
      );
    }
    return latest;
  }

  /** The person's selection in `domain`, or undefined when no window shows the view or nothing is selected. */
  selectionOf(domain: string): PresenceSelection | undefined {
    const latest = this.latestView(domain);
    return latest && latest.count > 0 ? latest : undefined;
  }

  /** Where the person is now: the view on screen in the window they used last, if any. */
  lookingAt(): { domain: string; window: string; focus?: SelectionReport['focus']; count: number } | undefined {
    let latest: { domain: string; window: string; focus?: SelectionReport['focus']; count: number; at: number } | undefined;
    for (const { label, views } of this.windows.values()) {
      for (const [domain, view] of views) {
        if (view.report.visible && (!latest || view.at > latest.at)) latest = { domain, window: label, focus: view.report.focus, count: view.count, at: view.at };
      }
    }
    if (!latest) return undefined;
    const { at: _at, ...where } = latest;
    return where;
  }

  /** The report of `domain`'s view in the window that reported it last. */
  private latestView(domain: string): PresenceSelection | undefined {
    let latest: { label: string; view: { report: SelectionReport; count: number; at: number } } | undefined;
    for (const { label, views } of this.windows.values()) {
      const view = views.get(domain);
      if (view && (!latest || view.at > latest.view.at)) latest = { label, view };
    }
    if (!latest) return undefined;
    const { report, count } = latest.view;
    return { ids: new Set(report.ids), count, window: latest.label, focus: report.focus };
  }

  /** An MCP client read records of a document: every window is told, to mark them. */
  read(origin: string, domain: string, documentId: string, ids: readonly string[], what: string): void {
    if (ids.length === 0) return;
    this.emit({ type: 'read', origin, domain, documentId, ids: ids.slice(0, PRESENCE_LIMITS.maxReadIds), what, at: Date.now() });
  }

  clientConnected(id: string, name: string): void {
    this.clientsById.set(id, { id, name, connectedAt: Date.now() });
    this.emitClients();
  }

  /** What a connected client just did; `read` for a query or a read-only tool. */
  clientActed(id: string, what: string, read: boolean): void {
    const client = this.clientsById.get(id);
    if (!client) return;
    client.lastAction = { what: what.length > 200 ? `${what.slice(0, 199)}…` : what, at: Date.now(), read };
    this.emitClients();
  }

  clientDisconnected(id: string): void {
    if (this.clientsById.delete(id)) this.emitClients();
  }

  clients(): ClientPresence[] {
    return [...this.clientsById.values()].map((c) => ({ ...c }));
  }

  subscribe(listener: (event: PresenceEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emitClients(): void {
    this.emit({ type: 'clients', clients: this.clients() });
  }

  private emit(event: PresenceEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing window must not stop the others.
      }
    }
  }
}
