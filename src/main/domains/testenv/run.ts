/**
 * Running an e2e.yaml's suites: in parallel where allowed, each attempt bounded by the suite's
 * timeout (its processes killed when it runs out), retried with backoff as configured (every attempt
 * recorded), failing cases given the diagnostics collected at the failure. Cancelling (ctx.signal)
 * stops everything that runs and makes runSuites throw.
 *
 * Parallel: a suite runs beside others when `options.parallel` says so, else its own `parallel`,
 * else `tests.parallel`. Suites are taken in file order; consecutive ones that may run in parallel
 * run together (at most MAX_PARALLEL_SUITES at a time), one that may not runs alone.
 */
import type { AIFriendlyTestResult, CaseAttempt, FailureDiagnostics, RunResult, SuiteResult } from '../../../shared/testenv-records';
import { suiteIdOf } from './config';
import { durationMs, type RetryConfig, retrySchema, type SuiteConfig } from './config-schema';
import { execRunner, shellRunner } from './runners/command';
import { failedCase, formatDuration } from './runners/failure';
import { playwrightRunner } from './runners/playwright-runner';
import { inPool, sleep } from './runners/pool';
import type { AttemptContext, RunContext, SuiteRunner } from './runners/types';
import { vitestRunner } from './runners/vitest-runner';
import { yamlRunner } from './runners/yaml-runner';

export type { RunContext } from './runners/types';

export const MAX_PARALLEL_SUITES = 4;
/** How long diagnostics may take to collect before a failure is reported without them. */
const DIAGNOSTICS_TIMEOUT_MS = 10_000;

const RUNNERS: Record<SuiteConfig['runner'], SuiteRunner> = {
  yaml: yamlRunner,
  shell: shellRunner,
  exec: execRunner,
  vitest: vitestRunner,
  playwright: playwrightRunner,
};

export async function runSuites(suites: SuiteConfig[], ctx: RunContext, options: { parallel?: boolean } = {}): Promise<RunResult> {
  const began = performance.now();
  const results: SuiteResult[] = new Array(suites.length);
  const mayRunBeside = (suite: SuiteConfig) => options.parallel ?? suite.parallel ?? ctx.config.tests.parallel;
  let batch: number[] = [];
  const flush = async () => {
    await inPool(batch, MAX_PARALLEL_SUITES, async (i) => {
      results[i] = await runSuite(suites[i], ctx);
    });
    batch = [];
  };
  for (let i = 0; i < suites.length; i++) {
    ctx.signal.throwIfAborted();
    if (mayRunBeside(suites[i])) {
      batch.push(i);
      continue;
    }
    await flush();
    ctx.signal.throwIfAborted();
    results[i] = await runSuite(suites[i], ctx);
  }
  await flush();
  ctx.signal.throwIfAborted();

  const totals = { passed: 0, failed: 0, skipped: 0, total: 0 };
  for (const suite of results) {
    totals.passed += suite.passed;
    totals.failed += suite.failed;
    totals.skipped += suite.skipped;
  }
  totals.total = totals.passed + totals.failed + totals.skipped;
  return {
    status: results.every((s) => s.status === 'passed') ? 'passed' : 'failed',
    totals,
    duration: Math.round(performance.now() - began),
    suites: results,
  };
}

/** The suite's retry settings: its own over the file's `tests.retry`, over the defaults. */
export function retryOf(suite: SuiteConfig, ctx: Pick<RunContext, 'config'>): RetryConfig {
  return retrySchema.parse({ ...ctx.config.tests.retry, ...suite.retry });
}

/** How long to wait after attempt `attempt` (1-based) failed. */
export function backoffMs(retry: RetryConfig, attempt: number): number {
  const delay = durationMs(retry.delay);
  return retry.backoff === 'exponential' ? delay * 2 ** (attempt - 1) : delay * attempt;
}

