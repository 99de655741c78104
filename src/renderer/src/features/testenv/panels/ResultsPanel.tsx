/**
 * The results of the project's suites as they come in (a suite record is republished as its cases
 * finish): passing cases in one line, failing ones opened with what the core collected at the
 * failure: the error and its summary, the suggested fix, the request and response, each failed
 * assertion, and the diagnostics (container logs and health, the mocks' requests, the network).
 */
import { memo } from 'react';
import type { AIFriendlyTestResult, CaseFailure, FailureDiagnostics, SuiteResult, TestenvSuiteRecord } from '../../../../../shared/testenv-records';
import { formatBody, formatDuration } from '../model/format';
import { HeaderList } from './HeaderList';
import { useProjectParts, useShownProject, useTestenvActions, useTestenvView } from '../testenv-context';
import { caseKey } from '../view-store';

const STATUS_MARK: Record<AIFriendlyTestResult['status'], string> = { passed: '✓', failed: '✗', skipped: '–' };

/** A short value inline, a long or structured one as a block. */
function Value({ value }: { value: unknown }) {
  const text = typeof value === 'string' ? JSON.stringify(value) : formatBody(value === undefined ? null : value);
  return text.includes('\n') ? <pre className="value-block">{text}</pre> : <code className="value">{text}</code>;
}

function Exchange({ failure }: { failure: CaseFailure }) {
  if (!failure.request && !failure.response) return null;
  return (
    <div className="exchange" data-testid="failure-exchange">
      {failure.request && (
        <div className="exchange-part">
          <h4>Request</h4>
          <div className="request-line">
            <span className="method">{failure.request.method}</span> {failure.request.url}
          </div>
          <HeaderList headers={failure.request.headers} />
          {failure.request.body !== undefined && <pre className="value-block">{formatBody(failure.request.body)}</pre>}
        </div>
      )}
      {failure.response && (
        <div className="exchange-part">
          <h4>Response</h4>
          <div className="request-line">
            <span className={`http-status s${String(failure.response.status)[0]}`}>{failure.response.status}</span>
          </div>
          <HeaderList headers={failure.response.headers} />
          <pre className="value-block">{formatBody(failure.response.body)}</pre>
        </div>
      )}
    </div>
  );
}

