/**
 * What the dashboard sees of a session: the records of src/shared/testenv-records.ts built from the
 * session's state, and the throttle that keeps chatty sources (container logs, mock requests) from
 * flooding the change feed.
 */
import {
  LOG_RECORD_LINES,
  MOCK_RECORD_REQUESTS,
  type TestenvLogRecord,
  type TestenvMockRecord,
  type TestenvProjectRecord,
  type TestenvServiceRecord,
  type TestenvSuiteRecord,
  logRecordId,
  mockRecordId,
  projectRecordId,
  serviceRecordId,
  suiteRecordId,
} from '../../../shared/testenv-records';
import { suiteIdOf } from './config';
import type { Session, ServiceState } from './session';

/** How often a log or mock record is republished at most while lines or requests arrive. */
export const LIVE_RECORD_INTERVAL_MS = 200;

export function projectRecord(session: Session): TestenvProjectRecord {
  const { config } = session.loaded;
  return {
    id: projectRecordId(session.projectPath),
    kind: 'project',
    projectPath: session.projectPath,
    displayPath: session.displayPath,
    name: config.project.name,
    ...(config.project.description ? { description: config.project.description } : {}),
    configPath: session.loaded.configPath,
    state: session.state,
    network: { name: session.networkName, exists: session.networkId !== undefined },
    ...(session.activity ? { activity: session.activity } : {}),
    ...(session.lastRun ? { lastRun: session.lastRun } : {}),
  };
}

export function serviceRecord(session: Session, service: ServiceState): TestenvServiceRecord {
  return {
    id: serviceRecordId(session.projectPath, service.config.name),
    kind: 'service',
    projectPath: session.projectPath,
    name: service.config.name,
    image: service.image,
    containerName: service.containerName,
    ...(service.containerId ? { containerId: service.containerId } : {}),
    status: service.status,
    health: service.health,
    ports: service.ports,
    ...(service.startedAt ? { startedAt: service.startedAt } : {}),
    ...(service.exitCode !== undefined ? { exitCode: service.exitCode } : {}),
    dependsOn: service.config.dependsOn,
    ...(service.build ? { build: service.build } : {}),
  };
}

export function mockRecord(session: Session, name: string): TestenvMockRecord {
  const config = session.loaded.config.mocks[name];
  const server = session.mocks.get(name);
  return {
    id: mockRecordId(session.projectPath, name),
    kind: 'mock',
    projectPath: session.projectPath,
    name,
    port: config.port,
    status: server ? 'running' : 'stopped',
    routes: server ? server.routes() : config.routes.map((r) => ({ method: r.method, path: r.path, conditional: Boolean(r.when) })),
    requestCount: server?.requestCount ?? 0,
    recent: server ? server.requests().slice(-MOCK_RECORD_REQUESTS) : [],
  };
}

export function suiteRecords(session: Session): TestenvSuiteRecord[] {
  return session.loaded.config.tests.suites.map((suite) => {
    const suiteId = suiteIdOf(suite);
    const progress = session.suites.get(suiteId);
    return {
      id: suiteRecordId(session.projectPath, suiteId),
      kind: 'suite',
      projectPath: session.projectPath,
      suiteId,
      name: suite.name,
      runner: suite.runner,
      ...(suite.file ? { file: suite.file } : {}),
      status: progress?.status ?? 'idle',
      ...(progress?.last ? { last: progress.last } : {}),
    };
  });
}

export function logRecord(session: Session, service: string, lines: readonly string[], total: number): TestenvLogRecord {
  return { id: logRecordId(session.projectPath, service), kind: 'log', projectPath: session.projectPath, service, lines: lines.slice(-LOG_RECORD_LINES), total };
}

/** Every record of a session (logs aside), as a view needs them after a change. */
export function sessionRecords(session: Session) {
  return [
    projectRecord(session),
    ...[...session.services.values()].map((s) => serviceRecord(session, s)),
    ...Object.keys(session.loaded.config.mocks).map((name) => mockRecord(session, name)),
    ...suiteRecords(session),
  ];
}

/** The ids of every record a session may have published (for removal when it is cleaned). */
export function sessionRecordIds(session: Session): string[] {
  const path = session.projectPath;
  const { config } = session.loaded;
  return [
    projectRecordId(path),
    ...config.services.flatMap((s) => [serviceRecordId(path, s.name), logRecordId(path, s.name)]),
    ...Object.keys(config.mocks).map((name) => mockRecordId(path, name)),
    ...config.tests.suites.map((s) => suiteRecordId(path, suiteIdOf(s))),
  ];
}

/** Runs `publish` at most once per interval while `poke()` is called; `flush()` runs it now if pending. */
export class Throttle {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly publish: () => void,
    private readonly intervalMs = LIVE_RECORD_INTERVAL_MS,
  ) {}

  poke(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, this.intervalMs);
  }

  flush(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.publish();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** A service's container log as the dashboard follows it: the last lines kept, republished throttled. */
export class LogFeed {
  private readonly lines: string[] = [];
  private total = 0;
  private readonly throttle: Throttle;

  constructor(publish: (lines: readonly string[], total: number) => void) {
    this.throttle = new Throttle(() => publish(this.lines, this.total));
  }

  push(line: string): void {
    this.lines.push(line);
    this.total++;
    if (this.lines.length > LOG_RECORD_LINES) this.lines.splice(0, this.lines.length - LOG_RECORD_LINES);
    this.throttle.poke();
  }

  flush(): void {
    this.throttle.flush();
  }

  stop(): void {
    this.throttle.stop();
  }
}
