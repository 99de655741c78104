import { describe, expect, it } from 'vitest';
import { toastContent } from './editor-store';
import { shortcutFor } from './shortcuts';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcuts', () => {
  it('maps the editor keys with Ctrl or Cmd alike', () => {
    expect(shortcutFor(key('Delete'))).toBe('delete');
    expect(shortcutFor(key('Backspace'))).toBe('delete');
    expect(shortcutFor(key('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(key('z', { metaKey: true }))).toBe('undo');
    expect(shortcutFor(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(key('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutFor(key('a', { ctrlKey: true }))).toBe('selectAll');
    expect(shortcutFor(key('c', { metaKey: true }))).toBe('copy');
    expect(shortcutFor(key('v', { ctrlKey: true }))).toBe('paste');
  });

  it('leaves other keys alone', () => {
    expect(shortcutFor(key('a'))).toBeUndefined();
    expect(shortcutFor(key('z'))).toBeUndefined();
    expect(shortcutFor(key('v', { ctrlKey: true, altKey: true }))).toBeUndefined();
  });
});

describe('toast content', () => {
  it('splits an error answer into the message and its try: lines', () => {
    const text = '! op 1 failed: unknown ref "AthService". Did you mean "AuthService"? [unknown_ref]\n  try: label AuthService "x"\ndigest: 2s 0e 0g';
    expect(toastContent(text)).toEqual({
      message: '! op 1 failed: unknown ref "AthService". Did you mean "AuthService"? [unknown_ref]',
      hints: ['label AuthService "x"'],
    });
  });
});
