/**
 * A small tool domain for testing the general form on its own (as notes-domain.ts is for FCP):
 * named counters kept in a SQLite table of the studio's database. It has a read tool with an output
 * schema, a write tool that reports progress, a destructive one with a domain error, a slow one that
 * honours cancellation, one that offloads to a worker, a resource and a resource template, a prompt,
 * and its own envelope (`{ok, data | error, at}`, with upper-case codes for the core's own errors).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type BetterSqlite3 from 'better-sqlite3';
import { z } from 'zod';
import { type ToolDomain, type ToolDomainHost, type ToolEnvelope, ToolError, definePrompt, defineTool } from '../domain';
import { errorBody } from '../envelopes';

export interface CounterRecord {
  id: string;
  kind: 'counter';
  name: string;
  value: number;
  updatedBy: string;
}

interface CountersRuntime {
  host: ToolDomainHost;
  get: BetterSqlite3.Statement<[string]>;
  all: BetterSqlite3.Statement<[]>;
  upsert: BetterSqlite3.Statement<[string, number, string, number]>;
  remove: BetterSqlite3.Statement<[string]>;
}

interface Row {
  name: string;
  value: number;
  updated_by: string;
}

export const NOT_FOUND = 'NOT_FOUND';
/** The one task the domain hands to a worker thread. */
export const SUM_TASK = 'sum';

const counterName = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, 'lowercase letters, digits and -, at most 40')
  .describe('The counter, e.g. "visits"');

const record = (row: Row): CounterRecord => ({ id: `counter:${row.name}`, kind: 'counter', name: row.name, value: row.value, updatedBy: row.updated_by });

function find(runtime: CountersRuntime, name: string): Row {
  const row = runtime.get.get(name) as Row | undefined;
  if (!row) throw new ToolError(NOT_FOUND, `no counter "${name}"`, 'counters_list shows the counters there are', { name });
  return row;
}

const abortable = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

const tool = defineTool<CountersRuntime>();
const prompt = definePrompt<CountersRuntime>();

const envelope: ToolEnvelope = {
  ok(data, spec): CallToolResult {
    const at = Date.now();
    return {
      content: [{ type: 'text', text: JSON.stringify({ ok: true, data, at }) }],
      ...(spec.output ? { structuredContent: data as Record<string, unknown> } : {}),
    };
  },
  error(err): CallToolResult {
    return { content: [{ type: 'text', text: JSON.stringify({ ok: false, error: errorBody(err), at: Date.now() }) }], isError: true };
  },
  codes: { invalidInput: 'INVALID_INPUT', internal: 'INTERNAL', closing: 'STUDIO_CLOSING' },
};

