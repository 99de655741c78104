/**
 * The mock request inspector: the requests each mock received, newest first, as they arrive; one
 * chosen shows whole (method, url, the status and route that answered, headers, the parsed body).
 */
import type { MockRequest, TestenvMockRecord } from '../../../../../shared/testenv-records';
import { formatBody } from '../model/format';
import { HeaderList } from './HeaderList';
import { useBusy, useProjectParts, useShownProject, useTestenvActions, useTestenvView } from '../testenv-context';

/** The same request in a republished record (records are replaced whole, so not the same object). */
const sameRequest = (a: MockRequest, b: MockRequest) => a.timestamp === b.timestamp && a.method === b.method && a.url === b.url;

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString();
};

function RequestDetails({ request }: { request: MockRequest }) {
  return (
    <div className="request-details" data-testid="request-details">
      <div className="request-line">
        <span className="method">{request.method}</span> <span className="request-url">{request.url}</span>
      </div>
      <dl className="facts">
        <dt>Answered</dt>
        <dd>{request.status !== undefined ? `${request.status}${request.route ? ` by ${request.route}` : ''}` : 'no route matched (404)'}</dd>
        <dt>At</dt>
        <dd>{timeOf(request.timestamp)}</dd>
      </dl>
      <h4>Headers</h4>
      <HeaderList headers={request.headers} />
      <h4>Body</h4>
      <pre className="value-block" data-testid="request-body">
        {formatBody(request.body)}
      </pre>
    </div>
  );
}

function MockRequests({ mock, canClear }: { mock: TestenvMockRecord; canClear: boolean }) {
  const actions = useTestenvActions();
  const inspected = useTestenvView((s) => (s.inspected?.mockId === mock.id ? s.inspected.request : undefined));
  const newestFirst = [...mock.recent].reverse();
  return (
    <section className="side-section" data-testid={`requests-${mock.name}`}>
      <div className="section-head">
        <h3 className="panel-heading">
          {mock.name} <span className="muted">:{mock.port}</span>
        </h3>
        <button
          type="button"
          className="text-button small"
          disabled={!canClear || mock.requestCount === 0}
          title={canClear ? 'Forget the requests this mock recorded (preflight_mock_requests with clear)' : 'the mocks are not running'}
          onClick={() => void actions.clearRequests(mock.name)}
        >
          Clear
        </button>
      </div>
      {newestFirst.length === 0 ? (
        <p className="hint">No requests yet.</p>
      ) : (
        <ol className="request-list">
          {newestFirst.map((request, i) => {
            const active = inspected !== undefined && sameRequest(inspected, request);
            return (
              <li key={`${request.timestamp}-${i}`}>
                <button
                  type="button"
                  className={`request-item${active ? ' active' : ''}`}
                  data-testid="mock-request"
                  onClick={() => actions.inspect(mock.id, active ? undefined : request)}
                >
                  <span className="method">{request.method}</span>
                  <span className="request-url">{request.url}</span>
                  <span className={`http-status s${String(request.status ?? 404)[0]}`}>{request.status ?? 404}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {mock.requestCount > mock.recent.length && <p className="hint">The last {mock.recent.length} of {mock.requestCount}.</p>}
      {inspected && <RequestDetails request={inspected} />}
    </section>
  );
}

export function RequestInspector() {
  const project = useShownProject();
  const { mocks } = useProjectParts();
  const busy = useBusy();
  return (
    <aside className="side-panel inspector-panel" data-testid="request-inspector">
      <h2 className="panel-heading">Mock requests</h2>
      {mocks.length === 0 ? (
        <p className="hint">{project ? 'The project has no mocks.' : 'No session yet.'}</p>
      ) : (
        mocks.map((mock) => <MockRequests key={mock.id} mock={mock} canClear={mock.status === 'running' && !busy} />)
      )}
    </aside>
  );
}
