/**
 * A session's Docker environment: its images built, its network, volumes, mocks and service
 * containers started (each once those it depends on are healthy), what they are now, and their removal.
 */
import { connect } from 'node:net';
import type { ContainerStatus } from '../../../shared/testenv-records';
import type { ResolvedPath } from '../../kernel/paths';
import { closestMatches } from '../../kernel/suggest';
import { type ToolCaller, ToolError } from '../../tool-domain/domain';
import { resolveInside } from './config';
import { type ServiceConfig, durationMs } from './config-schema';
import { LABEL, type Labels } from './engine';
import { assertPortsFree, waitHealthy } from './health-probes';
import { TestenvErrorCode as Code } from './errors';
import { follow, stopFollowing, withLogs } from './logs';
import { startMocks } from './mocks';
import { isRemote, remoteOf } from './remote/engine-target';
import { assertReachable, closeForwards, forwardKey, forwardServicePorts, serviceMounts } from './remote/remote-environment';
import type { ServiceState, Session } from './session';
import { type SessionContext, noteState, publish, setActivity, suggest } from './session-context';
import { describeClean, removeEnvironment, removeFound, type TeardownResult } from './teardown';

/** The studio's code for a `service` the e2e.yaml does not have (the contract has none). */
export const SERVICE_NOT_FOUND = 'SERVICE_NOT_FOUND';
/** How long status waits for a published port to accept a connection. */
const PORT_CHECK_MS = 500;

