/** What a suite runner gets for one attempt of one suite, and what it is. */
import type { AIFriendlyTestResult, FailureDiagnostics, PortMapping } from '../../../../shared/testenv-records';
import type { E2eConfig, SuiteConfig } from '../config-schema';

export interface ExecOutcome {
  /** The container's name. */
  container: string;
  exitCode: number;
  output: string;
  /** Whether the output was cut at the limit. */
  truncated: boolean;
}

/** What the session gives a run: where the project is, what runs, how to see inside it. */
export interface RunContext {
  /** The e2e.yaml's folder: suite files and commands are taken from there. */
  projectDir: string;
  config: E2eConfig;
  /** The .env's values: given to suite processes (over process.env) and to `{{env.X}}` in yaml steps. */
  env: Record<string, string>;
  /** `http://127.0.0.1:<first host port of the first service>`: what a yaml step's `path` is taken against. */
  baseUrl?: string;
  services: Array<{ name: string; ports: PortMapping[]; healthPath?: string; containerName?: string }>;
  /**
   * Runs `sh -c command` in a service's container (named by service or container name) through the
   * engine's exec API: its output (stdout and stderr as they came) and exit code. Absent where no
   * containers run (the runner tests).
   */
  exec?(container: string, command: string, signal: AbortSignal): Promise<ExecOutcome>;
  /** Aborting stops every suite (their processes killed) and runSuites throws. */
  signal: AbortSignal;
  /** Container logs, health, the mocks' recent requests: attached to failing cases. */
  diagnostics(): Promise<FailureDiagnostics>;
  onSuiteStart?(suiteId: string, attempt: number): void;
  /** Each case as it finishes (failing ones with their diagnostics). */
  onCase?(suiteId: string, result: AIFriendlyTestResult): void;
  /** Lines of the suites' output, prefixed with the suite's id. */
  log?(line: string): void;
}

export interface AttemptContext {
  run: RunContext;
  suite: SuiteConfig;
  suiteId: string;
  attempt: number;
  /** Aborted when the suite's time is up or the run is cancelled: stop, kill what runs, return. */
  signal: AbortSignal;
  /** The suite's time limit, to say so in a failure. */
  timeoutMs: number;
  /** Reports a finished case; a failing one gets the diagnostics attached (collected once per attempt). */
  report(result: AIFriendlyTestResult): Promise<void>;
  /** Whether the suite's time ran out (as opposed to the run being cancelled). */
  timedOut(): boolean;
  /** Reports the suite's time running out as a failed case; `detail` says what was seen (the output's end). */
  reportTimeout(detail?: string): Promise<void>;
  /** A line of the suite's output. */
  log(line: string): void;
}

/** Runs one attempt of a suite, reporting each case; returns when done or when `signal` aborts. */
export type SuiteRunner = (ctx: AttemptContext) => Promise<void>;
