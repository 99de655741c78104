/** A record's last change while it still shows (see origin.ts): the component renders again when it runs out. */
import { useEffect, useReducer } from 'react';
import type { RecordChange } from '../stores/document-store';
import { HIGHLIGHT_MS, isFreshChange } from './origin';

export function useFreshChange(change: RecordChange | undefined): RecordChange | undefined {
  const [, expire] = useReducer((n: number) => n + 1, 0);
  const fresh = isFreshChange(change, Date.now());
  useEffect(() => {
    if (!fresh || !change) return;
    const timer = setTimeout(expire, Math.max(0, HIGHLIGHT_MS - (Date.now() - change.at)));
    return () => clearTimeout(timer);
  }, [change, fresh]);
  return fresh ? change : undefined;
}
