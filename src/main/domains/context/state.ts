/**
 * Reading `<workspace>/logic64-state.json`, the governance state, live: every call sees the file
 * as it is on disk (a parse is reused while its size and modification time stay the same). A
 * state that is not JSON or not of the anchor's shape is `broken`, with a message naming the file
 * and the first problems; ask_cortex refuses then, never allows by default.
 */
import { type Stats, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import { z } from 'zod';
import { type ForbiddenEntry, type GovernanceState, type GovernanceStatus, STATE_FILE } from '../../../shared/context-records';
import { writeFileAtomic } from '../../core/files';
import { describeArgumentProblems } from '../../tool-domain/table';

/** A state file larger than this is refused as broken (it is a small JSON document). */
export const MAX_STATE_BYTES = 1024 * 1024;

const name = z.string().trim().min(1).max(200);
const forbidden = z.union([name, z.looseObject({ name, aliases: z.array(name).max(50).optional(), instead: z.string().max(200).optional(), reason: z.string().max(500).optional() })]);
/** A directory the state maps code to: relative, inside the workspace. */
const directory = z
  .string()
  .min(1)
  .max(300)
  .refine((dir) => !isAbsolute(dir) && !normalize(dir).split(/[\\/]/).includes('..'), 'a directory is a workspace-relative path that stays inside it');

const stateSchema = z.looseObject({
  meta: z.looseObject({ name: z.string().optional(), version: z.string().optional(), description: z.string().optional() }).optional(),
  stack: z
    .looseObject({
      forbidden: z.array(forbidden).max(500).optional(),
      required: z.array(name).max(500).optional(),
      allowed: z.array(name).max(500).optional(),
    })
    .optional(),
  modules: z.record(z.string(), z.looseObject({ enabled: z.boolean(), provider: z.string().optional() })).optional(),
  schema: z
    .looseObject({
      tables: z
        .array(
          z.looseObject({
            name,
            columns: z.array(z.looseObject({ name, type: z.string(), required: z.boolean().optional() })).optional(),
            rls_policy: z.string().optional(),
            relationships: z.array(z.looseObject({ target_table: name, type: z.string() })).optional(),
          }),
        )
        .max(1000)
        .optional(),
    })
    .optional(),
  directories: z.record(z.string(), directory).optional(),
});

export type StateReading =
  | { status: 'ok'; file: string; state: GovernanceState; modifiedAt: number }
  | { status: 'missing'; file: string }
  | { status: 'broken'; file: string; error: string };

export function statePath(workspace: string): string {
  return join(workspace, STATE_FILE);
}

/** Parses the text of a state file; a problem is a message naming the file. */
export function parseState(text: string, file: string = STATE_FILE): { state: GovernanceState } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { error: `${file} is not valid JSON: ${(err as Error).message}` };
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) return { error: `${file} does not have the governance state's shape: ${describeArgumentProblems(parsed.error)}` };
  return { state: parsed.data as GovernanceState };
}

/** Reads the state file as it is now, reusing the last parse while the file is unchanged. */
export class StateReader {
  private last?: { size: number; mtimeMs: number; reading: StateReading };

  constructor(private readonly workspace: string) {}

  get file(): string {
    return statePath(this.workspace);
  }

  read(): StateReading {
    const file = this.file;
    let stats: Stats;
    try {
      stats = statSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing', file };
      return { status: 'broken', file, error: `${STATE_FILE} cannot be read: ${(err as Error).message}` };
    }
    if (this.last && this.last.size === stats.size && this.last.mtimeMs === stats.mtimeMs) return this.last.reading;
    const reading = this.parse(file, stats);
    this.last = { size: stats.size, mtimeMs: stats.mtimeMs, reading };
    return reading;
  }

  private parse(file: string, stats: Stats): StateReading {
    if (!stats.isFile()) return { status: 'broken', file, error: `${STATE_FILE} is not a file` };
    if (stats.size > MAX_STATE_BYTES) return { status: 'broken', file, error: `${STATE_FILE} is larger than ${MAX_STATE_BYTES} bytes` };
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      return { status: 'broken', file, error: `${STATE_FILE} cannot be read: ${(err as Error).message}` };
    }
    const parsed = parseState(text);
    return 'error' in parsed ? { status: 'broken', file, error: parsed.error } : { status: 'ok', file, state: parsed.state, modifiedAt: stats.mtimeMs };
  }
}

/** What the person edits in the studio's Context view: the rule lists and the directories. */
export interface RulesEdit {
  forbidden?: ForbiddenEntry[];
  allowed?: string[];
  required?: string[];
  directories?: Record<string, string>;
}

/**
 * The state with `edit` applied (other keys kept as they were), checked as a read would check it;
 * a missing state starts empty. Throws a message for a broken state or an edit that breaks it.
 */
export function editedState(reading: StateReading, edit: RulesEdit, now = Date.now()): GovernanceState {
  if (reading.status === 'broken') throw new Error(`${reading.error}; fix the file before editing its rules (nothing was written)`);
  const base: GovernanceState = reading.status === 'ok' ? structuredClone(reading.state) : {};
  const stack = { ...(base.stack ?? {}) };
  if (edit.forbidden !== undefined) stack.forbidden = edit.forbidden;
  if (edit.allowed !== undefined) stack.allowed = edit.allowed;
  if (edit.required !== undefined) stack.required = edit.required;
  const next: GovernanceState = { ...base, stack };
  if (edit.directories !== undefined) next.directories = edit.directories;
  if (next.meta) next.meta = { ...next.meta, last_updated: new Date(now).toISOString() };
  const checked = parseState(JSON.stringify(next));
  if ('error' in checked) throw new Error(checked.error);
  return checked.state;
}

/** Writes the state (atomically, readable by the project's tools). */
export function writeState(workspace: string, state: GovernanceState): void {
  writeFileAtomic(statePath(workspace), JSON.stringify(state, null, 2) + '\n');
}

export type { GovernanceStatus };
