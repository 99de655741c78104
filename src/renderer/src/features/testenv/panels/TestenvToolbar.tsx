/**
 * The dashboard's top bar: the project folder and Init, then Build, Setup, Run and Clean for the
 * project on screen, each disabled with its reason as the tooltip when the tool would refuse.
 */
import type { ReactNode } from 'react';
import { ToolButton } from '../../../common/ToolButton';
import { TESTENV_TOOLS, engineOf, initGate, projectAt, projectsOf, stepGate, type SessionStep } from '../model/project';
import { useBusy, useShownProject, useTestenv, useTestenvActions, useTestenvView } from '../testenv-context';
import { initFolder } from '../view-store';

const STEP_ICONS: Record<SessionStep | 'init', ReactNode> = {
  init: <path d="M3 5.5h5l1.5 2H17v9H3zM10 10v4M8 12h4" />,
  build: <path d="M10 2.5 17 6.5v7L10 17.5 3 13.5v-7zM3 6.5l7 4 7-4M10 10.5v7" />,
  setup: <path d="M6 4v12l10-6zM3 4v12" />,
  run: <path d="m4 10.5 3.5 3.5L16 5.5" />,
  clean: <path d="M4 6h12M8 6V4h4v2M6 6l1 11h6l1-11" />,
};

const STEP_LABELS: Record<SessionStep, string> = { build: 'Build', setup: 'Setup', run: 'Run', clean: 'Clean' };

export function testenvIcon(name: keyof typeof STEP_ICONS) {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {STEP_ICONS[name]}
    </svg>
  );
}

function InitTools() {
  const actions = useTestenvActions();
  const shown = useShownProject();
  const typed = useTestenvView((s) => initFolder(s, shown));
  const workspace = useTestenvView((s) => s.workspace);
  const existing = useTestenv((s) => projectAt(projectsOf(s), typed, workspace));
  const pending = useTestenv((s) => s.calls.some((c) => c.tool === TESTENV_TOOLS.init));
  const gate = initGate(typed, existing, pending);
  return (
    <form
      className="tool-group testenv-init"
      onSubmit={(event) => {
        event.preventDefault();
        if (gate.enabled) void actions.init();
      }}
    >
      <input
        className="testenv-folder"
        data-testid="testenv-folder"
        aria-label="Project folder"
        title="The folder holding e2e.yaml: absolute, or relative to the workspace"
        placeholder="project folder"
        value={typed}
        spellCheck={false}
        onChange={(event) => actions.setFolder(event.target.value)}
      />
      <ToolButton id="testenv-init" label="Init" title={gate.title} disabled={!gate.enabled} onClick={() => void actions.init()}>
        {testenvIcon('init')}
      </ToolButton>
    </form>
  );
}

function StepTools() {
  const actions = useTestenvActions();
  const project = useShownProject();
  const busy = useBusy();
  const engine = useTestenv(engineOf);
  return (
    <div className="tool-group" data-testid="testenv-steps">
      {(['build', 'setup', 'run', 'clean'] as const).map((step) => {
        const gate = stepGate(step, project, busy, engine);
        return (
          <ToolButton key={step} id={`testenv-${step}`} label={STEP_LABELS[step]} title={gate.title} disabled={!gate.enabled} onClick={() => void actions.step(step)}>
            {testenvIcon(step)}
          </ToolButton>
        );
      })}
    </div>
  );
}

export function TestenvToolbar(props: { connection: ReactNode }) {
  const project = useShownProject();
  return (
    <header className="toolbar">
      <div className="doc-title">
        <span className="title-text" data-testid="testenv-title">
          {project ? project.name : 'Test environment'}
        </span>
        {project && (
          <span className={`state-badge ${project.state}`} data-testid="testenv-state" title="The session's state">
            {project.state}
          </span>
        )}
      </div>
      <InitTools />
      <StepTools />
      <div className="toolbar-end">{props.connection}</div>
    </header>
  );
}
