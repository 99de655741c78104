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

/** An entry of a view's command table, as far as the keyboard reads it. */
export interface KeyCommand<Actions, Context> {
  id: string;
  /** Accelerators (`Mod+Shift+Z`); the first is the one a menu or tooltip shows. None: not on the keyboard. */
  keys?: readonly string[];
  enabled(ctx: Context): boolean;
  run(actions: Actions, ctx: Context): unknown;
}

/** The command of `commands` that `stroke` runs, if any. */
export function commandForKey<C extends { keys?: readonly string[] }>(stroke: KeyStroke, commands: readonly C[]): C | undefined {
  return commands.find((command) => command.keys?.some((keys) => matchesKey(keys, stroke)));
}

/** Keys typed into a text field belong to the field, not to the diagram. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return element.isContentEditable || element.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** How long a key command waits for the one before it; past this it runs anyway (a lost answer must not freeze the keyboard). */
export const KEY_COMMAND_WAIT_MS = 5000;

/**
 * Runs a view's key commands one after another, each once the one before it has been answered.
 * The core sends a change before its answer, so a command sees the edits of every key pressed
 * before it: Alt+↑ then Ctrl+C copies the louder note, however fast the keys come.
 */
export function createKeyCommandQueue(waitMs = KEY_COMMAND_WAIT_MS): (command: () => unknown) => Promise<void> {
  let previous: Promise<unknown> = Promise.resolve();
  return (command) => {
    const waited = previous;
    const current = (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([waited, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
      await command();
    })().catch(() => undefined);
    previous = current;
    return current;
  };
}
