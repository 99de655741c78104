/**
 * The left column: the sessions to choose from and the facts of the one on screen, then its
 * services (state, health, ports, uptime), its mocks (routes, requests) and its suites, each
 * highlighted for a moment in the colour of whoever changed it.
 */
import { memo, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import type { TestenvMockRecord, TestenvProjectRecord, TestenvServiceRecord, TestenvSuiteRecord } from '../../../../../shared/testenv-records';
import { originColor } from '../../../common/origin';
import { useFreshChange } from '../../../common/use-fresh-change';
import { formatDuration, formatPorts, formatUptime } from '../model/format';
import { projectsOf, shownLogService, stepGate } from '../model/project';
import { useBusy, useNow, useProjectParts, useShownProject, useTestenv, useTestenvActions, useTestenvView } from '../testenv-context';

/** A record's row, tinted in the colour of whoever changed it last while that is fresh. */
function useChangeTint(id: string): CSSProperties | undefined {
  const change = useFreshChange(useTestenv((s) => s.lastChanges.get(id)));
  return change ? { boxShadow: `inset 3px 0 0 ${originColor(change.origin)}` } : undefined;
}

/** A titled list of rows, or the hint when it has none (nothing at all without a hint). */
function RowSection<T>(props: { title: string; testId: string; items: readonly T[]; empty?: string; children: (item: T) => ReactNode }) {
  if (props.items.length === 0 && !props.empty) return null;
  return (
    <section className="side-section" data-testid={props.testId}>
      <h2 className="panel-heading">{props.title}</h2>
      {props.items.length === 0 ? <p className="hint">{props.empty}</p> : <ul className="tracks">{props.items.map(props.children)}</ul>}
    </section>
  );
}

function ProjectSection({ project }: { project: TestenvProjectRecord }) {
  const actions = useTestenvActions();
  const projects = useTestenv(projectsOf);
  return (
    <section className="side-section" data-testid="testenv-project">
      <h2 className="panel-heading">Project</h2>
      {projects.length > 1 && (
        <select className="project-select" data-testid="project-select" aria-label="Project" value={project.projectPath} onChange={(e) => actions.chooseProject(e.target.value)}>
          {projects.map((p) => (
            <option key={p.id} value={p.projectPath}>
              {p.name} ({p.displayPath || '.'})
            </option>
          ))}
        </select>
      )}
      <dl className="facts">
        <dt>Folder</dt>
        <dd title={project.projectPath}>{project.displayPath || '.'}</dd>
        <dt>Config</dt>
        <dd title={project.configPath}>{project.configPath.split('/').pop()}</dd>
        <dt>Network</dt>
        <dd>
          {project.network.name} {project.network.exists ? '' : <span className="muted">(not created)</span>}
        </dd>
        {project.lastRun && (
          <>
            <dt>Last run</dt>
            <dd data-testid="last-run" className={project.lastRun.status}>
              {project.lastRun.status}: {project.lastRun.passed} passed, {project.lastRun.failed} failed
              {project.lastRun.skipped ? `, ${project.lastRun.skipped} skipped` : ''}
            </dd>
          </>
        )}
      </dl>
      {project.description && <p className="hint">{project.description}</p>}
    </section>
  );
}

const HEALTH_TEXT: Record<TestenvServiceRecord['health'], string> = { healthy: 'healthy', unhealthy: 'unhealthy', starting: 'starting', none: 'no health check' };

/** A container not running: `exited (code 3), unhealthy`, or its state (`not created`, `paused`). */
function stoppedText(service: TestenvServiceRecord): string {
  const state = service.status.replace('_', ' ');
  const code = service.exitCode !== undefined ? ` (code ${service.exitCode})` : '';
  return service.health === 'unhealthy' ? `${state}${code}, unhealthy` : `${state}${code}`;
}

const ServiceRow = memo(function ServiceRow({ service, now, shownLog }: { service: TestenvServiceRecord; now: number; shownLog: boolean }) {
  const actions = useTestenvActions();
  const tint = useChangeTint(service.id);
  const running = service.status === 'running';
  return (
    <li
      className={`track-row env-row${shownLog ? ' active' : ''}`}
      style={tint}
      data-testid={`service-${service.name}`}
      data-status={service.status}
      data-health={service.health}
      data-exit-code={service.exitCode}
      title="Show its log"
      onClick={() => actions.showLog(service.name)}
    >
      <div className="env-row-head">
        <span className={`status-dot ${running ? service.health : service.status}`} aria-hidden="true" />
        <span className="env-name">{service.name}</span>
        <span className={`health-text ${service.health}`} data-testid="service-state">
          {running ? HEALTH_TEXT[service.health] : stoppedText(service)}
        </span>
      </div>
      <div className="env-facts">
        <span title="Ports (host→container), on 127.0.0.1">{service.ports.length ? formatPorts(service.ports) : 'no ports'}</span>
        {running && service.startedAt !== undefined && <span title="Up for">up {formatUptime(now - service.startedAt)}</span>}
      </div>
      <div className="env-facts">
        <span className="env-image" title={service.image}>
          {service.image}
        </span>
        {service.build && (
          <span className={`build-${service.build.status}`} title={service.build.error}>
            {service.build.status === 'building' ? 'building…' : service.build.status === 'success' ? `built${service.build.duration !== undefined ? ` in ${formatDuration(service.build.duration)}` : ''}` : 'build failed'}
          </span>
        )}
      </div>
      {service.dependsOn.length > 0 && <div className="env-facts muted">after {service.dependsOn.join(', ')}</div>}
    </li>
  );
});

function ServicesSection() {
  const { services } = useProjectParts();
  const shownLog = shownLogService(services, useTestenvView((s) => s.logService));
  const now = useNow(1000, services.some((s) => s.status === 'running'));
  return (
    <RowSection title="Services" testId="services" items={services} empty="No services in the e2e.yaml.">
      {(service) => <ServiceRow key={service.id} service={service} now={now} shownLog={service.name === shownLog} />}
    </RowSection>
  );
}

const MockRow = memo(function MockRow({ mock, inspected }: { mock: TestenvMockRecord; inspected: boolean }) {
  const tint = useChangeTint(mock.id);
  return (
    <li className={`track-row env-row static${inspected ? ' active' : ''}`} style={tint} data-testid={`mock-${mock.name}`} data-status={mock.status} data-requests={mock.requestCount}>
      <div className="env-row-head">
        <span className={`status-dot ${mock.status === 'running' ? 'healthy' : 'none'}`} aria-hidden="true" />
        <span className="env-name">{mock.name}</span>
        <span className="health-text" title="Requests received">
          {mock.requestCount} req
        </span>
      </div>
      <div className="env-facts">
        <span>:{mock.port}</span>
        <span>{mock.status}</span>
      </div>
      <ul className="route-list">
        {mock.routes.map((route) => (
          <li key={`${route.method} ${route.path} ${route.conditional}`} title={route.conditional ? 'Answers only when its `when` matches' : undefined}>
            <span className="method">{route.method}</span> {route.path}
            {route.conditional && <span className="muted"> (when)</span>}
          </li>
        ))}
      </ul>
    </li>
  );
});

function MocksSection() {
  const { mocks } = useProjectParts();
  const inspected = useTestenvView((s) => s.inspected?.mockId);
  return (
    <RowSection title="Mocks" testId="mocks" items={mocks}>
      {(mock) => <MockRow key={mock.id} mock={mock} inspected={mock.id === inspected} />}
    </RowSection>
  );
}

const SuiteRow = memo(function SuiteRow({ suite, runTitle, canRun }: { suite: TestenvSuiteRecord; runTitle: string; canRun: boolean }) {
  const actions = useTestenvActions();
  const tint = useChangeTint(suite.id);
  const revealed = useTestenvView((s) => s.revealedSuite === suite.suiteId);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (revealed) row.current?.scrollIntoView({ block: 'nearest' });
  }, [revealed]);
  return (
    <li
      ref={row}
      className={`track-row env-row static${revealed ? ' active' : ''}`}
      style={tint}
      data-testid={`suite-${suite.suiteId}`}
      data-status={suite.status}
      data-revealed={revealed || undefined}
    >
      <div className="env-row-head">
        <span className={`status-dot ${suite.status}`} aria-hidden="true" />
        <span className="env-name">{suite.name}</span>
        <button
          type="button"
          className="row-button"
          data-testid={`run-suite-${suite.suiteId}`}
          title={canRun ? `Run this suite alone (preflight_run_suite ${suite.suiteId})` : runTitle}
          disabled={!canRun}
          onClick={() => void actions.runSuite(suite.suiteId)}
        >
          ▶
        </button>
      </div>
      <div className="env-facts">
        <span>{suite.runner}</span>
        <span className={`suite-status ${suite.status}`}>{suite.status}</span>
        {suite.last && suite.status !== 'running' && (
          <span>
            {suite.last.passed}/{suite.last.passed + suite.last.failed + suite.last.skipped}
          </span>
        )}
      </div>
    </li>
  );
});

function SuitesSection() {
  const { suites } = useProjectParts();
  const project = useShownProject();
  const busy = useBusy();
  const gate = stepGate('run', project, busy);
  return (
    <RowSection title="Suites" testId="suites" items={suites} empty="No suites in the e2e.yaml.">
      {(suite) => <SuiteRow key={suite.id} suite={suite} canRun={gate.enabled} runTitle={gate.title} />}
    </RowSection>
  );
}

export function EnvironmentPanel() {
  const project = useShownProject();
  return (
    <aside className="env-panel" data-testid="environment">
      {project ? (
        <>
          <ProjectSection project={project} />
          <ServicesSection />
          <MocksSection />
          <SuitesSection />
        </>
      ) : (
        <section className="side-section">
          <h2 className="panel-heading">Project</h2>
          <p className="hint">No session yet.</p>
        </section>
      )}
    </aside>
  );
}
