/**
 * The Music view's commands, one entry each: its label, its keys, when it applies and what it
 * does (always through the actions, so always as ops or playback calls). The keyboard reads this
 * table; the toolbar's titles name the same keys.
 */
import type { KeyCommand } from '../../../common/shortcuts';
import type { MusicActions } from './actions';

export interface MusicCommandContext {
  /** How many notes are selected. */
  selected: number;
  canPaste: boolean;
}

export interface MusicCommand extends KeyCommand<MusicActions, MusicCommandContext> {
  label: string;
  /** Every music command has keys; the first is the one a tooltip shows. */
  keys: readonly string[];
  run(actions: MusicActions): unknown;
}

const always = () => true;
const notesSelected = (ctx: MusicCommandContext) => ctx.selected > 0;

/** Velocity steps of Alt+arrow. */
export const VELOCITY_STEP = 10;

export const MUSIC_COMMANDS: readonly MusicCommand[] = [
  { id: 'play', label: 'Play / pause', keys: [' '], enabled: always, run: (a) => a.togglePlay() },
  { id: 'stop', label: 'Stop', keys: ['Enter'], enabled: always, run: (a) => a.stop() },
  { id: 'undo', label: 'Undo', keys: ['Mod+Z'], enabled: always, run: (a) => a.undo() },
  { id: 'redo', label: 'Redo', keys: ['Mod+Shift+Z', 'Mod+Y'], enabled: always, run: (a) => a.redo() },
  { id: 'save', label: 'Save', keys: ['Mod+S'], enabled: always, run: (a) => a.save() },
  { id: 'open', label: 'Open', keys: ['Mod+O'], enabled: always, run: (a) => a.open() },
  { id: 'delete', label: 'Delete', keys: ['Delete', 'Backspace'], enabled: notesSelected, run: (a) => a.deleteSelection() },
  { id: 'copy', label: 'Copy', keys: ['Mod+C'], enabled: notesSelected, run: (a) => a.copy() },
  { id: 'cut', label: 'Cut', keys: ['Mod+X'], enabled: notesSelected, run: (a) => a.cut() },
  { id: 'paste', label: 'Paste', keys: ['Mod+V'], enabled: (ctx) => ctx.canPaste, run: (a) => a.paste() },
  { id: 'duplicate', label: 'Duplicate', keys: ['Mod+D'], enabled: notesSelected, run: (a) => a.duplicate() },
  { id: 'select-all', label: 'Select all', keys: ['Mod+A'], enabled: always, run: (a) => a.selectAll() },
  { id: 'deselect', label: 'Select none', keys: ['Escape'], enabled: notesSelected, run: (a) => a.selectNone() },
  { id: 'up', label: 'Up a semitone', keys: ['ArrowUp'], enabled: notesSelected, run: (a) => a.transpose(1) },
  { id: 'down', label: 'Down a semitone', keys: ['ArrowDown'], enabled: notesSelected, run: (a) => a.transpose(-1) },
  { id: 'octave-up', label: 'Up an octave', keys: ['Shift+ArrowUp'], enabled: notesSelected, run: (a) => a.transpose(12) },
  { id: 'octave-down', label: 'Down an octave', keys: ['Shift+ArrowDown'], enabled: notesSelected, run: (a) => a.transpose(-12) },
  { id: 'earlier', label: 'A grid step earlier', keys: ['ArrowLeft'], enabled: notesSelected, run: (a) => a.nudge(-1, false) },
  { id: 'later', label: 'A grid step later', keys: ['ArrowRight'], enabled: notesSelected, run: (a) => a.nudge(1, false) },
  { id: 'bar-earlier', label: 'A bar earlier', keys: ['Shift+ArrowLeft'], enabled: notesSelected, run: (a) => a.nudge(-1, true) },
  { id: 'bar-later', label: 'A bar later', keys: ['Shift+ArrowRight'], enabled: notesSelected, run: (a) => a.nudge(1, true) },
  { id: 'louder', label: 'Louder', keys: ['Alt+ArrowUp'], enabled: notesSelected, run: (a) => a.changeVelocity(VELOCITY_STEP) },
  { id: 'softer', label: 'Softer', keys: ['Alt+ArrowDown'], enabled: notesSelected, run: (a) => a.changeVelocity(-VELOCITY_STEP) },
  { id: 'quantize', label: 'Quantize to the grid', keys: ['Q'], enabled: notesSelected, run: (a) => a.quantize() },
  { id: 'draw-tool', label: 'Draw tool', keys: ['D'], enabled: always, run: (a) => a.setTool('draw') },
  { id: 'select-tool', label: 'Select tool', keys: ['S'], enabled: always, run: (a) => a.setTool('select') },
];

export function musicCommand(id: string): MusicCommand {
  const command = MUSIC_COMMANDS.find((c) => c.id === id);
  if (!command) throw new Error(`no music command ${id}`);
  return command;
}
