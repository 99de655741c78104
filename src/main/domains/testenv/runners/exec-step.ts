/**
 * A yaml `exec` step: a command run in a service's container (`sh -c`, through the engine's exec
 * API), its exit code and output checked: `exitCode` (0 unless another is expected), and
 * `output.contains` / `notContains` (each of a list), `matches`, `json` (the output read as JSON and
 * checked as a body is) and `length` (its number of lines: 5, ">10", "==5", ">=1").
 */
import type { AssertionResult, CaseFailure } from '../../../../shared/testenv-records';
import { durationMs } from '../config-schema';
import { renderValue, type TemplateLookup, textOf, valueAt } from '../template';
import { check, compare, type Dialect, matchValue, show } from './matchers';
import type { AttemptContext } from './types';
import type { ExecStep } from './yaml-suite';

export async function execStep(ctx: AttemptContext, step: ExecStep, lookup: TemplateLookup, vars: Record<string, unknown>, dialect: Dialect): Promise<CaseFailure | undefined> {
  const command = textOf(renderValue(step.exec.command, lookup));
  const expected = (renderValue(step.expect ?? {}, lookup) ?? {}) as NonNullable<ExecStep['expect']>;
  const container = step.exec.container ?? ctx.run.services[0]?.name;
  const sent = { method: 'EXEC', url: `container://${container ?? '(none)'}`, body: command };
  if (!ctx.run.exec || !container) {
    return {
      error: container ? 'no containers run here, so nothing can be executed in one' : 'the project has no service to execute the command in',
      summary: `exec ${command}: no container to run it in`,
      suggestedFix: container ? 'call preflight_setup to start the containers, then run the suite again' : 'give exec.container, or a service in e2e.yaml',
      request: sent,
    };
  }
  const timeoutMs = durationMs(step.exec.timeout);
  let outcome: Awaited<ReturnType<NonNullable<typeof ctx.run.exec>>>;
  try {
    outcome = await ctx.run.exec(container, command, AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]));
  } catch (err) {
    if (ctx.signal.aborted) return undefined;
    const e = err as Error & { suggestion?: string };
    const error = e.name === 'TimeoutError' || e.name === 'AbortError' ? `the command did not finish within ${timeoutMs} ms (timed out)` : e.message;
    return { error, summary: `exec in ${container} failed: ${error}`, request: sent, ...(e.suggestion ? { suggestedFix: e.suggestion } : {}) };
  }

  const { output } = outcome;
  const assertions: AssertionResult[] = [];
  const exitCode = expected.exitCode ?? 0;
  assertions.push(check('exitCode', 'equals', exitCode, outcome.exitCode, outcome.exitCode === exitCode, `expected exit code ${exitCode}, got ${outcome.exitCode}`));
  const wanted = expected.output ?? {};
  for (const text of wanted.contains ?? []) assertions.push(check('output', 'contains', text, output, output.includes(text), `the output does not contain ${show(text)}`));
  for (const text of wanted.notContains ?? []) assertions.push(check('output', 'notContains', text, output, !output.includes(text), `the output contains ${show(text)}`));
  if (wanted.matches !== undefined) matchValue(`$regex:${wanted.matches}`, output, 'output', assertions, dialect);
  if (wanted.json !== undefined) {
    const parsed = parseJson(output);
    if (parsed.ok) matchValue(wanted.json, parsed.value, 'output.json', assertions, dialect);
    else assertions.push(check('output.json', 'json', wanted.json, output, false, `the output is not JSON: ${parsed.error}`));
  }
  if (wanted.length !== undefined) assertions.push(lineCountCheck(wanted.length, lineCountOf(output)));

  const failed = assertions.filter((a) => !a.passed);
  const response = { status: outcome.exitCode, headers: {}, body: output };
  if (failed.length) {
    return {
      error: failed.map((a) => `${a.target}: ${a.message}`).join('; '),
      summary: `exec in ${outcome.container} exited ${outcome.exitCode}: ${failed.length} of ${assertions.length} assertions failed (${failed[0].target}: ${failed[0].message})`,
      request: sent,
      response,
      assertions,
      ...(outcome.exitCode === 127 ? { suggestedFix: `the command is not in the container ${outcome.container}: check the image has it (the command runs as sh -c)` } : {}),
    };
  }
  for (const [name, path] of Object.entries(step.save ?? {})) {
    if (path === 'output') {
      vars[name] = output.trim();
      continue;
    }
    const parsed = parseJson(output);
    const found = parsed.ok ? valueAt(parsed.value, path.replace(/^output\.(json\.)?/, '').split('.')) : { found: false };
    if (!found.found) return { error: `save ${name}: the output has no ${path}`, summary: `exec in ${outcome.container}: save ${name} found nothing at ${path}`, request: sent, response };
    vars[name] = found.value;
  }
  return undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

/** Lines of output, a last newline not starting another. */
export function lineCountOf(output: string): number {
  if (!output) return 0;
  return output.replace(/\r?\n$/, '').split(/\r?\n/).length;
}

/** `5`, `">10"`, `"==5"`, `">=1"` against a count of lines. */
export function lineCountCheck(spec: number | string, lines: number): AssertionResult {
  const [, op = '==', n] = typeof spec === 'number' ? [undefined, '==', String(spec)] : /^\s*(==|!=|>=|<=|>|<)?\s*(\d+)\s*$/.exec(spec)!;
  const value = Number(n);
  const named = { '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' } as const;
  if (op in named) {
    const result = compare(named[op as keyof typeof named], value, lines, 'output lines');
    return { ...result, matcher: 'length', expected: spec };
  }
  const passed = op === '==' ? lines === value : lines !== value;
  return check('output lines', 'length', spec, lines, passed, `expected ${op === '==' ? '' : 'other than '}${value} lines, got ${lines}`);
}
