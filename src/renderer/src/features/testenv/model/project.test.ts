import { describe, expect, it } from 'vitest';
import type { SessionState, TestenvProjectRecord } from '../../../../../shared/testenv-records';
import { applyRecordChanges } from '../../../stores/tool-domain-store';
import { filterLines, formatDuration, formatUptime } from './format';
import { busyWith, initGate, projectAt, projectParts, projectsOf, shownProject, stepGate } from './project';

const project = (path: string, state: SessionState = 'initialized', extra: Partial<TestenvProjectRecord> = {}): TestenvProjectRecord => ({
  id: `project:${path}`,
  kind: 'project',
  projectPath: path,
  displayPath: path.replace(/^\/ws\/?/, ''),
  name: path.split('/').pop()!,
  configPath: `${path}/e2e.yaml`,
  state,
  network: { name: 'n', exists: false },
  ...extra,
});
const part = (kind: string, path: string, name: string, extra: object = {}) => ({ id: `${kind}:${path}#${name}`, kind, projectPath: path, name, service: name, suiteId: name, ...extra });

describe('the projects and their parts', () => {
  const records = applyRecordChanges({}, [project('/ws/shop'), project('/ws/api'), part('service', '/ws/shop', 'db'), part('service', '/ws/api', 'web'), part('suite', '/ws/shop', 'smoke'), part('log', '/ws/shop', 'db')], []);
  const state = { records };

  it('lists the sessions by folder and shows the chosen one, else the first', () => {
    expect(projectsOf(state).map((p) => p.displayPath)).toEqual(['api', 'shop']);
    expect(shownProject(state, '/ws/shop')?.name).toBe('shop');
    expect(shownProject(state, '/ws/gone')?.name).toBe('api');
    expect(shownProject({ records: {} }, undefined)).toBeUndefined();
  });

  it("gives a project's parts, the same object until one of them changes", () => {
    const parts = projectParts(state, '/ws/shop');
    expect(parts.services.map((s) => s.name)).toEqual(['db']);
    expect(parts.suites.map((s) => s.suiteId)).toEqual(['smoke']);
    expect([...parts.logs.keys()]).toEqual(['db']);
    expect(parts.mocks).toEqual([]);
    expect(projectParts(state, '/ws/shop')).toBe(parts);
    // A new service of the project makes new parts.
    const next = { records: applyRecordChanges(records, [part('service', '/ws/shop', 'cache')], []) };
    expect(projectParts(next, '/ws/shop').services.map((s) => s.name)).toEqual(['db', 'cache']);
    expect(projectParts(next, '/ws/shop')).not.toBe(parts);
    expect(projectParts(state, undefined).services).toEqual([]);
  });

  it('finds the session for a folder typed absolute, relative, with ./ or a trailing slash', () => {
    const projects = [project('/ws/shop'), project('/ws', 'built')];
    expect(projectAt(projects, '/ws/shop/', '/ws')?.name).toBe('shop');
    expect(projectAt(projects, './shop', '/ws')?.name).toBe('shop');
    expect(projectAt(projects, 'shop', '/ws')?.name).toBe('shop');
    expect(projectAt(projects, '.', '/ws')?.projectPath).toBe('/ws');
    expect(projectAt(projects, '/ws', '/ws')?.projectPath).toBe('/ws');
    expect(projectAt(projects, 'other', '/ws')).toBeUndefined();
  });
});

