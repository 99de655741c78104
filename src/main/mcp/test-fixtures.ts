/**
 * Shared by the tests of this folder (not part of the app): a small FCP domain for testing the
 * MCP pieces on their own, and helpers to wait for things and clean up spawned processes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type Progress, ProgressNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FcpDomain } from '../fcp/domain';

/** A minimal domain: one verb, one query; enough to render a reference card and four tools. */
export const echoDomain: FcpDomain = {
  name: 'echo',
  title: 'echo test models',
  fileExtension: '.echo',
  verbs: [{ name: 'say', syntax: 'say TEXT', summary: 'echo TEXT', section: 'Talk', examples: ['say hello'], handler: () => [] }],
  queries: [{ name: 'map', syntax: 'map', summary: 'overview', handler: () => 'map: empty' }],
  sections: [{ title: 'Vocabulary', lines: ['TEXT: any word'] }],
  createModel: () => [],
  titleOf: () => 'Untitled',
  digest: () => 'digest: 0',
  readFile: () => [],
  writeFile: () => '',
};

/** Polls `probe` until it returns something other than undefined/false, or fails after `ms`. */
export async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, ms = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The progress notifications `client` receives under `token`, as they come. The SDK's own
 * `onprogress` does not serve tests: its client forgets a request's progress handler when the
 * answer comes, before it handles progress read in the same chunk (typescript-sdk#2580), so on a
 * loaded machine it sees some or none. Send the call with `_meta: { progressToken: token }`.
 */
export function recordProgress(client: Client, token: string): Progress[] {
  const seen: Progress[] = [];
  client.setNotificationHandler(ProgressNotificationSchema, ({ params: { progressToken, ...progress } }) => {
    if (progressToken === token) seen.push(progress);
  });
  return seen;
}

/** The core's own liveness check (zombies count as exited), for tests that watch processes. */
export { isAlive } from '../core/workspace';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with full control of Host, Origin and Authorization (fetch would fill some in). */
export function rawRequest(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.path ?? '/mcp', headers: options.headers ?? {} },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}


/** A process of its own that takes a workspace's lock when told (core/test-lock-racer.ts, run through tsx). */
export interface LockRacer {
  child: ChildProcess;
  ready: boolean;
  /** `won` or `lost CODE`, one per `go`. */
  answers: string[];
  /** Tells it to try for the lock now. */
  go(): void;
}

export function startLockRacer(workspace: string): LockRacer {
  // One process (the tsx command would run the script in a child of its own): node with tsx's loader.
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'core', 'test-lock-racer.ts'), workspace], {
    cwd: join(__dirname, '..', '..', '..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const racer: LockRacer = { child, ready: false, answers: [], go: () => child.stdin!.write('go\n') };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'ready') racer.ready = true;
    else racer.answers.push(line);
  });
  return racer;
}