/** preflight_build: builds the images of the session's services (or the one named), one after the other. */
export async function buildImages(ctx: SessionContext, session: Session, path: ResolvedPath, options: { noCache?: boolean; service?: string }, caller: ToolCaller) {
  if (session.state === 'running') {
    throw new ToolError(Code.invalidState, `the environment of ${path.rel} is running; images are built before it starts`, 'preflight_clean removes it; then preflight_init and preflight_build again');
  }
  const targets = options.service ? [serviceOf(session, options.service)] : [...session.services.values()];
  await ctx.engine.ping();
  const started = Date.now();
  const results: Array<{ name: string; image: string; status: 'success' | 'failed'; duration: number; error?: string }> = [];
  let line = 0;
  for (const [index, service] of targets.entries()) {
    const name = service.config.name;
    const begun = Date.now();
    service.build = { status: 'building' };
    session.built.delete(name);
    setActivity(session, 'preflight_build', caller.origin, `building ${name}`, index, targets.length);
    publish(ctx, session, caller.origin, `build ${name}`);
    try {
      await buildOne(ctx, session, service, options.noCache ?? false, (text) => caller.progress(++line, undefined, text), caller.signal);
    } catch (err) {
      const message = (err as Error)?.message ?? String(err);
      service.build = { status: 'failed', duration: Date.now() - begun, error: message };
      results.push({ name, image: service.image, status: 'failed', duration: Date.now() - begun, error: message });
      session.state = 'initialized';
      session.activity = undefined;
      ctx.store.save(session.saved());
      publish(ctx, session, caller.origin, `build ${name} failed`, [message]);
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
  ctx.store.save(session.saved());
  publish(ctx, session, caller.origin, `built ${targets.map((t) => t.config.name).join(', ')}`);
  return { services: results, totalDuration: Date.now() - started };
}

async function buildOne(ctx: SessionContext, session: Session, service: ServiceState, noCache: boolean, onLine: (line: string) => void, signal: AbortSignal): Promise<void> {
  const build = service.config.build;
  if (!build) {
    if (await ctx.engine.imageExists(service.image)) return;
    throw new ToolError(Code.buildFailed, `the image ${service.image} of ${service.config.name} is not in the engine, and the studio does not pull images`, `docker pull ${service.image}, then call preflight_build again`, {
      image: service.image,
    });
  }
  await ctx.engine.build(
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

/** The session's service with this name; SERVICE_NOT_FOUND (with the nearest name) if there is none. */
function serviceOf(session: Session, name: string): ServiceState {
  const service = session.services.get(name);
  if (service) return service;
  const names = [...session.services.keys()];
  const near = closestMatches(name, names, 1)[0];
  throw new ToolError(SERVICE_NOT_FOUND, `no service "${name}" in ${session.displayPath}; services: ${names.join(', ')}`, near ? `did you mean ${near}?` : undefined);
}

/** The labels of what the session makes in the engine (of one service's container, given its name). */
function labels(ctx: SessionContext, session: Session, service?: string): Labels {
  return {
    [LABEL.workspace]: ctx.host.workspace,
    [LABEL.project]: session.config.project.name,
    [LABEL.projectPath]: session.projectPath,
    [LABEL.session]: session.id,
    ...(service ? { [LABEL.service]: service } : {}),
  };
}

/** preflight_setup: the network, volumes, mocks and services up; on a failure, everything started removed again. */
export async function startEnvironment(ctx: SessionContext, session: Session, timeoutOverride: number | undefined, caller: ToolCaller) {
  const started = Date.now();
  const services = [...session.services.values()];
  const total = services.length + 1;
  let done = 0;
  const step = (phase: string) => {
    setActivity(session, 'preflight_setup', caller.origin, phase, done, total);
    caller.progress(done, total, phase);
    publish(ctx, session, caller.origin, phase);
  };
  step('checking the engine and images');
  await ctx.engine.ping();
  assertReachable(ctx.engine.target, session);
  // What a lost connection to a remote engine left there goes first (its network would clash).
  if (session.networkId !== undefined) await tearDown(ctx, session, true);
  const missing: string[] = [];
  for (const s of services) if (!(await ctx.engine.imageExists(s.image))) missing.push(`${s.config.name} (${s.image})`);
  if (missing.length) throw new ToolError(Code.notBuilt, `images not in the engine: ${missing.join(', ')}`, suggest.build, { missing });
  await assertPortsFree([
    ...services.flatMap((s) => s.ports.map((p) => ({ port: p.host, who: `the service ${s.config.name}` }))),
    ...Object.entries(session.config.mocks).map(([name, m]) => ({ port: m.port, who: `the mock ${name}` })),
  ]);

  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, caller.signal]);
  try {
    const network = await ctx.engine.createNetwork(session.networkName, labels(ctx, session));
    session.networkId = network.id;
    session.gateway = network.gateway;
    session.followers = new AbortController();
    ctx.store.save(session.saved());
    for (const source of session.namedVolumes) await ctx.engine.createVolume(session.volumeName(source), labels(ctx, session));
    await startMocks(ctx, session);
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
        await startService(ctx, session, service, timeoutOverride, signal, caller.origin);
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
    const error = err instanceof ToolError ? await withLogs(ctx, session, err) : err;
    const removed = await tearDown(ctx, session, true);
    session.state = 'stopped';
    session.activity = undefined;
    ctx.store.save(session.saved());
    publish(ctx, session, caller.origin, 'setup failed; the environment was removed', [(error as Error)?.message ?? String(error), ...describeClean(removed)]);
    throw error;
  }
  session.state = 'running';
  session.activity = undefined;
  ctx.store.save(session.saved());
  publish(ctx, session, caller.origin, 'environment running');
  return {
    ...engineWhere(ctx),
    network: { name: session.networkName, created: true },
    services: services.map((s) => ({
      name: s.config.name,
      containerId: s.containerId!,
      status: s.health === 'healthy' ? ('healthy' as const) : ('running' as const),
      ports: portsWithForwards(session, s),
      ...(s.healthCheckDuration !== undefined ? { healthCheckDuration: s.healthCheckDuration } : {}),
      ...(s.copied?.length ? { copied: s.copied } : {}),
    })),
    mocks: [...session.mocks.values()].map((m) => ({ name: m.name, port: m.port, status: 'running' as const, routeCount: m.routes().length, ...mockForward(session, m.name, m.port) })),
    totalDuration: Date.now() - started,
  };
}

async function startService(ctx: SessionContext, session: Session, service: ServiceState, timeoutOverride: number | undefined, signal: AbortSignal, origin: string): Promise<void> {
  const { config } = service;
  service.status = 'created';
  service.health = config.container.healthcheck ? 'starting' : 'none';
  publish(ctx, session, origin, `start ${config.name}`);
  const mounts = serviceMounts(session, service, isRemote(ctx.engine.target));
  for (const volume of mounts.volumes) await ctx.engine.createVolume(volume, labels(ctx, session));
  service.containerId = await ctx.engine.runContainer({
    name: service.containerName,
    image: service.image,
    labels: labels(ctx, session, config.name),
    network: session.networkId!,
    alias: config.name,
    ports: service.ports,
    environment: config.container.environment,
    binds: mounts.binds,
    ...(mounts.copies.length ? { copies: mounts.copies } : {}),
    // Mocks are reached at the network's gateway (listening there, or forwarded there): that is where host.docker.internal leads.
    extraHosts: session.gateway ? [`host.docker.internal:${session.gateway}`] : [],
  });
  service.copied = mounts.copies.length ? mounts.copies.map((copy) => ({ source: copy.label, target: copy.target })) : undefined;
  service.status = 'running';
  service.startedAt = Date.now();
  service.exitCode = undefined;
  ctx.store.save(session.saved());
  await forwardServicePorts(ctx, session, service);
  follow(ctx, session, service);
  const check = config.container.healthcheck;
  if (!check || service.ports.length === 0) return;
  publish(ctx, session, origin, `waiting for ${config.name} to be healthy`);
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
      const state = await ctx.engine.inspect(id);
      if (!state) return 'the container is gone';
      return state.status === 'exited' || state.status === 'dead' ? `the container ${state.status} with code ${state.exitCode}` : undefined;
    },
    signal,
  );
  service.healthCheckDuration = outcome.duration;
  if (!outcome.healthy) {
    service.health = 'unhealthy';
    const state = await ctx.engine.inspect(id);
    if (state) service.status = state.status;
    throw new ToolError(Code.healthCheckTimeout, `the service ${config.name} did not turn healthy: ${outcome.reason}`, `its logs are in details.logs; preflight_build again after a fix, then preflight_setup`, {
      service: config.name,
      reason: outcome.reason,
    });
  }
  service.health = 'healthy';
}

