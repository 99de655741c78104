/** The documentation nodes, each rendered as markdown (no raw HTML: a workspace file cannot run script here). */
import { useState } from 'react';
import Markdown from 'react-markdown';
import { docsOf } from '../model';
import { useContextRecords } from '../context-store';

export function DocsPanel() {
  const docs = useContextRecords(docsOf);
  const [chosen, setChosen] = useState<string>();
  const shown = docs.find((d) => d.node.id === chosen) ?? docs.find((d) => d.content !== undefined) ?? docs[0];
  return (
    <section className="context-panel docs-panel" data-testid="context-docs">
      <h2 className="panel-heading">Documentation</h2>
      <div className="docs-tabs" role="tablist">
        {docs.map((doc) => (
          <button
            key={doc.id}
            type="button"
            role="tab"
            aria-selected={doc === shown}
            className={`docs-tab${doc === shown ? ' active' : ''}${doc.content === undefined ? ' missing' : ''}`}
            title={doc.node.path}
            onClick={() => setChosen(doc.node.id)}
          >
            {doc.node.title}
          </button>
        ))}
      </div>
      {shown && (
        <article className="docs-body" data-testid="docs-body">
          <p className="hint">
            {shown.node.path}
            {shown.node.generated ? ' (generated from the governance state)' : ''}
            {shown.node.last_updated ? `, updated ${new Date(shown.node.last_updated).toLocaleString()}` : ''}
          </p>
          {shown.content !== undefined ? <Markdown>{shown.content}</Markdown> : <p className="hint">Not written yet.</p>}
        </article>
      )}
    </section>
  );
}
