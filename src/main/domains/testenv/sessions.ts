/**
 * The testenv sessions: one per project folder, each a state machine (initialized → built →
 * running → stopped) over a Docker environment (network, service containers, mocks in the core).
 * Every write call holds its project for its whole run, so two calls at once on one project get
 * INVALID_STATE rather than a session half changed by each. What a session runs is saved in the
 * studio's SQLite (session-store.ts): a core that stops cleans its environments; one that hands the
 * workspace over leaves them running for the next core, which adopts them; after a crash the next
 * core's reaper removes what this workspace's sessions left, before any tool runs.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { relative } from 'node:path';
import type { DomainSummaryPart } from '../../../shared/domain-summary';
import type { ContainerStatus, FailureDiagnostics, RunResult } from '../../../shared/testenv-records';
import type { ResolvedPath } from '../../kernel/paths';
import { closestMatches } from '../../kernel/suggest';
import { type StudioEnding, type ToolCaller, type ToolDomainHost, ToolError } from '../../tool-domain/domain';
import { DEFAULT_CONFIG_FILE, baseUrlOf, configNotes, isNamedVolume, loadConfig, repoStates, resolveInside, suiteIdOf } from './config';
import { type ServiceConfig, type SuiteConfig, durationMs } from './config-schema';
import { type ContainerState, DockerEngine, LABEL, type Labels, assertPortsFree, sinceSeconds, waitHealthy } from './engine';
import { TestenvErrorCode as Code } from './errors';
import { MockServer } from './mock-server';
import { LogFeed, Throttle } from './live-feeds';
import { logRecord, mockRecord, sessionRecordIds, sessionRecords } from './records';
import { type ServiceState, Session } from './session';
import { runSuites } from './run';
import { type CleanResult, cleanFailed, describeClean, removeEnvironment, removeFound, type TeardownResult } from './teardown';
import { type SavedSession, SessionStore } from './session-store';

/** The studio's code for a `service` the e2e.yaml does not have (the contract has none). */
export const SERVICE_NOT_FOUND = 'SERVICE_NOT_FOUND';
/** Log lines per container in a failure's diagnostics, and in a failed setup's answer. */
const DIAGNOSTIC_LOG_LINES = 50;
/** A mock's most recent requests in a failure's diagnostics. */
const DIAGNOSTIC_MOCK_REQUESTS = 20;
/** How long status waits for a published port to accept a connection. */
const PORT_CHECK_MS = 500;

const suggest = {
  init: 'call preflight_init with this projectPath first',
  build: 'call preflight_build first',
  setup: 'call preflight_setup first',
  status: 'preflight_status shows the session',
};

