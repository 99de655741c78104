import { describe, expect, it } from 'vitest';
import { EDITOR_COMMANDS, menuCommands, type CommandContext } from './commands';
import { EMPTY_SELECTION } from './editor-store';
import { commandForKey } from '../../../common/shortcuts';
import { keyStroke } from '../../../testing/keys';

const idFor = (...args: Parameters<typeof keyStroke>) => commandForKey(keyStroke(...args), EDITOR_COMMANDS)?.id;
const ctx = (selection: Partial<CommandContext['selection']> = {}, more: Partial<CommandContext> = {}): CommandContext => ({
  selection: { ...EMPTY_SELECTION, ...selection },
  canPaste: false,
  ...more,
});
const command = (id: string) => EDITOR_COMMANDS.find((c) => c.id === id)!;

describe('the command table', () => {
  it('gives each command its own id and each key one command', () => {
    const ids = EDITOR_COMMANDS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = EDITOR_COMMANDS.flatMap((c) => c.keys ?? []).map((k) => k.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('maps the keys a draw.io user knows', () => {
    expect(idFor('Delete')).toBe('delete');
    expect(idFor('Backspace')).toBe('delete');
    expect(idFor('z', { ctrlKey: true })).toBe('undo');
    expect(idFor('z', { metaKey: true })).toBe('undo');
    expect(idFor('Z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(idFor('y', { ctrlKey: true })).toBe('redo');
    expect(idFor('a', { ctrlKey: true })).toBe('select-all');
    expect(idFor('c', { metaKey: true })).toBe('copy');
    expect(idFor('x', { ctrlKey: true })).toBe('cut');
    expect(idFor('v', { ctrlKey: true })).toBe('paste');
    expect(idFor('d', { ctrlKey: true })).toBe('duplicate');
    expect(idFor('g', { ctrlKey: true })).toBe('group');
    expect(idFor('F', { ctrlKey: true, shiftKey: true })).toBe('to-front');
    expect(idFor('F2')).toBe('rename');
    expect(idFor('Escape')).toBe('deselect');
    expect(idFor('ArrowLeft')).toBe('nudge-left');
    expect(idFor('ArrowDown', { shiftKey: true })).toBe('nudge-down');
  });

  it('leaves other keys alone', () => {
    expect(idFor('a')).toBeUndefined();
    expect(idFor('z')).toBeUndefined();
    expect(idFor('d')).toBeUndefined();
    expect(idFor('v', { ctrlKey: true, altKey: true })).toBeUndefined();
    expect(idFor('ArrowLeft', { ctrlKey: true })).toBeUndefined();
  });

  it('lists menu sections in table order', () => {
    expect(menuCommands('edit').map((c) => c.id)).toEqual(['cut', 'copy', 'paste', 'duplicate', 'delete', 'rename']);
    expect(menuCommands('canvas').map((c) => c.id)).toEqual(['paste', 'add-here', 'select-all']);
    expect(menuCommands('align')).toHaveLength(6);
  });

  it('applies each command only where it makes sense', () => {
    expect(command('copy').enabled(ctx())).toBe(false);
    expect(command('copy').enabled(ctx({ shapeIds: ['s1'] }))).toBe(true);
    expect(command('copy').enabled(ctx({ groupIds: ['g1'] }))).toBe(true);
    expect(command('delete').enabled(ctx({ edgeIds: ['e1'] }))).toBe(true);
    expect(command('paste').enabled(ctx())).toBe(false);
    expect(command('paste').enabled(ctx({}, { canPaste: true }))).toBe(true);
    expect(command('rename').enabled(ctx({ shapeIds: ['s1'] }))).toBe(true);
    expect(command('rename').enabled(ctx({ shapeIds: ['s1'], edgeIds: ['e1'] }))).toBe(false);
    expect(command('align-left').enabled(ctx({ shapeIds: ['s1'] }))).toBe(false);
    expect(command('align-left').enabled(ctx({ shapeIds: ['s1'], groupIds: ['g1'] }))).toBe(true);
    expect(command('ungroup').enabled(ctx({ shapeIds: ['s1'] }))).toBe(false);
    expect(command('add-here').enabled(ctx())).toBe(false);
    expect(command('add-here').enabled(ctx({}, { at: { x: 1, y: 2 } }))).toBe(true);
    expect(command('nudge-up').enabled(ctx({ edgeIds: ['e1'] }))).toBe(false);
  });
});
