/**
 * The `playwright` runner: `playwright test --reporter=json` in the project folder, the report
 * written where PLAYWRIGHT_JSON_OUTPUT_FILE says; each test of each project one case
 * (`describe > title`, with ` [project]` when there are several projects).
 */
import { z } from 'zod';
import type { AIFriendlyTestResult } from '../../../../shared/testenv-records';
import { resolveInside } from '../config';
import { cleanMessage, firstLine, runJsonReporter } from './command';
import { failedCase, passedCase, skippedCase } from './failure';
import type { SuiteRunner } from './types';

const errorSchema = z.object({ message: z.string().optional(), stack: z.string().optional() });
const resultSchema = z.object({ status: z.string(), duration: z.number().default(0), error: errorSchema.optional(), errors: z.array(errorSchema).default([]) });
const testSchema = z.object({ projectName: z.string().default(''), status: z.string(), results: z.array(resultSchema).default([]) });
const specSchema = z.object({ title: z.string(), file: z.string().optional(), tests: z.array(testSchema) });
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs: z.output<typeof specSchema>[];
  suites?: PlaywrightSuite[];
}
const suiteSchema: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({ title: z.string(), file: z.string().optional(), specs: z.array(specSchema).default([]), suites: z.array(suiteSchema).optional() }),
);
const reportSchema = z.object({ suites: z.array(suiteSchema), errors: z.array(errorSchema).default([]) });

export const playwrightRunner: SuiteRunner = (ctx) =>
  runJsonReporter(ctx, {
    tool: 'playwright',
    subcommand: ['test'],
    args: () => [
      '--reporter=json',
      ...(ctx.suite.config ? ['--config', resolveInside(ctx.run.projectDir, ctx.suite.config)] : []),
      ...(ctx.suite.concurrency ? [`--workers=${ctx.suite.concurrency}`] : []),
      ...(ctx.suite.file ? [ctx.suite.file] : []),
    ],
    env: (reportPath) => ({ PLAYWRIGHT_JSON_OUTPUT_FILE: reportPath }),
    map: mapPlaywrightReport,
  });

export function mapPlaywrightReport(report: unknown): AIFriendlyTestResult[] {
  const parsed = reportSchema.safeParse(report);
  if (!parsed.success) throw new Error(`it is not playwright's JSON report (${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message})`);
  const cases: AIFriendlyTestResult[] = [];
  const projects = new Set<string>();
  const walk = (suite: PlaywrightSuite, titles: string[], file: string | undefined, visit: (spec: z.output<typeof specSchema>, titles: string[], file?: string) => void) => {
    // A file's suite is titled by its file name: that goes in `file`, not in the case's name.
    const own = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs) visit(spec, own, spec.file ?? suite.file ?? file);
    for (const child of suite.suites ?? []) walk(child, own, suite.file ?? file, visit);
  };
  for (const suite of parsed.data.suites) walk(suite, [], undefined, (spec) => spec.tests.forEach((t) => projects.add(t.projectName)));
  for (const suite of parsed.data.suites) {
    walk(suite, [], undefined, (spec, titles, file) => {
      for (const test of spec.tests) {
        const name = [...titles, spec.title].filter(Boolean).join(' > ') + (projects.size > 1 && test.projectName ? ` [${test.projectName}]` : '');
        const duration = Math.round(test.results.reduce((sum, r) => sum + r.duration, 0));
        const last = test.results.at(-1);
        if (test.status === 'skipped' || !last) cases.push(skippedCase(name, file));
        else if (test.status === 'expected' || test.status === 'flaky') cases.push(passedCase(name, duration, file));
        else {
          const errors = last.errors.length ? last.errors : last.error ? [last.error] : [];
          const message = cleanMessage(errors.map((e) => e.message ?? e.stack ?? '').join('\n') || `ended ${last.status}`);
          cases.push(failedCase(name, duration, { error: message, summary: `${name} ${last.status === 'timedOut' ? 'timed out' : 'failed'}: ${firstLine(message)}` }, {}, file));
        }
      }
    });
  }
  for (const error of parsed.data.errors) {
    const message = cleanMessage(error.message ?? error.stack ?? 'an error');
    cases.push(failedCase('playwright', 0, { error: message, summary: `playwright reported an error outside the tests: ${firstLine(message)}` }));
  }
  return cases;
}
