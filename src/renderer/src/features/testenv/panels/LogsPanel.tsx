/**
 * The services' container logs, live (their log records are republished as lines arrive): one tab
 * per service, a filter, and follow, which keeps the newest line in view until the person scrolls
 * up to read (scrolling back to the end follows again).
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { filterLines } from '../model/format';
import { shownLogService } from '../model/project';
import { useProjectParts, useTestenvActions, useTestenvView } from '../testenv-context';

/** How close to the end (px) still counts as at the end. */
const AT_END_PX = 12;

export function LogsPanel() {
  const actions = useTestenvActions();
  const { services, logs } = useProjectParts();
  const chosen = useTestenvView((s) => s.logService);
  const filter = useTestenvView((s) => s.logFilter);
  const follow = useTestenvView((s) => s.follow);
  const names = services.map((s) => s.name);
  const shown = shownLogService(services, chosen);
  const log = shown ? logs.get(shown) : undefined;
  const lines = useMemo(() => (log ? filterLines(log.lines, log.total, filter) : []), [log, filter]);
  const box = useRef<HTMLPreElement>(null);

  useLayoutEffect(() => {
    if (follow && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines, follow]);

  if (names.length === 0) return <section className="logs-panel" data-testid="logs" />;
  return (
    <section className="logs-panel" data-testid="logs">
      <div className="logs-head">
        <h2 className="panel-heading">Logs</h2>
        <div className="log-tabs" role="tablist">
          {names.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={name === shown}
              className={`log-tab${name === shown ? ' active' : ''}`}
              data-testid={`log-tab-${name}`}
              onClick={() => actions.showLog(name)}
            >
              {name}
              {logs.get(name) && <span className="muted"> {logs.get(name)!.total}</span>}
            </button>
          ))}
        </div>
        <input
          className="log-filter"
          data-testid="log-filter"
          type="search"
          placeholder="filter"
          aria-label="Filter the log lines"
          value={filter}
          onChange={(e) => actions.setLogFilter(e.target.value)}
        />
        <label className="log-follow" title="Keep the newest line in view">
          <input type="checkbox" data-testid="log-follow" checked={follow} onChange={(e) => actions.setFollow(e.target.checked)} /> follow
        </label>
      </div>
      <pre
        className="log-lines"
        ref={box}
        data-testid="log-lines"
        data-service={shown}
        onScroll={(e) => {
          const el = e.currentTarget;
          const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < AT_END_PX;
          if (atEnd !== follow) actions.setFollow(atEnd);
        }}
      >
        {!log ? (
          <span className="muted">No log yet: the container has not started.</span>
        ) : lines.length === 0 ? (
          <span className="muted">{filter ? `No line of ${log.lines.length} contains “${filter}”.` : 'The log is empty.'}</span>
        ) : (
          lines.map((line) => (
            <div key={line.n} className="log-line">
              <span className="log-n">{line.n}</span>
              {line.text}
            </div>
          ))
        )}
      </pre>
    </section>
  );
}
