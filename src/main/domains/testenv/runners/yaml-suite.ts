/**
 * Reading a yaml suite file, in either of its two forms, into one list of setup steps, cases and
 * teardown steps (every problem at once, each with its path and line).
 *
 * Preflight's form (its own examples are written so):
 *
 *   name: Users API
 *   description: ...
 *   sequential: true               # false: the cases run at once (4 at a time)
 *   variables: { email: "e2e-{{timestamp}}@example.com" }
 *   setup:
 *     - waitHealthy: { timeout: 60s }              # the (first) service's health path answers
 *     - waitForPort: { host: 127.0.0.1, port: 5432, timeout: 10s }
 *     - delay: 2s
 *     - name: seed
 *       request: { method: POST, path: /api/seed }
 *   cases:
 *     - name: create a user
 *       delay: 500ms
 *       request: { method: POST, path: /api/users, headers: {...}, body: {...}, timeout: 10s }
 *       expect: { status: [200, 201], headers: {...}, body: { id: $exists, email: "$regex:@" }, responseTime: 500, expr: "body.id > 0", all: [...], any: [...] }
 *       save: { userId: id }        # a path in the body
 *     - name: the log says so
 *       exec: { command: "grep -c created /var/log/app.log", container: api }
 *       expect: { exitCode: 0, output: { contains: created, notContains: ERROR, matches: "\\d+", json: {...}, length: ">=1" } }
 *   teardown:                       # runs after the cases, also when one failed
 *     - name: clean up
 *       request: { method: DELETE, path: /api/test-data }
 *       ignoreError: true
 *
 * The studio's form: `{name, vars, steps}` or just the list of steps, with `waitHealthy: <service>`
 * and `waitForPort: <port>` steps and `$`-matchers; its steps are its cases, each stopping the rest
 * when it fails. Both forms take every kind of step.
 */
import { z } from 'zod';
import { type ConfigProblem, parseYaml, type PathKey, readBounded, resolveInside, schemaProblems } from '../config';
import { duration, durationMs } from '../config-schema';
import type { Dialect } from './matchers';
import { ExprError, parseExpr } from './expr';

const stringMap = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String));
const variableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a variable name: letters, digits, _');
/** A list of one or more strings (Preflight's `contains: x` or `contains: [x, y]`). */
const strings = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

/** What every kind of step may carry. */
const common = {
  name: z.string().optional(),
  /** Waited before the step. */
  delay: duration.optional(),
  /** A failing step is reported and passed over: the suite goes on as though it passed. */
  ignoreError: z.boolean().default(false),
};

const expression = z.string().superRefine((text, ctx) => {
  try {
    parseExpr(text);
  } catch (err) {
    if (err instanceof ExprError) ctx.addIssue({ code: 'custom', message: `expr: ${err.message}` });
    else throw err;
  }
});

const requestStepSchema = z.strictObject({
  ...common,
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
      /** Milliseconds: a number is "under N", or `{lt, lte, gt, gte}`. */
      responseTime: z.union([z.number().nonnegative(), z.strictObject({ lt: z.number(), lte: z.number(), gt: z.number(), gte: z.number() }).partial()]).optional(),
      expr: z.union([expression, z.array(expression)]).optional(),
      /** Body expectations that must all hold / of which one must hold. */
      all: z.array(z.unknown()).optional(),
      any: z.array(z.unknown()).min(1).optional(),
    })
    .optional(),
  /** `var: path`: `body.a.b`, `headers.x`, `status`, or (Preflight's way) a path in the body. */
  save: z.record(variableName, z.string()).optional(),
});

/** `">10"`, `"==5"`, `">=1"` or a number: how many lines the output has. */
export const lineCount = z.union([z.number().int().nonnegative(), z.string().regex(/^\s*(==|!=|>=|<=|>|<)?\s*\d+\s*$/, 'a line count such as 5, ">10", "==5" or ">=1"')]);