async function runSuite(suite: SuiteConfig, ctx: RunContext): Promise<SuiteResult> {
  const began = performance.now();
  const id = suiteIdOf(suite);
  const retry = retryOf(suite, ctx);
  const attempts: AIFriendlyTestResult[][] = [];
  for (let attempt = 1; attempt <= retry.maxAttempts; attempt++) {
    ctx.onSuiteStart?.(id, attempt);
    const cases = await runAttempt(suite, id, attempt, ctx);
    attempts.push(cases);
    if (ctx.signal.aborted || !cases.some((c) => c.status === 'failed') || attempt === retry.maxAttempts) break;
    const wait = backoffMs(retry, attempt);
    ctx.log?.(`[${id}] attempt ${attempt} failed; attempt ${attempt + 1} in ${formatDuration(wait)}`);
    await sleep(wait, ctx.signal);
  }

  const last = attempts.at(-1)!;
  const cases = attempts.length > 1 ? last.map((c) => ({ ...c, attempts: attemptsOf(c.name, attempts) })) : last;
  const count = (status: AIFriendlyTestResult['status']) => cases.filter((c) => c.status === status).length;
  return {
    id,
    name: suite.name,
    status: count('failed') ? 'failed' : 'passed',
    duration: Math.round(performance.now() - began),
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    attempts: attempts.length,
    cases,
  };
}

function attemptsOf(name: string, attempts: AIFriendlyTestResult[][]): CaseAttempt[] {
  const out: CaseAttempt[] = [];
  attempts.forEach((cases, i) => {
    const found = cases.find((c) => c.name === name);
    if (found) out.push({ attempt: i + 1, status: found.status, duration: found.duration, ...(found.failure ? { error: found.failure.error } : {}) });
  });
  return out;
}

async function runAttempt(suite: SuiteConfig, suiteId: string, attempt: number, ctx: RunContext): Promise<AIFriendlyTestResult[]> {
  const began = performance.now();
  const timeoutMs = durationMs(suite.timeout);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error(`suite ${suiteId} timed out after ${formatDuration(timeoutMs)}`)), timeoutMs);
  const signal = AbortSignal.any([ctx.signal, timeout.signal]);
  const cases: AIFriendlyTestResult[] = [];
  let diagnostics: Promise<FailureDiagnostics | undefined> | undefined;
  let timeoutReported = false;

  const report = async (result: AIFriendlyTestResult) => {
    let out = { ...result, duration: Math.round(result.duration) };
    if (out.failure && !out.failure.diagnostics) {
      diagnostics ??= collectDiagnostics(ctx, suiteId);
      const collected = await diagnostics;
      if (collected) out = { ...out, failure: { ...out.failure, diagnostics: collected } };
    }
    cases.push(out);
    ctx.onCase?.(suiteId, out);
  };
  const attemptCtx: AttemptContext = {
    run: ctx,
    suite,
    suiteId,
    attempt,
    signal,
    timeoutMs,
    report,
    log: (line) => ctx.log?.(`[${suiteId}] ${line}`),
    timedOut: () => timeout.signal.aborted && !ctx.signal.aborted,
    reportTimeout: async (detail) => {
      timeoutReported = true;
      const limit = formatDuration(timeoutMs);
      await report(
        failedCase(`${suite.name} (timed out)`, performance.now() - began, {
          error: `the suite did not finish within its timeout of ${limit} and was stopped (everything it started was killed)${detail ? `; ${detail}` : ''}`,
          summary: `suite ${suiteId} timed out after ${limit}`,
          suggestedFix: `find what hangs (a command waiting for input or for a service that never answers); if the suite is only slow, raise tests.suites[].timeout for ${suiteId} in e2e.yaml`,
        }),
      );
    },
  };

  try {
    await RUNNERS[suite.runner](attemptCtx);
  } catch (err) {
    if (!ctx.signal.aborted) {
      const message = err instanceof Error ? err.message : String(err);
      const suggestion = (err as { suggestion?: string }).suggestion;
      await report(
        failedCase(suite.name, performance.now() - began, { error: message, summary: `the ${suite.runner} runner could not run ${suiteId}: ${message}`, ...(suggestion ? { suggestedFix: suggestion } : {}) }),
      );
    }
  } finally {
    clearTimeout(timer);
  }
  if (attemptCtx.timedOut() && !timeoutReported) await attemptCtx.reportTimeout();
  return cases;
}

/** The run's diagnostics, bounded in time; a failure to collect them is logged, not thrown. */
async function collectDiagnostics(ctx: RunContext, suiteId: string): Promise<FailureDiagnostics | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      ctx.diagnostics(),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          ctx.log?.(`[${suiteId}] diagnostics took over ${formatDuration(DIAGNOSTICS_TIMEOUT_MS)}; reported without them`);
          resolve(undefined);
        }, DIAGNOSTICS_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    ctx.log?.(`[${suiteId}] could not collect diagnostics: ${(err as Error).message}`);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
