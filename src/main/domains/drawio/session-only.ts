/**
 * What a change means for the file: what a person's diagrams.net file cannot keep of an edit lasts
 * for the session only, and a page switch changes nothing the file holds.
 */
import type { RecordDiff } from '../../kernel/records';
import type { DrawioRecord, MetaRecord } from '../../../shared/drawio/model';

/**
 * The warning after a batch that changed what only the studio holds (the title, the flow, custom
 * types and themes) in a person's file: the studio never writes its bookkeeping into a file it
 * did not write, so these last for the session (and its journal), not in the file.
 */
export function sessionOnlyWarnings(meta: MetaRecord | undefined, diff: RecordDiff<DrawioRecord>): string[] {
  if (meta?.file?.attributes === undefined) return [];
  const changed: string[] = [];
  const metaChange = diff.meta;
  if (metaChange) {
    const [before, after] = metaChange as [MetaRecord | null, MetaRecord | null];
    if (before?.title !== after?.title) changed.push('title');
    if (before?.flow !== after?.flow) changed.push('flow');
  }
  const kinds = new Set(Object.values(diff).map(([before, after]) => (after ?? before)?.kind));
  if (kinds.has('customType') || kinds.has('customTheme')) changed.push('definitions');
  if (changed.length === 0) return [];
  return [`? ${changed.join(', ')}: kept for this session only, not saved into this diagrams.net file (the studio writes none of its own data into a file it did not make)`];
}

/**
 * Whether a change alters what the diagrams.net file holds: every change does but a page switch
 * (the meta record's active page alone), which the file does not keep.
 */
export function changesFile(diff: RecordDiff<DrawioRecord>): boolean {
  const ids = Object.keys(diff);
  if (ids.length !== 1 || ids[0] !== 'meta') return true;
  const [before, after] = diff.meta as [MetaRecord | null, MetaRecord | null];
  if (!before || !after) return true;
  const { activePageId: _before, ...restBefore } = before;
  const { activePageId: _after, ...restAfter } = after;
  return JSON.stringify(restBefore) !== JSON.stringify(restAfter);
}
