/**
 * The editor's keyboard: a key runs the command the table gives it (see commands.ts). Listens in
 * the capture phase and keeps the keys it handles to itself, so xyflow's own arrow keys (which
 * would move nodes on screen only, never in the model) do not run as well. A command runs after
 * the keys before it have been answered (createKeyCommandQueue). Only while the diagram is the
 * view on screen.
 */
import { useEffect } from 'react';
import { commandForKey } from './commands';
import { useActions, useDrawioEditor } from './drawio-context';
import { createKeyCommandQueue, isTextEntry } from '../../../common/shortcuts';
import { useViewShown } from '../../../common/view-shown';

export function useShortcuts(): void {
  const actions = useActions();
  const { editor } = useDrawioEditor();
  const shown = useViewShown();
  useEffect(() => {
    if (!shown) return;
    const runInTurn = createKeyCommandQueue();
    const onKeyDown = (event: KeyboardEvent) => {
      const state = editor.getState();
      // Text fields, dialogs and the open context menu keep their keys.
      if (event.defaultPrevented || isTextEntry(event.target) || state.dialog || state.contextMenu) return;
      const command = commandForKey(event);
      if (!command) return;
      // Text selected on the page (an op in the activity list) copies as text, as anywhere else.
      if (command.id === 'copy' && !(document.getSelection()?.isCollapsed ?? true)) return;
      event.preventDefault();
      event.stopPropagation();
      const { shiftKey } = event;
      void runInTurn(() => {
        const now = editor.getState();
        const ctx = { selection: now.selection, canPaste: Boolean(now.clipboard?.shapes.length), shiftKey };
        return command.enabled(ctx) ? command.run(actions, ctx) : undefined;
      });
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [actions, editor, shown]);
}
