/**
 * The test-environment dashboard: the folder and the five steps on top, the project's services,
 * mocks and suites left, what is at work, the results and the container logs in the middle, the
 * mocks' requests right, and the activity (who called what, live) below.
 */
import { type ReactNode, useMemo } from 'react';
import { serviceRecordId } from '../../../../shared/testenv-records';
import { ActivityPanel } from '../../common/ActivityPanel';
import { LoadState } from '../../common/LoadState';
import { useSelectionReport } from '../../common/presence';
import { Toasts } from '../../common/Toasts';
import { useViewShown } from '../../common/view-shown';
import { engineOf } from './model/project';
import { EnvironmentPanel } from './panels/EnvironmentPanel';
import { LogsPanel } from './panels/LogsPanel';
import { ProgressBar } from './panels/ProgressBar';
import { RequestInspector } from './panels/RequestInspector';
import { ResultsPanel } from './panels/ResultsPanel';
import { TestenvToolbar } from './panels/TestenvToolbar';
import { useProjectParts, useShownProject, useTestenv, useTestenvActions, useTestenvView } from './testenv-context';
import './testenv.css';

function TestenvLoadState() {
  const status = useTestenv((s) => s.status);
  const error = useTestenv((s) => s.loadError);
  return <LoadState status={status} error={error} noun="test environments" testId="testenv-load-state" />;
}

/** Says, above the results, that no Docker engine answers and where the studio looked; or that the engine is another machine's. */
function EngineNotice() {
  const engine = useTestenv(engineOf);
  if (engine?.reachable && engine.remote) {
    return (
      <p className="hint engine-notice" role="status" data-testid="testenv-engine" data-remote={engine.remote.host}>
        Environments run on <strong>{engine.remote.host}</strong> ({engine.where}).{' '}
        {engine.remote.via === 'ssh'
          ? 'Their ports are forwarded to this machine\'s 127.0.0.1 over SSH, and their containers reach the mocks through the same connection.'
          : 'It is reached over TCP, which gives it no way back here: projects with mocks or published ports need DOCKER_HOST=ssh://… instead.'}
      </p>
    );
  }
  if (!engine || engine.reachable) return null;
  return (
    <p className="hint warning engine-notice" role="status" data-testid="testenv-engine" title={engine.problem}>
      <strong>No Docker engine.</strong> Build and Setup need one, and none answers at <code>{engine.where}</code>: start Docker, or set DOCKER_HOST to where
      it listens and start the studio again.
    </p>
  );
}

function TestenvToasts() {
  const actions = useTestenvActions();
  const toasts = useTestenvView((s) => s.toasts);
  return <Toasts toasts={toasts} onDismiss={actions.dismissToast} />;
}

/**
 * Reports the service the person picked (the one whose log shows) and the project on screen, so the
 * AI sees what they point at: preflight_status's selectedByPerson, preflight_logs container "@selected".
 */
function useTestenvPresence() {
  const project = useShownProject();
  const chosen = useTestenvView((s) => s.logService);
  const { services } = useProjectParts();
  const picked = project && chosen && services.some((s) => s.name === chosen) ? serviceRecordId(project.projectPath, chosen) : undefined;
  const ids = useMemo(() => (picked ? [picked] : []), [picked]);
  useSelectionReport('testenv', ids, useViewShown(), project ? { kind: 'project', id: project.projectPath, name: project.name } : undefined);
}

export function TestenvView(props: { connection: ReactNode }) {
  useTestenvPresence();
  const activity = useTestenv((s) => s.activity);
  return (
    <div className="testenv-view domain-layout side-panes" data-testid="testenv-view">
      <TestenvToolbar connection={props.connection} />
      <EnvironmentPanel />
      <div className="testenv-center">
        <EngineNotice />
        <ProgressBar />
        <ResultsPanel />
        <LogsPanel />
        <TestenvLoadState />
      </div>
      <RequestInspector />
      <ActivityPanel activity={activity} />
      <TestenvToasts />
    </div>
  );
}
