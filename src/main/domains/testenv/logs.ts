/**
 * The containers' logs: followed into each service's log record while the container runs, read
 * for preflight_logs, and attached to a failed setup's error.
 */
import type { ResolvedPath } from '../../kernel/paths';
import { closestMatches } from '../../kernel/suggest';
import { ToolError } from '../../tool-domain/domain';
import { sinceSeconds } from './engine';
import { TestenvErrorCode as Code } from './errors';
import { LogFeed } from './live-feeds';
import { logRecord } from './records';
import type { ServiceState, Session } from './session';
import { type SessionContext, noteState, suggest } from './session-context';

/** Log lines per container in a failure's diagnostics, and in a failed setup's answer. */
export const DIAGNOSTIC_LOG_LINES = 50;

/** preflight_logs: a container's last lines (of a service, by its name or its container's), and what the container is now. */
export async function readLogs(ctx: SessionContext, session: Session, path: ResolvedPath, options: { container: string; lines: number; since?: string }) {
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
  const state = await ctx.engine.inspect(service.containerId);
  if (!state) throw new ToolError(Code.containerNotRunning, `the container ${service.containerName} is gone from the engine`, 'preflight_clean, then preflight_init, preflight_build and preflight_setup again');
  const lines = await ctx.engine.logs(service.containerId, { tail: options.lines, since });
  // A container that stopped is when its log is needed most: answered as any other, with its exit code.
  noteState(ctx, session, service, state);
  return { container: service.containerName, lines, lineCount: lines.length, containerStatus: state.status, ...(state.exitCode !== undefined ? { exitCode: state.exitCode } : {}) };
}

/** Follows a service's container log into its log record. */
export function follow(ctx: SessionContext, session: Session, service: ServiceState): void {
  const name = service.config.name;
  session.logs.get(name)?.stop();
  const feed = new LogFeed((lines, total) => ctx.host.publish({ origin: 'testenv', label: `log ${name}`, put: [logRecord(session, name, lines, total)] }));
  session.logs.set(name, feed);
  const signal = session.followers.signal;
  const id = service.containerId!;
  ctx.engine
    .followLogs(id, (line) => feed.push(line), signal)
    .then(async () => {
      feed.flush();
      // The log ends when the container does: what it became is shown at once, not only at the next status.
      if (signal.aborted || service.containerId !== id) return;
      const state = await ctx.engine.inspect(id).catch(() => undefined);
      if (state) noteState(ctx, session, service, state);
    })
    .catch((err: unknown) => {
      if (!signal.aborted) ctx.host.log(`following the log of ${service.containerName} stopped: ${(err as Error)?.message ?? err}`);
    });
}

/** Stops following the session's logs; what the log and mock records hold still unshown is shown now. */
export function stopFollowing(session: Session): void {
  session.followers.abort();
  for (const feed of session.logs.values()) feed.flush();
  for (const throttle of session.mockThrottles.values()) throttle.flush();
}

/** A setup failure with the failing service's last log lines (read before its container is removed). */
export async function withLogs(ctx: SessionContext, session: Session, error: ToolError): Promise<ToolError> {
  const details = (error.details ?? {}) as { service?: string };
  const service = details.service ? session.services.get(details.service) : undefined;
  if (!service?.containerId) return error;
  const logs = await ctx.engine.logs(service.containerId, { tail: DIAGNOSTIC_LOG_LINES }).catch(() => [] as string[]);
  return new ToolError(error.code, error.message, error.suggestion, { ...details, containerName: service.containerName, logs });
}
