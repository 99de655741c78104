/**
 * The `vitest` runner: `vitest run --reporter=json --outputFile=...` in the project folder (with the
 * suite's config, file and concurrency), each test of the report one case.
 */
import { relative } from 'node:path';
import { z } from 'zod';
import type { AIFriendlyTestResult } from '../../../../shared/testenv-records';
import { resolveInside } from '../config';
import { cleanMessage, firstLine, runJsonReporter } from './command';
import { failedCase, passedCase, skippedCase } from './failure';
import type { SuiteRunner } from './types';

/** The part of vitest's JSON report (Jest's shape) that is read. */
const reportSchema = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string().optional(),
      assertionResults: z.array(
        z.object({
          ancestorTitles: z.array(z.string()).default([]),
          title: z.string(),
          status: z.string(),
          duration: z.number().nullish(),
          failureMessages: z.array(z.string()).nullish(),
        }),
      ),
    }),
  ),
});

export const vitestRunner: SuiteRunner = (ctx) =>
  runJsonReporter(ctx, {
    tool: 'vitest',
    subcommand: ['run'],
    args: (reportPath) => [
      '--reporter=json',
      `--outputFile=${reportPath}`,
      ...(ctx.suite.config ? ['--config', resolveInside(ctx.run.projectDir, ctx.suite.config)] : []),
      ...(ctx.suite.concurrency ? [`--maxWorkers=${ctx.suite.concurrency}`] : []),
      ...(ctx.suite.file ? [ctx.suite.file] : []),
    ],
    map: (report) => mapVitestReport(report, ctx.run.projectDir),
  });

export function mapVitestReport(report: unknown, projectDir: string): AIFriendlyTestResult[] {
  const parsed = reportSchema.safeParse(report);
  if (!parsed.success) throw new Error(`it is not vitest's JSON report (${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message})`);
  const cases: AIFriendlyTestResult[] = [];
  for (const file of parsed.data.testResults) {
    const rel = relative(projectDir, file.name) || file.name;
    if (!file.assertionResults.length && file.status === 'failed') {
      // The file itself failed (a syntax error, an import that fails): one case says so.
      const message = cleanMessage(file.message || 'the file failed to run');
      cases.push(failedCase(rel, 0, { error: message, summary: `${rel} failed before its tests ran: ${firstLine(message)}` }, {}, rel));
      continue;
    }
    for (const test of file.assertionResults) {
      const name = [...test.ancestorTitles, test.title].join(' > ');
      const duration = Math.round(test.duration ?? 0);
      if (test.status === 'passed') cases.push(passedCase(name, duration, rel));
      else if (test.status === 'failed') {
        const message = cleanMessage((test.failureMessages ?? []).join('\n') || 'failed');
        cases.push(failedCase(name, duration, { error: message, summary: `${name} failed: ${firstLine(message)}` }, {}, rel));
      } else cases.push(skippedCase(name, rel));
    }
  }
  return cases;
}
