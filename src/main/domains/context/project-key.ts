/**
 * The project key of the context tools: `TANDEM_PROJECT_KEY=<key>` in `<workspace>/.env.local`.
 * The core writes it (mode 0600) when the workspace has none; a key that is there is never
 * replaced, and the file's other lines are kept. A presented key is compared in constant time.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../core/files';
import { tokenMatches } from '../../core/tokens';
import { ToolError } from '../../tool-domain/domain';
import { AUTH_ERROR } from './codes';

export const KEY_FILE = '.env.local';
export const KEY_VARIABLE = 'TANDEM_PROJECT_KEY';
/** A key the core makes: 24 random bytes, 32 base64url characters. */
const KEY_BYTES = 24;

const KEY_LINE = new RegExp(`^\\s*(?:export\\s+)?${KEY_VARIABLE}\\s*=(.*)$`);

/** The value of a `KEY=value` line, without its quotes or a trailing comment. */
function lineValue(raw: string): string {
  const value = raw.trim();
  const quoted = /^(["'])(.*)\1$/.exec(value);
  if (quoted) return quoted[2];
  return value.replace(/\s+#.*$/, '').trim();
}

/** The key in `<workspace>/.env.local`, if the file holds a non-empty one. */
export function readProjectKey(workspace: string): string | undefined {
  const file = join(workspace, KEY_FILE);
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = KEY_LINE.exec(line);
    if (match && lineValue(match[1])) return lineValue(match[1]);
  }
  return undefined;
}

/**
 * The workspace's key, written first if it has none: a new `.env.local` (0600), or the line added
 * to an existing one (an empty `TANDEM_PROJECT_KEY=` line is filled in), which then becomes 0600.
 */
export function ensureProjectKey(workspace: string): string {
  const existing = readProjectKey(workspace);
  if (existing) return existing;
  const file = join(workspace, KEY_FILE);
  const key = randomBytes(KEY_BYTES).toString('base64url');
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split(/\r?\n/) : [];
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  const empty = lines.findIndex((line) => KEY_LINE.test(line));
  if (empty >= 0) lines[empty] = `${KEY_VARIABLE}=${key}`;
  else lines.push(`${KEY_VARIABLE}=${key}`);
  writeFileAtomic(file, lines.join('\n') + '\n', 0o600);
  chmodSync(file, 0o600);
  return key;
}

/**
 * Throws AUTH_ERROR unless `presented` is the workspace's key (`expected`; undefined when the
 * workspace has none yet). The comparison takes the same time wherever the two differ.
 */
export function checkProjectKey(presented: string, expected: string | undefined, workspace: string): void {
  const ask = `Ask the user for the key in .env.local (${KEY_VARIABLE}=...) of the workspace ${workspace}`;
  if (!presented.trim()) throw new ToolError(AUTH_ERROR, 'project_api_key is empty', ask);
  if (expected === undefined) throw new ToolError(AUTH_ERROR, `the workspace has no project key yet (${KEY_FILE} is written when the studio starts)`, ask);
  if (!tokenMatches(presented, expected)) throw new ToolError(AUTH_ERROR, 'project_api_key is not the key of this project', ask);
}
