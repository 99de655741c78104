/**
 * The tasks figures of issue 9: list_todos with filters over 100,000 todos (in the core), each
 * resource read over 100,000 todos, and an add_todo round trip through `tandem mcp` against the
 * bridge's ping floor. Printed, not asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Journal } from '../src/main/core/journal';
import { Studio } from '../src/main/core/studio';
import { openStudio } from '../src/main/host/domains';
import { Workspace } from '../src/main/core/workspace';
import { tasksDomain } from '../src/main/domains/tasks';
import { TaskStore } from '../src/main/domains/tasks/store';
import { PRIORITIES } from '../src/shared/tasks-records';
import { bridgeClient, closeBridge, reportAgainstPing } from './bridge';
import { time } from './timing';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const TODOS = 100_000;
const TAGS = ['bug', 'docs', 'frontend', 'backend', 'infra', 'security', 'ux', 'perf', 'tests', 'release'];
const ms = (n: number) => `${n.toFixed(3)} ms`;

/** 100,000 todos in 10 projects: priorities, 30% done, 0 to 2 tags, due dates on 40% (a quarter of them past). */
export function populate(databasePath: string): void {
  const journal = new Journal(databasePath);
  const store = new TaskStore(journal.database, () => undefined);
  const day = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  journal.database.transaction(() => {
    for (let p = 0; p < 10; p++) store.addProject({ name: `project-${p}` }, 'bench');
    for (let i = 0; i < TODOS; i++) {
      const todo = store.addTodo(
        {
          description: `Todo ${i}: ${['fix', 'build', 'write', 'review', 'deploy'][i % 5]} the ${['login', 'billing', 'search', 'profile', 'export', 'import', 'sync'][i % 7]} ${['page', 'service', 'job'][i % 3]}`,
          project: `project-${i % 10}`,
          priority: PRIORITIES[(i * 7) % 3],
          tags: TAGS.filter((_, t) => (i + t * 3) % 11 === 0).slice(0, 2),
          notes: i % 4 === 0 ? `Notes for ${i}: check the ${['logs', 'metrics', 'traces'][i % 3]} first` : undefined,
          due_date: i % 5 < 2 ? iso(Date.now() + (((i * 13) % 120) - 30) * day) : undefined,
        },
        'bench',
      );
      if (i % 10 < 3) store.setDone(todo.id, true, 'bench');
    }
  })();
  journal.close();
}

/** list_todos and the resources, in the core, over the 100,000 todos. */
export async function coreFigures(studio: Studio, report: Report, percentile: Percentile): Promise<void> {
  const project = 'project-3';
  const filters: [string, Record<string, unknown>][] = [
    ['priority high, pending', { priority: 'high', done: false }],
    ['project', { project_id: project }],
    ['tag', { tag: 'security' }],
    ['overdue', { overdue: true }],
    ['project + tag + pending', { project_id: project, tag: 'bug', done: false }],
    ['done, 500 a page', { done: true, limit: 500 }],
  ];
  for (const [label, args] of filters) {
    const samples: number[] = [];
    for (let run = -20; run < 200; run++) {
      const took = await time(() => studio.callTool('tasks', 'list_todos', args, { origin: 'bench' }));
      if (run >= 0) samples.push(took);
    }
    report(`list_todos ${label} (100k)`, `p50 ${ms(percentile(samples, 50))} p95 ${ms(percentile(samples, 95))}`, 'p50 < 10 ms');
  }

  const resources = [
    'toki://projects',
    'toki://todos',
    'toki://todos/pending',
    'toki://todos/overdue',
    'toki://todos/high-priority',
    'toki://stats',
    `toki://projects/${project}/todos`,
    'toki://query?tag=bug&priority=high',
  ];
  for (const uri of resources) {
    const samples: number[] = [];
    for (let run = -10; run < 100; run++) {
      const took = await time(() => studio.readResource('tasks', uri));
      if (run >= 0) samples.push(took);
    }
    report(`read ${uri} (100k)`, `p50 ${ms(percentile(samples, 50))} p95 ${ms(percentile(samples, 95))}`, '< 10 ms (design: 100 ms)');
  }
}

export async function tasksBench(report: Report, percentile: Percentile): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-tasks-'));
  const ws = await Workspace.acquire(dir);
  const filling = performance.now();
  populate(ws.databasePath);
  console.log(`(tasks: ${TODOS.toLocaleString('en')} todos written in ${((performance.now() - filling) / 1000).toFixed(1)} s)`);

  const opening = performance.now();
  const studio = await openStudio(ws, { domains: [], toolDomains: [tasksDomain] });
  report('tasks: studio open with 100,000 todos', ms(performance.now() - opening), '-');

  await coreFigures(studio, report, percentile);
  await studio.close();
  ws.release();

  // add_todo through the stdio bridge, against a bare ping over the same path, on the 100k workspace.
  const client = await bridgeClient(dir, ['--toolsets', 'tasks']);
  await client.callTool({ name: 'add_todo', arguments: { description: 'warm up' } });
  await reportAgainstPing(
    client,
    (i) => client.callTool({ name: 'add_todo', arguments: { description: `bench todo ${i}`, tags: ['bench'], priority: 'high' } }),
    { floor: 'tasks: ping through tandem mcp, the floor', call: 'add_todo round trip through tandem mcp (100k)', difference: '  add_todo p50 minus floor p50' },
    report,
    percentile,
  );
  await closeBridge(client, dir);
  rmSync(dir, { recursive: true, force: true });
}
