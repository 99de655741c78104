/** The brief highlight of a record someone else just changed. */
import { useEffect, useReducer } from 'react';
import { HIGHLIGHT_MS, isFreshChange } from '../../../common/origin';
import { useDrawio } from '../editor/drawio-context';
import type { RecordChange } from '../store/drawio-store';

export { HIGHLIGHT_MS, isFreshChange, originColor } from '../../../common/origin';

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
