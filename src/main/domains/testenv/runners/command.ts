/**
 * The runners that start a process: `shell` (`bash FILE` in the project folder), `exec` (a command,
 * through bash), and the frame the JSON-reporting ones (vitest, playwright) share: run, read the
 * report file, map it case by case, and turn a run that gave no usable report into a clear failed
 * case saying what came back.
 *
 * A suite's process gets process.env, the .env's values, BASE_URL and TESTENV_BASE_URL (the first
 * service, when there is one; inside vitest BASE_URL is Vite's own, so read TESTENV_BASE_URL there),
 * MOCK_<NAME>_URL for each mock, TESTENV_SUITE and TESTENV_ATTEMPT, and NO_COLOR.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AIFriendlyTestResult } from '../../../../shared/testenv-records';
import { resolveInside } from '../config';
import { failedCase, passedCase } from './failure';
import { type ProcessOutcome, runProcess, stripAnsi, tailLines } from './process';
import type { AttemptContext, SuiteRunner } from './types';

/** Output lines shown in a failed case. */
export const FAILURE_OUTPUT_LINES = 40;
/** Largest JSON report read. */
const MAX_REPORT_BYTES = 32 * 1024 * 1024;

export function suiteEnv(ctx: AttemptContext, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...ctx.run.env, NO_COLOR: '1', TESTENV_SUITE: ctx.suiteId, TESTENV_ATTEMPT: String(ctx.attempt), ...extra };
  delete env.FORCE_COLOR;
  if (ctx.run.baseUrl) env.BASE_URL = env.TESTENV_BASE_URL = ctx.run.baseUrl;
  for (const [name, mock] of Object.entries(ctx.run.config.mocks)) env[`MOCK_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`] = `http://127.0.0.1:${mock.port}`;
  return env;
}

export function runSuiteProcess(ctx: AttemptContext, command: string, args: string[], extraEnv?: Record<string, string>): Promise<ProcessOutcome> {
  return runProcess(command, args, { cwd: ctx.run.projectDir, env: suiteEnv(ctx, extraEnv), signal: ctx.signal, onLine: (line) => ctx.log(line) });
}

/** `'it'\''s'`: a word bash passes on as it is. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./=:@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The output's end, as a failure shows it. */
export function outputTail(outcome: ProcessOutcome): string {
  return tailLines(stripAnsi(outcome.output), FAILURE_OUTPUT_LINES).join('\n');
}

/**
 * Reports what a process that was stopped or could not start means, and answers true; false when it
 * ran to its end and its result is for the caller to read.
 */
async function reportUnfinished(ctx: AttemptContext, label: string, outcome: ProcessOutcome, began: number): Promise<boolean> {
  if (outcome.startError) {
    await ctx.report(failedCase(ctx.suite.name, performance.now() - began, { error: `could not start ${label}: ${outcome.startError}`, summary: `${label} did not start` }));
    return true;
  }
  if (outcome.stopped) {
    if (ctx.timedOut()) await ctx.reportTimeout(outcome.output ? `its output ends:\n${outputTail(outcome)}` : 'it printed nothing');
    return true;
  }
  return false;
}

/** One case for a command: passed on exit 0, else failed with the exit code and the output's end. */
async function reportExit(ctx: AttemptContext, label: string, outcome: ProcessOutcome, began: number): Promise<void> {
  if (await reportUnfinished(ctx, label, outcome, began)) return;
  const took = performance.now() - began;
  if (outcome.exitCode === 0) return ctx.report(passedCase(ctx.suite.name, took, ctx.suite.file));
  const tail = outputTail(outcome);
  const lastLine = tail.split('\n').filter((l) => l.trim()).pop();
  await ctx.report(
    failedCase(
      ctx.suite.name,
      took,
      { error: `${label} exited with code ${outcome.exitCode}${tail ? `; its output ends:\n${tail}` : ' and printed nothing'}`, summary: `${label} exited with code ${outcome.exitCode}${lastLine ? `: ${lastLine.trim()}` : ''}` },
      { exitCode: outcome.exitCode, error: tail },
      ctx.suite.file,
    ),
  );
}

export const shellRunner: SuiteRunner = async (ctx) => {
  const began = performance.now();
  const file = resolveInside(ctx.run.projectDir, ctx.suite.file!);
  if (!existsSync(file)) {
    await ctx.report(
      failedCase(ctx.suite.name, 0, { error: `no script ${ctx.suite.file} (looked for ${file})`, summary: `the script ${ctx.suite.file} is not there`, suggestedFix: 'check the suite\'s file in e2e.yaml: it is taken from the e2e.yaml\'s folder' }, {}, ctx.suite.file),
    );
    return;
  }
  await reportExit(ctx, `bash ${ctx.suite.file}`, await runSuiteProcess(ctx, 'bash', [file]), began);
};

