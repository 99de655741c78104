/**
 * The e2e.yaml as Preflight writes it (its README's reference file, and variations on it): one
 * `service:`, `repos:`, `dashboard:`, runners that follow the suite's file, `maxRetries`, named
 * volumes; and what is refused, each with its path and line.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolError } from '../../tool-domain/domain';
import { type ConfigProblem, configNotes, isNamedVolume, loadConfig, repoStates } from './config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'testenv-preflight-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (text: string) => writeFileSync(join(dir, 'e2e.yaml'), text);

async function problems(text: string): Promise<ConfigProblem[]> {
  write(text);
  const err = await loadConfig(dir).then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ToolError);
  expect((err as ToolError).code).toBe('CONFIG_INVALID');
  return ((err as ToolError).details as { problems: ConfigProblem[] }).problems;
}

/** Preflight's reference e2e.yaml, as its README gives it (comments dropped, the pytest suite left out). */
const REFERENCE = `version: "1"
project:
  name: my-project
  description: "项目描述"
service:
  build:
    dockerfile: Dockerfile
    context: "."
    image: my-app:e2e
    args:
      NODE_ENV: production
  container:
    name: my-app-e2e
    ports:
      - "8080:3000"
      - "8081:3001"
    environment:
      NODE_ENV: production
      BASE: "{{config.base_url}}/{{config.api_version}}"
    volumes:
      - "data-vol:/app/data"
    healthcheck:
      path: /health
      interval: 10s
      timeout: 5s
      retries: 10
      startPeriod: 30s
  vars:
    base_url: http://localhost:8080
    api_version: v2
mocks:
  gateway:
    port: 9081
    containerPort: 8081
    routes:
      - method: GET
        path: /api/status
        response:
          status: 200
          body: { status: "ok" }
tests:
  suites:
    - name: 健康检查
      id: health
      file: tests/health.yaml
      runner: yaml
    - name: API 测试
      id: api
      file: tests/api.yml
      retry: { maxRetries: 2, backoff: exponential }
    - name: 冒烟测试
      id: smoke
      runner: shell
      file: scripts/smoke-test.sh
    - name: 自定义命令
      id: custom
      runner: exec
      command: "curl -sf http://localhost:8080/health"
    - name: Bare script
      id: bare
      file: scripts/check.sh
    - name: Bare command
      id: bare-command
      command: "true"
dashboard:
  port: 9095
  uiPort: 9091
network:
  name: e2e-network
`;

