/**
 * Over the canvas, what the opened file holds that the editor keeps but cannot edit or draws
 * simplified (the same lines `open` answers with). It can be closed; it comes back with the
 * next document.
 */
import { memo, useMemo, useState } from 'react';
import { fileNotice } from '../../../../../main/domains/drawio/file-notice';
import { useDrawio } from '../editor/drawio-context';
import type { DrawioRecord } from '../model/records';

function FileNoticeView() {
  const shapes = useDrawio((s) => s.shapes);
  const foreign = useDrawio((s) => s.foreign);
  const documentId = useDrawio((s) => s.documentId);
  const [closedFor, setClosedFor] = useState<string | undefined>(undefined);
  const lines = useMemo(() => fileNotice(chain(foreign.values(), shapes.values())), [shapes, foreign]);
  if (lines.length === 0 || closedFor === documentId) return null;
  return (
    <div className="file-notice" role="status" data-testid="file-notice">
      <ul>
        {lines.map((line) => (
          <li key={line}>{line.charAt(0).toUpperCase() + line.slice(1)}.</li>
        ))}
      </ul>
      <button type="button" aria-label="Close the notice" onClick={() => setClosedFor(documentId)}>
        ×
      </button>
    </div>
  );
}

function* chain(...lists: Iterable<DrawioRecord>[]): Iterable<DrawioRecord> {
  for (const list of lists) yield* list;
}

export const FileNotice = memo(FileNoticeView);
