/**
 * The test-environment domain (`testenv`, contract: specs/testenv-tools.md) as the dashboard sees
 * it: the records the core publishes on the change feed (a DomainSnapshot of domain `testenv`
 * carries them all), and the result shapes its tools answer with (Preflight's AIFriendlyTestResult).
 * Shared by main and renderer so that both read the same shapes.
 *
 * Ids are `<kind>:<projectPath>` or `<kind>:<projectPath>#<name>`, projectPath being the absolute
 * path of the project folder; a record is replaced whole when anything in it changes.
 */

export type SessionState = 'initialized' | 'built' | 'running' | 'stopped';
export type ContainerStatus = 'not_created' | 'created' | 'running' | 'paused' | 'restarting' | 'exited' | 'dead' | 'removing';
export type Health = 'healthy' | 'unhealthy' | 'starting' | 'none';

export interface PortMapping {
  host: number;
  container: number;
}

/** A tool at work on a project, shown as the dashboard's progress bar. */
export interface ProjectActivity {
  tool: string;
  /** Who called it: an MCP client's name, or `person`. */
  origin: string;
  /** What it is doing now, e.g. `building api`, `waiting for db to be healthy`. */
  phase: string;
  /** Steps done and the number of steps, when known (services built, services healthy, suites run). */
  done?: number;
  total?: number;
  startedAt: number;
}

/** One session: `project:<projectPath>`. Removed when the session is cleaned. */
export interface TestenvProjectRecord {
  readonly id: string;
  readonly kind: 'project';
  readonly projectPath: string;
  /** The project's path as the workspace shows it (relative), for display. */
  readonly displayPath: string;
  readonly name: string;
  readonly description?: string;
  readonly configPath: string;
  readonly state: SessionState;
  readonly network: { name: string; exists: boolean };
  /** The tool running on the project now, if any. */
  readonly activity?: ProjectActivity;
  /** Totals of the last run, when there was one. */
  readonly lastRun?: { status: 'passed' | 'failed'; passed: number; failed: number; skipped: number; at: number; origin: string };
}

/** A service of the e2e.yaml: `service:<projectPath>#<name>`. */
export interface TestenvServiceRecord {
  readonly id: string;
  readonly kind: 'service';
  readonly projectPath: string;
  readonly name: string;
  readonly image: string;
  readonly containerName: string;
  readonly containerId?: string;
  readonly status: ContainerStatus;
  readonly health: Health;
  readonly ports: readonly PortMapping[];
  /** ms since the epoch when the container started, while it runs. */
  readonly startedAt?: number;
  /** The exit code of a container that stopped (status exited or dead). */
  readonly exitCode?: number;
  readonly dependsOn: readonly string[];
  readonly build?: { status: 'building' | 'success' | 'failed'; duration?: number; error?: string };
}

/** The last lines of a service's container log: `log:<projectPath>#<service>`, republished as lines arrive. */
export interface TestenvLogRecord {
  readonly id: string;
  readonly kind: 'log';
  readonly projectPath: string;
  readonly service: string;
  /** The newest lines last, at most LOG_RECORD_LINES. */
  readonly lines: readonly string[];
  /** Lines seen in all, including those no longer kept. */
  readonly total: number;
}

/** How many log lines a log record keeps. */
export const LOG_RECORD_LINES = 500;

export interface MockRoute {
  method: string;
  path: string;
  /** The route answers only when its `when` matches (such routes are tried first). */
  conditional: boolean;
}

/** A request a mock received, as preflight_mock_requests answers it. */
export interface MockRequest {
  method: string;
  url: string;
  /** The parsed JSON body, the text when it is not JSON, null when empty. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** ISO 8601. */
  timestamp: string;
  /** The status the mock answered, and which route did (absent: no route matched, 404). */
  status?: number;
  route?: string;
}

/** A mock service: `mock:<projectPath>#<name>`. */
export interface TestenvMockRecord {
  readonly id: string;
  readonly kind: 'mock';
  readonly projectPath: string;
  readonly name: string;
  readonly port: number;
  readonly status: 'running' | 'stopped';
  readonly routes: readonly MockRoute[];
  readonly requestCount: number;
  /** The newest requests last, at most MOCK_RECORD_REQUESTS. */
  readonly recent: readonly MockRequest[];
}

