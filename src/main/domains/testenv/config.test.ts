import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolError } from '../../tool-domain/domain';
import { baseUrlOf, type ConfigProblem, loadConfig, MAX_CONFIG_BYTES, portMappings, resolveInside, suiteIdOf } from './config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'testenv-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(join(dir, name), text);

async function failure(configFile?: string): Promise<ToolError> {
  try {
    await loadConfig(dir, configFile);
  } catch (err) {
    if (err instanceof ToolError) return err;
    throw err;
  }
  throw new Error('loadConfig succeeded');
}

const problemsOf = (err: ToolError) => (err.details as { problems: ConfigProblem[] }).problems;

const GOOD = `version: 1
project:
  name: shop
  description: a shop
services:
  - name: db
    image: busybox:e2e
    container:
      ports: ["5433:5432"]
  - name: api
    build:
      context: ./api
    container:
      ports: ["8080:80"]
      healthcheck: { path: /health, timeout: 20s }
    dependsOn: [db]
mocks:
  payments:
    port: 9091
    routes:
      - method: post
        path: /charges/:id
        response: { status: 201, body: { id: "{{request.params.id}}" } }
tests:
  parallel: true
  retry: { maxAttempts: 2, delay: 10ms, backoff: exponential }
  suites:
    - name: Users API
      runner: yaml
      file: tests/users.yaml
    - name: smoke
      id: smoke-1
      runner: exec
      command: "true"
`;

