/** The documentation nodes, each rendered as markdown (no raw HTML: a workspace file cannot run script here). */
import { useState } from 'react';
import { MarkdownText } from '../../../common/MarkdownText';
import { ReadChip, useReadMark, useSelectionReport } from '../../../common/presence';
import { useViewShown } from '../../../common/view-shown';
import type { ContextDocRecord } from '../../../../../shared/context-records';
import { CONTEXT_DOMAIN, docsOf } from '../model';
import { useContextRecords } from '../context-store';

const NOTHING_SELECTED: readonly string[] = [];

/** A documentation node's tab, marked a moment when an AI client consults that node. */
function DocTab({ doc, shown, onChoose }: { doc: ContextDocRecord; shown: boolean; onChoose(): void }) {
  const readBy = useReadMark(CONTEXT_DOMAIN, doc.id)?.origin;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={shown}
      className={`docs-tab${shown ? ' active' : ''}${doc.content === undefined ? ' missing' : ''}`}
      title={doc.node.path}
      data-testid={`docs-tab-${doc.node.id}`}
      onClick={onChoose}
    >
      {doc.node.title}
      {readBy && <ReadChip origin={readBy} />}
    </button>
  );
}

export function DocsPanel() {
  const docs = useContextRecords(docsOf);
  const [chosen, setChosen] = useState<string>();
  const shown = docs.find((d) => d.node.id === chosen) ?? docs.find((d) => d.content !== undefined) ?? docs[0];
  // The node the person reads is where they look (nothing is selected): the manifest's `person` says so.
  useSelectionReport(CONTEXT_DOMAIN, NOTHING_SELECTED, useViewShown(), shown ? { kind: 'documentation node', id: shown.node.id, name: shown.node.title } : undefined);
  return (
    <section className="context-panel docs-panel" data-testid="context-docs">
      <h2 className="panel-heading">Documentation</h2>
      <div className="docs-tabs" role="tablist">
        {docs.map((doc) => (
          <DocTab key={doc.id} doc={doc} shown={doc === shown} onChoose={() => setChosen(doc.node.id)} />
        ))}
      </div>
      {shown && (
        <article className="docs-body" data-testid="docs-body">
          <p className="hint">
            {shown.node.path}
            {shown.node.generated ? ' (generated from the governance state)' : ''}
            {shown.node.last_updated ? `, updated ${new Date(shown.node.last_updated).toLocaleString()}` : ''}
          </p>
          {shown.content !== undefined ? <MarkdownText>{shown.content}</MarkdownText> : <p className="hint">Not written yet.</p>}
        </article>
      )}
    </section>
  );
}
