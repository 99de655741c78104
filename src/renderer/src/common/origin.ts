/** Who made a change, shown the same in every view: a colour per origin and a brief highlight. */
import { PERSON_ORIGIN } from '../../../shared/tandem-api';
import type { RecordChange } from '../stores/document-store';

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
