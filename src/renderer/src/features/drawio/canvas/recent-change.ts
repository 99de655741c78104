/** The brief highlight of a record someone else just changed. */
import { useFreshChange } from '../../../common/use-fresh-change';
import { useDrawio } from '../editor/drawio-context';
import type { RecordChange } from '../store/drawio-store';

export { HIGHLIGHT_MS, isFreshChange, originColor } from '../../../common/origin';

export function useRecentChange(id: string): RecordChange | undefined {
  return useFreshChange(useDrawio((s) => s.lastChanges.get(id)));
}
