/**
 * Takeover: a host (the Electron app) opens a workspace that a headless core (`tandem serve`, or
 * one a bridge started) already owns. It asks that core, through its authenticated control
 * endpoint, to hand the workspace over; the core answers, lets running calls finish, flushes the
 * journal, releases the lock and exits; then the new host takes the lock. Bridges connected to the
 * old core find the new one through endpoint.json and their MCP sessions go on.
 */
import { request } from 'node:http';
import { ErrorCode, StudioError } from '../kernel/errors';
import { type EndpointInfo, Workspace, type WorkspaceOptions } from '../core/workspace';
import { CONTROL_SHUTDOWN_PATH } from './http-endpoint';

/** How long a takeover waits for the old core to let go. */
export const TAKEOVER_WAIT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 5_000;
const POLL_MS = 25;

export interface TakeoverOptions extends WorkspaceOptions {
  waitLimitMs?: number;
  log?: (message: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks the core at `endpoint` to shut down and release its workspace. Resolves once it has agreed
 * (it then closes in the background); throws StudioError when it refuses or cannot be reached.
 */
export function requestCoreShutdown(endpoint: EndpointInfo, timeoutMs = REQUEST_TIMEOUT_MS): Promise<void> {
  let target: URL;
  try {
    target = new URL(CONTROL_SHUTDOWN_PATH, endpoint.url);
  } catch {
    return Promise.reject(new StudioError(ErrorCode.io, `the core (pid ${endpoint.pid}) announced an invalid URL "${endpoint.url}"`, `stop pid ${endpoint.pid}, then try again`));
  }
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent: false,
        timeout: timeoutMs,
        headers: { Authorization: `Bearer ${endpoint.token}`, 'Content-Length': '0' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < 2_000) body += chunk;
        });
        res.on('end', () => {
          if (res.statusCode === 202) return resolve();
          const detail = body.trim().slice(0, 300);
          reject(
            new StudioError(
              ErrorCode.workspaceLocked,
              `the core (pid ${endpoint.pid}) refused to hand over the workspace: HTTP ${res.statusCode}${detail ? ` ${detail}` : ''}`,
              res.statusCode === 404
                ? `it predates takeover: stop it (kill ${endpoint.pid}), then open the workspace again`
                : `stop pid ${endpoint.pid}, then open the workspace again`,
            ),
          );
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', (err) =>
      reject(
        new StudioError(
          ErrorCode.workspaceLocked,
          `cannot reach the core (pid ${endpoint.pid}) at ${endpoint.url} to ask it to hand over the workspace: ${err.message}`,
          `stop pid ${endpoint.pid}, then open the workspace again`,
        ),
      ),
    );
    req.end();
  });
}

/**
 * Takes the workspace lock of `dir`, asking the core that holds it (as named by endpoint.json) to
 * hand over first. Waits up to `waitLimitMs` for the lock to come free. A core that starts meanwhile
 * (a bridge may start one while the old core is gone) is asked too. Throws StudioError(workspace_locked)
 * naming the holder when it does not let go in time.
 */
export async function takeOverWorkspace(dir: string, options: TakeoverOptions = {}): Promise<Workspace> {
  const log = options.log ?? (() => undefined);
  const waitLimit = options.waitLimitMs ?? TAKEOVER_WAIT_MS;
  const deadline = Date.now() + waitLimit;
  const asked = new Set<number>();
  let lastRefusal: StudioError | undefined;
  for (;;) {
    try {
      const workspace = await Workspace.acquire(dir, { nativeBinding: options.nativeBinding });
      if (asked.size > 0) log(`takeover: the workspace ${workspace.root} is ours now`);
      return workspace;
    } catch (err) {
      if (!(err instanceof StudioError) || err.code !== ErrorCode.workspaceLocked) throw err;
      lastRefusal = err;
    }
    const endpoint = Workspace.readEndpoint(dir);
    if (endpoint?.pid === process.pid) {
      throw new StudioError(ErrorCode.workspaceLocked, `this process already hosts workspace ${dir}`, 'use the host already running, or close it first');
    }
    // No endpoint yet: the holder is still starting (it writes endpoint.json once it listens).
    if (endpoint && !asked.has(endpoint.pid)) {
      asked.add(endpoint.pid);
      log(`takeover: asking the core (pid ${endpoint.pid}) to hand over the workspace`);
      await requestCoreShutdown(endpoint, Math.min(REQUEST_TIMEOUT_MS, Math.max(1, deadline - Date.now())));
    }
    if (Date.now() >= deadline) {
      const holder = endpoint ? `the core (pid ${endpoint.pid})` : 'the process holding the lock';
      throw new StudioError(
        ErrorCode.workspaceLocked,
        `${holder} did not let go of workspace ${dir} within ${Math.round(waitLimit / 1000)} s${lastRefusal ? ` (${lastRefusal.message})` : ''}`,
        endpoint ? `stop pid ${endpoint.pid} (kill ${endpoint.pid}), then open the workspace again` : (lastRefusal?.suggestion ?? 'try again'),
      );
    }
    await sleep(POLL_MS);
  }
}
