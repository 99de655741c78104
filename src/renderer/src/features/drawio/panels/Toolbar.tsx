/** The top bar: the document's title (with a dot while unsaved), history, layout, files, export. */
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../common/DocumentTitle';
import { FileTools, HistoryTools } from '../../../common/DocumentTools';
import { ToolButton, icon } from '../../../common/ToolButton';
import { useActions, useDrawio, useEditor } from '../editor/drawio-context';

export function Toolbar(props: { connection: ReactNode }) {
  const actions = useActions();
  const title = useDrawio((s) => s.meta?.title ?? s.title);
  const dirty = useDrawio((s) => s.dirty);
  const path = useDrawio((s) => s.path);
  const canGroup = useEditor((s) => s.selection.shapeIds.length > 0);
  return (
    <header className="toolbar">
      <div className="brand" aria-hidden="true">
        <svg width="22" height="22" viewBox="0 0 22 22">
          <rect x="1.5" y="5" width="10" height="10" rx="2.5" fill="#dae8fc" stroke="#6c8ebf" />
          <rect x="10.5" y="7" width="10" height="10" rx="5" fill="#d5e8d4" stroke="#82b366" />
        </svg>
      </div>
      <DocumentTitle title={title} dirty={dirty} path={path} />
      <HistoryTools actions={actions} />
      <div className="tool-group">
        <ToolButton id="layout" label="Layout" title="Arrange the whole page (layered)" onClick={() => void actions.layout()}>
          {icon('layout')}
        </ToolButton>
        <ToolButton id="group" label="Group" title="Group the selected shapes" onClick={() => void actions.groupSelection()} disabled={!canGroup}>
          {icon('group')}
        </ToolButton>
      </div>
      <FileTools actions={actions} openTitle="Open a .drawio file" saveTitle={path ? `Save to ${path}` : 'Save to a file'} />
      <div className="tool-group">
        <ToolButton id="export" label="Export" title="Draw this page as an SVG or PNG with the diagram inside" onClick={actions.openExport}>
          {icon('export')}
        </ToolButton>
      </div>
      <div className="toolbar-end">{props.connection}</div>
    </header>
  );
}
