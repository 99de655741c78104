/**
 * The editor's commands, one entry each: its label, its keys, where the context menu lists it,
 * when it applies and what it does (always through the actions, so always as ops). The keyboard
 * and the context menu both read this table, so a key and a menu entry cannot drift apart.
 */
import type { Point } from '../../../../../shared/drawio/geometry';
import type { Alignment } from '../model/ops';
import type { DrawioActions } from './actions';
import type { Selection } from './editor-store';
import type { NudgeDirection } from './nudge';
import type { KeyCommand } from '../../../common/shortcuts';

export interface CommandContext {
  selection: Selection;
  /** Something was copied in this window. */
  canPaste: boolean;
  /** Where the context menu was opened, in page coordinates; absent when a key ran it. */
  at?: Point;
  /** Shift was held (a nudge goes a grid step). */
  shiftKey?: boolean;
}

/** The context menu's sections, in the order it shows them. */
export const MENU_SECTIONS = ['edit', 'arrange', 'align', 'canvas'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export interface EditorCommand extends KeyCommand<DrawioActions, CommandContext> {
  label: string;
  /** The context menu sections that list it; none: keyboard only. */
  menu?: readonly MenuSection[];
}

/** The shape type that "Add shape here" and a double click on the canvas add. */
export const QUICK_ADD_TYPE = 'box';

const always = () => true;
const shapesSelected = ({ selection }: CommandContext) => selection.shapeIds.length + selection.groupIds.length > 0;
const anythingSelected = (ctx: CommandContext) => shapesSelected(ctx) || ctx.selection.edgeIds.length > 0;
const severalSelected = ({ selection }: CommandContext) => selection.shapeIds.length + selection.groupIds.length > 1;
const oneRenamable = ({ selection: { shapeIds, groupIds, edgeIds } }: CommandContext) =>
  groupIds.length === 0 && shapeIds.length + edgeIds.length === 1;

const ALIGNMENTS: ReadonlyArray<{ alignment: Alignment; label: string }> = [
  { alignment: 'left', label: 'Align left edges' },
  { alignment: 'center', label: 'Align centres' },
  { alignment: 'right', label: 'Align right edges' },
  { alignment: 'top', label: 'Align top edges' },
  { alignment: 'middle', label: 'Align middles' },
  { alignment: 'bottom', label: 'Align bottom edges' },
];

const NUDGES: ReadonlyArray<{ direction: NudgeDirection; key: string }> = [
  { direction: 'left', key: 'ArrowLeft' },
  { direction: 'right', key: 'ArrowRight' },
  { direction: 'up', key: 'ArrowUp' },
  { direction: 'down', key: 'ArrowDown' },
];

export const EDITOR_COMMANDS: readonly EditorCommand[] = [
  { id: 'cut', label: 'Cut', keys: ['Mod+X'], menu: ['edit'], enabled: shapesSelected, run: (a) => a.cut() },
  { id: 'copy', label: 'Copy', keys: ['Mod+C'], menu: ['edit'], enabled: shapesSelected, run: (a) => a.copy() },
  { id: 'paste', label: 'Paste', keys: ['Mod+V'], menu: ['edit', 'canvas'], enabled: (ctx) => ctx.canPaste, run: (a, ctx) => a.paste(ctx.at) },
  { id: 'duplicate', label: 'Duplicate', keys: ['Mod+D'], menu: ['edit'], enabled: shapesSelected, run: (a) => a.duplicate() },
  { id: 'delete', label: 'Delete', keys: ['Delete', 'Backspace'], menu: ['edit'], enabled: anythingSelected, run: (a) => a.deleteSelection() },
  { id: 'rename', label: 'Edit label', keys: ['F2'], menu: ['edit'], enabled: oneRenamable, run: (a) => a.renameSelection() },
  { id: 'to-front', label: 'Bring to front', keys: ['Mod+Shift+F'], menu: ['arrange'], enabled: shapesSelected, run: (a) => a.order('front') },
  { id: 'to-back', label: 'Send to back', keys: ['Mod+Shift+B'], menu: ['arrange'], enabled: shapesSelected, run: (a) => a.order('back') },
  { id: 'group', label: 'Group', keys: ['Mod+G'], menu: ['arrange'], enabled: (ctx) => ctx.selection.shapeIds.length > 0, run: (a) => a.groupSelection() },
  { id: 'ungroup', label: 'Ungroup', keys: ['Mod+Shift+U'], menu: ['arrange'], enabled: (ctx) => ctx.selection.groupIds.length > 0, run: (a) => a.ungroupSelection() },
  ...ALIGNMENTS.map(
    ({ alignment, label }): EditorCommand => ({ id: `align-${alignment}`, label, menu: ['align'], enabled: severalSelected, run: (a) => a.align(alignment) }),
  ),
  { id: 'add-here', label: 'Add shape here', menu: ['canvas'], enabled: (ctx) => ctx.at !== undefined, run: (a, ctx) => a.addShapeAt(QUICK_ADD_TYPE, ctx.at!) },
  { id: 'select-all', label: 'Select all', keys: ['Mod+A'], menu: ['canvas'], enabled: always, run: (a) => a.selectAll() },
  { id: 'undo', label: 'Undo', keys: ['Mod+Z'], enabled: always, run: (a) => a.undo() },
  { id: 'redo', label: 'Redo', keys: ['Mod+Shift+Z', 'Mod+Y'], enabled: always, run: (a) => a.redo() },
  { id: 'deselect', label: 'Select none', keys: ['Escape'], enabled: anythingSelected, run: (a) => a.selectNone() },
  ...NUDGES.map(
    ({ direction, key }): EditorCommand => ({
      id: `nudge-${direction}`,
      label: `Nudge ${direction}`,
      keys: [key, `Shift+${key}`],
      enabled: shapesSelected,
      run: (a, ctx) => a.nudge(direction, ctx.shiftKey ?? false),
    }),
  ),
];

/** The commands a context menu section lists, in table order. */
export function menuCommands(section: MenuSection, commands: readonly EditorCommand[] = EDITOR_COMMANDS): EditorCommand[] {
  return commands.filter((command) => command.menu?.includes(section));
}