describe('which buttons may be pressed', () => {
  it('accepts each step in the states the tool accepts, and says what to do otherwise', () => {
    const allowed = (state: SessionState) => (['build', 'setup', 'run', 'clean'] as const).filter((step) => stepGate(step, project('/ws/p', state), undefined).enabled);
    expect(allowed('initialized')).toEqual(['build', 'clean']);
    expect(allowed('built')).toEqual(['build', 'setup', 'clean']);
    expect(allowed('running')).toEqual(['run', 'clean']);
    expect(allowed('stopped')).toEqual(['build', 'setup', 'clean']);
    expect(stepGate('setup', project('/ws/p', 'initialized'), undefined).title).toMatch(/not built yet: build first/);
    expect(stepGate('run', project('/ws/p', 'built'), undefined).title).toMatch(/set it up first/);
    expect(stepGate('run', project('/ws/p', 'running'), undefined).title).toContain('preflight_run');
    expect(stepGate('build', undefined, undefined)).toEqual({ enabled: false, title: 'build: no session yet: init a project folder first' });
  });

  it('keeps Build and Setup shut while no Docker engine answers, saying where the studio looked', () => {
    const down = { id: 'engine', kind: 'engine', where: 'unix:///nowhere.sock (DOCKER_HOST)', reachable: false, checkedAt: 1 } as const;
    const up = { ...down, reachable: true };
    const gate = stepGate('build', project('/ws/p', 'initialized'), undefined, down);
    expect(gate).toEqual({ enabled: false, title: expect.stringContaining('build: no Docker engine answers at unix:///nowhere.sock (DOCKER_HOST)') });
    expect(stepGate('setup', project('/ws/p', 'built'), undefined, down).enabled).toBe(false);
    // Run and clean talk to what runs already; an engine that answers changes nothing.
    expect(stepGate('clean', project('/ws/p', 'built'), undefined, down).enabled).toBe(true);
    expect(stepGate('build', project('/ws/p', 'initialized'), undefined, up).enabled).toBe(true);
    // No project yet says so first: init is what to do next.
    expect(stepGate('build', undefined, undefined, down).title).toMatch(/init a project folder first/);
  });

  it('refuses every step while a tool is at work, naming it and who called it', () => {
    const busy = busyWith(project('/ws/p', 'running', { activity: { tool: 'preflight_run', origin: 'claude', phase: 'suite a', startedAt: 0 } }), [], '/ws/p');
    expect(busy).toEqual({ tool: 'preflight_run', origin: 'claude' });
    const gate = stepGate('clean', project('/ws/p', 'running'), busy);
    expect(gate).toEqual({ enabled: false, title: 'clean: busy: preflight_run is running (called by claude); wait for it to finish' });
    // The view's own call counts as busy until it answers, before the core reports any activity.
    const own = busyWith(project('/ws/p', 'built'), [{ id: 1, tool: 'preflight_setup', args: { projectPath: '/ws/p' }, startedAt: 0 }], '/ws/p');
    expect(own).toEqual({ tool: 'preflight_setup', origin: 'person' });
    expect(stepGate('setup', project('/ws/p', 'built'), own).title).toContain('started here');
    expect(busyWith(project('/ws/p', 'built'), [{ id: 1, tool: 'preflight_setup', args: { projectPath: '/ws/q' }, startedAt: 0 }], '/ws/p')).toBeUndefined();
  });

  it('lets init go for a folder without a session', () => {
    expect(initGate('shop', undefined, false).enabled).toBe(true);
    expect(initGate('  ', undefined, false)).toMatchObject({ enabled: false, title: expect.stringContaining('type the project folder') });
    expect(initGate('shop', project('/ws/shop', 'running'), false)).toMatchObject({ enabled: false, title: expect.stringContaining('has a session already (running)') });
    expect(initGate('shop', undefined, true).enabled).toBe(false);
  });
});

describe('format', () => {
  it('words durations', () => {
    expect([340, 2400, 12_000, 192_000, 3_900_000, -1].map(formatDuration)).toEqual(['340 ms', '2.4 s', '12 s', '3 m 12 s', '1 h 5 m', '–']);
    expect([-5, 950, 42_700, 192_000].map(formatUptime)).toEqual(['0 s', '0 s', '42 s', '3 m 12 s']);
  });

  it('filters log lines, keeping their numbers in the whole log', () => {
    expect(filterLines(['a GET', 'b POST', 'c get'], 10, 'get')).toEqual([
      { n: 8, text: 'a GET' },
      { n: 10, text: 'c get' },
    ]);
    expect(filterLines(['x'], 1, '  ')).toEqual([{ n: 1, text: 'x' }]);
  });
});
