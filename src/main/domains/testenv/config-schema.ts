/**
 * The e2e.yaml format (Preflight's, as issue 8 fixes it), as a zod schema: what `preflight_init`
 * accepts once the YAML is parsed, `.env` loaded and `{{env.X}}` / `{{config.x}}` substituted
 * (config.ts). Unknown keys are refused, so a misspelt key is a CONFIG_INVALID naming its path
 * rather than a setting silently ignored.
 */
import { z } from 'zod';

const name = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/, 'letters, digits, _ . - (at most 63), starting with a letter or digit');
/** `30s`, `500ms`, `2m`, or a number of milliseconds. */
export const duration = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+(\.\d+)?(ms|s|m|h)$/, 'a duration such as 500ms, 30s or 2m')]);
const port = z.number().int().min(1).max(65535);
const stringMap = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String));

export const healthcheckSchema = z.strictObject({
  /** The HTTP path probed on the service's own (first) port; 2xx/3xx is healthy. */
  path: z.string().startsWith('/').default('/'),
  interval: duration.default('1s'),
  timeout: duration.default('60s'),
  retries: z.number().int().min(1).max(1000).optional(),
  startPeriod: duration.default('0s'),
});

const serviceFields = {
  name,
  build: z
    .strictObject({
      /** Relative to `context`, as `docker build -f` takes it. */
      dockerfile: z.string().default('Dockerfile'),
      /** Relative to the e2e.yaml's folder. */
      context: z.string().default('.'),
      /** The tag given to the built image; default `<project>-<service>:e2e`. */
      image: z.string().optional(),
      args: stringMap.optional(),
    })
    .optional(),
  /** An image used as is (no build); one of `build` or `image` is needed. */
  image: z.string().optional(),
  container: z
    .strictObject({
      name: z.string().optional(),
      /** `HOST:CONTAINER` (published on 127.0.0.1 only). */
      ports: z.array(z.string().regex(/^\d{1,5}:\d{1,5}$/, 'HOST:CONTAINER, e.g. 8080:80')).default([]),
      environment: stringMap.optional(),
      /**
       * `SOURCE:CONTAINER_PATH[:ro]`. A source that is a name (`data`, as Docker reads it) is a named
       * volume the studio creates for the session; any other is a host path relative to the e2e.yaml's folder.
       */
      volumes: z.array(z.string()).default([]),
      healthcheck: healthcheckSchema.optional(),
    })
    .default({ ports: [], volumes: [] }),
  /** Values for `{{config.x}}`, as Preflight's `service.vars` are. */
  vars: stringMap.optional(),
  dependsOn: z.array(z.string()).default([]),
};

