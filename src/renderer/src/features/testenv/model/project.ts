/**
 * What the dashboard derives from the testenv records: the projects (sessions), the parts of the
 * one on screen, and which of the five buttons may be pressed now and why not. Pure, and computed
 * once per version of the record maps it reads, so a selector hands React the same arrays until
 * the records change.
 */
import {
  ENGINE_RECORD_ID,
  type SessionState,
  type TestenvEngineRecord,
  type TestenvLogRecord,
  type TestenvMockRecord,
  type TestenvProjectRecord,
  type TestenvServiceRecord,
  type TestenvSuiteRecord,
} from '../../../../../shared/testenv-records';
import { recordsOf, type CallInFlight, type ToolDomainState } from '../../../stores/tool-domain-store';

export const TESTENV_DOMAIN = 'testenv';

/** The contract's tools behind the dashboard's buttons (specs/testenv-tools.md). */
export const TESTENV_TOOLS = {
  init: 'preflight_init',
  build: 'preflight_build',
  setup: 'preflight_setup',
  run: 'preflight_run',
  runSuite: 'preflight_run_suite',
  clean: 'preflight_clean',
  mockRequests: 'preflight_mock_requests',
} as const;

export type SessionStep = 'build' | 'setup' | 'run' | 'clean';

export interface ProjectParts {
  services: readonly TestenvServiceRecord[];
  mocks: readonly TestenvMockRecord[];
  suites: readonly TestenvSuiteRecord[];
  /** By service name. */
  logs: ReadonlyMap<string, TestenvLogRecord>;
}

const NO_PARTS: ProjectParts = { services: [], mocks: [], suites: [], logs: new Map() };

/** Memoizes per version of a record map (and a key, e.g. the project's path). */
function memoByMap<M extends object, V>(compute: (map: M, key: string) => V): (map: M, key: string) => V {
  const cache = new WeakMap<M, Map<string, V>>();
  return (map, key) => {
    let byKey = cache.get(map);
    if (!byKey) cache.set(map, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) byKey.set(key, (value = compute(map, key)));
    return value;
  };
}

function ofProject<R extends { projectPath: string }>(map: ReadonlyMap<string, R>, projectPath: string): readonly R[] {
  return [...map.values()].filter((record) => record.projectPath === projectPath);
}

const servicesOf = memoByMap(ofProject<TestenvServiceRecord>);
const mocksOf = memoByMap(ofProject<TestenvMockRecord>);
const suitesOf = memoByMap(ofProject<TestenvSuiteRecord>);
const logsOf = memoByMap((map: ReadonlyMap<string, TestenvLogRecord>, projectPath: string) => new Map(ofProject(map, projectPath).map((log) => [log.service, log])));
const projectList = memoByMap((map: ReadonlyMap<string, TestenvProjectRecord>) => [...map.values()].sort((a, b) => a.displayPath.localeCompare(b.displayPath)));

/** The sessions, by their folder. */
export function projectsOf(state: Pick<ToolDomainState, 'records'>): readonly TestenvProjectRecord[] {
  return projectList(recordsOf<TestenvProjectRecord>(state, 'project'), '');
}

/** The project on screen: the one chosen while it exists, else the first. */
export function shownProject(state: Pick<ToolDomainState, 'records'>, chosen: string | undefined): TestenvProjectRecord | undefined {
  const projects = projectsOf(state);
  return projects.find((p) => p.projectPath === chosen) ?? projects[0];
}

const partsCache = new WeakMap<object, ProjectParts>();

/** The services, mocks, suites and logs of one project; the same object while none of them changed. */
export function projectParts(state: Pick<ToolDomainState, 'records'>, projectPath: string | undefined): ProjectParts {
  if (projectPath === undefined) return NO_PARTS;
  const services = servicesOf(recordsOf<TestenvServiceRecord>(state, 'service'), projectPath);
  const mocks = mocksOf(recordsOf<TestenvMockRecord>(state, 'mock'), projectPath);
  const suites = suitesOf(recordsOf<TestenvSuiteRecord>(state, 'suite'), projectPath);
  const logs = logsOf(recordsOf<TestenvLogRecord>(state, 'log'), projectPath);
  // One parts object per combination of the four results, keyed on the first and checked on the rest.
  const cached = partsCache.get(services);
  if (cached && cached.mocks === mocks && cached.suites === suites && cached.logs === logs) return cached;
  const parts = { services, mocks, suites, logs };
  partsCache.set(services, parts);
  return parts;
}

/** The service whose log shows: the one chosen while the project has it, else the first. */
export function shownLogService(services: readonly TestenvServiceRecord[], chosen: string | undefined): string | undefined {
  return services.find((s) => s.name === chosen)?.name ?? services[0]?.name;
}

// ---- the project folder the person types ----------------------------------------------------------

/** A folder as typed, for comparison: no `./`, no trailing slash, `` for the workspace itself. */
function normalFolder(path: string): string {
  let p = path.trim().replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  p = p.replace(/\/+$/, '');
  return p === '.' ? '' : p;
}

