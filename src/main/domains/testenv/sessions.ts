/**
 * The testenv sessions: one per project folder, each a state machine (initialized → built →
 * running → stopped) over a Docker environment (network, service containers, mocks in the core).
 * Every write call holds its project for its whole run, so two calls at once on one project get
 * INVALID_STATE rather than a session half changed by each. What a session runs is saved in the
 * studio's SQLite (session-store.ts): a core that stops cleans its environments; one that hands the
 * workspace over leaves them running for the next core, which adopts them; after a crash the next
 * core's reaper removes what this workspace's sessions left, before any tool runs.
 *
 * This is the sessions' lifecycle and the tools' entry points; the work is done by what it does:
 * environment.ts (images, network, services, status, removal), runs.ts (suites, diagnostics),
 * logs.ts (container logs) and mocks.ts (the mocks and their requests).
 */
import { randomUUID } from 'node:crypto';
import { relative } from 'node:path';
import type { DomainSummaryPart } from '../../../shared/domain-summary';
import type { RunResult } from '../../../shared/testenv-records';
import type { ResolvedPath } from '../../kernel/paths';
import { type StudioEnding, type ToolCaller, type ToolDomainHost, ToolError } from '../../tool-domain/domain';
import { DEFAULT_CONFIG_FILE, configNotes, loadConfig, repoStates, suiteIdOf } from './config';
import { durationMs } from './config-schema';
import { DockerEngine, LABEL } from './engine';
import { EngineWatch } from './engine-watch';
import { buildImages, environmentStatus, removeLabelled, startEnvironment, tearDown } from './environment';
import { TestenvErrorCode as Code } from './errors';
import { follow, readLogs, stopFollowing } from './logs';
import { mockRequests, startMocks, stopMocks } from './mocks';
import { sessionRecordIds } from './records';
import { closeForwards, engineNotes, forwardServicePorts } from './remote/remote-environment';
import { runChosen, suiteOf } from './runs';
import { Session } from './session';
import { type SessionContext, noteState, publish, setActivity, suggest } from './session-context';
import { type CleanResult, cleanFailed, describeClean, removeFound } from './teardown';
import { type SavedSession, SessionStore } from './session-store';

export class Sessions {
  private readonly sessions = new Map<string, Session>();
  /** The write call holding each project now. */
  private readonly busy = new Map<string, { tool: string; origin: string }>();
  private readonly ctx: SessionContext;
  /** Settles once the sessions handed over are adopted and a crash's leftovers reaped. */
  readonly ready: Promise<void>;
  /** The dashboard's word on the Docker engine (the `engine` record). */
  readonly engineWatch: EngineWatch;

