/** A record's last change while it still shows (see origin.ts): the component renders again when it runs out. */
import { useEffect, useReducer } from 'react';
import type { RecordChange } from '../stores/document-store';
import { HIGHLIGHT_MS, isFreshChange } from './origin';

/** `value` while `isFresh` says it still shows; the component renders again `lifetimeMs` after its `at`. */
export function useWhileFresh<T extends { at: number }>(value: T | undefined, lifetimeMs: number, isFresh: (value: T | undefined, now: number) => value is T): T | undefined {
  const [, expire] = useReducer((n: number) => n + 1, 0);
  const fresh = isFresh(value, Date.now());
  useEffect(() => {
    if (!fresh || !value) return;
    const timer = setTimeout(expire, Math.max(0, lifetimeMs - (Date.now() - value.at)));
    return () => clearTimeout(timer);
  }, [value, fresh, lifetimeMs]);
  return fresh ? value : undefined;
}

export function useFreshChange(change: RecordChange | undefined): RecordChange | undefined {
  return useWhileFresh(change, HIGHLIGHT_MS, isFreshChange);
}
