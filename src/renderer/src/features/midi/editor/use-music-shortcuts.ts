/**
 * The Music view's keyboard: a key runs the command the table gives it (see commands.ts), after
 * the keys before it have been answered (createKeyCommandQueue). Only while the view is on
 * screen, so the diagram editor's keys and these never both run.
 */
import { useEffect } from 'react';
import { createKeyCommandQueue, isTextEntry } from '../../../common/shortcuts';
import { useViewShown } from '../../../common/view-shown';
import { musicCommandForKey } from './commands';
import { useMusic } from './music-context';

export function useMusicShortcuts(): void {
  const { actions, view } = useMusic();
  const shown = useViewShown();
  useEffect(() => {
    if (!shown) return;
    const runInTurn = createKeyCommandQueue();
    const onKeyDown = (event: KeyboardEvent) => {
      const state = view.getState();
      if (event.defaultPrevented || isTextEntry(event.target) || state.dialog) return;
      const command = musicCommandForKey(event);
      if (!command) return;
      // Text selected on the page (an op in the activity list) copies as text, as anywhere else.
      if (command.id === 'copy' && !(document.getSelection()?.isCollapsed ?? true)) return;
      event.preventDefault();
      event.stopPropagation();
      void runInTurn(() => {
        const ctx = { selected: actions.selectedCount(), canPaste: Boolean(view.getState().clipboard?.notes.length) };
        return command.enabled(ctx) ? command.run(actions) : undefined;
      });
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [actions, view, shown]);
}