/**
 * How long a service has to turn healthy: `timeout`, or, when `retries` is given, long enough for
 * them all (Preflight reads `timeout` as one probe's, so its files give short ones with many retries).
 */
function healthDeadline(check: NonNullable<ServiceConfig['container']['healthcheck']>): number {
  const forRetries = check.retries === undefined ? 0 : durationMs(check.startPeriod) + check.retries * (durationMs(check.interval) + durationMs(check.timeout));
  return Math.max(durationMs(check.timeout), forRetries);
}

/** preflight_status: the network, each service's container as the engine has it now (its ports tried), the mocks. */
export async function environmentStatus(ctx: SessionContext, session: Session) {
  const live = session.state === 'running' || session.networkId !== undefined;
  const network = live ? await ctx.engine.networkInfo(session.networkId ?? session.networkName) : { exists: false };
  const services = await Promise.all(
    [...session.services.values()].map(async (s) => {
      const state = s.containerId ? await ctx.engine.inspect(s.containerId) : undefined;
      if (state) noteState(ctx, session, s, state);
      const status: ContainerStatus = state?.status ?? 'not_created';
      const ports = await Promise.all(portsWithForwards(session, s).map(async (p) => ({ ...p, accessible: status === 'running' && (await portAccepts(p.host)) })));
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
    ...engineWhere(ctx),
    network: { name: session.networkName, exists: network.exists },
    services,
    mocks: Object.entries(session.config.mocks).map(([name, mock]) => {
      const server = session.mocks.get(name);
      return { name, port: mock.port, status: server ? ('running' as const) : ('stopped' as const), requestCount: server?.requestCount ?? 0, ...mockForward(session, name, mock.port) };
    }),
  };
}

/** Where the environment runs, when that is another machine: the engine and its host. */
function engineWhere(ctx: SessionContext): { engine?: ReturnType<typeof remoteOf> } {
  const remote = remoteOf(ctx.engine.target);
  return remote ? { engine: remote } : {};
}

/** A service's ports, each with its SSH forward (both ends) when the engine is another machine's. */
function portsWithForwards(session: Session, service: ServiceState): Array<{ host: number; container: number; forward?: string }> {
  return service.ports.map((p) => {
    const forward = session.forwards.get(forwardKey('service', service.config.name, p.host));
    return forward ? { ...p, forward: forward.description } : p;
  });
}

function mockForward(session: Session, name: string, port: number): { forward?: string } {
  const forward = session.forwards.get(forwardKey('mock', name, port));
  return forward ? { forward: forward.description } : {};
}

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

/** Stops following the session's logs, then removes its environment (teardown.ts); says what became of each thing. */
export async function tearDown(ctx: SessionContext, session: Session, force: boolean): Promise<TeardownResult> {
  stopFollowing(session);
  await closeForwards(session);
  return removeEnvironment(ctx.engine, ctx.host.workspace, session, force);
}

/** Removes whatever in the engine carries these labels (what no session here knows of). */
export async function removeLabelled(ctx: SessionContext, wanted: Labels) {
  return removeFound(ctx.engine, await ctx.engine.findLabelled(wanted));
}
