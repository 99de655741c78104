/**
 * The test-environment dashboard: the folder and the five steps on top, the project's services,
 * mocks and suites left, what is at work, the results and the container logs in the middle, the
 * mocks' requests right, and the activity (who called what, live) below.
 */
import type { ReactNode } from 'react';
import { ActivityPanel } from '../../common/ActivityPanel';
import { LoadState } from '../../common/LoadState';
import { Toasts } from '../../common/Toasts';
import { EnvironmentPanel } from './panels/EnvironmentPanel';
import { LogsPanel } from './panels/LogsPanel';
import { ProgressBar } from './panels/ProgressBar';
import { RequestInspector } from './panels/RequestInspector';
import { ResultsPanel } from './panels/ResultsPanel';
import { TestenvToolbar } from './panels/TestenvToolbar';
import { useTestenv, useTestenvActions, useTestenvView } from './testenv-context';
import './testenv.css';

function TestenvLoadState() {
  const status = useTestenv((s) => s.status);
  const error = useTestenv((s) => s.loadError);
  return <LoadState status={status} error={error} noun="test environments" testId="testenv-load-state" />;
}

function TestenvToasts() {
  const actions = useTestenvActions();
  const toasts = useTestenvView((s) => s.toasts);
  return <Toasts toasts={toasts} onDismiss={actions.dismissToast} />;
}

export function TestenvView(props: { connection: ReactNode }) {
  const activity = useTestenv((s) => s.activity);
  return (
    <div className="testenv-view" data-testid="testenv-view">
      <TestenvToolbar connection={props.connection} />
      <EnvironmentPanel />
      <div className="testenv-center">
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
