/**
 * What tandem_status says while no core answers, from real files: the install record (none, broken,
 * pointing at a studio that moved, of another version) and the log of a studio that could not take
 * the workspace. Each answer names the problem and what to do.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readInstallRecord, writeInstallRecord } from '../../core/install-record';
import { type StatusFacts, diagnose } from './status';

let dir: string;
let workspace: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-status-'));
  workspace = join(dir, 'ws');
  mkdirSync(join(workspace, '.tandem'), { recursive: true });
  env = { TANDEM_CONFIG_DIR: join(dir, 'config') };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const facts = (link: StatusFacts['link'] = { connected: false, problem: 'no studio core is running for this workspace' }): StatusFacts => ({
  workspace,
  bridgeVersion: '1.2.0',
  link,
  install: readInstallRecord(env),
  toolsets: ['drawio'],
  readOnly: false,
});

describe('tandem_status while no core answers', () => {
  it('no studio installed: names the missing record and how to make it', () => {
    expect(diagnose(facts())).toMatchObject({
      state: 'no_studio_installed',
      message: expect.stringContaining(join(dir, 'config', 'install.json')),
      suggestion: expect.stringContaining('npm install && npm start'),
    });
  });

  it('a record that is not JSON, or names no command', () => {
    mkdirSync(join(dir, 'config'));
    writeFileSync(join(dir, 'config', 'install.json'), '{ nope');
    expect(diagnose(facts())).toMatchObject({ state: 'install_record_unreadable', suggestion: expect.stringContaining('start the studio once') });
    writeFileSync(join(dir, 'config', 'install.json'), '{ "version": "1.2.0" }');
    expect(diagnose(facts())).toMatchObject({ state: 'install_record_unreadable', message: expect.stringContaining('no command and args') });
  });

  it('a studio that moved away since it wrote its record', () => {
    expect(writeInstallRecord({ version: '1.2.0', command: join(dir, 'gone', 'node'), args: ['tandem.js', 'serve'] }, env)).toBeUndefined();
    expect(diagnose(facts())).toMatchObject({ state: 'studio_missing', message: expect.stringContaining(join(dir, 'gone', 'node')) });
  });

  it('an installed studio of another version, and a core of another version', () => {
    writeInstallRecord({ version: '1.3.0', command: process.execPath, args: ['tandem.js', 'serve'] }, env);
    expect(diagnose(facts())).toMatchObject({ state: 'version_mismatch', message: expect.stringMatching(/installed Tandem Studio is 1\.3\.0.*this bundle is 1\.2\.0/) });
    expect(diagnose(facts({ connected: false, coreVersion: '1.1.0', problem: 'x' }))).toMatchObject({
      state: 'version_mismatch',
      message: `the studio core of workspace ${workspace} runs Tandem Studio 1.1.0, this bundle is 1.2.0`,
      suggestion: expect.stringContaining('Connect Claude Desktop'),
    });
  });

  it('a workspace another process holds: the started studio logged workspace_locked', () => {
    writeInstallRecord({ version: '1.2.0', command: process.execPath, args: ['tandem.js', 'serve'] }, env);
    writeFileSync(
      join(workspace, '.tandem', 'serve.log'),
      `tandem serve: workspace ${workspace} is already open in another Tandem core (pid 4242) [workspace_locked]\n  try: use that core, or stop pid 4242\n`,
    );
    expect(diagnose(facts())).toMatchObject({
      state: 'workspace_locked',
      message: expect.stringContaining('(pid 4242) [workspace_locked]'),
      suggestion: expect.stringContaining('kill 4242'),
    });
  });

  it('a workspace held by a live process that announced itself as its core but does not answer', () => {
    writeInstallRecord({ version: '1.2.0', command: process.execPath, args: ['tandem.js', 'serve'] }, env);
    // This test's own process stands for the stale holder: alive, named in endpoint.json.
    writeFileSync(join(workspace, '.tandem', 'endpoint.json'), JSON.stringify({ pid: process.pid, socket: join(dir, 'core.sock'), url: 'http://127.0.0.1:9', token: 't' }));
    const problem = `cannot connect to the core (pid ${process.pid}) at ${join(dir, 'core.sock')}: Request timed out`;
    expect(diagnose(facts({ connected: false, problem, unansweredPid: process.pid }))).toEqual({
      state: 'workspace_locked',
      message: `process ${process.pid} holds workspace ${workspace} (it announced itself in .tandem/endpoint.json) but does not answer: ${problem}`,
      suggestion: `if process ${process.pid} is a Tandem core that hangs or was stopped, end it (kill ${process.pid}); the bridge then starts the studio again at the next call`,
    });
    // Not yet tried, or a failure of another core than the one announced now: not called locked.
    expect(diagnose(facts({ connected: false, problem: 'no studio core has announced itself yet' })).state).toBe('core_unreachable');
    expect(diagnose(facts({ connected: false, problem, unansweredPid: process.pid + 1 })).state).toBe('core_unreachable');
  });

  it('an installed studio still starting; connected once the link is', () => {
    writeInstallRecord({ version: '1.2.0', command: process.execPath, args: ['tandem.js', 'serve'] }, env);
    expect(diagnose(facts())).toMatchObject({ state: 'starting', suggestion: expect.stringContaining('serve.log') });
    expect(diagnose(facts({ connected: true, coreVersion: '1.2.0' }))).toMatchObject({ state: 'connected', message: expect.stringContaining('toolsets: drawio') });
  });
});