  constructor(
    private readonly host: ToolDomainHost,
    readonly engine: DockerEngine = new DockerEngine(),
  ) {
    this.ctx = { host, engine, store: new SessionStore(host.database) };
    this.ready = this.recover().catch((err) => host.log(`recovering the sessions failed: ${(err as Error)?.stack ?? err}`));
    this.engineWatch = new EngineWatch(engine, host);
    this.engineWatch.start();
    engine.link()?.onLost((error) => this.connectionLost(error));
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
      this.ctx.store.save(session.saved());
      publish(this.ctx, session, caller.origin, `init ${loaded.config.project.name}`);
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
        notes: [...configNotes(loaded), ...engineNotes(this.engine.target, session)],
      };
    });
  }

  async build(path: ResolvedPath, options: { noCache?: boolean; service?: string }, caller: ToolCaller) {
    const session = this.need(path);
    return this.exclusive(path.abs, 'preflight_build', caller, () => buildImages(this.ctx, session, path, options, caller));
  }

  async setup(path: ResolvedPath, options: { timeout?: string }, caller: ToolCaller) {
    const session = this.need(path);
    return this.exclusive(path.abs, 'preflight_setup', caller, async () => {
      if (session.state === 'initialized') throw new ToolError(Code.notBuilt, `the images of ${path.rel} are not built`, suggest.build);
      if (session.state === 'running') {
        throw new ToolError(Code.invalidState, `the environment of ${path.rel} is running already`, 'preflight_run runs the suites; preflight_clean removes the environment');
      }
      return startEnvironment(this.ctx, session, options.timeout ? durationMs(options.timeout) : undefined, caller);
    });
  }

  async run(path: ResolvedPath, options: { filter?: string; parallel?: boolean }, caller: ToolCaller): Promise<RunResult> {
    const session = this.need(path);
    const suites = session.config.tests.suites;
    let chosen = suites;
    if (options.filter) {
      const ids = options.filter.split(',').map((s) => s.trim()).filter(Boolean);
      chosen = ids.map((id) => suiteOf(session, id));
    }
    return this.exclusive(path.abs, 'preflight_run', caller, () => this.whileConnected(caller, (connected) => runChosen(this.ctx, session, chosen, options.parallel, connected)));
  }

  async runSuite(path: ResolvedPath, suiteId: string, caller: ToolCaller): Promise<RunResult> {
    const session = this.need(path);
    const suite = suiteOf(session, suiteId);
    return this.exclusive(path.abs, 'preflight_run_suite', caller, () => this.whileConnected(caller, (connected) => runChosen(this.ctx, session, [suite], undefined, connected)));
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
    return environmentStatus(this.ctx, this.need(path));
  }

  async logs(path: ResolvedPath, options: { container: string; lines: number; since?: string }) {
    return readLogs(this.ctx, this.need(path), path, options);
  }

  async mockRequests(path: ResolvedPath, options: { mockName?: string; since?: string; clear?: boolean }, caller: ToolCaller) {
    return mockRequests(this.ctx, this.need(path), path, options, caller);
  }

  async clean(path: ResolvedPath, options: { force: boolean }, caller: ToolCaller): Promise<CleanResult> {
    const session = this.sessions.get(path.abs);
    if (!session) {
      // Still removes what carries the project's labels (a crash's or another core's leftovers).
      const removed = await removeLabelled(this.ctx, { [LABEL.workspace]: this.host.workspace, [LABEL.projectPath]: path.abs }).catch(() => undefined);
      throw new ToolError(Code.sessionNotFound, `no session for ${path.rel}`, suggest.init, removed && (removed.containers.length || removed.networks.length) ? { removed } : undefined);
    }
    return this.exclusive(path.abs, 'preflight_clean', caller, async () => {
      setActivity(session, 'preflight_clean', caller.origin, 'removing the environment');
      publish(this.ctx, session, caller.origin, 'clean');
      const result = await tearDown(this.ctx, session, options.force);
      if (cleanFailed(result)) {
        // Kept, so that clean can be called again; the answer says what is left.
        session.state = 'stopped';
        session.activity = undefined;
        this.ctx.store.save(session.saved());
        publish(this.ctx, session, caller.origin, 'clean failed in part', describeClean(result));
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
    this.engineWatch.stop();
    await this.ready;
    for (const session of this.sessions.values()) {
      if (ending === 'handover') {
        stopFollowing(session);
        await closeForwards(session);
        await stopMocks(session);
        this.ctx.store.save(session.saved(true));
        continue;
      }
      const result = await tearDown(this.ctx, session, true).catch((err: unknown) => {
        this.host.log(`removing the environment of ${session.displayPath} failed: ${(err as Error)?.message ?? err}`);
        return undefined;
      });
      if (result) this.host.log(`closed ${session.displayPath}: ${describeClean(result).join('; ')}`);
      // A row kept (not handed over) makes the next core's reaper finish what failed here.
      if (result && !cleanFailed(result)) this.ctx.store.delete(session.projectPath);
    }
    this.sessions.clear();
    await this.engine.close();
  }

  /**
   * The SSH connection to the engine's machine dropped: each environment there lost its forwards
   * and its mocks' way in, so it is stopped, said so, and removed from the remote as soon as a new
   * connection gets through (else by the next setup or clean, or the next core's reaper).
   */
  private connectionLost(error: ToolError): void {
    for (const session of this.sessions.values()) {
      if (session.state !== 'running' && session.forwards.size === 0) continue;
      session.state = 'stopped';
      this.ctx.store.save(session.saved());
      publish(this.ctx, session, 'testenv', 'connection to the engine lost', [error.message, 'its containers there are being removed']);
      // Teardown stops following the logs and closes the forwards first, at once, then removes what runs there.
      void tearDown(this.ctx, session, true).then(
        (removed) => {
          this.ctx.store.save(session.saved());
          publish(this.ctx, session, 'testenv', 'removed after the connection was lost', describeClean(removed));
        },
        (err: unknown) => this.host.log(`could not remove ${session.displayPath}'s environment after the connection was lost: ${(err as Error)?.message ?? err}; the next setup, clean or core removes it`),
      );
    }
  }

  /** Runs `work` with a caller whose signal also ends when the engine's SSH connection drops; that drop is the call's error. */
  private async whileConnected<T>(caller: ToolCaller, work: (connected: ToolCaller) => Promise<T>): Promise<T> {
    const link = this.engine.link();
    if (!link) return work(caller);
    const dropped = new AbortController();
    const stopListening = link.onLost((error) => dropped.abort(error));
    const connected: ToolCaller = {
      origin: caller.origin,
      signal: AbortSignal.any([caller.signal, dropped.signal]),
      progress: (progress, total, message) => caller.progress(progress, total, message),
      noteRead: (ids, what) => caller.noteRead(ids, what),
      noteChanged: (target, description) => caller.noteChanged(target, description),
    };
    try {
      const result = await work(connected);
      if (dropped.signal.aborted) throw dropped.signal.reason;
      return result;
    } catch (err) {
      throw dropped.signal.aborted ? dropped.signal.reason : err;
    } finally {
      stopListening();
    }
  }

  /**
   * At open: adopts the sessions the last core handed over, forgets the others (that core crashed),
   * and removes every container and network labelled with this workspace that no adopted session owns.
   */
  private async recover(): Promise<void> {
    const { store } = this.ctx;
    const saved = store.list();
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
        store.delete(entry.projectPath);
        continue;
      }
      try {
        await this.adopt(entry, reachable);
      } catch (err) {
        this.host.log(`could not adopt the session of ${entry.projectPath}: ${(err as Error).message}; its containers are removed`);
        store.delete(entry.projectPath);
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
        if (state) noteState(this.ctx, session, service, state);
        if (service.status === 'running') follow(this.ctx, session, service);
      }
      if (session.networkId) session.gateway = (await this.engine.networkInfo(session.networkId)).gateway;
      if (session.state === 'running') {
        await startMocks(this.ctx, session);
        for (const service of session.services.values()) if (service.status === 'running') await forwardServicePorts(this.ctx, session, service);
      }
    }
    this.sessions.set(entry.projectPath, session);
    this.ctx.store.save(session.saved());
    publish(this.ctx, session, 'testenv', `adopt ${loaded.config.project.name}`, ['handed over by the previous core']);
  }

  // ------------------------------------------------------------------------------------------
  // Helpers

  /** The session's end: removed from memory and the database, its records from the views. */
  private forget(session: Session, origin: string, label: string, lines: string[]): void {
    this.sessions.delete(session.projectPath);
    this.ctx.store.delete(session.projectPath);
    for (const feed of session.logs.values()) feed.stop();
    this.host.publish({ origin, label, lines, removed: sessionRecordIds(session) });
  }

  private need(path: ResolvedPath): Session {
    const session = this.sessions.get(path.abs);
    if (!session) throw new ToolError(Code.sessionNotFound, `no session for ${path.rel}`, suggest.init);
    return session;
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
    } catch (err) {
      // An engine that stopped answering shows on the dashboard now, not at the next check.
      if (err instanceof ToolError && err.code === Code.dockerError) void this.engineWatch.check();
      throw err;
    } finally {
      this.busy.delete(projectPath);
      // A call that failed before it said so leaves no progress bar behind on the dashboard.
      const session = this.sessions.get(projectPath);
      if (session?.activity) {
        session.activity = undefined;
        publish(this.ctx, session, caller.origin, `${tool} ended`);
      }
    }
  }
}

/** `1 suite`, `0 suites`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
