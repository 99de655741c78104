/**
 * The `yaml` runner: a suite file of HTTP, exec and waiting steps (its two forms are read by
 * yaml-suite.ts). Setup steps run first; a failing one is reported and the cases are skipped. In
 * Preflight's `cases:` form each case passes or fails on its own (at once when `sequential: false`);
 * in the studio's `steps:` form a failing step skips the rest, as later steps build on earlier ones.
 * Teardown steps run after the cases whatever happened; a step with `ignoreError` never fails the
 * suite. Passing setup and teardown steps are not reported as cases (they are not tests).
 *
 * Placeholders: `{{name}}` (a variable or a saved value), `{{runtime.name}}` (a saved value),
 * `{{config.x}}` (the file's variables, then the services' vars and the e2e.yaml's config:),
 * `{{env.X}}`, `{{baseUrl}}` and `{{timestamp}}` (ms since the epoch) are replaced in requests,
 * commands and expectations. A `path` is taken against the run's baseUrl (the first service's first
 * host port); `url` overrides it. Redirects are not followed, so a 3xx can be checked.
 */
import { connect } from 'node:net';
import type { AssertionResult, CaseFailure } from '../../../../shared/testenv-records';
import { durationMs } from '../config-schema';
import { parseBody } from '../mock-server';
import { renderValue, type TemplateLookup, textOf, valueAt } from '../template';
import { execStep } from './exec-step';
import { evaluateExpr, ExprError } from './expr';
import { failedCase, formatDuration, passedCase, skippedCase } from './failure';
import { check, compare, type Dialect, matchValue } from './matchers';
import { inPool, sleep } from './pool';
import type { AttemptContext, SuiteRunner } from './types';
import { loadSuite, type NamedStep, type RequestStep, type YamlSuite } from './yaml-suite';

/** How much of a response body is read (and shown). */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
const POLL_MS = 250;
/** Cases run at once in a suite with `sequential: false`. */
const PARALLEL_CASES = 4;
/** How long teardown may take once the suite's own time ran out: it still cleans up after a timeout. */
export const TEARDOWN_GRACE_MS = 30_000;

export const yamlRunner: SuiteRunner = async (ctx) => {
  const fileName = ctx.suite.file!;
  const began = performance.now();
  let suite: YamlSuite;
  try {
    suite = await loadSuite(ctx.run.projectDir, fileName);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.report(
      failedCase(ctx.suite.name, performance.now() - began, {
        error: message,
        summary: `the suite file ${fileName} cannot be used: ${message.split('\n')[0]}`,
        suggestedFix: `fix ${fileName} ({name, setup, cases, teardown}, or a list of steps); paths are taken from the e2e.yaml's folder`,
      }, {}, fileName),
    );
    return;
  }

  const vars: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(suite.variables)) vars[name] = renderValue(value, lookupFor(ctx, vars, new Set()));
  /** Runs a step and reports it: always for a case, only when it fails for setup and teardown; answers whether it failed. */
  const run = async (named: NamedStep, role: 'setup' | 'case' | 'teardown', stepCtx: AttemptContext = ctx): Promise<boolean> => {
    if (named.delayMs) await sleep(named.delayMs, stepCtx.signal);
    if (stepCtx.signal.aborted) return true;
    const started = performance.now();
    const failure = await runStep(stepCtx, named, vars, suite.dialect);
    if (stepCtx.signal.aborted) return true; // stopped mid-step: the run says why
    const took = performance.now() - started;
    const label = role === 'case' ? named.name : `${role}: ${named.name}`;
    if (!failure || named.ignoreError) {
      if (failure) ctx.log(`${label} failed, ignored (ignoreError): ${failure.summary}`);
      if (role === 'case') await ctx.report(passedCase(label, took, fileName));
      return false;
    }
    await ctx.report(failedCase(label, took, failure, {}, fileName));
    return true;
  };

  let setupFailed = false;
  for (const step of suite.setup) {
    if (await run(step, 'setup')) {
      setupFailed = true;
      break;
    }
  }
  if (setupFailed || suite.form === 'steps' || suite.sequential) {
    let skipRest = setupFailed;
    for (const step of suite.cases) {
      if (ctx.signal.aborted) break;
      if (skipRest) await ctx.report(skippedCase(step.name, fileName));
      else if ((await run(step, 'case')) && suite.form === 'steps') skipRest = true;
    }
  } else {
    await inPool(suite.cases, PARALLEL_CASES, async (step) => void (await run(step, 'case')));
  }
  // Teardown cleans up after a failure, a timeout included: once the suite's time is up it gets a
  // grace of its own; only a cancelled run stops it.
  const teardownCtx = ctx.timedOut() ? { ...ctx, signal: AbortSignal.any([ctx.run.signal, AbortSignal.timeout(TEARDOWN_GRACE_MS)]) } : ctx;
  for (const step of suite.teardown) {
    if (teardownCtx.signal.aborted) return;
    await run(step, 'teardown', teardownCtx);
  }
};

