/** The log file of a `tandem` process: appended, owner-only, cut back once it passes its limit. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_LIMIT_BYTES, processLog } from './process-log';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-log-'));
  dirs.push(dir);
  return dir;
}

describe('processLog', () => {
  it('appends stamped lines to .tandem/serve.log for the core and .tandem/bridge.log for the bridge, owner-only', () => {
    const ws = tempWorkspace();
    processLog(ws, 'core')('first');
    processLog(ws, 'core')('second');
    processLog(ws, 'bridge')('hello');
    const serveLog = readFileSync(join(ws, '.tandem', 'serve.log'), 'utf8').split('\n');
    expect(serveLog).toEqual([
      expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT.*Z \\[core ${process.pid}\\] first$`)),
      expect.stringMatching(new RegExp(`\\[core ${process.pid}\\] second$`)),
      '',
    ]);
    expect(readFileSync(join(ws, '.tandem', 'bridge.log'), 'utf8')).toMatch(new RegExp(`\\[bridge ${process.pid}\\] hello\\n$`));
    expect(statSync(join(ws, '.tandem', 'serve.log')).mode & 0o777).toBe(0o600);
  });

  it('cuts a log that passed the limit back to nothing, when it opens and while it runs', () => {
    const ws = tempWorkspace();
    const file = join(ws, '.tandem', 'serve.log');
    mkdirSync(join(ws, '.tandem'));
    writeFileSync(file, 'x'.repeat(LOG_LIMIT_BYTES + 1));
    const log = processLog(ws, 'core');
    expect(statSync(file).size).toBe(0);
    log('after the cut');
    expect(readFileSync(file, 'utf8')).toMatch(/\] after the cut\n$/);

    const small = processLog(ws, 'core', 200);
    for (let i = 0; i < 10; i++) small(`line ${i}`);
    expect(statSync(file).size).toBeLessThanOrEqual(200);
    expect(readFileSync(file, 'utf8')).toMatch(/\] line 9\n$/);
  });

  it('goes on without its file where the workspace has no room for one', () => {
    const ws = tempWorkspace();
    writeFileSync(join(ws, '.tandem'), 'a file where the runtime folder should be');
    const log = processLog(ws, 'bridge');
    expect(() => log('nowhere to keep this')).not.toThrow();
    expect(readFileSync(join(ws, '.tandem'), 'utf8')).toBe('a file where the runtime folder should be');
  });
});
