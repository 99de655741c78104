/**
 * The figures of yaml suites in Preflight's form (issue 19): reading and checking a suite file of
 * 500 cases (every kind of step and expectation), and checking one case's body expectations
 * (operators, `every` over 1,000 elements, `$regex:`, `expr`) against its response. Printed, not asserted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AssertionResult } from '../src/shared/testenv-records';
import { evaluateExpr } from '../src/main/domains/testenv/runners/expr';
import { matchValue } from '../src/main/domains/testenv/runners/matchers';
import { loadSuite } from '../src/main/domains/testenv/runners/yaml-suite';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const ms = (n: number) => `${n.toFixed(3)} ms`;
const CASES = 500;

function suiteText(): string {
  const cases = Array.from({ length: CASES }, (_, i) =>
    i % 2
      ? `  - name: exec ${i}\n    exec: { command: "cat /data/${i}.json" }\n    expect: { output: { contains: ok, json: { n: { gte: 0 } }, length: ">=1" } }\n`
      : `  - name: case ${i}\n    request: { method: POST, path: "/items/{{id}}", body: { n: ${i} } }\n    expect:\n      status: [200, 201]\n      body: { id: $exists, name: "$regex:^item-\\\\d+$", tags: { every: { type: string } } }\n      expr: "body.n >= 0 && status < 300"\n    save: { id: id }\n`,
  );
  return `name: bench\nvariables: { id: 1 }\nsetup:\n  - waitHealthy: { timeout: 5s }\ncases:\n${cases.join('')}teardown:\n  - { request: { method: DELETE, path: /items }, ignoreError: true }\n`;
}

async function samplesOf(rounds: number, fn: () => unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let i = -Math.ceil(rounds / 10); i < rounds; i++) {
    const start = performance.now();
    await fn();
    if (i >= 0) samples.push(performance.now() - start);
  }
  return samples;
}

export async function yamlSuiteBench(report: Report, percentile: Percentile): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-yaml-'));
  try {
    writeFileSync(join(dir, 'suite.yaml'), suiteText());
    const loads = await samplesOf(20, () => loadSuite(dir, 'suite.yaml'));
    report(`yaml suite of ${CASES} cases, read and checked`, `p50 ${ms(percentile(loads, 50))} p95 ${ms(percentile(loads, 95))}`, 'p50 < 250 ms (the YAML parse is most of it)');

    const body = { id: 7, name: 'item-7', n: 7, tags: Array.from({ length: 1000 }, (_, i) => `t${i}`), users: Array.from({ length: 1000 }, (_, i) => ({ name: `u${i}`, role: i % 2 ? 'user' : 'admin' })) };
    const expected = { id: '$exists', name: '$regex:^item-\\d+$', n: { type: 'number', gte: 0, lt: 100 }, tags: { length: { gt: 0 }, every: { type: 'string' } }, users: { every: { role: { in: ['admin', 'user'] } }, some: { name: 'u999' } } };
    const checks = await samplesOf(500, () => {
      const out: AssertionResult[] = [];
      matchValue(expected, body, 'body', out, 'preflight');
      evaluateExpr('body.n >= 0 && body.tags.length == 1000 || status == 500', { status: 200, body });
      return out;
    });
    report('body expectations of one case (every over 1,000 elements twice, expr)', `p50 ${ms(percentile(checks, 50))} p95 ${ms(percentile(checks, 95))}`, 'p50 < 5 ms');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