async function runStep(ctx: AttemptContext, named: NamedStep, vars: Record<string, unknown>, dialect: Dialect): Promise<CaseFailure | undefined> {
  const { step } = named;
  if (step.kind === 'delay') return undefined;
  if (step.kind === 'health') return waitHealthy(ctx, step.service, step.timeoutMs);
  if (step.kind === 'port') return waitForPort(ctx, step.host, step.port, step.timeoutMs);
  const missing = new Set<string>();
  const lookup = lookupFor(ctx, vars, missing);
  // Rendered once first only to find what is not set, before anything is sent or executed.
  renderValue(step.kind === 'request' ? [step.step.request, step.step.expect] : [step.step.exec, step.step.expect], lookup);
  if (missing.size) return unsetFailure(missing, vars);
  return step.kind === 'request' ? requestStep(ctx, step.step, lookup, vars, dialect) : execStep(ctx, step.step, lookup, vars, dialect);
}

/** What `{{name}}` stands for in a step; names that stand for nothing are added to `missing`. */
function lookupFor(ctx: AttemptContext, vars: Record<string, unknown>, missing: Set<string>): TemplateLookup {
  const configValues = () => Object.assign({}, ...ctx.run.config.services.map((s) => s.vars ?? {}), ctx.run.config.config ?? {}) as Record<string, unknown>;
  return (name) => {
    if (name === 'baseUrl') return { value: ctx.run.baseUrl ?? '' };
    if (name === 'timestamp') return { value: Date.now() };
    const [head, ...rest] = name.split('.');
    let found: { found: boolean; value?: unknown } = { found: false };
    if (head === 'env' && rest.length) {
      const value = ctx.run.env[rest.join('.')] ?? process.env[rest.join('.')];
      found = { found: value !== undefined, value };
    } else if (head === 'runtime' && rest.length) {
      found = valueAt(vars, rest);
    } else if (head === 'config' && rest.length) {
      found = valueAt(vars, rest);
      if (!found.found) found = valueAt(configValues(), rest);
    } else {
      found = valueAt(vars, name.split('.'));
    }
    if (found.found) return { value: found.value };
    missing.add(name);
    return undefined;
  };
}

function unsetFailure(missing: Set<string>, vars: Record<string, unknown>): CaseFailure {
  const names = [...missing].map((n) => `{{${n}}}`).join(', ');
  const saved = Object.keys(vars);
  return {
    error: `the step uses ${names}, which ${missing.size === 1 ? 'is' : 'are'} not set`,
    summary: `${names} is not set (set so far: ${saved.length ? saved.join(', ') : 'nothing'})`,
    suggestedFix: "save it in an earlier step (save: {name: field}), give it in the file's variables, or set the env variable in .env",
  };
}

