/** The brief highlight of a record someone else just changed. */
import { useEffect, useReducer } from 'react';
import { PERSON_ORIGIN } from '../../../../../shared/tandem-api';
import { useDrawio } from '../editor/drawio-context';
import type { RecordChange } from '../store/drawio-store';

export const HIGHLIGHT_MS = 1500;

/** Whether a change still shows: made by someone other than the person, under HIGHLIGHT_MS ago. */
export function isFreshChange(change: RecordChange | undefined, now: number): change is RecordChange {
  return change !== undefined && change.origin !== PERSON_ORIGIN && now - change.at < HIGHLIGHT_MS;
}

/** A stable colour per origin, so the AI's edits always wear the same one. */
export function originColor(origin: string): string {
  let hash = 0;
  for (const char of origin) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 70% 45%)`;
}

export function useRecentChange(id: string): RecordChange | undefined {
  const change = useDrawio((s) => s.lastChanges.get(id));
  const [, expire] = useReducer((n: number) => n + 1, 0);
  const fresh = isFreshChange(change, Date.now());
  useEffect(() => {
    if (!fresh || !change) return;
    const timer = setTimeout(expire, Math.max(0, HIGHLIGHT_MS - (Date.now() - change.at)));
    return () => clearTimeout(timer);
  }, [change, fresh]);
  return fresh ? change : undefined;
}