export const execRunner: SuiteRunner = async (ctx) => {
  const began = performance.now();
  const command = ctx.suite.command!;
  await reportExit(ctx, `\`${command}\``, await runSuiteProcess(ctx, 'bash', ['-c', command]), began);
};

/** The first `node_modules/.bin/<name>` from the folder up. */
export function findBin(fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', '.bin', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

export interface JsonReporterRun {
  /** `vitest`, `playwright`: in messages, and the binary looked for in node_modules/.bin. */
  tool: string;
  /** Arguments after the binary (e.g. `run`, `test`), before the reporter's, when no command is given. */
  subcommand: string[];
  /** The arguments that make it write its JSON report to `reportPath`, and the suite's selection. */
  args(reportPath: string): string[];
  env?(reportPath: string): Record<string, string>;
  /** The report as cases; throw when its shape is not the tool's. */
  map(report: unknown): AIFriendlyTestResult[];
}

/**
 * Runs a test tool that writes a JSON report, then reports its cases. The suite's `command`, when
 * given, replaces how the tool is started (`npx vitest run`, `pnpm exec playwright test`); the
 * reporter's arguments are added after it.
 */
export async function runJsonReporter(ctx: AttemptContext, spec: JsonReporterRun): Promise<void> {
  const began = performance.now();
  let command: string;
  let args: string[];
  const folder = await mkdtemp(join(tmpdir(), `tandem-${spec.tool}-`));
  const reportPath = join(folder, 'report.json');
  try {
    if (ctx.suite.command) {
      command = 'bash';
      args = ['-c', [ctx.suite.command, ...spec.args(reportPath).map(shellQuote)].join(' ')];
    } else {
      const bin = findBin(ctx.run.projectDir, spec.tool);
      if (!bin) {
        await ctx.report(
          failedCase(ctx.suite.name, 0, {
            error: `${spec.tool} is not installed for ${ctx.run.projectDir} (no node_modules/.bin/${spec.tool} in it or above it)`,
            summary: `${spec.tool} not found`,
            suggestedFix: `install it in the project (npm install -D ${spec.tool === 'playwright' ? '@playwright/test' : spec.tool}), or give the suite a command that starts it`,
          }),
        );
        return;
      }
      command = bin;
      args = [...spec.subcommand, ...spec.args(reportPath)];
    }
    const label = ctx.suite.command ? `\`${ctx.suite.command}\`` : spec.tool;
    const outcome = await runSuiteProcess(ctx, command, args, spec.env?.(reportPath));
    if (await reportUnfinished(ctx, label, outcome, began)) return;

    let cases: AIFriendlyTestResult[];
    try {
      cases = spec.map(await readReport(reportPath));
    } catch (err) {
      const tail = outputTail(outcome);
      await ctx.report(
        failedCase(
          ctx.suite.name,
          performance.now() - began,
          {
            error: `${label} gave no usable JSON report (${(err as Error).message}); it exited with code ${outcome.exitCode}${tail ? ` and its output ends:\n${tail}` : ' and printed nothing'}`,
            summary: `${label} ran but its results could not be read: ${(err as Error).message}`,
          },
          { exitCode: outcome.exitCode, error: tail },
        ),
      );
      return;
    }
    for (const result of cases) await ctx.report(result);
    if (outcome.exitCode !== 0 && !cases.some((c) => c.status === 'failed')) {
      const tail = outputTail(outcome);
      await ctx.report(
        failedCase(ctx.suite.name, performance.now() - began, {
          error: `${label} exited with code ${outcome.exitCode} although no test failed${tail ? `; its output ends:\n${tail}` : ''}`,
          summary: `${label} exited with code ${outcome.exitCode} (${cases.length ? 'an error outside the tests' : 'no tests ran'})`,
        }, { exitCode: outcome.exitCode, error: tail }),
      );
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function readReport(path: string): Promise<unknown> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new Error('it wrote no report');
  }
  if (size > MAX_REPORT_BYTES) throw new Error(`its report is ${(size / 1048576).toFixed(1)} MB, over ${MAX_REPORT_BYTES / 1048576} MB`);
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`its report is not JSON: ${JSON.stringify(text.slice(0, 120))}`);
  }
}

/** A failure message as a case shows it: colours removed, bounded. */
export function cleanMessage(message: string, limit = 4000): string {
  const text = stripAnsi(message).trim();
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** The first line of a message that says something. */
export function firstLine(message: string): string {
  return (
    message
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? ''
  );
}
