/**
 * The testenv figures of issue 8, against the real Docker engine (DOCKER_HOST): a 3-service
 * environment from built images to all healthy through preflight_setup (services started in
 * parallel), beside the same three containers started one after another with testcontainers-node
 * (the library users pick instead; local images, no pulls, its Ryuk reaper off since it would need
 * a pull); and the clean of that environment. (A mock's answer: bench/testenv-mock.ts.) Printed,
 * not asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Studio } from '../src/main/core/studio';
import { openStudio } from '../src/main/host/domains';
import { Workspace } from '../src/main/core/workspace';
import { testenvDomain } from '../src/main/domains/testenv';
import { dockerForTests, removeImages, removeLabelled, writeFixtureProject } from '../src/main/domains/testenv/testing/docker-fixtures';
import { freePort } from '../src/main/domains/testenv/testing/ports';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const SERVICES = ['api', 'worker', 'web'];
const ROUNDS = 3;

async function call(studio: Studio, tool: string, args: Record<string, unknown>): Promise<any> {
  const result = (await studio.callTool('testenv', tool, args, { origin: 'bench' })) as CallToolResult;
  const answer = JSON.parse((result.content[0] as { text: string }).text);
  if (!answer.success) throw new Error(`${tool} failed: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

export async function testenvBench({ report, percentile }: { report: Report; percentile: Percentile }): Promise<void> {
  const { engine, skip } = await dockerForTests();
  if (skip) {
    report('testenv (Docker)', 'skipped', skip);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-testenv-'));
  const project = `bench${process.pid}`;
  const ws = await Workspace.acquire(dir);
  const studio = await openStudio(ws, { domains: [], toolDomains: [testenvDomain], log: () => undefined });
  try {
    const ports = await Promise.all(SERVICES.map(() => freePort()));
    writeFixtureProject(join(dir, 'env'), {
      name: project,
      services: SERVICES.map((name, i) => ({ name, hostPort: ports[i], healthcheck: { interval: '50ms' } })),
    });
    await call(studio, 'preflight_init', { projectPath: 'env' });
    await call(studio, 'preflight_build', { projectPath: 'env' });

    const setups: number[] = [];
    const cleans: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) await call(studio, 'preflight_init', { projectPath: 'env' });
      if (round > 0) await call(studio, 'preflight_build', { projectPath: 'env' });
      setups.push((await timed(() => call(studio, 'preflight_setup', { projectPath: 'env' })))[0]);
      cleans.push((await timed(() => call(studio, 'preflight_clean', { projectPath: 'env' })))[0]);
    }
    const sequential = await testcontainersSequential(SERVICES.map((name) => `tandem-test-${project}-${name}:e2e`), ROUNDS);

    report('testenv: 3 services built → all healthy (setup)', `median ${ms(percentile(setups, 50))}`, 'faster than sequential');
    report('  the same 3 with testcontainers, one by one', `median ${ms(percentile(sequential.start, 50))}`, '-');
    report('  setup / testcontainers', `${(percentile(setups, 50) / percentile(sequential.start, 50)).toFixed(2)}×`, '< 1');
    report('testenv: clean of that environment', `median ${ms(percentile(cleans, 50))}`, '< 2 s');
    report('  testcontainers stop of the 3, one by one', `median ${ms(percentile(sequential.stop, 50))}`, '-');
  } finally {
    await studio.close();
    ws.release();
    await removeLabelled(engine, dir);
    await removeImages(engine, `tandem-test-${project}`);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The three images started one after another with testcontainers, each waited for on /health; then stopped one by one. */
async function testcontainersSequential(images: string[], rounds: number): Promise<{ start: number[]; stop: number[] }> {
  // Its reaper (Ryuk) is an image to pull, which cannot happen here; the containers are stopped below.
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  const { GenericContainer, Network, Wait } = await import('testcontainers');
  const never = { shouldPull: () => false };
  const start: number[] = [];
  const stop: number[] = [];
  // The engine here has no default bridge (docker0): the containers join a network of their own.
  const network = await new Network().start();
  try {
    for (let round = 0; round < rounds; round++) {
      const [took, started] = await timed(async () => {
        const containers = [];
        for (const image of images) {
          containers.push(
            await new GenericContainer(image)
              .withPullPolicy(never)
              .withNetwork(network)
              .withEnvironment({ SERVICE: 'tc', BEHAVIOUR: 'healthy' })
              .withExposedPorts(8080)
              .withWaitStrategy(Wait.forHttp('/health', 8080))
              .start(),
          );
        }
        return containers;
      });
      start.push(took);
      const [stopped] = await timed(async () => {
        for (const container of started) await container.stop({ timeout: 2_000 });
      });
      stop.push(stopped);
    }
  } finally {
    await network.stop();
  }
  return { start, stop };
}
