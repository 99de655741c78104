/**
 * The Context view (issue 11): the manifest as the AI sees it, the governance rules (edited here
 * and saved to logic64-state.json), the blueprint log live, and the documentation as markdown.
 */
import type { ReactNode } from 'react';
import { LoadState } from '../../common/LoadState';
import { useContextRecords } from './context-store';
import { BlueprintLog } from './panels/BlueprintLog';
import { DocsPanel } from './panels/DocsPanel';
import { ManifestPanel } from './panels/ManifestPanel';
import { RulesPanel } from './panels/RulesPanel';
import './context.css';

export function ContextView(props: { connection: ReactNode }) {
  const status = useContextRecords((s) => s.status);
  const loadError = useContextRecords((s) => s.loadError);
  return (
    <div className="context-view domain-layout" data-testid="context-view">
      <header className="toolbar context-toolbar">
        <span className="brand">Project context</span>
        <span className="hint">What an AI client sees of this workspace, and the rules it must follow</span>
        <span className="toolbar-spacer" />
        {props.connection}
      </header>
      <LoadState status={status} error={loadError} noun="project context" testId="context-load-state" />
      <div className="context-grid">
        <ManifestPanel />
        <RulesPanel />
        <BlueprintLog />
        <DocsPanel />
      </div>
    </div>
  );
}