/** Does something accept TCP connections on 127.0.0.1:port? */
function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PORT_CHECK_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export class Sessions {
  private readonly sessions = new Map<string, Session>();
  /** The write call holding each project now. */
  private readonly busy = new Map<string, { tool: string; origin: string }>();
  private readonly store: SessionStore;
  /** Settles once the sessions handed over are adopted and a crash's leftovers reaped. */
  readonly ready: Promise<void>;

  constructor(
    private readonly host: ToolDomainHost,
    readonly engine: DockerEngine = new DockerEngine(),
  ) {
    this.store = new SessionStore(host.database);
    this.ready = this.recover().catch((err) => host.log(`recovering the sessions failed: ${(err as Error)?.stack ?? err}`));
  }

  // ------------------------------------------------------------------------------------------
  // The tools

  async init(path: ResolvedPath, configFile: string | undefined, caller: ToolCaller) {
    return this.exclusive(path.abs, 'preflight_init', caller, async () => {
      const existing = this.sessions.get(path.abs);
      if (existing) {
        throw new ToolError(Code.sessionExists, `a session for ${path.rel} exists already (state ${existing.state})`, 'preflight_status shows it; preflight_clean ends it before a new preflight_init', {
          state: existing.state,
        });
      }
      const loaded = await loadConfig(path.abs, configFile);
      const session = new Session(randomUUID(), path.abs, path.rel || '.', configFile ?? DEFAULT_CONFIG_FILE, loaded);
      this.sessions.set(path.abs, session);
      this.store.save(session.saved());
      this.publish(session, caller.origin, `init ${loaded.config.project.name}`);
      const { config } = loaded;
      return {
        projectName: config.project.name,
        configPath: loaded.configPath,
        services: [...session.services.values()].map((s) => ({ name: s.config.name, image: s.image, ports: s.config.container.ports, hasHealthcheck: !!s.config.container.healthcheck })),
        mocks: Object.entries(config.mocks).map(([name, mock]) => ({ name, port: mock.port, routeCount: mock.routes.length })),
        suites: config.tests.suites.map((s) => ({ id: suiteIdOf(s), name: s.name, runner: s.runner, ...(s.file ? { file: s.file } : {}) })),
        schemaVersion: config.version,
        layout: config.layout,
        ...(config.repos.length ? { repos: repoStates(loaded) } : {}),
        ...(session.namedVolumes.length ? { volumes: session.namedVolumes.map((source) => ({ name: source, dockerVolume: session.volumeName(source) })) } : {}),
        notes: configNotes(loaded),
      };
    });
  }

  async build(path: ResolvedPath, options: { noCache?: boolean; service?: string }, caller: ToolCaller) {
    const session = this.need(path);
    return this.exclusive(path.abs, 'preflight_build', caller, async () => {
      if (session.state === 'running') {
        throw new ToolError(Code.invalidState, `the environment of ${path.rel} is running; images are built before it starts`, 'preflight_clean removes it; then preflight_init and preflight_build again');
      }
      const targets = options.service ? [this.service(session, options.service)] : [...session.services.values()];
      await this.engine.ping();
      const started = Date.now();
      const results: Array<{ name: string; image: string; status: 'success' | 'failed'; duration: number; error?: string }> = [];
      let line = 0;
      for (const [index, service] of targets.entries()) {
        const name = service.config.name;
        const begun = Date.now();
        service.build = { status: 'building' };
        session.built.delete(name);
        this.setActivity(session, 'preflight_build', caller.origin, `building ${name}`, index, targets.length);
        this.publish(session, caller.origin, `build ${name}`);
        try {
          await this.buildOne(session, service, options.noCache ?? false, (text) => caller.progress(++line, undefined, text), caller.signal);
        } catch (err) {
          const message = (err as Error)?.message ?? String(err);
          service.build = { status: 'failed', duration: Date.now() - begun, error: message };
          results.push({ name, image: service.image, status: 'failed', duration: Date.now() - begun, error: message });
          session.state = 'initialized';
          session.activity = undefined;
          this.store.save(session.saved());
          this.publish(session, caller.origin, `build ${name} failed`, [message]);
          // A cancellation or a fault is passed on as it is (the host answers it).
          if (!(err instanceof ToolError)) throw err;
          throw new ToolError(err.code, err.message, err.suggestion, { ...(err.details as object), services: results, totalDuration: Date.now() - started });
        }
        service.build = { status: 'success', duration: Date.now() - begun };
        session.built.set(name, service.image);
        results.push({ name, image: service.image, status: 'success', duration: Date.now() - begun });
      }
      if ([...session.services.keys()].every((name) => session.built.has(name))) session.state = 'built';
      session.activity = undefined;
      this.store.save(session.saved());
      this.publish(session, caller.origin, `built ${targets.map((t) => t.config.name).join(', ')}`);
      return { services: results, totalDuration: Date.now() - started };
    });
  }

  private async buildOne(session: Session, service: ServiceState, noCache: boolean, onLine: (line: string) => void, signal: AbortSignal): Promise<void> {
    const build = service.config.build;
    if (!build) {
      if (await this.engine.imageExists(service.image)) return;
      throw new ToolError(Code.buildFailed, `the image ${service.image} of ${service.config.name} is not in the engine, and the studio does not pull images`, `docker pull ${service.image}, then call preflight_build again`, {
        image: service.image,
      });
    }
    await this.engine.build(
      {
        context: resolveInside(session.loaded.projectDir, build.context),
        dockerfile: build.dockerfile,
        tag: service.image,
        args: build.args,
        // No labels on images: a container inherits its image's labels, and the reaper would take
        // any container started from one for the studio's.
        noCache,
      },
      onLine,
      signal,
    );
  }

  async setup(path: ResolvedPath, options: { timeout?: string }, caller: ToolCaller) {
    const session = this.need(path);
    return this.exclusive(path.abs, 'preflight_setup', caller, async () => {
      if (session.state === 'initialized') throw new ToolError(Code.notBuilt, `the images of ${path.rel} are not built`, suggest.build);
      if (session.state === 'running') {
        throw new ToolError(Code.invalidState, `the environment of ${path.rel} is running already`, 'preflight_run runs the suites; preflight_clean removes the environment');
      }
      return this.startEnvironment(session, options.timeout ? durationMs(options.timeout) : undefined, caller);
    });
  }

  async run(path: ResolvedPath, options: { filter?: string; parallel?: boolean }, caller: ToolCaller): Promise<RunResult> {
    const session = this.need(path);
    const suites = session.config.tests.suites;
    let chosen = suites;
    if (options.filter) {
      const ids = options.filter.split(',').map((s) => s.trim()).filter(Boolean);
      chosen = ids.map((id) => this.suite(session, id));
    }
    return this.exclusive(path.abs, 'preflight_run', caller, () => this.runChosen(session, chosen, options.parallel, caller));
  }

  async runSuite(path: ResolvedPath, suiteId: string, caller: ToolCaller): Promise<RunResult> {
    const session = this.need(path);
    const suite = this.suite(session, suiteId);
    return this.exclusive(path.abs, 'preflight_run_suite', caller, () => this.runChosen(session, [suite], undefined, caller));
  }

  /** The project map's part (context domain): one item per session, with its state and last run. */
  summary(): DomainSummaryPart {
    const sessions = [...this.sessions.values()];
    const items = sessions.map((session) => {
      const run = session.lastRun;
      const counts = `${plural(session.services.size, 'service')}, ${plural(Object.keys(session.config.mocks).length, 'mock')}, ${plural(session.config.tests.suites.length, 'suite')}`;
      return {
        kind: 'session',
        name: session.config.project.name,
        path: session.displayPath,
        summary: counts,
        state: `${session.state}${run ? `; last run ${run.status} ${run.passed}/${run.passed + run.failed + run.skipped} by ${run.origin}` : '; not run yet'}`,
      };
    });
    return { items, counts: { sessions: sessions.length, running: sessions.filter((s) => s.state === 'running').length } };
  }

  async status(path: ResolvedPath) {
    const session = this.need(path);
    const live = session.state === 'running' || session.networkId !== undefined;
    const network = live ? await this.engine.networkInfo(session.networkId ?? session.networkName) : { exists: false };
    const services = await Promise.all(
      [...session.services.values()].map(async (s) => {
        const state = s.containerId ? await this.engine.inspect(s.containerId) : undefined;
        if (state) this.noteState(session, s, state);
        const status: ContainerStatus = state?.status ?? 'not_created';
        const ports = await Promise.all(s.ports.map(async (p) => ({ ...p, accessible: status === 'running' && (await portAccepts(p.host)) })));
        return {
          name: s.config.name,
          ...(s.containerId ? { containerId: s.containerId } : {}),
          status,
          ports,
          health: s.health,
          ...(s.exitCode !== undefined ? { exitCode: s.exitCode } : {}),
          ...(state?.startedAt ? { uptime: Date.now() - state.startedAt } : {}),
        };
      }),
    );
    return {
      state: session.state,
      network: { name: session.networkName, exists: network.exists },
      services,
      mocks: Object.entries(session.config.mocks).map(([name, mock]) => {
        const server = session.mocks.get(name);
        return { name, port: mock.port, status: server ? ('running' as const) : ('stopped' as const), requestCount: server?.requestCount ?? 0 };
      }),
    };
  }

  async logs(path: ResolvedPath, options: { container: string; lines: number; since?: string }) {
    const session = this.need(path);
    const service = [...session.services.values()].find((s) => s.config.name === options.container || s.containerName === options.container);
    if (!service) {
      const names = [...session.services.values()].flatMap((s) => [s.containerName, s.config.name]);
      const near = closestMatches(options.container, names, 1)[0];
      throw new ToolError(Code.containerNotFound, `no container "${options.container}" in the session of ${path.rel}; containers: ${[...session.services.values()].map((s) => s.containerName).join(', ')}`, near ? `did you mean ${near}?` : suggest.status);
    }
    if (!service.containerId) throw new ToolError(Code.containerNotRunning, `${service.containerName} has not been started (state ${session.state})`, suggest.setup);
    const since = options.since === undefined ? undefined : sinceSeconds(options.since);
    if (options.since !== undefined && since === undefined) {
      throw new ToolError('INVALID_INPUT', `since "${options.since}" is not a time`, 'give an age such as 30s, 5m or 2h, or an ISO 8601 time');
    }
    const state = await this.engine.inspect(service.containerId);
    if (!state) throw new ToolError(Code.containerNotRunning, `the container ${service.containerName} is gone from the engine`, 'preflight_clean, then preflight_init, preflight_build and preflight_setup again');
    const lines = await this.engine.logs(service.containerId, { tail: options.lines, since });
    // A container that stopped is when its log is needed most: answered as any other, with its exit code.
    this.noteState(session, service, state);
    return { container: service.containerName, lines, lineCount: lines.length, containerStatus: state.status, ...(state.exitCode !== undefined ? { exitCode: state.exitCode } : {}) };
  }

  async mockRequests(path: ResolvedPath, options: { mockName?: string; since?: string; clear?: boolean }, caller: ToolCaller) {
    const session = this.need(path);
    const names = Object.keys(session.config.mocks);
    if (options.mockName !== undefined && !names.includes(options.mockName)) {
      const near = closestMatches(options.mockName, names, 1)[0];
      throw new ToolError(Code.mockNotFound, `no mock "${options.mockName}" in ${path.rel}; mocks: ${names.join(', ') || 'none'}`, near ? `did you mean ${near}?` : undefined);
    }
    if (session.mocks.size === 0) {
      throw new ToolError(Code.mocksNotRunning, names.length ? `the mocks of ${path.rel} are not running (state ${session.state})` : `${path.rel} has no mocks`, names.length ? suggest.setup : 'add mocks to e2e.yaml');
    }
    let since: Date | undefined;
    if (options.since !== undefined) {
      const seconds = sinceSeconds(options.since);
      const ms = Date.parse(options.since);
      since = !Number.isNaN(ms) ? new Date(ms) : seconds !== undefined ? new Date(seconds * 1000) : undefined;
      if (!since) throw new ToolError('INVALID_INPUT', `since "${options.since}" is not a time`, 'give an ISO 8601 time, or an age such as 30s or 5m');
    }
    const mocks = (options.mockName ? [options.mockName] : names).map((name) => {
      const server = session.mocks.get(name)!;
      const requests = server.requests(since);
      const totalRequests = server.requestCount;
      if (options.clear) server.clear();
      return { name, port: server.port, totalRequests, requests };
    });
    if (options.clear) this.publish(session, caller.origin, `clear mock requests${options.mockName ? ` of ${options.mockName}` : ''}`);
    return { mocks };
  }

  async clean(path: ResolvedPath, options: { force: boolean }, caller: ToolCaller): Promise<CleanResult> {
    const session = this.sessions.get(path.abs);
    if (!session) {
      // Still removes what carries the project's labels (a crash's or another core's leftovers).
      const removed = await this.removeLabelled({ [LABEL.workspace]: this.host.workspace, [LABEL.projectPath]: path.abs }).catch(() => undefined);
      throw new ToolError(Code.sessionNotFound, `no session for ${path.rel}`, suggest.init, removed && (removed.containers.length || removed.networks.length) ? { removed } : undefined);
    }
    return this.exclusive(path.abs, 'preflight_clean', caller, async () => {
      this.setActivity(session, 'preflight_clean', caller.origin, 'removing the environment');
      this.publish(session, caller.origin, 'clean');
      const result = await this.teardown(session, options.force);
      if (cleanFailed(result)) {
        // Kept, so that clean can be called again; the answer says what is left.
        session.state = 'stopped';
        session.activity = undefined;
        this.store.save(session.saved());
        this.publish(session, caller.origin, 'clean failed in part', describeClean(result));
        return { ...result, sessionRemoved: false };
      }
      this.forget(session, caller.origin, 'cleaned', describeClean(result));
      return { ...result, sessionRemoved: true };
    });
  }

  // ------------------------------------------------------------------------------------------
  // Lifecycle

  /** Stop: removes every environment. Handover: leaves them running, saved for the next core. */
  async close(ending: StudioEnding): Promise<void> {
    await this.ready;
    for (const session of this.sessions.values()) {
      if (ending === 'handover') {
        this.stopFollowing(session);
        await Promise.all([...session.mocks.values()].map((m) => m.stop().catch(() => undefined)));
        session.mocks.clear();
        this.store.save(session.saved(true));
        continue;
      }
      const result = await this.teardown(session, true).catch((err: unknown) => {
        this.host.log(`removing the environment of ${session.displayPath} failed: ${(err as Error)?.message ?? err}`);
        return undefined;
      });
      if (result) this.host.log(`closed ${session.displayPath}: ${describeClean(result).join('; ')}`);
      // A row kept (not handed over) makes the next core's reaper finish what failed here.
      if (result && !cleanFailed(result)) this.store.delete(session.projectPath);
    }
    this.sessions.clear();
  }

  /**
   * At open: adopts the sessions the last core handed over, forgets the others (that core crashed),
   * and removes every container and network labelled with this workspace that no adopted session owns.
   */
  private async recover(): Promise<void> {
    const saved = this.store.list();
    // Every container and network a session makes comes after its row and goes before it: with no
    // row, nothing of this workspace's can be left, and the engine (and dockerode) are left alone.
    if (!saved.length) return;
    let reachable = true;
    try {
      await this.engine.ping();
    } catch (err) {
      reachable = false;
      this.host.log(`the Docker engine is not reachable, so nothing was reaped: ${(err as Error).message}`);
    }
    for (const entry of saved) {
      if (!entry.handedOver) {
        this.store.delete(entry.projectPath);
        continue;
      }
      try {
        await this.adopt(entry, reachable);
      } catch (err) {
        this.host.log(`could not adopt the session of ${entry.projectPath}: ${(err as Error).message}; its containers are removed`);
        this.store.delete(entry.projectPath);
      }
    }
    if (!reachable) return;
    const keep = new Set([...this.sessions.values()].map((s) => s.id));
    const found = await this.engine.findLabelled({ [LABEL.workspace]: this.host.workspace });
    const orphans = {
      containers: found.containers.filter((c) => !keep.has(c.labels[LABEL.session])),
      networks: found.networks.filter((n) => !keep.has(n.labels[LABEL.session])),
      volumes: found.volumes.filter((v) => !keep.has(v.labels[LABEL.session])),
    };
    if (!orphans.containers.length && !orphans.networks.length && !orphans.volumes.length) return;
    const reaped = await removeFound(this.engine, orphans);
    this.host.log(`reaped what a previous core left: containers ${reaped.containers.join(', ') || 'none'}; networks ${reaped.networks.join(', ') || 'none'}; volumes ${reaped.volumes.join(', ') || 'none'}`);
  }

  private async adopt(entry: SavedSession, reachable: boolean): Promise<void> {
    const loaded = await loadConfig(entry.projectPath, entry.configFile);
    const display = relative(this.host.workspace, entry.projectPath) || '.';
    const session = new Session(entry.sessionId, entry.projectPath, display, entry.configFile, loaded);
    session.state = entry.state;
    session.networkId = entry.networkId;
    for (const [name, image] of Object.entries(entry.built)) session.built.set(name, image);
    for (const [name, saved] of Object.entries(entry.services)) {
      const service = session.services.get(name);
      if (!service) continue;
      service.health = saved.health ?? 'none';
      service.healthCheckDuration = saved.healthCheckDuration;
      if (service.build === undefined && session.built.has(name)) service.build = { status: 'success' };
    }
    if (reachable) {
      // The containers are found again by their labels, not trusted from the saved ids.
      const found = await this.engine.findLabelled({ [LABEL.workspace]: this.host.workspace, [LABEL.session]: entry.sessionId });
      for (const container of found.containers) {
        const service = session.services.get(container.labels[LABEL.service]);
        if (!service) continue;
        const state = await this.engine.inspect(container.id);
        service.containerId = container.id;
        service.status = state?.status ?? 'not_created';
        service.startedAt = state?.startedAt;
        if (state) this.noteState(session, service, state);
        if (service.status === 'running') this.follow(session, service);
      }
      if (session.networkId) session.gateway = (await this.engine.networkInfo(session.networkId)).gateway;
      if (session.state === 'running') await this.startMocks(session);
    }
    this.sessions.set(entry.projectPath, session);
    this.store.save(session.saved());
    this.publish(session, 'testenv', `adopt ${loaded.config.project.name}`, ['handed over by the previous core']);
  }

  // ------------------------------------------------------------------------------------------
  // Setup, run and teardown

  private labels(session: Session, service?: string): Labels {
    return {
      [LABEL.workspace]: this.host.workspace,
      [LABEL.project]: session.config.project.name,
      [LABEL.projectPath]: session.projectPath,
      [LABEL.session]: session.id,
      ...(service ? { [LABEL.service]: service } : {}),
    };
  }

  private async startEnvironment(session: Session, timeoutOverride: number | undefined, caller: ToolCaller) {
    const started = Date.now();
    const services = [...session.services.values()];
    const total = services.length + 1;
    let done = 0;
    const step = (phase: string) => {
      this.setActivity(session, 'preflight_setup', caller.origin, phase, done, total);
      caller.progress(done, total, phase);
      this.publish(session, caller.origin, phase);
    };
    step('checking the engine and images');
    await this.engine.ping();
    const missing: string[] = [];
    for (const s of services) if (!(await this.engine.imageExists(s.image))) missing.push(`${s.config.name} (${s.image})`);
    if (missing.length) throw new ToolError(Code.notBuilt, `images not in the engine: ${missing.join(', ')}`, suggest.build, { missing });
    await assertPortsFree([
      ...services.flatMap((s) => s.ports.map((p) => ({ port: p.host, who: `the service ${s.config.name}` }))),
      ...Object.entries(session.config.mocks).map(([name, m]) => ({ port: m.port, who: `the mock ${name}` })),
    ]);

    const stop = new AbortController();
    const signal = AbortSignal.any([stop.signal, caller.signal]);
    try {
      const network = await this.engine.createNetwork(session.networkName, this.labels(session));
      session.networkId = network.id;
      session.gateway = network.gateway;
      session.followers = new AbortController();
      this.store.save(session.saved());
      for (const source of session.namedVolumes) await this.engine.createVolume(session.volumeName(source), this.labels(session));
      await this.startMocks(session);
      done++;
      step(`network ${session.networkName} and ${session.mocks.size} mocks up`);

      // Each service starts once those it depends on are healthy; the others all at once.
      let failure: unknown;
      const starts = new Map<string, Promise<void>>();
      const start = (service: ServiceState): Promise<void> => {
        let promise = starts.get(service.config.name);
        if (promise) return promise;
        promise = (async () => {
          await Promise.all(service.config.dependsOn.map((d) => start(session.services.get(d)!)));
          signal.throwIfAborted();
          await this.startService(session, service, timeoutOverride, signal, caller.origin);
          done++;
          step(`${service.config.name} ${service.health === 'healthy' ? 'healthy' : 'running'}`);
        })().catch((err: unknown) => {
          if (!failure && !(signal.aborted && !(err instanceof ToolError))) {
            failure = err;
            stop.abort(err);
          }
          throw err;
        });
        starts.set(service.config.name, promise);
        return promise;
      };
      services.forEach((s) => void start(s).catch(() => undefined));
      await Promise.allSettled([...starts.values()]);
      if (failure) throw failure;
      caller.signal.throwIfAborted();
    } catch (err) {
      // A cancellation or a fault is passed on as it is (the host answers it); a ToolError gets the logs.
      const error = err instanceof ToolError ? await this.withLogs(session, err) : err;
      const removed = await this.teardown(session, true);
      session.state = 'stopped';
      session.activity = undefined;
      this.store.save(session.saved());
      this.publish(session, caller.origin, 'setup failed; the environment was removed', [(error as Error)?.message ?? String(error), ...describeClean(removed)]);
      throw error;
    }
    session.state = 'running';
    session.activity = undefined;
    this.store.save(session.saved());
    this.publish(session, caller.origin, 'environment running');
    return {
      network: { name: session.networkName, created: true },
      services: services.map((s) => ({
        name: s.config.name,
        containerId: s.containerId!,
        status: s.health === 'healthy' ? ('healthy' as const) : ('running' as const),
        ports: s.ports,
        ...(s.healthCheckDuration !== undefined ? { healthCheckDuration: s.healthCheckDuration } : {}),
      })),
      mocks: [...session.mocks.values()].map((m) => ({ name: m.name, port: m.port, status: 'running' as const, routeCount: m.routes().length })),
      totalDuration: Date.now() - started,
    };
  }

  /** Starts the session's mocks on 127.0.0.1 and on the network's gateway, where its containers reach them. */
  private async startMocks(session: Session): Promise<void> {
    for (const [name, config] of Object.entries(session.config.mocks)) {
      const throttle = new Throttle(() => this.host.publish({ origin: 'testenv', label: `mock ${name} requests`, put: [mockRecord(session, name)] }));
      const server = await MockServer.start(name, config, { hosts: session.gateway ? [session.gateway] : [], onRequest: () => throttle.poke() });
      session.mocks.set(name, server);
      session.mockThrottles.set(name, throttle);
    }
  }

  private async startService(session: Session, service: ServiceState, timeoutOverride: number | undefined, signal: AbortSignal, origin: string): Promise<void> {
    const { config } = service;
    service.status = 'created';
    service.health = config.container.healthcheck ? 'starting' : 'none';
    this.publish(session, origin, `start ${config.name}`);
    service.containerId = await this.engine.runContainer({
      name: service.containerName,
      image: service.image,
      labels: this.labels(session, config.name),
      network: session.networkId!,
      alias: config.name,
      ports: service.ports,
      environment: config.container.environment,
      binds: config.container.volumes.map((volume) => {
        const [source, ...rest] = volume.split(':');
        return [isNamedVolume(source) ? session.volumeName(source) : resolveInside(session.loaded.projectDir, source), ...rest].join(':');
      }),
      // Mocks listen on the network's gateway: that is where host.docker.internal leads.
      extraHosts: session.gateway ? [`host.docker.internal:${session.gateway}`] : [],
    });
    service.status = 'running';
    service.startedAt = Date.now();
    service.exitCode = undefined;
    this.store.save(session.saved());
    this.follow(session, service);
    const check = config.container.healthcheck;
    if (!check || service.ports.length === 0) return;
    this.publish(session, origin, `waiting for ${config.name} to be healthy`);
    const id = service.containerId;
    const outcome = await waitHealthy(
      {
        url: `http://127.0.0.1:${service.ports[0].host}${check.path}`,
        intervalMs: durationMs(check.interval),
        timeoutMs: timeoutOverride ?? healthDeadline(check),
        retries: check.retries,
        startPeriodMs: durationMs(check.startPeriod),
      },
      async () => {
        const state = await this.engine.inspect(id);
        if (!state) return 'the container is gone';
        return state.status === 'exited' || state.status === 'dead' ? `the container ${state.status} with code ${state.exitCode}` : undefined;
      },
      signal,
    );
    service.healthCheckDuration = outcome.duration;
    if (!outcome.healthy) {
      service.health = 'unhealthy';
      const state = await this.engine.inspect(id);
      if (state) service.status = state.status;
      throw new ToolError(Code.healthCheckTimeout, `the service ${config.name} did not turn healthy: ${outcome.reason}`, `its logs are in details.logs; preflight_build again after a fix, then preflight_setup`, {
        service: config.name,
        reason: outcome.reason,
      });
    }
    service.health = 'healthy';
  }

  /** A setup failure with the failing service's last log lines (read before its container is removed). */
  private async withLogs(session: Session, error: ToolError): Promise<ToolError> {
    const details = (error.details ?? {}) as { service?: string };
    const service = details.service ? session.services.get(details.service) : undefined;
    if (!service?.containerId) return error;
    const logs = await this.engine.logs(service.containerId, { tail: DIAGNOSTIC_LOG_LINES }).catch(() => [] as string[]);
    return new ToolError(error.code, error.message, error.suggestion, { ...details, containerName: service.containerName, logs });
  }

  private async runChosen(session: Session, suites: SuiteConfig[], parallel: boolean | undefined, caller: ToolCaller): Promise<RunResult> {
    if (session.state !== 'running') {
      throw new ToolError(Code.notRunning, `the environment of ${session.displayPath} is not running (state ${session.state})`, session.state === 'initialized' ? 'call preflight_build, then preflight_setup' : suggest.setup);
    }
    let finished = 0;
    let started = 0;
    const total = suites.length;
    this.setActivity(session, 'preflight_run', caller.origin, 'running the suites', 0, total);
    for (const suite of suites) session.suites.set(suiteIdOf(suite), { status: 'idle', last: session.suites.get(suiteIdOf(suite))?.last });
    this.publish(session, caller.origin, `run ${suites.map(suiteIdOf).join(', ')}`);
    try {
      const result = await runSuites(
        suites,
        {
          projectDir: session.loaded.projectDir,
          config: session.config,
          env: session.loaded.env,
          baseUrl: baseUrlOf(session.config),
          services: [...session.services.values()].map((s) => ({ name: s.config.name, ports: s.ports, healthPath: s.config.container.healthcheck?.path, containerName: s.containerName })),
          exec: (container, command, signal) => this.execIn(session, container, command, signal),
          signal: caller.signal,
          diagnostics: () => this.diagnostics(session),
          onSuiteStart: (suiteId, attempt) => {
            if (attempt === 1) started++;
            this.setActivity(session, 'preflight_run', caller.origin, `running ${suiteId}${attempt > 1 ? ` (attempt ${attempt})` : ''}`, started - 1, total);
            session.suites.set(suiteId, { status: 'running', last: undefined });
            this.publish(session, caller.origin, `suite ${suiteId}${attempt > 1 ? ` attempt ${attempt}` : ''}`);
          },
          onCase: (suiteId, result) => {
            const progress = session.suites.get(suiteId);
            const last = progress?.last ?? { id: suiteId, name: suiteId, status: 'passed' as const, duration: 0, passed: 0, failed: 0, skipped: 0, attempts: 1, cases: [] };
            const cases = [...last.cases, result];
            session.suites.set(suiteId, { status: 'running', last: { ...last, cases, [result.status]: last[result.status] + 1 } });
            this.publish(session, caller.origin, `${suiteId}: ${result.status} ${result.name}`);
          },
        },
        { parallel },
      );
      for (const suite of result.suites) {
        session.suites.set(suite.id, { status: suite.status, last: suite });
        finished++;
      }
      const { totals } = result;
      session.lastRun = { status: result.status, passed: totals.passed, failed: totals.failed, skipped: totals.skipped, at: Date.now(), origin: caller.origin };
      session.activity = undefined;
      this.publish(session, caller.origin, `run ${result.status}: ${totals.passed} passed, ${totals.failed} failed`);
      return result;
    } catch (err) {
      for (const suite of suites) {
        const progress = session.suites.get(suiteIdOf(suite));
        if (progress?.status === 'running') session.suites.set(suiteIdOf(suite), { status: 'failed', last: progress.last });
      }
      session.activity = undefined;
      this.publish(session, caller.origin, `run stopped after ${finished} of ${total} suites`, [(err as Error)?.message ?? String(err)]);
      throw err;
    }
  }

  /** What a failing case carries: the containers' last lines and health, the mocks' recent requests, the network. */
  async diagnostics(session: Session): Promise<FailureDiagnostics> {
    const services = [...session.services.values()];
    const containerLogs = await Promise.all(
      services
        .filter((s) => s.containerId)
        .map(async (s) => {
          const lines = await this.engine.logs(s.containerId!, { tail: DIAGNOSTIC_LOG_LINES }).catch(() => [] as string[]);
          return { containerName: s.containerName, lines, lineCount: lines.length };
        }),
    );
    const containerHealth: FailureDiagnostics['containerHealth'] = {};
    for (const s of services) {
      const state = s.containerId ? await this.engine.inspect(s.containerId).catch(() => undefined) : undefined;
      const status = state?.status ?? 'not_created';
      containerHealth[s.containerName] = status === 'running' ? s.health : status;
    }
    const mockRequests = Object.fromEntries([...session.mocks.entries()].map(([name, m]) => [name, m.requests().slice(-DIAGNOSTIC_MOCK_REQUESTS)]));
    const network = session.networkId ? await this.engine.networkInfo(session.networkId).catch(() => ({ exists: false, containers: [] as string[] })) : { exists: false, containers: [] };
    return {
      containerLogs,
      containerHealth,
      mockRequests,
      networkInfo: { name: session.networkName, exists: network.exists, containers: network.containers },
      collectedAt: new Date().toISOString(),
    };
  }

  /** Stops following the session's logs, then removes its environment (teardown.ts); says what became of each thing. */
  private async teardown(session: Session, force: boolean): Promise<TeardownResult> {
    this.stopFollowing(session);
    return removeEnvironment(this.engine, this.host.workspace, session, force);
  }

  private async removeLabelled(labels: Labels) {
    return removeFound(this.engine, await this.engine.findLabelled(labels));
  }

  // ------------------------------------------------------------------------------------------
  // Helpers

  /** Follows a service's container log into its log record. */
  private follow(session: Session, service: ServiceState): void {
    const name = service.config.name;
    session.logs.get(name)?.stop();
    const feed = new LogFeed((lines, total) => this.host.publish({ origin: 'testenv', label: `log ${name}`, put: [logRecord(session, name, lines, total)] }));
    session.logs.set(name, feed);
    const signal = session.followers.signal;
    const id = service.containerId!;
    this.engine
      .followLogs(id, (line) => feed.push(line), signal)
      .then(async () => {
        feed.flush();
        // The log ends when the container does: what it became is shown at once, not only at the next status.
        if (signal.aborted || service.containerId !== id) return;
        const state = await this.engine.inspect(id).catch(() => undefined);
        if (state) this.noteState(session, service, state);
      })
      .catch((err: unknown) => {
        if (!signal.aborted) this.host.log(`following the log of ${service.containerName} stopped: ${(err as Error)?.message ?? err}`);
      });
  }

  /**
   * Takes the engine's word for a service's container: one that stopped is `exited` (or `dead`) and
   * unhealthy, with its exit code, whatever setup saw; a change is saved and shown.
   */
  private noteState(session: Session, service: ServiceState, state: ContainerState): void {
    const before = `${service.status} ${service.health} ${service.exitCode}`;
    service.status = state.status;
    if (state.status === 'exited' || state.status === 'dead') {
      service.health = 'unhealthy';
      service.exitCode = state.exitCode;
      service.startedAt = undefined;
    }
    if (before === `${service.status} ${service.health} ${service.exitCode}`) return;
    this.store.save(session.saved());
    const code = service.exitCode !== undefined ? ` (exit code ${service.exitCode})` : '';
    this.publish(session, 'testenv', `${service.config.name} ${service.status}${code}`);
  }

  /** An exec step's command, in the container of the service (or container) named. */
  private async execIn(session: Session, name: string, command: string, signal: AbortSignal) {
    const service = [...session.services.values()].find((s) => s.config.name === name || s.containerName === name);
    if (!service?.containerId) {
      const names = [...session.services.values()].map((s) => s.config.name);
      throw Object.assign(new Error(service ? `${service.containerName} is not running` : `no service or container "${name}" here`), {
        suggestion: service ? 'preflight_setup starts it' : `use one of: ${names.join(', ')}`,
      });
    }
    const state = await this.engine.inspect(service.containerId);
    if (state?.status !== 'running') {
      const how = state ? `${state.status}${state.exitCode !== undefined ? `, exit code ${state.exitCode}` : ''}` : 'gone from the engine';
      throw Object.assign(new Error(`${service.containerName} is not running (${how})`), { suggestion: `preflight_logs with container ${service.config.name} shows why it stopped` });
    }
    const outcome = await this.engine.exec(service.containerId, command, signal);
    return { container: service.containerName, ...outcome };
  }

  private stopFollowing(session: Session): void {
    session.followers.abort();
    for (const feed of session.logs.values()) feed.flush();
    for (const throttle of session.mockThrottles.values()) throttle.flush();
  }

  /** The session's end: removed from memory and the database, its records from the views. */
  private forget(session: Session, origin: string, label: string, lines: string[]): void {
    this.sessions.delete(session.projectPath);
    this.store.delete(session.projectPath);
    for (const feed of session.logs.values()) feed.stop();
    this.host.publish({ origin, label, lines, removed: sessionRecordIds(session) });
  }

  private need(path: ResolvedPath): Session {
    const session = this.sessions.get(path.abs);
    if (!session) throw new ToolError(Code.sessionNotFound, `no session for ${path.rel}`, suggest.init);
    return session;
  }

  private service(session: Session, name: string): ServiceState {
    const service = session.services.get(name);
    if (service) return service;
    const names = [...session.services.keys()];
    const near = closestMatches(name, names, 1)[0];
    throw new ToolError(SERVICE_NOT_FOUND, `no service "${name}" in ${session.displayPath}; services: ${names.join(', ')}`, near ? `did you mean ${near}?` : undefined);
  }

  private suite(session: Session, id: string): SuiteConfig {
    const suites = session.config.tests.suites;
    const suite = suites.find((s) => suiteIdOf(s) === id);
    if (suite) return suite;
    const ids = suites.map(suiteIdOf);
    const near = closestMatches(id, ids, 1)[0];
    throw new ToolError(Code.suiteNotFound, `no suite "${id}" in ${session.displayPath}; suites: ${ids.join(', ') || 'none'}`, near ? `did you mean ${near}?` : undefined, { suites: ids });
  }

  /** Runs `work` holding the project: a second write call meanwhile is INVALID_STATE. */
  private async exclusive<T>(projectPath: string, tool: string, caller: ToolCaller, work: () => Promise<T>): Promise<T> {
    const holder = this.busy.get(projectPath);
    if (holder) {
      throw new ToolError(Code.invalidState, `${holder.tool} (called by ${holder.origin}) is running on this project; ${tool} cannot run at the same time`, `wait until it answers, then call ${tool} again; preflight_status shows the progress`, {
        running: holder.tool,
      });
    }
    this.busy.set(projectPath, { tool, origin: caller.origin });
    try {
      return await work();
    } finally {
      this.busy.delete(projectPath);
      // A call that failed before it said so leaves no progress bar behind on the dashboard.
      const session = this.sessions.get(projectPath);
      if (session?.activity) {
        session.activity = undefined;
        this.publish(session, caller.origin, `${tool} ended`);
      }
    }
  }

  private setActivity(session: Session, tool: string, origin: string, phase: string, done?: number, total?: number): void {
    session.activity = { tool, origin, phase, ...(done !== undefined ? { done } : {}), ...(total !== undefined ? { total } : {}), startedAt: session.activity?.startedAt ?? Date.now() };
  }

  private publish(session: Session, origin: string, label: string, lines?: string[]): void {
    this.host.publish({ origin, label, ...(lines ? { lines } : {}), put: sessionRecords(session) });
  }
}

/**
 * How long a service has to turn healthy: `timeout`, or, when `retries` is given, long enough for
 * them all (Preflight reads `timeout` as one probe's, so its files give short ones with many retries).
 */
function healthDeadline(check: NonNullable<ServiceConfig['container']['healthcheck']>): number {
  const forRetries = check.retries === undefined ? 0 : durationMs(check.startPeriod) + check.retries * (durationMs(check.interval) + durationMs(check.timeout));
  return Math.max(durationMs(check.timeout), forRetries);
}

/** `1 suite`, `0 suites`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

