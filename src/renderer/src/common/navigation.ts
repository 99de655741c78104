/**
 * Links between views, such as a todo's `drawio:AuthService` (DESIGN.md: domains point at each
 * other's things only by plain references). A view registers a reveal handler for its domain; the
 * studio opens a link by showing that domain's view and handing the handler the rest of the link.
 * Views never import each other: they know this module and the link's text, nothing more.
 */
import { parseLink } from '../../../shared/tasks-records';

/** What became of opening a link: shown, or why not (as a toast says it). */
export type RevealOutcome = { ok: true } | { ok: false; message: string; suggestion?: string };

/** Shows `target` (the part of the link after `domain:`) in the view, once it is on screen. */
export type RevealHandler = (target: string) => RevealOutcome | Promise<RevealOutcome>;

export interface Navigation {
  /** Makes `domain:` links open in this view; answers the function that takes it back. */
  register(domain: string, handler: RevealHandler): () => void;
  /**
   * Shows the link's domain and reveals its target there. Never throws. A link that cannot be
   * opened shows `from` again (the view the person clicked in), which then says why.
   */
  open(link: string, from?: string): Promise<RevealOutcome>;
  /** Called with the domain whose view must show (the window switches to it). */
  onShow(listener: (domain: string) => void): () => void;
}

export function createNavigation(): Navigation {
  const handlers = new Map<string, RevealHandler>();
  const listeners = new Set<(domain: string) => void>();
  const show = (domain: string) => listeners.forEach((listener) => listener(domain));

  /** Reveals the link's target, showing its view first; `switched` says whether it did. */
  async function reveal(link: string): Promise<{ outcome: RevealOutcome; switched: boolean }> {
    const { domain, target } = parseLink(link);
    if (!link.includes(':') || !domain || !target) {
      return { outcome: { ok: false, message: `'${link}' is not a link`, suggestion: "links read domain:thing, e.g. 'drawio:AuthService'" }, switched: false };
    }
    const handler = handlers.get(domain);
    if (!handler) {
      const known = [...handlers.keys()].join(', ');
      return { outcome: { ok: false, message: `No view opens ${domain} links yet`, suggestion: `links that open: ${known || 'none'}` }, switched: false };
    }
    show(domain);
    try {
      return { outcome: await handler(target), switched: true };
    } catch (err) {
      return { outcome: { ok: false, message: `Opening ${link} failed: ${err instanceof Error ? err.message : String(err)}` }, switched: true };
    }
  }

  return {
    register(domain, handler) {
      handlers.set(domain, handler);
      return () => {
        if (handlers.get(domain) === handler) handlers.delete(domain);
      };
    },
    async open(link, from) {
      const { outcome, switched } = await reveal(link);
      if (!outcome.ok && switched && from) show(from);
      return outcome;
    },
    onShow(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Resolves with what `find` sees in the store as soon as it sees something (now, or after a
 * change), or with undefined after `waitMs`: a reveal waits for its view's records to arrive.
 */
export function whenFound<S, T>(store: { getState(): S; subscribe(listener: (state: S) => void): () => void }, find: (state: S) => T | undefined, waitMs: number): Promise<T | undefined> {
  const now = find(store.getState());
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = (value: T | undefined) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    const timer = setTimeout(() => done(undefined), waitMs);
    const unsubscribe = store.subscribe((state) => {
      const found = find(state);
      if (found !== undefined) done(found);
    });
  });
}

/** How long a reveal waits for its view's records (a view opened for the first time loads them). */
export const REVEAL_WAIT_MS = 5000;

/** Resolves after the browser has laid out and painted twice: a view just shown has its size (at once where nothing paints). */
export function afterLayout(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}
