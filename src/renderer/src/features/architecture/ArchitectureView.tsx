/**
 * The Architecture view (issue 10): the project's C4 tree on the left, the selected element's
 * rendered diagram (or its D2 in the editor, rendering as the person types) and description in the
 * middle, the validation and the docs build on the right, and the activity (who changed what,
 * live) below. Without a project it offers to create one.
 */
import { type ReactNode, useMemo } from 'react';
import type { ElementKind } from '../../../../shared/architecture-records';
import { ActivityPanel } from '../../common/ActivityPanel';
import { LoadState } from '../../common/LoadState';
import { useSelectionReport } from '../../common/presence';
import { Toasts } from '../../common/Toasts';
import { ToolButton } from '../../common/ToolButton';
import { useViewShown } from '../../common/view-shown';
import { useArchitecture, useArchitectureActions, useArchitectureView, useSelectedElement, useShownProject } from './architecture-context';
import { ARCHITECTURE_DOMAIN, creatableKinds, foldProgress, projectsOf } from './model';
import { ElementDialogs } from './panels/ElementDialogs';
import { ElementPanel } from './panels/ElementPanel';
import { ElementTree } from './panels/ElementTree';
import { ProjectPanel } from './panels/ProjectPanel';
import './architecture.css';

const NEW_ICONS: Record<ElementKind, ReactNode> = {
  system: <path d="M3 4h14v12H3zM10 7v6M7 10h6" />,
  container: <path d="M4 5h12v10H4zM4 8h12M10 10.5v3M8.5 12h3" />,
  component: <path d="M6 6h8v8H6zM3 8h3M3 12h3M10 8.5v3M8.5 10h3" />,
};
const KIND_LABELS: Record<ElementKind, string> = { system: 'New system', container: 'New container', component: 'New component' };

function NewElementTools() {
  const actions = useArchitectureActions();
  const project = useShownProject();
  const selected = useSelectedElement();
  const allowed = creatableKinds(selected);
  return (
    <div className="tool-group" data-testid="arch-new">
      {(['system', 'container', 'component'] as const).map((kind) => {
        const enabled = !!project && allowed.includes(kind);
        const why = !project ? 'Create a project first' : enabled ? `${KIND_LABELS[kind]}${kind === 'system' ? '' : ` in ${selected!.key.split('/').slice(0, kind === 'container' ? 1 : 2).join('/')}`}` : `Select a ${kind === 'container' ? 'system' : 'container'} first`;
        return (
          <ToolButton key={kind} id={`arch-new-${kind}`} label={KIND_LABELS[kind]} title={why} disabled={!enabled} onClick={() => actions.openDialog({ type: 'create', kind })}>
            <svg width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              {NEW_ICONS[kind]}
            </svg>
          </ToolButton>
        );
      })}
    </div>
  );
}

function ArchitectureToolbar(props: { connection: ReactNode }) {
  const actions = useArchitectureActions();
  const project = useShownProject();
  const projects = useArchitecture(projectsOf);
  return (
    <header className="toolbar">
      <div className="doc-title">
        <span className="title-text" data-testid="arch-title" title={project?.description || undefined}>
          {project ? project.name : 'Architecture'}
        </span>
        {project && <span className="doc-path">{project.project}/ · v{project.version}</span>}
        {project?.configProblem && (
          // Every tool refuses the project until loko.toml parses again: said here, before anyone tries.
          <span className="arch-config-problem" role="alert" data-testid="arch-config-problem" title={project.configProblem}>
            {project.configProblem}
          </span>
        )}
        {projects.length > 1 && (
          <select className="arch-project-select" aria-label="Project" data-testid="arch-project-select" value={project?.project} onChange={(e) => actions.chooseProject(e.target.value)}>
            {projects.map((p) => (
              <option key={p.id} value={p.project}>
                {p.name} ({p.project})
              </option>
            ))}
          </select>
        )}
      </div>
      <NewElementTools />
      <div className="toolbar-end">{props.connection}</div>
    </header>
  );
}

/** No project open: what this view is for, and the button that creates one. */
function NoProject() {
  const actions = useArchitectureActions();
  const status = useArchitecture((s) => s.status);
  if (status !== 'ready') return null;
  return (
    <div className="arch-no-project" data-testid="arch-no-project">
      <h2>No architecture project in this workspace yet</h2>
      <p className="hint">
        A loko project documents systems, their containers and components as markdown and D2 diagrams in <code>architecture/</code>. The AI can create one
        (init_project), or you can:
      </p>
      <button type="button" className="primary-button" data-testid="arch-init" onClick={() => actions.openDialog({ type: 'init' })}>
        Create a project
      </button>
    </div>
  );
}

/** Reports the element the person selected and the project on screen: query_project's selected_by_person. */
function useArchitecturePresence() {
  const project = useShownProject();
  const selected = useSelectedElement()?.id;
  const ids = useMemo(() => (selected ? [selected] : []), [selected]);
  useSelectionReport(ARCHITECTURE_DOMAIN, ids, useViewShown(), project ? { kind: 'project', id: project.project, name: project.name } : undefined);
}

export function ArchitectureView(props: { connection: ReactNode }) {
  useArchitecturePresence();
  const actions = useArchitectureActions();
  const status = useArchitecture((s) => s.status);
  const loadError = useArchitecture((s) => s.loadError);
  const rawActivity = useArchitecture((s) => s.activity);
  const activity = useMemo(() => foldProgress(rawActivity), [rawActivity]);
  const toasts = useArchitectureView((s) => s.toasts);
  const project = useShownProject();
  return (
    <div className="arch-view domain-layout side-panes" data-testid="architecture-view">
      <ArchitectureToolbar connection={props.connection} />
      {project ? (
        <>
          <ElementTree />
          <ElementPanel />
          <ProjectPanel />
        </>
      ) : (
        <NoProject />
      )}
      <ActivityPanel activity={activity} />
      <LoadState status={status} error={loadError} noun="architecture" testId="arch-load-state" />
      <ElementDialogs />
      <Toasts toasts={toasts} onDismiss={actions.dismissToast} />
    </div>
  );
}