describe('the e2e.yaml as Preflight writes it', () => {
  it('loads the reference file: one service, its vars as {{config.x}}, runners from files, maxRetries, a named volume', async () => {
    write(REFERENCE);
    const { config } = await loadConfig(dir);
    expect(config.layout).toBe('service');
    expect(config.services).toHaveLength(1);
    const [service] = config.services;
    expect(service).toMatchObject({ name: 'my-project', build: { image: 'my-app:e2e', args: { NODE_ENV: 'production' } }, container: { name: 'my-app-e2e', volumes: ['data-vol:/app/data'] } });
    expect(service.container.environment!.BASE).toBe('http://localhost:8080/v2');
    expect(config.tests.suites.map((s) => [s.id, s.runner])).toEqual([
      ['health', 'yaml'],
      ['api', 'yaml'],
      ['smoke', 'shell'],
      ['custom', 'exec'],
      ['bare', 'shell'],
      ['bare-command', 'exec'],
    ]);
    expect(config.tests.suites[1].retry).toMatchObject({ maxAttempts: 3, backoff: 'exponential' });
    expect(config.dashboard).toEqual({ port: 9095, uiPort: 9091 });
    expect(configNotes({ config, projectDir: dir })).toEqual([expect.stringMatching(/^dashboard: ignored/)]);
  });

  it('takes the services: layout as before, and refuses both at once at the line of service', async () => {
    write('project: { name: p }\nservices:\n  - name: api\n    image: x\n');
    expect((await loadConfig(dir)).config).toMatchObject({ layout: 'services', services: [{ name: 'api' }] });
    expect(await problems('project: { name: p }\nservices:\n  - name: api\n    image: x\nservice:\n  image: y\n')).toEqual([
      { path: 'service', line: 6, message: 'give service (one service) or services (a list), not both' },
    ]);
  });

  it("names a single service's problems at their place under service:", async () => {
    const found = await problems('project: { name: p }\nservice:\n  image: x\n  container:\n    ports: ["nope"]\n');
    expect(found).toEqual([expect.objectContaining({ path: 'service.container.ports[0]', line: 5 })]);
    const semantic = await problems('project: { name: p }\nservice:\n  image: x\n  dependsOn: [db]\n');
    expect(semantic).toEqual([expect.objectContaining({ path: 'service.dependsOn[0]', line: 4, message: expect.stringContaining('"db"') })]);
  });

  it('asks for the runner when the file does not tell it', async () => {
    expect(await problems('project: { name: p }\ntests:\n  suites:\n    - name: py\n      file: tests/\n')).toEqual([
      { path: 'tests.suites[0].runner', line: 4, message: expect.stringMatching(/^missing: the file tests\/ does not tell the runner; give one of yaml, shell, exec/) },
    ]);
    expect(await problems('project: { name: p }\ntests:\n  suites:\n    - name: py\n      runner: pytest\n      file: tests/\n')).toEqual([
      expect.objectContaining({ path: 'tests.suites[0].runner', line: 5, message: expect.stringMatching(/^must be one of "yaml"/) }),
    ]);
  });

  it('takes repos (their other keys kept), says which are not there, and refuses a name used twice', async () => {
    mkdirSync(join(dir, 'repos', 'api'), { recursive: true });
    write('project: { name: p }\nrepos:\n  - name: api\n    url: git@example.com:api.git\n    branch: main\n  - name: web\n');
    const loaded = await loadConfig(dir);
    expect(loaded.config.repos).toEqual([{ name: 'api', url: 'git@example.com:api.git', branch: 'main' }, { name: 'web' }]);
    expect(repoStates(loaded)).toEqual([
      { name: 'api', path: join('repos', 'api'), present: true, url: 'git@example.com:api.git' },
      { name: 'web', path: join('repos', 'web'), present: false },
    ]);
    expect(configNotes(loaded)).toEqual([`repos not found (the studio does not clone them): web at ${join('repos', 'web')}`, `repos found: ${join('repos', 'api')}`]);
    expect(await problems('project: { name: p }\nrepos:\n  - name: api\n  - name: api\n')).toEqual([{ path: 'repos[1].name', line: 4, message: 'repo name "api" is used twice' }]);
    expect(await problems('project: { name: p }\nrepos:\n  - url: x\n')).toEqual([expect.objectContaining({ path: 'repos[0].name', line: 3 })]);
  });

  it('reads a volume source that is a name as a volume, any other as a host path inside the project', async () => {
    write('project: { name: p }\nservice:\n  image: x\n  container:\n    volumes: ["data:/workspace", "./fixtures:/fixtures:ro", "seed/sql:/sql"]\n');
    expect((await loadConfig(dir)).config.services[0].container.volumes).toHaveLength(3);
    expect(await problems('project: { name: p }\nservice:\n  image: x\n  container:\n    volumes: ["../secrets:/s", "data"]\n')).toEqual([
      { path: 'service.container.volumes[0]', line: 5, message: expect.stringContaining('../secrets leaves the project folder') },
      { path: 'service.container.volumes[1]', line: 5, message: expect.stringMatching(/^a volume is SOURCE:CONTAINER_PATH/) },
    ]);
    expect(['data', 'data-vol', 'pg_data.1'].map(isNamedVolume)).toEqual([true, true, true]);
    expect(['./data', '/srv/data', 'seed/sql', '.', '..', '~/x', '-x'].map(isNamedVolume)).toEqual([false, false, false, false, false, false, false]);
  });
});
