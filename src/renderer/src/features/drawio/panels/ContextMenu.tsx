/**
 * The right-click menu: the commands of the table (commands.ts) that fit what was clicked, with
 * their keys, and the theme swatches for the selected shapes. A press outside, Escape, the wheel
 * or leaving the window closes it. Up and Down walk its entries.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { MENU_SECTIONS, menuCommands, type CommandContext, type EditorCommand, type MenuSection } from '../editor/commands';
import { useActions, useEditor } from '../editor/drawio-context';
import type { ContextMenuState } from '../editor/editor-store';
import { keyLabel } from '../../../common/shortcuts';
import { ThemeSwatches } from './ThemeSwatches';
import './context-menu.css';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** Keeps the menu this far from the window's edges. */
const MARGIN = 6;

const SECTIONS_FOR: Record<ContextMenuState['target'], readonly MenuSection[]> = {
  selection: MENU_SECTIONS.filter((s) => s !== 'canvas'),
  canvas: ['canvas'],
};

/** Sections shown as a submenu (one entry that opens to the side) rather than inline. */
const SUBMENU_LABELS: Partial<Record<MenuSection, string>> = { align: 'Align' };

function MenuItem(props: { command: EditorCommand; ctx: CommandContext; run(command: EditorCommand): void }) {
  const { command, ctx } = props;
  const keys = command.keys?.[0];
  return (
    <button
      type="button"
      role="menuitem"
      className="menu-item"
      data-testid={`menu-${command.id}`}
      disabled={!command.enabled(ctx)}
      onClick={() => props.run(command)}
    >
      <span className="menu-label">{command.label}</span>
      {keys && <span className="menu-keys">{keyLabel(keys, MAC)}</span>}
    </button>
  );
}

function ContextMenuPanel({ menu }: { menu: ContextMenuState }) {
  const actions = useActions();
  const selection = useEditor((s) => s.selection);
  const canPaste = useEditor((s) => Boolean(s.clipboard?.shapes.length));
  const panel = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: menu.x, top: menu.y, flipSubmenu: false });
  const ctx: CommandContext = { selection, canPaste, at: menu.at };

  useEffect(() => {
    const close = () => actions.closeContextMenu();
    const onPointerDown = (event: PointerEvent) => {
      if (!panel.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    window.addEventListener('pointerdown', onPointerDown, { capture: true });
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('wheel', close, { passive: true });
    window.addEventListener('blur', close);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('pointerdown', onPointerDown, { capture: true });
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('wheel', close);
      window.removeEventListener('blur', close);
      window.removeEventListener('resize', close);
    };
  }, [actions]);

  // Inside the window, whatever corner was clicked; the submenu opens leftwards near the right edge.
  useLayoutEffect(() => {
    const box = panel.current?.getBoundingClientRect();
    if (!box) return;
    const left = Math.max(MARGIN, Math.min(menu.x, window.innerWidth - box.width - MARGIN));
    const top = Math.max(MARGIN, Math.min(menu.y, window.innerHeight - box.height - MARGIN));
    setPlace({ left, top, flipSubmenu: left + 2 * box.width > window.innerWidth });
    panel.current?.querySelector<HTMLElement>('[role="menuitem"]:not(:disabled)')?.focus();
  }, [menu]);

  const run = (command: EditorCommand) => {
    actions.closeContextMenu();
    void command.run(actions, ctx);
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(panel.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? [])].filter((item) => item.offsetParent !== null);
    if (items.length === 0) return;
    const now = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (now + 1) % items.length : (now - 1 + items.length) % items.length;
    items[next].focus();
  };

  const sections = SECTIONS_FOR[menu.target]
    .map((section) => ({ section, commands: menuCommands(section) }))
    .filter(({ commands }) => commands.some((c) => c.enabled(ctx)));
  const styling = menu.target === 'selection' && selection.shapeIds.length > 0;

  return (
    <div
      ref={panel}
      className="context-menu"
      role="menu"
      aria-label={menu.target === 'canvas' ? 'Canvas' : 'Selection'}
      data-testid="context-menu"
      style={{ left: place.left, top: place.top }}
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={onKeyDown}
    >
      {sections.map(({ section, commands }) => {
        const submenu = SUBMENU_LABELS[section];
        return (
          <div className="menu-section" key={section}>
            {submenu ? (
              <div className={`menu-submenu${place.flipSubmenu ? ' flip' : ''}`}>
                <button type="button" role="menuitem" aria-haspopup="menu" className="menu-item" data-testid={`menu-${section}`}>
                  <span className="menu-label">{submenu}</span>
                  <span className="menu-keys">▸</span>
                </button>
                <div className="context-menu submenu" role="menu" aria-label={submenu}>
                  {commands.map((command) => (
                    <MenuItem key={command.id} command={command} ctx={ctx} run={run} />
                  ))}
                </div>
              </div>
            ) : (
              commands.map((command) => <MenuItem key={command.id} command={command} ctx={ctx} run={run} />)
            )}
          </div>
        );
      })}
      {styling && (
        <div className="menu-section menu-style">
          <span className="menu-heading">Theme</span>
          <ThemeSwatches
            testIdPrefix="menu-theme-"
            onPick={(theme) => {
              actions.closeContextMenu();
              void actions.restyle({ theme });
            }}
          />
        </div>
      )}
    </div>
  );
}

export function ContextMenu() {
  const menu = useEditor((s) => s.contextMenu);
  // Keyed by the opening, so a second right click starts a fresh menu where it happened.
  return menu ? <ContextMenuPanel key={`${menu.x},${menu.y},${menu.target}`} menu={menu} /> : null;
}
