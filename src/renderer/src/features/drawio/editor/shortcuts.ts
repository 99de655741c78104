/** The editor's keyboard shortcuts. Ctrl and Cmd are the same key here, on every platform. */
export type ShortcutAction = 'delete' | 'undo' | 'redo' | 'selectAll' | 'copy' | 'paste';

export interface KeyStroke {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function shortcutFor(stroke: KeyStroke): ShortcutAction | undefined {
  const mod = stroke.ctrlKey || stroke.metaKey;
  const key = stroke.key.toLowerCase();
  if (stroke.altKey) return undefined;
  if (!mod) return key === 'delete' || key === 'backspace' ? 'delete' : undefined;
  if (key === 'z') return stroke.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !stroke.shiftKey) return 'redo';
  if (stroke.shiftKey) return undefined;
  if (key === 'a') return 'selectAll';
  if (key === 'c') return 'copy';
  if (key === 'v') return 'paste';
  return undefined;
}

/** Keys typed into a text field belong to the field, not to the diagram. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return element.isContentEditable || element.closest('input, textarea, select, [contenteditable="true"]') !== null;
}
