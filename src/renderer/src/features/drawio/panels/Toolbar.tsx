/** The top bar: the document's title (with a dot while unsaved), history, layout, files. */
import type { ReactNode } from 'react';
import { useActions, useDrawio, useEditor } from '../editor/drawio-context';

function ToolButton(props: { id: string; label: string; title: string; onClick(): void; disabled?: boolean; children?: ReactNode }) {
  return (
    <button type="button" className="tool-button" data-testid={props.id} title={props.title} onClick={props.onClick} disabled={props.disabled}>
      {props.children}
      <span>{props.label}</span>
    </button>
  );
}

/** Tiny line icons, drawn inline so the page needs no icon font. */
const Icon = {
  undo: <path d="M7 5 3 9l4 4M3.5 9H13a4 4 0 0 1 0 8h-3" />,
  redo: <path d="m13 5 4 4-4 4M16.5 9H7a4 4 0 0 0 0 8h3" />,
  checkpoint: <path d="M5 3v15M5 4h10l-2 3.5L15 11H5" />,
  layout: <path d="M3 3h6v5H3zM11 12h6v5h-6zM6 8v6.5h5M14 12V6.5H9" />,
  group: <path d="M2.5 2.5h15v15h-15zM5.5 6h4v4h-4zM10.5 10h4v4h-4z" />,
  open: <path d="M2.5 5.5h5l1.5 2h8.5v9h-15zM2.5 8.5h15" />,
  save: <path d="M3.5 3.5h10l3 3v10h-13zM6.5 3.5v4h6v-4M6.5 16.5v-5h7v5" />,
};

function icon(name: keyof typeof Icon) {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {Icon[name]}
    </svg>
  );
}

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
      <div className="doc-title" data-testid="doc-title" title={path ?? 'not saved to a file yet'}>
        <span className="title-text">{title || 'Untitled'}</span>
        {dirty && (
          <span className="dirty-dot" data-testid="dirty-marker" title="unsaved changes">
            ●
          </span>
        )}
        {path && <span className="doc-path">{path}</span>}
      </div>
      <div className="tool-group">
        <ToolButton id="undo" label="Undo" title="Undo the last change, whoever made it (Ctrl+Z)" onClick={() => void actions.undo()}>
          {icon('undo')}
        </ToolButton>
        <ToolButton id="redo" label="Redo" title="Redo (Ctrl+Shift+Z)" onClick={() => void actions.redo()}>
          {icon('redo')}
        </ToolButton>
        <ToolButton id="checkpoint" label="Checkpoint" title="Name this moment, to undo back to it" onClick={() => actions.openDialog('checkpoint')}>
          {icon('checkpoint')}
        </ToolButton>
      </div>
      <div className="tool-group">
        <ToolButton id="layout" label="Layout" title="Arrange the whole page (layered)" onClick={() => void actions.layout()}>
          {icon('layout')}
        </ToolButton>
        <ToolButton id="group" label="Group" title="Group the selected shapes" onClick={() => void actions.groupSelection()} disabled={!canGroup}>
          {icon('group')}
        </ToolButton>
      </div>
      <div className="tool-group">
        <ToolButton id="open" label="Open" title="Open a .drawio file" onClick={() => void actions.open()}>
          {icon('open')}
        </ToolButton>
        <ToolButton id="save" label="Save" title={path ? `Save to ${path}` : 'Save to a file'} onClick={() => void actions.save()}>
          {icon('save')}
        </ToolButton>
      </div>
      <div className="toolbar-end">{props.connection}</div>
    </header>
  );
}
