/**
 * Failpoints: named places where a test can make the core fail on purpose, to reach windows that
 * timing alone hits too rarely (a kill -9 between journaling a change and sending its answer).
 * Set with TANDEM_FAILPOINTS=name[,name...]; each fires once per workspace (a marker file in
 * .tandem/ remembers it), so the core started after the crash runs normally. Off unless set.
 */
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';

/** The core kills itself with SIGKILL right after a change is journaled, before its answer leaves. */
export const CRASH_AFTER_JOURNAL = 'crash-after-journal';

export function failpointArmed(name: string, runtimeDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!env.TANDEM_FAILPOINTS?.split(',').includes(name)) return false;
  try {
    closeSync(openSync(join(runtimeDir, `failpoint-${name}`), 'wx', 0o600));
    return true;
  } catch {
    return false; // fired before
  }
}