const execStepSchema = z.strictObject({
  ...common,
  exec: z.strictObject({
    command: z.string().min(1),
    /** A service's name or its container's name; default the first service's. */
    container: z.string().optional(),
    timeout: duration.default('30s'),
  }),
  expect: z
    .strictObject({
      /** Default 0: a command that fails fails the step unless another code is expected. */
      exitCode: z.number().int().optional(),
      output: z
        .strictObject({
          contains: strings.optional(),
          notContains: strings.optional(),
          matches: z.string().optional(),
          /** The output read as JSON, checked as a body is. */
          json: z.unknown().optional(),
          length: lineCount.optional(),
        })
        .optional(),
    })
    .optional(),
  /** `var: output` (the whole output, trimmed) or a path in the output read as JSON. */
  save: z.record(variableName, z.string()).optional(),
});

const waitHealthySchema = z.strictObject({
  ...common,
  /** Preflight's `{timeout}` (the first service), or the studio's service name. */
  waitHealthy: z.union([z.string(), z.strictObject({ service: z.string().optional(), timeout: duration.optional() }), z.null()]),
  timeout: duration.optional(),
});

const waitForPortSchema = z.strictObject({
  ...common,
  waitForPort: z.union([
    z.number().int().min(1).max(65535),
    z.strictObject({ host: z.string().optional(), port: z.number().int().min(1).max(65535), timeout: duration.optional() }),
  ]),
  host: z.string().optional(),
  timeout: duration.optional(),
});

const delayStepSchema = z.strictObject({ name: z.string().optional(), delay: duration, ignoreError: z.boolean().default(false) });

const preflightFileSchema = z.strictObject({
  name: z.string().optional(),
  description: z.string().optional(),
  sequential: z.boolean().default(true),
  variables: z.record(z.string(), z.unknown()).optional(),
  /** The studio's name for `variables`, taken here too. */
  vars: z.record(z.string(), z.unknown()).optional(),
  setup: z.array(z.unknown()).default([]),
  cases: z.array(z.unknown()),
  teardown: z.array(z.unknown()).default([]),
});

const studioFileSchema = z.union([
  z.array(z.unknown()),
  z.strictObject({ name: z.string().optional(), description: z.string().optional(), vars: z.record(z.string(), z.unknown()).optional(), steps: z.array(z.unknown()) }),
]);

export type RequestStep = z.output<typeof requestStepSchema>;
export type ExecStep = z.output<typeof execStepSchema>;

export type Step =
  | { kind: 'request'; step: RequestStep }
  | { kind: 'exec'; step: ExecStep }
  | { kind: 'health'; service?: string; timeoutMs: number }
  | { kind: 'port'; host: string; port: number; timeoutMs: number }
  | { kind: 'delay' };

export interface NamedStep {
  name: string;
  step: Step;
  delayMs: number;
  ignoreError: boolean;
}

export interface YamlSuite {
  /** `cases`: Preflight's form (each case on its own, Preflight's operators); `steps`: the studio's (a failure skips the rest). */
  form: 'cases' | 'steps';
  dialect: Dialect;
  variables: Record<string, unknown>;
  sequential: boolean;
  setup: NamedStep[];
  cases: NamedStep[];
  teardown: NamedStep[];
}

const DEFAULT_WAIT = '30s';