export const MOCK_RECORD_REQUESTS = 50;

/** A suite of the e2e.yaml: `suite:<projectPath>#<id>`, with its last result. */
export interface TestenvSuiteRecord {
  readonly id: string;
  readonly kind: 'suite';
  readonly projectPath: string;
  readonly suiteId: string;
  readonly name: string;
  readonly runner: string;
  readonly file?: string;
  readonly status: 'idle' | 'running' | 'passed' | 'failed';
  /** The cases of the running attempt as they finish, or of the last run. */
  readonly last?: SuiteResult;
}

/**
 * Whether the Docker engine answers, and where the studio looked for it (DOCKER_HOST, else the
 * default socket): `engine`, one record, republished when the answer changes.
 */
export interface TestenvEngineRecord {
  readonly id: typeof ENGINE_RECORD_ID;
  readonly kind: 'engine';
  /** Where the studio looks, as people set it: `unix:///var/run/docker.sock (the default socket; ...)`. */
  readonly where: string;
  readonly reachable: boolean;
  /** Why it is not reachable (the engine's error), when it is not. */
  readonly problem?: string;
  /** The engine's machine when it is not this one (DOCKER_HOST ssh:// or tcp://). */
  readonly remote?: { readonly host: string; readonly via: 'ssh' | 'tcp' };
  readonly checkedAt: number;
}

export const ENGINE_RECORD_ID = 'engine';

export type TestenvRecord = TestenvProjectRecord | TestenvServiceRecord | TestenvLogRecord | TestenvMockRecord | TestenvSuiteRecord | TestenvEngineRecord;

export const projectRecordId = (projectPath: string) => `project:${projectPath}`;
export const serviceRecordId = (projectPath: string, name: string) => `service:${projectPath}#${name}`;
export const logRecordId = (projectPath: string, service: string) => `log:${projectPath}#${service}`;
export const mockRecordId = (projectPath: string, name: string) => `mock:${projectPath}#${name}`;
export const suiteRecordId = (projectPath: string, suiteId: string) => `suite:${projectPath}#${suiteId}`;

// ---------------------------------------------------------------------------------------------
// Results (Preflight's data model)

export interface AssertionResult {
  /** What was checked, e.g. `status`, `body.user.id`, `header content-type`. */
  target: string;
  /** The matcher, e.g. `equals`, `contains`, `matches`, `exists`, `type`. */
  matcher: string;
  expected: unknown;
  actual: unknown;
  passed: boolean;
  message?: string;
}

export interface ContainerLogs {
  containerName: string;
  lines: string[];
  lineCount: number;
}

export interface FailureDiagnostics {
  containerLogs: ContainerLogs[];
  containerHealth: Record<string, Health | ContainerStatus>;
  mockRequests: Record<string, MockRequest[]>;
  networkInfo: { name: string; exists: boolean; containers: string[] };
  /** ISO 8601. */
  collectedAt: string;
}

export interface CaseFailure {
  error: string;
  /** One line an AI can act on: what failed, where. */
  summary: string;
  suggestedFix?: string;
  request?: { method: string; url: string; headers?: Record<string, string>; body?: unknown };
  response?: { status: number; headers: Record<string, string>; body: unknown };
  assertions?: AssertionResult[];
  diagnostics?: FailureDiagnostics;
}

/** One attempt of a case (a suite retried is attempted again whole). */
export interface CaseAttempt {
  attempt: number;
  status: 'passed' | 'failed' | 'skipped';
  duration: number;
  error?: string;
}

/** Preflight's AIFriendlyTestResult: a passing case is brief, a failing one carries `failure`. */
export interface AIFriendlyTestResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  duration: number;
  /** The file the case lives in, when the runner says. */
  file?: string;
  failure?: CaseFailure;
  /** Every attempt, when there was more than one. */
  attempts?: CaseAttempt[];
}

export interface SuiteResult {
  id: string;
  name: string;
  status: 'passed' | 'failed';
  duration: number;
  passed: number;
  failed: number;
  skipped: number;
  /** How many attempts the suite took (1 when it passed at once). */
  attempts: number;
  cases: AIFriendlyTestResult[];
}

export interface RunResult {
  status: 'passed' | 'failed';
  totals: { passed: number; failed: number; skipped: number; total: number };
  duration: number;
  suites: SuiteResult[];
}