async function requestStep(ctx: AttemptContext, step: RequestStep, lookup: TemplateLookup, vars: Record<string, unknown>, dialect: Dialect): Promise<CaseFailure | undefined> {
  const request = renderValue(step.request, lookup) as RequestStep['request'];
  const expected = renderValue(step.expect ?? {}, lookup) as NonNullable<RequestStep['expect']>;

  let url: string;
  try {
    url = targetUrl(ctx, request);
  } catch (err) {
    const message = (err as Error).message;
    const suggestedFix = ctx.run.baseUrl ? `check the step's ${request.url ? 'url' : 'path'}: it must make a URL` : 'give the step a url, or give the first service a host port (container.ports) so paths have a base';
    return { error: message, summary: `the step's target is no URL: ${message}`, suggestedFix };
  }
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  let body: string | undefined;
  if (request.body !== undefined && request.body !== null) {
    body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    if (typeof request.body !== 'string' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  const sent: CaseFailure['request'] = { method: request.method, url, ...(Object.keys(headers).length ? { headers } : {}), ...(request.body !== undefined ? { body: request.body } : {}) };

  const timeoutMs = durationMs(request.timeout);
  let response: NonNullable<CaseFailure['response']>;
  const sentAt = performance.now();
  let responseTime: number;
  try {
    const res = await fetch(url, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]),
    });
    const raw = await readLimited(res);
    responseTime = Math.round(performance.now() - sentAt);
    response = { status: res.status, headers: Object.fromEntries(res.headers), body: parseBody(raw, res.headers.get('content-type') ?? undefined) };
  } catch (err) {
    if (ctx.signal.aborted) return undefined;
    const error = describeFetchError(err, timeoutMs);
    return { error, summary: `${request.method} ${url} failed: ${error}`, request: sent };
  }

  const assertions = checkResponse(expected, response, responseTime, dialect);
  const failedAssertions = assertions.filter((a) => !a.passed);

  const saveProblems: string[] = [];
  if (!failedAssertions.length) {
    for (const [name, field] of Object.entries(step.save ?? {})) {
      const found = fieldOf(response, field);
      if (found.found) vars[name] = found.value;
      else saveProblems.push(`save ${name}: the response has no ${field}`);
    }
  }
  if (!failedAssertions.length && !saveProblems.length) return undefined;

  const error = failedAssertions.length ? failedAssertions.map((a) => `${a.target}: ${a.message}`).join('; ') : saveProblems.join('; ');
  return {
    error,
    summary: `${request.method} ${pathOf(url)} answered ${response.status}: ${failedAssertions.length ? `${failedAssertions.length} of ${assertions.length} assertions failed (${failedAssertions[0].target}: ${failedAssertions[0].message})` : saveProblems[0]}`,
    request: sent,
    response,
    assertions,
  };
}

/** Every check of `expect` against a response, each recorded. */
function checkResponse(expected: NonNullable<RequestStep['expect']>, response: NonNullable<CaseFailure['response']>, responseTime: number, dialect: Dialect): AssertionResult[] {
  const assertions: AssertionResult[] = [];
  if (expected.status !== undefined) {
    const status = Array.isArray(expected.status) ? { $oneOf: expected.status } : expected.status;
    matchValue(status, response.status, 'status', assertions, dialect);
  }
  for (const [name, value] of Object.entries(expected.headers ?? {})) {
    matchValue(value, response.headers[name.toLowerCase()], `header ${name.toLowerCase()}`, assertions, dialect);
  }
  if (expected.body !== undefined) matchValue(expected.body, response.body, 'body', assertions, dialect);
  if (expected.responseTime !== undefined) {
    const limits = typeof expected.responseTime === 'number' ? { lt: expected.responseTime } : expected.responseTime;
    for (const [op, ms] of Object.entries(limits)) assertions.push({ ...compare(op as 'lt', ms, responseTime, 'responseTime'), expected: `${op} ${ms} ms` });
  }
  const scope = { status: response.status, body: response.body, headers: response.headers, responseTime };
  for (const expr of expected.expr === undefined ? [] : [expected.expr].flat()) {
    try {
      const holds = evaluateExpr(expr, scope);
      assertions.push(check('expr', 'expr', expr, holds, holds, `${expr} does not hold`));
    } catch (err) {
      if (!(err instanceof ExprError)) throw err;
      assertions.push(check('expr', 'expr', expr, undefined, false, err.message));
    }
  }
  (expected.all ?? []).forEach((alternative, i) => matchValue(alternative, response.body, `all[${i}].body`, assertions, dialect));
  if (expected.any) {
    const outcomes = expected.any.map((alternative, i) => {
      const out: AssertionResult[] = [];
      matchValue(alternative, response.body, `any[${i}].body`, out, dialect);
      return out.find((a) => !a.passed);
    });
    const passed = outcomes.some((failure) => !failure);
    const why = outcomes.map((failure) => `${failure?.target}: ${failure?.message}`).join('; ');
    assertions.push(check('any', 'any', expected.any, response.body, passed, `none of the ${expected.any.length} alternatives holds (${why})`));
  }
  return assertions;
}