/** Reads and checks a suite file (taken from the project folder); throws an Error listing every problem with its line. */
export async function loadSuite(projectDir: string, fileName: string): Promise<YamlSuite> {
  const { doc, lineAt, syntaxProblems } = parseYaml(await readBounded(resolveInside(projectDir, fileName)));
  const where = (p: ConfigProblem) => `${p.path ? `${p.path}: ` : ''}${p.message}${p.line ? ` (line ${p.line})` : ''}`;
  if (syntaxProblems.length) throw new Error(syntaxProblems.map(where).join('\n'));
  const data: unknown = doc.toJS();
  const isPreflight = data !== null && typeof data === 'object' && !Array.isArray(data) && 'cases' in data;
  const problems: ConfigProblem[] = [];
  const stepsAt = (list: unknown[], prefix: PathKey[]) => list.flatMap((raw, i) => parseStep(raw, [...prefix, i], lineAt, problems));

  let suite: YamlSuite;
  if (isPreflight) {
    const file = preflightFileSchema.safeParse(data);
    if (!file.success) throw new Error(schemaProblems(file.error, lineAt).map(where).join('\n'));
    const { variables, vars, sequential, setup, cases, teardown } = file.data;
    suite = {
      form: 'cases',
      dialect: 'preflight',
      variables: { ...vars, ...variables },
      sequential,
      setup: stepsAt(setup, ['setup']),
      cases: stepsAt(cases, ['cases']),
      teardown: stepsAt(teardown, ['teardown']),
    };
  } else {
    const file = studioFileSchema.safeParse(data);
    if (!file.success) throw new Error(`${schemaProblems(file.error, lineAt).map(where).join('\n')}\n(a suite file is {name, setup, cases, teardown}, {name, vars, steps} or a list of steps)`);
    const list = Array.isArray(file.data) ? file.data : file.data.steps;
    const vars = Array.isArray(file.data) ? {} : (file.data.vars ?? {});
    suite = { form: 'steps', dialect: 'studio', variables: vars, sequential: true, setup: [], cases: stepsAt(list, Array.isArray(file.data) ? [] : ['steps']), teardown: [] };
  }
  if (problems.length) throw new Error(problems.map(where).join('\n'));
  if (!suite.cases.length) throw new Error(`the file has no ${suite.form}`);
  return suite;
}

/** One step of any kind, by the key that says which; its problems go to `problems`. */
function parseStep(raw: unknown, path: PathKey[], lineAt: (path: readonly PathKey[]) => number | undefined, problems: ConfigProblem[]): NamedStep[] {
  const keys = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : [];
  const parsed = <T extends z.ZodType>(schema: T): z.output<T> | undefined => {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    problems.push(...schemaProblems(result.error, lineAt, path));
    return undefined;
  };
  const named = (data: { name?: string; delay?: z.output<typeof duration>; ignoreError: boolean }, name: string, step: Step): NamedStep[] => [
    { name: data.name ?? name, step, delayMs: data.delay === undefined ? 0 : durationMs(data.delay), ignoreError: data.ignoreError },
  ];

  if (keys.includes('waitHealthy')) {
    const data = parsed(waitHealthySchema);
    if (!data) return [];
    const given = data.waitHealthy;
    const service = typeof given === 'string' ? given : (given?.service ?? undefined);
    const timeout = (typeof given === 'object' && given?.timeout) || data.timeout || DEFAULT_WAIT;
    return named(data, `wait for ${service ?? 'the service'} to be healthy`, { kind: 'health', service, timeoutMs: durationMs(timeout) });
  }
  if (keys.includes('waitForPort')) {
    const data = parsed(waitForPortSchema);
    if (!data) return [];
    const given = typeof data.waitForPort === 'number' ? { port: data.waitForPort, host: undefined, timeout: undefined } : data.waitForPort;
    const timeout = given.timeout || data.timeout || DEFAULT_WAIT;
    return named(data, `wait for port ${given.port}`, { kind: 'port', host: given.host || data.host || '127.0.0.1', port: given.port, timeoutMs: durationMs(timeout) });
  }
  if (keys.includes('exec')) {
    const data = parsed(execStepSchema);
    return data ? named(data, `exec ${data.exec.command}`, { kind: 'exec', step: data }) : [];
  }
  if (keys.includes('request') || !keys.includes('delay')) {
    const data = parsed(requestStepSchema);
    return data ? named(data, `${data.request.method} ${data.request.url ?? data.request.path}`, { kind: 'request', step: data }) : [];
  }
  const data = parsed(delayStepSchema);
  return data ? named(data, `wait ${String(data.delay)}`, { kind: 'delay' }) : [];
}
