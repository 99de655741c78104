/**
 * The `yaml` runner: a file of HTTP steps, each one case, run in order.
 *
 *   name: Users API            # optional; the file may also be just the list of steps
 *   vars: { user: ada }        # optional starting values for {{var}}
 *   steps:
 *     - waitHealthy: api       # the service's health path answers 2xx/3xx (timeout: 30s by default)
 *     - waitForPort: 9091      # something accepts connections on 127.0.0.1:9091
 *     - name: create a user
 *       request: { method: POST, path: /users, headers: {...}, body: {...}, timeout: 10s }
 *       expect: { status: 201, headers: { content-type: { $contains: json } }, body: { name: ada, id: { $exists: true } } }
 *       save: { userId: body.id }   # body.x, headers.x or status
 *     - name: read it back
 *       request: { path: "/users/{{userId}}" }
 *
 * `url` overrides `path`; a path is taken against the run's baseUrl (the first service's first host
 * port). `{{var}}` (saved or from vars), `{{env.X}}` and `{{baseUrl}}` are replaced in requests and
 * expectations. `expect.status` is a number, a list of them or a matcher; body and headers use the
 * matchers of matchers.ts. Redirects are not followed, so a 3xx can be checked. After a failing step
 * the rest are skipped: later steps usually build on what earlier ones did.
 */
import { connect } from 'node:net';
import { z } from 'zod';
import type { AssertionResult, CaseFailure } from '../../../../shared/testenv-records';
import { parseYaml, readBounded, resolveInside, schemaProblems } from '../config';
import { duration, durationMs } from '../config-schema';
import { parseBody } from '../mock-server';
import { renderValue, type TemplateLookup, textOf, valueAt } from '../template';
import { failedCase, formatDuration, passedCase, skippedCase } from './failure';
import { matchValue } from './matchers';
import type { AttemptContext, SuiteRunner } from './types';

/** How much of a response body is read (and shown). */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
const POLL_MS = 250;

const stringMap = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String));

const requestStepSchema = z.strictObject({
  name: z.string().optional(),
  request: z
    .strictObject({
      method: z.string().toUpperCase().default('GET'),
      path: z.string().optional(),
      url: z.string().optional(),
      headers: stringMap.optional(),
      body: z.unknown().optional(),
      timeout: duration.default('30s'),
    })
    .refine((r) => r.path !== undefined || r.url !== undefined, 'a request needs a path or a url'),
  expect: z
    .strictObject({
      status: z.unknown().optional(),
      headers: z.record(z.string(), z.unknown()).optional(),
      body: z.unknown().optional(),
    })
    .optional(),
  save: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a variable name: letters, digits, _'), z.string()).optional(),
});

const waitHealthySchema = z.strictObject({ name: z.string().optional(), waitHealthy: z.string(), timeout: duration.default('30s') });
const waitForPortSchema = z.strictObject({
  name: z.string().optional(),
  waitForPort: z.number().int().min(1).max(65535),
  host: z.string().default('127.0.0.1'),
  timeout: duration.default('30s'),
});

const fileSchema = z.union([
  z.array(z.unknown()),
  z.strictObject({ name: z.string().optional(), description: z.string().optional(), vars: z.record(z.string(), z.unknown()).optional(), steps: z.array(z.unknown()) }),
]);

type RequestStep = z.output<typeof requestStepSchema>;
type Step = { kind: 'request'; step: RequestStep } | { kind: 'health'; step: z.output<typeof waitHealthySchema> } | { kind: 'port'; step: z.output<typeof waitForPortSchema> };

interface StepsFile {
  vars: Record<string, unknown>;
  steps: Array<{ name: string; step: Step }>;
}

export const yamlRunner: SuiteRunner = async (ctx) => {
  const fileName = ctx.suite.file!;
  const began = performance.now();
  let parsed: StepsFile;
  try {
    parsed = await loadSteps(ctx, fileName);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.report(
      failedCase(ctx.suite.name, performance.now() - began, {
        error: message,
        summary: `the steps file ${fileName} cannot be used: ${message.split('\n')[0]}`,
        suggestedFix: `fix ${fileName} (a list of steps, or {name, vars, steps}); paths are taken from the e2e.yaml's folder`,
      }, {}, fileName),
    );
    return;
  }

  const vars: Record<string, unknown> = { ...parsed.vars };
  let failed = false;
  for (const { name, step } of parsed.steps) {
    if (ctx.signal.aborted) return;
    if (failed) {
      await ctx.report(skippedCase(name, fileName));
      continue;
    }
    const started = performance.now();
    const failure =
      step.kind === 'request' ? await requestStep(ctx, step.step, vars) : step.kind === 'health' ? await waitHealthy(ctx, step.step) : await waitForPort(ctx, step.step);
    if (ctx.signal.aborted) return; // stopped mid-step: the run says why
    const took = performance.now() - started;
    if (!failure) {
      await ctx.report(passedCase(name, took, fileName));
      continue;
    }
    failed = true;
    await ctx.report(failedCase(name, took, failure, {}, fileName));
  }
};