/** The session for the folder typed (absolute, or relative to the workspace), if there is one. */
export function projectAt(projects: readonly TestenvProjectRecord[], typed: string, workspace: string | undefined): TestenvProjectRecord | undefined {
  const wanted = normalFolder(typed);
  const relative = workspace && (wanted === normalFolder(workspace) || wanted.startsWith(`${normalFolder(workspace)}/`)) ? normalFolder(wanted.slice(normalFolder(workspace).length + 1)) : undefined;
  return projects.find(
    (p) => normalFolder(p.projectPath) === wanted || normalFolder(p.displayPath) === wanted || (relative !== undefined && normalFolder(p.displayPath) === relative),
  );
}

// ---- which buttons may be pressed ------------------------------------------------------------------

/** Whether a button may be pressed, and what its tooltip says: what it does, or why not now. */
export interface Gate {
  enabled: boolean;
  title: string;
}

/** What is at work on a project: a tool the core reports, or a call of this view not yet answered. */
export interface Busy {
  tool: string;
  origin: string;
}

const WHAT_IT_DOES: Record<SessionStep | 'init', string> = {
  init: 'Load and check the e2e.yaml of the folder (preflight_init)',
  build: "Build the services' images (preflight_build)",
  setup: 'Start the network, the mocks and the services, and wait until they are healthy (preflight_setup)',
  run: 'Run every suite (preflight_run)',
  clean: 'Remove the containers, the mocks and the network, and end the session (preflight_clean)',
};

/** The states in which each step is accepted, and what to do instead in the others. */
const ACCEPTS: Record<Exclude<SessionStep, 'clean'>, { states: readonly SessionState[]; otherwise: Partial<Record<SessionState, string>> }> = {
  build: { states: ['initialized', 'built', 'stopped'], otherwise: { running: 'the environment is running: clean it before building again' } },
  setup: {
    states: ['built', 'stopped'],
    otherwise: { initialized: 'the images are not built yet: build first', running: 'the environment is already running' },
  },
  run: {
    states: ['running'],
    otherwise: {
      initialized: 'the environment is not running: build, then set it up',
      built: 'the environment is not running: set it up first',
      stopped: 'the environment is not running: set it up again first',
    },
  },
};

export function busyText(busy: Busy): string {
  return `busy: ${busy.tool} is running (${busy.origin === 'person' ? 'started here' : `called by ${busy.origin}`}); wait for it to finish`;
}

/** What is at work on the project: the core's activity first, else this view's own call. */
export function busyWith(project: TestenvProjectRecord | undefined, calls: readonly CallInFlight[], projectPath: string | undefined): Busy | undefined {
  if (project?.activity) return { tool: project.activity.tool, origin: project.activity.origin };
  const own = calls.find((c) => c.args.projectPath === projectPath);
  return own ? { tool: own.tool, origin: 'person' } : undefined;
}

/** The core's word on the Docker engine, once it has checked. */
export function engineOf(state: Pick<ToolDomainState, 'records'>): TestenvEngineRecord | undefined {
  return recordsOf<TestenvEngineRecord>(state, 'engine').get(ENGINE_RECORD_ID);
}

/** The steps that make images and containers, and so need a Docker engine that answers. */
const NEEDS_ENGINE: ReadonlySet<SessionStep> = new Set(['build', 'setup']);

/** What the dashboard says of an engine that does not answer. */
export function engineMissingText(engine: TestenvEngineRecord): string {
  return `no Docker engine answers at ${engine.where}: start it, or set DOCKER_HOST to where it listens and start the studio again`;
}

/** The gate of build, setup, run or clean for the project on screen. */
export function stepGate(step: SessionStep, project: TestenvProjectRecord | undefined, busy: Busy | undefined, engine?: TestenvEngineRecord): Gate {
  if (!project) return { enabled: false, title: `${step}: no session yet: init a project folder first` };
  if (engine && !engine.reachable && NEEDS_ENGINE.has(step)) return { enabled: false, title: `${step}: ${engineMissingText(engine)}` };
  if (busy) return { enabled: false, title: `${step}: ${busyText(busy)}` };
  if (step === 'clean') return { enabled: true, title: WHAT_IT_DOES.clean };
  const accepts = ACCEPTS[step];
  if (accepts.states.includes(project.state)) return { enabled: true, title: WHAT_IT_DOES[step] };
  return { enabled: false, title: `${step}: ${accepts.otherwise[project.state] ?? `not in the ${project.state} state`}` };
}

/** The gate of init for the folder typed. */
export function initGate(typed: string, existing: TestenvProjectRecord | undefined, pending: boolean): Gate {
  if (pending) return { enabled: false, title: 'init: already on its way' };
  if (!typed.trim()) return { enabled: false, title: 'init: type the project folder (absolute, or relative to the workspace)' };
  if (existing) return { enabled: false, title: `init: ${existing.displayPath || 'this folder'} has a session already (${existing.state}): clean it to start over` };
  return { enabled: true, title: WHAT_IT_DOES.init };
}
