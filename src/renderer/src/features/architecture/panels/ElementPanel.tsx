/**
 * The selected element: its name, kind, technology and folder with its actions (edit, delete, edit
 * the D2), its rendered diagram (or the D2 editor with the live result), and its description and
 * the markdown of its page (no raw HTML: text an AI wrote cannot run script here).
 */
import { useMemo } from 'react';
import { MarkdownText } from '../../../common/MarkdownText';
import { bodyWithoutRepeats } from '../../../../../shared/architecture-body';
import { originColor } from '../../../common/origin';
import { ToolButton, icon } from '../../../common/ToolButton';
import { useArchitectureActions, useArchitectureView, useChangedBy, useSelectedElement } from '../architecture-context';
import { hasEditableDiagram } from '../model';
import { D2Editor } from './D2Editor';
import { DiagramImage } from './DiagramImage';

const KIND_NAMES = { system: 'System', container: 'Container', component: 'Component' } as const;

export function ElementPanel() {
  const element = useSelectedElement();
  const actions = useArchitectureActions();
  const editing = useArchitectureView((s) => s.draft?.elementId === element?.id && element !== undefined);
  const changedBy = useChangedBy(element?.id);
  // The page's own text: its title line and a restated description show above already.
  const ownText = useMemo(() => (element ? bodyWithoutRepeats(element.body, element.description) : ''), [element?.body, element?.description]);
  if (!element) {
    return (
      <section className="arch-element empty" data-testid="arch-element-empty">
        <p className="hint">Choose a system, container or component on the left to see its diagram and description.</p>
      </section>
    );
  }
  return (
    <section className="arch-element" data-testid="arch-element" data-key={element.key} aria-label={`${KIND_NAMES[element.kind]} ${element.name}`}>
      <header className="arch-element-head">
        <div className="arch-element-title">
          <span className={`arch-kind ${element.kind}`}>{KIND_NAMES[element.kind]}</span>
          <h1 data-testid="arch-element-name" title={element.name}>
            {element.name}
          </h1>
          {element.technology && <span className="arch-tech">{element.technology}</span>}
          {changedBy && (
            <span className="origin-chip" style={{ background: originColor(changedBy) }} data-testid="arch-changed-by" title={`Just changed by ${changedBy}`}>
              {changedBy}
            </span>
          )}
        </div>
        <span className="doc-path" title={`Its folder, in the project: ${element.path}`}>
          {element.path}
        </span>
        <span className="toolbar-spacer" />
        <div className="tool-group">
          {hasEditableDiagram(element) && (
            <ToolButton id="arch-edit-d2" label="Edit D2" title="Edit the diagram's D2 source; the result renders as you type" pressed={editing} onClick={() => (editing ? actions.closeEditor() : actions.editDiagram())}>
              {icon('pencil')}
            </ToolButton>
          )}
          <ToolButton id="arch-edit" label="Describe" title="Rename it, describe it, set its technology" onClick={() => actions.openDialog({ type: 'edit', elementId: element.id })}>
            {icon('checkpoint')}
          </ToolButton>
          <ToolButton id="arch-delete" label="Delete" title={`Delete ${element.key} and everything in it`} onClick={() => actions.openDialog({ type: 'delete', elementId: element.id })}>
            <svg width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden="true">
              <path d="M4 6h12M8 6V4h4v2M6 6l1 11h6l1-11" />
            </svg>
          </ToolButton>
        </div>
      </header>
      {element.problem && (
        <p className="hint warning arch-problem" data-testid="arch-problem">
          {element.problem}
        </p>
      )}
      {editing ? (
        <D2Editor />
      ) : (
        <div className="arch-diagram-area">
          {element.svg ? (
            <DiagramImage svg={element.svg} label={`Diagram of ${element.name}`} testId="arch-diagram" />
          ) : element.diagramError ? (
            <p className="hint error" data-testid="arch-diagram-error">
              The diagram does not compile{element.diagramError.line ? ` (line ${element.diagramError.line})` : ''}: {element.diagramError.message}
            </p>
          ) : element.d2 !== undefined ? (
            <p className="hint" data-testid="arch-diagram-pending">
              Rendering the diagram…
            </p>
          ) : (
            <p className="hint">No diagram.{hasEditableDiagram(element) ? ' Edit D2 to draw one.' : ''}</p>
          )}
        </div>
      )}
      <article className="arch-description docs-body" data-testid="arch-description">
        {element.description ? <p className="arch-lead">{element.description}</p> : <p className="hint">No description yet.</p>}
        {ownText && <MarkdownText>{ownText}</MarkdownText>}
      </article>
    </section>
  );
}