async function loadSteps(ctx: AttemptContext, fileName: string): Promise<StepsFile> {
  const { doc, lineAt, syntaxProblems } = parseYaml(await readBounded(resolveInside(ctx.run.projectDir, fileName)));
  const where = (p: { path: string; line?: number; message: string }) => `${p.path ? `${p.path}: ` : ''}${p.message}${p.line ? ` (line ${p.line})` : ''}`;
  if (syntaxProblems.length) throw new Error(syntaxProblems.map(where).join('\n'));
  const file = fileSchema.safeParse(doc.toJS());
  if (!file.success) throw new Error(schemaProblems(file.error, lineAt).map(where).join('\n'));
  const list = Array.isArray(file.data) ? file.data : file.data.steps;
  const prefix = Array.isArray(file.data) ? [] : ['steps'];
  const problems: string[] = [];
  const steps: StepsFile['steps'] = [];
  list.forEach((raw, i) => {
    const path = [...prefix, i];
    const keys = raw !== null && typeof raw === 'object' ? Object.keys(raw) : [];
    const schema = keys.includes('waitHealthy') ? waitHealthySchema : keys.includes('waitForPort') ? waitForPortSchema : requestStepSchema;
    const result = schema.safeParse(raw);
    if (!result.success) {
      problems.push(...schemaProblems(result.error, lineAt, path).map(where));
      return;
    }
    const data = result.data;
    if ('waitHealthy' in data) steps.push({ name: data.name ?? `wait for ${data.waitHealthy} to be healthy`, step: { kind: 'health', step: data } });
    else if ('waitForPort' in data) steps.push({ name: data.name ?? `wait for port ${data.waitForPort}`, step: { kind: 'port', step: data } });
    else steps.push({ name: data.name ?? `${data.request.method} ${data.request.url ?? data.request.path}`, step: { kind: 'request', step: data } });
  });
  if (problems.length) throw new Error(problems.join('\n'));
  if (!steps.length) throw new Error('the file has no steps');
  return { vars: Array.isArray(file.data) ? {} : (file.data.vars ?? {}), steps };
}

async function requestStep(ctx: AttemptContext, step: RequestStep, vars: Record<string, unknown>): Promise<CaseFailure | undefined> {
  const missing = new Set<string>();
  const lookup: TemplateLookup = (name) => {
    if (name === 'baseUrl') return { value: ctx.run.baseUrl ?? '' };
    if (name.startsWith('env.')) {
      const value = ctx.run.env[name.slice(4)] ?? process.env[name.slice(4)];
      if (value !== undefined) return { value };
    } else {
      const found = valueAt(vars, name.split('.'));
      if (found.found) return { value: found.value };
    }
    missing.add(name);
    return undefined;
  };
  const request = renderValue(step.request, lookup) as RequestStep['request'];
  const expected = renderValue(step.expect ?? {}, lookup) as NonNullable<RequestStep['expect']>;
  if (missing.size) {
    const names = [...missing].map((n) => `{{${n}}}`).join(', ');
    const saved = Object.keys(vars);
    return {
      error: `the step uses ${names}, which ${missing.size === 1 ? 'is' : 'are'} not set`,
      summary: `${names} is not set (set so far: ${saved.length ? saved.join(', ') : 'nothing'})`,
      suggestedFix: 'save it in an earlier step (save: {name: body.field}), give it in the file\'s vars, or set the env variable in .env',
    };
  }

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
  try {
    const res = await fetch(url, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]),
    });
    const raw = await readLimited(res);
    response = { status: res.status, headers: Object.fromEntries(res.headers), body: parseBody(raw, res.headers.get('content-type') ?? undefined) };
  } catch (err) {
    if (ctx.signal.aborted) return undefined;
    const error = describeFetchError(err, timeoutMs);
    return { error, summary: `${request.method} ${url} failed: ${error}`, request: sent };
  }

  const assertions: AssertionResult[] = [];
  if (expected.status !== undefined) {
    const status = Array.isArray(expected.status) ? { $oneOf: expected.status } : expected.status;
    matchValue(status, response.status, 'status', assertions);
  }
  for (const [name, value] of Object.entries(expected.headers ?? {})) {
    matchValue(value, response.headers[name.toLowerCase()], `header ${name.toLowerCase()}`, assertions);
  }
  if (expected.body !== undefined) matchValue(expected.body, response.body, 'body', assertions);
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

/** Polls the service's health path on its first host port until it answers 2xx/3xx. */
async function waitHealthy(ctx: AttemptContext, step: z.output<typeof waitHealthySchema>): Promise<CaseFailure | undefined> {
  const service = ctx.run.services.find((s) => s.name === step.waitHealthy);
  if (!service) {
    const names = ctx.run.services.map((s) => s.name);
    return { error: `no service "${step.waitHealthy}"`, summary: `waitHealthy names "${step.waitHealthy}", which is no service here`, suggestedFix: `use one of: ${names.join(', ') || '(no services)'}` };
  }
  const port = service.ports[0]?.host;
  if (!port) return { error: `service ${service.name} publishes no port`, summary: `${service.name} has no host port to probe`, suggestedFix: `give ${service.name} container.ports in e2e.yaml` };
  const url = `http://127.0.0.1:${port}${service.healthPath ?? '/'}`;
  let last = 'no answer yet';
  const ok = await poll(ctx, durationMs(step.timeout), async (signal, probeMs) => {
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
    error: `${service.name} was not healthy within ${formatDuration(durationMs(step.timeout))}: GET ${url} ${last}`,
    summary: `${service.name} did not become healthy (GET ${url}: ${last})`,
    request: { method: 'GET', url },
  };
}

async function waitForPort(ctx: AttemptContext, step: z.output<typeof waitForPortSchema>): Promise<CaseFailure | undefined> {
  const where = `${step.host}:${step.waitForPort}`;
  const ok = await poll(ctx, durationMs(step.timeout), (signal) => canConnect(step.host, step.waitForPort, signal));
  if (ok) return undefined;
  return { error: `nothing accepted connections on ${where} within ${formatDuration(durationMs(step.timeout))} (ECONNREFUSED)`, summary: `port ${where} did not open`, request: { method: 'CONNECT', url: `tcp://${where}` } };
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
