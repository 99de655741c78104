/**
 * What the dashboard sees of a session: the records of src/shared/testenv-records.ts built from the
 * session's state (the throttle that keeps chatty sources from flooding the change feed is in
 * live-feeds.ts).
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
