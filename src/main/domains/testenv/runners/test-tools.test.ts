/**
 * The vitest and playwright runners on small real projects (../fixtures), run with the repository's
 * own vitest and @playwright/test, Playwright in Debian's Chromium; a mock server plays the service.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../mock-server';
import { runSuites } from '../run';
import { startTestMock } from '../testing/mock';
import { runContext, suite } from '../testing/run-context';
import { mapPlaywrightReport } from './playwright-runner';
import { mapVitestReport } from './vitest-runner';

const FIXTURES = join(__dirname, '..', 'fixtures');
let service: MockServer;
let output: string;

beforeAll(async () => {
  output = mkdtempSync(join(tmpdir(), 'testenv-tools-'));
  service = await startTestMock('web', [
    { path: '/ping', response: { body: { pong: true } } },
    { path: '/hello', response: { headers: { 'content-type': 'text/html' }, body: '<html><body><h1>Hello</h1></body></html>' } },
  ]);
});
afterAll(async () => {
  await service.stop();
  rmSync(output, { recursive: true, force: true });
});

const contextIn = (project: string) =>
  runContext(join(FIXTURES, project), { baseUrl: `http://127.0.0.1:${service.port}`, env: { FIXTURE_OUTPUT_DIR: output } });

describe('vitest runner', () => {
  it('maps each test of the JSON report to a case', async () => {
    const ctx = contextIn('vitest-project');
    const result = await runSuites([suite({ name: 'unit', runner: 'vitest', file: 'math.check.mjs' })], ctx);
    const [unit] = result.suites;
    expect(unit.cases.map((c) => [c.name, c.status, c.file])).toEqual([
      ['math > adds', 'passed', 'math.check.mjs'],
      ['math > multiplies', 'failed', 'math.check.mjs'],
      ['math > divides (later)', 'skipped', 'math.check.mjs'],
      ['reaches the service at TESTENV_BASE_URL', 'passed', 'math.check.mjs'],
    ]);
    expect(unit).toMatchObject({ status: 'failed', passed: 2, failed: 1, skipped: 1 });
    const failure = unit.cases[1].failure!;
    expect(failure.error).toMatch(/expected 4 to be 5/);
    expect(failure.summary).toMatch(/^math > multiplies failed: AssertionError: expected 4 to be 5/);
    expect(failure.diagnostics).toBeDefined();
    expect(service.requests().some((r) => r.url === '/ping')).toBe(true);
  });

  it('reports a file that fails to load as a failed case', async () => {
    const result = await runSuites([suite({ name: 'broken', runner: 'vitest', file: 'broken.check.mjs' })], contextIn('vitest-project'));
    const [only] = result.suites[0].cases;
    expect(only).toMatchObject({ name: 'broken.check.mjs', status: 'failed', file: 'broken.check.mjs' });
    expect(only.failure!.error).toMatch(/no-such-module/);
    expect(only.failure!.suggestedFix).toMatch(/module the tests import cannot be found/);
  });

  it('turns garbage instead of a report into a failed case saying what came back', async () => {
    // The command replaces how vitest is started: this one prints garbage and writes no report.
    const result = await runSuites([suite({ name: 'garbage', runner: 'vitest', command: 'echo "%%% not a test runner %%%"; true' })], contextIn('vitest-project'));
    const failure = result.suites[0].cases[0].failure!;
    expect(result.suites[0].status).toBe('failed');
    expect(failure.summary).toBe('`echo "%%% not a test runner %%%"; true` ran but its results could not be read: it wrote no report');
    expect(failure.error).toContain('%%% not a test runner %%%');
    expect(() => mapVitestReport({ testResults: [{ name: 3 }] }, '/')).toThrow(/it is not vitest's JSON report \(testResults\.0\.name/);
    expect(() => mapPlaywrightReport('<html>')).toThrow(/it is not playwright's JSON report/);
  });

  it('says so when vitest is not installed', async () => {
    const result = await runSuites([suite({ name: 'none', runner: 'vitest' })], runContext(output));
    expect(result.suites[0].cases[0].failure).toMatchObject({ summary: 'vitest not found', suggestedFix: expect.stringContaining('npm install -D vitest') });
  });
});

describe.skipIf(!existsSync('/usr/bin/chromium') && !process.env.CI)('playwright runner', () => {
  it('runs the tests in Chromium and maps each to a case', async () => {
    const result = await runSuites([suite({ name: 'e2e', runner: 'playwright', timeout: '2m' })], contextIn('playwright-project'));
    const [e2e] = result.suites;
    expect(e2e.cases.map((c) => [c.name, c.status, c.file])).toEqual([
      ['page > shows the greeting the service serves', 'passed', 'page.spec.mjs'],
      ['page > finds a button that is not there', 'failed', 'page.spec.mjs'],
      ['page > a later test', 'skipped', 'page.spec.mjs'],
    ]);
    const failure = e2e.cases[1].failure!;
    expect(failure.error).toMatch(/toHaveCount/);
    expect(failure.error).not.toMatch(/\u001b\[/); // colours removed
    expect(failure.diagnostics).toBeDefined();
    expect(service.requests().some((r) => r.url === '/hello')).toBe(true);
  }, 120_000);
});
