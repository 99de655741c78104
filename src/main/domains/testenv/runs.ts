/**
 * Running a session's suites (run.ts runs them) against its running environment: the progress
 * shown as they go, exec steps in its containers, and what a failing case carries (diagnostics).
 */
import type { FailureDiagnostics, RunResult } from '../../../shared/testenv-records';
import { closestMatches } from '../../kernel/suggest';
import { type ToolCaller, ToolError } from '../../tool-domain/domain';
import { baseUrlOf, suiteIdOf } from './config';
import type { SuiteConfig } from './config-schema';
import { TestenvErrorCode as Code } from './errors';
import { DIAGNOSTIC_LOG_LINES } from './logs';
import { runSuites } from './run';
import type { Session } from './session';
import { type SessionContext, publish, setActivity, suggest } from './session-context';

/** A mock's most recent requests in a failure's diagnostics. */
const DIAGNOSTIC_MOCK_REQUESTS = 20;

/** The session's suite with this id; SUITE_NOT_FOUND (with the nearest id) if there is none. */
export function suiteOf(session: Session, id: string): SuiteConfig {
  const suites = session.config.tests.suites;
  const suite = suites.find((s) => suiteIdOf(s) === id);
  if (suite) return suite;
  const ids = suites.map(suiteIdOf);
  const near = closestMatches(id, ids, 1)[0];
  throw new ToolError(Code.suiteNotFound, `no suite "${id}" in ${session.displayPath}; suites: ${ids.join(', ') || 'none'}`, near ? `did you mean ${near}?` : undefined, { suites: ids });
}

/** Runs the suites chosen in the session's running environment, showing each suite and case as it goes. */
export async function runChosen(ctx: SessionContext, session: Session, suites: SuiteConfig[], parallel: boolean | undefined, caller: ToolCaller): Promise<RunResult> {
  if (session.state !== 'running') {
    throw new ToolError(Code.notRunning, `the environment of ${session.displayPath} is not running (state ${session.state})`, session.state === 'initialized' ? 'call preflight_build, then preflight_setup' : suggest.setup);
  }
  let finished = 0;
  let started = 0;
  const total = suites.length;
  setActivity(session, 'preflight_run', caller.origin, 'running the suites', 0, total);
  for (const suite of suites) session.suites.set(suiteIdOf(suite), { status: 'idle', last: session.suites.get(suiteIdOf(suite))?.last });
  publish(ctx, session, caller.origin, `run ${suites.map(suiteIdOf).join(', ')}`);
  try {
    const result = await runSuites(
      suites,
      {
        projectDir: session.loaded.projectDir,
        config: session.config,
        env: session.loaded.env,
        baseUrl: baseUrlOf(session.config),
        services: [...session.services.values()].map((s) => ({ name: s.config.name, ports: s.ports, healthPath: s.config.container.healthcheck?.path, containerName: s.containerName })),
        exec: (container, command, signal) => execIn(ctx, session, container, command, signal),
        signal: caller.signal,
        diagnostics: () => diagnostics(ctx, session),
        onSuiteStart: (suiteId, attempt) => {
          if (attempt === 1) started++;
          setActivity(session, 'preflight_run', caller.origin, `running ${suiteId}${attempt > 1 ? ` (attempt ${attempt})` : ''}`, started - 1, total);
          session.suites.set(suiteId, { status: 'running', last: undefined });
          publish(ctx, session, caller.origin, `suite ${suiteId}${attempt > 1 ? ` attempt ${attempt}` : ''}`);
        },
        onCase: (suiteId, result) => {
          const progress = session.suites.get(suiteId);
          const last = progress?.last ?? { id: suiteId, name: suiteId, status: 'passed' as const, duration: 0, passed: 0, failed: 0, skipped: 0, attempts: 1, cases: [] };
          const cases = [...last.cases, result];
          session.suites.set(suiteId, { status: 'running', last: { ...last, cases, [result.status]: last[result.status] + 1 } });
          publish(ctx, session, caller.origin, `${suiteId}: ${result.status} ${result.name}`);
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
    publish(ctx, session, caller.origin, `run ${result.status}: ${totals.passed} passed, ${totals.failed} failed`);
    return result;
  } catch (err) {
    for (const suite of suites) {
      const progress = session.suites.get(suiteIdOf(suite));
      if (progress?.status === 'running') session.suites.set(suiteIdOf(suite), { status: 'failed', last: progress.last });
    }
    session.activity = undefined;
    publish(ctx, session, caller.origin, `run stopped after ${finished} of ${total} suites`, [(err as Error)?.message ?? String(err)]);
    throw err;
  }
}

/** What a failing case carries: the containers' last lines and health, the mocks' recent requests, the network. */
export async function diagnostics(ctx: SessionContext, session: Session): Promise<FailureDiagnostics> {
  const services = [...session.services.values()];
  const containerLogs = await Promise.all(
    services
      .filter((s) => s.containerId)
      .map(async (s) => {
        const lines = await ctx.engine.logs(s.containerId!, { tail: DIAGNOSTIC_LOG_LINES }).catch(() => [] as string[]);
        return { containerName: s.containerName, lines, lineCount: lines.length };
      }),
  );
  const containerHealth: FailureDiagnostics['containerHealth'] = {};
  for (const s of services) {
    const state = s.containerId ? await ctx.engine.inspect(s.containerId).catch(() => undefined) : undefined;
    const status = state?.status ?? 'not_created';
    containerHealth[s.containerName] = status === 'running' ? s.health : status;
  }
  const mockRequests = Object.fromEntries([...session.mocks.entries()].map(([name, m]) => [name, m.requests().slice(-DIAGNOSTIC_MOCK_REQUESTS)]));
  const network = session.networkId ? await ctx.engine.networkInfo(session.networkId).catch(() => ({ exists: false, containers: [] as string[] })) : { exists: false, containers: [] };
  return {
    containerLogs,
    containerHealth,
    mockRequests,
    networkInfo: { name: session.networkName, exists: network.exists, containers: network.containers },
    collectedAt: new Date().toISOString(),
  };
}

/** An exec step's command, in the container of the service (or container) named. */
async function execIn(ctx: SessionContext, session: Session, name: string, command: string, signal: AbortSignal) {
  const service = [...session.services.values()].find((s) => s.config.name === name || s.containerName === name);
  if (!service?.containerId) {
    const names = [...session.services.values()].map((s) => s.config.name);
    throw Object.assign(new Error(service ? `${service.containerName} is not running` : `no service or container "${name}" here`), {
      suggestion: service ? 'preflight_setup starts it' : `use one of: ${names.join(', ')}`,
    });
  }
  const state = await ctx.engine.inspect(service.containerId);
  if (state?.status !== 'running') {
    const how = state ? `${state.status}${state.exitCode !== undefined ? `, exit code ${state.exitCode}` : ''}` : 'gone from the engine';
    throw Object.assign(new Error(`${service.containerName} is not running (${how})`), { suggestion: `preflight_logs with container ${service.config.name} shows why it stopped` });
  }
  const outcome = await ctx.engine.exec(service.containerId, command, signal);
  return { container: service.containerName, ...outcome };
}