function Assertions({ failure }: { failure: CaseFailure }) {
  if (!failure.assertions?.length) return null;
  return (
    <table className="assertions" data-testid="failure-assertions">
      <thead>
        <tr>
          <th />
          <th>Checked</th>
          <th>Expected</th>
          <th>Actual</th>
        </tr>
      </thead>
      <tbody>
        {failure.assertions.map((a, i) => (
          <tr key={i} className={a.passed ? 'passed' : 'failed'} title={a.message}>
            <td className="mark">{a.passed ? '✓' : '✗'}</td>
            <td>
              {a.target} <span className="muted">{a.matcher}</span>
            </td>
            <td>
              <Value value={a.expected} />
            </td>
            <td>
              <Value value={a.actual} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Diagnostics({ diagnostics }: { diagnostics: FailureDiagnostics }) {
  const mocks = Object.entries(diagnostics.mockRequests).filter(([, requests]) => requests.length > 0);
  return (
    <div className="diagnostics" data-testid="failure-diagnostics">
      <h4>
        Diagnostics <span className="muted">collected {new Date(diagnostics.collectedAt).toLocaleTimeString()}</span>
      </h4>
      <div className="health-chips">
        {Object.entries(diagnostics.containerHealth).map(([name, health]) => (
          <span key={name} className={`health-chip ${health}`}>
            {name}: {health}
          </span>
        ))}
        <span className="health-chip none" title={diagnostics.networkInfo.containers.join(', ')}>
          network {diagnostics.networkInfo.name}: {diagnostics.networkInfo.exists ? `${diagnostics.networkInfo.containers.length} containers` : 'missing'}
        </span>
      </div>
      {diagnostics.containerLogs.map((log) => (
        <details key={log.containerName} className="diagnostic-log">
          <summary>
            {log.containerName} log <span className="muted">(last {log.lines.length} of {log.lineCount} lines)</span>
          </summary>
          <pre className="log-block">{log.lines.join('\n')}</pre>
        </details>
      ))}
      {mocks.map(([mock, requests]) => (
        <details key={mock} className="diagnostic-log">
          <summary>
            {mock} received {requests.length} request{requests.length === 1 ? '' : 's'}
          </summary>
          <ul className="request-list compact">
            {requests.map((r, i) => (
              <li key={i}>
                <span className="method">{r.method}</span> {r.url} {r.status !== undefined && <span className={`http-status s${String(r.status)[0]}`}>{r.status}</span>}
                {r.body !== null && r.body !== undefined && <pre className="value-block">{formatBody(r.body)}</pre>}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}

function Failure({ failure }: { failure: CaseFailure }) {
  return (
    <div className="failure" data-testid="failure">
      <p className="failure-summary">{failure.summary}</p>
      {failure.error !== failure.summary && <pre className="failure-error">{failure.error}</pre>}
      {failure.suggestedFix && (
        <p className="suggested-fix" data-testid="suggested-fix">
          <strong>Suggested fix:</strong> {failure.suggestedFix}
        </p>
      )}
      <Assertions failure={failure} />
      <Exchange failure={failure} />
      {failure.diagnostics && <Diagnostics diagnostics={failure.diagnostics} />}
    </div>
  );
}

const CaseRow = memo(function CaseRow({ suiteId, result, open }: { suiteId: string; result: AIFriendlyTestResult; open: boolean }) {
  const actions = useTestenvActions();
  const expandable = result.failure !== undefined;
  return (
    <li className={`case ${result.status}`} data-testid="result-case" data-status={result.status} data-name={result.name}>
      <button type="button" className="case-head" disabled={!expandable} aria-expanded={expandable ? open : undefined} onClick={() => actions.toggleCase(suiteId, result.name)}>
        <span className="case-mark">{STATUS_MARK[result.status]}</span>
        <span className="case-name">{result.name}</span>
        {result.attempts && result.attempts.length > 1 && (
          <span className="attempts" title={result.attempts.map((a) => `attempt ${a.attempt}: ${a.status}${a.error ? ` (${a.error})` : ''}`).join('\n')}>
            {result.attempts.length} attempts
          </span>
        )}
        <span className="case-time">{formatDuration(result.duration)}</span>
        {expandable && <span aria-hidden="true">{open ? '▾' : '▸'}</span>}
      </button>
      {open && result.failure && <Failure failure={result.failure} />}
    </li>
  );
});

function SuiteResults({ suite, last }: { suite: TestenvSuiteRecord; last: SuiteResult }) {
  const flipped = useTestenvView((s) => s.flippedCases);
  return (
    <section className={`suite-result ${suite.status}`} data-testid={`suite-result-${suite.suiteId}`} data-status={suite.status}>
      <header className="suite-result-head">
        <span className={`status-dot ${suite.status}`} aria-hidden="true" />
        <span className="suite-name">{suite.name}</span>
        <span className="muted">{suite.runner}</span>
        <span className="suite-counts">
          {suite.status === 'running' ? 'running… ' : ''}
          {last.passed} passed · {last.failed} failed{last.skipped ? ` · ${last.skipped} skipped` : ''}
          {last.attempts > 1 ? ` · ${last.attempts} attempts` : ''}
          {suite.status !== 'running' ? ` · ${formatDuration(last.duration)}` : ''}
        </span>
      </header>
      <ol className="case-list">
        {last.cases.map((result) => {
          const byDefault = result.status === 'failed';
          return <CaseRow key={result.name} suiteId={suite.suiteId} result={result} open={flipped.has(caseKey(suite.suiteId, result.name)) ? !byDefault : byDefault} />;
        })}
      </ol>
    </section>
  );
}

export function ResultsPanel() {
  const project = useShownProject();
  const { suites } = useProjectParts();
  const withResults = suites.filter((s) => s.last || s.status === 'running');
  return (
    <main className="results-panel" data-testid="results">
      <div className="results-head">
        <h2 className="panel-heading">Results</h2>
        {project?.lastRun && (
          <span className={`run-totals ${project.lastRun.status}`} data-testid="run-totals">
            {project.lastRun.status} · {project.lastRun.passed} passed · {project.lastRun.failed} failed
          </span>
        )}
      </div>
      {!project ? (
        <div className="results-empty" data-testid="testenv-empty">
          <p>
            <strong>No test environment yet.</strong>
          </p>
          <p className="hint">
            Type the folder that holds the project's <code>e2e.yaml</code> above and press <strong>Init</strong>, or ask the assistant to call{' '}
            <code>preflight_init</code>. Its services, mocks and suites show here, live, whoever drives the session.
          </p>
        </div>
      ) : withResults.length === 0 ? (
        <p className="hint results-empty">No results yet: set the environment up, then run the suites.</p>
      ) : (
        withResults.map((suite) =>
          suite.last ? (
            <SuiteResults key={suite.id} suite={suite} last={suite.last} />
          ) : (
            <section key={suite.id} className="suite-result running" data-testid={`suite-result-${suite.suiteId}`} data-status="running">
              <header className="suite-result-head">
                <span className="status-dot running" aria-hidden="true" />
                <span className="suite-name">{suite.name}</span>
                <span className="suite-counts">running…</span>
              </header>
            </section>
          ),
        )
      )}
    </main>
  );
}
