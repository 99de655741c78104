/** What a person's diagrams.net file cannot keep of an edit: it lasts for the session only (see file-notice). */
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
