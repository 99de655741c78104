import { describe, expect, it } from 'vitest';
import { toastContent } from './toasts';
import { keyStroke } from '../testing/keys';
import { createKeyCommandQueue, keyLabel, matchesKey } from './shortcuts';

const key = keyStroke;

describe('key combinations', () => {
  it('match with Ctrl or Cmd alike, and exactly the modifiers written', () => {
    expect(matchesKey('Mod+Z', key('z', { ctrlKey: true }))).toBe(true);
    expect(matchesKey('Mod+Z', key('z', { metaKey: true }))).toBe(true);
    expect(matchesKey('Mod+Z', key('Z', { metaKey: true, shiftKey: true }))).toBe(false);
    expect(matchesKey('Mod+Shift+Z', key('Z', { metaKey: true, shiftKey: true }))).toBe(true);
    expect(matchesKey('Mod+Z', key('z'))).toBe(false);
    expect(matchesKey('Mod+V', key('v', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(matchesKey('Delete', key('Delete'))).toBe(true);
    expect(matchesKey('Shift+ArrowLeft', key('ArrowLeft', { shiftKey: true }))).toBe(true);
    expect(matchesKey('ArrowLeft', key('ArrowLeft', { shiftKey: true }))).toBe(false);
  });

  it('read as the platform writes them', () => {
    expect(keyLabel('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(keyLabel('Mod+Shift+Z', true)).toBe('⌘⇧Z');
    expect(keyLabel('Delete', false)).toBe('Del');
    expect(keyLabel('Mod+d', false)).toBe('Ctrl+D');
    expect(keyLabel('F2', true)).toBe('F2');
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

describe('the key command queue', () => {
  const deferred = () => {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };

  it('starts a command only once the one before it is answered, in the order the keys came', async () => {
    const run = createKeyCommandQueue();
    const started: string[] = [];
    const first = deferred();
    void run(() => (started.push('alt+up'), first.promise));
    const copied = run(() => void started.push('copy'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual(['alt+up']);
    first.resolve();
    await copied;
    expect(started).toEqual(['alt+up', 'copy']);
  });

  it('goes on after a command that failed', async () => {
    const run = createKeyCommandQueue();
    const failed = deferred();
    const ran: string[] = [];
    void run(() => failed.promise);
    const next = run(() => void ran.push('next'));
    failed.reject(new Error('the core went away'));
    await next;
    expect(ran).toEqual(['next']);
  });

  it('stops waiting for an answer that never comes', async () => {
    const run = createKeyCommandQueue(30);
    const ran: string[] = [];
    void run(() => new Promise(() => undefined));
    await run(() => void ran.push('after the stuck one'));
    expect(ran).toEqual(['after the stuck one']);
  });
});
