/**
 * Key combinations as the command tables write them (`Mod+Shift+Z`, `Delete`, `Shift+ArrowLeft`):
 * matching a key stroke, and the text a menu shows. Mod is Ctrl or Cmd, both on every platform.
 */
export interface KeyStroke {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Whether `stroke` is exactly `accelerator`: the same key, and no modifier more or less. */
export function matchesKey(accelerator: string, stroke: KeyStroke): boolean {
  const parts = accelerator.split('+');
  const key = parts.pop()!.toLowerCase();
  const modifiers = new Set(parts.map((p) => p.toLowerCase()));
  return (
    stroke.key.toLowerCase() === key &&
    (stroke.ctrlKey || stroke.metaKey) === modifiers.has('mod') &&
    stroke.shiftKey === modifiers.has('shift') &&
    stroke.altKey === modifiers.has('alt')
  );
}

const KEY_NAMES: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc', Delete: 'Del' };

/** `Mod+Shift+Z` as a menu shows it: `Ctrl+Shift+Z`, or `⌘⇧Z` on a Mac. */
export function keyLabel(accelerator: string, mac: boolean): string {
  const parts = accelerator.split('+');
  const key = parts.pop()!;
  const name = KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);
  const modifiers = parts.map((p) => (mac ? { Mod: '⌘', Shift: '⇧', Alt: '⌥' } : { Mod: 'Ctrl', Shift: 'Shift', Alt: 'Alt' })[p] ?? p);
  return mac ? [...modifiers, name].join('') : [...modifiers, name].join('+');
}

/** Keys typed into a text field belong to the field, not to the diagram. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return element.isContentEditable || element.closest('input, textarea, select, [contenteditable="true"]') !== null;
}