export const countersDomain: ToolDomain<CountersRuntime> = {
  name: 'counters',
  title: 'named counters (tests of the tool-domain form)',
  envelope,
  tools: [
    tool({
      name: 'counters_list',
      title: 'List counters',
      description: 'Every counter with its value, optionally only those whose name starts with `prefix`.',
      access: 'read',
      input: { prefix: z.string().max(40).optional().describe('Only counters whose name starts with this') },
      output: { counters: z.array(z.object({ name: z.string(), value: z.number() })) },
      annotations: { readOnlyHint: true, openWorldHint: false },
      handler: ({ prefix }, { runtime }) => ({
        counters: (runtime.all.all() as Row[]).filter((r) => r.name.startsWith(prefix ?? '')).map((r) => ({ name: r.name, value: r.value })),
      }),
    }),
    tool({
      name: 'counters_bump',
      title: 'Bump a counter',
      description: 'Adds `by` to a counter (made at 0 if new), one step at a time over `steps` steps, reporting progress after each.',
      access: 'write',
      input: {
        name: counterName,
        by: z.number().int().min(-1_000_000).max(1_000_000).default(1).describe('How much to add in all'),
        steps: z.number().int().min(1).max(100).default(1).describe('In how many steps (each one written and reported)'),
      },
      output: { name: z.string(), value: z.number() },
      example: { name: 'visits', by: 3 },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      handler: async ({ name, by, steps }, { runtime, host, caller }) => {
        let value = (runtime.get.get(name) as Row | undefined)?.value ?? 0;
        for (let step = 1; step <= steps; step++) {
          caller.signal.throwIfAborted();
          const add = Math.trunc((by * step) / steps) - Math.trunc((by * (step - 1)) / steps);
          value += add;
          runtime.upsert.run(name, value, caller.origin, Date.now());
          caller.progress(step, steps, `${name} = ${value}`);
          // Let the progress notification leave before the next step.
          await new Promise((resolve) => setImmediate(resolve));
        }
        host.publish({ origin: caller.origin, label: `bump ${name} ${by >= 0 ? '+' : ''}${by}`, lines: [`${name} = ${value}`], put: [record(find(runtime, name))] });
        return { name, value };
      },
    }),
    tool({
      name: 'counters_reset',
      title: 'Remove a counter',
      description: 'Removes a counter. A counter that does not exist is NOT_FOUND.',
      access: 'write',
      input: { name: counterName },
      example: { name: 'visits' },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      handler: ({ name }, { runtime, host, caller }) => {
        const row = find(runtime, name);
        runtime.remove.run(name);
        host.publish({ origin: caller.origin, label: `reset ${name}`, lines: [`${name} was ${row.value}`], removed: [record(row).id] });
        return { name, was: row.value };
      },
    }),
    tool({
      name: 'counters_wait',
      title: 'Wait (a slow tool)',
      description: 'Waits `ms` milliseconds, then answers how long it waited; stops when cancelled.',
      access: 'read',
      input: { ms: z.number().int().min(0).max(60_000) },
      annotations: { readOnlyHint: true, openWorldHint: false },
      handler: async ({ ms }, { caller }) => {
        await abortable(ms, caller.signal);
        return { waited: ms };
      },
    }),
    tool({
      name: 'counters_total',
      title: 'Sum of all counters',
      description: 'The sum of every counter, computed off the core thread.',
      access: 'read',
      input: {},
      output: { total: z.number() },
      annotations: { readOnlyHint: true, openWorldHint: false },
      handler: async (_args, { runtime, host }) => {
        const values = (runtime.all.all() as Row[]).map((r) => r.value);
        return { total: (await host.offload(SUM_TASK, values)) as number };
      },
    }),
  ],
  resources: [
    {
      name: 'counters-all',
      title: 'All counters',
      description: 'Every counter and its value, as JSON.',
      uri: 'counters://all',
      read: (_uri, _params, { runtime }) => (runtime.all.all() as Row[]).map((r) => ({ name: r.name, value: r.value })),
    },
    {
      name: 'counters-one',
      title: 'One counter',
      description: 'One counter and its value, as JSON.',
      uri: 'counters://counter/{name}',
      read: (_uri, { name }, { runtime }) => {
        const row = find(runtime, name);
        return { name: row.name, value: row.value, updatedBy: row.updated_by };
      },
    },
  ],
  prompts: [
    prompt({
      name: 'counters-review',
      title: 'Review the counters',
      description: 'Asks for a short review of the counters as they are now.',
      args: { focus: z.string().optional() },
      get: ({ focus }, { runtime }) => {
        const rows = runtime.all.all() as Row[];
        const listing = rows.map((r) => `- ${r.name}: ${r.value}`).join('\n') || '(no counters)';
        return `Review these counters${focus ? `, looking at ${focus}` : ''}:\n${listing}`;
      },
    }),
  ],
  tasks: {
    [SUM_TASK]: (values: number[]) => values.reduce((a, b) => a + b, 0),
  },
  summary(runtime) {
    const rows = runtime.all.all() as Row[];
    return {
      items: rows.map((r) => ({ kind: 'counter', name: r.name, summary: `${r.name} = ${r.value}`, state: `last bumped by ${r.updated_by}` })),
      counts: { counters: rows.length, total: rows.reduce((sum, r) => sum + r.value, 0) },
    };
  },
  open(host) {
    const db = host.database;
    db.exec('CREATE TABLE IF NOT EXISTS counters_values (name TEXT PRIMARY KEY, value INTEGER NOT NULL, updated_by TEXT NOT NULL, updated_at INTEGER NOT NULL)');
    const runtime: CountersRuntime = {
      host,
      get: db.prepare('SELECT name, value, updated_by FROM counters_values WHERE name = ?'),
      all: db.prepare('SELECT name, value, updated_by FROM counters_values ORDER BY name'),
      upsert: db.prepare(
        'INSERT INTO counters_values (name, value, updated_by, updated_at) VALUES (?, ?, ?, ?) ' +
          'ON CONFLICT(name) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at',
      ),
      remove: db.prepare('DELETE FROM counters_values WHERE name = ?'),
    };
    const rows = runtime.all.all() as Row[];
    host.publish({ origin: 'counters', label: 'open', lines: [`${rows.length} counters`], put: rows.map(record) });
    return runtime;
  },
};