function targetUrl(ctx: AttemptContext, request: RequestStep['request']): string {
  if (request.url) return new URL(textOf(request.url)).toString();
  const path = textOf(request.path);
  if (!ctx.run.baseUrl) throw new Error(`the step has the path ${path} but there is no service with a host port to take it against`);
  return new URL(path, ctx.run.baseUrl).toString();
}

/** `status`, `headers.x`, `body.a.b`; anything else is taken in the body. */
function fieldOf(response: NonNullable<CaseFailure['response']>, field: string): { found: boolean; value?: unknown } {
  const [head, ...rest] = field.split('.');
  if (head === 'status' && !rest.length) return { found: true, value: response.status };
  if (head === 'headers') return valueAt(response.headers, [rest.join('.').toLowerCase()]);
  if (head === 'body') return rest.length ? valueAt(response.body, rest) : { found: response.body !== null, value: response.body };
  return valueAt(response.body, field.split('.'));
}

async function readLimited(res: Response): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
    size += value.length;
    if (size >= MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES);
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return `no answer within ${timeoutMs} ms (timed out)`;
  const cause = e.cause ? `${e.cause.code ?? ''} ${e.cause.message ?? ''}`.trim() : '';
  return cause ? `${e.message}: ${cause}` : e.message;
}

function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/** Polls a service's health path (the first service when none is named) on its first host port until it answers 2xx/3xx. */
async function waitHealthy(ctx: AttemptContext, name: string | undefined, timeoutMs: number): Promise<CaseFailure | undefined> {
  const service = name === undefined ? ctx.run.services[0] : ctx.run.services.find((s) => s.name === name || s.containerName === name);
  if (!service) {
    const names = ctx.run.services.map((s) => s.name);
    return {
      error: name === undefined ? 'the project has no service' : `no service "${name}"`,
      summary: name === undefined ? 'waitHealthy has no service to wait for' : `waitHealthy names "${name}", which is no service here`,
      suggestedFix: `use one of: ${names.join(', ') || '(no services)'}`,
    };
  }
  const port = service.ports[0]?.host;
  if (!port) return { error: `service ${service.name} publishes no port`, summary: `${service.name} has no host port to probe`, suggestedFix: `give ${service.name} container.ports in e2e.yaml` };
  const url = `http://127.0.0.1:${port}${service.healthPath ?? '/'}`;
  let last = 'no answer yet';
  const ok = await poll(ctx, timeoutMs, async (signal, probeMs) => {
    try {
      const res = await fetch(url, { redirect: 'manual', signal });
      await res.body?.cancel();
      last = `answered ${res.status}`;
      return res.status >= 200 && res.status < 400;
    } catch (err) {
      last = describeFetchError(err, probeMs);
      return false;
    }
  });
  if (ok) return undefined;
  return {
    error: `${service.name} was not healthy within ${formatDuration(timeoutMs)}: GET ${url} ${last}`,
    summary: `${service.name} did not become healthy (GET ${url}: ${last})`,
    request: { method: 'GET', url },
  };
}

async function waitForPort(ctx: AttemptContext, host: string, port: number, timeoutMs: number): Promise<CaseFailure | undefined> {
  const where = `${host}:${port}`;
  const ok = await poll(ctx, timeoutMs, (signal) => canConnect(host, port, signal));
  if (ok) return undefined;
  return { error: `nothing accepted connections on ${where} within ${formatDuration(timeoutMs)} (ECONNREFUSED)`, summary: `port ${where} did not open`, request: { method: 'CONNECT', url: `tcp://${where}` } };
}

/** Calls `probe` (given its own time limit) until it answers true, the time is up (false) or the attempt stops (false). */
async function poll(ctx: AttemptContext, timeoutMs: number, probe: (signal: AbortSignal, probeMs: number) => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!ctx.signal.aborted) {
    const probeMs = Math.max(1, Math.min(deadline - Date.now(), 5000));
    if (await probe(AbortSignal.any([ctx.signal, AbortSignal.timeout(probeMs)]), probeMs)) return true;
    if (Date.now() + POLL_MS > deadline) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, POLL_MS);
      ctx.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
  return false;
}

function canConnect(host: string, port: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, signal });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
  });
}
