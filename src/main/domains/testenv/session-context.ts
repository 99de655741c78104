/**
 * What the parts of the testenv sessions share: the context they work in (the studio, the Docker
 * engine, the saved sessions) and the small steps every part takes on a session (show it, note its
 * progress, take the engine's word for a container).
 */
import type { ToolDomainHost } from '../../tool-domain/domain';
import type { ContainerState, DockerEngine } from './engine';
import { sessionRecords } from './records';
import type { ServiceState, Session } from './session';
import type { SessionStore } from './session-store';

/** The studio the sessions serve, the engine their environments run in, and where they are saved. */
export interface SessionContext {
  readonly host: ToolDomainHost;
  readonly engine: DockerEngine;
  readonly store: SessionStore;
}

/** The next step an error suggests, by what is missing. */
export const suggest = {
  init: 'call preflight_init with this projectPath first',
  build: 'call preflight_build first',
  setup: 'call preflight_setup first',
  status: 'preflight_status shows the session',
};

/** Shows the session's records as they are now. */
export function publish(ctx: SessionContext, session: Session, origin: string, label: string, lines?: string[]): void {
  ctx.host.publish({ origin, label, ...(lines ? { lines } : {}), put: sessionRecords(session) });
}

/** What the write call holding the session is doing now (the dashboard's progress bar). */
export function setActivity(session: Session, tool: string, origin: string, phase: string, done?: number, total?: number): void {
  session.activity = { tool, origin, phase, ...(done !== undefined ? { done } : {}), ...(total !== undefined ? { total } : {}), startedAt: session.activity?.startedAt ?? Date.now() };
}

/**
 * Takes the engine's word for a service's container: one that stopped is `exited` (or `dead`) and
 * unhealthy, with its exit code, whatever setup saw; a change is saved and shown.
 */
export function noteState(ctx: SessionContext, session: Session, service: ServiceState, state: ContainerState): void {
  const before = `${service.status} ${service.health} ${service.exitCode}`;
  service.status = state.status;
  if (state.status === 'exited' || state.status === 'dead') {
    service.health = 'unhealthy';
    service.exitCode = state.exitCode;
    service.startedAt = undefined;
  }
  if (before === `${service.status} ${service.health} ${service.exitCode}`) return;
  ctx.store.save(session.saved());
  const code = service.exitCode !== undefined ? ` (exit code ${service.exitCode})` : '';
  publish(ctx, session, 'testenv', `${service.config.name} ${service.status}${code}`);
}
