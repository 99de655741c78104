/** A RunContext for the runner tests: a real project folder, suites as the schema gives them. */
import type { FailureDiagnostics } from '../../../../shared/testenv-records';
import { e2eConfigSchema, type SuiteConfig } from '../config-schema';
import type { RunContext } from '../run';

export function suite(input: Record<string, unknown>): SuiteConfig {
  return e2eConfigSchema.parse({ project: { name: 'test' }, tests: { suites: [input] } }).tests.suites[0];
}

export const emptyDiagnostics = (): FailureDiagnostics => ({
  containerLogs: [],
  containerHealth: {},
  mockRequests: {},
  networkInfo: { name: 'none', exists: false, containers: [] },
  collectedAt: new Date().toISOString(),
});

export interface TestRunContext extends RunContext {
  lines: string[];
  started: Array<[string, number]>;
  diagnosticsCalls: number;
}

/** A context for `projectDir`; `config` is an e2e.yaml's content (project name given). */
export function runContext(projectDir: string, overrides: Partial<RunContext> & { configInput?: Record<string, unknown> } = {}): TestRunContext {
  const { configInput, ...rest } = overrides;
  const ctx: TestRunContext = {
    projectDir,
    config: e2eConfigSchema.parse({ project: { name: 'test' }, ...configInput }),
    env: {},
    services: [],
    signal: new AbortController().signal,
    lines: [],
    started: [],
    diagnosticsCalls: 0,
    async diagnostics() {
      ctx.diagnosticsCalls++;
      return emptyDiagnostics();
    },
    onSuiteStart: (id, attempt) => ctx.started.push([id, attempt]),
    log: (line) => ctx.lines.push(line),
    ...rest,
  };
  return ctx;
}
