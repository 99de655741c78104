import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAlive } from '../../core/workspace';
import { backoffMs, retryOf, runSuites } from './run';
import { emptyDiagnostics, runContext, suite } from './testing/run-context';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'testenv-run-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(join(dir, name), text);

const pidsIn = (file: string) =>
  readFileSync(join(dir, file), 'utf8')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

describe('shell and exec suites', () => {
  it('passes a script that exits 0 and fails one that does not, with the output tail', async () => {
    write('ok.sh', 'echo "base=$BASE_URL mock=$MOCK_PAY_URL token=$TOKEN suite=$TESTENV_SUITE"\n');
    write('bad.sh', 'for i in $(seq 1 100); do echo "line $i"; done\necho "curl: (7) Failed to connect: Connection refused" >&2\nexit 3\n');
    const ctx = runContext(dir, { env: { TOKEN: 't0k' }, baseUrl: 'http://127.0.0.1:8080', configInput: { mocks: { pay: { port: 9999 } } } });
    const result = await runSuites([suite({ name: 'Ok Script', runner: 'shell', file: 'ok.sh' }), suite({ name: 'bad', runner: 'shell', file: 'bad.sh' })], ctx);

    expect(result.status).toBe('failed');
    expect(result.totals).toEqual({ passed: 1, failed: 1, skipped: 0, total: 2 });
    const [ok, bad] = result.suites;
    expect(ok).toMatchObject({ id: 'ok-script', status: 'passed', attempts: 1 });
    expect(ok.cases).toEqual([{ name: 'Ok Script', status: 'passed', duration: expect.any(Number), file: 'ok.sh' }]);
    expect(ctx.lines).toContain('[ok-script] base=http://127.0.0.1:8080 mock=http://127.0.0.1:9999 token=t0k suite=ok-script');

    const failure = bad.cases[0].failure!;
    expect(failure.summary).toMatch(/^bash bad\.sh exited with code 3: curl: \(7\) Failed to connect: Connection refused$/);
    expect(failure.error).toContain('line 100');
    expect(failure.error).not.toContain('line 50\n'); // only the tail
    expect(failure.suggestedFix).toMatch(/preflight_setup/);
    expect(failure.diagnostics).toEqual({ ...emptyDiagnostics(), collectedAt: expect.any(String) });
  });

  it('fails a missing script clearly', async () => {
    const result = await runSuites([suite({ name: 'gone', runner: 'shell', file: 'nope.sh' })], runContext(dir));
    expect(result.suites[0].cases[0].failure).toMatchObject({ summary: 'the script nope.sh is not there' });
  });

  it('stops a hanging command at the suite timeout, its whole process tree killed', async () => {
    const command = 'sleep 60 & echo $! > pids; bash -c "sleep 60" & echo $! >> pids; echo waiting for input; read -t 60 x < /dev/zero; sleep 60';
    const result = await runSuites([suite({ name: 'hangs', runner: 'exec', command, timeout: '700ms' })], runContext(dir));
    const [only] = result.suites[0].cases;
    expect(result.suites[0].status).toBe('failed');
    expect(only.name).toBe('hangs (timed out)');
    expect(only.failure!.summary).toBe('suite hangs timed out after 700 ms');
    expect(only.failure!.error).toContain('waiting for input');
    const pids = pidsIn('pids');
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  });

  it('kills what a passing script left running in the background', async () => {
    write('bg.sh', 'sleep 60 &\necho $! > pids\nexit 0\n');
    const result = await runSuites([suite({ name: 'bg', runner: 'shell', file: 'bg.sh' })], runContext(dir));
    expect(result.status).toBe('passed');
    expect(isAlive(pidsIn('pids')[0])).toBe(false);
  });

  it('retries with backoff, recording every attempt', async () => {
    // Fails twice, then passes: a counter in a file.
    const command = 'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; echo "attempt $n"; [ $n -ge 3 ]';
    const ctx = runContext(dir, { configInput: { tests: { retry: { maxAttempts: 5, delay: '20ms', backoff: 'exponential' } } } });
    const result = await runSuites([suite({ name: 'flaky', runner: 'exec', command })], ctx);
    const [flaky] = result.suites;
    expect(flaky).toMatchObject({ status: 'passed', attempts: 3, passed: 1, failed: 0 });
    expect(flaky.cases[0].attempts!.map((a) => [a.attempt, a.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'passed'],
    ]);
    expect(flaky.cases[0].attempts![0].error).toContain('exited with code 1');
    expect(ctx.started).toEqual([
      ['flaky', 1],
      ['flaky', 2],
      ['flaky', 3],
    ]);
    expect(ctx.lines.filter((l) => l.includes('failed; attempt'))).toEqual(['[flaky] attempt 1 failed; attempt 2 in 20 ms', '[flaky] attempt 2 failed; attempt 3 in 40 ms']);
    expect(ctx.diagnosticsCalls).toBe(2); // once per failed attempt
  });

  it("stops retrying at maxAttempts, the suite's own retry over the file's", async () => {
    const ctx = runContext(dir, { configInput: { tests: { retry: { maxAttempts: 4, delay: '1ms' } } } });
    const result = await runSuites([suite({ name: 'always', runner: 'exec', command: 'exit 1', retry: { maxAttempts: 2 } })], ctx);
    expect(result.suites[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(result.suites[0].cases[0].attempts).toHaveLength(2);
  });

  it('computes linear and exponential backoff', () => {
    const ctx = runContext(dir, { configInput: { tests: { retry: { delay: '100ms' } } } });
    const linear = retryOf(suite({ name: 's', runner: 'exec', command: 'true' }), ctx);
    expect([1, 2, 3].map((n) => backoffMs(linear, n))).toEqual([100, 200, 300]);
    const exponential = retryOf(suite({ name: 's', runner: 'exec', command: 'true', retry: { backoff: 'exponential' } }), ctx);
    expect([1, 2, 3].map((n) => backoffMs(exponential, n))).toEqual([100, 200, 400]);
  });
});

describe('parallel suites', () => {
  // Each suite waits for the other's marker: they pass only when they run at the same time.
  const meet = (mine: string, theirs: string) => `touch ${mine}; for i in $(seq 1 40); do [ -f ${theirs} ] && exit 0; sleep 0.05; done; echo "never met ${theirs}"; exit 1`;
  const pair = (extra: Record<string, unknown> = {}) => [
    suite({ name: 'left', runner: 'exec', command: meet('left', 'right'), ...extra }),
    suite({ name: 'right', runner: 'exec', command: meet('right', 'left'), ...extra }),
  ];

  it('runs suites together when tests.parallel allows, in file order in the result', async () => {
    const result = await runSuites(pair(), runContext(dir, { configInput: { tests: { parallel: true } } }));
    expect(result.suites.map((s) => [s.id, s.status])).toEqual([
      ['left', 'passed'],
      ['right', 'passed'],
    ]);
  });

  it('runs them one after another when the option says so, over the file', async () => {
    const result = await runSuites(pair(), runContext(dir, { configInput: { tests: { parallel: true } } }), { parallel: false });
    expect(result.suites[0].status).toBe('failed');
    expect(result.suites[0].cases[0].failure!.error).toContain('never met right');
  });

  it('lets a suite opt out of running beside others', async () => {
    const result = await runSuites(pair({ parallel: false }), runContext(dir, { configInput: { tests: { parallel: true } } }));
    expect(result.suites[0].status).toBe('failed');
  });
});

describe('cancelling and diagnostics', () => {
  it('throws when the run is cancelled, leaving no process behind', async () => {
    const controller = new AbortController();
    const ctx = runContext(dir, { signal: controller.signal });
    const running = runSuites([suite({ name: 'long', runner: 'exec', command: 'echo $$ > pids; sleep 60' }), suite({ name: 'next', runner: 'exec', command: 'touch ran' })], ctx);
    for (let i = 0; i < 100 && !ctx.lines.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
      try {
        pidsIn('pids');
        break;
      } catch {
        // not started yet
      }
    }
    controller.abort(new Error('cancelled by the client'));
    await expect(running).rejects.toThrow('cancelled by the client');
    expect(isAlive(pidsIn('pids')[0])).toBe(false);
    expect(() => readFileSync(join(dir, 'ran'))).toThrow(); // the next suite never started
  });

  it('reports failures without diagnostics when collecting them fails', async () => {
    const ctx = runContext(dir, {
      diagnostics: async () => {
        throw new Error('engine unreachable');
      },
    });
    const result = await runSuites([suite({ name: 'x', runner: 'exec', command: 'exit 2' })], ctx);
    expect(result.suites[0].cases[0].failure).toBeDefined();
    expect(result.suites[0].cases[0].failure!.diagnostics).toBeUndefined();
    expect(ctx.lines).toContain('[x] could not collect diagnostics: engine unreachable');
  });

  it('tells of each case as it finishes', async () => {
    const seen: string[] = [];
    const ctx = runContext(dir, { onCase: (id, c) => seen.push(`${id}:${c.name}:${c.status}:${c.failure?.diagnostics ? 'diag' : '-'}`) });
    await runSuites([suite({ name: 'a', runner: 'exec', command: 'true' }), suite({ name: 'b', runner: 'exec', command: 'false' })], ctx);
    expect(seen).toEqual(['a:a:passed:-', 'b:b:failed:diag']);
  });
});
