import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, takeToken } from './token';

function env(hash: string, stored?: string) {
  const storage = new Map<string, string>(stored ? [[TOKEN_STORAGE_KEY, stored]] : []);
  const urls: string[] = [];
  return {
    urls,
    storage,
    env: {
      location: { hash, pathname: '/', search: '?x=1' },
      storage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
      replaceUrl: (url: string) => void urls.push(url),
    },
  };
}

describe('takeToken', () => {
  it('takes the token from the fragment, keeps it for the session and clears the address', () => {
    const t = env('#token=abc123');
    expect(takeToken(t.env)).toBe('abc123');
    expect(t.storage.get(TOKEN_STORAGE_KEY)).toBe('abc123');
    expect(t.urls).toEqual(['/?x=1']);
  });

  it('keeps other fragment parameters', () => {
    const t = env('#token=abc&page=2');
    takeToken(t.env);
    expect(t.urls).toEqual(['/?x=1#page=2']);
  });

  it('falls back to the stored token after a reload, and to nothing', () => {
    expect(takeToken(env('', 'kept').env)).toBe('kept');
    const none = env('');
    expect(takeToken(none.env)).toBeUndefined();
    expect(none.urls).toEqual([]);
  });
});
