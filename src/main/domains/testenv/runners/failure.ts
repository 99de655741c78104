/**
 * Making a failing case useful to an AI: a one-line summary, and a suggested fix inferred from what
 * went wrong (a refused connection, a 404, a 5xx, a timeout, a missing browser or module), naming the
 * tool to call where one helps.
 */
import type { AIFriendlyTestResult, CaseFailure } from '../../../../shared/testenv-records';

export interface FixClues {
  /** The error text (a thrown error's message, a test runner's failure message, output). */
  error?: string;
  /** The HTTP status answered, when a request was made. */
  status?: number;
  method?: string;
  url?: string;
  /** The exit code of the suite's process. */
  exitCode?: number | null;
}

/** A fix to try, when the clues name one. */
export function suggestFix(clues: FixClues): string | undefined {
  const error = clues.error ?? '';
  const target = clues.url ? ` ${clues.method ?? 'GET'} ${pathOf(clues.url)}` : '';
  const where = clues.url ? hostOf(clues.url) : undefined;
  if (/ECONNREFUSED|connection refused/i.test(error)) {
    return `nothing answers${where ? ` at ${where}` : ''}: the service is not running or not published on that port; call preflight_status to see the services, or preflight_setup to start the environment`;
  }
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/i.test(error)) {
    return 'the host name does not resolve here: use 127.0.0.1 with the service\'s host port, or a path (taken against the first service)';
  }
  if (/ECONNRESET|socket hang up|other side closed|UND_ERR_SOCKET/i.test(error)) {
    return 'the service closed the connection: it may have crashed; its container logs are in diagnostics (or call preflight_logs)';
  }
  if (/timed? ?out|TimeoutError|ETIMEDOUT/i.test(error)) {
    return 'it did not finish in time: the service may hang or be slow (its logs are in diagnostics), or the timeout is too short for it';
  }
  if (/Executable doesn't exist|browserType\.launch|Looks like Playwright/i.test(error)) {
    return 'Playwright found no browser: point launchOptions.executablePath at one (here /usr/bin/chromium) in the playwright config';
  }
  if (/Cannot find (module|package)|Failed to (load|resolve)|ERR_MODULE_NOT_FOUND/i.test(error)) {
    return 'a module the tests import cannot be found: install the project\'s dependencies (npm install) or fix the import';
  }
  if (clues.exitCode === 127 || /command not found|ENOENT/.test(error)) {
    return 'the command or file is not there: check the suite\'s command and file in e2e.yaml (paths are taken from the e2e.yaml\'s folder)';
  }
  const status = clues.status ?? /\b(?:status|statusCode)\D{0,30}?\b([45]\d\d)\b/i.exec(error)?.[1];
  const code = status === undefined ? undefined : Number(status);
  if (code === 404) return `${target.trim() || 'the request'} answered 404: check the service (or mock) has this route and method, and the path in the test`;
  if (code === 405) return `${target.trim() || 'the request'} answered 405: the route exists but not for this method`;
  if (code === 401 || code === 403) return `${target.trim() || 'the request'} answered ${code}: check the credentials or headers the test sends`;
  if (code !== undefined && code >= 500) return `the service failed on${target || ' the request'} (${code}): its container logs in diagnostics (or preflight_logs) show why`;
  return undefined;
}

export const passedCase = (name: string, duration: number, file?: string): AIFriendlyTestResult => ({ name, status: 'passed', duration, ...(file ? { file } : {}) });

export const skippedCase = (name: string, file?: string): AIFriendlyTestResult => ({ name, status: 'skipped', duration: 0, ...(file ? { file } : {}) });

/** A failing case; the suggested fix is inferred from `clues` unless the failure gives one. */
export function failedCase(name: string, duration: number, failure: CaseFailure, clues: FixClues = {}, file?: string): AIFriendlyTestResult {
  const suggestedFix = failure.suggestedFix ?? suggestFix({ error: failure.error, status: failure.response?.status, method: failure.request?.method, url: failure.request?.url, ...clues });
  return { name, status: 'failed', duration, ...(file ? { file } : {}), failure: { ...failure, ...(suggestedFix ? { suggestedFix } : {}) } };
}

/** `500 ms`, `2s`, `1.5s`, `5m`: a duration as people write it. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Number((ms / 1000).toFixed(1))}s`;
  return `${Number((ms / 60_000).toFixed(1))}m`;
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