describe('loadConfig', () => {
  it('loads a good file with defaults, and the folder it is in', async () => {
    write('e2e.yaml', GOOD);
    const loaded = await loadConfig(dir);
    expect(loaded.configPath).toBe(join(dir, 'e2e.yaml'));
    expect(loaded.projectDir).toBe(dir);
    expect(loaded.env).toEqual({});
    const { config } = loaded;
    expect(config.project.name).toBe('shop');
    expect(config.version).toBe('1');
    expect(config.services.map((s) => s.name)).toEqual(['db', 'api']);
    expect(config.services[1].build).toEqual({ context: './api', dockerfile: 'Dockerfile' });
    expect(config.services[1].container.healthcheck).toMatchObject({ path: '/health', timeout: '20s', interval: '1s' });
    expect(config.mocks.payments.routes[0]).toMatchObject({ method: 'POST', path: '/charges/:id' });
    // The mock's own placeholders are left for the mock.
    expect(config.mocks.payments.routes[0].response.body).toEqual({ id: '{{request.params.id}}' });
    expect(config.tests.suites.map(suiteIdOf)).toEqual(['users-api', 'smoke-1']);
    expect(portMappings(config.services[1])).toEqual([{ host: 8080, container: 80 }]);
    expect(baseUrlOf(config)).toBe('http://127.0.0.1:5433');
    expect(baseUrlOf({ services: [] })).toBeUndefined();
  });

  it('says where it looked when the file is missing, and takes another name', async () => {
    const err = await failure();
    expect(err.code).toBe('CONFIG_NOT_FOUND');
    expect(err.message).toContain(join(dir, 'e2e.yaml'));
    expect(err.suggestion).toMatch(/create .*e2e\.yaml.*configFile/);
    write('other.yml', GOOD);
    expect((await loadConfig(dir, 'other.yml')).config.project.name).toBe('shop');
    mkdirSync(join(dir, 'folder.yaml'));
    expect((await failure('folder.yaml')).code).toBe('CONFIG_NOT_FOUND');
  });

  it('refuses a config file outside the project folder', async () => {
    const err = await failure('../e2e.yaml');
    expect(err.code).toBe('CONFIG_INVALID');
    expect(err.message).toContain('leaves the project folder');
  });

  it('gives a YAML syntax error with its line', async () => {
    write('e2e.yaml', 'project:\n  name: shop\nservices:\n  - name: api\n    image: [unclosed\n');
    const err = await failure();
    expect(err.code).toBe('CONFIG_INVALID');
    const [problem] = problemsOf(err);
    expect(problem.line).toBeGreaterThanOrEqual(5);
    expect(err.message).toMatch(/line \d/);
  });

  it('refuses duplicate mock names as a YAML error', async () => {
    write('e2e.yaml', 'project: { name: p }\nmocks:\n  a: { port: 9000 }\n  a: { port: 9001 }\n');
    const err = await failure();
    expect(err.code).toBe('CONFIG_INVALID');
    expect(problemsOf(err)[0]).toMatchObject({ line: 4 });
    expect(problemsOf(err)[0].message).toMatch(/unique/i);
  });

  it('reports each schema problem with its path and line', async () => {
    write(
      'e2e.yaml',
      `project:
  name: shop
services:
  - name: db
    image: x
  - name: api
    image: y
    container:
      ports: ["80"]
      colour: blue
tests:
  suites:
    - name: s
      runner: mocha
`,
    );
    const problems = problemsOf(await failure());
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'services[1].container.ports[0]', line: 9 }),
        expect.objectContaining({ path: 'services[1].container.colour', line: 10, message: 'unknown key "colour"' }),
        expect.objectContaining({ path: 'tests.suites[0].runner', line: 14 }),
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('names a missing required key at its parent', async () => {
    write('e2e.yaml', 'project:\n  description: no name\n');
    const [problem] = problemsOf(await failure());
    expect(problem).toMatchObject({ path: 'project.name', line: 2 });
    expect(problem.message).toMatch(/missing/);
  });

  it('loads .env and substitutes env and config values, typed when unquoted', async () => {
    write('.env', 'API_PORT=8081\nIMAGE_TAG="v2"\n# a comment\n');
    process.env.TESTENV_CONFIG_TEST_TOKEN = 'from-process';
    write(
      'e2e.yaml',
      `project: { name: shop }
config:
  mockPort: 9100
  base: /api/{{env.IMAGE_TAG}}
services:
  - name: api
    image: "shop:{{env.IMAGE_TAG}}"
    container:
      ports: ["{{env.API_PORT}}:80"]
      environment:
        TOKEN: "{{env.TESTENV_CONFIG_TEST_TOKEN}}"
        BASE: "{{config.base}}/x"
        PORT_TEXT: "{{ env.API_PORT }}"
mocks:
  payments:
    port: {{config.mockPort}}
    containerPort: {{env.API_PORT}}
`,
    );
    try {
      const { config, env } = await loadConfig(dir);
      expect(env).toEqual({ API_PORT: '8081', IMAGE_TAG: 'v2' });
      expect(process.env.API_PORT).toBeUndefined(); // the .env does not leak into the process
      expect(config.services[0].image).toBe('shop:v2');
      expect(config.services[0].container.ports).toEqual(['8081:80']);
      expect(config.services[0].container.environment).toEqual({ TOKEN: 'from-process', BASE: '/api/v2/x', PORT_TEXT: '8081' });
      expect(config.mocks.payments).toMatchObject({ port: 9100, containerPort: 8081 });
    } finally {
      delete process.env.TESTENV_CONFIG_TEST_TOKEN;
    }
  });

  it('names an unknown env variable or config key with its place', async () => {
    write('e2e.yaml', 'project: { name: shop }\nservices:\n  - name: api\n    image: "x:{{env.TESTENV_NO_SUCH_VAR}}"\n    vars: { a: "{{config.nope}}" }\n');
    const err = await failure();
    expect(err.code).toBe('CONFIG_INVALID');
    expect(problemsOf(err)).toEqual([
      expect.objectContaining({ path: 'services[0].image', line: 4, message: expect.stringContaining('TESTENV_NO_SUCH_VAR') }),
      expect.objectContaining({ path: 'services[0].vars.a', line: 5, message: expect.stringContaining('config.nope') }),
    ]);
  });

  it('finds dependency cycles, unknown dependencies, duplicate names and services without an image', async () => {
    write(
      'e2e.yaml',
      `project: { name: shop }
services:
  - name: a
    image: x
    dependsOn: [b]
  - name: b
    image: x
    dependsOn: [c]
  - name: c
    image: x
    dependsOn: [a, apii]
  - name: api
  - name: api
    image: x
tests:
  suites:
    - { name: Smoke Test, runner: exec, command: "true" }
    - { name: smoke test, runner: exec, command: "true" }
`,
    );
    const problems = problemsOf(await failure());
    const messages = problems.map((p) => `${p.path}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^services\[0\]\.dependsOn: dependsOn forms a cycle: a → b → c → a$/),
        expect.stringMatching(/^services\[2\]\.dependsOn\[1\]: .*"apii".*did you mean .*api\?\)/),
        expect.stringMatching(/^services\[3\]: service "api" has neither build nor image/),
        expect.stringMatching(/^services\[4\]\.name: service name "api" is already used by services\[3\]/),
        expect.stringMatching(/^tests\.suites\[1\]\.name: suite id "smoke-test" is already used/),
      ]),
    );
    expect(problems.find((p) => p.path === 'services[4].name')?.line).toBe(13);
  });

  it('refuses a host port used twice and paths that leave the project folder', async () => {
    mkdirSync(join(dir, 'inner'));
    symlinkSync(tmpdir(), join(dir, 'inner', 'out'));
    write(
      'e2e.yaml',
      `project: { name: shop }
services:
  - name: api
    build: { context: ../elsewhere }
    container:
      ports: ["9000:80"]
      volumes: ["./inner/out:/data", "./data:/data2:ro"]
mocks:
  m: { port: 9000 }
tests:
  suites:
    - { name: s, runner: shell, file: /etc/passwd }
`,
    );
    const messages = problemsOf(await failure()).map((p) => `${p.path}: ${p.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^services\[0\]\.build\.context: \.\.\/elsewhere leaves the project folder/),
      expect.stringMatching(/^services\[0\]\.container\.volumes\[0\]: .*through a link/),
      'mocks.m.port: host port 9000 is also used by service api',
      expect.stringMatching(/^tests\.suites\[0\]\.file: \/etc\/passwd leaves/),
    ]);
  });

  it('refuses an alias bomb', async () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    write('e2e.yaml', `project: { name: p }\nconfig:\n${levels.map((l) => `  ${l}`).join('\n')}\n`);
    const err = await failure();
    expect(err.code).toBe('CONFIG_INVALID');
    expect(err.message).toMatch(/alias/i);
  });

  it('refuses a file over the size limit before parsing it', async () => {
    write('e2e.yaml', `project: { name: p }\n# ${'x'.repeat(MAX_CONFIG_BYTES)}\n`);
    const err = await failure();
    expect(err.code).toBe('CONFIG_INVALID');
    expect(err.message).toMatch(/over the limit of 1 MB/);
  });
});

describe('suiteIdOf and resolveInside', () => {
  it('kebab-cases names and keeps ids', () => {
    expect(suiteIdOf({ name: 'Users API' })).toBe('users-api');
    expect(suiteIdOf({ name: 'checkoutFlow (slow)!' })).toBe('checkout-flow-slow');
    expect(suiteIdOf({ name: 'whatever', id: 'given' })).toBe('given');
  });

  it('resolves inside the folder and refuses the way out', () => {
    expect(resolveInside(dir, 'tests/a.yaml')).toBe(join(dir, 'tests/a.yaml'));
    expect(() => resolveInside(dir, '../x')).toThrow(/leaves the project folder/);
    symlinkSync(tmpdir(), join(dir, 'link'));
    expect(() => resolveInside(dir, 'link')).toThrow(/through a link/);
    expect(() => resolveInside(dir, 'link/not-there-yet/file')).toThrow(/through a link/);
    expect(resolveInside(dir, 'not-there-yet/file')).toBe(join(dir, 'not-there-yet/file'));
  });
});
