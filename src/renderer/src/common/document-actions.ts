/**
 * What every document view does the same way (DESIGN.md, "One pipeline for every edit"): send a
 * batch of ops or a session action as the person, show a refused one as a toast, and the file
 * flow (the native dialog in Electron, the workspace file list in a browser tab).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ApiAnswer, TandemApi } from '../../../shared/tandem-api';
import { errorMessage } from '../stores/document-store';
import { checkpointAction, openAction, saveAsAction } from './fcp-text';
import { pushToast, toastContent, type ToastState } from './toasts';

/** The dialogs a view opens for its files and checkpoints. */
export type DocumentDialogKind = 'open' | 'save-as' | 'checkpoint';

export interface DocumentActionDeps {
  api: TandemApi;
  domain: string;
  /** The view's own store: its toasts and its open dialog. */
  view: StoreApi<ToastState & { dialog?: string }>;
  /** The document on screen: whether it has unsaved changes, its title and file. */
  document(): { dirty: boolean; title: string; path?: string };
  /** Asks the person whether unsaved changes may go (the native dialog path); absent: never. */
  confirmDiscard?(title: string): boolean;
}

const DONE: ApiAnswer = { text: '', isError: false };

export function createDocumentActions(deps: DocumentActionDeps) {
  const { api, domain, view } = deps;

  const report = (answer: ApiAnswer): ApiAnswer => {
    if (answer.isError) pushToast(view, toastContent(answer.text));
    return answer;
  };
  const fail = (error: unknown): ApiAnswer => {
    const suggestion = (error as { suggestion?: unknown })?.suggestion;
    pushToast(view, { message: errorMessage(error), hints: typeof suggestion === 'string' ? [suggestion] : [] });
    return { text: errorMessage(error), isError: true };
  };

  /** Sends one batch; an error answer (or a lost connection) becomes a toast. */
  const mutate = (ops: readonly string[]): Promise<ApiAnswer> => {
    if (ops.length === 0) return Promise.resolve(DONE);
    return api.mutate(domain, [...ops]).then(report, fail);
  };
  const session = (action: string): Promise<ApiAnswer> => api.session(domain, action).then(report, fail);

  const actions = {
    mutate,
    session,
    undo: () => session('undo'),
    redo: () => session('redo'),
    checkpoint: (name: string) => session(checkpointAction(name)),

    openDialog(dialog: DocumentDialogKind | undefined): void {
      view.setState({ dialog });
    },

    /**
     * Electron: the native dialog, then `open PATH` (asking first if unsaved changes would go).
     * Browser: the workspace file list, which asks the same itself.
     */
    async open(): Promise<void> {
      if (api.pickFile) {
        const path = await api.pickFile(domain, 'open').catch(fail);
        if (typeof path !== 'string') return;
        const { dirty, title } = deps.document();
        const discard = dirty && (deps.confirmDiscard?.(title) ?? false);
        if (dirty && !discard && deps.confirmDiscard) return;
        await session(openAction(path, discard));
        return;
      }
      view.setState({ dialog: 'open' });
    },
    openPath: (path: string, discard = false) => session(openAction(path, discard)),
    listFiles: () => api.listFiles(domain),

    /** Saves to the document's file; a document without one asks where first. */
    async save(): Promise<void> {
      if (deps.document().path) {
        await session('save');
        return;
      }
      await actions.saveAs();
    },
    async saveAs(): Promise<void> {
      if (api.pickFile) {
        const path = await api.pickFile(domain, 'save').catch(fail);
        if (typeof path === 'string') await session(saveAsAction(path));
        return;
      }
      view.setState({ dialog: 'save-as' });
    },
    saveToPath: (path: string) => session(saveAsAction(path)),
  };
  return actions;
}

export type DocumentActions = ReturnType<typeof createDocumentActions>;

/**
 * Sends a batch and waits (up to `waitMs`) until its result shows in the store, as `find` sees
 * it: how a view selects what it just added once the change event has brought it back. Resolves
 * with the answer, and what was found unless the batch failed or nothing showed in time.
 */
export async function sendAndFind<S, T>(
  store: Pick<StoreApi<S>, 'getState' | 'subscribe'>,
  send: () => Promise<ApiAnswer>,
  find: (state: S) => T | undefined,
  waitMs: number,
): Promise<{ answer: ApiAnswer; found?: T }> {
  let stop = () => {};
  const appeared = new Promise<T | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), waitMs);
    const unsubscribe = store.subscribe((state) => {
      const found = find(state);
      if (found !== undefined) resolve(found);
    });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve(undefined);
    };
  });
  try {
    const answer = await send();
    if (answer.isError) return { answer };
    return { answer, found: find(store.getState()) ?? (await appeared) };
  } finally {
    stop();
  }
}
