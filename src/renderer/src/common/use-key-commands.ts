/**
 * A view's keyboard: a key runs the command the view's table gives it, after the keys before it
 * have been answered (createKeyCommandQueue). Only while the view is on screen, so two views' keys
 * never both run. Listens in the capture phase and keeps the keys it handles to itself (xyflow's
 * own arrow keys, which would move nodes on screen only, never in the model, do not run as well).
 */
import { useEffect } from 'react';
import { type KeyCommand, type KeyStroke, commandForKey, createKeyCommandQueue, isTextEntry } from './shortcuts';
import { useViewShown } from './view-shown';

/** What a view gives its keyboard. Keep it stable (useMemo): a new one listens anew. */
export interface ViewKeys<Actions, Context> {
  commands: readonly KeyCommand<Actions, Context>[];
  actions: Actions;
  /** Whether the view's dialog or menu is open (it keeps the keys then). */
  keysHeld(): boolean;
  /** What a command sees when its turn comes; `stroke` is the key that ran it. */
  contextAt(stroke: KeyStroke): Context;
}

export function useKeyCommands<Actions, Context>(keys: ViewKeys<Actions, Context>): void {
  const shown = useViewShown();
  useEffect(() => {
    if (!shown) return;
    const runInTurn = createKeyCommandQueue();
    const onKeyDown = (event: KeyboardEvent) => {
      // Text fields, dialogs and the open context menu keep their keys.
      if (event.defaultPrevented || isTextEntry(event.target) || keys.keysHeld()) return;
      const command = commandForKey(event, keys.commands);
      if (!command) return;
      // Text selected on the page (an op in the activity list) copies as text, as anywhere else.
      if (command.id === 'copy' && !(document.getSelection()?.isCollapsed ?? true)) return;
      event.preventDefault();
      event.stopPropagation();
      const { key, ctrlKey, metaKey, shiftKey, altKey } = event;
      void runInTurn(() => {
        const ctx = keys.contextAt({ key, ctrlKey, metaKey, shiftKey, altKey });
        return command.enabled(ctx) ? command.run(keys.actions, ctx) : undefined;
      });
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [keys, shown]);
}
