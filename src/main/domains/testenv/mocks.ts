/**
 * The session's mocks: HTTP servers in the core, started with the environment (on 127.0.0.1 and on
 * the network's gateway), their requests read and cleared by preflight_mock_requests.
 */
import type { ResolvedPath } from '../../kernel/paths';
import { closestMatches } from '../../kernel/suggest';
import { type ToolCaller, ToolError } from '../../tool-domain/domain';
import { sinceSeconds } from './engine';
import { TestenvErrorCode as Code } from './errors';
import { Throttle } from './live-feeds';
import { MockServer } from './mock-server';
import { mockRecord } from './records';
import { isRemote } from './remote/engine-target';
import { forwardMocks } from './remote/remote-environment';
import type { Session } from './session';
import { type SessionContext, publish, suggest } from './session-context';

/** Starts the session's mocks on 127.0.0.1 and where its containers reach them: the network's gateway, or an SSH forward from a remote engine's. */
export async function startMocks(ctx: SessionContext, session: Session): Promise<void> {
  for (const [name, config] of Object.entries(session.config.mocks)) {
    const throttle = new Throttle(() => ctx.host.publish({ origin: 'testenv', label: `mock ${name} requests`, put: [mockRecord(session, name)] }));
    // The gateway is this machine's only with a local engine; a remote one's containers come through an SSH forward.
    const hosts = session.gateway && !isRemote(ctx.engine.target) ? [session.gateway] : [];
    const server = await MockServer.start(name, config, { hosts, onRequest: () => throttle.poke() });
    session.mocks.set(name, server);
    session.mockThrottles.set(name, throttle);
  }
  await forwardMocks(ctx, session);
}

/** Stops the session's mocks (a core handing over; the next core starts them again). */
export async function stopMocks(session: Session): Promise<void> {
  await Promise.all([...session.mocks.values()].map((m) => m.stop().catch(() => undefined)));
  session.mocks.clear();
}

/** preflight_mock_requests: the requests each mock (or the one named) received, since a time; cleared on request. */
export function mockRequests(ctx: SessionContext, session: Session, path: ResolvedPath, options: { mockName?: string; since?: string; clear?: boolean }, caller: ToolCaller) {
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
  if (options.clear) publish(ctx, session, caller.origin, `clear mock requests${options.mockName ? ` of ${options.mockName}` : ''}`);
  return { mocks };
}