export const serviceSchema = z.strictObject(serviceFields);
/** Preflight's single-service layout (`service:`): the same, its name optional (default: the project's). */
export const singleServiceSchema = z.strictObject({ ...serviceFields, name: name.optional() });
export const mockRouteSchema = z.strictObject({
  method: z.string().toUpperCase().default('GET'),
  /** `/users/:id`: `:name` segments are parameters. */
  path: z.string().startsWith('/'),
  response: z
    .strictObject({
      status: z.number().int().min(100).max(599).default(200),
      headers: z.record(z.string(), z.string()).optional(),
      /** JSON or text; strings inside are templated (`{{request.body.a.b}}`, `{{uuid}}`, ...). */
      body: z.unknown().optional(),
      delay: duration.optional(),
    })
    .default({ status: 200 }),
  when: z
    .strictObject({
      /** A shallow match: every key given must equal the request body's value. */
      body: z.record(z.string(), z.unknown()).optional(),
      headers: z.record(z.string(), z.string()).optional(),
      query: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
});

export const mockSchema = z.strictObject({
  /** The port the mock listens on, on 127.0.0.1. */
  port,
  /** The port services reach it on from their containers, when different. */
  containerPort: port.optional(),
  routes: z.array(mockRouteSchema).default([]),
});

export const RUNNERS = ['yaml', 'shell', 'exec', 'vitest', 'playwright'] as const;

const retryFields = {
  maxAttempts: z.number().int().min(1).max(10),
  delay: duration,
  backoff: z.enum(['linear', 'exponential']),
};

export const retrySchema = z.strictObject({
  maxAttempts: retryFields.maxAttempts.default(1),
  /** Preflight's way of saying it: retries after the first attempt (maxAttempts = maxRetries + 1). */
  maxRetries: z.number().int().min(0).max(9).optional(),
  delay: retryFields.delay.default('1s'),
  backoff: retryFields.backoff.default('linear'),
});

/** The runner a suite without one gets, as Preflight chooses it: by its file, else exec for a command. */
export function defaultRunner(suite: { file?: string; command?: string }): (typeof RUNNERS)[number] | undefined {
  if (suite.file && /\.ya?ml$/i.test(suite.file)) return 'yaml';
  if (suite.file && /\.sh$/i.test(suite.file)) return 'shell';
  if (!suite.file && suite.command) return 'exec';
  return undefined;
}

/** A repository the project builds from (Preflight's `repos:`): looked for at `repos/<name>`, never cloned. */
export const repoSchema = z.looseObject({
  name,
  url: z.string().optional(),
  branch: z.string().optional(),
});

export const suiteSchema = z.strictObject({
  name: z.string().min(1),
  /** Default: the name in kebab case. */
  id: name.optional(),
  /** Relative to the e2e.yaml's folder. */
  file: z.string().optional(),
  /** Default: from the file (`.yaml`/`.yml` → yaml, `.sh` → shell), else exec for a command alone. */
  runner: z.enum(RUNNERS).optional(),
  /** For `exec` (and to override how vitest or playwright is started). */
  command: z.string().optional(),
  /** The runner's config file (vitest, playwright). */
  config: z.string().optional(),
  /** Over `tests.retry`, key by key (no defaults here, so what the suite leaves out comes from there). */
  retry: z.strictObject({ ...retryFields, maxRetries: z.number().int().min(0).max(9) }).partial().optional(),
  parallel: z.boolean().optional(),
  concurrency: z.number().int().min(1).max(32).optional(),
  /** How long the suite may run before it is stopped and failed. */
  timeout: duration.default('5m'),
});

const e2eFileSchema = z.strictObject({
  version: z.union([z.string(), z.number()]).transform(String).default('1'),
  project: z.strictObject({
    name,
    description: z.string().optional(),
    version: z.union([z.string(), z.number()]).transform(String).optional(),
  }),
  services: z.array(serviceSchema).optional(),
  /** Preflight's single-service layout; one of `service` and `services`. */
  service: singleServiceSchema.optional(),
  /** Read, not cloned: each is looked for at `repos/<name>` beside the e2e.yaml. */
  repos: z.array(repoSchema).default([]),
  /** Preflight's own dashboard's ports: accepted and ignored (the studio's Test env view is the dashboard). */
  dashboard: z.unknown().optional(),
  mocks: z.record(name, mockSchema).default({}),
  tests: z
    .strictObject({
      suites: z.array(suiteSchema).default([]),
      retry: retrySchema.optional(),
      parallel: z.boolean().default(false),
    })
    .default({ suites: [], parallel: false }),
  network: z.strictObject({ name: z.string().optional() }).optional(),
  /** Values for `{{config.x}}`. */
  config: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The e2e.yaml as the studio works with it: `service:` becomes the one entry of `services`, every
 * suite has its runner, and a Preflight `maxRetries` is a `maxAttempts`. What cannot be made whole
 * (both layouts at once, a runner that cannot be told) is an issue at its path.
 */
export const e2eConfigSchema = e2eFileSchema.transform((file, ctx) => {
  const { service, services, ...rest } = file;
  if (service && services) ctx.addIssue({ code: 'custom', path: ['service'], message: 'give service (one service) or services (a list), not both' });
  const suites = rest.tests.suites.map((suite, i) => {
    const runner = suite.runner ?? defaultRunner(suite);
    if (!runner) {
      ctx.addIssue({ code: 'custom', path: ['tests', 'suites', i, 'runner'], message: `missing: the file ${suite.file ?? '(none)'} does not tell the runner; give one of ${RUNNERS.join(', ')}` });
    }
    const { maxRetries, ...retry } = suite.retry ?? {};
    return { ...suite, runner: runner ?? 'yaml', ...(suite.retry ? { retry: maxRetries === undefined ? retry : { ...retry, maxAttempts: maxRetries + 1 } } : {}) };
  });
  const testsRetry = rest.tests.retry && rest.tests.retry.maxRetries !== undefined ? { ...rest.tests.retry, maxAttempts: rest.tests.retry.maxRetries + 1 } : rest.tests.retry;
  return {
    ...rest,
    services: service ? [{ ...service, name: service.name ?? rest.project.name }] : (services ?? []),
    /** Which layout the file used: `service` (Preflight's single service) or `services`. */
    layout: service ? ('service' as const) : ('services' as const),
    tests: { ...rest.tests, suites, ...(testsRetry ? { retry: testsRetry } : {}) },
  };
});
export type E2eConfig = z.output<typeof e2eConfigSchema>;
export type ServiceConfig = z.output<typeof serviceSchema>;
export type RepoConfig = z.output<typeof repoSchema>;
export type MockConfig = z.output<typeof mockSchema>;
export type MockRouteConfig = z.output<typeof mockRouteSchema>;
/** A suite as the studio runs it: its runner always there. */
export type SuiteConfig = E2eConfig['tests']['suites'][number];
export type RetryConfig = z.output<typeof retrySchema>;
export type HealthcheckConfig = z.output<typeof healthcheckSchema>;

/** Milliseconds of a `duration`. */
export function durationMs(value: z.output<typeof duration>): number {
  if (typeof value === 'number') return value;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value)!;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
  return Math.round(Number(m[1]) * unit);
}
